// How long a boost may run and when it may start, for a listing's own people; admins may book
// beyond these. Only approved listings are boosted at all (the server's rule: a pending listing
// shows nowhere a boost would lift it).
import { diffDays } from "./dates";

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
