// Hotels for an event or a place: what the event page shows above them (spec §4's banner, live
// rates and specials rules, the stay window of §5, the venue) and the hotels themselves, priced for
// the stay, nearest the venue first, each with a match score shown with its reasons (none for a
// hotel beyond the domain's HOTEL_REACH_MILES: it is far from the venue). A hotel sold out on every
// night of the stay is left out; one whose nights have no rates yet stays ("No rates yet").
import {
  STAY_MAX_NIGHTS,
  type TEventStayInfo,
  type THotelMatch,
  type ZHotelMatchFilter,
} from "@hostfield/domain/contracts";
import {
  addDays,
  hotelBannerText,
  hotelMatchScore,
  hotelStayWindow,
  showHotelSpecials,
  soldOutEveryNight,
  stayNights,
} from "@hostfield/domain/rules";
import type { z } from "zod";
import { distanceMiles } from "../../platform/geo/distance";
import type { TPrincipal } from "../../platform/http/access";
import { badRequest, validationFailed } from "../../platform/http/errors";
import { mediaRef, type TNearbyListing } from "../../profiles";
import { type TStaysContext, todayOf } from "./context";
import {
  endOfDay,
  eventFacts,
  hotelsFacts,
  liveRatesShown,
  priceNights,
  type TEventFacts,
  type THotelFacts,
} from "./pricing";
import * as repo from "./repository";

/** Hotels priced at most: the nearest this many within the radius (and every hotel with a block). */
const MATCH_CANDIDATES = 100;
/** The radius the event page's specials are counted in. */
const EVENT_RADIUS_MILES = 25;

type TPricedHotel = {
  hotel: TNearbyListing;
  facts: THotelFacts;
  lowestRate: number | null;
  nights: { night: string; roomsLeft: number; rate: number | null }[];
  roomsLeft: number;
  /** No room left in any room type on any night of the stay, every night on sale. */
  soldOut: boolean;
};

/**
 * Each night of the hotel as a whole: the most rooms any room type has left, and the lowest rate
 * on sale (null when no room type has one, the night being not on sale yet).
 */
function hotelNights(facts: THotelFacts, nights: readonly string[], rooms: number) {
  const priced = facts.roomTypes.map((type) => priceNights(facts, type.id, nights, rooms));
  return nights.map((night, i) => {
    const rates = priced.flatMap((p) => (p[i]!.rate === null ? [] : [p[i]!.rate!]));
    return {
      night,
      roomsLeft: Math.max(0, ...priced.map((p) => p[i]!.roomsLeft)),
      rate: rates.length > 0 ? Math.min(...rates) : null,
    };
  });
}

/** The hotel's best room type for the stay: the cheapest that has the rooms, else the roomiest. */
function bestOf(facts: THotelFacts, nights: readonly string[], rooms: number) {
  const options = facts.roomTypes.map((type) => {
    const priced = priceNights(facts, type.id, nights, rooms);
    const roomsLeft = Math.min(...priced.map((n) => n.roomsLeft));
    const rates = priced.map((n) => n.rate);
    const complete = rates.every((r) => r !== null);
    const average = complete
      ? (rates as number[]).reduce((s, r) => s + r, 0) / Math.max(1, rates.length)
      : null;
    return { priced, roomsLeft, average, fits: complete && roomsLeft >= rooms };
  });
  const fitting = options.filter((o) => o.fits).sort((a, b) => a.average! - b.average!);
  return fitting[0] ?? [...options].sort((a, b) => b.roomsLeft - a.roomsLeft)[0] ?? null;
}

export async function priceHotels(
  ctx: TStaysContext,
  hotels: readonly TNearbyListing[],
  nights: readonly string[],
  options: { eventId: string | null; live: boolean; rooms: number },
): Promise<TPricedHotel[]> {
  const details = await ctx.profiles.profilesByIds(
    "hotel",
    hotels.map((h) => h.id),
    { listedOnly: true },
  );
  const partnerOf = (id: string) => {
    const value = details.get(id)?.detail?.partnerId;
    return typeof value === "string" && value !== "" ? value : null;
  };
  const facts = await hotelsFacts(
    ctx,
    hotels.map((h) => ({ id: h.id, partnerId: partnerOf(h.id) })),
    nights,
    options,
  );
  return hotels.map((hotel) => {
    const f = facts.get(hotel.id)!;
    const best = bestOf(f, nights, options.rooms);
    return {
      hotel,
      facts: f,
      lowestRate:
        best?.average !== null && best?.average !== undefined
          ? Math.round(best.average * 100) / 100
          : null,
      nights: best
        ? best.priced.map((n) => ({ night: n.night, roomsLeft: n.roomsLeft, rate: n.rate }))
        : nights.map((night) => ({ night, roomsLeft: 0, rate: null })),
      roomsLeft: best?.roomsLeft ?? 0,
      soldOut: soldOutEveryNight(hotelNights(f, nights, options.rooms)),
    };
  });
}

