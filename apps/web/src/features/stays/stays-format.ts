// How stays read to guests: a stay's dates and nights, where a night's rate comes from, and which
// reservations come first (money, days and nights themselves: lib/stay-format).
import type { TRateSource, TReservation } from "@hostfield/domain/contracts";
import { diffDays } from "@hostfield/domain/rules";
import { formatDay } from "../../lib/stay-format";

export { formatDay, formatMoney, formatNight, plural } from "../../lib/stay-format";

/** "2 nights". */
export function nightsLabel(checkIn: string, checkOut: string): string {
  const nights = Math.max(0, diffDays(checkIn, checkOut));
  return nights === 1 ? "1 night" : `${nights} nights`;
}

/** "Mar 7, 2025 – Mar 9, 2025 (2 nights)". */
export function stayLabel(checkIn: string, checkOut: string): string {
  return `${formatDay(checkIn)} – ${formatDay(checkOut)} (${nightsLabel(checkIn, checkOut)})`;
}

/**
 * A night of a hotel for the event: "5 left", "sold out" (rooms were on sale, none are left), or
 * "no rates yet" (the hotel has put no rate on it: nothing is on sale, nothing is sold).
 */
export function nightWords(night: { roomsLeft: number; rate: number | null }): string {
  if (night.roomsLeft > 0) return `${night.roomsLeft} left`;
  return night.rate === null ? "no rates yet" : "sold out";
}

export const RATE_SOURCE_LABELS: Record<TRateSource, string> = {
  block: "Group rate",
  live: "Live rate",
  calendar: "Hotel rate",
};

/** A confirmed stay that has not ended yet. */
export function isUpcoming(reservation: TReservation, today: string): boolean {
  return reservation.status === "Confirmed" && reservation.checkOut > today;
}

/**
 * Upcoming stays first, soonest first; then the rest (past and cancelled), latest first.
 * Stable otherwise, so the server's order breaks ties.
 */
export function sortReservations(list: readonly TReservation[], today: string): TReservation[] {
  const upcoming = list.filter((r) => isUpcoming(r, today));
  const rest = list.filter((r) => !isUpcoming(r, today));
  upcoming.sort((a, b) => a.checkIn.localeCompare(b.checkIn));
  rest.sort((a, b) => b.checkIn.localeCompare(a.checkIn));
  return [...upcoming, ...rest];
}

/** The guest may still change or cancel: confirmed, and today is not after `changeableUntil`. */
export function guestMayChange(reservation: TReservation, today: string): boolean {
  return reservation.status === "Confirmed" && today <= reservation.changeableUntil;
}
