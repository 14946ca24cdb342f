// Card guarantees of hotel reservations (issue 47): a hotel, or one of its blocks, may ask the guest
// to save a card when booking. One rule for the server (what the hotel may charge, and when) and the
// pages (the terms the guest reads, what the hotel's buttons offer): cancelling is free until the
// reservation's `changeableUntil` day (inclusive); after it a late cancellation, or a no-show, may
// be charged at most the first night's rate × the rooms booked. Rates are dollars with cents; a
// charge is counted in cents, as the payment provider keeps it.
import { toCents } from "./deposits";

/** A card must be saved this long after booking, or the reservation is cancelled. */
export const GUARANTEE_SECURE_MINUTES = 30;
/** Guarantees are charged in the currency of the hotel's rates. */
export const GUARANTEE_CURRENCY = "usd";

/** Why the hotel charges a guarantee. */
export const GUARANTEE_CHARGE_REASONS = ["no_show", "late_cancellation"] as const;
export type TGuaranteeChargeReason = (typeof GUARANTEE_CHARGE_REASONS)[number];

export const GUARANTEE_CHARGE_REASON_LABELS: Record<TGuaranteeChargeReason, string> = {
  no_show: "No-show",
  late_cancellation: "Late cancellation",
};

/** What the rules read of a reservation: its rooms and nightly rates. */
export type TGuaranteedStay = {
  rooms: number;
  nights: readonly { night: string; rate: number }[];
};

/** What the charge rules read besides: its state, check-in, change window and cancellation. */
export type TChargeableStay = {
  status: "Confirmed" | "Cancelled";
  checkIn: string;
  changeableUntil: string;
  /** When it was cancelled (ISO date-time), null while it is confirmed. */
  cancelledDate: string | null;
};

/** A reservation as a guarantee's rules and pages read it (`createdDate`: when it was booked). */
export type TGuaranteedReservation = TGuaranteedStay &
  TChargeableStay & { id: string; createdDate: string };

/**
 * The most a late cancellation or a no-show may be charged, in cents: the first night's rate ×
 * the rooms (0 for a stay of no nights).
 */
export function guaranteeChargeLimit(stay: TGuaranteedStay): number {
  const first = [...stay.nights].sort((a, b) => a.night.localeCompare(b.night))[0];
  if (!first) return 0;
  return toCents(first.rate) * stay.rooms;
}

/** "$1,234.50": cents in dollars, as the guarantee's terms and receipts write them. */
export const formatGuaranteeMoney = (cents: number): string =>
  (cents / 100).toLocaleString("en-US", { style: "currency", currency: "USD" });

/** The cancellation terms shown with a guarantee (the booking page, the reservation, the mails). */
export function guaranteeTermsText(stay: TGuaranteedStay & { changeableUntil: string }): string {
  const limit = guaranteeChargeLimit(stay);
  const first = [...stay.nights].sort((a, b) => a.night.localeCompare(b.night))[0];
  const rate = first ? formatGuaranteeMoney(toCents(first.rate)) : formatGuaranteeMoney(0);
  const rooms = `${stay.rooms} room${stay.rooms === 1 ? "" : "s"}`;
  return `Free cancellation until the end of ${stay.changeableUntil} (UTC). After that, a late cancellation or a no-show may be charged up to ${formatGuaranteeMoney(limit)} (the first night's rate, ${rate}, × ${rooms}).`;
}

/**
 * Why the hotel may not charge the guarantee for `reason` today (a UTC date), or null when it may:
 * a no-show only on a confirmed reservation from its check-in day on; a late cancellation only on
 * a reservation cancelled after its `changeableUntil` day.
 */
export function guaranteeChargeRefusal(
  stay: TChargeableStay,
  reason: TGuaranteeChargeReason,
  today: string,
): string | null {
  if (reason === "no_show") {
    if (stay.status !== "Confirmed") {
      return "A no-show is charged on a confirmed reservation; this one is cancelled.";
    }
    if (today < stay.checkIn) {
      return `A no-show is charged from the check-in day, ${stay.checkIn}, on.`;
    }
    return null;
  }
  if (stay.status !== "Cancelled") {
    return "A late cancellation is charged on a cancelled reservation; this one is confirmed.";
  }
  const cancelledOn = stay.cancelledDate?.slice(0, 10) ?? null;
  if (cancelledOn === null || cancelledOn <= stay.changeableUntil) {
    return `This reservation was cancelled${cancelledOn ? ` on ${cancelledOn}` : ""}, within its free cancellation (until ${stay.changeableUntil}).`;
  }
  return null;
}

/** What the hotel may charge the guarantee for today (whatever the card's state). */
export const guaranteeChargeableFor = (
  stay: TChargeableStay,
  today: string,
): TGuaranteeChargeReason[] =>
  GUARANTEE_CHARGE_REASONS.filter((reason) => guaranteeChargeRefusal(stay, reason, today) === null);
