// An edit (JSON Patch) is held to the rules of create, for every kind: sports from the reference
// list, and images that are ours (`/media/…`) or https links, never `//host/…` or `javascript:`.
// A refused edit changes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, KIND_DESCRIPTORS, type TTestApp } from "./helper";
import { signInPeople, type TTokens } from "./oidc-driver";
import { png, profileClient, requiredFields } from "./profile-client";

const ROLES = ["owner"] as const;

let t: TTestApp;
let tokens: Record<(typeof ROLES)[number], TTokens>;

beforeAll(async () => {
  t = await buildTestApp({ env: { RATE_LIMIT_MAX: "1000000" } });
  tokens = await signInPeople(t.app, t.app.db, ROLES, "correct horse 42");
}, 120_000);
afterAll(() => t?.close());

const { call, upload, createListing } = profileClient(
  () => t.app,
  () => tokens,
);

const replace = (path: string, value: unknown) => ({ op: "replace", path, value });

const BAD_IMAGES = [
  "//evil.example/x.png",
  "javascript:alert(1)",
  "http://plain.example/x.png",
  "data:image/png;base64,AAAA",
  "/media/../secrets.png",
  "logo.png",
];

describe.each(KIND_DESCRIPTORS.map((d) => [d.kind, d] as const))("%s", (_kind, d) => {
  let id: string;

  beforeAll(async () => {
    id = (await createListing(d, `Patched ${d.label}`, "owner")).id;
  });

  const patch = (ops: unknown[]) => call(d, "PATCH", `/${id}`, "owner", ops);
  const current = async () => (await call(d, "GET", `/${id}`, "owner")).json().data;

  it("refuses a sport that is not on the list, as create does, and keeps the listing as it was", async () => {
    const res = await patch([
      replace("/description", "Should not be stored."),
      { op: "add", path: "/sports", value: ["Basketball", "Underwater Chess"] },
    ]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe("VALIDATION_FAILED");
    const created = await call(d, "POST", "", "owner", {
      data: { name: "Chess Club", ...requiredFields(d), sports: ["Underwater Chess"] },
    });
    expect(created.statusCode).toBe(400);
    const after = await current();
    expect({ description: after.description, sports: after.sports }).toEqual({
      description: null,
      sports: [],
    });
  });

  it("takes sports from the list", async () => {
    const res = await patch([{ op: "add", path: "/sports", value: ["Basketball", "Soccer"] }]);
    expect(res.statusCode, res.body).toBe(200);
    expect([...res.json().data.sports].sort()).toEqual(["Basketball", "Soccer"]);
  });

  it("refuses a logo or header image that is not ours or an https link, on create and edit", async () => {
    for (const field of ["logo", "headerImage"]) {
      for (const value of BAD_IMAGES) {
        const res = await patch([replace(`/${field}`, value)]);
        expect({ field, value, status: res.statusCode, code: res.json().error?.code }).toEqual({
          field,
          value,
          status: 400,
          code: "VALIDATION_FAILED",
        });
      }
    }
    const created = await call(d, "POST", "", "owner", {
      data: { name: "Evil Logo", ...requiredFields(d), logo: "//evil.example/x.png" },
    });
    expect(created.statusCode).toBe(400);
    expect(await current()).toMatchObject({ logo: null, headerImage: null });
  });

  it("takes one of its own images or an https link as logo and header image", async () => {
    const uploaded = await upload(d, `/${id}/images`, "owner", await png("#2a9d8f"), "logo.png");
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const ours = uploaded.json().data.url as string;
    const res = await patch([
      replace("/logo", ours),
      replace("/headerImage", "https://cdn.example.com/header.jpg"),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      logo: ours,
      headerImage: "https://cdn.example.com/header.jpg",
    });
    // And back to none.
    const cleared = await patch([replace("/logo", null)]);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data.logo).toBeNull();
  });
});
