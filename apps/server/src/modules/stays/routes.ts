// The hotel service's stay calls (under /hotel-mgmt/api): room types and the calendar (the hotel's
// managers), blocks (the hotel's managers and the event's organizers), availability and quotes
// (anyone, for a listed hotel), reservations (guests, the hotel, the event), the event page's hotel
// facts and hotel matches.
import {
  ZAvailability,
  ZAvailabilityRequest,
  ZBlock,
  ZBlockChange,
  ZBlockCreate,
  ZBlockListQuery,
  ZBlockRelease,
  ZCalendar,
  ZCalendarFill,
  ZCalendarQuery,
  ZEventStayInfo,
  ZForwardBlock,
  ZHotelMatch,
  ZHotelMatchFilter,
  ZPickup,
  ZQuoteVerification,
  ZQuoteVerifyRequest,
  ZReservation,
  ZReservationChange,
  ZReservationCreate,
  ZReservationListQuery,
  ZRoomType,
  ZRoomTypeInput,
  zDataBody,
  zDataEnvelope,
  zListEnvelope,
} from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { access, principalOf } from "../../platform/http/access";
import { envelope, listEnvelope } from "../../platform/http/envelope";
import { forbidden, unauthorized, validationFailed } from "../../platform/http/errors";
import { toWindow, ZPagedQuery } from "../../platform/http/paging";
import { routesOf, type TRequestOf, type TRequestWithParams } from "../../platform/http/route-def";
import { ZDeletedReply, ZIdParams, zIdAndParams } from "../../platform/http/schemas";
import { answerAmendment, changeOrAmendBlock, releaseBlockRooms } from "./block-amendments";
import { accessBlock, answerBlock, createBlock, listBlocks, pickup, presentBlocks } from "./blocks";
import type { TStaysContext } from "./context";
import { forwardPickup } from "./forward-pickup";
import { eventStayInfo, matchHotels } from "./matches";
import { managesHotel, requireHotelManager, requireOrganizer } from "./policy";
import { availability, verifyQuote } from "./pricing";
import {
  accessReservation,
  book,
  cancelReservation,
  changeReservation,
  listReservations,
  presentReservations,
  reservationsCsv,
} from "./reservations";
import {
  calendar,
  createRoomType,
  deleteRoomType,
  fillCalendar,
  listRoomTypes,
  updateRoomType,
} from "./rooms";
import { stayPolicies } from "./route-access";

const TAGS = ["hotel stays"];
const ZRoomParams = zIdAndParams("roomTypeId");
const ZBlockParams = z.object({ blockId: z.uuid() });
const ZReservationParams = z.object({ reservationId: z.uuid() });
const ZBlockOne = zDataEnvelope(ZBlock);
const ZReservationQuery = ZPagedQuery.extend(ZReservationListQuery.shape);
const ZReservationOne = zDataEnvelope(ZReservation);

