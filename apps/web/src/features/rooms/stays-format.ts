// How the rooms pages write money, nights and counts: dollars with cents only when there are any,
// nights as calendar days whatever the reader's time zone, and plurals.

const dollars = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
});
const cents = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** "$189", "$189.50". */
export function formatMoney(amount: number): string {
  return Number.isInteger(amount) ? dollars.format(amount) : cents.format(amount);
}

const nightWeekday = new Intl.DateTimeFormat("en-US", { weekday: "short", timeZone: "UTC" });
const nightDay = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});
const fullDay = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

const utc = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

/** A night's column head: weekday and day, "Mon" / "Mar 3". */
export function nightParts(isoDate: string): { weekday: string; day: string } {
  const date = utc(isoDate);
  return { weekday: nightWeekday.format(date), day: nightDay.format(date) };
}

/** "Mon, Mar 3". */
export function formatNight(isoDate: string): string {
  const { weekday, day } = nightParts(isoDate);
  return `${weekday}, ${day}`;
}

/** "Mar 3, 2026". */
export function formatDay(isoDate: string): string {
  return fullDay.format(utc(isoDate));
}

/** "Mar 3, 2026 – Mar 5, 2026", or one day when both are the same. */
export function formatDayRange(from: string, to: string): string {
  return from === to ? formatDay(from) : `${formatDay(from)} – ${formatDay(to)}`;
}

/** "1 room", "3 rooms". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** The weekdays of a calendar fill, Sunday first (0 … 6, as the API numbers them). */
export const WEEKDAYS = [
  { day: 0, short: "Sun", long: "Sunday" },
  { day: 1, short: "Mon", long: "Monday" },
  { day: 2, short: "Tue", long: "Tuesday" },
  { day: 3, short: "Wed", long: "Wednesday" },
  { day: 4, short: "Thu", long: "Thursday" },
  { day: 5, short: "Fri", long: "Friday" },
  { day: 6, short: "Sat", long: "Saturday" },
] as const;
