// Boosts that mean something (issue 47): each tier includes boost days a calendar month (Bronze 3,
// Silver 7; admins book beyond and their boosts count in none), checked on every booking and change;
// days beyond are bought through the provider's hosted checkout (the boost waits for its payment,
// lifts nothing meanwhile, runs once the provider confirms it, whatever order the webhooks come in,
// and is dropped when left unpaid a day); and at most 3 listings boosted today lead the first page
// of a best-match list, marked sponsored, with every match on exactly one page.
import { addDays, todayUtc } from "@hostfield/domain/rules";
import { describe, expect, it } from "vitest";
import { pay, paymentsSuite } from "./payments-fixture";
import { createListed, HOUR, PLACES } from "./rfps-fixture";

const s = paymentsSuite();
const { api, ok, clock } = s;

/** The first day of the month `n` months after this one (UTC): a month each test has to itself. */
function monthStart(n: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + n, 1))
    .toISOString()
    .slice(0, 10);
}
const MONTH = monthStart(2);
const NEXT_MONTH = monthStart(3);
const LATER_MONTH = monthStart(4);
/** A month nobody boosts in. */
const FREE_MONTH = monthStart(5);
const month = (date: string) => date.slice(0, 7);
const NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const nameOf = (date: string) => NAMES[Number(date.slice(5, 7)) - 1];

type TWho = "admin" | "owner" | "member" | "other" | "stranger" | "anonymous";
const PATHS = {
  destination: "destination-mgmt/destinations",
  facility: "facility-mgmt/facilities",
};
type TKindPath = keyof typeof PATHS;

const listingCall = (
  kind: TKindPath,
  method: "GET" | "POST" | "PATCH",
  route: string,
  who: TWho,
  payload?: unknown,
) => {
  const [service, path] = PATHS[kind].split("/") as [string, string];
  return api.call(service, method, `/${path}${route}`, who, payload);
};
/** Books a boost of the listing from `startDate` to `endDate` (as its people or an admin). */
const boost = (kind: TKindPath, id: string, who: TWho, startDate: string, endDate: string) =>
  listingCall(kind, "POST", `/${id}/boosts`, who, { data: { startDate, endDate } });
// biome-ignore lint/suspicious/noExplicitAny: tests read replies loosely.
const boostsOf = async (kind: TKindPath, id: string): Promise<any[]> =>
  ok(listingCall(kind, "GET", `/${id}/boosts?take=100`, "admin"));
const buy = (kind: string, id: string, who: TWho, startDate: string, endDate: string) =>
  pay(api, "POST", `/payments/listings/${kind}/${id}/boosts/checkout`, who, {
    data: { startDate, endDate, returnPath: `/listings/${id}?tab=boosts` },
  });
/** A manager's purchase: its checkout at the fake. */
async function checkout(kind: string, id: string, who: TWho, startDate: string, endDate: string) {
  const { url } = await ok<{ url: string }>(buy(kind, id, who, startDate, endDate));
  const sessionId = url.split("/pay/")[1]!;
  return { url, sessionId, session: s.stripe().sessions.get(sessionId)! };
}

