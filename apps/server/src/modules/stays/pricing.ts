// What a stay costs and whether it can be had: each room type's nights priced at the event's block
// rate (nights inside an accepted block before its cut-off, when the stay meets its minimum), at
// live rates (spec §4: a Marketed event whose destination shows them) or at the hotel's calendar
// rate; the signed quote that carries those figures to a booking; and its re-pricing (verify).
import {
  QUOTE_LIFETIME_MINUTES,
  STAY_MAX_NIGHTS,
  type TQuoteVerification,
  type TRateSource,
  type TRoomOffer,
  type TStayAvailability,
  type ZAvailabilityRequest,
} from "@hostfield/domain/contracts";
import { addDays, hotelStayWindow, showHotelLiveRates, stayNights } from "@hostfield/domain/rules";
import type { z } from "zod";
import type { TPrincipal } from "../../platform/http/access";
import { AppError, badRequest, notFound, validationFailed } from "../../platform/http/errors";
import { isPublicProfile } from "../../profiles";
import { type TStaysContext, todayOf } from "./context";
import { presentRoomType } from "./presenter";
import { calendarRates, type TCalendarRates } from "./rates-provider";
import * as repo from "./repository";

// ---- the event a stay is for ------------------------------------------------------------------

export type TEventFacts = {
  id: string;
  name: string;
  startDate: string;
  endDate: string;
  category: string | null;
  hotelLink: string | null;
  point: { lat: number; lng: number } | null;
  /** Its venue partner's name once one is awarded (a facility, or a destination); else null. */
  venueName: string | null;
  destination: {
    id: string;
    name: string;
    liveRatesEnabled: boolean;
    liveRatesVisibleAfter: string | null;
    specialsHiddenAfter: string | null;
  } | null;
};

/** Miles within which the nearest destination speaks for an event that names none. */
const DESTINATION_REACH_MILES = 50;

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);

/**
 * The event (404 when the caller may not see it). A listed event is everyone's; one still pending
 * approval (the request wizard's events stay pending while their requests go out) is the deal's:
 * its organizers', admins' and the venues' its leads went to (whoever may read its page), so
 * `reader` holds rooms for it, sees its hotels and prices them.
 */
export async function eventFacts(
  ctx: TStaysContext,
  eventId: string,
  reader: TPrincipal | null = null,
): Promise<TEventFacts> {
  const event = (await ctx.profiles.profilesByIds("event", [eventId])).get(eventId);
  const readable =
    (event !== undefined && isPublicProfile(event)) ||
    (event !== undefined &&
      reader !== null &&
      (await ctx.profiles.abilitiesOn("event", eventId, reader)).includes("profile.read"));
  if (!event?.detail || !readable) throw notFound("The event");
  const point =
    event.lat !== null && event.lng !== null ? { lat: event.lat, lng: event.lng } : null;
  const partnerDestinationId = await ctx.profiles.partnerOfKind(eventId, "destination");
  const destinationId =
    partnerDestinationId ??
    (point
      ? await ctx.profiles.nearestListed("destination", point, DESTINATION_REACH_MILES)
      : null);
  const destination = destinationId
    ? (await ctx.profiles.profilesByIds("destination", [destinationId])).get(destinationId)
    : undefined;
  // An award makes the facility (or the destination) the event's partner and puts the event there.
  const facilityId = await ctx.profiles.partnerOfKind(eventId, "facility");
  const facility = facilityId
    ? (await ctx.profiles.profilesByIds("facility", [facilityId])).get(facilityId)
    : undefined;
  const d = event.detail;
  return {
    id: event.id,
    name: event.name,
    startDate: String(d.startDate),
    endDate: String(d.endDate),
    category: text(d.category),
    hotelLink: text(d.hotelLink),
    point,
    venueName: facility?.name ?? (partnerDestinationId ? destination?.name : undefined) ?? null,
    destination: destination
      ? {
          id: destination.id,
          name: destination.name,
          liveRatesEnabled: destination.detail?.hotelLiveRatesEnabled === true,
          liveRatesVisibleAfter: text(destination.detail?.hotelLiveRatesVisibleAfter),
          specialsHiddenAfter: text(destination.detail?.hotelSpecialsHiddenAfter),
        }
      : null,
  };
}

/**
 * The destination's settings are dates: a date "has passed" once its whole (UTC) day is over, so
 * rates visible after the 10th show from the 11th, and specials hidden after the 10th show on it.
 */
export const endOfDay = (date: string | null | undefined) =>
  date ? `${date}T23:59:59.999Z` : date;

