// Roll-up (issue 18): daily counters equal the raw events they came from. A property test sends
// random event streams through the tracking route (random listings, visitors, types, targets and
// refs, over random days including the last and first millisecond of a UTC day, with robots,
// Do-Not-Track, Global Privacy Control and retried batches mixed in), then rebuilds random date
// ranges and compares every counter with what the test counts from the stream itself. Also: a
// rebuild changes nothing when run again, never touches a day past the raw retention (whose raw
// events are gone), and pruning drops raw events, batch ids, old salts and past visitor-day counts
// but keeps the counters. Honest counters (issue 48): every counter counts a visitor once per
// listing and day (a click once per target and ref), so the probe's 20 beacons of 50 views from
// one address are one view, and a listing's dashboard says so.
import { randomUUID } from "node:crypto";
import { CLICK_TARGETS, type TTrackEvent } from "@hostfield/domain/contracts";
import { addDays, todayUtc } from "@hostfield/domain/rules";
import { describe, expect, it } from "vitest";
import { rollupDays } from "../src/modules/reports/rollup";
import { NO_REF } from "../src/modules/reports/schema";
import { V } from "./helper";
import {
  BROWSER_UA,
  batchIds,
  counterKey,
  dailyCounters,
  rawEvents,
  type TBeacon,
  type TCounter,
  track,
  trackingSuite,
} from "./reports-tracking-fixture";
import { runJob } from "./stays-fixture";

const RAW_DAYS = 10;
/** The streams cover this many days up to today: the older ones are past the raw retention. */
const SPAN = 14;
const suite = trackingSuite({ ANALYTICS_RAW_DAYS: String(RAW_DAYS) });
const app = () => suite.app();
const TODAY = todayUtc();
const OLDEST_RAW = addDays(TODAY, -(RAW_DAYS - 1));
const retention = { today: TODAY, rawDays: RAW_DAYS };

/** mulberry32: a small seeded generator, so a failing stream can be replayed from its seed. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { next, int, pick: <T>(items: readonly T[]): T => items[int(items.length)]! };
}

const BROWSERS = [
  BROWSER_UA,
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0",
];
const ADDRESSES = ["192.0.2.10", "192.0.2.11", "198.51.100.20", "2001:db8::5"];
const REFS = [randomUUID(), randomUUID()];

/** What the test expects to be counted: the events of accepted batches, with who sent them. */
type TCounted = TTrackEvent & { day: string; visitorKey: string };

/**
 * The counters a stream should give, computed here from the events themselves: each counter is
 * the number of distinct visitors with such an event that day (clicks: per target and ref).
 */
function expectedCounters(counted: readonly TCounted[]): Map<string, TCounter> {
  const seen = new Map<string, { counter: TCounter; visitors: Set<string> }>();
  const add = (e: TCounted, metric: string, ref: string, who: string) => {
    const key = counterKey({ subjectId: e.id, day: e.day, metric, ref });
    const entry = seen.get(key) ?? {
      counter: { subjectId: e.id, subjectKind: e.kind, day: e.day, metric, ref, count: 0 },
      visitors: new Set<string>(),
    };
    entry.visitors.add(who);
    seen.set(key, entry);
  };
  for (const e of counted) {
    if (e.type === "view") add(e, "views", NO_REF, e.visitorKey);
    else if (e.type === "impression") add(e, "impressions", NO_REF, e.visitorKey);
    else {
      const perRef = e.target === "hotel" || e.target === "promotion";
      const ref = perRef ? (e.ref ?? NO_REF) : NO_REF;
      // `clicks` counts a visitor once per target and ref.
      add(e, "clicks", NO_REF, `${e.visitorKey}\n${e.target}\n${ref}`);
      add(e, `clicks.${e.target}`, ref, e.visitorKey);
    }
  }
  return new Map(
    [...seen].map(([key, { counter, visitors }]) => [key, { ...counter, count: visitors.size }]),
  );
}

