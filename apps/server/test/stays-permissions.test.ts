// The permission matrix of every hotel-stays route (below /hotel-mgmt/api), called by an anonymous
// visitor, the hotel's manager (its owner), a member of the hotel who is not a manager, the event's
// organizer, the guest who booked, a signed-in stranger who has nothing, and an admin. The expected
// statuses restate the product's rules, not policy.ts: room types and the calendar are the hotel's
// managers' (rooms are listed publicly for a listed hotel); blocks are proposed by either side and
// answered by the side that did not propose (an accepted block's amendment too, which its proposer
// may withdraw; only the event's organizers give its rooms back early, the hotel's managers get
// 403); a block and its pickup are for its two sides (404 for
// anyone else), and so are a held block's statement (its PDF) and thread, the statement confirmed
// by the hotel's managers only, the hotel's forward pickup of its blocks and its stay settings for its managers; reservations are booked
// by anyone signed in and read by the guest, the hotel and the event (404 for anyone else), changed
// and cancelled by the guest or the hotel; an event's teams are its organizers', a team's booking
// link anyone's who holds it until revoked; the guest's contact details never reach anyone else. The inventory test fails when the module gains a route that this
// table does not cover.
import { addDays } from "@hostfield/domain/rules";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { createEvent, PLACES } from "./rfps-fixture";
import { createHotel, dayOf, guest, offerFor, staysSuite } from "./stays-fixture";

// "nobody" is signed in and owns nothing ("other" of the shared world owns the second hotel);
// "member" is a member, not a manager, of the world's hotel; "deputy" a manager who does not own it.
const { api, clock, app, world } = staysSuite({ people: ["nobody", "member", "deputy"] });

const CALLERS = [
  "anonymous",
  "hotelier",
  "member",
  "organizer",
  "guest",
  "nobody",
  "admin",
] as const;
type TCaller = (typeof CALLERS)[number];
type TMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type TExpected = Record<TCaller, number>;

const call = (method: TMethod, route: string, who: string, payload?: unknown) =>
  api.call("hotel-mgmt", method, route, who, payload);

/** A guest's contact details, unique to this suite, to look for where they must not be. */
const GUEST_EMAIL = "guest.contact@example.com";
const GUEST_PHONE = "+1 317 555 0199";
const guestDetails = () => ({ ...guest("guest"), email: GUEST_EMAIL, phone: GUEST_PHONE });

// ---- the expected answers, by rule -----------------------------------------------------------

const every = (status: number): TExpected => ({
  anonymous: status,
  hotelier: status,
  member: status,
  organizer: status,
  guest: status,
  nobody: status,
  admin: status,
});
/** Anyone signed in; 401 for a visitor. */
const signedIn = (status: number): TExpected => ({ ...every(status), anonymous: 401 });
/** The hotel's managers (and admins): the hotel is listed, so anyone else signed in sees it: 403. */
const hotelManagers = (status: number): TExpected => ({
  ...every(403),
  anonymous: 401,
  hotelier: status,
  admin: status,
});
const eventOrganizers = (status: number): TExpected => ({
  ...every(403),
  anonymous: 401,
  organizer: status,
  admin: status,
});
/** A block's two sides (and admins); hidden from everyone else signed in. */
const blockSides = (status: number): TExpected => ({
  ...every(404),
  anonymous: 401,
  hotelier: status,
  organizer: status,
  admin: status,
});
/** The side that did not propose answers; the proposer sees the block but may not: 403. */
const answeredBy = (answerer: "hotelier" | "organizer"): TExpected => ({
  ...blockSides(403),
  [answerer]: 200,
  admin: 200,
});
/** Who may read a reservation: the guest, the hotel, the event; hidden from everyone else. */
const reservationReaders: TExpected = {
  ...every(404),
  anonymous: 401,
  guest: 200,
  hotelier: 200,
  organizer: 200,
  admin: 200,
};
/** Who may change or cancel it: the guest or the hotel; the event's organizer sees it but may not. */
const reservationChangers: TExpected = { ...reservationReaders, organizer: 403 };

// ---- the state the cases need ------------------------------------------------------------------

const extra = {} as {
  /** A hotel of "hotelier" never approved: not listed. */
  pendingHotel: string;
  /** The guest's reservation for the world's event. */
  reservation: string;
  /** A block of an event of the organizer's, proposed by the organizer and not answered. */
  block: string;
  blockEvent: string;
};

