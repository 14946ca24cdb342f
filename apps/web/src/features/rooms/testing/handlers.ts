// Test-only MSW handlers for the rooms pages' calls, answering from a rooms world (testing/data.ts):
// the listing and my abilities on it, room types (a POST keeps the new type), the calendar (the
// world's cells within the range asked), blocks and their pickup, the hotel's forward pickup,
// reservations (paged, filtered by status) and their CSV, the hotel's stay settings (a PUT keeps
// what it sets; on is refused while payments are off) with the payment service's config, and the
// event's linked hotels. What the server judges (a fill below
// what is committed, an answer to a block) a test says with server.use or the helpers below.
import {
  detailSchemaOfKind,
  type TBlock,
  type TCalendar,
  type TRoomType,
  ZBlock,
  ZCalendar,
  ZEventHotel,
  ZForwardBlock,
  ZHotelMatch,
  ZHotelStaySettings,
  ZPaymentsConfig,
  ZPickup,
  ZReservation,
  ZRoomType,
  ZRoomTypeInput,
  ZTeamsOverview,
  zProfile,
} from "@hostfield/domain/contracts";
import { HttpResponse, http } from "msw";
import { z } from "zod";
import { dataOf, dataReply, errorReply, listReply, pageReply } from "../../../test/msw";
import { T0, type TRoomsWorld, uuid } from "./data";

export const HOTELS = "/hotel-mgmt/api/hotels";
export const EVENTS = "/event-mgmt/api/events";
export const BLOCKS = `${HOTELS}/blocks`;
export const RESERVATIONS = `${HOTELS}/reservations`;
export const calendarUrl = (hotelId: string) => `${HOTELS}/${hotelId}/calendar`;
export const roomsUrl = (hotelId: string) => `${HOTELS}/${hotelId}/rooms`;
export const blockUrl = (id: string) => `${BLOCKS}/${id}`;
export const staySettingsUrl = (hotelId: string) => `${HOTELS}/${hotelId}/stay-settings`;
export const PAYMENTS_CONFIG_URL = "/payment-mgmt/api/payments/config";
export const guaranteeChargeUrl = (reservationId: string) =>
  `/payment-mgmt/api/payments/reservations/${reservationId}/guarantee/charge`;

let serial = 9000;

/** The calendar the world holds for a hotel, `from`..`to`. */
export function calendarOf(
  world: TRoomsWorld,
  hotelId: string,
  from: string,
  to: string,
): TCalendar {
  return {
    hotelId,
    from,
    to,
    roomTypes: world.roomTypes.filter((t) => t.hotelId === hotelId),
    cells: world.cells.filter((c) => c.night >= from && c.night <= to),
  };
}

