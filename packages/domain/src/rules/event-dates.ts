// Event dates as spec §2 shows them: 'ddd, MMM Do, YYYY', ranges and flexible dates. Kept apart
// from display.ts because it needs dayjs, which pages without event dates should not download.
import dayjs from "dayjs";
import advancedFormat from "dayjs/plugin/advancedFormat.js";
import { toIsoDate } from "./dates";

dayjs.extend(advancedFormat);

export const EVENT_DATE_FORMAT = "ddd, MMM Do, YYYY";
const EVENT_DATE_FORMAT_NO_YEAR = "ddd, MMM Do";

/** An event date is a calendar date: the day written, whatever the reader's time zone. */
function calendarDay(value: string) {
  return dayjs(toIsoDate(value));
}

/** 'ddd, MMM Do, YYYY', e.g. 'Sat, Mar 1st, 2025'. */
export function formatEventDate(value: string): string {
  return calendarDay(value).format(EVENT_DATE_FORMAT);
}

/**
 * One date when start and end are the same day; within one year the year is written once
 * ('Fri, Mar 7th - Sun, Mar 9th, 2025'); otherwise both dates in full.
 */
export function formatEventDateRange(start: string, end?: string | null): string {
  if (!end || toIsoDate(start) === toIsoDate(end)) return formatEventDate(start);
  const s = calendarDay(start);
  const e = calendarDay(end);
  if (s.year() === e.year()) {
    return `${s.format(EVENT_DATE_FORMAT_NO_YEAR)} - ${e.format(EVENT_DATE_FORMAT)}`;
  }
  return `${s.format(EVENT_DATE_FORMAT)} - ${e.format(EVENT_DATE_FORMAT)}`;
}

/** "Flexible b/w {start} - {end}" for flexible-date events, else the range. */
export function formatEventDates(event: {
  startDate: string;
  endDate?: string | null;
  hasFlexibleDates?: boolean | null;
}): string {
  if (event.hasFlexibleDates) {
    const end = event.endDate ?? event.startDate;
    return `Flexible b/w ${formatEventDate(event.startDate)} - ${formatEventDate(end)}`;
  }
  return formatEventDateRange(event.startDate, event.endDate);
}