/** A listed event of the organizer's on the world's dates (the hotel's calendar covers them). */
async function freshEvent() {
  const w = world();
  const id = await createEvent(api, "organizer", `Matrix Event ${Math.random()}`);
  await api.ok(
    api.ev("PATCH", `/events/${id}`, "organizer", [
      { op: "replace", path: "/startDate", value: w.start },
      { op: "replace", path: "/endDate", value: addDays(w.start, 2) },
      { op: "replace", path: "/category", value: "Marketed" },
      { op: "replace", path: "/lat", value: PLACES.indianapolis.lat },
      { op: "replace", path: "/lng", value: PLACES.indianapolis.lng },
    ]),
  );
  await api.ok(api.ev("PUT", `/events/${id}/approve`, "admin"));
  return id;
}

/** A new block for a new event at the world's hotel, proposed by one side: its id and event. */
async function proposedBlockOf(by: "hotelier" | "organizer") {
  const w = world();
  const eventId = await freshEvent();
  const block = await api.ok<{ id: string; status: string; proposedBy: string }>(
    call("POST", "/hotels/blocks", by, {
      data: {
        eventId,
        hotelId: w.hotelId,
        perNight: { roomTypeId: w.queen, rooms: 1, rate: 119 },
        cutoffDate: dayOf(clock.now(), 10),
      },
    }),
    201,
  );
  expect(block.status).toBe("Proposed");
  expect(block.proposedBy).toBe(by === "hotelier" ? "hotel" : "organizer");
  return { id: block.id, eventId };
}

const proposedBlock = async (by: "hotelier" | "organizer") => (await proposedBlockOf(by)).id;

let heldForStatement: Promise<string> | undefined;
/** One accepted block of the event's nights, made once, whose statement the matrix reads. */
const statementBlock = () => {
  heldForStatement ??= (async () => {
    const id = await proposedBlock("organizer");
    await api.ok(call("PUT", `/hotels/blocks/${id}/accept`, "hotelier"));
    return id;
  })();
  return heldForStatement;
};

let spare = 0;
/**
 * An accepted block of a new event: one queen on one night of days 15..34 in turn (so that the
 * many the matrix makes never run out of the hotel's 20 queens), proposed by the organizer.
 */
async function acceptedBlock() {
  const w = world();
  const night = dayOf(clock.now(), 15 + (spare++ % 20));
  const block = await api.ok<{ id: string }>(
    call("POST", "/hotels/blocks", "organizer", {
      data: {
        eventId: await freshEvent(),
        hotelId: w.hotelId,
        nights: [{ roomTypeId: w.queen, night, rooms: 1, rate: 119 }],
        cutoffDate: dayOf(clock.now(), 10),
      },
    }),
    201,
  );
  await api.ok(call("PUT", `/hotels/blocks/${block.id}/accept`, "hotelier"));
  return { id: block.id, night };
}

/** An accepted block with an amendment on the table by one side: its id. */
async function amendedBlock(by: "hotelier" | "organizer") {
  const { id } = await acceptedBlock();
  await api.ok(call("PATCH", `/hotels/blocks/${id}`, by, { data: { minNights: 2 } }));
  return id;
}

/** A fresh quote for one queen over the world event's stay window. */
async function quote(who = "guest") {
  const w = world();
  const { offer } = await offerFor(
    api,
    w.hotelId,
    w.queen,
    { eventId: w.eventId, rooms: 1, guests: 2 },
    who as "guest",
  );
  expect(offer.quote, JSON.stringify(offer)).toEqual(expect.any(String));
  return offer.quote as string;
}

/** The guest books one queen for the world's event: the reservation's id. */
async function guestReservation() {
  const booked = await api.ok<{ id: string }>(
    call("POST", "/hotels/reservations", "guest", {
      data: { quote: await quote(), ...guestDetails() },
    }),
    201,
  );
  return booked.id;
}

beforeAll(async () => {
  const w = world();
  // "member" joins the world's hotel as a member (not a manager), invited by its owner.
  const invitation = await api.ok<{ id: string }>(
    call("POST", `/hotels/${w.hotelId}/members`, "hotelier", {
      data: { email: "member@example.com", role: "member" },
    }),
    201,
  );
  await api.ok(api.call("user-mgmt", "POST", `/invitations/${invitation.id}/accept`, "member"));
  const deputy = await api.ok<{ id: string }>(
    call("POST", `/hotels/${w.hotelId}/members`, "hotelier", {
      data: { email: "deputy@example.com", role: "manager" },
    }),
    201,
  );
  await api.ok(api.call("user-mgmt", "POST", `/invitations/${deputy.id}/accept`, "deputy"));
  const pending = await api.ok<{ id: string }>(
    call("POST", "/hotels", "hotelier", {
      data: {
        name: "Unlisted Lodge",
        address: {
          street: null,
          city: "Fishers",
          state: "IN",
          postalCode: null,
          country: "US",
        },
        lat: PLACES.fishers.lat,
        lng: PLACES.fishers.lng,
      },
    }),
    201,
  );
  extra.pendingHotel = pending.id;
  extra.reservation = await guestReservation();
  const proposed = await proposedBlockOf("organizer");
  extra.block = proposed.id;
  extra.blockEvent = proposed.eventId;
}, 120_000);