/** Spec §4: live rates for this event's hotels now. */
export const liveRatesShown = (ctx: TStaysContext, event: TEventFacts | null) =>
  !!event &&
  showHotelLiveRates({
    eventCategory: event.category,
    liveRatesEnabled: event.destination?.liveRatesEnabled,
    liveRatesVisibleAfter: endOfDay(event.destination?.liveRatesVisibleAfter),
    now: ctx.now(),
  });

// ---- what a hotel has on the nights of a stay --------------------------------------------------

type TNightMap<T> = Map<string, Map<string, T>>;

function byTypeAndNight<T extends { roomTypeId: string; night: string }>(rows: readonly T[]) {
  const map: TNightMap<T> = new Map();
  for (const row of rows) {
    if (!map.has(row.roomTypeId)) map.set(row.roomTypeId, new Map());
    map.get(row.roomTypeId)!.set(row.night, row);
  }
  return map;
}

export type THotelFacts = {
  hotelId: string;
  roomTypes: repo.TRoomTypeRow[];
  cells: TNightMap<repo.TRoomNightRow>;
  /** The event's block at this hotel when it applies to this stay (accepted, before its cut-off). */
  block: repo.TBlockRow | null;
  blockNights: TNightMap<repo.TBlockNightRow>;
  rates: TCalendarRates;
  rateSource: "live" | "calendar";
  specials: string[];
};

export function blockApplies(
  block: repo.TBlockRow | null,
  nights: number,
  today: string,
): block is repo.TBlockRow {
  return (
    !!block && block.status === "Accepted" && today <= block.cutoffDate && nights >= block.minNights
  );
}

/** The hotel's room types, calendar, applicable block and rates over `nights`. */
export async function hotelFacts(
  ctx: TStaysContext,
  hotel: { id: string; partnerId: string | null },
  nights: readonly string[],
  options: { eventId: string | null; live: boolean },
): Promise<THotelFacts> {
  return (await hotelsFacts(ctx, [hotel], nights, options)).get(hotel.id)!;
}

/** The same for many hotels, in a fixed number of statements (matches price every hotel nearby). */
export async function hotelsFacts(
  ctx: TStaysContext,
  hotels: readonly { id: string; partnerId: string | null }[],
  nights: readonly string[],
  options: { eventId: string | null; live: boolean },
): Promise<Map<string, THotelFacts>> {
  const ids = hotels.map((h) => h.id);
  const first = nights[0]!;
  const last = nights[nights.length - 1]!;
  const today = todayOf(ctx);
  const [types, cells, blocks] = await Promise.all([
    repo.roomTypesOfHotels(ctx.db, ids),
    repo.cellsOfHotels(ctx.db, ids, first, last),
    options.eventId ? repo.acceptedBlocksOfEvent(ctx.db, options.eventId) : [],
  ]);
  const applying = blocks.filter(
    (b) => ids.includes(b.hotelId) && blockApplies(b, nights.length, today),
  );
  const blockNights = await repo.blockNightsOf(
    ctx.db,
    applying.map((b) => b.id),
  );
  const provider = options.live ? ctx.rates : calendarRates;
  const stay = { checkIn: first, checkOut: addDays(last, 1) };
  const facts = await Promise.all(
    hotels.map(async (hotel): Promise<THotelFacts> => {
      const roomTypes = types
        .filter((t) => t.hotelId === hotel.id)
        .sort((a, b) => a.rackRate - b.rackRate || a.name.localeCompare(b.name));
      const own = cells.filter((c) => c.hotelId === hotel.id);
      const calendar: TCalendarRates = new Map();
      for (const cell of own) {
        if (cell.rate === null) continue;
        if (!calendar.has(cell.roomTypeId)) calendar.set(cell.roomTypeId, new Map());
        calendar.get(cell.roomTypeId)!.set(cell.night, cell.rate);
      }
      const block = applying.find((b) => b.hotelId === hotel.id) ?? null;
      const live = await provider.ratesFor(
        { id: hotel.id, partnerId: hotel.partnerId, roomTypes },
        stay,
        calendar,
      );
      return {
        hotelId: hotel.id,
        roomTypes,
        cells: byTypeAndNight(own),
        block,
        blockNights: byTypeAndNight(block ? blockNights.filter((n) => n.blockId === block.id) : []),
        rates: live.rates,
        rateSource: live.source,
        specials: live.specials,
      };
    }),
  );
  return new Map(facts.map((f) => [f.hotelId, f]));
}

// ---- offers ------------------------------------------------------------------------------------

export type TPricedNight = {
  night: string;
  rate: number | null;
  source: TRateSource;
  roomsLeft: number;
  blockId: string | null;
};

const cents = (amount: number) => Math.round(amount * 100) / 100;