export async function stayRoutes(app: FastifyInstance, options: { ctx: TStaysContext }) {
  const { ctx } = options;
  const add = routesOf(app, TAGS);

  const { hotelManager, hotelListed, onBlock, onReservation } = stayPolicies(ctx);

  // ---- room types and the calendar ----
  add({
    method: "GET",
    url: "/hotels/:id/rooms",
    summary: "The hotel's room types, cheapest first",
    access: hotelListed,
    params: ZIdParams,
    response: zListEnvelope(ZRoomType),
    handler: async (request) => {
      const rows = await listRoomTypes(ctx, request.params.id);
      return listEnvelope(rows, rows.length);
    },
  });
  add({
    method: "POST",
    url: "/hotels/:id/rooms",
    summary: "Add a room type (name, beds, max occupancy, rack rate, photos)",
    access: hotelManager,
    params: ZIdParams,
    body: zDataBody(ZRoomTypeInput),
    status: 201,
    response: zDataEnvelope(ZRoomType),
    handler: async (request) =>
      envelope(
        await createRoomType(
          ctx,
          request.params.id,
          principalOf(request).userId,
          request.body.data,
        ),
      ),
  });
  add({
    method: "PATCH",
    url: "/hotels/:id/rooms/:roomTypeId",
    summary: "Change a room type",
    access: hotelManager,
    params: ZRoomParams,
    body: zDataBody(ZRoomTypeInput.partial()),
    response: zDataEnvelope(ZRoomType),
    handler: async (request) =>
      envelope(
        await updateRoomType(
          ctx,
          request.params.id,
          request.params.roomTypeId,
          principalOf(request).userId,
          request.body.data,
        ),
      ),
  });
  add({
    method: "DELETE",
    url: "/hotels/:id/rooms/:roomTypeId",
    summary: "Remove a room type (409 once it has reservations)",
    access: hotelManager,
    params: ZRoomParams,
    response: ZDeletedReply,
    handler: async (request) => {
      await deleteRoomType(ctx, request.params.id, request.params.roomTypeId);
      return envelope({ id: request.params.roomTypeId, deleted: true as const });
    },
  });
  add({
    method: "GET",
    url: "/hotels/:id/calendar",
    summary:
      "The rate-and-inventory calendar: rooms to sell, rate, held and booked per room type and night",
    access: hotelManager,
    params: ZIdParams,
    query: ZCalendarQuery,
    response: zDataEnvelope(ZCalendar),
    handler: async (request) =>
      envelope(await calendar(ctx, request.params.id, request.query.from, request.query.to)),
  });
  add({
    method: "PUT",
    url: "/hotels/:id/calendar",
    summary:
      "Fill nights of room types with rooms to sell and/or a rate (a date range, optionally some weekdays); 409 below what is held and booked",
    access: hotelManager,
    params: ZIdParams,
    body: zDataBody(ZCalendarFill),
    response: zDataEnvelope(ZCalendar),
    handler: async (request) =>
      envelope(await fillCalendar(ctx, request.params.id, request.body.data)),
  });

  // ---- blocks ----
  add({
    method: "GET",
    url: "/hotels/blocks",
    summary: "An event's blocks (its organizers) or a hotel's (its managers)",
    access: access.policy<TRequestOf<undefined, typeof ZBlockListQuery, undefined>>(
      "the event's organizers for eventId, the hotel's managers for hotelId (either, when both narrow the list), or an admin",
      async (request) => {
        const q = request.query;
        const principal = request.principal;
        if (!principal) throw unauthorized();
        if (q.eventId && q.hotelId && (await managesHotel(ctx, q.hotelId, principal))) return;
        if (q.eventId) await requireOrganizer(ctx, q.eventId, principal);
        else await requireHotelManager(ctx, q.hotelId!, principal);
      },
    ),
    query: ZBlockListQuery,
    response: zListEnvelope(ZBlock),
    handler: async (request) => {
      const rows = await listBlocks(ctx, request.query);
      return listEnvelope(rows, rows.length);
    },
  });
  add({
    method: "POST",
    url: "/hotels/blocks",
    summary:
      "Propose a block: rooms and a group rate per room type and night (or the same every night of the event), cut-off, minimum nights, attrition, comps; from an awarded lead in one step",
    description:
      "The hotel's managers or the event's organizers propose; the other side accepts or declines.",
    access: access.signedIn,
    body: zDataBody(ZBlockCreate),
    status: 201,
    response: ZBlockOne,
    handler: async (request) =>
      envelope(await createBlock(ctx, principalOf(request), request.body.data)),
  });
  add({
    method: "GET",
    url: "/hotels/blocks/:blockId",
    summary: "A block with its nights and history",
    access: onBlock,
    params: ZBlockParams,
    response: ZBlockOne,
    handler: async (request) => {
      const { block } = await accessBlock(ctx, request.params.blockId, principalOf(request));
      return envelope((await presentBlocks(ctx, [block]))[0]!);
    },
  });
  add({
    method: "PATCH",
    url: "/hotels/blocks/:blockId",
    summary:
      "Change a proposed or declined block's terms: a counter-proposal by my side. On an accepted block, an amendment: the block keeps its nights until the other side accepts it",
    access: onBlock,
    params: ZBlockParams,
    body: zDataBody(ZBlockChange),
    response: ZBlockOne,
    handler: async (request) =>
      envelope(
        await changeOrAmendBlock(
          ctx,
          principalOf(request),
          request.params.blockId,
          request.body.data,
        ),
      ),
  });
  for (const answer of ["accept", "decline"] as const) {
    add({
      method: "PUT",
      url: `/hotels/blocks/:blockId/${answer}`,
      summary:
        answer === "accept"
          ? "Accept the other side's proposal: the rooms are set aside in the hotel's calendar"
          : "Decline the other side's proposal",
      access: onBlock,
      params: ZBlockParams,
      response: ZBlockOne,
      handler: async (request) =>
        envelope(await answerBlock(ctx, principalOf(request), request.params.blockId, answer)),
    });
  }
  for (const answer of ["accept", "decline"] as const) {
    add({
      method: "PUT",
      url: `/hotels/blocks/:blockId/amendment/${answer}`,
      summary:
        answer === "accept"
          ? "Accept the other side's amendment of an accepted block: its nights and terms apply, extra rooms claimed from the hotel's calendar and fewer returned to it, all or nothing; 409 NO_AMENDMENT when none (not in the catalogue)"
          : "Decline the other side's amendment of an accepted block, or withdraw my own: the block stays as it was (not in the catalogue)",
      access: onBlock,
      params: ZBlockParams,
      response: ZBlockOne,
      handler: async (request) =>
        envelope(await answerAmendment(ctx, principalOf(request), request.params.blockId, answer)),
    });
  }
  add({
    method: "PUT",
    url: "/hotels/blocks/:blockId/release",
    summary:
      "Give unbooked rooms of an accepted block back to the hotel before the cut-off, night by night: at most held − booked on a night, all or nothing; the event's organizers only (not in the catalogue)",
    access: access.policy<TRequestWithParams<{ blockId: string }>>(
      "the event's organizers (the hotel's managers get 403, anyone else 404), or an admin",
      async (request) => {
        const { party } = await accessBlock(ctx, request.params.blockId, principalOf(request));
        if (!party.organizer && !principalOf(request).isAdmin) {
          throw forbidden("Only the event's organizers give the block's rooms back early.");
        }
      },
    ),
    params: ZBlockParams,
    body: zDataBody(ZBlockRelease),
    response: ZBlockOne,
    handler: async (request) =>
      envelope(
        await releaseBlockRooms(
          ctx,
          principalOf(request),
          request.params.blockId,
          request.body.data,
        ),
      ),
  });
  add({
    method: "GET",
    url: "/hotels/blocks/:blockId/pickup",
    summary:
      "Pickup: rooms booked against rooms held, night by night, with the attrition warning and comp nights earned",
    access: onBlock,
    params: ZBlockParams,
    response: zDataEnvelope(ZPickup),
    handler: async (request) => {
      const { block } = await accessBlock(ctx, request.params.blockId, principalOf(request));
      return envelope(await pickup(ctx, block));
    },
  });

  add({
    method: "GET",
    url: "/hotels/:id/blocks/forward",
    summary:
      "The hotel's forward pickup: each open block (proposed, or accepted and not yet released) held against booked per night up to its cut-off, days to the cut-off, rooms to release, and the forecast at the pickup pace (not in the catalogue)",
    access: hotelManager,
    params: ZIdParams,
    response: zListEnvelope(ZForwardBlock),
    handler: async (request) => {
      const rows = await forwardPickup(ctx, request.params.id);
      return listEnvelope(rows, rows.length);
    },
  });

  // ---- availability and quotes ----
  add({
    method: "POST",
    url: "/hotels/:id/availability",
    summary:
      "Each room type's nightly rates, total and rooms left for a stay (the event's window when no dates are given), with a signed quote valid 15 minutes",
    access: access.public,
    params: ZIdParams,
    body: zDataBody(ZAvailabilityRequest),
    response: zDataEnvelope(ZAvailability),
    handler: async (request) =>
      envelope(await availability(ctx, request.params.id, request.body.data)),
  });
  add({
    method: "POST",
    url: "/hotels/:id/availability/verify",
    summary:
      "Re-price a quote: valid, changed (new figures), unavailable or expired, with the offer as it is now",
    access: access.public,
    params: ZIdParams,
    body: zDataBody(ZQuoteVerifyRequest),
    response: zDataEnvelope(ZQuoteVerification),
    handler: async (request) =>
      envelope(await verifyQuote(ctx, request.params.id, request.body.data.quote)),
  });

  // ---- reservations ----
  add({
    method: "POST",
    url: "/hotels/reservations",
    summary:
      "Book a quote for a guest: a confirmation number and a confirmation mail with a calendar entry; 409 when the rooms are gone or the price changed",
    access: access.signedIn,
    body: zDataBody(ZReservationCreate),
    status: 201,
    response: ZReservationOne,
    handler: async (request) => envelope(await book(ctx, principalOf(request), request.body.data)),
  });
  add({
    method: "GET",
    url: "/hotels/reservations",
    summary:
      "Reservations: mine as a guest (scope=mine), a hotel's for its managers (scope=hotel&hotelId), an event's for its organizers (scope=event&eventId); format=csv exports them",
    access: access.policy<TRequestOf<undefined, typeof ZReservationQuery, undefined>>(
      "signed in; the hotel's managers for scope=hotel, the event's organizers for scope=event",
      async (request) => {
        const q = request.query;
        if (!request.principal) throw unauthorized();
        if (q.scope === "hotel") {
          if (!q.hotelId) throw missing("hotelId", "scope=hotel needs hotelId");
          await requireHotelManager(ctx, q.hotelId, request.principal);
        } else if (q.scope === "event") {
          if (!q.eventId) throw missing("eventId", "scope=event needs eventId");
          await requireOrganizer(ctx, q.eventId, request.principal);
        } else if (q.format === "csv") {
          throw forbidden("Exports are for the hotel's managers and the event's organizers.");
        }
      },
    ),
    query: ZReservationQuery,
    response: z.union([zListEnvelope(ZReservation), z.string().describe("text/csv")]),
    handler: async (request, reply) => {
      const q = request.query;
      const principal = principalOf(request);
      if (q.format === "csv") {
        const all = await listReservations(ctx, principal, q, { limit: 10_000, offset: 0 });
        reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="reservations.csv"`);
        return reservationsCsv(all.rows);
      }
      const page = await listReservations(ctx, principal, q, toWindow(q));
      return listEnvelope(page.rows, page.count);
    },
  });
  add({
    method: "GET",
    url: "/hotels/reservations/:reservationId",
    summary: "A reservation, with the guest's contact details",
    access: onReservation,
    params: ZReservationParams,
    response: ZReservationOne,
    handler: async (request) => {
      const { row } = await accessReservation(
        ctx,
        request.params.reservationId,
        principalOf(request),
      );
      return envelope((await presentReservations(ctx, [row]))[0]!);
    },
  });
  add({
    method: "PATCH",
    url: "/hotels/reservations/:reservationId",
    summary:
      "Change guest details, or the stay with a new quote (the guest until the change window closes, the hotel at any time)",
    access: onReservation,
    params: ZReservationParams,
    body: zDataBody(ZReservationChange),
    response: ZReservationOne,
    handler: async (request) =>
      envelope(
        await changeReservation(
          ctx,
          principalOf(request),
          request.params.reservationId,
          request.body.data,
        ),
      ),
  });
  add({
    method: "PUT",
    url: "/hotels/reservations/:reservationId/cancel",
    summary:
      "Cancel: the rooms go back (the guest until the change window closes, the hotel at any time)",
    access: onReservation,
    params: ZReservationParams,
    response: ZReservationOne,
    handler: async (request) =>
      envelope(await cancelReservation(ctx, principalOf(request), request.params.reservationId)),
  });

  // ---- hotels for an event, and matches ----
  add({
    method: "GET",
    url: "/hotels/events/:eventId",
    summary:
      "What an event page shows above its hotels: the banner, the stay window, whether live rates and specials show, the venue and the event's blocks",
    access: access.public,
    params: z.object({ eventId: z.uuid() }),
    response: zDataEnvelope(ZEventStayInfo),
    handler: async (request) =>
      envelope(await eventStayInfo(ctx, request.params.eventId, request.principal)),
  });
  add({
    method: "POST",
    url: "/hotels/search/matches",
    summary:
      "Hotels for an event (or a place and dates), priced for the stay, nearest the venue first, each with a score shown with its reasons (distance to the venue, rooms left, block, rate, amenities); a hotel beyond HOTEL_REACH_MILES (50) of the venue has none",
    access: access.public,
    body: zDataBody(ZHotelMatchFilter),
    response: zListEnvelope(ZHotelMatch),
    handler: async (request) => {
      const page = await matchHotels(ctx, request.body.data, request.principal);
      return listEnvelope(page.rows, page.count);
    },
  });
}

const missing = (path: string, message: string) =>
  validationFailed(message, [{ path, message }], "querystring");