// ---- the cases ---------------------------------------------------------------------------------

type TRequest = { method: TMethod; route: string; payload?: unknown };
type TCase = {
  method: TMethod;
  /** The route as registered below /hotel-mgmt/api. */
  route: string;
  what?: string;
  expected: TExpected;
  /** The request, made anew for each caller when it changes state. */
  prepare: () => Promise<TRequest>;
};

const at = (method: TMethod, route: string, payload?: unknown) => async (): Promise<TRequest> => ({
  method,
  route,
  payload,
});

function cases(): TCase[] {
  const w = world();
  const today = dayOf(clock.now());
  const h = `/hotels/${w.hotelId}`;
  const res = `/hotels/reservations/${extra.reservation}`;
  const roomInput = { name: "Matrix Room", beds: "1 King", maxOccupancy: 2, rackRate: 129 };
  return [
    // ---- room types and the calendar ----
    {
      method: "GET",
      route: "/hotels/:id/rooms",
      what: "a listed hotel",
      expected: every(200),
      prepare: at("GET", `${h}/rooms`),
    },
    {
      method: "GET",
      route: "/hotels/:id/rooms",
      what: "an unlisted hotel",
      expected: { ...every(404), hotelier: 200, admin: 200 },
      prepare: at("GET", `/hotels/${extra.pendingHotel}/rooms`),
    },
    {
      method: "POST",
      route: "/hotels/:id/rooms",
      expected: hotelManagers(201),
      prepare: at("POST", `${h}/rooms`, { data: roomInput }),
    },
    {
      method: "PATCH",
      route: "/hotels/:id/rooms/:roomTypeId",
      expected: hotelManagers(200),
      prepare: at("PATCH", `${h}/rooms/${w.suite}`, { data: { description: "Corner suite" } }),
    },
    {
      method: "DELETE",
      route: "/hotels/:id/rooms/:roomTypeId",
      expected: hotelManagers(200),
      prepare: async () => {
        const made = await api.ok<{ id: string }>(
          call("POST", `${h}/rooms`, "hotelier", { data: roomInput }),
          201,
        );
        return { method: "DELETE", route: `${h}/rooms/${made.id}` };
      },
    },
    {
      method: "GET",
      route: "/hotels/:id/calendar",
      expected: hotelManagers(200),
      prepare: at("GET", `${h}/calendar?from=${today}&to=${addDays(today, 6)}`),
    },
    {
      method: "PUT",
      route: "/hotels/:id/calendar",
      expected: hotelManagers(200),
      prepare: at("PUT", `${h}/calendar`, {
        data: {
          roomTypeIds: [w.suite],
          from: addDays(today, 50),
          to: addDays(today, 52),
          rate: 310,
        },
      }),
    },
    // ---- the hotel's stay settings (card guarantees) ----
    {
      method: "GET",
      route: "/hotels/:id/stay-settings",
      expected: hotelManagers(200),
      prepare: at("GET", `${h}/stay-settings`),
    },
    {
      method: "PUT",
      route: "/hotels/:id/stay-settings",
      expected: hotelManagers(200),
      prepare: at("PUT", `${h}/stay-settings`, { data: { requireCardGuarantee: false } }),
    },
    // ---- blocks ----
    {
      method: "GET",
      route: "/hotels/blocks",
      what: "an event's",
      expected: eventOrganizers(200),
      prepare: at("GET", `/hotels/blocks?eventId=${w.eventId}`),
    },
    {
      method: "GET",
      route: "/hotels/blocks",
      what: "a hotel's",
      expected: hotelManagers(200),
      prepare: at("GET", `/hotels/blocks?hotelId=${w.hotelId}`),
    },
    {
      method: "POST",
      route: "/hotels/blocks",
      expected: { ...every(403), anonymous: 401, hotelier: 201, organizer: 201, admin: 201 },
      prepare: async () => ({
        method: "POST",
        route: "/hotels/blocks",
        payload: {
          data: {
            eventId: await freshEvent(),
            hotelId: w.hotelId,
            perNight: { roomTypeId: w.queen, rooms: 1, rate: 119 },
            cutoffDate: addDays(today, 10),
          },
        },
      }),
    },
    {
      method: "GET",
      route: "/hotels/blocks/:blockId",
      expected: blockSides(200),
      prepare: at("GET", `/hotels/blocks/${extra.block}`),
    },
    {
      method: "PATCH",
      route: "/hotels/blocks/:blockId",
      expected: blockSides(200),
      prepare: async () => ({
        method: "PATCH",
        route: `/hotels/blocks/${await proposedBlock("organizer")}`,
        payload: { data: { note: "Late check-out for the teams, please." } },
      }),
    },
    {
      method: "PUT",
      route: "/hotels/blocks/:blockId/accept",
      what: "proposed by the organizer",
      expected: answeredBy("hotelier"),
      prepare: async () => ({
        method: "PUT",
        route: `/hotels/blocks/${await proposedBlock("organizer")}/accept`,
      }),
    },
    {
      method: "PUT",
      route: "/hotels/blocks/:blockId/accept",
      what: "proposed by the hotel",
      expected: answeredBy("organizer"),
      prepare: async () => ({
        method: "PUT",
        route: `/hotels/blocks/${await proposedBlock("hotelier")}/accept`,
      }),
    },
    {
      method: "PUT",
      route: "/hotels/blocks/:blockId/decline",
      what: "proposed by the organizer",
      expected: answeredBy("hotelier"),
      prepare: async () => ({
        method: "PUT",
        route: `/hotels/blocks/${await proposedBlock("organizer")}/decline`,
      }),
    },
    {
      method: "PUT",
      route: "/hotels/blocks/:blockId/decline",
      what: "proposed by the hotel",
      expected: answeredBy("organizer"),
      prepare: async () => ({
        method: "PUT",
        route: `/hotels/blocks/${await proposedBlock("hotelier")}/decline`,
      }),
    },
    {
      method: "PATCH",
      route: "/hotels/blocks/:blockId",
      what: "an accepted block: an amendment",
      expected: blockSides(200),
      prepare: async () => ({
        method: "PATCH",
        route: `/hotels/blocks/${(await acceptedBlock()).id}`,
        payload: { data: { minNights: 2 } },
      }),
    },
    {
      method: "PUT",
      route: "/hotels/blocks/:blockId/amendment/accept",
      what: "amended by the organizer",
      expected: answeredBy("hotelier"),
      prepare: async () => ({
        method: "PUT",
        route: `/hotels/blocks/${await amendedBlock("organizer")}/amendment/accept`,
      }),
    },
    {
      method: "PUT",
      route: "/hotels/blocks/:blockId/amendment/accept",
      what: "amended by the hotel",
      expected: answeredBy("organizer"),
      prepare: async () => ({
        method: "PUT",
        route: `/hotels/blocks/${await amendedBlock("hotelier")}/amendment/accept`,
      }),
    },
    {
      method: "PUT",
      route: "/hotels/blocks/:blockId/amendment/decline",
      what: "declined by the hotel, withdrawn by the organizer",
      expected: blockSides(200),
      prepare: async () => ({
        method: "PUT",
        route: `/hotels/blocks/${await amendedBlock("organizer")}/amendment/decline`,
      }),
    },
    {
      method: "PUT",
      route: "/hotels/blocks/:blockId/release",
      expected: { ...blockSides(200), hotelier: 403 },
      prepare: async () => {
        const { id, night } = await acceptedBlock();
        return {
          method: "PUT",
          route: `/hotels/blocks/${id}/release`,
          payload: { data: { nights: [{ roomTypeId: w.queen, night, rooms: 1 }] } },
        };
      },
    },
    {
      method: "GET",
      route: "/hotels/blocks/:blockId/pickup",
      expected: blockSides(200),
      prepare: at("GET", `/hotels/blocks/${extra.block}/pickup`),
    },
    // ---- a held block's final statement and the thread ----
    {
      method: "GET",
      route: "/hotels/blocks/:blockId/statement",
      expected: blockSides(200),
      prepare: async () => ({
        method: "GET",
        route: `/hotels/blocks/${await statementBlock()}/statement`,
      }),
    },
    {
      method: "PUT",
      route: "/hotels/blocks/:blockId/statement",
      what: "the hotel's, after the last night: before it, 409",
      expected: { ...blockSides(409), organizer: 403 },
      prepare: async () => ({
        method: "PUT",
        route: `/hotels/blocks/${await statementBlock()}/statement`,
        payload: {
          data: {
            nights: w.nights.map((night) => ({ roomTypeId: w.queen, night, stayed: 1 })),
          },
        },
      }),
    },
    {
      method: "GET",
      route: "/hotels/blocks/:blockId/statement.pdf",
      expected: blockSides(200),
      prepare: async () => ({
        method: "GET",
        route: `/hotels/blocks/${await statementBlock()}/statement.pdf`,
      }),
    },
    {
      method: "GET",
      route: "/hotels/blocks/:blockId/messages",
      expected: blockSides(200),
      prepare: at("GET", `/hotels/blocks/${extra.block}/messages`),
    },
    {
      method: "POST",
      route: "/hotels/blocks/:blockId/messages",
      expected: blockSides(201),
      prepare: at("POST", `/hotels/blocks/${extra.block}/messages`, {
        data: { body: "Can the teams check in early?" },
      }),
    },
    {
      method: "GET",
      route: "/hotels/:id/blocks/forward",
      expected: hotelManagers(200),
      prepare: at("GET", `${h}/blocks/forward`),
    },
    // ---- availability and quotes ----
    {
      method: "POST",
      route: "/hotels/:id/availability",
      expected: every(200),
      prepare: at("POST", `${h}/availability`, {
        data: { checkIn: addDays(today, 3), checkOut: addDays(today, 5), rooms: 1, guests: 2 },
      }),
    },
    {
      method: "POST",
      route: "/hotels/:id/availability/verify",
      expected: every(200),
      prepare: async () => ({
        method: "POST",
        route: `${h}/availability/verify`,
        payload: { data: { quote: await quote() } },
      }),
    },
    // ---- reservations ----
    {
      method: "POST",
      route: "/hotels/reservations",
      expected: signedIn(201),
      prepare: async () => ({
        method: "POST",
        route: "/hotels/reservations",
        payload: { data: { quote: await quote(), ...guest("booker") } },
      }),
    },
    {
      method: "GET",
      route: "/hotels/reservations",
      what: "scope=mine",
      expected: signedIn(200),
      prepare: at("GET", "/hotels/reservations?scope=mine"),
    },
    {
      method: "GET",
      route: "/hotels/reservations",
      what: "scope=hotel",
      expected: hotelManagers(200),
      prepare: at("GET", `/hotels/reservations?scope=hotel&hotelId=${w.hotelId}`),
    },
    {
      method: "GET",
      route: "/hotels/reservations",
      what: "scope=event",
      expected: eventOrganizers(200),
      prepare: at("GET", `/hotels/reservations?scope=event&eventId=${w.eventId}`),
    },
    {
      method: "GET",
      route: "/hotels/reservations",
      what: "scope=mine&format=csv",
      expected: signedIn(403),
      prepare: at("GET", "/hotels/reservations?scope=mine&format=csv"),
    },
    {
      method: "GET",
      route: "/hotels/reservations",
      what: "scope=hotel&format=csv",
      expected: hotelManagers(200),
      prepare: at("GET", `/hotels/reservations?scope=hotel&hotelId=${w.hotelId}&format=csv`),
    },
    {
      method: "GET",
      route: "/hotels/reservations",
      what: "scope=event&format=csv",
      expected: eventOrganizers(200),
      prepare: at("GET", `/hotels/reservations?scope=event&eventId=${w.eventId}&format=csv`),
    },
    {
      method: "GET",
      route: "/hotels/reservations/:reservationId",
      expected: reservationReaders,
      prepare: at("GET", res),
    },
    {
      method: "PATCH",
      route: "/hotels/reservations/:reservationId",
      what: "guest details",
      expected: reservationChangers,
      prepare: at("PATCH", res, { data: { team: "Carmel Dads Club 13U" } }),
    },
    {
      method: "PUT",
      route: "/hotels/reservations/:reservationId/cancel",
      expected: reservationChangers,
      prepare: async () => ({
        method: "PUT",
        route: `/hotels/reservations/${await guestReservation()}/cancel`,
      }),
    },
    // ---- hotels for an event, and matches ----
    {
      method: "GET",
      route: "/hotels/events/:eventId",
      expected: every(200),
      prepare: at("GET", `/hotels/events/${w.eventId}`),
    },
    {
      method: "POST",
      route: "/hotels/search/matches",
      expected: every(200),
      prepare: at("POST", "/hotels/search/matches", { data: { eventId: w.eventId } }),
    },
    ...teamCases(),
  ];
}

