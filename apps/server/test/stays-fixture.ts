// The hotel-stays suites' world: an app on a clock the tests move, a hotel near Indianapolis with
// two room types and a calendar, a Marketed event there, the destination whose settings rule its
// hotel display, and the calls the suites make (availability, verify, book, blocks).
import { addDays } from "@hostfield/domain/rules";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { createEvent, createListed, PLACES, rfpSuite, type TApi } from "./rfps-fixture";

export const HOTEL_PEOPLE = [
  "admin",
  "hotelier",
  "organizer",
  "guest",
  "other",
  "destmgr",
] as const;
export type TStayWho = (typeof HOTEL_PEOPLE)[number] | "anonymous";

/** Today (UTC) by the suite's clock, and a day `n` after it. */
export const dayOf = (now: Date, n = 0) => addDays(now.toISOString().slice(0, 10), n);

export type TStayWorld = {
  hotelId: string;
  otherHotelId: string;
  eventId: string;
  destinationId: string;
  queen: string;
  suite: string;
  /** The event's first night and its nights (start .. end-1). */
  start: string;
  nights: string[];
};

export const hm = (
  api: TApi,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  route: string,
  who: TStayWho,
  payload?: unknown,
) => api.call("hotel-mgmt", method, route, who, payload);

/** An approved hotel owned by `owner` at a place. */
export const createHotel = (api: TApi, owner: string, name: string, at: keyof typeof PLACES) =>
  createListed(api, "hotel", owner, { name, at });

export async function addRoomType(
  api: TApi,
  hotelId: string,
  name: string,
  rackRate: number,
  maxOccupancy = 4,
) {
  const created = await api.ok<{ id: string }>(
    hm(api, "POST", `/hotels/${hotelId}/rooms`, "hotelier", {
      data: { name, beds: "2 Queen", maxOccupancy, rackRate },
    }),
    201,
  );
  return created.id;
}

export async function fill(
  api: TApi,
  hotelId: string,
  roomTypeIds: string[],
  from: string,
  to: string,
  values: { roomsToSell?: number; rate?: number },
  who: TStayWho = "hotelier",
) {
  return hm(api, "PUT", `/hotels/${hotelId}/calendar`, who, {
    data: { roomTypeIds, from, to, ...values },
  });
}

/**
 * A listed hotel of `owner` (anyone signed in of another suite's world) at a place, with one room
 * type, "Double Queen", selling `sell.roomsToSell` rooms a night at `sell.rate` for the 60 days
 * from `now`: the stays world's hotel for suites that are not the stays world (payments).
 */
export async function hotelWithRooms(
  api: TApi,
  owner: string,
  name: string,
  at: keyof typeof PLACES,
  now: Date,
  sell = { roomsToSell: 10, rate: 150 },
) {
  const hotelId = await createHotel(api, owner, name, at);
  const room = await api.ok<{ id: string }>(
    api.call("hotel-mgmt", "POST", `/hotels/${hotelId}/rooms`, owner, {
      data: { name: "Double Queen", beds: "2 Queen", maxOccupancy: 4, rackRate: sell.rate },
    }),
    201,
  );
  await api.ok(
    api.call("hotel-mgmt", "PUT", `/hotels/${hotelId}/calendar`, owner, {
      data: { roomTypeIds: [room.id], from: dayOf(now), to: dayOf(now, 60), ...sell },
    }),
  );
  return { hotelId, roomTypeId: room.id };
}

/**
 * The world: the event starts 40 days from the clock's today and lasts 3 days (2 nights); the
 * hotel sells 20 queens at $150 and 5 suites at $300 for the 60 days ahead.
 */
