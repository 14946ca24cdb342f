// Test-only MSW handlers for the hotel service's stay calls, answering from a stays world
// (testing/data.ts). Reads answer what the world holds; a booking makes a reservation of the
// quoted offer and the guest sent, a change (of guest details, or of the stay to a quoted offer) or
// cancel answers the reservation changed and keeps it. They apply none of the server's rules (windows, cut-offs, prices): a test that needs such an
// answer (a changed price, a refusal) puts it in the world or says so with server.use.
import {
  type TReservation,
  type TRoomOffer,
  ZAvailability,
  ZEventStayInfo,
  ZHotelMatch,
  ZQuoteVerification,
  ZReservation,
  ZRoomType,
} from "@hostfield/domain/contracts";
import { addDays } from "@hostfield/domain/rules";
import { http } from "msw";
import { dataOf, dataReply, errorReply, listReply, pageReply, server } from "../../../test/msw";
import { buildStayInfo, type TStaysWorld } from "./data";

export const STAYS_API = "/hotel-mgmt/api/hotels";
export const MATCHES_URL = `${STAYS_API}/search/matches`;
export const RESERVATIONS_URL = `${STAYS_API}/reservations`;
export const eventStayUrl = (eventId: string) => `${STAYS_API}/events/${eventId}`;
export const availabilityUrl = (hotelId: string) => `${STAYS_API}/${hotelId}/availability`;
export const verifyUrl = (hotelId: string) => `${STAYS_API}/${hotelId}/availability/verify`;
export const reservationUrl = (id: string) => `${RESERVATIONS_URL}/${id}`;

const notFound = (what: string) => errorReply(404, "NOT_FOUND", `The ${what} was not found.`);

function offerOfQuote(world: TStaysWorld, quote: string): TRoomOffer | undefined {
  return [...world.offers.values()].flat().find((offer) => offer.quote === quote);
}