/** A new team of the world's event, typed in by its organizer: its id and booking link's token. */
async function newTeam() {
  const team = await api.ok<{ id: string; bookingPath: string }>(
    call("POST", `/hotels/events/${world().eventId}/teams`, "organizer", {
      data: {
        name: `Matrix Team ${Math.random()}`,
        contactName: "Matrix Coach",
        contactEmail: "matrix.coach@example.com",
        roomsNeeded: 2,
      },
    }),
    201,
  );
  return { id: team.id, token: team.bookingPath.replace("/team-booking/", "") };
}

/**
 * An event's teams are its organizers' (403 for anyone else signed in, the event being listed); a
 * team's booking link is anyone's who holds it (a capability URL), until revoked.
 */
function teamCases(): TCase[] {
  const teams = `/hotels/events/${world().eventId}/teams`;
  const teamInput = () => ({
    name: `Matrix Team ${Math.random()}`,
    contactName: "Matrix Coach",
    contactEmail: "matrix.coach@example.com",
    roomsNeeded: 3,
  });
  return [
    {
      method: "GET",
      route: "/hotels/events/:eventId/teams",
      expected: eventOrganizers(200),
      prepare: at("GET", teams),
    },
    {
      method: "POST",
      route: "/hotels/events/:eventId/teams",
      expected: eventOrganizers(201),
      prepare: async () => ({ method: "POST", route: teams, payload: { data: teamInput() } }),
    },
    {
      method: "POST",
      route: "/hotels/events/:eventId/teams/import",
      expected: eventOrganizers(200),
      prepare: async () => {
        const t = teamInput();
        const csv = `name,contact name,contact email,rooms\n${t.name},${t.contactName},${t.contactEmail},2`;
        return { method: "POST", route: `${teams}/import`, payload: { data: { csv } } };
      },
    },
    {
      method: "PUT",
      route: "/hotels/events/:eventId/teams/stay-to-play",
      expected: eventOrganizers(200),
      prepare: at("PUT", `${teams}/stay-to-play`, { data: { required: true } }),
    },
    {
      method: "POST",
      route: "/hotels/events/:eventId/teams/remind",
      expected: eventOrganizers(200),
      prepare: at("POST", `${teams}/remind`),
    },
    {
      method: "PATCH",
      route: "/hotels/events/:eventId/teams/:teamId",
      expected: eventOrganizers(200),
      prepare: async () => ({
        method: "PATCH",
        route: `${teams}/${(await newTeam()).id}`,
        payload: { data: { roomsNeeded: 5 } },
      }),
    },
    {
      method: "DELETE",
      route: "/hotels/events/:eventId/teams/:teamId",
      expected: eventOrganizers(200),
      prepare: async () => ({ method: "DELETE", route: `${teams}/${(await newTeam()).id}` }),
    },
    {
      method: "PUT",
      route: "/hotels/events/:eventId/teams/:teamId/revoke-link",
      expected: eventOrganizers(200),
      prepare: async () => ({
        method: "PUT",
        route: `${teams}/${(await newTeam()).id}/revoke-link`,
      }),
    },
    {
      method: "GET",
      route: "/hotels/team-links/:token",
      expected: every(200),
      prepare: async () => ({
        method: "GET",
        route: `/hotels/team-links/${(await newTeam()).token}`,
      }),
    },
    {
      method: "GET",
      route: "/hotels/team-links/:token",
      what: "revoked",
      expected: every(410),
      prepare: async () => {
        const team = await newTeam();
        await api.ok(call("PUT", `${teams}/${team.id}/revoke-link`, "organizer"));
        return { method: "GET", route: `/hotels/team-links/${team.token}` };
      },
    },
  ];
}

