// The hotel service's calls the hotel's managers and the event's organizers make: room types, the
// rate-and-inventory calendar, room blocks with their pickup, and the reservations of a hotel or
// an event (with their CSV export), a hotel's stay settings (a card guarantee for its bookings); and
// the few listing calls the pages need around them (who I am on the listing, its name, and the
// hotel and event pickers).
import {
  type TBlock,
  type TBlockChange,
  type TBlockCreate,
  type TBlockRelease,
  type TBlockStatus,
  type TCalendar,
  type TCalendarFill,
  type TForwardBlock,
  type THotelStaySettings,
  type THotelStaySettingsInput,
  type TPickup,
  type TReservation,
  type TReservationStatus,
  type TRoomType,
  type TRoomTypeInput,
  type TTeamsOverview,
  ZBlock,
  ZCalendar,
  ZEventHotel,
  ZForwardBlock,
  ZHotelMatch,
  ZHotelStaySettings,
  ZLead,
  ZPickup,
  ZReservation,
  ZRoomType,
  ZTeamsOverview,
  zDataEnvelope,
} from "@hostfield/domain/contracts";
import { HOTEL_REACH_MILES, milesText } from "@hostfield/domain/rules";
import { z } from "zod";
import {
  apiDelete,
  apiFetch,
  apiGet,
  apiGetBlob,
  apiGetList,
  apiPost,
  apiPostList,
  apiPut,
  type TListResult,
} from "../../lib/api";
import { shapeParser } from "../../lib/reply-shape";
import { formatDay } from "./rooms-format";

const enc = encodeURIComponent;
export const HOTELS_API = "/hotel-mgmt/api/hotels";

/** The calls guests' pages make too: a hotel's room types, cancelling a reservation. */
export { cancelReservation, getRoomTypes as listRoomTypes } from "../stays";

const EVENTS_API = "/event-mgmt/api/events";

/** Whose side of a block I am on: its hotel's managers or its event's organizers. */
export type TManagedKind = "hotel" | "event";

export const roomsKeys = {
  all: ["rooms"] as const,
  access: (kind: TManagedKind, id: string, viewer: string) =>
    ["rooms", "access", kind, id, viewer] as const,
  listing: (kind: TManagedKind, id: string) => ["rooms", "listing", kind, id] as const,
  roomTypes: (hotelId: string) => ["rooms", "types", hotelId] as const,
  calendars: (hotelId: string) => ["rooms", "calendar", hotelId] as const,
  calendar: (hotelId: string, from: string, to: string) =>
    ["rooms", "calendar", hotelId, from, to] as const,
  blocks: ["rooms", "blocks"] as const,
  blockList: (scope: TBlockScope) => ["rooms", "blocks", scope] as const,
  /** Under the blocks: whatever changes a block refreshes it too. */
  forward: (hotelId: string) => ["rooms", "blocks", "forward", hotelId] as const,
  pickups: ["rooms", "pickup"] as const,
  pickup: (blockId: string) => ["rooms", "pickup", blockId] as const,
  reservations: ["rooms", "reservations"] as const,
  reservationList: (filter: TReservationFilter, page: { offset: number; take: number }) =>
    ["rooms", "reservations", filter, page] as const,
  eventHotels: (eventId: string) => ["rooms", "event-hotels", eventId] as const,
  hotelsForEvent: (eventId: string) => ["rooms", "hotels-for-event", eventId] as const,
  search: (kind: TManagedKind, text: string) => ["rooms", "search", kind, text] as const,
  /** The event's teams: the teams feature's key, so that both read one answer. */
  eventTeams: (eventId: string) => ["teams", "overview", eventId] as const,
  leadRoomNights: (leadId: string) => ["rooms", "lead-room-nights", leadId] as const,
  staySettings: (hotelId: string) => ["rooms", "stay-settings", hotelId] as const,
};

// ---- a hotel's stay settings ----

export function getStaySettings(
  hotelId: string,
  signal?: AbortSignal,
): Promise<THotelStaySettings> {
  return apiGet(`${HOTELS_API}/${enc(hotelId)}/stay-settings`, {
    schema: ZHotelStaySettings,
    signal,
  });
}

export function saveStaySettings(
  hotelId: string,
  input: THotelStaySettingsInput,
): Promise<THotelStaySettings> {
  return apiPut(`${HOTELS_API}/${enc(hotelId)}/stay-settings`, input, {
    schema: ZHotelStaySettings,
  });
}

// ---- the listing around the pages ----

/** What a page shows of the hotel or event it manages, and where it is (once it has a place). */
export type TManagedListing = {
  id: string;
  name: string;
  startDate?: string | null;
  endDate?: string | null;
  lat?: number | null;
  lng?: number | null;
};