/** Every stay call over `world`. */
export function staysHandlers(world: TStaysWorld) {
  const mine = (id: unknown) => world.reservations.find((r) => r.id === id);
  const keep = (next: TReservation) => {
    world.reservations = world.reservations.map((r) => (r.id === next.id ? next : r));
    return dataReply(ZReservation, next);
  };
  return [
    http.get(`${STAYS_API}/events/:eventId`, ({ params }) => {
      const info = world.events.get(String(params.eventId));
      return info ? dataReply(ZEventStayInfo, info) : notFound("event");
    }),
    http.post(MATCHES_URL, async ({ request }) => {
      const filter = await dataOf<{ eventId?: string; offset?: number; take?: number }>(request);
      const all = world.matches.get(filter.eventId ?? "") ?? [];
      const offset = filter.offset ?? 0;
      return listReply(ZHotelMatch, all.slice(offset, offset + (filter.take ?? 20)), all.length);
    }),
    http.get(`${STAYS_API}/:hotelId/rooms`, ({ params }) =>
      listReply(ZRoomType, world.roomTypes.get(String(params.hotelId)) ?? []),
    ),
    http.post(`${STAYS_API}/:hotelId/availability`, async ({ params, request }) => {
      const body = await dataOf<{
        checkIn?: string;
        checkOut?: string;
        rooms?: number;
        guests?: number;
        eventId?: string;
      }>(request);
      const event = body.eventId ? world.events.get(body.eventId) : undefined;
      const checkIn = body.checkIn ?? event?.checkIn;
      const checkOut = body.checkOut ?? event?.checkOut;
      if (!checkIn || !checkOut) {
        return errorReply(400, "VALIDATION_FAILED", "Give the dates, or the event.");
      }
      return dataReply(ZAvailability, {
        hotelId: String(params.hotelId),
        eventId: body.eventId ?? null,
        checkIn,
        checkOut,
        rooms: body.rooms ?? 1,
        guests: body.guests ?? 1,
        liveRates: false,
        offers: world.offers.get(String(params.hotelId)) ?? [],
        expiresDate: "2025-03-12T15:15:00.000Z",
      });
    }),
    http.post(`${STAYS_API}/:hotelId/availability/verify`, async ({ request }) => {
      const { quote } = await dataOf<{ quote: string }>(request);
      const set = world.verifications.get(quote);
      if (set) return dataReply(ZQuoteVerification, set);
      const offer = offerOfQuote(world, quote);
      if (!offer) return errorReply(400, "QUOTE_INVALID", "This quote is not ours.");
      const { checkIn, checkOut } = stayOf(offer);
      return dataReply(ZQuoteVerification, {
        status: "valid",
        previousTotal: offer.total,
        offer,
        checkIn,
        checkOut,
        rooms: 1,
        eventId: null,
      });
    }),
    http.get(RESERVATIONS_URL, ({ request }) =>
      pageReply(ZReservation, world.reservations, request),
    ),
    http.post(RESERVATIONS_URL, async ({ request }) => {
      const body = await dataOf<{
        quote: string;
        guestName: string;
        email: string;
        phone: string;
        team?: string | null;
      }>(request);
      const offer =
        [...world.verifications.values()].find((v) => v.offer.quote === body.quote)?.offer ??
        offerOfQuote(world, body.quote);
      if (!offer) return errorReply(400, "QUOTE_INVALID", "This quote is not ours.");
      const { checkIn, checkOut } = stayOf(offer);
      const reservation = ZReservation.parse({
        cancelledDate: null,
        guarantee: null,
        ...world.nextReservation,
        status: "Confirmed",
        hotel: { id: offer.roomType.hotelId, name: world.hotelNames.get(offer.roomType.hotelId) },
        event: null,
        blockId: null,
        roomType: { id: offer.roomType.id, name: offer.roomType.name },
        checkIn,
        checkOut,
        rooms: 1,
        guests: 1,
        nights: offer.nights.map(({ night, rate, source }) => ({ night, rate, source })),
        total: offer.total,
        guestName: body.guestName,
        email: body.email,
        phone: body.phone,
        team: body.team ?? null,
        teamId: null,
        changeableUntil: "2025-05-20",
        createdDate: "2025-03-12T15:00:00.000Z",
        updatedDate: "2025-03-12T15:00:00.000Z",
      });
      world.reservations = [reservation, ...world.reservations];
      return dataReply(ZReservation, reservation, { status: 201 });
    }),
    http.get(`${RESERVATIONS_URL}/:id`, ({ params }) => {
      const found = mine(params.id);
      return found ? dataReply(ZReservation, found) : notFound("reservation");
    }),
    http.patch(`${RESERVATIONS_URL}/:id`, async ({ params, request }) => {
      const found = mine(params.id);
      if (!found) return notFound("reservation");
      const { quote, ...change } = await dataOf<
        Partial<Pick<TReservation, "guestName" | "phone" | "team">> & { quote?: string }
      >(request);
      if (quote === undefined) {
        return keep({ ...found, ...change, updatedDate: "2025-03-12T15:00:00.000Z" });
      }
      // A new stay: the quoted offer's room, nights and total (rooms and guests kept as they were).
      const offer =
        [...world.verifications.values()].find((v) => v.offer.quote === quote)?.offer ??
        offerOfQuote(world, quote);
      if (!offer) return errorReply(400, "QUOTE_INVALID", "This quote is not ours.");
      return keep({
        ...found,
        ...change,
        ...stayOf(offer),
        roomType: { id: offer.roomType.id, name: offer.roomType.name },
        nights: offer.nights.map(({ night, rate, source }) => ({ night, rate, source })),
        total: offer.total,
        updatedDate: "2025-03-12T15:00:00.000Z",
      });
    }),
    http.put(`${RESERVATIONS_URL}/:id/cancel`, ({ params }) => {
      const found = mine(params.id);
      if (!found) return notFound("reservation");
      return keep({ ...found, status: "Cancelled", updatedDate: "2025-03-12T15:00:00.000Z" });
    }),
  ];
}

/** The stay an offer's nights make: the first night to the morning after the last. */
function stayOf(offer: TRoomOffer) {
  const checkIn = offer.nights[0]?.night ?? "2025-06-06";
  return { checkIn, checkOut: addDays(offer.nights.at(-1)?.night ?? checkIn, 1) };
}

/** Serves `world` with staysHandlers ahead of what is served already, and hands it back. */
export function serveStays(world: TStaysWorld): TStaysWorld {
  server.use(...staysHandlers(world));
  return world;
}

/**
 * What an event page asks the hotel service when a test is not about stays: the event's stay
 * (dates of the event given, or its own) with no hotels.
 */
export function noEventStays(isEvent: (id: string) => boolean) {
  return [
    http.get(`${STAYS_API}/events/:eventId`, ({ params }) =>
      isEvent(String(params.eventId))
        ? dataReply(ZEventStayInfo, buildStayInfo({ eventId: String(params.eventId) }))
        : undefined,
    ),
    http.post(MATCHES_URL, () => listReply(ZHotelMatch, [])),
  ];
}