describe("the boost days a tier includes", () => {
  it("gives a Bronze listing 3 days a month: a 4th is refused with each month's figures; the next month is free again", async () => {
    const indy = s.world().indy;
    const three = await boost("destination", indy, "owner", MONTH, addDays(MONTH, 2));
    expect(three.statusCode, three.body).toBe(201);
    expect(three.json().data).toMatchObject({ source: "included", state: "active" });
    const fourth = await boost("destination", indy, "owner", addDays(MONTH, 9), addDays(MONTH, 9));
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error).toEqual({
      code: "BOOST_QUOTA_EXCEEDED",
      message: `Bronze includes 3 boost days a month; ${nameOf(MONTH)} has 0 left, this boost needs 1.`,
      details: {
        tier: "Bronze",
        months: [{ month: month(MONTH), included: 3, used: 3, needed: 1, extraDays: 1 }],
        extraDays: 1,
        // Payments are on, but no boost day has a price yet.
        buyable: false,
        dayPrice: null,
        amount: null,
      },
    });
    const next = await boost("destination", indy, "owner", NEXT_MONTH, addDays(NEXT_MONTH, 2));
    expect(next.statusCode, next.body).toBe(201);
  });

  it("gives a Silver listing 7 (its inherited manager books them)", async () => {
    const courts = s.world().courts;
    const seven = await boost("facility", courts, "owner", MONTH, addDays(MONTH, 6));
    expect(seven.statusCode, seven.body).toBe(201);
    const eighth = await boost("facility", courts, "owner", addDays(MONTH, 20), addDays(MONTH, 20));
    expect(eighth.statusCode).toBe(409);
    expect(eighth.json().error.message).toBe(
      `Silver includes 7 boost days a month; ${nameOf(MONTH)} has 0 left, this boost needs 1.`,
    );
    expect(eighth.json().error.details.months).toEqual([
      { month: month(MONTH), included: 7, used: 7, needed: 1, extraDays: 1 },
    ]);
  });

  it("lets admins book beyond it, and counts their boosts in none", async () => {
    const indy = s.world().indy;
    const admins = await boost(
      "destination",
      indy,
      "admin",
      addDays(MONTH, 10),
      addDays(MONTH, 19),
    );
    expect(admins.statusCode, admins.body).toBe(201);
    expect(admins.json().data.source).toBe("admin");
    const more = await boost("destination", indy, "owner", addDays(MONTH, 25), addDays(MONTH, 25));
    expect(more.statusCode).toBe(409);
    // Still the owner's 3, not 13.
    expect(more.json().error.details.months[0].used).toBe(3);
  });

  it("re-checks a change without counting the boost's own days twice", async () => {
    const indy = s.world().indy;
    const two = await boost("destination", indy, "owner", LATER_MONTH, addDays(LATER_MONTH, 1));
    expect(two.statusCode, two.body).toBe(201);
    const id = two.json().data.id as string;
    const endOn = (date: string) =>
      listingCall("destination", "PATCH", `/${indy}/boosts/${id}`, "owner", [
        { op: "replace", path: "/endDate", value: date },
      ]);
    // Three days: its own two are not counted as used.
    expect((await endOn(addDays(LATER_MONTH, 2))).statusCode).toBe(200);
    const four = await endOn(addDays(LATER_MONTH, 3));
    expect(four.statusCode).toBe(409);
    expect(four.json().error.details).toMatchObject({
      months: [{ month: month(LATER_MONTH), included: 3, used: 0, needed: 4, extraDays: 1 }],
      // A change is not for sale.
      buyable: false,
    });
  });
});

