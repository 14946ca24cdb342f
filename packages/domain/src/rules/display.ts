// Display formats (spec §2, §5, §9): sports, costs, locations, numbers, badges, time-ago groups, initials.
import { BADGE_CAP } from "../reference/constants";
import { OTHER_SPORT } from "../reference/sports";
import type { TTimeAgoLabel } from "../reference/time-ago";
import { dayNumber, utcDateOf } from "./dates";

export const MULTI_SPORT = "Multi Sport";

/** Sport names that say nothing about the event, so they are not shown. */
const SILENT_SPORTS: readonly string[] = ["Other", OTHER_SPORT];

/**
 * "Multiple sports show as 'Multi Sport'; 'Other' and 'Other Sport or Activity' show nothing."
 */
export function sportsSummary(sports: readonly ({ name: string } | string)[]): string {
  if (sports.length > 1) return MULTI_SPORT;
  const first = sports[0];
  if (first === undefined) return "";
  const name = typeof first === "string" ? first : first.name;
  return SILENT_SPORTS.includes(name) ? "" : name;
}

export const COST_UNITS = ["Participant", "Team"] as const;
export type TCostUnit = (typeof COST_UNITS)[number];

/** "$N / Participant" or "$N / Team"; cents are shown only when there are any. */
export function formatCost(amount: number, unit: TCostUnit): string {
  const n = Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
  return `$${n} / ${unit}`;
}

/**
 * "Looking Nationally" without an address, "Looking near {address}" without a distance (or a
 * distance of 0), otherwise "Looking within {dist} mi of {address}".
 */
export function locationSummary(input: { address?: string | null; dist?: number | null }): string {
  const address = input.address?.trim();
  if (!address) return "Looking Nationally";
  if (!input.dist) return `Looking near ${address}`;
  return `Looking within ${input.dist} mi of ${address}`;
}

const UNITS = [
  { value: 1, suffix: "" },
  { value: 1e3, suffix: "K" },
  { value: 1e6, suffix: "M" },
  { value: 1e9, suffix: "B" },
] as const;

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

/**
 * K, M, B at 1e3, 1e6, 1e9 with at most one decimal (1500 -> 1.5K). A value that rounds up
 * to the next unit takes that unit (999,999 -> 1M, not 1000K).
 */
export function abbreviateNumber(value: number): string {
  const sign = value < 0 ? "-" : "";
  const n = Math.abs(value);
  let i = UNITS.findLastIndex((u) => n >= u.value);
  if (i < 0) i = 0;
  let scaled = round1(n / UNITS[i]!.value);
  if (scaled >= 1000 && i < UNITS.length - 1) {
    i += 1;
    scaled = round1(n / UNITS[i]!.value);
  }
  return `${sign}${scaled}${UNITS[i]!.suffix}`;
}

/**
 * A number with en-US thousands separators ("12,345", "1,234.5"), its decimals as given. Written
 * by hand: a page's first Intl call (toLocaleString) loads locale data, about 40 ms of a desktop's
 * time and four times that on a phone, in the middle of a visitor's first load.
 */
export function formatCount(value: number): string {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e21) return String(value);
  const [whole = "", fraction] = String(Math.abs(value)).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${value < 0 ? "-" : ""}${grouped}${fraction ? `.${fraction}` : ""}`;
}

/** A list's total as a reply gives it: "1,000+" when the count stopped there (`capped`). */
export function formatTotal(total: { count: number; capped?: boolean | undefined }): string {
  return `${formatCount(total.count)}${total.capped ? "+" : ""}`;
}

/** Badge text: the count, or '99+' above BADGE_CAP. */
export function badgeCount(count: number): string {
  if (count > BADGE_CAP) return `${BADGE_CAP}+`;
  return String(Math.max(0, Math.trunc(count)));
}

function monthIndex(isoDate: string): number {
  return Number(isoDate.slice(0, 4)) * 12 + Number(isoDate.slice(5, 7)) - 1;
}

/** Days since the Monday that starts the date's week (Monday 0 ... Sunday 6). */
function weekdayFromMonday(day: number): number {
  // Day 0 (1970-01-01) was a Thursday, three days after a Monday.
  return (((day + 3) % 7) + 7) % 7;
}

/**
 * The feed heading for `date` seen at `now`, using UTC calendar dates. Weeks start on
 * Monday (ISO 8601), the usual business week. The first label that fits wins, so yesterday
 * is 'Yesterday' even when it was in last week. A future date (clock skew) is 'Today'.
 */
export function timeAgoGroup(date: string | Date, now: string | Date): TTimeAgoLabel {
  const d = utcDateOf(date);
  const n = utcDateOf(now);
  const days = dayNumber(n) - dayNumber(d);
  if (days <= 0) return "Today";
  if (days === 1) return "Yesterday";
  const thisMonday = dayNumber(n) - weekdayFromMonday(dayNumber(n));
  if (dayNumber(d) >= thisMonday) return "This week";
  if (dayNumber(d) >= thisMonday - 7) return "Last week";
  const months = monthIndex(n) - monthIndex(d);
  if (months === 0) return "This month";
  if (months === 1) return "Last month";
  if (months <= 6) return "2 to 6 months ago";
  const years = Number(n.slice(0, 4)) - Number(d.slice(0, 4));
  if (years === 0) return "This year";
  if (years === 1) return "Last year";
  return "Past";
}

/** "First letters of up to two words of the name", upper-cased. */
export function initials(name: string | null | undefined): string {
  return (name ?? "")
    .trim()
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .slice(0, 2)
    .map((word) => Array.from(word)[0]!.toUpperCase())
    .join("");
}
