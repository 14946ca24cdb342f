// A dashboard report from its parts: the range (and previous period) a query asks for, headline
// figures with their change, daily series over every day of the range (zeros filled), tables (cut
// at a limit in JSON, whole in CSV) and notes, and the kit section builders use. What each kind's
// section contains is sections.ts.
import {
  REPORT_SECTION_LABELS,
  type TReport,
  type TReportColumn,
  type TReportFormat,
  type TReportKpi,
  type TReportRange,
  type TReportSection,
  type TReportTable,
  type TTrackedKind,
} from "@hostfield/domain/contracts";
import { daysOf, relativeChange, resolveReportRange } from "@hostfield/domain/rules";
import { badRequest } from "../../platform/http/errors";
import { type TReportsContext, todayOf } from "./context";
import type { TByDay } from "./counters";

/** The listing a report is about, as its access check found it. */
export type TSubject = {
  id: string;
  kind: TTrackedKind;
  name: string;
  lat: number | null;
  lng: number | null;
};

/** Rows a table shows in JSON; the CSV export has them all (up to `CSV_ROW_LIMIT`). */
export const TABLE_ROW_LIMIT = 100;
export const CSV_ROW_LIMIT = 10_000;

/** What a section builder is given. */
export type TSectionInput = {
  ctx: TReportsContext;
  subject: TSubject;
  range: TReportRange;
  /** `?status` of a lead report. */
  status?: string | undefined;
  rowLimit: number;
};

/** What a section builder returns: the report less its frame. */
export type TSectionParts = {
  kpis: TReportKpi[];
  series: { metric: string; label: string; byDay: TByDay }[];
  tables: TReportTable[];
  notes: string[];
};

/** The range `?startDate&endDate` asks for, or 400 REPORT_RANGE_INVALID. */
export function rangeOf(
  ctx: Pick<TReportsContext, "now">,
  query: { startDate?: string | undefined; endDate?: string | undefined },
): TReportRange {
  const range = resolveReportRange(query, todayOf(ctx));
  if (range === "START_AFTER_END") {
    throw badRequest("REPORT_RANGE_INVALID", "startDate must be on or before endDate.", {
      startDate: query.startDate,
      endDate: query.endDate,
    });
  }
  if (range === "TOO_LONG") {
    throw badRequest("REPORT_RANGE_INVALID", "A report covers at most 731 days (two years).", {
      startDate: query.startDate,
      endDate: query.endDate,
    });
  }
  return range;
}

// ---- figures -------------------------------------------------------------------------------------

/** The sum of a daily map over `from`..`to` (ISO dates compare as strings). */
export function sumBetween(byDay: TByDay, from: string, to: string): number {
  let sum = 0;
  for (const [day, n] of byDay) if (day >= from && day <= to) sum += n;
  return sum;
}

/** A headline figure with its change. */
export function kpi(
  metric: string,
  label: string,
  format: TReportFormat,
  total: number,
  previous: number,
): TReportKpi {
  return { metric, label, format, total, previous, change: relativeChange(total, previous) };
}

/** A headline figure summed from a daily map over the range and the previous period. */
export function kpiOfDays(
  metric: string,
  label: string,
  format: TReportFormat,
  byDay: TByDay,
  range: TReportRange,
): TReportKpi {
  return kpi(
    metric,
    label,
    format,
    sumBetween(byDay, range.startDate, range.endDate),
    sumBetween(byDay, range.previousStartDate, range.previousEndDate),
  );
}

/** Adds `n` to a day of a daily map. */
export function addTo(byDay: TByDay, day: string, n: number): void {
  byDay.set(day, (byDay.get(day) ?? 0) + n);
}

/** Money rounded to cents, percentages and hours to one decimal. */
export const cents = (n: number) => Math.round(n * 100) / 100;
export const oneDecimal = (n: number) => Math.round(n * 10) / 10;

export const column = (key: string, label: string, format: TReportFormat): TReportColumn => ({
  key,
  label,
  format,
});

/** A table, its rows cut at `limit` (the rest counted in `more`). */
export function table(
  id: string,
  title: string,
  columns: TReportColumn[],
  rows: TReportTable["rows"],
  limit: number,
): TReportTable {
  return {
    id,
    title,
    columns,
    rows: rows.slice(0, limit),
    more: Math.max(0, rows.length - limit),
  };
}

// ---- the report ----------------------------------------------------------------------------------

/** The report of a section from the parts its builder made (sections.ts). */
export function assembleReport(
  ctx: Pick<TReportsContext, "now">,
  section: TReportSection,
  subject: TSubject,
  range: TReportRange,
  parts: TSectionParts,
): TReport {
  const dates = daysOf(range.startDate, range.endDate);
  return {
    subject: { id: subject.id, kind: subject.kind, name: subject.name },
    section,
    title: `${REPORT_SECTION_LABELS[section]}: ${subject.name}`,
    range,
    kpis: parts.kpis,
    daily: {
      dates,
      series: parts.series.map((s) => ({
        metric: s.metric,
        label: s.label,
        values: dates.map((d) => s.byDay.get(d) ?? 0),
      })),
    },
    tables: parts.tables,
    notes: parts.notes,
    generatedDate: ctx.now().toISOString(),
  };
}
