// Business promotions over time: a day's weekday as promotions name it, and whether a promotion is
// upcoming, current or expired. Which promotions a search finds is the search's SQL
// (modules/businesses/repository.ts), tested over HTTP.

/** Weekdays as promotions name them, Monday first (ISO order). */
export const PROMOTION_DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;
export type TPromotionDay = (typeof PROMOTION_DAYS)[number];

/** The weekday of a `YYYY-MM-DD` day. */
export function promotionDayOf(isoDate: string): TPromotionDay {
  const sundayFirst = new Date(`${isoDate}T00:00:00Z`).getUTCDay();
  return PROMOTION_DAYS[(sundayFirst + 6) % 7]!;
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

/** An offer in words: "10% off", "$5 off", "$7.50 off", or the offer's own text. */
export function offerLabel(
  offer: { type: "percentage" | "amount"; value: number } | { type: "text"; text: string },
): string {
  if (offer.type === "text") return offer.text;
  if (offer.type === "percentage") return `${offer.value}% off`;
  const dollars = Number.isInteger(offer.value) ? String(offer.value) : offer.value.toFixed(2);
  return `$${dollars} off`;
}
