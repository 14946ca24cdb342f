// The demo network's traffic: 180 days of views, unique visitors, search impressions and clicks,
// so every dashboard and leaderboard shows a real curve. Daily counters (analytics_daily) for the
// older days; raw events (analytics_events, in batches) for yesterday and this morning, which the
// seed then rolls into their counters as the scheduled job does (repository.ts, rollUpRawDays).
// The shape: a long tail (most listings are seen a few times in half a year, many days not at all
// and those days have no row), more for paying tiers (Gold > Silver > Bronze > Legacy) and kinds
// people look up (destinations, events), a lift while a boost runs, a weekly rhythm (planners look
// on weekdays), a slow trend and day-to-day noise. The demo accounts' own listings get a full curve.
// Visitors are 60-80% of views, impressions several times views, clicks a few percent of views
// (to the website, phone, e-mail, directions and the hotels near the listing).
import { KINDS } from "@hostfield/domain/kinds";
import type { TProfileKind, TTier } from "@hostfield/domain/reference";
import { addDays } from "@hostfield/domain/rules";
import { NO_REF } from "../../modules/reports/schema";
import { DAY_MS, type TBuilder } from "./builder";
import type { TDemoNetwork, TProfileRow } from "./network";
import { pickWeighted, type TRandom } from "./random";

type TCounterRow = TDemoNetwork["analyticsDaily"][number];
type TEventRow = TDemoNetwork["analyticsEvents"][number];

/** Days of traffic up to today; the last RAW_DAYS of them as raw events. */
export const TRAFFIC_DAYS = 180;
/** Yesterday and today are raw events (today only its morning: until noon UTC). */
export const RAW_DAYS = 2;

/** A paying tier's lift on the listing's views. */
const TIER_LIFT: Record<TTier, number> = { Gold: 6, Silver: 3.5, Bronze: 2, Legacy: 1.3 };
/** Views while a boost runs, against the days before it. */
const BOOST_LIFT = 3;
/** Views a day, at least, of a listing worth boosting (before the boost's lift). */
const BOOSTED_VIEWS = 0.15;
/** The spread of the long tail: a Pareto draw of this shape, capped at this multiple. */
const TAIL_SHAPE = 1.3;
const TAIL_CAP = 150;
/** Sunday to Saturday: planners look on weekdays. */
const WEEKDAY_LIFT = [0.7, 1.12, 1.2, 1.15, 1.06, 0.9, 0.62] as const;
/** Where clicks lead, by weight; a target the listing does not have is left out. */
const CLICK_WEIGHTS = { website: 40, phone: 20, directions: 20, email: 10, hotel: 15 } as const;
type TClickTarget = keyof typeof CLICK_WEIGHTS;
/** Kinds whose pages list the hotels near them (a click on one names it in `ref`). */
const HOTEL_LINK_KINDS = new Set<TProfileKind>(["facility", "event", "destination"]);

const NO_CLICKS: TDayCounts["clicks"] = [];
/** Most days of most listings. */
const NOTHING: TDayCounts = { views: 0, visitors: 0, impressions: 0, clicks: NO_CLICKS };

/** One listing's audience: what each day's counts are drawn around. */
type TAudience = {
  row: TProfileRow;
  /** Views on an average weekday today, before the boost's lift. */
  views: number;
  /** Growth over the 180 days: 0.4 means today is 1.4 times the first day. */
  growth: number;
  impressionsPerView: number;
  clickRate: number;
  /** The first day of a running boost, if any. */
  boostFrom?: string;
  targets: readonly (readonly [TClickTarget, number])[];
  /** Hotels near it a visitor may click, drawn on the first hotel click. */
  hotels?: string[];
};

type TDayCounts = {
  views: number;
  visitors: number;
  impressions: number;
  clicks: { target: TClickTarget; ref: string }[];
};

/** The days of traffic, oldest first, with what each day's counts share. */
type TDay = { day: string; weekdayLift: number; age: number; raw: boolean; share: number };

/** Listings whose traffic is drawn between two yields of addTraffic: some milliseconds' work. */
const LISTINGS_PER_STEP = 250;

/**
 * Adds the counters and raw events of every approved, active listing, yielding now and then so
 * the seed can keep the database busy meanwhile (this is most of the drawing at large scales).
 */
