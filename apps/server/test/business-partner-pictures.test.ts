// A business's picture of a partnership (POST /businesses/partners/{linkId}/images) over http on the
// embedded database: it shows in the partner list instead of the partner's logo, a new one replaces
// the old whole (whose file leaves the store), unlinking takes it away, a pending business's picture
// is as private as the business, and bad input is a 4xx with a code. Who may call it is in the
// permission matrix (profile-permissions.test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok } from "./access-matrix";
import { buildTestApp, KIND_DESCRIPTORS, type TTestApp } from "./helper";
import { signInPeople, type TTokens } from "./oidc-driver";
import { png, profileClient } from "./profile-client";

const PEOPLE = ["owner", "admin"] as const;
type TPerson = (typeof PEOPLE)[number];
const BUSINESS = KIND_DESCRIPTORS.find((d) => d.kind === "business")!;
const HOTEL = KIND_DESCRIPTORS.find((d) => d.kind === "hotel")!;
const PDF = Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n");

let t: TTestApp;
let tokens: Record<TPerson, TTokens>;
const { call, upload, createListing } = profileClient(
  () => t.app,
  () => tokens,
);
let partner: string;

beforeAll(async () => {
  t = await buildTestApp({ env: { ADMIN_EMAILS: "admin@example.com" } });
  tokens = await signInPeople(t.app, t.app.db, PEOPLE, "correct horse 42");
  partner = (await createListing(HOTEL, "Partner Inn", "admin")).id;
  await ok(await call(HOTEL, "PUT", `/${partner}/approve`, "admin"));
}, 120_000);
afterAll(() => t?.close());

async function businessWithPartner(approved: boolean) {
  const { id } = await createListing(BUSINESS, "Corner Pizza", "owner");
  if (approved) await ok(await call(BUSINESS, "PUT", `/${id}/approve`, "admin"));
  const link = await ok(
    await call(BUSINESS, "POST", `/${id}/partners`, "owner", { data: { partnerId: partner } }),
    201,
  );
  return { business: id, link: link.data.id as string };
}

const picture = async (link: string, color: string, who: TPerson = "owner") =>
  upload(BUSINESS, `/partners/${link}/images`, who, await png(color), "together.png");

const media = (url: string, who: TPerson | "anonymous" = "anonymous") =>
  t.app.inject({
    url,
    headers: who === "anonymous" ? {} : { authorization: `Bearer ${tokens[who].access_token}` },
  });

const partnersOf = async (business: string, who: TPerson | "anonymous" = "anonymous") =>
  (await ok(await call(BUSINESS, "GET", `/${business}/partners`, who))).data as {
    id: string;
    image: string | null;
    partner: { id: string; logo: string | null };
  }[];

describe("a partnership's picture", () => {
  it("shows in the business's partner list, and anyone may load it once the business is listed", async () => {
    const { business, link } = await businessWithPartner(true);
    expect((await partnersOf(business))[0]!.image).toBeNull();

    const reply = await ok(await picture(link, "#e76f51"), 201);
    expect(reply.data.id).toBe(link);
    expect(reply.data.partner.id).toBe(partner);
    expect(reply.data.image).toMatch(
      /^\/media\/profiles\/businesses\/partners\/[0-9a-f-]{36}\.png$/,
    );

    const [listed] = await partnersOf(business);
    expect(listed!.image).toBe(reply.data.image);
    const res = await media(listed!.image!);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["cache-control"]).not.toMatch(/private/);
  });

  it("replaces the previous picture whole: the old file is gone from the store", async () => {
    const { business, link } = await businessWithPartner(true);
    const first = (await ok(await picture(link, "#264653"), 201)).data.image as string;
    const second = (await ok(await picture(link, "#2a9d8f"), 201)).data.image as string;
    expect(second).not.toBe(first);
    expect((await partnersOf(business))[0]!.image).toBe(second);
    expect((await media(first)).statusCode).toBe(404);
    expect((await media(second)).statusCode).toBe(200);
  });

  it("leaves with the link when the partner is removed", async () => {
    const { business, link } = await businessWithPartner(true);
    const image = (await ok(await picture(link, "#f4a261"), 201)).data.image as string;
    await ok(await call(BUSINESS, "DELETE", `/${business}/partners/${link}`, "owner"));
    expect((await media(image)).statusCode).toBe(404);
    expect((await picture(link, "#f4a261")).json().error.code).toBe("NOT_FOUND");
  });

  it("of a pending business is served only through the address the API gave its people", async () => {
    const { business, link } = await businessWithPartner(false);
    const given = (await ok(await picture(link, "#8ab17d"), 201)).data.image as string;
    expect(given).toContain("?grant=");
    const bare = given.split("?")[0]!;
    expect((await media(bare)).statusCode).toBe(404);
    expect((await media(bare, "owner")).statusCode).toBe(200);
    expect((await media(given)).statusCode).toBe(200);
    expect((await partnersOf(business, "owner"))[0]!.image).toContain("?grant=");
  });

  it("refuses what is not an image with 415, keeping the picture it had", async () => {
    const { business, link } = await businessWithPartner(true);
    const kept = (await ok(await picture(link, "#e9c46a"), 201)).data.image as string;
    const res = await upload(BUSINESS, `/partners/${link}/images`, "owner", PDF, "terms.pdf");
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe("UNSUPPORTED_FILE_TYPE");
    expect((await partnersOf(business))[0]!.image).toBe(kept);
  });

  it("answers 404 for a link that is not a business's, or none, and 400 for a malformed id", async () => {
    const hotel = (await createListing(HOTEL, "Other Inn", "admin")).id;
    const hotelLink = await ok(
      await call(HOTEL, "POST", `/${hotel}/partners`, "admin", { data: { partnerId: partner } }),
      201,
    );
    for (const id of [hotelLink.data.id as string, "00000000-0000-4000-8000-000000000000"]) {
      const res = await picture(id, "#111111", "admin");
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.code).toBe("NOT_FOUND");
    }
    const bad = await picture("not-an-id", "#111111", "admin");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe("VALIDATION_FAILED");
  });
});
