// A request's acceptable date sets (its `dateOptions`, or the event's own dates), the words that
// describe them, why some cannot be kept, and how a venue calendar meets each set. One rule for the
// wizard, the server's refusals, matching and the lead a venue reads.
import {
  REQUEST_MAX_SET_DAYS,
  REQUEST_MAX_WINDOW_DAYS,
  type TRequestDates,
} from "../contracts/request-dates";
import { AVAILABILITY_MAX_DAYS_AHEAD } from "../reference/availability";
import type { TErrorCode } from "../reference/error-codes";
import {
  availabilityReason,
  dateSetFit,
  type TCalendarRange,
  type TDateSet,
  type TDateSetFit,
  type TSpaceAsk,
} from "./availability";
import { addDays, diffDays, weekdayOf } from "./dates";
import { formatEventDateRange, WEEKDAY_SHORT } from "./event-dates";

/** What of an event and its request decides its date sets. */
export type TRequestDateFacts = {
  dateOptions: TRequestDates | null;
  startDate: string | null;
  endDate: string | null;
  hasFlexibleDates: boolean | null;
};

/**
 * Every date set a window holds, in date order: `days` consecutive days inside it, each on one of
 * its weekdays (none named: any).
 */
export function windowDateSets(window: Extract<TRequestDates, { kind: "window" }>): TDateSet[] {
  const allowed = new Set(window.weekdays.length > 0 ? window.weekdays : [0, 1, 2, 3, 4, 5, 6]);
  const sets: TDateSet[] = [];
  let run = 0;
  for (let day = window.from; day <= window.to; day = addDays(day, 1)) {
    run = allowed.has(weekdayOf(day)) ? run + 1 : 0;
    if (run >= window.days) sets.push({ startDate: addDays(day, 1 - window.days), endDate: day });
  }
  return sets;
}

/**
 * The date sets a request accepts: its alternative sets, every set its window holds, or the
 * event's own dates (flexible dates: any one day between them); none when the event has no dates.
 */
export function requestDateSets(facts: TRequestDateFacts): TDateSet[] {
  const options = facts.dateOptions;
  if (options?.kind === "sets") return [...options.sets].sort(byStart);
  if (options?.kind === "window") return windowDateSets(options);
  if (!facts.startDate) return [];
  const endDate = facts.endDate ?? facts.startDate;
  if (facts.hasFlexibleDates) {
    return windowDateSets({
      kind: "window",
      from: facts.startDate,
      to: endDate,
      days: 1,
      weekdays: [],
    });
  }
  return [{ startDate: facts.startDate, endDate }];
}

const byStart = (a: TDateSet, b: TDateSet) =>
  a.startDate.localeCompare(b.startDate) || a.endDate.localeCompare(b.endDate);

/** The first and last day any of the sets takes (what a calendar read must cover); null: none. */
export function dateSetsSpan(sets: readonly TDateSet[]): TDateSet | null {
  if (sets.length === 0) return null;
  let startDate = sets[0]!.startDate;
  let endDate = sets[0]!.endDate;
  for (const set of sets) {
    if (set.startDate < startDate) startDate = set.startDate;
    if (set.endDate > endDate) endDate = set.endDate;
  }
  return { startDate, endDate };
}

/**
 * Why date options cannot be kept on `today` (null when they can): one message for form and server.
 * Every set (a window: its first day) starts today or later and ends within the calendars' reach
 * (AVAILABILITY_MAX_DAYS_AHEAD); a set is REQUEST_MAX_SET_DAYS long at most; the sets, or the window,
 * span REQUEST_MAX_WINDOW_DAYS at most (what one calendar read covers); a window holds a set.
 */
export function requestDatesProblem(
  options: TRequestDates | null,
  today: string,
): { code: TErrorCode; message: string } | null {
  if (!options) return null;
  const problem = (message: string) => ({ code: "REQUEST_DATES_INVALID" as const, message });
  const reach = addDays(today, AVAILABILITY_MAX_DAYS_AHEAD);
  const tooFar = problem(`Date options reach ${reach} at most.`);
  if (options.kind === "sets") {
    for (const set of options.sets) {
      if (set.startDate < today) return problem("A date set cannot start in the past.");
      if (diffDays(set.startDate, set.endDate) + 1 > REQUEST_MAX_SET_DAYS) {
        return problem(`A date set is ${REQUEST_MAX_SET_DAYS} days at most.`);
      }
      if (set.endDate > reach) return tooFar;
    }
    const span = dateSetsSpan(options.sets)!;
    if (diffDays(span.startDate, span.endDate) + 1 > REQUEST_MAX_WINDOW_DAYS) {
      return problem(`The date sets lie within ${REQUEST_MAX_WINDOW_DAYS} days of each other.`);
    }
    return null;
  }
  if (options.from < today) return problem("The window cannot start in the past.");
  if (diffDays(options.from, options.to) + 1 > REQUEST_MAX_WINDOW_DAYS) {
    return problem(`A window spans ${REQUEST_MAX_WINDOW_DAYS} days at most.`);
  }
  if (options.to > reach) return tooFar;
  if (windowDateSets(options).length === 0) {
    return problem(
      `No ${options.days} days in a row on ${weekdaysWords(options.weekdays)} fit in the window.`,
    );
  }
  return null;
}

