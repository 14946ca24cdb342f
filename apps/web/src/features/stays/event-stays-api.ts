// An event's hotels as its page asks for them (visitors too): the stay information and the hotels
// that suit it. Replies are checked by hand for the fields the section uses (lib/reply-shape), so
// the page loads no zod; the booking calls (stays-api) keep the contracts' schemas.
import type { TEventStayInfo, THotelMatch } from "@hostfield/domain/contracts";
import { apiGet, apiPostList, type TListResult } from "../../lib/api";
import type { TPage } from "../../lib/offset-pages";
import { shapeParser } from "../../lib/reply-shape";

const enc = encodeURIComponent;
export const HOTELS = "/hotel-mgmt/api/hotels";

export const MATCHES_PAGE_SIZE = 20;

/** What a booking asks for: the dates (or the event's), rooms and guests. */
export type TStaySearch = {
  checkIn?: string;
  checkOut?: string;
  rooms: number;
  guests: number;
  eventId?: string;
};

export const stayKeys = {
  all: ["stays"] as const,
  event: (eventId: string) => ["stays", "event", eventId] as const,
  matches: (eventId: string) => ["stays", "matches", eventId] as const,
  rooms: (hotelId: string) => ["stays", "rooms", hotelId] as const,
  availability: (hotelId: string, search: TStaySearch) =>
    ["stays", "availability", hotelId, search] as const,
  listingName: (kind: "hotel" | "event", id: string) => ["stays", "name", kind, id] as const,
  reservation: (id: string) => ["stays", "reservation", id] as const,
  mine: (userId: string) => ["stays", "mine", userId] as const,
  teamLink: (token: string) => ["stays", "team-link", token] as const,
};

// ---- an event's hotels ----

const stayInfoParser = shapeParser<TEventStayInfo>("The event's stay information", {
  eventId: "string",
  banner: "string",
  checkIn: "string",
  checkOut: "string",
  bookable: { checkIn: "string", checkOut: "string" },
  liveRates: "boolean",
  specials: "boolean",
  specialsCount: "number",
  venue: "object?",
  destination: "object?",
  blocks: "array",
});

export function getEventStayInfo(eventId: string, signal?: AbortSignal): Promise<TEventStayInfo> {
  return apiGet(`${HOTELS}/events/${enc(eventId)}`, { schema: stayInfoParser, signal });
}

const matchParser = shapeParser<THotelMatch>("A hotel for the event", {
  hotel: {
    id: "string",
    name: "string",
    logo: "string?",
    address: "string?",
    lat: "number?",
    lng: "number?",
    starRating: "number?",
    amenities: "array",
  },
  distanceMiles: "number?",
  lowestRate: "number?",
  nights: "array",
  blockId: "string?",
  score: "number?",
  reasons: "array",
});

/** A match keyed by its hotel, as the paged lists want their rows. */
export type TMatchRow = THotelMatch & { id: string };

export async function searchEventMatches(
  eventId: string,
  page: TPage,
  signal?: AbortSignal,
): Promise<TListResult<TMatchRow>> {
  const list = await apiPostList(
    `${HOTELS}/search/matches`,
    { eventId, offset: page.offset, take: page.take },
    { schema: matchParser, signal },
  );
  return {
    count: list.count,
    items: list.items.map((match) => ({ ...match, id: match.hotel.id })),
  };
}