// Every reply a caller got in the matrix, to look for the guest's contact details afterwards.
const replies: { caller: TCaller; label: string; res: LightMyRequestResponse }[] = [];
const CASE_COUNT = 54;
const STAY_ROUTE =
  /^\/hotels\/(:id\/(rooms|calendar|availability|blocks\/forward|stay-settings)|blocks|reservations|events\/:|search\/matches|team-links)/;

describe("hotel stays: who may call each route", () => {
  it("covers every route of the module", () => {
    const base = "/hotel-mgmt/api";
    const normal = (route: string) => route.replace(/:[A-Za-z]+/g, ":p");
    const served = app()
      .routeTable.filter(
        (r) =>
          r.method !== "HEAD" &&
          r.url.startsWith(base) &&
          STAY_ROUTE.test(r.url.slice(base.length)),
      )
      .map((r) => `${r.method} ${normal(r.url.slice(base.length))}`);
    const covered = new Set(cases().map((c) => `${c.method} ${normal(c.route)}`));
    expect(served.length).toBe(42);
    expect(cases().length).toBe(CASE_COUNT);
    expect(served.filter((r) => !covered.has(r))).toEqual([]);
  });

  it.each([...Array(CASE_COUNT).keys()].map((i) => [i] as const))("case %i", async (i) => {
    const c = cases()[i]!;
    const label = `${c.method} ${c.route}${c.what ? ` (${c.what})` : ""}`;
    const actual: Record<string, number | string> = { case: label };
    for (const caller of CALLERS) {
      const request = await c.prepare();
      const res = await call(request.method, request.route, caller, request.payload);
      replies.push({ caller, label, res });
      actual[caller] = res.statusCode;
      // A refusal says why in the error envelope (a body shown when the status is unexpected).
      if (res.statusCode !== c.expected[caller])
        actual[caller] = `${res.statusCode}: ${res.body.slice(0, 160)}`;
    }
    expect(actual).toEqual({ case: label, ...c.expected });
  });
});

