// The admins' RFP overview (`/events/rfps/overview`): across the network, for a range of UTC days
// against the previous period of the same length: requests published, leads sent (those that became
// visible in the range), the share answered, the median hours to a first answer, awards and the room
// nights of the awarded requests; the daily series of requests, leads and awards; and the range by
// the request's state. Read from the rfps module's own tables through its services.
import type { TReport, TReportKpi, TReportQuery, TReportRange } from "@hostfield/domain/contracts";
import { addDays, daysOf, relativeChange, resolveReportRange } from "@hostfield/domain/rules";
import { badRequest } from "../../platform/http/errors";
import { type TReportsContext, todayOf } from "./context";

/** Most states listed in the table (the rest are counted in `more`). */
const STATE_ROWS = 60;

/** A range of days as a span of time, never past now (a lead held back is not sent yet). */
function spanOf(startDate: string, endDate: string, now: Date) {
  const end = new Date(`${addDays(endDate, 1)}T00:00:00.000Z`);
  return { from: new Date(`${startDate}T00:00:00.000Z`), to: end < now ? end : now };
}

const percent = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10;
const hours = (value: number | null) => (value === null ? 0 : Math.round(value * 10) / 10);

function kpi(
  metric: string,
  label: string,
  format: TReportKpi["format"],
  total: number,
  previous: number,
): TReportKpi {
  return { metric, label, format, total, previous, change: relativeChange(total, previous) };
}

/** The range asked for (400 REPORT_RANGE_INVALID when it ends before it starts or is too long). */
export function overviewRange(ctx: TReportsContext, query: TReportQuery): TReportRange {
  const range = resolveReportRange(query, todayOf(ctx));
  if (range === "START_AFTER_END") {
    throw badRequest("REPORT_RANGE_INVALID", "The range ends before it starts.");
  }
  if (range === "TOO_LONG") {
    throw badRequest("REPORT_RANGE_INVALID", "The range is longer than a report covers.");
  }
  return range;
}

export async function rfpOverview(ctx: TReportsContext, range: TReportRange): Promise<TReport> {
  const now = ctx.now();
  const rfps = ctx.rfps.standings;
  const current = spanOf(range.startDate, range.endDate, now);
  const previous = spanOf(range.previousStartDate, range.previousEndDate, now);
  const days = await rfps.rfpActivityByDay({ from: previous.from, to: current.to });
  const medianNow = await rfps.medianFirstResponseHours(current);
  const medianBefore = await rfps.medianFirstResponseHours(previous);
  const states = await rfps.rfpActivityByState(current);

  const sum = (from: string, to: string, pick: (d: (typeof days)[number]) => number) =>
    days.filter((d) => d.day >= from && d.day <= to).reduce((n, d) => n + pick(d), 0);
  const both = (pick: (d: (typeof days)[number]) => number) =>
    [
      sum(range.startDate, range.endDate, pick),
      sum(range.previousStartDate, range.previousEndDate, pick),
    ] as const;
  const published = both((d) => d.published);
  const leads = both((d) => d.leads);
  const responded = both((d) => d.responded);
  const awards = both((d) => d.awards);
  const roomNights = both((d) => d.roomNights);

  const dates = daysOf(range.startDate, range.endDate);
  const byDay = new Map(days.map((d) => [d.day, d]));
  const series = (metric: string, label: string, pick: (d: (typeof days)[number]) => number) => ({
    metric,
    label,
    values: dates.map((date) => {
      const day = byDay.get(date);
      return day ? pick(day) : 0;
    }),
  });

  return {
    subject: null,
    section: "rfps-overview",
    title: "Requests for proposals",
    range,
    kpis: [
      kpi("published", "Requests published", "count", ...published),
      kpi("leads", "Leads sent", "count", ...leads),
      kpi(
        "responseRate",
        "Response rate",
        "percent",
        percent(responded[0], leads[0]),
        percent(responded[1], leads[1]),
      ),
      kpi(
        "firstResponseHours",
        "Median first response",
        "hours",
        hours(medianNow),
        hours(medianBefore),
      ),
      kpi("awards", "Awards", "count", ...awards),
      kpi("roomNights", "Room nights awarded", "count", ...roomNights),
    ],
    daily: {
      dates,
      series: [
        series("published", "Requests published", (d) => d.published),
        series("leads", "Leads sent", (d) => d.leads),
        series("awards", "Awards", (d) => d.awards),
      ],
    },
    tables: [
      {
        id: "states",
        title: "By the request's state",
        columns: [
          { key: "state", label: "State", format: "text" },
          { key: "published", label: "Requests published", format: "count" },
          { key: "leads", label: "Leads sent", format: "count" },
          { key: "responseRate", label: "Response rate", format: "percent" },
          { key: "awards", label: "Awards", format: "count" },
        ],
        rows: states.slice(0, STATE_ROWS).map((s) => ({
          state: s.state ?? "Nationwide",
          published: s.published,
          leads: s.leads,
          responseRate: percent(s.responded, s.leads),
          awards: s.awards,
        })),
        more: Math.max(0, states.length - STATE_ROWS),
      },
    ],
    notes: [
      "Leads count on the day they became visible to the destination or facility (a hot request holds some back).",
      "Response rate: leads answered (interested with a proposal, or passed) of leads sent in the range; an answer may come after the range ends.",
      "Median first response: hours from a lead becoming visible to its first answer, over the answered leads sent in the range (0 when none was answered).",
      "Awards count on the day of the win; room nights are those of the event's awarded requests.",
      "Requests without an address search nationwide and are listed as Nationwide.",
    ],
    generatedDate: now.toISOString(),
  };
}
