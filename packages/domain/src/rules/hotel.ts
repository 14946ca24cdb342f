// Hotel display rules (spec §4) and the hotel search stay window (spec §5).
import { HOTEL_BANNER_DAYS, HOTEL_MAX_STAY_EVENT_DAYS } from "../reference/constants";
import { EVENT_CATEGORY_MARKETED } from "../reference/events";
import { addDays, diffDays, toIsoDate, utcDateOf } from "./dates";

type TInstant = string | Date;

function toMs(value: TInstant): number {
  const ms = value instanceof Date ? value.getTime() : Date.parse(value);
  if (Number.isNaN(ms)) throw new RangeError(`Not a date: ${String(value)}`);
  return ms;
}

/**
 * "Live rates show only for events with category Marketed, when live rates are enabled and the
 * visible-after date has passed." Without a visible-after date nothing has passed, so rates
 * stay hidden; at the exact instant the date has not yet passed.
 */
export function showHotelLiveRates(input: {
  eventCategory: string | null | undefined;
  liveRatesEnabled: boolean | null | undefined;
  liveRatesVisibleAfter: TInstant | null | undefined;
  now: TInstant;
}): boolean {
  return (
    input.eventCategory === EVENT_CATEGORY_MARKETED &&
    input.liveRatesEnabled === true &&
    input.liveRatesVisibleAfter != null &&
    toMs(input.now) > toMs(input.liveRatesVisibleAfter)
  );
}

/**
 * "Specials show when the stats count is non-zero and the hidden-after date has not passed."
 * Without a hidden-after date the specials never expire.
 */
export function showHotelSpecials(input: {
  statsCount: number | null | undefined;
  specialsHiddenAfter: TInstant | null | undefined;
  now: TInstant;
}): boolean {
  const count = input.statsCount ?? 0;
  if (count === 0 || Number.isNaN(count)) return false;
  return input.specialsHiddenAfter == null || toMs(input.now) <= toMs(input.specialsHiddenAfter);
}

export const HOTEL_BANNER_BOOK = "Book Your Hotel for the Event!";
// The spec withholds the exact early wording; this is ours.
export const HOTEL_BANNER_EARLY = "Get Early Hotel Deals for the Event!";
export const HOTEL_BANNER_SCORE_BIG = "Score Big with Great Hotel Deals!";
export const HOTEL_BANNER_LAST_MINUTE = "Last-Minute Hotel Deals!";

/**
 * Banner wording. Days to start count whole UTC calendar days from today to the start date,
 * so "more than 30 days" means 31 or more.
 * `flag` is the event's own switch the spec leaves unnamed: when it is true, the event's
 * hotel link is not advertised and the deal wording is used instead.
 */
export function hotelBannerText(input: {
  hotelLink: string | null | undefined;
  flag: boolean | null | undefined;
  eventStart: string;
  now: TInstant;
}): string {
  if (input.hotelLink && input.flag !== true) return HOTEL_BANNER_BOOK;
  const today = utcDateOf(input.now);
  const days = diffDays(today, toIsoDate(input.eventStart));
  if (days > HOTEL_BANNER_DAYS.early) return HOTEL_BANNER_EARLY;
  if (days > HOTEL_BANNER_DAYS.scoreBig) return HOTEL_BANNER_SCORE_BIG;
  return HOTEL_BANNER_LAST_MINUTE;
}

export type TStayWindow = { checkIn: string; checkOut: string };

/**
 * Hotel search dates (spec §5), all `YYYY-MM-DD`:
 * check-in is the later of today (UTC) and the event start; check-out is the event end, or
 * the next day if the event is one day long or has passed; if the event spans more than
 * HOTEL_MAX_STAY_EVENT_DAYS (end minus start, in days), check-out is check-in plus one day.
 * A missing end means a one-day event. On an event's last day check-out would equal check-in,
 * so it also becomes the next day: a search needs at least one night.
 */
export function hotelStayWindow(input: {
  eventStart: string;
  eventEnd?: string | null;
  today: string;
}): TStayWindow {
  const start = toIsoDate(input.eventStart);
  const end = input.eventEnd ? toIsoDate(input.eventEnd) : start;
  // "the later of today (UTC) and the event start"
  const today = utcDateOf(input.today);

  const checkIn = diffDays(today, start) > 0 ? start : today;
  const oneDay = end <= start;
  const passed = end < today;
  const tooLong = diffDays(start, end) > HOTEL_MAX_STAY_EVENT_DAYS;

  if (oneDay || passed || tooLong || end <= checkIn) {
    return { checkIn, checkOut: addDays(checkIn, 1) };
  }
  return { checkIn, checkOut: end };
}
