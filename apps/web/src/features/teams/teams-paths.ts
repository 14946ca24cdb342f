// The addresses of the teams pages: a team's booking link (a capability URL: whoever holds it
// sees the team's page, until the organizer replaces it), and the reserve flow it books through.
import { addDays } from "@hostfield/domain/rules";
import { reservePath } from "../stays";

/** The full link to send a team, from the path the server gives (`ZTeam.bookingPath`). */
export const teamBookingLink = (origin: string, bookingPath: string) => `${origin}${bookingPath}`;

/**
 * The reserve flow for a team through its link: the block's hotel, the event, the block's first
 * night to the morning after its last, and the link's token (which the booking carries).
 */
export function teamReservePath(
  hotelId: string,
  eventId: string,
  nights: readonly string[],
  token: string,
): string {
  const sorted = [...nights].sort();
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  return reservePath(hotelId, {
    eventId,
    checkIn: first,
    checkOut: last ? addDays(last, 1) : undefined,
    teamLink: token,
  });
}