const listingBase = (kind: TManagedKind, id: string) =>
  `${kind === "hotel" ? HOTELS_API : EVENTS_API}/${enc(id)}`;

const listingReply = shapeParser<TManagedListing>("The listing", {
  id: "string",
  name: "string",
  startDate: "string?",
  endDate: "string?",
  lat: "number?",
  lng: "number?",
});

export function getManagedListing(
  kind: TManagedKind,
  id: string,
  signal?: AbortSignal,
): Promise<TManagedListing> {
  return apiGet(listingBase(kind, id), { schema: listingReply, signal });
}

/** What I may do on the listing; `profile.update` makes me a manager (or organizer) of it. */
export function getListingAbilities(
  kind: TManagedKind,
  id: string,
  signal?: AbortSignal,
): Promise<string[]> {
  return apiGet(`${listingBase(kind, id)}/my/entitlements`, {
    schema: z.array(z.string()),
    signal,
  });
}

// ---- room types ----

const roomsUrl = (hotelId: string, rest = "") => `${HOTELS_API}/${enc(hotelId)}/rooms${rest}`;

export function createRoomType(hotelId: string, input: TRoomTypeInput): Promise<TRoomType> {
  return apiPost(roomsUrl(hotelId), input, { schema: ZRoomType });
}

/** `PATCH {data: partial}` (not a JSON Patch): the fields given change, the rest stay. */
export async function updateRoomType(
  hotelId: string,
  roomTypeId: string,
  change: Partial<TRoomTypeInput>,
): Promise<TRoomType> {
  const reply = await apiFetch(
    "PATCH",
    roomsUrl(hotelId, `/${enc(roomTypeId)}`),
    {
      data: change,
    },
    { schema: zDataEnvelope(ZRoomType) },
  );
  return reply.data;
}

export function deleteRoomType(hotelId: string, roomTypeId: string): Promise<unknown> {
  return apiDelete(roomsUrl(hotelId, `/${enc(roomTypeId)}`), { emptyBody: true });
}

// ---- the calendar ----

export function getCalendar(
  hotelId: string,
  range: { from: string; to: string },
  signal?: AbortSignal,
): Promise<TCalendar> {
  return apiGet(`${HOTELS_API}/${enc(hotelId)}/calendar`, {
    query: range,
    schema: ZCalendar,
    signal,
  });
}

/** Fills nights of room types; answers the calendar of the range filled. */
export function fillCalendar(hotelId: string, fill: TCalendarFill): Promise<TCalendar> {
  return apiPut(`${HOTELS_API}/${enc(hotelId)}/calendar`, fill, { schema: ZCalendar });
}

// ---- blocks ----

export type TBlockScope = { eventId: string } | { hotelId: string };

const blockUrl = (id: string, rest = "") => `${HOTELS_API}/blocks/${enc(id)}${rest}`;

export async function listBlocks(
  scope: TBlockScope,
  status?: TBlockStatus,
  signal?: AbortSignal,
): Promise<TBlock[]> {
  const page = await apiGetList(`${HOTELS_API}/blocks`, {
    query: { ...scope, status },
    schema: ZBlock,
    signal,
  });
  return page.items;
}

export function createBlock(body: TBlockCreate): Promise<TBlock> {
  return apiPost(`${HOTELS_API}/blocks`, body, { schema: ZBlock });
}

/**
 * New terms on the table: the block goes back to Proposed, by my side; on an accepted block, an
 * amendment the other side answers (the block keeps its nights meanwhile).
 */
export async function changeBlock(id: string, change: TBlockChange): Promise<TBlock> {
  const reply = await apiFetch(
    "PATCH",
    blockUrl(id),
    { data: change },
    {
      schema: zDataEnvelope(ZBlock),
    },
  );
  return reply.data;
}

export function answerBlock(id: string, answer: "accept" | "decline"): Promise<TBlock> {
  return apiPut(blockUrl(id, `/${answer}`), undefined, { schema: ZBlock });
}

/** Accept or decline the other side's amendment of an accepted block, or withdraw my own (decline). */
export function answerAmendment(id: string, answer: "accept" | "decline"): Promise<TBlock> {
  return apiPut(blockUrl(id, `/amendment/${answer}`), undefined, { schema: ZBlock });
}

/** The organizer gives unbooked rooms back to the hotel before the cut-off. */
export function releaseBlockRooms(id: string, release: TBlockRelease): Promise<TBlock> {
  return apiPut(blockUrl(id, "/release"), release, { schema: ZBlock });
}

/** The event's teams with the rooms each needs (its organizers'). */
export function getEventTeams(eventId: string, signal?: AbortSignal): Promise<TTeamsOverview> {
  return apiGet(`${HOTELS_API}/events/${enc(eventId)}/teams`, { schema: ZTeamsOverview, signal });
}

