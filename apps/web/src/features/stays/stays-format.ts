// How stays read to guests: a stay's dates and nights, where a night's rate comes from, and which
// reservations come first (money, days and nights themselves: lib/stay-format).
import type { TRateSource, TReservation } from "@hostfield/domain/contracts";
import { diffDays, milesText } from "@hostfield/domain/rules";
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
 * A night of a hotel for the event: "no rates yet" (the hotel has put no rate on it: nothing is on
 * sale, whatever rooms it counts), "5 left", or "sold out" (rooms were on sale, none are left).
 */
export function nightWords(night: { roomsLeft: number; rate: number | null }): string {
  if (night.rate === null) return "no rates yet";
  return night.roomsLeft > 0 ? `${night.roomsLeft} left` : "sold out";
}

/**
 * A match's reasons less those its row already says: the distance (the facts line, or the far
 * chip) and the lowest rate (the facts line), so each is written once.
 */
export function reasonsBesideFacts(match: {
  reasons: readonly string[];
  distanceMiles: number | null;
}): string[] {
  const miles = match.distanceMiles === null ? null : milesText(match.distanceMiles);
  return match.reasons.filter(
    (reason) =>
      !(
        miles &&
        (reason === `${miles} from the venue` || reason === `Far from the venue, ${miles}`)
      ) && !/^From \$[\d,.]+ a night/.test(reason),
  );
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