describe("buying boost days beyond the quota", () => {
  let sessionId = "";
  let paidBoostId = "";

  it("takes the price of a boost day from admins only", async () => {
    expect(await ok(pay(api, "GET", "/payments/admin/boost-price", "admin"))).toEqual({
      amount: null,
      currency: "usd",
      updatedDate: null,
    });
    expect((await pay(api, "GET", "/payments/admin/boost-price", "anonymous")).statusCode).toBe(
      401,
    );
    expect((await pay(api, "GET", "/payments/admin/boost-price", "owner")).statusCode).toBe(403);
    const set = (who: TWho, amount: unknown) =>
      pay(api, "PUT", "/payments/admin/boost-price", who, { data: { amount } });
    expect((await set("owner", 12.5)).statusCode).toBe(403);
    expect((await set("admin", 0.001)).statusCode).toBe(400);
    expect((await set("admin", 0)).statusCode).toBe(400);
    const price = await ok(set("admin", 12.5));
    expect(price).toMatchObject({ amount: 12.5, currency: "usd" });
  });

  it("says in the refusal that the extra days can be bought, and for how much", async () => {
    const indy = s.world().indy;
    const over = await boost("destination", indy, "owner", addDays(MONTH, 14), addDays(MONTH, 15));
    expect(over.statusCode).toBe(409);
    // 2 days beyond Bronze's 3 (all used) at $12.50.
    expect(over.json().error.details).toMatchObject({
      extraDays: 2,
      buyable: true,
      dayPrice: 12.5,
      amount: 25,
    });
  });

  it("has nothing to sell for a boost within the quota, and refuses dates a listing's people may not book", async () => {
    const indy = s.world().indy;
    const within = await buy("destination", indy, "owner", FREE_MONTH, FREE_MONTH);
    expect(within.statusCode).toBe(409);
    expect(within.json().error.code).toBe("BOOST_WITHIN_QUOTA");
    const past = await buy("destination", indy, "owner", "2020-01-01", "2020-01-05");
    expect(past.statusCode).toBe(400);
    const backwards = await buy("destination", indy, "owner", addDays(MONTH, 5), MONTH);
    expect(backwards.statusCode).toBe(400);
    const elsewhere = await pay(
      api,
      "POST",
      `/payments/listings/destination/${indy}/boosts/checkout`,
      "owner",
      {
        data: { startDate: MONTH, endDate: MONTH, returnPath: "https://evil.example/" },
      },
    );
    expect(elsewhere.statusCode).toBe(400);
    expect(s.stripe().sessions.size).toBe(0);
  });

  it("starts one hosted checkout per boost; the boost waits for its payment, lifting nothing and holding its days", async () => {
    const indy = s.world().indy;
    const start = addDays(MONTH, 14);
    const started = await checkout("destination", indy, "owner", start, addDays(start, 1));
    sessionId = started.sessionId;
    expect(started.url.startsWith(`${s.stripe().url}/pay/`)).toBe(true);
    // 2 extra days × $12.50, paid once.
    expect(started.session).toMatchObject({
      mode: "payment",
      amount_total: 2500,
      currency: "usd",
      success_url: `http://hostfield.test/listings/${indy}?tab=boosts&checkout=success`,
    });
    const waiting = (await boostsOf("destination", indy)).find((b) => b.startDate === start)!;
    paidBoostId = waiting.id;
    expect(waiting).toMatchObject({ source: "paid", state: "awaiting_payment" });
    expect(started.session.metadata).toEqual({
      purpose: "boost",
      boostId: paidBoostId,
      listingId: indy,
      listingKind: "destination",
    });
    // Asked again (a double click): the same boost, the same checkout.
    const again = await checkout("destination", indy, "owner", start, addDays(start, 1));
    expect(again.url).toBe(started.url);
    expect(s.stripe().sessions.size).toBe(1);
    expect((await boostsOf("destination", indy)).filter((b) => b.startDate === start)).toHaveLength(
      1,
    );
    // Awaiting its payment it holds its 2 days: the owner's 3 and these 2 are used.
    const more = await boost("destination", indy, "owner", addDays(MONTH, 25), addDays(MONTH, 25));
    expect(more.json().error.details.months[0].used).toBe(5);
    // Nothing charged yet.
    expect(await s.ledger("&kind=charge")).toHaveLength(0);
  });

  it("runs the boost once the provider confirms the payment: one charge; a duplicate is processed once", async () => {
    const indy = s.world().indy;
    const done = s.stripe().completeCheckout(sessionId);
    expect(done.events.map((e) => e.type)).toEqual([
      "checkout.session.completed",
      "payment_intent.succeeded",
    ]);
    expect(await s.deliver(done.events)).toEqual([200, 200]);
    const paid = (await boostsOf("destination", indy)).find((b) => b.id === paidBoostId);
    expect(paid).toMatchObject({ source: "paid", state: "active" });
    const charges = await s.ledger("&kind=charge");
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({
      providerId: done.paymentIntentId,
      amount: 25,
      listing: { id: indy },
      state: "processed",
    });
    // Paid, its 2 days count: 5 of 3 used, so a further day is over.
    const more = await boost("destination", indy, "owner", addDays(MONTH, 25), addDays(MONTH, 25));
    expect(more.json().error.details.months[0]).toMatchObject({ used: 5, extraDays: 1 });
    // The same events again: acknowledged, nothing more.
    expect(await s.deliver(done.events)).toEqual([200, 200]);
    expect(await s.ledger("&kind=charge")).toHaveLength(1);
    const hooks = (await s.ledger("&kind=webhook")).filter((e: { providerId: string }) =>
      done.events.some((d) => d.id === e.providerId),
    );
    expect(hooks.map((h: { state: string }) => h.state)).toEqual(["processed", "processed"]);
  });

  it("refuses a forged webhook: the boost still waits", async () => {
    const indy = s.world().indy;
    const start = addDays(NEXT_MONTH, 10);
    const { sessionId: forgedFor } = await checkout("destination", indy, "owner", start, start);
    const session = s.stripe().sessions.get(forgedFor)!;
    const forged = s.stripe().event("checkout.session.completed", {
      ...session,
      status: "complete",
      payment_status: "paid",
    });
    expect(await s.deliver([forged], { secret: "whsec_someone_else" })).toEqual([400]);
    const waiting = (await boostsOf("destination", indy)).find((b) => b.startDate === start);
    expect(waiting.state).toBe("awaiting_payment");
    // Signed rightly but not paid at the provider: nothing is granted either.
    expect(await s.deliver([forged])).toEqual([200]);
    expect((await boostsOf("destination", indy)).find((b) => b.startDate === start).state).toBe(
      "awaiting_payment",
    );
  });

  it("takes the webhooks in reverse order; the paid boost then leads the best match, sponsored", async () => {
    const carmel = s.world().carmel;
    const today = todayUtc();
    const near = { near: { lat: PLACES.carmel.lat, lng: PLACES.carmel.lng, dist: 5 } };
    const found = async () => {
      const rows = await ok<{ id: string; boosted: boolean; sponsored: boolean }[]>(
        api.call("destination-mgmt", "POST", "/destinations/search", "anonymous", { data: near }),
      );
      return rows.find((r) => r.id === carmel)!;
    };
    // Ten days from today are beyond Bronze's 3 a month, however the months fall.
    const { sessionId: bought } = await checkout(
      "destination",
      carmel,
      "other",
      today,
      addDays(today, 9),
    );
    expect(await found()).toMatchObject({ boosted: false, sponsored: false });
    const done = s.stripe().completeCheckout(bought);
    expect(await s.deliver([...done.events].reverse())).toEqual([200, 200]);
    const running = (await boostsOf("destination", carmel)).find((b) => b.startDate === today);
    expect(running).toMatchObject({ source: "paid", state: "active" });
    expect(await found()).toMatchObject({ boosted: true, sponsored: true });
    const charges = (await s.ledger("&kind=charge")).filter(
      (c: { listing: { id: string } | null }) => c.listing?.id === carmel,
    );
    expect(charges).toHaveLength(1);
  });

  it("drops a boost left unpaid a day; its payment after that is kept flagged and grants nothing", async () => {
    const indy = s.world().indy;
    const start = addDays(NEXT_MONTH, 20);
    const { sessionId: late } = await checkout("destination", indy, "owner", start, start);
    const dropJob = async () => {
      await s.app().jobs.send("payments.drop-unpaid-boosts", {});
      await s.app().jobs.idle(["payments.drop-unpaid-boosts"]);
    };
    clock.advance(23 * HOUR);
    await dropJob();
    expect((await boostsOf("destination", indy)).some((b) => b.startDate === start)).toBe(true);
    clock.advance(2 * HOUR);
    await dropJob();
    expect((await boostsOf("destination", indy)).some((b) => b.startDate === start)).toBe(false);
    const done = s.stripe().completeCheckout(late);
    expect(await s.deliver(done.events)).toEqual([200, 200]);
    expect((await boostsOf("destination", indy)).some((b) => b.startDate === start)).toBe(false);
    const hook = (await s.ledger("&kind=webhook")).find(
      (e: { providerId: string }) => e.providerId === done.events[0]!.id,
    );
    expect(hook).toMatchObject({ state: "flagged", problem: expect.stringContaining("dropped") });
  });

  it("sells boosts to a listing of any kind, tiered or not", async () => {
    const company = await createListed(api, "company", "other", {
      name: "Carmel Sports Co",
      at: "carmel",
    });
    const { session } = await checkout("company", company, "other", MONTH, addDays(MONTH, 3));
    // Without a tier: 3 days a month, so 1 extra day.
    expect(session.amount_total).toBe(1250);
  });

  it("refuses whoever does not manage the listing; admins may", async () => {
    const indy = s.world().indy;
    const dates = [addDays(LATER_MONTH, 20), addDays(LATER_MONTH, 23)] as const;
    const refused: [TWho, number][] = [
      ["anonymous", 401],
      ["stranger", 403],
      ["other", 403],
      ["member", 403],
    ];
    for (const [who, status] of refused) {
      const res = await buy("destination", indy, who, ...dates);
      expect({ who, status: res.statusCode }).toEqual({ who, status });
    }
    const unknown = await buy(
      "destination",
      "00000000-0000-4000-8000-000000000000",
      "owner",
      ...dates,
    );
    expect(unknown.statusCode).toBe(404);
    const admins = await buy("destination", indy, "admin", ...dates);
    expect(admins.statusCode, admins.body).toBe(200);
  });
});

