// The addresses of the rooms pages, and the links a listing's manage menu offers to them: a hotel's
// managers get rooms and rates, reservations and blocks; an event's organizers its hotel blocks.
import { profileLink } from "@hostfield/domain/rules";
import { eventHotelBlocksPath, eventHotelsSectionPath } from "../../lib/event-paths";

export const hotelRoomsPath = (hotelId: string) => `${profileLink("hotel", hotelId)}/rooms`;
export const hotelReservationsPath = (hotelId: string) =>
  `${profileLink("hotel", hotelId)}/reservations`;
export const hotelBlocksPath = (hotelId: string) => `${profileLink("hotel", hotelId)}/blocks`;

/** Where guests book the event's hotels, as a link to send: the hotels part of the event's page. */
export const eventBookingLink = (origin: string, eventId: string) =>
  `${origin}${eventHotelsSectionPath(eventId)}`;

export type TManageLink = { label: string; to: string };

/**
 * The rooms pages a listing's manager may open from its page: none for other kinds, and none for
 * someone who may not update the listing (a visitor).
 */
export function roomsManageLinks(kind: string, id: string, canManage: boolean): TManageLink[] {
  if (!canManage) return [];
  if (kind === "hotel") {
    return [
      { label: "Rooms and rates", to: hotelRoomsPath(id) },
      { label: "Reservations", to: hotelReservationsPath(id) },
      { label: "Room blocks", to: hotelBlocksPath(id) },
    ];
  }
  if (kind === "event") return [{ label: "Hotel room blocks", to: eventHotelBlocksPath(id) }];
  return [];
}
