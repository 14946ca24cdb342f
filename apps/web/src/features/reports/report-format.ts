// How report figures read: counts with thousands separators, percentages, dollars, hours, days;
// the change against the previous period in words and signs (never colour alone); a range.
import type { TReportFormat, TReportKpi } from "@hostfield/domain/contracts";
import { formatDateTime } from "../../lib/date-format";
import { formatDay, formatDayRange, formatMoney } from "../../lib/stay-format";

const counts = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });
const shortDay = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

/** One figure or cell as its format says; null and empty read as a dash. */
export function formatFigure(
  value: string | number | null | undefined,
  format: TReportFormat,
): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "string") {
    if (format === "date" && /^\d{4}-\d{2}-\d{2}/.test(value)) return formatDay(value.slice(0, 10));
    return value;
  }
  switch (format) {
    case "percent":
      return `${counts.format(value)}%`;
    case "money":
      return formatMoney(Math.round(value * 100) / 100);
    case "hours":
      return `${counts.format(value)} h`;
    default:
      return counts.format(value);
  }
}

export type TChangeDirection = "up" | "down" | "flat" | "new" | "none";

/** Which way a headline figure moved against the previous period. */
export function changeDirection(kpi: Pick<TReportKpi, "change" | "total">): TChangeDirection {
  if (kpi.change === null) return kpi.total > 0 ? "new" : "none";
  if (kpi.change > 0) return "up";
  if (kpi.change < 0) return "down";
  return "flat";
}

const percent = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

/**
 * The change in words, sign first: "+25%", "−10%", "No change", "New" (nothing the period before),
 * "—" (nothing either time).
 */
export function changeText(kpi: Pick<TReportKpi, "change" | "total">): string {
  const direction = changeDirection(kpi);
  if (direction === "new") return "New";
  if (direction === "none") return "—";
  if (direction === "flat") return "No change";
  const size = percent.format(Math.abs(kpi.change ?? 0) * 100);
  return `${direction === "up" ? "+" : "−"}${size}%`;
}

/** "vs. the previous 30 days". */
export function previousPeriodText(days: number): string {
  return days === 1 ? "vs. the day before" : `vs. the previous ${days} days`;
}

/** "Mar 3": a day on a chart's axis. */
export function formatShortDay(isoDate: string): string {
  return shortDay.format(new Date(`${isoDate}T00:00:00Z`));
}

/** "Mar 3, 2026, 4:05 PM": when a report was made. */
export const formatDateTimeLine = formatDateTime;

export { formatDay, formatDayRange };
