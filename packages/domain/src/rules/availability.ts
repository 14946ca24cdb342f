// How a venue's calendar meets a request's dates: which days are taken (booked or held for the
// whole venue, or too many of the asked spaces), which are need dates, and the words its lead
// reads. One rule for matching (the server) and the calendar views (the web).
import type { TAvailabilityInput, TAvailabilityRange } from "../contracts/availability";
import {
  AVAILABILITY_MAX_DAYS_AHEAD,
  AVAILABILITY_MAX_RANGE_DAYS,
} from "../reference/availability";
import { addDays, dayNumber, diffDays } from "./dates";
import { formatEventDateRange } from "./event-dates";

/** What matching reads of a range. */
export type TCalendarRange = Pick<
  TAvailabilityRange,
  "kind" | "startDate" | "endDate" | "spaceTypeId" | "spaces" | "discountPercent"
>;

/** The asked spaces a venue has (its space types of the asked kind) and how many are needed. */
export type TSpaceAsk = { spaces: readonly { id: string; count: number }[]; needed: number };

export type TDateSet = { startDate: string; endDate: string };

/** How a calendar meets one date set. */
export type TDateSetFit = {
  free: boolean;
  /** The days of the set that are taken. */
  takenDays: string[];
  /** The days of the set the venue marked as need dates. */
  needDays: string[];
  /** The best discount offered on those need dates. */
  discountPercent: number | null;
};

/** Every day from `start` to `end`, both included. */
export function eachDay(start: string, end: string): string[] {
  const days: string[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) days.push(day);
  return days;
}

const covers = (range: TCalendarRange, day: string) =>
  range.startDate <= day && day <= range.endDate;
const takes = (range: TCalendarRange) => range.kind !== "need";

/**
 * Whether the venue is free on `day`: no booked or held range for the whole venue, and (when
 * spaces are asked) the asked space types' spaces less those booked or held that day still
 * come to the number needed.
 */
function freeOn(day: string, ranges: readonly TCalendarRange[], ask: TSpaceAsk | null): boolean {
  const covering = ranges.filter((r) => covers(r, day) && takes(r));
  if (covering.some((r) => r.spaceTypeId === null)) return false;
  if (!ask) return true;
  const left = ask.spaces.reduce((sum, space) => {
    const taken = covering
      .filter((r) => r.spaceTypeId === space.id)
      .reduce((n, r) => n + (r.spaces ?? space.count), 0);
    return sum + Math.max(0, space.count - taken);
  }, 0);
  return left >= ask.needed;
}

/** A need range counts for the whole venue, or for one of the asked space types. */
const needFor = (range: TCalendarRange, ask: TSpaceAsk | null) =>
  range.kind === "need" &&
  (range.spaceTypeId === null || !ask || ask.spaces.some((s) => s.id === range.spaceTypeId));

export function dateSetFit(
  set: TDateSet,
  ranges: readonly TCalendarRange[],
  ask: TSpaceAsk | null,
): TDateSetFit {
  const days = eachDay(set.startDate, set.endDate);
  const takenDays = days.filter((day) => !freeOn(day, ranges, ask));
  const needRanges = ranges.filter((r) => needFor(r, ask));
  const needDays = days.filter((day) => needRanges.some((r) => covers(r, day)));
  const discounts = needRanges
    .filter((r) => needDays.some((day) => covers(r, day)))
    .map((r) => r.discountPercent ?? 0);
  const best = discounts.length > 0 ? Math.max(...discounts) : 0;
  return {
    free: takenDays.length === 0,
    takenDays,
    needDays,
    discountPercent: best > 0 ? best : null,
  };
}

/**
 * What a lead says of the venue's calendar: "Calendar not kept" (no calendar: it counts as free),
 * "You marked Jun 12th - 14th as need dates (15% off)", or "Free on your calendar".
 */
export function availabilityReason(fit: TDateSetFit | null): string {
  if (!fit) return "Calendar not kept";
  const first = fit.needDays[0];
  const last = fit.needDays.at(-1);
  if (first && last) {
    const off = fit.discountPercent ? ` (${fit.discountPercent}% off)` : "";
    return `You marked ${formatEventDateRange(first, last)} as need dates${off}`;
  }
  return fit.free ? "Free on your calendar" : "Taken on your calendar";
}

/**
 * The days a range (or a weekly rule) covers, as single ranges: the range itself, or one range a
 * day on each weekday the rule names from its start until its end.
 */
export function expandRepeat(
  input: Pick<TAvailabilityInput, "startDate" | "endDate" | "repeat">,
): TDateSet[] {
  if (!input.repeat) return [{ startDate: input.startDate, endDate: input.endDate }];
  const weekdays = new Set(input.repeat.weekdays);
  return eachDay(input.startDate, input.repeat.until)
    .filter((day) => weekdays.has((dayNumber(day) + 4) % 7))
    .map((day) => ({ startDate: day, endDate: day }));
}

/** Why a range cannot be kept, by its dates (null when it can), on `today`. */
export function rangeDateProblem(
  range: TDateSet,
  today: string,
): { code: "AVAILABILITY_TOO_LONG" | "AVAILABILITY_TOO_FAR"; message: string } | null {
  if (diffDays(range.startDate, range.endDate) + 1 > AVAILABILITY_MAX_RANGE_DAYS) {
    return {
      code: "AVAILABILITY_TOO_LONG",
      message: `A range is ${AVAILABILITY_MAX_RANGE_DAYS} days at most; split a longer one.`,
    };
  }
  if (diffDays(today, range.endDate) > AVAILABILITY_MAX_DAYS_AHEAD) {
    return {
      code: "AVAILABILITY_TOO_FAR",
      message: `A calendar reaches ${AVAILABILITY_MAX_DAYS_AHEAD} days ahead at most (to ${addDays(today, AVAILABILITY_MAX_DAYS_AHEAD)}).`,
    };
  }
  return null;
}

/** Two ranges about the same spaces (the whole venue, or one space type) that share a day. */
export function rangesOverlap(
  a: TDateSet & { spaceTypeId: string | null },
  b: TDateSet & { spaceTypeId: string | null },
): boolean {
  return a.spaceTypeId === b.spaceTypeId && a.startDate <= b.endDate && b.startDate <= a.endDate;
}
