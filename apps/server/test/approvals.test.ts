// The admin's approval queue (issue "Experience"): pending listings of every kind, newest first,
// searched by name and filtered by kind, with counts per kind; and approving several at once,
// each as the kind's own approve call does it, all or nothing. Admins only.
import { MAX_BULK_APPROVALS } from "@hostfield/domain/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codeOf, expectCallers, ok } from "./access-matrix";
import { buildTestApp, KIND_DESCRIPTORS, type TTestApp, V } from "./helper";
import { signInPeople, type TTokens } from "./oidc-driver";
import { profileClient } from "./profile-client";

const PEOPLE = ["admin", "owner", "member"] as const;
type TPerson = (typeof PEOPLE)[number];
type TWho = TPerson | "anonymous";

let t: TTestApp;
let tokens: Record<TPerson, TTokens>;
const client = profileClient(
  () => t.app,
  () => tokens,
);

beforeAll(async () => {
  t = await buildTestApp({ env: { ADMIN_EMAILS: "admin@example.com", RATE_LIMIT_MAX: "1000000" } });
  tokens = await signInPeople(t.app, t.app.db, PEOPLE, "correct horse 42");
}, 120_000);
afterAll(() => t?.close());

const kind = (name: string) => KIND_DESCRIPTORS.find((d) => d.kind === name)!;