export async function buildStayWorld(api: TApi, now: Date): Promise<TStayWorld> {
  const hotelId = await createHotel(api, "hotelier", "Canal Hotel", "indianapolis");
  const otherHotelId = await createHotel(api, "other", "Carmel Inn", "carmel");
  const destinationId = await createListed(api, "destination", "destmgr", {
    name: "Visit Indy",
    at: "indianapolis",
  });
  const eventId = await createEvent(api, "organizer", "Indy Hoops Classic");
  const start = dayOf(now, 40);
  await api.ok(
    api.ev("PATCH", `/events/${eventId}`, "organizer", [
      { op: "replace", path: "/startDate", value: start },
      { op: "replace", path: "/endDate", value: addDays(start, 2) },
      { op: "replace", path: "/category", value: "Marketed" },
      { op: "replace", path: "/lat", value: PLACES.indianapolis.lat },
      { op: "replace", path: "/lng", value: PLACES.indianapolis.lng },
    ]),
  );
  // Listed: a pending event has no hotel page, availability or blocks (they answer 404).
  await api.ok(api.ev("PUT", `/events/${eventId}/approve`, "admin"));
  const queen = await addRoomType(api, hotelId, "Double Queen", 189);
  const suite = await addRoomType(api, hotelId, "King Suite", 349, 3);
  const filled = await fill(api, hotelId, [queen], dayOf(now), dayOf(now, 60), {
    roomsToSell: 20,
    rate: 150,
  });
  expect(filled.statusCode, filled.body).toBe(200);
  await fill(api, hotelId, [suite], dayOf(now), dayOf(now, 60), { roomsToSell: 5, rate: 300 });
  return {
    hotelId,
    otherHotelId,
    eventId,
    destinationId,
    queen,
    suite,
    start,
    nights: [start, addDays(start, 1)],
  };
}

/**
 * The stays world on its own app. `people` adds people to HOTEL_PEOPLE (signed in, owning nothing);
 * `env` is read when the app is built (see rfpSuite).
 */
export function staysSuite(
  options: { people?: readonly string[]; env?: () => Record<string, string> } = {},
) {
  let world: TStayWorld | undefined;
  const people = [...HOTEL_PEOPLE, ...(options.people ?? [])];
  const suite = rfpSuite(
    people,
    async (api) => {
      world = await buildStayWorld(api, suite.clock.now());
    },
    { env: options.env },
  );
  return { ...suite, world: () => world! };
}

/** Availability for a stay; the offer of one room type. */
export async function offerFor(
  api: TApi,
  hotelId: string,
  roomTypeId: string,
  body: Record<string, unknown>,
  who: TStayWho = "anonymous",
) {
  const availability = await api.ok(
    hm(api, "POST", `/hotels/${hotelId}/availability`, who, { data: body }),
  );
  const offer = availability.offers.find(
    (o: { roomType: { id: string } }) => o.roomType.id === roomTypeId,
  );
  expect(offer, JSON.stringify(availability)).toBeDefined();
  return { availability, offer };
}

export const guest = (who = "guest") => ({
  guestName: `${who} Person`,
  email: `${who}@example.com`,
  phone: "+1 317 555 0100",
  team: "Carmel Dads Club 12U",
});

/** An accepted block of `rooms` queens a night at `rate` for the event, cut-off 10 days ahead. */
export async function acceptedBlock(
  api: TApi,
  w: TStayWorld,
  now: Date,
  rooms: number,
  rate = 119,
) {
  const block = await api.ok(
    hm(api, "POST", "/hotels/blocks", "organizer", {
      data: {
        eventId: w.eventId,
        hotelId: w.hotelId,
        perNight: { roomTypeId: w.queen, rooms, rate },
        cutoffDate: dayOf(now, 10),
        attritionPercent: 20,
        compPerPaid: 10,
      },
    }),
    201,
  );
  return api.ok(hm(api, "PUT", `/hotels/blocks/${block.id}/accept`, "hotelier"));
}

/** Runs a scheduled job now, as its cron would, and waits for it. */
export async function runJob(app: FastifyInstance, queue: string) {
  await app.jobs.send(queue, {});
  await app.jobs.idle([queue]);
}