/**
 * "Fri-Sun" (three or more days in one run, across the week's end too: "Fri-Mon"), "Sat, Sun",
 * "Mon, Wed", "any day" (none or all).
 */
export function weekdaysWords(weekdays: readonly number[]): string {
  const days = new Set(weekdays);
  if (days.size === 0 || days.size === 7) return "any day";
  // A run starts on a day whose eve is not in it; one start is one run.
  const starts = [...days].filter((d) => !days.has((d + 6) % 7));
  if (starts.length === 1 && days.size > 2) {
    const first = starts[0]!;
    return `${WEEKDAY_SHORT[first]}-${WEEKDAY_SHORT[(first + days.size - 1) % 7]}`;
  }
  // Else in the week's order from Monday.
  const order = [...days].sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7));
  return order.map((d) => WEEKDAY_SHORT[d]).join(", ");
}

/**
 * The request's dates in words: "Fri, Mar 13th - Sun, Mar 15th, 2026 or Fri, Mar 20th - …",
 * "2 days in a row, Fri-Sun, between Sun, Mar 1st and Thu, Apr 30th, 2026"; null: the event's dates.
 */
export function describeRequestDates(options: TRequestDates | null): string | null {
  if (!options) return null;
  if (options.kind === "sets") {
    return [...options.sets]
      .sort(byStart)
      .map((s) => formatEventDateRange(s.startDate, s.endDate))
      .join(" or ");
  }
  const days = options.days === 1 ? "1 day" : `${options.days} days in a row`;
  const on = options.weekdays.length > 0 ? `, ${weekdaysWords(options.weekdays)}` : "";
  return `${days}${on}, between ${formatEventDateRange(options.from, options.to).replace(" - ", " and ")}`;
}

/** How a calendar meets one of the request's date sets. */
export type TSetFit = TDateSetFit & { set: TDateSet };

/** The days of a request's sets, laid out once for every calendar judged against them. */
type TSetsPlan = {
  /** Every day of the sets' span, in order. */
  days: string[];
  /** Each set's first and last day, as indexes into `days`. */
  bounds: (readonly [number, number])[];
  /** The indexes of the days some set takes. */
  used: number[];
};

// Matching judges hundreds of calendars against one array of sets: its plan is made once.
const plans = new WeakMap<readonly TDateSet[], TSetsPlan>();

function planOf(sets: readonly TDateSet[], span: TDateSet): TSetsPlan {
  const known = plans.get(sets);
  if (known) return known;
  const days: string[] = [];
  for (let day = span.startDate; day <= span.endDate; day = addDays(day, 1)) days.push(day);
  const bounds = sets.map(
    (set) =>
      [diffDays(span.startDate, set.startDate), diffDays(span.startDate, set.endDate)] as const,
  );
  const taken = new Uint8Array(days.length);
  for (const [first, last] of bounds) taken.fill(1, first, last + 1);
  const used: number[] = [];
  taken.forEach((t, d) => {
    if (t) used.push(d);
  });
  const plan = { days, bounds, used };
  plans.set(sets, plan);
  return plan;
}

/**
 * How a calendar meets each date set, in the sets' order. A window holds up to a year of sets, so
 * each day the sets take is judged once (`dateSetFit`, the one rule) and the sets read those
 * judgements; a day no range of the calendar covers is judged as any such day is.
 */
export function dateSetsFit(
  sets: readonly TDateSet[],
  ranges: readonly TCalendarRange[],
  ask: TSpaceAsk | null,
): TSetFit[] {
  const span = dateSetsSpan(sets);
  if (!span) return [];
  const plan = planOf(sets, span);
  const relevant = ranges.filter((r) => r.startDate <= span.endDate && r.endDate >= span.startDate);
  // The judgement of a day without ranges (free unless the venue lacks the spaces asked).
  const bare = dateSetFit({ startDate: span.startDate, endDate: span.startDate }, [], ask);
  const byDay: (TDateSetFit | undefined)[] = new Array(plan.days.length);
  if (relevant.length > 0) {
    const covered = new Uint8Array(plan.days.length);
    for (const r of relevant) {
      const first = r.startDate <= span.startDate ? 0 : diffDays(span.startDate, r.startDate);
      const last =
        r.endDate >= span.endDate ? plan.days.length - 1 : diffDays(span.startDate, r.endDate);
      covered.fill(1, first, last + 1);
    }
    for (const d of plan.used) {
      if (!covered[d]) continue;
      const day = plan.days[d]!;
      byDay[d] = dateSetFit({ startDate: day, endDate: day }, relevant, ask);
    }
  }
  return sets.map((set, i) => {
    const [first, last] = plan.bounds[i]!;
    const takenDays: string[] = [];
    const needDays: string[] = [];
    let discount = 0;
    for (let d = first; d <= last; d++) {
      const fit = byDay[d];
      if (!(fit ?? bare).free) takenDays.push(plan.days[d]!);
      if (fit && fit.needDays.length > 0) needDays.push(plan.days[d]!);
      discount = Math.max(discount, fit?.discountPercent ?? 0);
    }
    return {
      set,
      free: takenDays.length === 0,
      takenDays,
      needDays,
      discountPercent: discount > 0 ? discount : null,
    };
  });
}