describe("hotel stays: what each caller sees", () => {
  it("scope=mine lists only the caller's own bookings, whatever hotel or event is named", async () => {
    const w = world();
    const mine = await api.ok<{ id: string; guestName: string }[]>(
      call("GET", "/hotels/reservations?scope=mine", "guest"),
    );
    expect(mine.map((r) => r.id)).toContain(extra.reservation);
    for (const who of ["hotelier", "organizer", "nobody", "member", "admin"]) {
      for (const filter of ["", `&hotelId=${w.hotelId}`, `&eventId=${w.eventId}`]) {
        const list = await api.ok<{ id: string }[]>(
          call("GET", `/hotels/reservations?scope=mine${filter}`, who),
        );
        expect(
          list.map((r) => r.id),
          `${who} scope=mine${filter}`,
        ).not.toContain(extra.reservation);
      }
    }
  });

  it("the hotel and the event see the guest's reservation with its contact details", async () => {
    const w = world();
    for (const [who, query] of [
      ["hotelier", `scope=hotel&hotelId=${w.hotelId}`],
      ["organizer", `scope=event&eventId=${w.eventId}`],
    ] as const) {
      const list = await api.ok<{ id: string; email: string; phone: string }[]>(
        call("GET", `/hotels/reservations?${query}`, who),
      );
      const row = list.find((r) => r.id === extra.reservation);
      expect(row, who).toMatchObject({ email: GUEST_EMAIL, phone: GUEST_PHONE });
    }
  });

  it("a member of the hotel (not a manager) may not write its calendar or its room types", async () => {
    const w = world();
    const today = dayOf(clock.now());
    const fill = await call("PUT", `/hotels/${w.hotelId}/calendar`, "member", {
      data: { roomTypeIds: [w.queen], from: today, to: addDays(today, 1), roomsToSell: 0 },
    });
    expect(fill.statusCode, fill.body).toBe(403);
    // Nothing changed: the queens are still on sale.
    const calendar = await api.ok<{
      cells: { roomTypeId: string; night: string; roomsToSell: number }[];
    }>(call("GET", `/hotels/${w.hotelId}/calendar?from=${today}&to=${today}`, "hotelier"));
    const cell = calendar.cells.find((c) => c.roomTypeId === w.queen && c.night === today);
    expect(cell?.roomsToSell).toBe(20);
  });

  it("the guest's contact details reach no one but the guest, the hotel and the event", () => {
    // Runs after the matrix (vitest keeps the order of tests in a file).
    expect(replies.length).toBeGreaterThan(CALLERS.length * 20);
    const leaks = replies
      .filter(({ caller }) => !["guest", "hotelier", "organizer", "admin"].includes(caller))
      .filter(({ res }) => res.body.includes(GUEST_EMAIL) || res.body.includes(GUEST_PHONE))
      .map(({ caller, label }) => `${caller}: ${label}`);
    expect(leaks).toEqual([]);
  });
});

