// Time headings of the newest-first lists (notifications, the home feed: spec §9, the domain's
// timeAgoGroup) and each row's relative time ("5 minutes ago").
import { TIME_AGO_LABELS, type TTimeAgoLabel } from "@hostfield/domain/reference";
import { timeAgoGroup } from "@hostfield/domain/rules";

export type TTimeGroup<T> = { label: TTimeAgoLabel; items: T[] };

/**
 * Sorts newest first and splits under the time-ago labels, in the labels' order; labels with
 * nothing under them are left out.
 */
export function groupByTimeAgo<T>(
  items: readonly T[],
  now: Date | string,
  dateOf: (item: T) => string = (item) => (item as { createdDate: string }).createdDate,
): TTimeGroup<T>[] {
  const sorted = [...items].sort((a, b) => Date.parse(dateOf(b)) - Date.parse(dateOf(a)));
  const byLabel = new Map<TTimeAgoLabel, T[]>();
  for (const item of sorted) {
    const label = timeAgoGroup(dateOf(item), now);
    const list = byLabel.get(label);
    if (list) list.push(item);
    else byLabel.set(label, [item]);
  }
  return TIME_AGO_LABELS.flatMap((label) => {
    const list = byLabel.get(label);
    return list ? [{ label, items: list }] : [];
  });
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const STEPS: { limit: number; unit: Intl.RelativeTimeFormatUnit; size: number }[] = [
  { limit: HOUR, unit: "minute", size: MINUTE },
  { limit: DAY, unit: "hour", size: HOUR },
  { limit: 7 * DAY, unit: "day", size: DAY },
  { limit: 30 * DAY, unit: "week", size: 7 * DAY },
  { limit: 365 * DAY, unit: "month", size: 30 * DAY },
];

const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago", "2 years ago". */
export function relativeTime(date: Date | string, now: Date | string): string {
  const elapsed = new Date(now).getTime() - new Date(date).getTime();
  // A date a little in the future (clock skew) reads as now, like timeAgoGroup's 'Today'.
  if (elapsed < MINUTE) return "just now";
  for (const step of STEPS) {
    if (elapsed < step.limit) return relative.format(-Math.floor(elapsed / step.size), step.unit);
  }
  return relative.format(-Math.floor(elapsed / (365 * DAY)), "year");
}
