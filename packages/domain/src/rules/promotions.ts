// Business promotions over time: when a promotion is valid, and which of its weekdays a stay meets.
import { addDays, diffDays } from "./dates";

/** Weekdays as promotions name them, Monday first (ISO order). */
export const PROMOTION_DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;
export type TPromotionDay = (typeof PROMOTION_DAYS)[number];

/** The weekday of a `YYYY-MM-DD` day. */
export function promotionDayOf(isoDate: string): TPromotionDay {
  const sundayFirst = new Date(`${isoDate}T00:00:00Z`).getUTCDay();
  return PROMOTION_DAYS[(sundayFirst + 6) % 7]!;
}

/** The weekdays met from `start` to `end` (both included): all seven from a week on. */
export function weekdaysBetween(start: string, end: string): TPromotionDay[] {
  if (end < start) return [];
  if (diffDays(start, end) >= 6) return [...PROMOTION_DAYS];
  const days = new Set<TPromotionDay>();
  for (let day = start; day <= end; day = addDays(day, 1)) days.add(promotionDayOf(day));
  return PROMOTION_DAYS.filter((d) => days.has(d));
}

export type TPromotionStatus = "upcoming" | "current" | "expired";

/** Expired once its last day has passed; upcoming before its first. */
export function promotionStatus(
  p: { validFrom: string; validTo: string },
  today: string,
): TPromotionStatus {
  if (p.validTo < today) return "expired";
  if (p.validFrom > today) return "upcoming";
  return "current";
}

/**
 * Whether a promotion is good on some day of `start`…`end`: its dates overlap the range from today
 * on (an expired one never is), and, when it names weekdays, one of them falls in that overlap.
 */
export function promotionValidDuring(
  p: { validFrom: string; validTo: string; days: readonly string[] },
  range: { start: string; end: string },
  today: string,
): boolean {
  const from = [p.validFrom, range.start, today].sort().at(-1)!;
  const to = [p.validTo, range.end].sort()[0]!;
  if (to < from) return false;
  if (p.days.length === 0) return true;
  return weekdaysBetween(from, to).some((d) => p.days.includes(d));
}

/** An offer in words: "10% off", "$5 off", "$7.50 off", or the offer's own text. */
export function offerLabel(
  offer: { type: "percentage" | "amount"; value: number } | { type: "text"; text: string },
): string {
  if (offer.type === "text") return offer.text;
  if (offer.type === "percentage") return `${offer.value}% off`;
  const dollars = Number.isInteger(offer.value) ? String(offer.value) : offer.value.toFixed(2);
  return `$${dollars} off`;
}
