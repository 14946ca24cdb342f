// Issue 16 §3, privacy and consent: who sees members' e-mails and listing authors, hidden users
// anonymised wherever a person appears, invitations instead of direct adds, private group files.
import { HIDDEN_USER_NAME } from "@hostfield/domain/rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TTestApp, V } from "./helper";
import { signInPeople, type TTokens } from "./oidc-driver";
import { png } from "./upload-fixtures";

const PASSWORD = "correct horse 42";
const PEOPLE = ["owner", "manager", "member", "hidden", "other", "admin"] as const;
type TPerson = (typeof PEOPLE)[number];
type TWho = TPerson | "anonymous";
type TMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
let t: TTestApp;
let tokens: Record<TPerson, TTokens>;
const ids = {} as Record<TPerson, string>;

function call(service: string, method: TMethod, route: string, who: TWho, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/${service}/api${route}${route.includes("?") ? "&" : "?"}${V}`,
    headers: who === "anonymous" ? {} : { authorization: `Bearer ${tokens[who].access_token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
const fac = (method: TMethod, route: string, who: TWho, payload?: unknown) =>
  call("facility-mgmt", method, `/facilities${route}`, who, payload);
const users = (method: TMethod, route: string, who: TWho, payload?: unknown) =>
  call("user-mgmt", method, route, who, payload);

beforeAll(async () => {
  t = await buildTestApp({ env: { ADMIN_EMAILS: "admin@example.com", RATE_LIMIT_MAX: "1000000" } });
  tokens = await signInPeople(t.app, t.app.db, PEOPLE, PASSWORD);
  for (const who of PEOPLE) ids[who] = (await users("GET", "/users/my", who)).json().data.id;
  expect((await users("PUT", "/users/my/visibility?isVisible=false", "hidden")).statusCode).toBe(
    200,
  );
}, 120_000);
afterAll(() => t?.close());

/** A facility owned by `owner`, approved, with `manager` and `member` in their roles. */
async function facilityWithPeople(name: string, people: Partial<Record<TPerson, string>> = {}) {
  const created = await fac("POST", "", "owner", { data: { name, facilityTypes: ["Fieldhouse"] } });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as string;
  expect((await fac("PUT", `/${id}/approve`, "admin")).statusCode).toBe(200);
  for (const [who, role] of Object.entries(people)) await join(id, who as TPerson, role);
  return id;
}

/** Puts `who` on the facility's managers in `role` (the way the product does it). */
async function join(facilityId: string, who: TPerson, role: string) {
  const added = await fac("POST", `/${facilityId}/managers`, "owner", {
    data: { userId: ids[who], role },
  });
  expect(added.statusCode, added.body).toBe(201);
}

describe("members' e-mail addresses and listing authors", () => {
  let facility: string;
  beforeAll(async () => {
    facility = await facilityWithPeople("Privacy Fieldhouse", {
      manager: "manager",
      member: "member",
    });
  });

  it("go to the listing's owners and managers, not to its other members", async () => {
    const emailsSeenBy = async (who: TWho) => {
      const res = await fac("GET", `/${facility}/managers`, who);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { email: string | null }[]).map((m) => m.email);
    };
    expect(await emailsSeenBy("owner")).toContain("member@example.com");
    expect(await emailsSeenBy("manager")).toContain("owner@example.com");
    expect(await emailsSeenBy("admin")).toContain("owner@example.com");
    const byMember = await emailsSeenBy("member");
    expect(byMember.length).toBeGreaterThan(1);
    expect(byMember.every((email) => email === null)).toBe(true);
  });

  it("leave createdBy and updatedBy out of public listing replies", async () => {
    for (const reply of [
      (await fac("GET", `/${facility}`, "anonymous")).json().data,
      (await fac("GET", `/${facility}`, "owner")).json().data,
      ...(await fac("GET", "?take=100", "other")).json().data,
    ]) {
      expect(reply.createdBy).toBeNull();
      expect(reply.updatedBy).toBeNull();
    }
  });
});

describe("a hidden user", () => {
  let facility: string;
  beforeAll(async () => {
    facility = await facilityWithPeople("Hidden Reviews Arena");
    const review = await fac("POST", `/${facility}/reviews`, "hidden", {
      data: { rating: 4, title: "Fine", body: "Good floors." },
    });
    expect(review.statusCode, review.body).toBe(201);
    const visible = await fac("POST", `/${facility}/reviews`, "other", { data: { rating: 5 } });
    expect(visible.statusCode, visible.body).toBe(201);
    await join(facility, "hidden", "member");
  });

  const reviewsSeenBy = async (who: TWho) =>
    (await fac("GET", `/${facility}/reviews`, who)).json().data as {
      userId: string | null;
      author: string;
      rating: number;
    }[];

  it("is anonymised in facility reviews for everyone but themselves and admins", async () => {
    for (const who of ["anonymous", "other", "owner"] as const) {
      const reviews = await reviewsSeenBy(who);
      expect(reviews.find((r) => r.rating === 4)).toMatchObject({
        userId: null,
        author: HIDDEN_USER_NAME,
      });
      // Those who show themselves still do.
      expect(reviews.find((r) => r.rating === 5)).toMatchObject({
        userId: ids.other,
        author: "Other Person",
      });
    }
    for (const who of ["hidden", "admin"] as const) {
      expect((await reviewsSeenBy(who)).find((r) => r.rating === 4)).toMatchObject({
        userId: ids.hidden,
        author: "Hidden Person",
      });
    }
  });

  it("has no listings through /{kind}/public/{userId} for others; themselves and admins see them", async () => {
    const publicOf = async (who: TWho, userId: string) => {
      const res = await fac("GET", `/public/${userId}`, who);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { id: string }[]).map((p) => p.id);
    };
    expect(await publicOf("anonymous", ids.hidden)).toEqual([]);
    expect(await publicOf("other", ids.hidden)).toEqual([]);
    expect(await publicOf("hidden", ids.hidden)).toContain(facility);
    expect(await publicOf("admin", ids.hidden)).toContain(facility);
    // A visible member's listings still show.
    expect(await publicOf("anonymous", ids.owner)).toContain(facility);
  });
});

