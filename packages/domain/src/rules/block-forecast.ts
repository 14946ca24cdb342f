// The hotel's forward pickup of a block: how fast its rooms are being booked (the pace), and from
// that pace what will be booked when the cut-off comes and what will go back to the hotel then.
// The server computes it for `GET /hotels/{id}/blocks/forward`; the web shows it as it comes.
import { addDays, diffDays } from "./dates";

/** The pace is read over at most this many days, today included. */
export const PICKUP_PACE_DAYS = 14;

/**
 * The days the pace is read over: the last PICKUP_PACE_DAYS days up to today, but none before the
 * day the block was accepted (no booking was possible before it). `from` and today both count.
 */
export function pickupPaceWindow(
  today: string,
  acceptedDay: string,
): { fromDate: string; days: number } {
  const earliest = addDays(today, -(PICKUP_PACE_DAYS - 1));
  const fromDate = acceptedDay > earliest ? (acceptedDay > today ? today : acceptedDay) : earliest;
  return { fromDate, days: diffDays(fromDate, today) + 1 };
}

/** Days from today to the cut-off day (bookings still count on it); 0 once it has come. */
export const daysToCutoff = (today: string, cutoffDate: string) =>
  Math.max(0, diffDays(today, cutoffDate));

export type TBlockForecast = {
  /** Room nights booked per day over the window (exact; the UI rounds it). */
  perDay: number;
  /** Room nights expected booked at the cut-off: booked + pace × days left, at most held. */
  forecast: number;
  /** Room nights expected to go back to the hotel at the cut-off: held − forecast. */
  forecastRelease: number;
};

/**
 * Booked room nights at the cut-off if bookings go on at the window's pace: booked now plus
 * (room nights booked in the window ÷ its days) × days to the cut-off, rounded to the nearest
 * room night (a half up), never more than held, never less than booked.
 */
export function blockForecast(input: {
  held: number;
  booked: number;
  /** Room nights booked (confirmed) in the block during the window. */
  bookedInWindow: number;
  windowDays: number;
  daysToCutoff: number;
}): TBlockForecast {
  const days = Math.max(1, input.windowDays);
  const left = Math.max(0, input.daysToCutoff);
  const pace = Math.max(0, input.bookedInWindow);
  // Integers multiplied before the one division: no drift from a repeating fraction.
  const more = Math.round((pace * left) / days);
  const forecast = Math.max(input.booked, Math.min(input.held, input.booked + more));
  return {
    perDay: pace / days,
    forecast,
    forecastRelease: Math.max(0, input.held - forecast),
  };
}
