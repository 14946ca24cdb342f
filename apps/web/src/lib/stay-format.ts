// How money, stay days and nights read on the hotel pages (guests' and managers'): dollars with
// cents only when there are any, calendar days in UTC so no time zone moves a night, and plurals.
const dollars = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
});
const cents = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const weekdayFormat = new Intl.DateTimeFormat("en-US", { weekday: "short", timeZone: "UTC" });
const shortDayFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});
const dayFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

const utc = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

/** "$189", "$189.50". */
export function formatMoney(amount: number): string {
  return Number.isInteger(amount) ? dollars.format(amount) : cents.format(amount);
}

/** "Mar 3, 2026" for a `YYYY-MM-DD` day. */
export function formatDay(isoDate: string): string {
  return dayFormat.format(utc(isoDate));
}

/** A night's column head: weekday and day, "Mon" / "Mar 3". */
export function nightParts(isoDate: string): { weekday: string; day: string } {
  const date = utc(isoDate);
  return { weekday: weekdayFormat.format(date), day: shortDayFormat.format(date) };
}

/** "Mon, Mar 3": a night, by the day it starts. */
export function formatNight(isoDate: string): string {
  const { weekday, day } = nightParts(isoDate);
  return `${weekday}, ${day}`;
}

/** "Mar 3, 2026 – Mar 5, 2026", or one day when both are the same. */
export function formatDayRange(from: string, to: string): string {
  return from === to ? formatDay(from) : `${formatDay(from)} – ${formatDay(to)}`;
}

/** "1 room", "3 rooms". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