describe("hotel stays: a manager who does not own the hotel", () => {
  it("keeps its calendar, sees its bookings and answers the event's proposals", async () => {
    const w = world();
    const today = dayOf(clock.now());
    const fill = await call("PUT", `/hotels/${w.hotelId}/calendar`, "deputy", {
      data: { roomTypeIds: [w.suite], from: addDays(today, 55), to: addDays(today, 56), rate: 320 },
    });
    expect(fill.statusCode, fill.body).toBe(200);
    const list = await call(
      "GET",
      `/hotels/reservations?scope=hotel&hotelId=${w.hotelId}`,
      "deputy",
    );
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json().data as { id: string }[]).map((r) => r.id)).toContain(extra.reservation);
    const block = await proposedBlock("organizer");
    const accepted = await call("PUT", `/hotels/blocks/${block}/accept`, "deputy");
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.status).toBe("Accepted");
  });
});

describe("hotel stays: one hotel's managers and another hotel's rooms", () => {
  // "other" manages the second hotel: its rights there reach none of the world's hotel's rooms.
  it("may not change, delete or fill the world's room types through their own hotel", async () => {
    const w = world();
    const today = dayOf(clock.now());
    const own = `/hotels/${w.otherHotelId}`;
    const patched = await call("PATCH", `${own}/rooms/${w.queen}`, "other", {
      data: { rackRate: 1 },
    });
    expect(patched.statusCode, patched.body).toBe(404);
    const deleted = await call("DELETE", `${own}/rooms/${w.suite}`, "other");
    expect(deleted.statusCode, deleted.body).toBe(404);
    const filled = await call("PUT", `${own}/calendar`, "other", {
      data: { roomTypeIds: [w.queen], from: today, to: addDays(today, 1), roomsToSell: 0 },
    });
    expect(filled.statusCode, filled.body).toBe(400);
    const rooms = await api.ok<{ id: string; rackRate: number }[]>(
      call("GET", `/hotels/${w.hotelId}/rooms`, "anonymous"),
    );
    expect(rooms.find((r) => r.id === w.queen)?.rackRate).toBe(189);
    expect(rooms.map((r) => r.id)).toContain(w.suite);
  });

  it("may not propose a block at the world's hotel with the second hotel's standing", async () => {
    const w = world();
    const res = await call("POST", "/hotels/blocks", "other", {
      data: {
        eventId: w.eventId,
        hotelId: w.hotelId,
        perNight: { roomTypeId: w.queen, rooms: 1, rate: 1 },
        cutoffDate: addDays(dayOf(clock.now()), 10),
      },
    });
    expect(res.statusCode, res.body).toBe(403);
  });
});

