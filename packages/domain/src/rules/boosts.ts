// Boosts: how long one may run and when it may start, for a listing's own people, and the boost
// days each tier includes a month (beyond them days are bought); admins book beyond all of these.
// Only approved listings are boosted at all (the server's rule: a pending listing shows nowhere a
// boost would lift it), and at most SPONSORED_PER_PAGE of those boosted today lead a result page.
import type { TTier } from "../reference/tiers";
import { addDays, diffDays, MONTH_NAMES } from "./dates";

/** The most days from a boost's first day to its last that a listing's people may book at once. */
export const BOOST_MAX_DAYS = 90;

/** How many days before today a new start may lie (a day's grace for the time zones). */
export const BOOST_START_GRACE_DAYS = 1;

export type TBoostDates = { startDate: string; endDate: string };
export type TBoostProblem = { field: keyof TBoostDates; message: string };

/**
 * What breaks the limits in a boost booked by a listing's people, or null. `previous` is the boost
 * as it was, for a change: a start kept as it was is not judged again, so a running boost may be
 * shortened or moved on.
 */
export function boostProblem(
  boost: TBoostDates,
  today: string,
  previous?: TBoostDates,
): TBoostProblem | null {
  if (diffDays(boost.startDate, boost.endDate) > BOOST_MAX_DAYS) {
    return {
      field: "endDate",
      message: `A boost runs at most ${BOOST_MAX_DAYS} days from its first day to its last; book a longer one in parts.`,
    };
  }
  const startMoved = previous?.startDate !== boost.startDate;
  if (startMoved && diffDays(boost.startDate, today) > BOOST_START_GRACE_DAYS) {
    return { field: "startDate", message: "A boost cannot start in the past." };
  }
  return null;
}

// ---- quotas (issue 47) ----------------------------------------------------------------------
//
// A listing's people book boosts out of days included each calendar month (UTC) by the listing's
// tier; beyond them they buy days (payments on), and admins book beyond any quota. What counts is
// the boosts the listing's own people booked that run: an admin's never, one awaiting its payment
// not yet. A boost spanning two months counts its days in each.

/** Boost days included each calendar month (UTC), by tier. */
export const BOOST_DAYS_PER_MONTH = {
  Legacy: 3,
  Bronze: 3,
  Silver: 7,
  Gold: 15,
} as const satisfies Record<TTier, number>;

/** A listing without a tier (hotels, companies, organizations, events; a tiered one with none). */
export const BOOST_DAYS_WITHOUT_TIER = 3;

/** At most this many listings boosted today lead the first page of a best-match list. */
export const SPONSORED_PER_PAGE = 3;

/** A boost bought and not paid this many hours after it was booked is dropped. */
export const BOOST_PAYMENT_HOURS = 24;

/** Who booked a boost: out of the included days, bought beyond them, or an admin (no quota). */
export const BOOST_SOURCES = ["included", "paid", "admin"] as const;
export type TBoostSource = (typeof BOOST_SOURCES)[number];
/** Whether a boost runs, or waits for its payment (it lifts nothing and counts nowhere then). */
export const BOOST_STATES = ["active", "awaiting_payment"] as const;
export type TBoostState = (typeof BOOST_STATES)[number];

/** A boost of the listing as the quota reads it. */
export type TBookedBoost = TBoostDates & { id: string; source: TBoostSource; state: TBoostState };

/** A calendar month, `YYYY-MM`. */
export type TMonth = string;

/** The month's name ("2027-03" is "March"). */
export const monthName = (month: TMonth) => MONTH_NAMES[Number(month.slice(5, 7)) - 1] ?? month;

/** The month of a date (`YYYY-MM-DD` → `YYYY-MM`). */
export const monthOf = (isoDate: string): TMonth => isoDate.slice(0, 7);

/** The last day of a month. */
export function lastDayOfMonth(month: TMonth): string {
  const [year, number] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  const next =
    number === 12 ? `${year + 1}-01-01` : `${year}-${String(number + 1).padStart(2, "0")}-01`;
  return addDays(next, -1);
}

/** The boost days included each month for a listing of this tier (none: the untiered days). */
export const boostDaysIncluded = (tier: TTier | null | undefined): number =>
  tier ? BOOST_DAYS_PER_MONTH[tier] : BOOST_DAYS_WITHOUT_TIER;