export function roomsHandlers(world: TRoomsWorld) {
  const listingOf = (kind: "hotel" | "event") => (id: unknown) => {
    const listing = world.listings.get(String(id));
    return listing && listing.kind === kind ? listing : null;
  };
  return [
    ...(["hotel", "event"] as const).flatMap((kind) => {
      const base = kind === "hotel" ? HOTELS : EVENTS;
      const find = listingOf(kind);
      return [
        http.get(`${base}/:id/my/entitlements`, ({ params }) =>
          find(params.id)
            ? dataReply(z.array(z.string()), world.abilities[String(params.id)] ?? ["profile.read"])
            : errorReply(404, "PROFILE_NOT_FOUND", `The ${kind} was not found.`),
        ),
        http.get(`${base}/:id`, ({ params }) => {
          const listing = find(params.id);
          if (!listing) return undefined;
          return dataReply(zProfile(detailSchemaOfKind(kind)), listing);
        }),
      ];
    }),
    http.get(`${HOTELS}/:id/rooms`, ({ params }) =>
      listReply(
        ZRoomType,
        world.roomTypes.filter((t) => t.hotelId === params.id),
      ),
    ),
    http.post(`${HOTELS}/:id/rooms`, async ({ params, request }) => {
      const input = ZRoomTypeInput.parse(await dataOf(request));
      const created: TRoomType = {
        id: uuid(serial++),
        hotelId: String(params.id),
        name: input.name,
        beds: input.beds,
        maxOccupancy: input.maxOccupancy,
        rackRate: input.rackRate,
        description: input.description ?? null,
        photos: [],
        createdDate: T0,
      };
      world.roomTypes = [...world.roomTypes, created];
      return dataReply(ZRoomType, created, { status: 201 });
    }),
    http.get(`${HOTELS}/:id/calendar`, ({ params, request }) => {
      const query = new URL(request.url).searchParams;
      const from = query.get("from") ?? "";
      const to = query.get("to") ?? "";
      return dataReply(ZCalendar, calendarOf(world, String(params.id), from, to));
    }),
    http.get(BLOCKS, ({ request }) => {
      const query = new URL(request.url).searchParams;
      const eventId = query.get("eventId");
      const hotelId = query.get("hotelId");
      const status = query.get("status");
      return listReply(
        ZBlock,
        world.blocks.filter(
          (b) =>
            (!eventId || b.event.id === eventId) &&
            (!hotelId || b.hotel.id === hotelId) &&
            (!status || b.status === status),
        ),
      );
    }),
    http.get(`${BLOCKS}/:id/pickup`, ({ params }) => {
      const pickup = world.pickups[String(params.id)];
      return pickup
        ? dataReply(ZPickup, pickup)
        : errorReply(404, "NOT_FOUND", "The block was not found.");
    }),
    http.get(`${HOTELS}/:id/blocks/forward`, () => listReply(ZForwardBlock, world.forward)),
    http.get(RESERVATIONS, ({ request }) => {
      const query = new URL(request.url).searchParams;
      const status = query.get("status");
      const mine = world.reservations.filter((r) => !status || r.status === status);
      if (query.get("format") === "csv") {
        return new HttpResponse(world.csv, { headers: { "Content-Type": "text/csv" } });
      }
      return pageReply(ZReservation, mine, request);
    }),
    http.get(staySettingsUrl(":id"), ({ params }) =>
      dataReply(ZHotelStaySettings, {
        hotelId: String(params.id),
        requireCardGuarantee: world.requireCardGuarantee,
        paymentsEnabled: world.paymentsEnabled,
      }),
    ),
    http.put(staySettingsUrl(":id"), async ({ params, request }) => {
      const { requireCardGuarantee } = await dataOf<{ requireCardGuarantee: boolean }>(request);
      if (requireCardGuarantee && !world.paymentsEnabled) {
        return errorReply(409, "PAYMENTS_NOT_CONFIGURED", "Payments are not set up.");
      }
      world.requireCardGuarantee = requireCardGuarantee;
      return dataReply(ZHotelStaySettings, {
        hotelId: String(params.id),
        requireCardGuarantee,
        paymentsEnabled: world.paymentsEnabled,
      });
    }),
    http.get(PAYMENTS_CONFIG_URL, () =>
      dataReply(ZPaymentsConfig, {
        enabled: world.paymentsEnabled,
        publishableKey: world.paymentsEnabled ? "pk_test_rooms" : null,
      }),
    ),
    http.get(`${EVENTS}/:id/hotels`, ({ request }) =>
      pageReply(ZEventHotel, world.eventHotels, request),
    ),
    // The pickers' searches (and the hotels suggested for an event) find nothing unless a test
    // says otherwise.
    http.post(`${HOTELS}/search/matches`, () => listReply(ZHotelMatch, [])),
    http.post(`${HOTELS}/search`, () => listReply(zProfile(detailSchemaOfKind("hotel")), [])),
    http.post(`${EVENTS}/search`, () => listReply(zProfile(detailSchemaOfKind("event")), [])),
    // An awarded lead the block dialog reads for its request's room nights: none unless a test
    // serves one.
    http.get(`${EVENTS}/:id/leads/:leadId`, () =>
      errorReply(404, "NOT_FOUND", "The lead was not found."),
    ),
    // The event's teams: none (features/teams/testing serves a world of them).
    http.get(`${HOTELS}/events/:id/teams`, ({ params }) =>
      dataReply(ZTeamsOverview, {
        eventId: String(params.id),
        stayToPlay: false,
        teams: [],
        counts: { teams: 0, booked: 0, partlyBooked: 0, notBooked: 0 },
      }),
    ),
  ];
}

/**
 * The server keeps what a test says a block becomes when it is changed (PATCH), its amendment
 * answered or its rooms released, and answers with it.
 */
export function changesBlock(
  world: TRoomsWorld,
  block: TBlock,
  to: { patched?: TBlock; accepted?: TBlock; declined?: TBlock; released?: TBlock },
) {
  const url = blockUrl(block.id);
  return [
    ...(to.patched ? [http.patch(url, () => keep(world, to.patched!))] : []),
    ...(to.accepted ? [http.put(`${url}/amendment/accept`, () => keep(world, to.accepted!))] : []),
    ...(to.declined ? [http.put(`${url}/amendment/decline`, () => keep(world, to.declined!))] : []),
    ...(to.released ? [http.put(`${url}/release`, () => keep(world, to.released!))] : []),
  ];
}

/** The server answers an accept or decline of `block` with `answered`, and keeps it. */
export function answersBlock(world: TRoomsWorld, block: TBlock, answered: TBlock) {
  return [
    http.put(`${blockUrl(block.id)}/accept`, () => keep(world, answered)),
    http.put(`${blockUrl(block.id)}/decline`, () => keep(world, answered)),
  ];
}

function keep(world: TRoomsWorld, block: TBlock) {
  world.blocks = world.blocks.map((b) => (b.id === block.id ? block : b));
  return dataReply(ZBlock, block);
}
