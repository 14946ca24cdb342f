// What other modules ask of hotels' rooms and rates (the assistant's answers): each hotel's room
// types with their listed rates, and the price of one stay at each of some hotels, as the hotel
// service prices it (block, live or calendar rates; rooms left on every night).
import { STAY_MAX_NIGHTS } from "@hostfield/domain/contracts";
import { stayNights } from "@hostfield/domain/rules";
import type { TStaysContext } from "./context";
import { priceHotels } from "./matches";
import * as repo from "./repository";

export type TRoomRate = { name: string; rackRate: number; maxOccupancy: number };

/** Each hotel's room types, cheapest first (hotels without any are absent). */
async function roomRates(
  ctx: TStaysContext,
  hotelIds: readonly string[],
): Promise<Map<string, TRoomRate[]>> {
  const rates = new Map<string, TRoomRate[]>();
  for (const type of await repo.roomTypesOfHotels(ctx.db, hotelIds)) {
    const list = rates.get(type.hotelId) ?? [];
    list.push({ name: type.name, rackRate: type.rackRate, maxOccupancy: type.maxOccupancy });
    rates.set(type.hotelId, list);
  }
  for (const list of rates.values()) list.sort((a, b) => a.rackRate - b.rackRate);
  return rates;
}

export type TStayPrice = {
  /** The nightly rate of the cheapest room type that has the rooms every night; null: none does. */
  lowestRate: number | null;
  /** Rooms left every night at that rate (or the most any room type has). */
  roomsLeft: number;
};

/** One stay priced at each listed hotel among `hotelIds`; a stay the hotel service refuses: empty. */
async function stayPrices(
  ctx: TStaysContext,
  hotelIds: readonly string[],
  stay: { checkIn: string; checkOut: string },
  rooms = 1,
): Promise<Map<string, TStayPrice>> {
  const nights = stayNights(stay.checkIn, stay.checkOut);
  if (nights.length === 0 || nights.length > STAY_MAX_NIGHTS) return new Map();
  const hotels = await ctx.profiles.listedAmong("hotel", hotelIds);
  const priced = await priceHotels(ctx, hotels, nights, { eventId: null, live: false, rooms });
  return new Map(
    priced.map((p) => [p.hotel.id, { lowestRate: p.lowestRate, roomsLeft: p.roomsLeft }]),
  );
}

/** Bound to the stays context in `servicesOf`. */
export const stayRateQueries = { roomRates, stayPrices };