/** The boost's days (first and last day included) in each month it touches, in order. */
export function boostDaysByMonth(boost: TBoostDates): { month: TMonth; days: number }[] {
  const out: { month: TMonth; days: number }[] = [];
  let start = boost.startDate;
  while (start <= boost.endDate) {
    const month = monthOf(start);
    const last = lastDayOfMonth(month);
    const end = last < boost.endDate ? last : boost.endDate;
    out.push({ month, days: diffDays(start, end) + 1 });
    start = addDays(end, 1);
  }
  return out;
}

/**
 * Whether a boost uses the listing's quota: its own people's. One bought and awaiting its payment
 * holds its days too: its price was counted on the days left when it was booked, so they are not
 * booked again meanwhile (unpaid, it is dropped after BOOST_PAYMENT_HOURS and they come back).
 */
export const countsInQuota = (boost: Pick<TBookedBoost, "source" | "state">) =>
  boost.source !== "admin";

/** The days the listing's boosts use in `month` (the boost `exceptId` left out: one being changed). */
export function boostDaysUsed(
  booked: readonly TBookedBoost[],
  month: TMonth,
  exceptId?: string,
): number {
  let used = 0;
  for (const boost of booked) {
    if (boost.id === exceptId || !countsInQuota(boost)) continue;
    used += boostDaysByMonth(boost).find((m) => m.month === month)?.days ?? 0;
  }
  return used;
}

/** A month a boost touches: the days included, used by the other boosts, needed, and beyond. */
export type TBoostMonthQuota = {
  month: TMonth;
  included: number;
  used: number;
  needed: number;
  /** The needed days beyond what is left of the included ones (what a purchase pays for). */
  extraDays: number;
};

/**
 * The quota of a new or changed boost, per month it touches: a boost being changed (`boost.id`) is
 * not counted among the used ones, so its own days are not counted twice.
 */
export function boostQuota(input: {
  booked: readonly TBookedBoost[];
  boost: TBoostDates & { id?: string };
  tier: TTier | null | undefined;
}): TBoostMonthQuota[] {
  const included = boostDaysIncluded(input.tier);
  return boostDaysByMonth(input.boost).map(({ month, days }) => {
    const used = boostDaysUsed(input.booked, month, input.boost.id);
    const left = Math.max(0, included - used);
    return { month, included, used, needed: days, extraDays: Math.max(0, days - left) };
  });
}

/** The days beyond the included ones over every month of the quota. */
export const boostExtraDays = (months: readonly TBoostMonthQuota[]) =>
  months.reduce((sum, m) => sum + m.extraDays, 0);

/**
 * Why a boost does not fit, for its people: "Silver includes 7 boost days a month; March has 2
 * left, this boost needs 5." (each month it goes beyond).
 */
export function boostQuotaMessage(
  tier: TTier | null | undefined,
  months: readonly TBoostMonthQuota[],
): string {
  const over = months.filter((m) => m.extraDays > 0);
  const included = boostDaysIncluded(tier);
  const who = tier ?? "A listing without a tier";
  const days = included === 1 ? "1 boost day" : `${included} boost days`;
  const parts = over.map(
    (m) =>
      `${monthName(m.month)} has ${Math.max(0, m.included - m.used)} left, this boost needs ${m.needed}`,
  );
  return `${who} includes ${days} a month; ${parts.join("; ")}.`;
}

/**
 * How a page window of a best-match list splits between its sponsored lead (`sponsored` listings,
 * placed first, before every other match) and the other matches in their own order, which leave
 * the sponsored ones out: the lead's part `[start, end)` and the window over the rest. Pages
 * together hold every match once, whatever their size.
 */
export function sponsoredWindow(
  sponsored: number,
  window: { offset: number; limit: number },
): { lead: { start: number; end: number }; rest: { offset: number; limit: number } } {
  const start = Math.min(window.offset, sponsored);
  const end = Math.min(window.offset + window.limit, sponsored);
  return {
    lead: { start, end },
    rest: { offset: Math.max(0, window.offset - sponsored), limit: window.limit - (end - start) },
  };
}
