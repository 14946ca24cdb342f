// Calendar-date arithmetic on ISO `YYYY-MM-DD` strings, always in UTC so results never depend
// on the machine's time zone.
import { DATE_PICKER_BOUNDS } from "../reference/constants";

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * True for a real calendar date written `YYYY-MM-DD` (2024-02-29 yes, 2023-02-29 no). Counted,
 * not made into a Date: every date of every reply is checked by its schema.
 */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return d <= (mo === 2 && leap ? 29 : DAYS_IN_MONTH[mo - 1]!);
}

/**
 * The calendar date of a value: a `YYYY-MM-DD` string is taken as written, a longer ISO
 * string keeps the date it was written with (its first ten characters), and a Date gives its
 * UTC date.
 */
export function toIsoDate(value: string | Date): string {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new RangeError("Invalid Date");
    return value.toISOString().slice(0, 10);
  }
  const head = value.slice(0, 10);
  if (!isIsoDate(head)) throw new RangeError(`Not an ISO date: ${value}`);
  return head;
}

/**
 * The UTC calendar date of an instant. A bare `YYYY-MM-DD` is already a date and is returned
 * as is; a timestamp with an offset is converted (23:30-05:00 is the next day in UTC).
 */
export function utcDateOf(value: string | Date): string {
  if (value instanceof Date || isIsoDate(value)) return toIsoDate(value);
  // A timestamp without an offset is read as UTC, never as the machine's local time.
  const hasOffset = /(Z|[+-]\d{2}:?\d{2})$/i.test(value);
  const ms = Date.parse(hasOffset || !value.includes("T") ? value : `${value}Z`);
  if (Number.isNaN(ms)) throw new RangeError(`Not a date: ${value}`);
  return toIsoDate(new Date(ms));
}

/** Today's date in UTC. */
export function todayUtc(now: Date = new Date()): string {
  return toIsoDate(now);
}

/** Whole days since 1970-01-01 (UTC) of a calendar date. */
export function dayNumber(isoDate: string): number {
  const d = toIsoDate(isoDate);
  return (
    Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))) / DAY_MS
  );
}

/** 0 Sunday … 6 Saturday (1970-01-01, day 0, was a Thursday). */
export const weekdayOf = (isoDate: string) => (dayNumber(isoDate) + 4) % 7;

export function addDays(isoDate: string, days: number): string {
  return new Date((dayNumber(isoDate) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** Calendar days from `from` to `to`; negative when `to` is earlier. */
export function diffDays(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

export function isWithinDatePickerBounds(isoDate: string): boolean {
  return (
    isIsoDate(isoDate) && isoDate >= DATE_PICKER_BOUNDS.min && isoDate <= DATE_PICKER_BOUNDS.max
  );
}

/** The months' names in English, January first (index 0). */
export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;
