// Test-only reports in the contract shapes (each checked as it is built): a listing's report for a
// range, a destination's economic impact, a leaderboard; and the world the reports handlers answer
// from.
import {
  type TImpact,
  type TLeaderboard,
  type TReport,
  type TReportKpi,
  ZImpact,
  ZLeaderboard,
  ZReport,
} from "@hostfield/domain/contracts";
import { addDays, daysOf, diffDays } from "@hostfield/domain/rules";
import { buildUser } from "../../../test/factories";

export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

export const ME = buildUser();
/** "Today" in the reports tests (UTC). */
export const TODAY = "2026-03-31";
export const NOW = `${TODAY}T15:00:00.000Z`;

export const FACILITY_ID = uuid(1);
export const DESTINATION_ID = uuid(2);
export const HOTEL_ID = uuid(3);
export const EVENT_ID = uuid(4);

export function kpi(
  overrides: Partial<TReportKpi> & { metric: string; label: string },
): TReportKpi {
  return { format: "count", total: 0, previous: 0, change: null, ...overrides };
}

/** What the server's overview says of its recorded figures (its notes, shortened). */
export const UNIQUE_NOTE =
  "Views, impressions and clicks count visitors, not events: each visitor once per listing and day.";

/**
 * A facility's overview for `startDate..endDate`, labelled as the server labels it: unique views
 * rise by one a day from 1 (so the totals are sums anyone can check), unique search impressions
 * are twice the views, leads received as given.
 */
export function buildReport(
  range: { startDate: string; endDate: string },
  overrides: Partial<TReport> = {},
): TReport {
  const dates = daysOf(range.startDate, range.endDate);
  const days = diffDays(range.startDate, range.endDate) + 1;
  const views = dates.map((_, i) => i + 1);
  const impressions = views.map((v) => v * 2);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  return ZReport.parse({
    subject: { id: FACILITY_ID, kind: "facility", name: "Riverside Sports Complex" },
    section: "profile",
    title: "Overview",
    range: {
      startDate: range.startDate,
      endDate: range.endDate,
      days,
      previousStartDate: addDays(range.startDate, -days),
      previousEndDate: addDays(range.startDate, -1),
    },
    kpis: [
      kpi({
        metric: "views",
        label: "Unique profile views",
        total: sum(views),
        previous: sum(views) / 2,
        change: 1,
      }),
      kpi({
        metric: "impressions",
        label: "Unique search impressions",
        total: sum(impressions),
        previous: 0,
        change: null,
      }),
      kpi({ metric: "leads", label: "Leads received", total: 3, previous: 4, change: -0.25 }),
    ],
    daily: {
      dates,
      series: [
        { metric: "views", label: "Unique profile views", values: views },
        { metric: "impressions", label: "Unique search impressions", values: impressions },
      ],
    },
    tables: [],
    notes: [UNIQUE_NOTE],
    generatedDate: NOW,
    ...overrides,
  } satisfies TReport);
}

export function buildImpact(range: { startDate: string; endDate: string }): TImpact {
  const days = diffDays(range.startDate, range.endDate) + 1;
  return ZImpact.parse({
    destination: { id: DESTINATION_ID, kind: "destination", name: "Visit Riverside" },
    range: {
      ...range,
      days,
      previousStartDate: addDays(range.startDate, -days),
      previousEndDate: addDays(range.startDate, -1),
    },
    roomNights: { reserved: 120, awarded: 80, total: 200 },
    averageDailyRate: 150,
    rateSource: "reservations",
    lodgingSpend: 30_000,
    visitorDays: 500,
    spendPerVisitorDay: 120,
    visitorSpend: 60_000,
    total: 90_000,
    formula: [
      "Room nights 200 × average daily rate $150 = $30,000",
      "Visitor-days 500 × $120 a visitor-day = $60,000",
    ],
    events: [
      {
        id: EVENT_ID,
        name: "Spring Hoops Classic",
        startDate: "2026-03-14",
        roomNights: 200,
        visitorDays: 500,
      },
    ],
  } satisfies TImpact);
}

/** What the server's board notes say views are (shortened). */
export const BOARD_VIEWS_NOTE =
  "Views are unique visitors: each visitor counts once per listing and day, however often it opened the page.";

/**
 * A facility board ranked by unique views (its metrics the server's: views, follows, leads); the
 * top's figures only when revealed (an admin's), mine always.
 */
export function buildLeaderboard(revealed: boolean, overrides: Partial<TLeaderboard> = {}) {
  const values = (views: number) =>
    revealed ? { views, follows: Math.floor(views / 100), leads: Math.floor(views / 1000) } : null;
  return ZLeaderboard.parse({
    board: "facility",
    metric: "views",
    metrics: ["views", "follows", "leads"],
    period: { startDate: "2026-01-01", endDate: TODAY },
    computedDate: NOW,
    revealed,
    top: [
      {
        rank: 1,
        id: uuid(11),
        kind: "facility",
        name: "Grand Park",
        city: "Westfield",
        state: "IN",
        values: values(9120),
      },
      {
        rank: 2,
        id: uuid(12),
        kind: "facility",
        name: "Spooky Nook",
        city: "Manheim",
        state: "PA",
        values: values(8475),
      },
    ],
    total: 120,
    mine: [
      {
        rank: 14,
        id: FACILITY_ID,
        kind: "facility",
        name: "Riverside Sports Complex",
        city: "Riverside",
        state: "IN",
        values: { views: 1234, follows: 12, leads: 1 },
        standings: [
          { scope: "national", rank: 14, of: 120, percentile: 89 },
          { scope: "state", area: "IN", rank: 2, of: 9, percentile: 89 },
        ],
      },
    ],
    notes: [BOARD_VIEWS_NOTE],
    ...overrides,
  } satisfies TLeaderboard);
}
