// A month calendar's arithmetic on ISO dates: the month's weeks (Sunday first, as US calendars
// print them) and which events fall on which of its days.
import { addDays, dayNumber, toIsoDate } from "@hostfield/domain/rules";

/** A calendar month; `month` is 1-12. */
export type TMonth = { year: number; month: number };

/** The days of the week, Sunday first: `day` 0 … 6, as Date.getDay and the API number them. */
export const WEEKDAYS = [
  { day: 0, short: "Sun", long: "Sunday" },
  { day: 1, short: "Mon", long: "Monday" },
  { day: 2, short: "Tue", long: "Tuesday" },
  { day: 3, short: "Wed", long: "Wednesday" },
  { day: 4, short: "Thu", long: "Thursday" },
  { day: 5, short: "Fri", long: "Friday" },
  { day: 6, short: "Sat", long: "Saturday" },
] as const;

const pad = (n: number) => String(n).padStart(2, "0");

export function monthOf(isoDate: string): TMonth {
  const date = toIsoDate(isoDate);
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) };
}

/** The month the reader is in, by their own clock (a calendar is read in local time). */
export function currentMonth(now: Date = new Date()): TMonth {
  return { year: now.getFullYear(), month: now.getMonth() + 1 };
}

/** Today's date where the reader is ("2025-03-07"), to mark it on the calendar. */
export function localToday(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function firstDay(m: TMonth): string {
  return `${m.year}-${pad(m.month)}-01`;
}

export function lastDay(m: TMonth): string {
  return addDays(firstDay(shiftMonth(m, 1)), -1);
}

export function shiftMonth(m: TMonth, delta: number): TMonth {
  const index = m.year * 12 + (m.month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** "March 2025". */
export function monthLabel(m: TMonth): string {
  return new Intl.DateTimeFormat("en-US", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(m.year, m.month - 1, 1)));
}

/** 0 for Sunday ... 6 for Saturday. */
export function weekdayOf(isoDate: string): number {
  // 1970-01-01 (day 0) was a Thursday.
  return (((dayNumber(isoDate) + 4) % 7) + 7) % 7;
}

/** Whole weeks covering the month, Sunday to Saturday; days of the months around are included. */
export function monthWeeks(m: TMonth): string[][] {
  const first = firstDay(m);
  const last = lastDay(m);
  let day = addDays(first, -weekdayOf(first));
  const weeks: string[][] = [];
  while (day <= last) {
    const week: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      week.push(day);
      day = addDays(day, 1);
    }
    weeks.push(week);
  }
  return weeks;
}

export const inMonth = (isoDate: string, m: TMonth) =>
  isoDate.slice(0, 7) === firstDay(m).slice(0, 7);

type TDated = { startDate: string; endDate: string; hasFlexibleDates: boolean };

/**
 * The month's days that have events, each with its events in the order given. An event shows on
 * every day it runs; one with flexible dates only once, on its first day in the month (it runs on
 * some of those days, not all of them).
 */
export function eventsByDay<T extends TDated>(events: readonly T[], m: TMonth): Map<string, T[]> {
  const first = firstDay(m);
  const last = lastDay(m);
  const days = new Map<string, T[]>();
  const put = (day: string, event: T) => {
    const list = days.get(day);
    if (list) list.push(event);
    else days.set(day, [event]);
  };
  for (const event of events) {
    const start = toIsoDate(event.startDate);
    const end = toIsoDate(event.endDate) < start ? start : toIsoDate(event.endDate);
    if (end < first || start > last) continue;
    const from = start < first ? first : start;
    if (event.hasFlexibleDates) {
      put(from, event);
      continue;
    }
    const to = end > last ? last : end;
    for (let day = from; day <= to; day = addDays(day, 1)) put(day, event);
  }
  return days;
}