/** Every counter of `days` (inclusive) as a plain sorted list, to compare whole sets. */
function within(counters: Map<string, TCounter>, from: string, to: string) {
  return [...counters.values()]
    .filter((c) => c.day >= from && c.day <= to)
    .map((c) => ({ ...c, count: Number(c.count) }))
    .sort((a, b) => counterKey(a).localeCompare(counterKey(b)));
}
const outside = (counters: Map<string, TCounter>, from: string, to: string) =>
  [...within(counters, "0000-01-01", "9999-12-31")].filter((c) => c.day < from || c.day > to);

/** A moment of the stream: a random day of the span, at a random time or at either UTC edge. */
function momentOf(r: ReturnType<typeof prng>): Date {
  const day = addDays(TODAY, -r.int(SPAN));
  const start = new Date(`${day}T00:00:00.000Z`).getTime();
  const edge = r.int(4);
  if (edge === 0) return new Date(start);
  if (edge === 1) return new Date(start + 86_400_000 - 1);
  return new Date(start + r.int(86_400_000));
}

describe("daily counters from raw events", () => {
  const counted: TCounted[] = [];
  const sentBatches: { batchId: string; events: TTrackEvent[]; beacon: TBeacon }[] = [];

  /** Sends one random stream of `seed`; what should count joins `counted`. */
  async function sendStream(seed: number) {
    const r = prng(seed);
    const L = suite.listings;
    const subjects: { kind: TTrackEvent["kind"]; id: string }[] = [
      { kind: "facility", id: L.facility },
      { kind: "hotel", id: L.hotel },
      { kind: "destination", id: L.destination },
      { kind: "organization", id: L.organization },
      { kind: "event", id: L.event },
    ];
    const randomEvent = (): { event: TTrackEvent; counts: boolean } => {
      const roll = r.int(20);
      // Now and then an id of no listing, a listing under the wrong kind, or a story: dropped.
      if (roll === 0)
        return { event: { type: "view", kind: "facility", id: randomUUID() }, counts: false };
      if (roll === 1)
        return { event: { type: "view", kind: "hotel", id: L.facility }, counts: false };
      if (roll === 2)
        return { event: { type: "impression", kind: "story", id: randomUUID() }, counts: false };
      const subject = r.pick(subjects);
      const type = r.pick(["view", "view", "impression", "click"] as const);
      if (type !== "click") return { event: { type, ...subject }, counts: true };
      const target = r.pick(CLICK_TARGETS);
      const withRef = target === "hotel" || target === "promotion" ? r.int(5) > 0 : r.int(5) === 0;
      return {
        event: { type, ...subject, target, ...(withRef ? { ref: r.pick(REFS) } : {}) },
        counts: true,
      };
    };
    const moments = 6 + r.int(6);
    for (let m = 0; m < moments; m++) {
      const at = momentOf(r);
      suite.clock.set(at);
      const day = at.toISOString().slice(0, 10);
      const sends: { batch: { batchId: string; events: TTrackEvent[] }; beacon: TBeacon }[] = [];
      for (let b = 1 + r.int(4); b > 0; b--) {
        const roll = r.int(20);
        if (roll === 0 && sentBatches.length > 0) {
          // A batch counted before, sent again (on another day, from wherever): counts nothing.
          const earlier = r.pick(sentBatches);
          sends.push({ batch: earlier, beacon: earlier.beacon });
          continue;
        }
        const beacon: TBeacon = { ip: r.pick(ADDRESSES), userAgent: r.pick(BROWSERS) };
        if (roll === 1) beacon.userAgent = "Mozilla/5.0 (compatible; Googlebot/2.1)";
        if (roll === 2) beacon.headers = { dnt: "1" };
        if (roll === 3) beacon.headers = { "sec-gpc": "1" };
        const drawn = Array.from({ length: 1 + r.int(8) }, randomEvent);
        const batch = { batchId: randomUUID(), events: drawn.map((d) => d.event) };
        sends.push({ batch, beacon });
        // The same batch twice at once, now and then.
        if (r.int(8) === 0) sends.push({ batch, beacon });
        if (roll > 3) {
          sentBatches.push({ ...batch, beacon });
          for (const d of drawn) {
            if (d.counts) {
              counted.push({ ...d.event, day, visitorKey: `${beacon.ip}\n${beacon.userAgent}` });
            }
          }
        }
      }
      const replies = await Promise.all(sends.map((s) => track(app(), s.batch, s.beacon)));
      for (const reply of replies) expect(reply.statusCode, reply.body).toBe(202);
    }
    suite.clock.set(`${TODAY}T12:00:00.000Z`);
  }

  it("equals the counts of random streams over random ranges (property, seeded)", async () => {
    for (const seed of [1, 2, 3, 4]) {
      await sendStream(seed);
      const r = prng(seed * 7919);
      const expected = expectedCounters(counted);
      for (let round = 0; round < 3; round++) {
        const from = addDays(TODAY, -r.int(SPAN + 3));
        const to = addDays(from, r.int(SPAN));
        const before = await dailyCounters(app());
        await rollupDays(app().db, from, to, retention);
        const after = await dailyCounters(app());
        const rebuiltFrom = from < OLDEST_RAW ? OLDEST_RAW : from;
        const context = `seed ${seed}, round ${round}: ${from}..${to}`;
        // The rebuilt days hold exactly what the stream says…
        expect(within(after, rebuiltFrom, to), context).toEqual(within(expected, rebuiltFrom, to));
        // …and no other day changed (those before the retention included).
        expect(outside(after, rebuiltFrom, to), context).toEqual(outside(before, rebuiltFrom, to));
      }
    }
    // The streams reached days past the retention (which the rebuilds left alone).
    expect(counted.some((e) => e.day < OLDEST_RAW)).toBe(true);
  }, 120_000);

  it("keeps the last and the first millisecond of a UTC day on their own days", async () => {
    const id = suite.listings.organization;
    const day = addDays(TODAY, -3);
    const next = addDays(TODAY, -2);
    const views = (n: number) => ({
      batchId: randomUUID(),
      events: Array.from(
        { length: n },
        (): TTrackEvent => ({ type: "view", kind: "organization", id }),
      ),
    });
    await rollupDays(app().db, day, next, retention);
    const viewsOn = async (d: string) =>
      Number(
        (await dailyCounters(app())).get(
          counterKey({ subjectId: id, day: d, metric: "views", ref: NO_REF }),
        )?.count ?? 0,
      );
    const [beforeDay, beforeNext] = [await viewsOn(day), await viewsOn(next)];
    suite.clock.set(`${day}T23:59:59.999Z`);
    await track(app(), views(2));
    suite.clock.set(`${next}T00:00:00.000Z`);
    await track(app(), views(5));
    suite.clock.set(`${TODAY}T12:00:00.000Z`);
    await rollupDays(app().db, day, next, retention);
    // One visitor: one view on each day, however many it sent.
    expect(await viewsOn(day)).toBe(beforeDay + 1);
    expect(await viewsOn(next)).toBe(beforeNext + 1);
  });

  it("changes nothing when run again over the same days", async () => {
    const from = addDays(TODAY, -(SPAN + 1));
    await rollupDays(app().db, from, TODAY, retention);
    const once = await dailyCounters(app());
    await rollupDays(app().db, from, TODAY, retention);
    expect(within(await dailyCounters(app()), from, TODAY)).toEqual(within(once, from, TODAY));
    expect(once.size).toBeGreaterThan(0);
  });

  it("never rebuilds a day past the raw retention: its counters stay, raw events or not", async () => {
    const pastDay = addDays(OLDEST_RAW, -1);
    const facility = suite.listings.facility;
    // The seed writes counters of days before its raw events directly; so does this test.
    await app().database.pool.query(
      `insert into analytics_daily (subject_id, subject_kind, day, metric, ref, count)
       values ($1, 'facility', $2, 'views', $3, 999), ($1, 'facility', $2, 'clicks.hotel', $4, 17)
       on conflict (subject_id, day, metric, ref) do update set count = excluded.count`,
      [facility, pastDay, NO_REF, REFS[0]],
    );
    // A raw event of that day, not yet pruned.
    suite.clock.set(`${pastDay}T10:00:00.000Z`);
    await track(app(), {
      batchId: randomUUID(),
      events: [{ type: "view", kind: "facility", id: facility }],
    });
    suite.clock.set(`${TODAY}T12:00:00.000Z`);
    await rollupDays(app().db, addDays(pastDay, -5), TODAY, retention);
    const counters = await dailyCounters(app());
    const of = (metric: string, ref = NO_REF) =>
      Number(counters.get(counterKey({ subjectId: facility, day: pastDay, metric, ref }))?.count);
    expect(of("views")).toBe(999);
    expect(of("clicks.hotel", REFS[0])).toBe(17);
  });

  it("rolls up yesterday and today on its schedule (the job)", async () => {
    const hotel = suite.listings.hotel;
    const yesterday = addDays(TODAY, -1);
    suite.clock.set(`${yesterday}T09:00:00.000Z`);
    const batch = {
      batchId: randomUUID(),
      events: [
        { type: "click", kind: "hotel", id: hotel, target: "directions" },
        { type: "impression", kind: "hotel", id: hotel },
      ] satisfies TTrackEvent[],
    };
    await track(app(), batch, { ip: "192.0.2.10", userAgent: BROWSER_UA });
    counted.push(
      ...batch.events.map((e) => ({
        ...e,
        day: yesterday,
        visitorKey: `192.0.2.10\n${BROWSER_UA}`,
      })),
    );
    suite.clock.set(`${TODAY}T12:00:00.000Z`);
    await runJob(app(), "reports.rollup");
    const expected = expectedCounters(counted);
    expect(within(await dailyCounters(app()), yesterday, TODAY)).toEqual(
      within(expected, yesterday, TODAY),
    );
  });

  it("prunes raw events, batch ids, past salts and visitor-day counts, and keeps every counter", async () => {
    const visitorDays = async () =>
      (
        await app().database.pool.query<{ day: string }>(
          "select day::text as day from analytics_visitor_days",
        )
      ).rows.map((r) => r.day);
    expect((await visitorDays()).some((day) => day < TODAY)).toBe(true);
    const before = await dailyCounters(app());
    const rawBefore = await rawEvents(app());
    expect(rawBefore.some((e) => e.day < OLDEST_RAW)).toBe(true);
    await runJob(app(), "reports.prune");
    const rawAfter = await rawEvents(app());
    expect(rawAfter.every((e) => e.day >= OLDEST_RAW)).toBe(true);
    expect(rawAfter).toHaveLength(rawBefore.filter((e) => e.day >= OLDEST_RAW).length);
    // Batch ids go with their raw events: none received before the oldest kept day is left.
    const kept = new Set(await batchIds(app()));
    for (const e of rawBefore) {
      expect(kept.has(e.batchId), e.day).toBe(
        e.receivedAt >= new Date(`${OLDEST_RAW}T00:00:00.000Z`),
      );
    }
    const { rows: salts } = await app().database.pool.query<{ day: string }>(
      "select day::text as day from analytics_salts",
    );
    expect(salts.every((s) => s.day >= TODAY)).toBe(true);
    expect((await visitorDays()).every((day) => day >= TODAY)).toBe(true);
    expect(within(await dailyCounters(app()), "0000-01-01", "9999-12-31")).toEqual(
      within(before, "0000-01-01", "9999-12-31"),
    );
    // A rebuild after the prune leaves the days past the retention as they were.
    await rollupDays(app().db, addDays(TODAY, -(SPAN + 1)), TODAY, retention);
    expect(outside(await dailyCounters(app()), OLDEST_RAW, TODAY)).toEqual(
      outside(before, OLDEST_RAW, TODAY),
    );
  });

  it("forgets a deleted listing: its counters, standings and the raw events a rebuild would read", async () => {
    const gone = suite.listings.organization;
    const kept = suite.listings.facility;
    // Now (not a moved hour): the owner's token was issued by this clock's real time.
    suite.clock.set(new Date().toISOString());
    for (const id of [gone, kept]) {
      const kind = id === gone ? "organization" : "facility";
      await track(
        app(),
        { batchId: randomUUID(), events: [{ type: "view", kind, id }] },
        { ip: "192.0.2.10", userAgent: BROWSER_UA },
      );
      await app().database.pool.query(
        `insert into report_standings (board, metric, subject_id, value, national_rank, national_of)
         values ($1, 'views', $2, 1, 1, 1) on conflict do nothing`,
        [kind, id],
      );
    }
    await rollupDays(app().db, TODAY, TODAY, retention);
    const countersOf = async (id: string) =>
      [...(await dailyCounters(app())).values()].filter((c) => c.subjectId === id).length;
    expect(await countersOf(gone)).toBeGreaterThan(0);

    const res = await app().inject({
      method: "DELETE",
      url: `/event-mgmt/api/organizations/${gone}?${V}`,
      headers: { authorization: `Bearer ${suite.tokens().owner.access_token}` },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    await app().events.settled();

    expect(await countersOf(gone)).toBe(0);
    expect(
      (await rawEvents(app())).filter((e) => e.subjectId === gone && e.day >= addDays(TODAY, -1)),
    ).toEqual([]);
    const standing = (id: string) =>
      app().database.pool.query("select 1 from report_standings where subject_id = $1", [id]);
    expect((await standing(gone)).rowCount).toBe(0);
    // The rebuild of today does not bring them back; other listings keep theirs.
    await rollupDays(app().db, TODAY, TODAY, retention);
    expect(await countersOf(gone)).toBe(0);
    expect(await countersOf(kept)).toBeGreaterThan(0);
    expect((await standing(kept)).rowCount).toBe(1);
  });
});

describe("honest counters (issue 48)", () => {
  const YESTERDAY = addDays(TODAY, -1);
  /** `n` copies of `event` as one batch. */
  const many = (n: number, event: TTrackEvent) => ({
    batchId: randomUUID(),
    events: Array.from({ length: n }, () => event),
  });
  /** A counter of the listing on a day (0 when it has none). */
  const countOf = async (id: string, day: string, metric: string, ref = NO_REF) =>
    Number(
      (await dailyCounters(app())).get(counterKey({ subjectId: id, day, metric, ref }))?.count ?? 0,
    );
  const probe: TBeacon = { ip: "203.0.113.66", userAgent: BROWSER_UA };
  const neighbour: TBeacon = { ip: "203.0.113.67", userAgent: BROWSER_UA };

  it("counts the probe's 20 beacons of 50 views as one view; two visitors two; the next day again", async () => {
    const facility = suite.listings.facility;
    const view: TTrackEvent = { type: "view", kind: "facility", id: facility };
    await rollupDays(app().db, YESTERDAY, TODAY, retention);
    const before = {
      yesterday: await countOf(facility, YESTERDAY, "views"),
      today: await countOf(facility, TODAY, "views"),
    };
    // The probe: 20 anonymous beacons of 50 views from one address and browser, yesterday.
    suite.clock.set(`${YESTERDAY}T10:00:00.000Z`);
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => track(app(), many(50, view), probe)),
    );
    const accepted = replies.map((r) => r.json().data.accepted as number);
    // Its day's bound stores 500 of the 1,000 (and says so); the counter counts it once.
    expect(accepted.reduce((a, b) => a + b, 0)).toBe(500);
    await rollupDays(app().db, YESTERDAY, TODAY, retention);
    expect(await countOf(facility, YESTERDAY, "views")).toBe(before.yesterday + 1);
    // A second visitor is a second view.
    await track(app(), many(3, view), neighbour);
    await rollupDays(app().db, YESTERDAY, TODAY, retention);
    expect(await countOf(facility, YESTERDAY, "views")).toBe(before.yesterday + 2);
    // Today the probe counts again, once.
    suite.clock.set(`${TODAY}T00:30:00.000Z`);
    await track(app(), many(50, view), probe);
    await track(app(), many(50, view), probe);
    await rollupDays(app().db, YESTERDAY, TODAY, retention);
    expect(await countOf(facility, TODAY, "views")).toBe(before.today + 1);
    expect(await countOf(facility, YESTERDAY, "views")).toBe(before.yesterday + 2);
  });

  it("counts impressions once per visitor and day, and clicks once per visitor, target and ref", async () => {
    const { hotel, destination } = suite.listings;
    const [hotelA, hotelB] = REFS as [string, string];
    const events: TTrackEvent[] = [
      ...Array.from(
        { length: 10 },
        (): TTrackEvent => ({ type: "impression", kind: "hotel", id: hotel }),
      ),
      ...Array.from(
        { length: 5 },
        (): TTrackEvent => ({
          type: "click",
          kind: "destination",
          id: destination,
          target: "website",
        }),
      ),
      ...Array.from(
        { length: 4 },
        (): TTrackEvent => ({
          type: "click",
          kind: "destination",
          id: destination,
          target: "hotel",
          ref: hotelA,
        }),
      ),
      { type: "click", kind: "destination", id: destination, target: "hotel", ref: hotelB },
    ];
    const metrics: [string, string, string?][] = [
      [hotel, "impressions"],
      [destination, "clicks"],
      [destination, "clicks.website"],
      [destination, "clicks.hotel", hotelA],
      [destination, "clicks.hotel", hotelB],
    ];
    const counts = () => Promise.all(metrics.map(([id, m, ref]) => countOf(id, TODAY, m, ref)));
    suite.clock.set(`${TODAY}T01:00:00.000Z`);
    await rollupDays(app().db, TODAY, TODAY, retention);
    const before = await counts();
    // The probe sends the lot five times over.
    for (let i = 0; i < 5; i++) {
      expect((await track(app(), { batchId: randomUUID(), events }, probe)).statusCode).toBe(202);
    }
    await rollupDays(app().db, TODAY, TODAY, retention);
    // Impressions +1; clicks +3 (website, hotel A, hotel B), each target and ref +1.
    expect(await counts()).toEqual(before.map((n, i) => n + (i === 1 ? 3 : 1)));
    // Another visitor, once: the same again.
    await track(app(), { batchId: randomUUID(), events }, neighbour);
    await rollupDays(app().db, TODAY, TODAY, retention);
    expect(await counts()).toEqual(before.map((n, i) => n + (i === 1 ? 6 : 2)));
  });

  it("says on the listing's dashboard that its figures are unique visitors", async () => {
    const facility = suite.listings.facility;
    suite.clock.set(new Date());
    const res = await app().inject({
      url: `/report-mgmt/api/facilities/${facility}/profile?startDate=${YESTERDAY}&endDate=${TODAY}&${V}`,
      headers: { authorization: `Bearer ${suite.tokens().owner.access_token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data;
    const views = report.kpis.find((k: { metric: string }) => k.metric === "views");
    expect(views.label).toBe("Unique profile views");
    expect(views.total).toBe(
      (await countOf(facility, YESTERDAY, "views")) + (await countOf(facility, TODAY, "views")),
    );
    expect(report.kpis.map((k: { metric: string }) => k.metric)).not.toContain("visitors");
    expect(report.notes.join(" ")).toContain("each visitor once per listing and day");
  });
});