/** The hotels near the event (and those holding a block for it), priced for its stay window. */
async function eventHotels(
  ctx: TStaysContext,
  event: TEventFacts,
  stay: { checkIn: string; checkOut: string },
  radius: number,
  rooms: number,
) {
  const nearby = event.point
    ? await ctx.profiles.listedNear("hotel", event.point, radius, MATCH_CANDIDATES)
    : [];
  const blocked = (await repo.acceptedBlocksOfEvent(ctx.db, event.id))
    .map((b) => b.hotelId)
    .filter((id) => !nearby.some((h) => h.id === id));
  // A hotel holding a block may lie anywhere: its distance is measured too, so one far from the
  // venue says so instead of passing for a match with no distance.
  const { point } = event;
  const farther = (await ctx.profiles.listedAmong("hotel", blocked)).map((h) => ({
    ...h,
    distanceMiles:
      point && h.lat !== null && h.lng !== null
        ? distanceMiles(point, { lat: h.lat, lng: h.lng })
        : null,
  }));
  const hotels = [...nearby, ...farther];
  return priceHotels(ctx, hotels, stayNights(stay.checkIn, stay.checkOut), {
    eventId: event.id,
    live: liveRatesShown(ctx, event),
    rooms,
  });
}

/** The stay window widened to the block nights still ahead (a night is booked until the next day). */
function bookableStay(
  window: { checkIn: string; checkOut: string },
  nights: readonly { night: string }[],
  today: string,
): { checkIn: string; checkOut: string } {
  let { checkIn, checkOut } = window;
  for (const { night } of nights) {
    if (night < today) continue;
    if (night < checkIn) checkIn = night;
    if (addDays(night, 1) > checkOut) checkOut = addDays(night, 1);
  }
  return { checkIn, checkOut };
}

const hasSpecial = (p: TPricedHotel) =>
  p.facts.specials.length > 0 || (p.facts.block !== null && p.roomsLeft > 0);

export async function eventStayInfo(
  ctx: TStaysContext,
  eventId: string,
  reader: TPrincipal | null,
): Promise<TEventStayInfo> {
  const event = await eventFacts(ctx, eventId, reader);
  const window = hotelStayWindow({
    eventStart: event.startDate,
    eventEnd: event.endDate,
    today: todayOf(ctx),
  });
  const [blocks, priced] = await Promise.all([
    repo.acceptedBlocksOfEvent(ctx.db, eventId),
    eventHotels(ctx, event, window, EVENT_RADIUS_MILES, 1),
  ]);
  const nights = await repo.blockNightsOf(
    ctx.db,
    blocks.map((b) => b.id),
  );
  const specialsCount = priced.filter(hasSpecial).length;
  return {
    eventId,
    // The event's own hotel link is advertised unless it offers blocks here (spec §4's flag).
    banner: hotelBannerText({
      hotelLink: event.hotelLink,
      flag: blocks.length > 0,
      eventStart: event.startDate,
      now: ctx.now(),
    }),
    checkIn: window.checkIn,
    checkOut: window.checkOut,
    bookable: bookableStay(window, nights, todayOf(ctx)),
    liveRates: liveRatesShown(ctx, event),
    specials: showHotelSpecials({
      statsCount: specialsCount,
      specialsHiddenAfter: endOfDay(event.destination?.specialsHiddenAfter),
      now: ctx.now(),
    }),
    specialsCount,
    venue: event.point ? { name: event.venueName, ...event.point } : null,
    destination: event.destination
      ? { id: event.destination.id, name: event.destination.name }
      : null,
    blocks: blocks.map((b) => ({
      id: b.id,
      hotelId: b.hotelId,
      cutoffDate: b.cutoffDate,
      roomsLeft: nights
        .filter((n) => n.blockId === b.id)
        .reduce((s, n) => s + n.held - n.booked, 0),
    })),
  };
}

type TMatchFilter = z.output<typeof ZHotelMatchFilter>;