/**
 * The sets a venue can take, best first: free sets with need dates (most need days, then the
 * biggest discount), then the other free sets, each group in date order.
 */
export function workableSets(fits: readonly TSetFit[]): TSetFit[] {
  const free = fits.filter((f) => f.free);
  const need = free
    .filter((f) => f.needDays.length > 0)
    .sort(
      (a, b) =>
        b.needDays.length - a.needDays.length ||
        (b.discountPercent ?? 0) - (a.discountPercent ?? 0) ||
        byStart(a.set, b.set),
    );
  return [...need, ...free.filter((f) => f.needDays.length === 0)];
}

// A publish writes the same few sets into hundreds of leads' reasons: each set's words are made
// once (kept as long as the set itself).
const labels = new WeakMap<TDateSet, string>();
function labelOf(set: TDateSet): string {
  let label = labels.get(set);
  if (label === undefined) {
    label = formatEventDateRange(set.startDate, set.endDate);
    labels.set(set, label);
  }
  return label;
}

/** The most date sets a reason names; the rest are counted. */
export const REASON_MAX_SETS = 3;

/**
 * What a lead says of the sets a venue's calendar leaves free (`workable`, best first) out of the
 * request's `total`: "Free on your calendar" for a request of one set; else the first few named,
 * "Free on Sat, Mar 13th - Sun, Mar 14th, 2027 and Sat, Mar 20th - Sun, Mar 21st, 2027 of your 8
 * date options", "Free on A, B, C and 2 more of your 8 date options".
 */
export function workableSetsReason(workable: readonly TDateSet[], total: number): string {
  if (total <= 1) return "Free on your calendar";
  const named = workable.slice(0, REASON_MAX_SETS).map(labelOf);
  const more = workable.length - named.length;
  const list =
    more > 0
      ? `${named.join(", ")} and ${more} more`
      : named.length > 1
        ? `${named.slice(0, -1).join(", ")} and ${named.at(-1)}`
        : (named[0] ?? "none");
  return `Free on ${list} of your ${total} date options`;
}

/**
 * The reasons a lead reads about its venue's calendar, for a request of `total` sets, given the
 * sets the calendar leaves free (best first; null: no calendar, counted as free): `first` goes
 * before the lead's other reasons, `last` after them. "Calendar not kept"; else, when the best set
 * has need dates, "You marked … as need dates (N% off)" first; then which sets are free (a request
 * of one set: "Free on your calendar", said only when no need dates are).
 */
export function calendarReasons(
  workable: readonly TSetFit[] | null,
  total: number,
): { first: string[]; last: string[] } {
  if (!workable) return { first: [], last: ["Calendar not kept"] };
  const best = workable[0];
  if (!best) {
    return {
      first: [],
      last: [total <= 1 ? "Taken on your calendar" : `Taken on all ${total} of your date options`],
    };
  }
  const need = best.needDays.length > 0 ? [availabilityReason(best)] : [];
  if (total <= 1)
    return need.length > 0
      ? { first: need, last: [] }
      : { first: [], last: [availabilityReason(best)] };
  return {
    first: need,
    last: [
      workableSetsReason(
        workable.map((f) => f.set),
        total,
      ),
    ],
  };
}

/**
 * The days an award takes on the winner's calendar: the request's one date set; with several,
 * the one set holding every date the winning proposal names; otherwise none yet (the organizer has
 * not said which, as with flexible dates, whose sets are their days).
 */
export function awardedDateSet(
  sets: readonly TDateSet[],
  proposalDates: readonly string[],
): TDateSet | null {
  if (sets.length === 1) return sets[0]!;
  if (proposalDates.length === 0) return null;
  const holding = sets.filter((set) =>
    proposalDates.every((day) => set.startDate <= day && day <= set.endDate),
  );
  return holding.length === 1 ? holding[0]! : null;
}

/**
 * The days a proposal may name: from the first to the last day of the event's own dates and of
 * every date set its request accepts (a window's, or alternatives outside the event's dates).
 */
export function proposalDateSpan(event: TDateSet, dateOptions: TRequestDates | null): TDateSet {
  const sets = dateOptions
    ? requestDateSets({ dateOptions, startDate: null, endDate: null, hasFlexibleDates: false })
    : [];
  return dateSetsSpan([event, ...sets]) ?? event;
}