/** Each night of one room type: the block's rooms when it has enough, else the hotel's. */
export function priceNights(
  facts: THotelFacts,
  roomTypeId: string,
  nights: readonly string[],
  rooms: number,
): TPricedNight[] {
  return nights.map((night) => {
    const held = facts.block ? facts.blockNights.get(roomTypeId)?.get(night) : undefined;
    if (held && held.held - held.booked >= rooms) {
      return {
        night,
        rate: held.rate,
        source: "block",
        roomsLeft: held.held - held.booked,
        blockId: held.blockId,
      };
    }
    const cell = facts.cells.get(roomTypeId)?.get(night);
    const left = cell ? Math.max(0, cell.roomsToSell - cell.held - cell.booked) : 0;
    const live = facts.rates.get(roomTypeId)?.get(night);
    return live !== undefined
      ? { night, rate: live, source: "live", roomsLeft: left, blockId: null }
      : { night, rate: cell?.rate ?? null, source: "calendar", roomsLeft: left, blockId: null };
  });
}

export type TStay = {
  hotelId: string;
  eventId: string | null;
  checkIn: string;
  checkOut: string;
  rooms: number;
  guests: number;
};

/** The offer for one room type, without its quote. */
export function offerOf(
  facts: THotelFacts,
  type: repo.TRoomTypeRow,
  stay: TStay,
  nights: readonly string[],
): Omit<TRoomOffer, "quote"> & { priced: TPricedNight[] } {
  const priced = priceNights(facts, type.id, nights, stay.rooms);
  const unpriced = priced.find((n) => n.rate === null);
  const short = priced.find((n) => n.roomsLeft < stay.rooms);
  const crowded = stay.guests > stay.rooms * type.maxOccupancy;
  const reason = unpriced
    ? `Not on sale on the night of ${unpriced.night}`
    : short
      ? short.roomsLeft === 0
        ? `Sold out on the night of ${short.night}`
        : `Only ${short.roomsLeft} left on the night of ${short.night}`
      : crowded
        ? `${stay.rooms} room${stay.rooms === 1 ? "" : "s"} sleep${stay.rooms === 1 ? "s" : ""} at most ${stay.rooms * type.maxOccupancy} guests`
        : null;
  return {
    roomType: presentRoomType(type),
    nights: priced.map(({ night, rate, source, roomsLeft }) => ({
      night,
      rate: rate ?? 0,
      source,
      roomsLeft,
    })),
    total: cents(priced.reduce((sum, n) => sum + (n.rate ?? 0), 0) * stay.rooms),
    roomsLeft: Math.min(...priced.map((n) => n.roomsLeft)),
    available: reason === null,
    reason,
    priced,
  };
}

// ---- quotes ------------------------------------------------------------------------------------

/** What a quote carries: the stay, the room type, each night's rate and source, the total. */
export type TQuote = TStay & {
  roomTypeId: string;
  nights: { night: string; rate: number; source: TRateSource; blockId: string | null }[];
  total: number;
  /** Epoch milliseconds after which the quote is no longer honoured. */
  expires: number;
};

export function signQuote(ctx: TStaysContext, quote: TQuote): string {
  const body = Buffer.from(JSON.stringify(quote)).toString("base64url");
  return `${body}.${ctx.quotes.sign(body)}`;
}

/** The quote a token carries, or 400 QUOTE_INVALID when we did not sign it (or it was altered). */
export function readQuote(ctx: TStaysContext, token: string): TQuote {
  const [body, signature, ...rest] = token.split(".");
  if (!body || rest.length > 0 || !ctx.quotes.verify(signature, body)) {
    throw badRequest("QUOTE_INVALID", "This quote was not issued by us or has been altered.");
  }
  return JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as TQuote;
}

export const quoteExpired = (ctx: TStaysContext, quote: TQuote) =>
  quote.expires <= ctx.now().getTime();

function quoteOf(
  ctx: TStaysContext,
  stay: TStay,
  offer: ReturnType<typeof offerOf>,
  expires: number,
): string | null {
  if (!offer.available) return null;
  return signQuote(ctx, {
    ...stay,
    roomTypeId: offer.roomType.id,
    nights: offer.priced.map((n) => ({
      night: n.night,
      rate: n.rate ?? 0,
      source: n.source,
      blockId: n.blockId,
    })),
    total: offer.total,
    expires,
  });
}

// ---- the calls ---------------------------------------------------------------------------------

