// The arithmetic every report shares: which days a range covers and the previous period it is
// compared with, the change between the two, a day list, and a place on a board as a percentile.
import { REPORT_DEFAULT_DAYS, REPORT_MAX_DAYS, type TReportRange } from "../contracts/reports";
import { addDays, diffDays } from "./dates";

export type TRangeProblem = "START_AFTER_END" | "TOO_LONG";

/**
 * The range `?startDate&endDate` asks for, in UTC days, both ends included: missing ends default
 * to today and the 30 days up to the end. The previous period is as long and ends the day before.
 */
export function resolveReportRange(
  query: { startDate?: string | undefined; endDate?: string | undefined },
  today: string,
): TReportRange | TRangeProblem {
  const endDate =
    query.endDate ?? (query.startDate && query.startDate > today ? query.startDate : today);
  const startDate = query.startDate ?? addDays(endDate, -(REPORT_DEFAULT_DAYS - 1));
  if (startDate > endDate) return "START_AFTER_END";
  const days = diffDays(startDate, endDate) + 1;
  if (days > REPORT_MAX_DAYS) return "TOO_LONG";
  return {
    startDate,
    endDate,
    days,
    previousStartDate: addDays(startDate, -days),
    previousEndDate: addDays(startDate, -1),
  };
}

/** (total − previous) / previous; null when there was nothing before to compare with. */
export function relativeChange(total: number, previous: number): number | null {
  if (previous === 0) return null;
  return (total - previous) / previous;
}

/** Every day from `startDate` to `endDate`, both included. */
export function daysOf(startDate: string, endDate: string): string[] {
  const out: string[] = [];
  for (let day = startDate; day <= endDate; day = addDays(day, 1)) out.push(day);
  return out;
}

/**
 * Rank 1 of `of` is the 100th percentile; the last of many approaches 0: the share of the board
 * ranked at or below this place, rounded to a whole percent.
 */
export function percentileOf(rank: number, of: number): number {
  if (of <= 0) return 0;
  return Math.round(((of - rank + 1) / of) * 100);
}
