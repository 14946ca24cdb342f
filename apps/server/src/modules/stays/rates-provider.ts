// Where a hotel's live nightly rates and specials come from. The embedded default is the hotel's own
// calendar (its rates are the calendar's; its specials are nights priced well under the rack rate).
// With HOTEL_RATES_URL set, a channel manager is asked over HTTP, keyed by the hotel's partner-system
// id (`GET /hotels/hp/{id}`): `GET {url}/hotels/{partnerId}/rates?checkIn&checkOut` answering
// `{rates: [{roomType, night, rate}], specials: [{title, description?}]}` where roomType is our room
// type's id or name. A hotel without a partner id, a slow answer (HOTEL_RATES_TIMEOUT_MS), an error
// or a malformed reply falls back to the calendar: a guest always gets a price we can honour.
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";

export type TRateHotel = {
  id: string;
  partnerId: string | null;
  roomTypes: readonly { id: string; name: string; rackRate: number }[];
};

/**
 * The rates the provider itself gave, by room type id then night (none from the calendar: its
 * rates are the calendar's own), and the hotel's specials for the stay. A night it did not price
 * keeps the calendar's rate and is not called live.
 */
export type TLiveRates = {
  source: "live" | "calendar";
  rates: Map<string, Map<string, number>>;
  specials: string[];
};

export type TRatesProvider = {
  /** Live rates for the nights (check-in up to check-out); calendar-priced when live ones fail. */
  ratesFor(
    hotel: TRateHotel,
    stay: { checkIn: string; checkOut: string },
    calendar: TCalendarRates,
  ): Promise<TLiveRates>;
};

/** The calendar's rates of a hotel over the stay: room type id → night → rate. */
export type TCalendarRates = Map<string, Map<string, number>>;

/** A night at least this far under the rack rate counts as a special. */
const SPECIAL_DISCOUNT = 0.15;

function calendarSpecials(hotel: TRateHotel, calendar: TCalendarRates): string[] {
  const specials: string[] = [];
  for (const type of hotel.roomTypes) {
    const rates = [...(calendar.get(type.id)?.values() ?? [])];
    if (rates.length === 0 || type.rackRate <= 0) continue;
    const lowest = Math.min(...rates);
    const off = 1 - lowest / type.rackRate;
    if (off >= SPECIAL_DISCOUNT) {
      specials.push(`${type.name}: ${Math.round(off * 100)}% off the rack rate`);
    }
  }
  return specials;
}

export const calendarRates: TRatesProvider = {
  async ratesFor(hotel, _stay, calendar) {
    return { source: "calendar", rates: new Map(), specials: calendarSpecials(hotel, calendar) };
  },
};

const ZChannelReply = z.object({
  rates: z
    .array(
      z.object({
        roomType: z.string().min(1).max(200),
        night: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
        rate: z.number().min(0).max(100_000),
      }),
    )
    .max(10_000),
  specials: z
    .array(
      z.object({ title: z.string().min(1).max(200), description: z.string().max(1000).optional() }),
    )
    .max(50)
    .default([]),
});

export function channelManagerRates(options: {
  url: string;
  timeoutMs: number;
  log: FastifyBaseLogger;
  fetch?: typeof fetch;
}): TRatesProvider {
  const get = options.fetch ?? fetch;
  return {
    async ratesFor(hotel, stay, calendar) {
      if (!hotel.partnerId) return calendarRates.ratesFor(hotel, stay, calendar);
      const query = new URLSearchParams({ checkIn: stay.checkIn, checkOut: stay.checkOut });
      const address = `${options.url}/hotels/${encodeURIComponent(hotel.partnerId)}/rates?${query}`;
      try {
        const response = await get(address, {
          signal: AbortSignal.timeout(options.timeoutMs),
          headers: { accept: "application/json" },
        });
        if (!response.ok) throw new Error(`answered ${response.status}`);
        const reply = ZChannelReply.parse(await response.json());
        const byName = new Map(hotel.roomTypes.map((t) => [t.name.toLowerCase(), t.id]));
        const ids = new Set(hotel.roomTypes.map((t) => t.id));
        const rates: TCalendarRates = new Map();
        for (const r of reply.rates) {
          const id = ids.has(r.roomType) ? r.roomType : byName.get(r.roomType.toLowerCase());
          if (!id || r.night < stay.checkIn || r.night >= stay.checkOut) continue;
          if (!rates.has(id)) rates.set(id, new Map());
          rates.get(id)!.set(r.night, r.rate);
        }
        return {
          source: "live",
          rates,
          specials: reply.specials.map((s) =>
            s.description ? `${s.title}: ${s.description}` : s.title,
          ),
        };
      } catch (error) {
        options.log.warn(
          { hotelId: hotel.id, err: error instanceof Error ? error.message : String(error) },
          "live hotel rates unavailable: pricing from the hotel's calendar",
        );
        return calendarRates.ratesFor(hotel, stay, calendar);
      }
    },
  };
}
