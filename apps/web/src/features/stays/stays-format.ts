// How stays read: money in dollars, stay dates (UTC days, so no time zone moves them), where a
// night's rate comes from, a stay's nights, and which reservations come first.
import type { TRateSource, TReservation } from "@hostfield/domain/contracts";
import { diffDays } from "@hostfield/domain/rules";

const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const wholeMoney = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
});
const dayFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const nightFormat = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

/** "$1,234.50"; whole dollars drop the cents ("$129"). */
export function formatMoney(amount: number): string {
  return Number.isInteger(amount) ? wholeMoney.format(amount) : money.format(amount);
}

const utcDay = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

/** "Mar 7, 2025" for a `YYYY-MM-DD` day. */
export function formatStayDate(isoDate: string): string {
  return dayFormat.format(utcDay(isoDate));
}

/** "Fri, Mar 7": a night, by the day it starts. */
export function formatNight(isoDate: string): string {
  return nightFormat.format(utcDay(isoDate));
}

/** "2 nights". */
export function nightsLabel(checkIn: string, checkOut: string): string {
  const nights = Math.max(0, diffDays(checkIn, checkOut));
  return nights === 1 ? "1 night" : `${nights} nights`;
}

/** "Mar 7, 2025 – Mar 9, 2025 (2 nights)". */
export function stayLabel(checkIn: string, checkOut: string): string {
  return `${formatStayDate(checkIn)} – ${formatStayDate(checkOut)} (${nightsLabel(checkIn, checkOut)})`;
}

export const RATE_SOURCE_LABELS: Record<TRateSource, string> = {
  block: "Group rate",
  live: "Live rate",
  calendar: "Hotel rate",
};

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

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