export function* addTraffic(
  b: TBuilder,
  owned: ReadonlySet<string>,
): Generator<undefined, void, undefined> {
  const r = b.root.fork("traffic");
  const { today } = b.input;
  const days: TDay[] = Array.from({ length: TRAFFIC_DAYS }, (_, i) => {
    const day = addDays(today, i + 1 - TRAFFIC_DAYS);
    return {
      day,
      weekdayLift: WEEKDAY_LIFT[new Date(`${day}T00:00:00Z`).getUTCDay()]!,
      // 1 on the first day, 0 today: how far back the trend reaches.
      age: (TRAFFIC_DAYS - 1 - i) / (TRAFFIC_DAYS - 1),
      raw: i >= TRAFFIC_DAYS - RAW_DAYS,
      // Today's raw events are its morning's.
      share: day === today ? 0.5 : 1,
    };
  });
  const hotelsByState = visibleHotelsByState(b.network.profiles);
  const boosts = new Map(b.network.profileBoosts.map((boost) => [boost.profileId, boost]));
  let drawn = 0;
  for (const row of b.network.profiles) {
    if (row.status !== "approved" || !row.isActive) continue;
    const audience = audienceOf(r, row, owned.has(row.id), boosts.get(row.id)?.startDate);
    for (const day of days) {
      const counts = drawDay(r, audience, day, hotelsByState);
      if (day.raw) addEvents(b, r, row, day.day, counts);
      else addCounters(b.network.analyticsDaily, row, day.day, counts);
    }
    if (++drawn % LISTINGS_PER_STEP === 0) yield;
  }
}

function audienceOf(
  r: TRandom,
  row: TProfileRow,
  isOwned: boolean,
  boostFrom: string | undefined,
): TAudience {
  // Pareto: most listings near the kind's figure, a few hundreds of times it.
  const tail = Math.min(TAIL_CAP, (1 - r.next()) ** (-1 / TAIL_SHAPE));
  const paid = row.tier ? TIER_LIFT[row.tier as TTier] : 1;
  let views = isOwned
    ? KINDS[row.kind].demo.ownedViews * (0.7 + 0.6 * r.next())
    : KINDS[row.kind].demo.views * tail * paid;
  if (boostFrom) views = Math.max(views, BOOSTED_VIEWS);
  const targets: [TClickTarget, number][] = [["directions", CLICK_WEIGHTS.directions]];
  if (row.website) targets.push(["website", CLICK_WEIGHTS.website]);
  if (row.phone) targets.push(["phone", CLICK_WEIGHTS.phone]);
  if (row.email) targets.push(["email", CLICK_WEIGHTS.email]);
  if (HOTEL_LINK_KINDS.has(row.kind)) targets.push(["hotel", CLICK_WEIGHTS.hotel]);
  return {
    row,
    views,
    growth: isOwned ? 0.35 + 0.3 * r.next() : -0.15 + 0.7 * r.next(),
    impressionsPerView: 2.5 + 2 * r.next(),
    clickRate: 0.02 + 0.04 * r.next(),
    boostFrom,
    targets,
  };
}

function drawDay(
  r: TRandom,
  a: TAudience,
  d: TDay,
  hotelsByState: ReadonlyMap<string, readonly string[]>,
): TDayCounts {
  const trend = (1 + a.growth) ** -d.age;
  const boost = a.boostFrom && d.day >= a.boostFrom ? BOOST_LIFT : 1;
  // Day-to-day noise: ±30%.
  const noise = 0.7 + 0.6 * r.next();
  const expected = a.views * d.weekdayLift * trend * boost * noise * d.share;
  const views = poisson(r, expected);
  const impressions = poisson(r, expected * a.impressionsPerView);
  const visitors =
    views === 0 ? 0 : Math.min(views, Math.max(1, Math.round(views * (0.6 + 0.2 * r.next()))));
  const clickCount = views === 0 ? 0 : poisson(r, views * a.clickRate);
  if (clickCount === 0) {
    return views + impressions === 0
      ? NOTHING
      : { views, visitors, impressions, clicks: NO_CLICKS };
  }
  const clicks: TDayCounts["clicks"] = [];
  for (let n = 0; n < clickCount; n++) {
    const target = pickWeighted(r, a.targets);
    if (target === "hotel") {
      a.hotels ??= r.sample(hotelsByState.get(a.row.state ?? "") ?? [], r.int(1, 3));
      if (a.hotels.length === 0) {
        clicks.push({ target: "directions", ref: NO_REF });
        continue;
      }
      clicks.push({ target, ref: r.pick(a.hotels) });
    } else clicks.push({ target, ref: NO_REF });
  }
  return { views, visitors, impressions, clicks };
}