function call(method: "GET" | "POST", url: string, who: TWho, payload?: unknown) {
  return t.app.inject({
    method,
    url: `${url}${url.includes("?") ? "&" : "?"}${V}`,
    headers: who === "anonymous" ? {} : { authorization: `Bearer ${tokens[who].access_token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A pending listing of `kindName` by the owner, said to be submitted `daysAgo` days ago. */
async function pending(kindName: string, name: string, daysAgo: number) {
  const listing = await client.createListing(kind(kindName), name, "owner");
  await t.database.pool.query(
    "update profiles set created_date = now() - make_interval(days => $1) where id = $2",
    [daysAgo, listing.id],
  );
  return listing.id;
}

type TQueued = { id: string; kind: string; name: string; createdDate: string };
const queue = async (query: string) => {
  const body = await ok(await call("GET", `/api/admin/approvals?${query}`, "admin"));
  return { names: (body.data as TQueued[]).map((l) => l.name), count: body._meta.stats.count };
};

describe("the approval queue", () => {
  beforeAll(async () => {
    // Names in the opposite order of their dates, so the order says which rule applies.
    await pending("facility", "Queue Alpha Arena", 1);
    await pending("hotel", "Queue Bravo Inn", 2);
    await pending("facility", "Queue Charlie Courts", 3);
    await pending("destination", "Queue Delta City", 4);
    await pending("organization", "Queue Echo League", 5);
    // Approved: out of the queue.
    const gone = await pending("facility", "Queue Foxtrot Field", 0);
    await ok(await client.call(kind("facility"), "PUT", `/${gone}/approve`, "admin"));
  });

  it("lists pending listings of every kind, newest submitted first, with what they say", async () => {
    const body = await ok(await call("GET", "/api/admin/approvals?text=queue", "admin"));
    expect((body.data as TQueued[]).map((l) => [l.name, l.kind])).toEqual([
      ["Queue Alpha Arena", "facility"],
      ["Queue Bravo Inn", "hotel"],
      ["Queue Charlie Courts", "facility"],
      ["Queue Delta City", "destination"],
      ["Queue Echo League", "organization"],
    ]);
    expect(body._meta.stats.count).toBe(5);
    expect(body.data[0]).toMatchObject({
      status: "pending",
      address: { city: "Louisville", state: "Kentucky" },
    });
  });

  it("finds listings by part of the name, in any case, page by page", async () => {
    expect(await queue("text=CHARLIE")).toEqual({ names: ["Queue Charlie Courts"], count: 1 });
    // The city is no part of the name: every listing here is in Louisville.
    expect(await queue("text=louisville")).toEqual({ names: [], count: 0 });
    // Wildcards are taken as they are written.
    expect(await queue("text=queue%25arena")).toEqual({ names: [], count: 0 });
    expect(await queue("text=queue&take=2&offset=2")).toEqual({
      names: ["Queue Charlie Courts", "Queue Delta City"],
      count: 5,
    });
  });

  it("filters by kind, with the search", async () => {
    expect(await queue("text=queue&kind=facility")).toEqual({
      names: ["Queue Alpha Arena", "Queue Charlie Courts"],
      count: 2,
    });
    expect(await queue("text=alpha&kind=hotel")).toEqual({ names: [], count: 0 });
  });

  it("counts what waits, in all and of every kind, for the search", async () => {
    const all = (await ok(await call("GET", "/api/admin/approvals/counts?text=queue", "admin")))
      .data;
    expect(all).toEqual({
      total: 5,
      kinds: {
        hotel: 1,
        destination: 1,
        facility: 2,
        business: 0,
        company: 0,
        event: 0,
        organization: 1,
      },
    });
    // "ar": Alpha Arena and Charlie Courts, both facilities.
    const some = (await ok(await call("GET", "/api/admin/approvals/counts?text=ar", "admin"))).data;
    expect(some.total).toBe(2);
    expect(some.kinds).toMatchObject({ facility: 2, organization: 0, hotel: 0 });
  });

  it("refuses a query it cannot answer with a 400 that says why", async () => {
    for (const query of ["kind=castle", `take=${1000}`, `text=${"x".repeat(201)}`, "offset=-1"]) {
      const res = await call("GET", `/api/admin/approvals?${query}`, "admin");
      expect(res.statusCode, query).toBe(400);
      expect(codeOf(res), query).toBe("VALIDATION_FAILED");
    }
  });

  it("is the admins' alone", async () => {
    for (const url of ["/api/admin/approvals", "/api/admin/approvals/counts"]) {
      await expectCallers(["admin", "owner", "member", "anonymous"] as const, ["admin"], (who) =>
        call("GET", url, who),
      );
    }
  });
});

describe("approving several listings at once", () => {
  const approve = (ids: unknown, who: TWho = "admin") =>
    call("POST", "/api/admin/approvals/approve", who, { data: { ids } });
  const statusOf = async (id: string) =>
    (
      await t.database.pool.query<{ status: string }>("select status from profiles where id = $1", [
        id,
      ])
    ).rows[0]?.status;
  async function notificationTitles(who: TPerson) {
    await t.app.events.settled();
    const me = (await ok(await call("GET", "/user-mgmt/api/users/my", who))).data.id;
    const list = await ok(
      await call("GET", `/user-mgmt/api/users/${me}/notifications?take=100`, who),
    );
    return (list.data as { title: string }[]).map((n) => n.title);
  }

  it("approves each as one approval does: live, and its people hear of it", async () => {
    const ids = [
      await pending("hotel", "Bulk Harbor Hotel", 1),
      await pending("event", "Bulk Spring Cup", 1),
      await pending("business", "Bulk Bike Shop", 1),
    ];
    const res = await ok(await approve(ids));
    expect(res.data.notApproved).toEqual([]);
    expect((res.data.approved as TQueued[]).map((l) => [l.id, l.kind, l.name]).sort()).toEqual(
      [
        [ids[0], "hotel", "Bulk Harbor Hotel"],
        [ids[1], "event", "Bulk Spring Cup"],
        [ids[2], "business", "Bulk Bike Shop"],
      ].sort(),
    );
    for (const id of ids) expect(await statusOf(id)).toBe("approved");
    expect(await queue("text=bulk")).toEqual({ names: [], count: 0 });
    // Listed: anyone may read it now.
    expect((await client.call(kind("hotel"), "GET", `/${ids[0]}`, "anonymous")).statusCode).toBe(
      200,
    );
    const titles = await notificationTitles("owner");
    for (const name of ["Bulk Harbor Hotel", "Bulk Spring Cup", "Bulk Bike Shop"]) {
      expect(titles.filter((title) => title === `${name} is approved`)).toHaveLength(1);
    }
  });

  it("leaves one approved meanwhile as it is, says why, and tells nobody twice", async () => {
    const fresh = await pending("company", "Twice Uniforms", 1);
    const already = await pending("company", "Twice Jerseys", 1);
    await ok(await client.call(kind("company"), "PUT", `/${already}/approve`, "admin"));
    const res = await ok(await approve([fresh, already, fresh]));
    expect(res.data).toEqual({
      approved: [{ id: fresh, kind: "company", name: "Twice Uniforms" }],
      notApproved: [
        { id: already, kind: "company", name: "Twice Jerseys", reason: "It was already approved." },
      ],
    });
    const titles = await notificationTitles("owner");
    expect(titles.filter((title) => title === "Twice Jerseys is approved")).toHaveLength(1);
    expect(titles.filter((title) => title === "Twice Uniforms is approved")).toHaveLength(1);
  });

  it("refuses the whole call, writing nothing, when an id is no listing", async () => {
    const kept = await pending("facility", "Unknown Company Courts", 1);
    const unknown = "00000000-0000-4000-8000-000000000bad";
    const res = await approve([kept, unknown]);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({
      code: "PROFILE_NOT_FOUND",
      message: expect.stringMatching(/nothing was approved/i),
      details: { ids: [unknown] },
    });
    expect(await statusOf(kept)).toBe("pending");
  });

  it("refuses an empty list, too many ids and ids that are not ids, with a 400", async () => {
    const tooMany = Array.from(
      { length: MAX_BULK_APPROVALS + 1 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    );
    for (const [what, ids] of [
      ["empty", []],
      ["too many", tooMany],
      ["not ids", ["castle"]],
      ["no list", "all"],
    ] as const) {
      const res = await approve(ids);
      expect(res.statusCode, what).toBe(400);
      expect(codeOf(res), what).toBe("VALIDATION_FAILED");
    }
    const empty = await approve([]);
    expect(empty.json().error.details.issues[0].message).toBe(
      "Choose at least one listing to approve.",
    );
  });

  it("is the admins' alone: the owner, a member and a visitor are refused", async () => {
    const id = await pending("destination", "Refused Town", 1);
    await expectCallers(["owner", "member", "anonymous"] as const, [], (who) => approve([id], who));
    expect(await statusOf(id)).toBe("pending");
    await expectCallers(["admin"] as const, ["admin"], (who) => approve([id], who));
    expect(await statusOf(id)).toBe("approved");
  });
});
