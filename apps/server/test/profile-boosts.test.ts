// Boosts, for every kind that has them: only approved listings are boosted; a listing's own people
// book at most BOOST_MAX_DAYS from first day to last and not from the past, on create and on
// change, and out of the boost days their tier includes a month (a listing without a tier: 3;
// issue 47); admins may book longer, from the past and beyond any quota, and their boosts count in
// none. A refused boost stores nothing.
import {
  addDays,
  BOOST_DAYS_WITHOUT_TIER,
  BOOST_MAX_DAYS,
  monthName,
  todayUtc,
} from "@hostfield/domain/rules";
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

/** The first day of the month `n` months after this one (UTC), so a test's month is its own. */
function monthStart(n: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + n, 1))
    .toISOString()
    .slice(0, 10);
}

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

  it(`refuses its owner a boost of more than ${BOOST_MAX_DAYS} days, and one beyond the month's ${BOOST_DAYS_WITHOUT_TIER} included days`, async () => {
    expect((await call(d, "PUT", `/${id}/approve`, "admin")).statusCode).toBe(200);
    const long = await boost("owner", days(BOOST_MAX_DAYS + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatchObject({
      code: "VALIDATION_FAILED",
      message: expect.stringContaining(`${BOOST_MAX_DAYS} days`),
      details: { issues: [{ path: "endDate" }] },
    });
    const forever = await boost("owner", { startDate: "2020-01-01", endDate: "2099-12-31" });
    expect(forever.statusCode).toBe(400);
    // Once as long as a boost may be, it is over the quota (3 days a month without a tier).
    const maxed = await boost("owner", days(BOOST_MAX_DAYS));
    expect(maxed.statusCode).toBe(409);
    expect(maxed.json().error.code).toBe("BOOST_QUOTA_EXCEEDED");
    // Three days of a month of its own: all it includes.
    const month = monthStart(2);
    const three = await boost("owner", days(2, month));
    expect(three.statusCode, three.body).toBe(201);
    expect(three.json().data).toMatchObject({ source: "included", state: "active" });
    const fourth = await boost("owner", days(0, addDays(month, 10)));
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error).toMatchObject({
      code: "BOOST_QUOTA_EXCEEDED",
      message: `A listing without a tier includes 3 boost days a month; ${monthName(month)} has 0 left, this boost needs 1.`,
      details: {
        tier: null,
        months: [{ month: month.slice(0, 7), included: 3, used: 3, needed: 1, extraDays: 1 }],
        extraDays: 1,
        // No payments on this server: nothing to buy.
        buyable: false,
        dayPrice: null,
        amount: null,
      },
    });
    expect(await count()).toBe(1);
  });

  it("refuses to its owner a boost that starts in the past (yesterday is allowed)", async () => {
    const past = await boost("owner", days(3, addDays(today, -2)));
    expect(past.statusCode).toBe(400);
    expect(past.json().error.details.issues).toEqual([
      expect.objectContaining({ path: "startDate" }),
    ]);
    // Three days (the quota of the month or months they fall in, none used yet).
    const yesterday = await boost("owner", days(2, addDays(today, -1)));
    expect(yesterday.statusCode, yesterday.body).toBe(201);
  });

  it("lets an admin book longer, or from the past, beyond any quota; the owner may not move it", async () => {
    const long = await boost("admin", days(200));
    expect(long.statusCode, long.body).toBe(201);
    expect(long.json().data.source).toBe("admin");
    const past = await boost("admin", days(10, addDays(today, -30)));
    expect(past.statusCode, past.body).toBe(201);
    const moved = await call(d, "PATCH", `/${id}/boosts/${long.json().data.id}`, "owner", [
      { op: "replace", path: "/endDate", value: addDays(today, 2) },
    ]);
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error.code).toBe("BOOST_LOCKED");
  });

  it("holds a change to the same limits and re-checks the quota without the boost's own days; an admin goes beyond", async () => {
    const start = monthStart(3);
    const created = await boost("owner", days(1, start));
    expect(created.statusCode, created.body).toBe(201);
    const boostId = created.json().data.id as string;
    const stretch = (who: TRole, n: number) =>
      call(d, "PATCH", `/${id}/boosts/${boostId}`, who, [
        { op: "replace", path: "/endDate", value: addDays(start, n) },
      ]);
    expect((await stretch("owner", BOOST_MAX_DAYS + 1)).statusCode).toBe(400);
    // Four days of three.
    const four = await stretch("owner", 3);
    expect(four.statusCode).toBe(409);
    expect(four.json().error.details.months).toEqual([
      { month: start.slice(0, 7), included: 3, used: 0, needed: 4, extraDays: 1 },
    ]);
    // Three days: the two it had are not counted again.
    const three = await stretch("owner", 2);
    expect(three.statusCode, three.body).toBe(200);
    const longer = await stretch("admin", 365);
    expect(longer.statusCode, longer.body).toBe(200);
    expect(longer.json().data.endDate).toBe(addDays(start, 365));
  });
});