/** The hotel room nights the request of an awarded lead estimated (null when it did not say). */
export async function getLeadRoomNights(
  eventId: string,
  leadId: string,
  signal?: AbortSignal,
): Promise<number | null> {
  const lead = await apiGet(`${EVENTS_API}/${enc(eventId)}/leads/${enc(leadId)}`, {
    schema: ZLead,
    signal,
  });
  return lead.request?.roomNights ?? null;
}

export function getPickup(id: string, signal?: AbortSignal): Promise<TPickup> {
  return apiGet(blockUrl(id, "/pickup"), { schema: ZPickup, signal });
}

/** The hotel's open blocks as their cut-offs approach (its managers). */
export async function getForwardPickup(
  hotelId: string,
  signal?: AbortSignal,
): Promise<TForwardBlock[]> {
  const page = await apiGetList(`${HOTELS_API}/${enc(hotelId)}/blocks/forward`, {
    schema: ZForwardBlock,
    signal,
  });
  return page.items;
}

// ---- reservations ----

export type TReservationFilter =
  | { scope: "hotel"; hotelId: string; status?: TReservationStatus; from?: string; to?: string }
  | { scope: "event"; eventId: string; status?: TReservationStatus; from?: string; to?: string };

const RESERVATIONS = `${HOTELS_API}/reservations`;

export function listReservations(
  filter: TReservationFilter,
  page: { offset: number; take: number },
  signal?: AbortSignal,
): Promise<TListResult<TReservation>> {
  return apiGetList(RESERVATIONS, {
    query: { ...filter, ...page },
    schema: ZReservation,
    signal,
  });
}

/** The same list as a CSV file (every page), fetched with my token. */
export function exportReservations(filter: TReservationFilter): Promise<Blob> {
  return apiGetBlob(RESERVATIONS, {
    query: { ...filter, format: "csv" },
    headers: { Accept: "text/csv" },
  });
}

// ---- the pickers ----

/** A hotel or event a picker offers, with a line that tells it from its namesakes. */
export type TPickable = { id: string; name: string; detail: string | null };

const pickableReply = shapeParser<{
  id: string;
  name: string;
  startDate?: string | null;
  address?: { city?: string | null; state?: string | null } | null;
}>("A search result", { id: "string", name: "string", startDate: "string?", address: "object?" });

export async function searchListings(
  kind: TManagedKind,
  text: string,
  signal?: AbortSignal,
): Promise<TPickable[]> {
  const base = kind === "hotel" ? HOTELS_API : EVENTS_API;
  const page = await apiPostList(
    `${base}/search`,
    { text },
    { query: { offset: 0, take: 10 }, schema: pickableReply, signal },
  );
  return page.items.map((item) => ({
    id: item.id,
    name: item.name,
    detail:
      kind === "event"
        ? item.startDate
          ? `Starts ${formatDay(item.startDate.slice(0, 10))}`
          : null
        : [item.address?.city, item.address?.state].filter(Boolean).join(", ") || null,
  }));
}

/** The hotels a block dialog offers first, at most. */
const SUGGESTED_HOTELS = 10;

/**
 * The hotels a block is best asked of for an event: the listed hotels within HOTEL_REACH_MILES of
 * its place (its venue's, once a proposal is awarded), nearest first, each with its distance, as the
 * hotel service suggests them for the event's stay: a hotel sold out on every night of it is left
 * out, one whose nights have no rates yet stays and says so.
 */
export async function listHotelsForEvent(
  eventId: string,
  signal?: AbortSignal,
): Promise<TPickable[]> {
  const page = await apiPostList(
    `${HOTELS_API}/search/matches`,
    { eventId, radius: HOTEL_REACH_MILES, take: SUGGESTED_HOTELS },
    { schema: ZHotelMatch, signal },
  );
  return page.items.map((match) => ({
    id: match.hotel.id,
    name: match.hotel.name,
    detail:
      [
        match.distanceMiles === null ? null : `${milesText(match.distanceMiles)} from the venue`,
        match.nights.some((night) => night.rate === null) ? "No rates yet" : null,
      ]
        .filter(Boolean)
        .join(" · ") || null,
  }));
}

/** The hotels linked to an event on its page. */
export async function listEventHotels(eventId: string, signal?: AbortSignal): Promise<TPickable[]> {
  const page = await apiGetList(`${EVENTS_API}/${enc(eventId)}/hotels`, {
    query: { offset: 0, take: 100 },
    schema: ZEventHotel,
    signal,
  });
  return page.items.map((link) => ({
    id: link.hotel.id,
    name: link.hotel.name,
    detail: "Linked to the event",
  }));
}
