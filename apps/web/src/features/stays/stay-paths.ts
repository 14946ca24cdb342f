// The pages of hotel stays: a hotel's reserve flow (with what to prefill, or a reservation to
// change, or a team's link to book through), one reservation, a team's booking link, and the
// event page's hotels section (its share link).
import type { TReservation } from "@hostfield/domain/contracts";
import { profileLink } from "@hostfield/domain/rules";

export type TReserveParams = {
  /** A reservation whose stay the flow changes instead of booking a new one. */
  change?: string | null;
  eventId?: string | null;
  checkIn?: string | null;
  checkOut?: string | null;
  rooms?: number | null;
  guests?: number | null;
  /** A team's booking link token: the booking is for that team, within the event's blocks. */
  teamLink?: string | null;
};

/**
 * `/hotels/{hotelId}/reserve?eventId=&checkIn=&checkOut=&rooms=&guests=&teamLink=`, empty values
 * left out.
 */
export function reservePath(hotelId: string, params: TReserveParams = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "") query.set(key, String(value));
  }
  const search = query.toString();
  return `${profileLink("hotel", hotelId)}/reserve${search ? `?${search}` : ""}`;
}

/** The reserve flow changing `reservation`'s stay, prefilled with its event, dates, rooms, guests. */
export function changeStayPath(reservation: TReservation): string {
  return reservePath(reservation.hotel.id, {
    change: reservation.id,
    eventId: reservation.event?.id,
    checkIn: reservation.checkIn,
    checkOut: reservation.checkOut,
    rooms: reservation.rooms,
    guests: reservation.guests,
  });
}

/** `/team-booking/{token}`: a team's booking link (features/teams), open to whoever holds it. */
export function teamBookingPath(token: string): string {
  return `/team-booking/${encodeURIComponent(token)}`;
}

/** `/reservations/{id}`: the confirmation, and later the place to change or cancel. */
export function reservationPath(id: string): string {
  return `/reservations/${encodeURIComponent(id)}`;
}
