// Boosts, for every kind that has them: only approved listings are boosted; a listing's own people
// book at most BOOST_MAX_DAYS from first day to last and not from the past, on create and on
// change; admins may book longer. A refused boost stores nothing.
import { addDays, BOOST_MAX_DAYS, todayUtc } from "@hostfield/domain/rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, KIND_DESCRIPTORS, type TTestApp } from "./helper";
import { signInPeople, type TTokens } from "./oidc-driver";
import { profileClient } from "./profile-client";

const ROLES = ["owner", "admin"] as const;
type TRole = (typeof ROLES)[number];

let t: TTestApp;
let tokens: Record<TRole, TTokens>;

beforeAll(async () => {
  t = await buildTestApp({
    env: { ADMIN_EMAILS: "admin@example.com", RATE_LIMIT_MAX: "1000000" },
  });
  tokens = await signInPeople(t.app, t.app.db, ROLES, "correct horse 42");
}, 120_000);
afterAll(() => t?.close());

const { call, createListing } = profileClient(
  () => t.app,
  () => tokens,
);

const BOOSTED = KIND_DESCRIPTORS.filter((d) => d.children.includes("boosts"));

describe.each(BOOSTED.map((d) => [d.kind, d] as const))("%s", (_kind, d) => {
  const today = todayUtc();
  const days = (n: number, start = today) => ({ startDate: start, endDate: addDays(start, n) });
  let id: string;

  beforeAll(async () => {
    id = (await createListing(d, `Boosted ${d.label}`, "owner")).id;
  });

  const boost = (who: TRole, dates: object) =>
    call(d, "POST", `/${id}/boosts`, who, { data: dates });
  const count = async () =>
    (await call(d, "GET", `/${id}/boosts`, "owner")).json()._meta.stats.count as number;

  it("refuses a boost while the listing waits for approval, to its owner and to an admin", async () => {
    for (const who of ROLES) {
      const res = await boost(who, days(7));
      expect({ who, status: res.statusCode, code: res.json().error?.code }).toEqual({
        who,
        status: 409,
        code: "PROFILE_NOT_APPROVED",
      });
    }
    // The "2020 to 2099" boost of the issue.
    const forever = await boost("owner", { startDate: "2020-01-01", endDate: "2099-12-31" });
    expect(forever.statusCode).toBe(409);
    expect(await count()).toBe(0);
  });

  it(`books an approved listing's boost of ${BOOST_MAX_DAYS} days, not one more, for its owner`, async () => {
    expect((await call(d, "PUT", `/${id}/approve`, "admin")).statusCode).toBe(200);
    const ok = await boost("owner", days(BOOST_MAX_DAYS));
    expect(ok.statusCode, ok.body).toBe(201);
    const long = await boost("owner", days(BOOST_MAX_DAYS + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatchObject({
      code: "VALIDATION_FAILED",
      message: expect.stringContaining(`${BOOST_MAX_DAYS} days`),
      details: { issues: [{ path: "endDate" }] },
    });
    const forever = await boost("owner", { startDate: "2020-01-01", endDate: "2099-12-31" });
    expect(forever.statusCode).toBe(400);
    expect(await count()).toBe(1);
  });

  it("refuses to its owner a boost that starts in the past (yesterday is allowed)", async () => {
    const past = await boost("owner", days(3, addDays(today, -2)));
    expect(past.statusCode).toBe(400);
    expect(past.json().error.details.issues).toEqual([
      expect.objectContaining({ path: "startDate" }),
    ]);
    const yesterday = await boost("owner", days(3, addDays(today, -1)));
    expect(yesterday.statusCode, yesterday.body).toBe(201);
  });

  it("lets an admin book longer, or from the past", async () => {
    const long = await boost("admin", days(200));
    expect(long.statusCode, long.body).toBe(201);
    const past = await boost("admin", days(10, addDays(today, -30)));
    expect(past.statusCode, past.body).toBe(201);
  });

  it("holds a change to the same limits: the owner cannot stretch a boost past them, an admin can", async () => {
    const created = await boost("owner", days(10));
    expect(created.statusCode).toBe(201);
    const boostId = created.json().data.id as string;
    const stretch = (who: TRole, n: number) =>
      call(d, "PATCH", `/${id}/boosts/${boostId}`, who, [
        { op: "replace", path: "/endDate", value: addDays(today, n) },
      ]);
    expect((await stretch("owner", BOOST_MAX_DAYS + 1)).statusCode).toBe(400);
    const shorter = await stretch("owner", 5);
    expect(shorter.statusCode, shorter.body).toBe(200);
    const longer = await stretch("admin", 365);
    expect(longer.statusCode, longer.body).toBe(200);
    expect(longer.json().data.endDate).toBe(addDays(today, 365));
  });
});