describe("a group's files", () => {
  let group: string;
  let image: { id: string; url: string };
  const boundary = "----hostfield-privacy";
  const get = (url: string) => t.app.inject({ url });

  beforeAll(async () => {
    const created = await users("POST", "/groups", "owner", {
      data: { name: "Private staff room", memberIds: [ids.manager, ids.member] },
    });
    expect(created.statusCode, created.body).toBe(201);
    group = created.json().data.id;
    const shared = await t.app.inject({
      method: "POST",
      url: `/user-mgmt/api/groups/${group}/images?${V}`,
      headers: {
        "content-type": `multipart/form-data; boundary=${boundary}`,
        authorization: `Bearer ${tokens.manager.access_token}`,
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="plan.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        await png(30, 20),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(shared.statusCode, shared.body).toBe(201);
    image = shared.json().data;
  });

  const urlFor = async (who: TPerson) => {
    const res = await users("GET", `/groups/${group}/images/${image.id}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.url as string;
  };

  it("are served to members through their own links, private and never stored", async () => {
    const res = await get(await urlFor("member"));
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["cache-control"]).toBe("private, no-store");
  });

  it("are refused without a valid link: unsigned, signed for someone else, or tampered", async () => {
    const url = new URL(await urlFor("member"), "http://x");
    expect((await get(url.pathname)).statusCode).toBe(404);
    const forged = new URL(url);
    forged.searchParams.set("u", ids.other);
    expect((await get(`${forged.pathname}${forged.search}`)).statusCode).toBe(404);
    const tampered = new URL(url);
    tampered.searchParams.set("e", String(Number(url.searchParams.get("e")) + 1));
    expect((await get(`${tampered.pathname}${tampered.search}`)).statusCode).toBe(404);
    // Outsiders get no link at all.
    expect((await users("GET", `/groups/${group}/images/${image.id}`, "other")).statusCode).toBe(
      404,
    );
  });

  it("are shared in messages with links signed for each reader", async () => {
    const posted = await users("POST", `/groups/${group}/messages`, "manager", {
      data: { body: `📎 plan.png ${image.url}` },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const messages = (await users("GET", `/groups/${group}/messages`, "member")).json().data as {
      body: string;
    }[];
    const link = messages.at(-1)!.body.split(" ").at(-1)!;
    expect(new URL(link, "http://x").searchParams.get("u")).toBe(ids.member);
    expect((await get(link)).statusCode).toBe(200);
  });

  it("stop working for a member who is removed, at once", async () => {
    const link = await urlFor("member");
    expect((await get(link)).statusCode).toBe(200);
    const members = (await users("GET", `/groups/${group}/members`, "owner")).json().data as {
      id: string;
      user: { id: string };
    }[];
    const membership = members.find((m) => m.user.id === ids.member)!;
    expect(
      (await users("DELETE", `/groups/${group}/members/${membership.id}`, "owner")).statusCode,
    ).toBe(200);
    expect((await get(link)).statusCode).toBe(404);
  });
});