describe("the sponsored lead of a best-match list", () => {
  const HOTELS = ["Alder", "Birch", "Cedar", "Dogwood", "Elm", "Fir", "Ginkgo"].map(
    (tree) => `${tree} Inn`,
  );
  const BOOSTED = new Set(["Birch Inn", "Cedar Inn", "Elm Inn", "Fir Inn", "Ginkgo Inn"]);
  type TRow = { id: string; name: string; boosted: boolean; sponsored: boolean };
  const ids = new Map<string, string>();

  it("boosts five of seven hotels today", async () => {
    const today = todayUtc();
    for (const name of HOTELS) {
      const id = await createListed(api, "hotel", "admin", { name, at: "fishers" });
      ids.set(name, id);
      if (BOOSTED.has(name)) {
        const res = await api.call("hotel-mgmt", "POST", `/hotels/${id}/boosts`, "admin", {
          data: { startDate: today, endDate: addDays(today, 2) },
        });
        expect(res.statusCode, res.body).toBe(201);
      }
    }
  });

  /** Every page of `take` of a list, in order. */
  async function pages(read: (offset: number) => Promise<TRow[]>, take: number, total: number) {
    const out: TRow[][] = [];
    for (let offset = 0; offset < total; offset += take) out.push(await read(offset));
    return out;
  }
  function checkPages(all: TRow[][]) {
    const [first, ...later] = all;
    // At most 3 lead the first page, all boosted today; no later page has a sponsored one.
    const lead = first!.filter((r) => r.sponsored);
    expect(lead).toHaveLength(3);
    expect(first!.slice(0, 3)).toEqual(lead);
    for (const row of lead) expect(BOOSTED.has(row.name)).toBe(true);
    for (const page of later) expect(page.filter((r) => r.sponsored)).toEqual([]);
    // Every hotel exactly once across the pages.
    const seen = all.flat().map((r) => r.name);
    expect([...seen].sort()).toEqual(HOTELS);
    // The others by name (no likes anywhere), boosted or not: a boost beyond the 3 lifts nothing.
    const rest = all.flat().filter((r) => !r.sponsored);
    expect(rest.map((r) => r.name)).toEqual(
      HOTELS.filter((name) => !lead.some((r) => r.name === name)),
    );
    expect(rest.filter((r) => r.boosted).map((r) => r.name)).toHaveLength(2);
    return lead.map((r) => r.name);
  }

  it("in the search: 3 sponsored lead page 1, later pages none, every match once", async () => {
    const search = (offset: number, take: number, filter: object = {}) =>
      ok<TRow[]>(
        api.call(
          "hotel-mgmt",
          "POST",
          `/hotels/search?offset=${offset}&take=${take}`,
          "anonymous",
          {
            data: filter,
          },
        ),
      );
    const byThree = await pages((offset) => search(offset, 3), 3, HOTELS.length);
    expect(byThree.map((p) => p.length)).toEqual([3, 3, 1]);
    const lead = checkPages(byThree);
    // Pages of 2 split the same list the same way (the third sponsored opens page 2).
    const byTwo = await pages((offset) => search(offset, 2), 2, HOTELS.length);
    expect(byTwo.flat().map((r) => r.name)).toEqual(byThree.flat().map((r) => r.name));
    expect(byTwo[1]!.map((r) => r.sponsored)).toEqual([true, false]);
    // The same search again: the same lead (the day's rotation is stable).
    expect(checkPages(await pages((offset) => search(offset, 3), 3, HOTELS.length))).toEqual(lead);
    // The total counts every match once.
    const res = await api.call("hotel-mgmt", "POST", "/hotels/search?take=3", "anonymous", {
      data: {},
    });
    expect(res.json()._meta.stats.count).toBe(HOTELS.length);
    // An order asked for is not touched: by name, nothing sponsored.
    const byName = await search(0, 10, { sort: "name" });
    expect(byName.map((r) => r.name)).toEqual(HOTELS);
    expect(byName.some((r) => r.sponsored)).toBe(false);
  });

  it("in the kind's list: the same rule", async () => {
    const list = (offset: number) =>
      ok<TRow[]>(api.call("hotel-mgmt", "GET", `/hotels?offset=${offset}&take=3`, "anonymous"));
    const all = await pages(list, 3, HOTELS.length);
    checkPages(all);
  });
});
