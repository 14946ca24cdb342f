// Event dates as spec §2 shows them: 'ddd, MMM Do, YYYY', ranges and flexible dates. Written out
// by hand: dayjs, which this once used for it, was 3.3 kB gzipped on every page showing a date.
import { toIsoDate, weekdayOf } from "./dates";

export const WEEKDAY_SHORT = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
const MONTH_SHORT = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
] as const;

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd, 23rd … 31st. */
function ordinal(day: number): string {
  const teens = day % 100 >= 11 && day % 100 <= 13;
  const suffix = teens ? "th" : (["th", "st", "nd", "rd"][day % 10] ?? "th");
  return `${day}${suffix}`;
}

/** An event date is a calendar date: the day written, whatever the reader's time zone. */
function calendarDay(value: string) {
  const iso = toIsoDate(value);
  return {
    year: Number(iso.slice(0, 4)),
    noYear: `${WEEKDAY_SHORT[weekdayOf(iso)]}, ${MONTH_SHORT[Number(iso.slice(5, 7)) - 1]} ${ordinal(Number(iso.slice(8, 10)))}`,
  };
}

const withYear = (day: ReturnType<typeof calendarDay>) => `${day.noYear}, ${day.year}`;

/** 'ddd, MMM Do, YYYY', e.g. 'Sat, Mar 1st, 2025'. */
export function formatEventDate(value: string): string {
  return withYear(calendarDay(value));
}

/**
 * One date when start and end are the same day; within one year the year is written once
 * ('Fri, Mar 7th - Sun, Mar 9th, 2025'); otherwise both dates in full.
 */
export function formatEventDateRange(start: string, end?: string | null): string {
  if (!end || toIsoDate(start) === toIsoDate(end)) return formatEventDate(start);
  const s = calendarDay(start);
  const e = calendarDay(end);
  if (s.year === e.year) return `${s.noYear} - ${withYear(e)}`;
  return `${withYear(s)} - ${withYear(e)}`;
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