describe("hotel stays: a counter-proposal hands the answer to the other side", () => {
  it("the hotel counters the organizer's proposal: now the organizer answers, not the hotel", async () => {
    const block = await proposedBlock("organizer");
    const countered = await api.ok<{ proposedBy: string; status: string }>(
      call("PATCH", `/hotels/blocks/${block}`, "hotelier", { data: { attritionPercent: 10 } }),
    );
    expect(countered).toMatchObject({ proposedBy: "hotel", status: "Proposed" });
    const byHotel = await call("PUT", `/hotels/blocks/${block}/accept`, "hotelier");
    expect(byHotel.statusCode, byHotel.body).toBe(403);
    const byOrganizer = await call("PUT", `/hotels/blocks/${block}/accept`, "organizer");
    expect(byOrganizer.statusCode, byOrganizer.body).toBe(200);
    expect(byOrganizer.json().data.status).toBe("Accepted");
  });
});

describe("hotel stays: a hotel's blocks narrowed to one event", () => {
  it("the hotel's manager may list their hotel's blocks for one event", async () => {
    const w = world();
    const res = await call(
      "GET",
      `/hotels/blocks?hotelId=${w.hotelId}&eventId=${extra.blockEvent}`,
      "hotelier",
    );
    expect(res.statusCode, res.body).toBe(200);
    const ids = (res.json().data as { id: string }[]).map((b) => b.id);
    expect(ids).toContain(extra.block);
    // Each of which they may read on its own.
    expect((await call("GET", `/hotels/blocks/${extra.block}`, "hotelier")).statusCode).toBe(200);
  });
});

describe("hotel stays: a second hotel's manager", () => {
  it("is a stranger to the world's hotel, its blocks and its guests' reservations", async () => {
    const w = world();
    const other = await createHotel(api, "nobody", "Nobody's Motel", "carmel");
    expect(other).not.toBe(w.hotelId);
    expect((await call("GET", `/hotels/blocks/${extra.block}`, "nobody")).statusCode).toBe(404);
    expect(
      (await call("GET", `/hotels/reservations/${extra.reservation}`, "nobody")).statusCode,
    ).toBe(404);
    expect(
      (await call("GET", `/hotels/reservations?scope=hotel&hotelId=${w.hotelId}`, "nobody"))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await call("PUT", `/hotels/${w.hotelId}/calendar`, "nobody", {
          data: {
            roomTypeIds: [w.queen],
            from: dayOf(clock.now()),
            to: dayOf(clock.now()),
            rate: 1,
          },
        })
      ).statusCode,
    ).toBe(403);
  });
});