/** 400 unless the dates asked for make 1 to STAY_MAX_NIGHTS nights. */
function checkStay(nights: readonly string[]) {
  if (nights.length < 1 || nights.length > STAY_MAX_NIGHTS) {
    throw validationFailed(
      `A stay is 1 to ${STAY_MAX_NIGHTS} nights.`,
      [{ path: "data.checkOut", message: `1 to ${STAY_MAX_NIGHTS} nights after check-in` }],
      "body",
    );
  }
}

export async function matchHotels(
  ctx: TStaysContext,
  filter: TMatchFilter,
  reader: TPrincipal | null,
): Promise<{ rows: THotelMatch[]; count: number }> {
  let priced: TPricedHotel[];
  if (filter.eventId) {
    const event = await eventFacts(ctx, filter.eventId, reader);
    const window =
      filter.checkIn && filter.checkOut
        ? { checkIn: filter.checkIn, checkOut: filter.checkOut }
        : hotelStayWindow({
            eventStart: event.startDate,
            eventEnd: event.endDate,
            today: todayOf(ctx),
          });
    checkStay(stayNights(window.checkIn, window.checkOut));
    priced = await eventHotels(ctx, event, window, filter.radius, filter.rooms);
  } else {
    const point =
      filter.lat !== undefined && filter.lng !== undefined
        ? { lat: filter.lat, lng: filter.lng }
        : ctx.geocode(filter.address!);
    if (!point) throw badRequest("UNKNOWN_PLACE", `We do not know where "${filter.address}" is.`);
    const nights = stayNights(filter.checkIn!, filter.checkOut!);
    checkStay(nights);
    const hotels = await ctx.profiles.listedNear("hotel", point, filter.radius, MATCH_CANDIDATES);
    priced = await priceHotels(ctx, hotels, nights, {
      eventId: null,
      live: false,
      rooms: filter.rooms,
    });
  }
  // A hotel sold out on every night of the stay is not suggested (unless asked for, with why).
  const kept = priced.filter(
    (p) =>
      (filter.includeSoldOut || !p.soldOut) &&
      (filter.maxRate === undefined || (p.lowestRate !== null && p.lowestRate <= filter.maxRate)),
  );
  const rates = kept.flatMap((p) => (p.lowestRate !== null ? [p.lowestRate] : []));
  const rateRange = rates.length > 0 ? { min: Math.min(...rates), max: Math.max(...rates) } : null;
  const details = await ctx.profiles.profilesByIds(
    "hotel",
    kept.map((p) => p.hotel.id),
  );
  const matches = kept.map((p): THotelMatch => {
    const { score, reasons } = hotelMatchScore({
      distanceMiles: p.hotel.distanceMiles,
      radiusMiles: filter.radius,
      roomsLeft: p.roomsLeft,
      roomsWanted: filter.rooms,
      inBlock: p.facts.block !== null && p.nights.some((n) => n.roomsLeft > 0),
      rate: p.lowestRate,
      unpricedNights: p.nights.some((n) => n.rate === null),
      soldOut: p.soldOut,
      rateRange,
      amenities: p.hotel.amenities.length,
    });
    const star = details.get(p.hotel.id)?.detail?.starRating;
    return {
      hotel: {
        id: p.hotel.id,
        name: p.hotel.name,
        logo: mediaRef(p.hotel.logo),
        address: p.hotel.address,
        lat: p.hotel.lat,
        lng: p.hotel.lng,
        starRating: typeof star === "number" ? star : null,
        amenities: p.hotel.amenities,
      },
      distanceMiles:
        p.hotel.distanceMiles === null ? null : Math.round(p.hotel.distanceMiles * 10) / 10,
      lowestRate: p.lowestRate,
      nights: p.nights,
      blockId: p.facts.block?.id ?? null,
      score,
      reasons,
    };
  });
  // Nearest first: where guests sleep is chosen by the drive to the venue, the score says the rest
  // (a hotel whose distance is unknown, the event having no place, comes last).
  matches.sort(
    (a, b) =>
      (a.distanceMiles ?? Number.POSITIVE_INFINITY) -
        (b.distanceMiles ?? Number.POSITIVE_INFINITY) ||
      (b.score ?? -1) - (a.score ?? -1) ||
      a.hotel.name.localeCompare(b.hotel.name),
  );
  return { rows: matches.slice(filter.offset, filter.offset + filter.take), count: matches.length };
}