function addCounters(rows: TCounterRow[], row: TProfileRow, day: string, c: TDayCounts): void {
  // Views count each visitor once a day (reports/rollup.ts): the day's visitors, not its views.
  addCounter(rows, row, day, "views", c.visitors);
  addCounter(rows, row, day, "impressions", c.impressions);
  if (c.clicks.length === 0) return;
  addCounter(rows, row, day, "clicks", c.clicks.length);
  const byTarget = new Map<string, number>();
  for (const click of c.clicks) {
    const key = `${click.target} ${click.ref}`;
    byTarget.set(key, (byTarget.get(key) ?? 0) + 1);
  }
  for (const [key, count] of byTarget) {
    const [target, ref] = key.split(" ") as [string, string];
    addCounter(rows, row, day, `clicks.${target}`, count, ref);
  }
}

// A plain function, not a closure: it runs millions of times.
function addCounter(
  rows: TCounterRow[],
  row: TProfileRow,
  day: string,
  metric: string,
  count: number,
  ref = NO_REF,
): void {
  if (count > 0) rows.push({ subjectId: row.id, subjectKind: row.kind, day, metric, ref, count });
}

/**
 * A day's counts as the browser would have sent them: each visitor's views and clicks in one
 * batch, impressions in batches of up to 20 (a results page), at a time of the day (today's
 * before noon).
 */
function addEvents(b: TBuilder, r: TRandom, row: TProfileRow, day: string, c: TDayCounts): void {
  const dayStart = Date.parse(`${day}T00:00:00Z`);
  const span = day === b.input.today ? DAY_MS / 2 : DAY_MS;
  const visitors = Array.from({ length: c.visitors }, () => visitorHash(r));
  type TPending = Omit<TEventRow, "batchId" | "receivedAt" | "day">;
  const byVisitor = new Map<string, TPending[]>();
  const base = { subjectKind: row.kind, subjectId: row.id };
  for (let n = 0; n < c.views; n++) {
    // Every visitor views at least once; the other views are return visits.
    const visitor = n < visitors.length ? visitors[n]! : r.pick(visitors);
    push(byVisitor, visitor, { ...base, type: "view", visitor });
  }
  for (const click of c.clicks) {
    const visitor = r.pick(visitors);
    const ref = click.ref === NO_REF ? null : click.ref;
    push(byVisitor, visitor, { ...base, type: "click", target: click.target, ref, visitor });
  }
  const batches = [...byVisitor.values()];
  for (let n = 0; n < c.impressions; n += 20) {
    const size = Math.min(20, c.impressions - n);
    batches.push(
      Array.from({ length: size }, () => ({
        ...base,
        type: "impression" as const,
        visitor: visitorHash(r),
      })),
    );
  }
  for (const events of batches) {
    const batchId = r.uuid();
    const receivedAt = new Date(dayStart + Math.floor(r.next() * span));
    b.network.analyticsBatches.push({ batchId, receivedAt });
    for (const event of events)
      b.network.analyticsEvents.push({ ...event, batchId, receivedAt, day });
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** What a daily salted hash of a visitor looks like: 32 hex digits. */
const visitorHash = (r: TRandom) => r.uuid().replace(/-/g, "");

function visibleHotelsByState(profiles: readonly TProfileRow[]): Map<string, string[]> {
  const byState = new Map<string, string[]>();
  for (const p of profiles) {
    if (p.kind === "hotel" && p.status === "approved" && p.isActive)
      push(byState, p.state ?? "", p.id);
  }
  return byState;
}

/** A standard normal draw (Box-Muller). */
function normal(r: TRandom): number {
  return Math.sqrt(-2 * Math.log(1 - r.next())) * Math.cos(2 * Math.PI * r.next());
}

/** A Poisson draw: by multiplying uniforms when small, by the normal approximation when large. */
function poisson(r: TRandom, mean: number): number {
  if (mean <= 0) return 0;
  if (mean > 40) return Math.max(0, Math.round(mean + Math.sqrt(mean) * normal(r)));
  const limit = Math.exp(-mean);
  let n = 0;
  let product = r.next();
  while (product > limit) {
    n++;
    product *= r.next();
  }
  return n;
}
