// Reads of the daily counters (analytics_daily) for dashboards: one query covers a report's range
// and the previous period it is compared with, summed per metric and day, or per subject or ref
// with the two periods' totals side by side. The metric names are schema.ts's.
import type { TReportRange } from "@hostfield/domain/contracts";
import { and, gte, inArray, lte, sql } from "drizzle-orm";
import type { TReportsContext } from "./context";
import { analyticsDaily } from "./schema";

/** A count per UTC day (missing days are zero). */
export type TByDay = Map<string, number>;

/** Per metric, the counts of the subjects per day over the previous period and the range. */
export async function countersByDay(
  ctx: Pick<TReportsContext, "db">,
  subjectIds: readonly string[],
  metrics: readonly string[],
  range: TReportRange,
): Promise<Map<string, TByDay>> {
  const out = new Map<string, TByDay>(metrics.map((m) => [m, new Map()]));
  if (subjectIds.length === 0 || metrics.length === 0) return out;
  const rows = await ctx.db
    .select({
      metric: analyticsDaily.metric,
      day: analyticsDaily.day,
      count: sql<number>`sum(${analyticsDaily.count})::bigint`,
    })
    .from(analyticsDaily)
    .where(
      and(
        inArray(analyticsDaily.subjectId, [...subjectIds]),
        inArray(analyticsDaily.metric, [...metrics]),
        gte(analyticsDaily.day, range.previousStartDate),
        lte(analyticsDaily.day, range.endDate),
      ),
    )
    .groupBy(analyticsDaily.metric, analyticsDaily.day);
  for (const r of rows) out.get(r.metric)?.set(r.day, Number(r.count));
  return out;
}

/** A subject's (or ref's) total of a metric over the range and over the previous period. */
export type TCounterTotals = { key: string; metric: string; total: number; previous: number };

/**
 * Totals per subject (`by: "subject"`) or per ref (`by: "ref"`, the hotel or promotion a click
 * named) for the range and the previous period, in one query.
 */
export async function countersBy(
  ctx: Pick<TReportsContext, "db">,
  by: "subject" | "ref",
  subjectIds: readonly string[],
  metrics: readonly string[],
  range: TReportRange,
): Promise<TCounterTotals[]> {
  if (subjectIds.length === 0 || metrics.length === 0) return [];
  const key = by === "subject" ? analyticsDaily.subjectId : analyticsDaily.ref;
  const rows = await ctx.db
    .select({
      key,
      metric: analyticsDaily.metric,
      total: sql<number>`coalesce(sum(${analyticsDaily.count}) filter (where ${analyticsDaily.day} >= ${range.startDate}), 0)::bigint`,
      previous: sql<number>`coalesce(sum(${analyticsDaily.count}) filter (where ${analyticsDaily.day} < ${range.startDate}), 0)::bigint`,
    })
    .from(analyticsDaily)
    .where(
      and(
        inArray(analyticsDaily.subjectId, [...subjectIds]),
        inArray(analyticsDaily.metric, [...metrics]),
        gte(analyticsDaily.day, range.previousStartDate),
        lte(analyticsDaily.day, range.endDate),
      ),
    )
    .groupBy(key, analyticsDaily.metric);
  return rows.map((r) => ({
    key: r.key,
    metric: r.metric,
    total: Number(r.total),
    previous: Number(r.previous),
  }));
}

/** `countersBy` as a lookup: totals of `key` for `metric` (zeros when it has none). */
export function totalsOf(rows: readonly TCounterTotals[]) {
  const map = new Map(rows.map((r) => [`${r.key}|${r.metric}`, r]));
  return (key: string, metric: string) =>
    map.get(`${key}|${metric}`) ?? { key, metric, total: 0, previous: 0 };
}