/** The stay asked for, with the event's window (spec §5) when no dates are given; 400 when unfit. */
export function stayOf(
  hotelId: string,
  request: { checkIn?: string; checkOut?: string; rooms: number; guests: number },
  event: TEventFacts | null,
  today: string,
): TStay {
  const window =
    request.checkIn && request.checkOut
      ? { checkIn: request.checkIn, checkOut: request.checkOut }
      : hotelStayWindow({ eventStart: event!.startDate, eventEnd: event!.endDate, today });
  const nights = stayNights(window.checkIn, window.checkOut).length;
  if (nights < 1) {
    throw validationFailed(
      "Check-out must be after check-in.",
      [{ path: "data.checkOut", message: "Check-out must be after check-in" }],
      "body",
    );
  }
  if (nights > STAY_MAX_NIGHTS) {
    throw validationFailed(
      `A stay is at most ${STAY_MAX_NIGHTS} nights.`,
      [{ path: "data.checkOut", message: `At most ${STAY_MAX_NIGHTS} nights` }],
      "body",
    );
  }
  if (window.checkIn < today) {
    throw validationFailed(
      "Check-in cannot be in the past.",
      [{ path: "data.checkIn", message: "Check-in cannot be in the past" }],
      "body",
    );
  }
  return {
    hotelId,
    eventId: event?.id ?? null,
    ...window,
    rooms: request.rooms,
    guests: request.guests,
  };
}

/** A listed hotel's partner id (for live rates); 404 when it is not listed. */
export async function listedHotel(ctx: TStaysContext, hotelId: string) {
  const hotel = (await ctx.profiles.profilesByIds("hotel", [hotelId], { listedOnly: true })).get(
    hotelId,
  );
  if (!hotel) throw notFound("The hotel");
  return { id: hotel.id, name: hotel.name, partnerId: text(hotel.detail?.partnerId) };
}

export async function availability(
  ctx: TStaysContext,
  hotelId: string,
  request: z.output<typeof ZAvailabilityRequest>,
): Promise<TStayAvailability> {
  const hotel = await listedHotel(ctx, hotelId);
  const event = request.eventId ? await eventFacts(ctx, request.eventId) : null;
  const stay = stayOf(hotelId, request, event, todayOf(ctx));
  const nights = stayNights(stay.checkIn, stay.checkOut);
  const facts = await hotelFacts(ctx, hotel, nights, {
    eventId: stay.eventId,
    live: liveRatesShown(ctx, event),
  });
  const expires = ctx.now().getTime() + QUOTE_LIFETIME_MINUTES * 60_000;
  const offers = facts.roomTypes.map((type) => {
    const offer = offerOf(facts, type, stay, nights);
    const { priced: _priced, ...shown } = offer;
    return { ...shown, quote: quoteOf(ctx, stay, offer, expires) };
  });
  return {
    hotelId,
    eventId: stay.eventId,
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    rooms: stay.rooms,
    guests: stay.guests,
    liveRates: facts.rateSource === "live",
    offers,
    expiresDate: new Date(expires).toISOString(),
  };
}

/** Re-prices the quote's stay now: what it would cost and whether it can still be had. */
export async function repriceQuote(ctx: TStaysContext, quote: TQuote) {
  const hotel = await listedHotel(ctx, quote.hotelId);
  const event = quote.eventId ? await eventFacts(ctx, quote.eventId) : null;
  const nights = stayNights(quote.checkIn, quote.checkOut);
  const facts = await hotelFacts(ctx, hotel, nights, {
    eventId: quote.eventId,
    live: liveRatesShown(ctx, event),
  });
  const type = facts.roomTypes.find((t) => t.id === quote.roomTypeId);
  if (!type) throw new AppError("QUOTE_CHANGED", 409, "This room type is no longer offered.");
  const offer = offerOf(facts, type, quote, nights);
  const expires = ctx.now().getTime() + QUOTE_LIFETIME_MINUTES * 60_000;
  const { priced: _priced, ...shown } = offer;
  return { offer: { ...shown, quote: quoteOf(ctx, quote, offer, expires) }, priced: offer.priced };
}

const sameFigures = (quote: TQuote, priced: readonly TPricedNight[]) =>
  quote.nights.length === priced.length &&
  quote.nights.every(
    (n, i) =>
      priced[i]!.night === n.night &&
      priced[i]!.rate === n.rate &&
      priced[i]!.source === n.source &&
      priced[i]!.blockId === n.blockId,
  );

export async function verifyQuote(
  ctx: TStaysContext,
  hotelId: string,
  token: string,
): Promise<TQuoteVerification> {
  const quote = readQuote(ctx, token);
  if (quote.hotelId !== hotelId) {
    throw badRequest("QUOTE_INVALID", "This quote is for another hotel.");
  }
  const { offer, priced } = await repriceQuote(ctx, quote);
  const status = !offer.available
    ? "unavailable"
    : quoteExpired(ctx, quote)
      ? "expired"
      : sameFigures(quote, priced)
        ? "valid"
        : "changed";
  return {
    status,
    previousTotal: quote.total,
    offer,
    checkIn: quote.checkIn,
    checkOut: quote.checkOut,
    rooms: quote.rooms,
    eventId: quote.eventId,
  };
}

export { sameFigures };
