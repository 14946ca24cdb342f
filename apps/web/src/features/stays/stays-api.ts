// The hotel service's stay calls as a guest makes them: an event's stay information and the hotels
// that suit it (event-stays-api's, re-exported), a hotel's room types, availability and quote
// checks, and my reservations (book, read, change, cancel). Also the names of the hotel and event
// a booking page shows, and what a team's booking link shows (the reserve flow names the team it
// books for; the teams feature's page shows the rest).
import {
  type TQuoteVerification,
  type TReservation,
  type TReservationChange,
  type TReservationCreate,
  type TRoomOffer,
  type TRoomType,
  type TStayAvailability,
  type TTeamBooking,
  ZAvailability,
  ZId,
  ZQuoteVerification,
  ZReservation,
  ZRoomOffer,
  ZRoomType,
  ZTeamBooking,
  zDataEnvelope,
} from "@hostfield/domain/contracts";
import { PROFILE_API } from "@hostfield/domain/reference";
import { z } from "zod";
import {
  ApiError,
  apiFetch,
  apiGet,
  apiGetList,
  apiPost,
  apiPut,
  type TListResult,
} from "../../lib/api";
import type { TPage } from "../../lib/offset-pages";
import { HOTELS, type TStaySearch } from "./event-stays-api";

const enc = encodeURIComponent;

export const RESERVATIONS_PAGE_SIZE = 20;

// An event's hotels, which its page shows to visitors, are checked without zod (event-stays-api).
export {
  getEventStayInfo,
  HOTELS,
  MATCHES_PAGE_SIZE,
  searchEventMatches,
  stayKeys,
  type TMatchRow,
  type TStaySearch,
} from "./event-stays-api";

// ---- one hotel: its name, room types, availability and quotes ----

const ZListingName = z.object({ id: ZId, name: z.string() });
export type TListingName = z.infer<typeof ZListingName>;

/** The name of a hotel or event, read from its listing (only the id and name are kept). */
export function getListingName(
  kind: "hotel" | "event",
  id: string,
  signal?: AbortSignal,
): Promise<TListingName> {
  const { service, path } = PROFILE_API[kind];
  return apiGet(`/${service}/api/${path}/${enc(id)}`, { schema: ZListingName, signal });
}

export async function getRoomTypes(hotelId: string, signal?: AbortSignal): Promise<TRoomType[]> {
  const list = await apiGetList(`${HOTELS}/${enc(hotelId)}/rooms`, {
    schema: ZRoomType,
    signal,
  });
  return list.items;
}

export function getAvailability(
  hotelId: string,
  search: TStaySearch,
  signal?: AbortSignal,
): Promise<TStayAvailability> {
  return apiPost(`${HOTELS}/${enc(hotelId)}/availability`, search, {
    schema: ZAvailability,
    signal,
  });
}

export function verifyQuote(hotelId: string, quote: string): Promise<TQuoteVerification> {
  return apiPost(
    `${HOTELS}/${enc(hotelId)}/availability/verify`,
    { quote },
    {
      schema: ZQuoteVerification,
    },
  );
}

// ---- reservations ----

const reservationUrl = (id: string, rest = "") => `${HOTELS}/reservations/${enc(id)}${rest}`;

export function createReservation(body: TReservationCreate): Promise<TReservation> {
  return apiPost(`${HOTELS}/reservations`, body, { schema: ZReservation });
}

/**
 * The new offer a 409 QUOTE_CHANGED carries in its details (`{offer}`, as the server sends it, or
 * the offer itself), or null for any other failure.
 */
export function changedOfferOf(error: unknown): TRoomOffer | null {
  if (!(error instanceof ApiError) || error.code !== "QUOTE_CHANGED") return null;
  const details = error.details;
  const nested =
    typeof details === "object" && details !== null && "offer" in details
      ? ZRoomOffer.safeParse(details.offer)
      : null;
  if (nested?.success) return nested.data;
  const offer = ZRoomOffer.safeParse(details);
  return offer.success ? offer.data : null;
}

export function isErrorCode(error: unknown, code: ApiError["code"]): boolean {
  return error instanceof ApiError && error.code === code;
}

export function listMyReservations(
  page: TPage,
  signal?: AbortSignal,
): Promise<TListResult<TReservation>> {
  return apiGetList(`${HOTELS}/reservations`, {
    query: { scope: "mine", offset: page.offset, take: page.take },
    schema: ZReservation,
    signal,
  });
}

export function getReservation(id: string, signal?: AbortSignal): Promise<TReservation> {
  return apiGet(reservationUrl(id), { schema: ZReservation, signal });
}

const ZReservationReply = zDataEnvelope(ZReservation);

/** Changes guest details (or the stay, with a new quote): `{data: change}`, not a JSON Patch. */
export async function changeReservation(
  id: string,
  change: TReservationChange,
): Promise<TReservation> {
  const reply = await apiFetch(
    "PATCH",
    reservationUrl(id),
    { data: change },
    {
      schema: ZReservationReply,
    },
  );
  return reply.data;
}

export function cancelReservation(id: string): Promise<TReservation> {
  return apiPut(reservationUrl(id, "/cancel"), undefined, { schema: ZReservation });
}

// ---- a team's booking link ----

/** What a team's booking link shows, to anyone who holds it (404 unknown, 410 replaced). */
export function getTeamBooking(token: string, signal?: AbortSignal): Promise<TTeamBooking> {
  return apiGet(`${HOTELS}/team-links/${enc(token)}`, { schema: ZTeamBooking, signal });
}
