// Reports (the report service, `/report-mgmt/api`): what the browser records (views, search
// impressions, clicks) and what members read back: one report shape for every dashboard call, the
// leaderboards (blind to everyone but admins) and a destination's economic impact.
// Dates are `YYYY-MM-DD` UTC days; a range includes both ends.
import { z } from "zod";
import { KIND_API, KINDS, kindRecord } from "../kinds";
import { PROFILE_KINDS } from "../reference/profiles";
import { REPORT_SECTION_LABELS, type TReportSection } from "../reference/report-sections";
import { ZId, ZIsoDate, ZIsoDateTime } from "./common";

// ---- recording -------------------------------------------------------------------------------

/** What a tracking event is about: a listing of any kind, or a story. */
export const TRACKED_KINDS = [...PROFILE_KINDS, "story"] as const;
export type TTrackedKind = (typeof TRACKED_KINDS)[number];

/** What the browser records: a page view, a card shown in search results, a click out. */
export const TRACK_TYPES = ["view", "impression", "click"] as const;
export type TTrackType = (typeof TRACK_TYPES)[number];

/** Where a click leads. `hotel` and `promotion` name the hotel or promotion in `ref`. */
export const CLICK_TARGETS = [
  "website",
  "phone",
  "email",
  "directions",
  "hotel",
  "promotion",
] as const;
export type TClickTarget = (typeof CLICK_TARGETS)[number];

/** Most events in one batch, and the largest body the tracking route reads. */
export const TRACK_BATCH_MAX_EVENTS = 50;
export const TRACK_BODY_MAX_BYTES = 16 * 1024;

export const ZTrackEvent = z.discriminatedUnion("type", [
  z.object({ type: z.literal("view"), kind: z.enum(TRACKED_KINDS), id: ZId }),
  z.object({ type: z.literal("impression"), kind: z.enum(TRACKED_KINDS), id: ZId }),
  z.object({
    type: z.literal("click"),
    kind: z.enum(TRACKED_KINDS),
    id: ZId,
    target: z.enum(CLICK_TARGETS),
    /** The hotel or promotion clicked (for `hotel` and `promotion`). */
    ref: ZId.optional(),
  }),
]);
export type TTrackEvent = z.infer<typeof ZTrackEvent>;

/** `POST /report-mgmt/api/track` (`{data: …}`): a retry sends the same `batchId` and counts once. */
export const ZTrackBatch = z.object({
  batchId: ZId,
  events: z.array(ZTrackEvent).min(1).max(TRACK_BATCH_MAX_EVENTS),
});
export type TTrackBatch = z.infer<typeof ZTrackBatch>;

/**
 * How many events of the batch were stored: 0 for a repeat, a robot or Do-Not-Track; fewer than
 * sent when some name no listing or the visitor's day is past TRACK_VISITOR_DAY_MAX_EVENTS.
 */
export const ZTrackReceipt = z.object({ accepted: z.number().int().min(0) });
export type TTrackReceipt = z.infer<typeof ZTrackReceipt>;

// ---- the date range ---------------------------------------------------------------------------

/** Longest range one report covers (two years), and the range when none is given. */
export const REPORT_MAX_DAYS = 731;
export const REPORT_DEFAULT_DAYS = 30;
/** The ranges the web offers beside a custom one. */
export const REPORT_PRESET_DAYS = [7, 30, 90, 365] as const;

/** `?startDate&endDate`: both optional (the last 30 days up to today). */
export const ZReportQuery = z.object({
  startDate: ZIsoDate.optional(),
  endDate: ZIsoDate.optional(),
});
export type TReportQuery = z.infer<typeof ZReportQuery>;

/** The days a report covers and the previous period of the same length it is compared with. */
export const ZReportRange = z.object({
  startDate: ZIsoDate,
  endDate: ZIsoDate,
  days: z.number().int().min(1),
  previousStartDate: ZIsoDate,
  previousEndDate: ZIsoDate,
});
export type TReportRange = z.infer<typeof ZReportRange>;

// ---- the one report shape ---------------------------------------------------------------------

/**
 * The measures reports speak of. Recorded, each counting a visitor once per listing and UTC day
 * (the visitor hash rotates daily, so a range's figure is the sum of its days'): views (visitors
 * who opened the page), impressions (visitors shown it in search results), clicks (and
 * `clicks.<target>`: once per target, and per hotel or promotion). Read from their own tables:
 * follows and likes gained, leads and messages received, awards, reservations, room nights,
 * revenue, rooms held and booked, pickup.
 */
export const REPORT_METRICS = [
  "views",
  "impressions",
  "clicks",
  "follows",
  "likes",
  "leads",
  "messages",
  "won",
  "responseRate",
  "reservations",
  "roomNights",
  "revenue",
  "held",
  "booked",
  "pickupPercent",
] as const;
export type TReportMetric = (typeof REPORT_METRICS)[number];

/** How a number reads: a count, a percentage (0–100), dollars, hours. */
export const REPORT_FORMATS = ["count", "percent", "money", "hours", "text", "date"] as const;
export type TReportFormat = (typeof REPORT_FORMATS)[number];

/** A headline figure: the range's total, the previous period's, and the change (null from 0). */
export const ZReportKpi = z.object({
  /** A REPORT_METRICS name or `clicks.<target>`. */
  metric: z.string(),
  label: z.string(),
  format: z.enum(REPORT_FORMATS),
  total: z.number(),
  previous: z.number(),
  /** (total − previous) / previous, e.g. 0.25 for +25 %; null when previous is 0. */
  change: z.number().nullable(),
});
export type TReportKpi = z.infer<typeof ZReportKpi>;

/** Daily series: `dates` is every day of the range, each series has one number per date. */
export const ZReportDaily = z.object({
  dates: z.array(ZIsoDate),
  series: z.array(
    z.object({
      metric: z.string(),
      label: z.string(),
      values: z.array(z.number()),
    }),
  ),
});
export type TReportDaily = z.infer<typeof ZReportDaily>;

export const ZReportColumn = z.object({
  key: z.string(),
  label: z.string(),
  format: z.enum(REPORT_FORMATS),
});
export type TReportColumn = z.infer<typeof ZReportColumn>;

/**
 * A table of the report. A row with `id` and `kind` (a listing kind) links to that listing's page;
 * with `id`, `eventId` and `kind: "event-lead"` to the lead. Cells are numbers, text or null.
 */
export const ZReportTable = z.object({
  id: z.string(),
  title: z.string(),
  columns: z.array(ZReportColumn),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
  /** Rows left out past the table's limit (the CSV export of the call has them all). */
  more: z.number().int().min(0),
});
export type TReportTable = z.infer<typeof ZReportTable>;

/** What a report is about: a listing (or story), or `null` for a report across the network. */
export const ZReportSubject = z.object({
  id: ZId,
  kind: z.enum(TRACKED_KINDS),
  name: z.string(),
});
export type TReportSubject = z.infer<typeof ZReportSubject>;

/** Every dashboard call's `data`: headline figures, daily series and tables. */
export const ZReport = z.object({
  subject: ZReportSubject.nullable(),
  /** The call's part (`profile`, `leads`, `hotels`, `pickup`, …). */
  section: z.string(),
  title: z.string(),
  range: ZReportRange,
  kpis: z.array(ZReportKpi),
  daily: ZReportDaily,
  tables: z.array(ZReportTable),
  /** Plain-language notes on how figures were made (formulas, what is not yet recorded). */
  notes: z.array(z.string()),
  generatedDate: ZIsoDateTime,
});
export type TReport = z.infer<typeof ZReport>;

// ---- which reports each kind has -------------------------------------------------------------

export { REPORT_SECTION_LABELS, type TReportSection };

/**
 * The catalogue's report calls per kind (service-calls.md, Report service), overview first: each
 * listing kind's from its definition (`reports.sections`), a story's its overview.
 */
export const REPORT_SECTIONS: Record<TTrackedKind, readonly TReportSection[]> = {
  ...kindRecord((kind) => KINDS[kind].reports.sections),
  story: ["profile"],
};

/** The report service's path segment of each kind (`/facilities/{id}/profile`): the API's. */
export const REPORT_KIND_PATHS: Record<TTrackedKind, string> = {
  ...kindRecord((kind) => KIND_API[kind].path),
  story: "stories",
};

/** A section's path under the kind: pickup is `hotels/pickup`, except a hotel's own `pickup`. */
export function reportSectionPath(kind: TTrackedKind, section: TReportSection): string {
  if (section === "pickup") return kind === "hotel" ? "pickup" : "hotels/pickup";
  return section;
}

/** `/{kind}/{id}/leads?status=`: the lead statuses a lead report may narrow to. */
export const ZLeadReportQuery = ZReportQuery.extend({
  status: z.enum(["Open", "Interested", "Won", "Lost", "Passed"]).optional(),
});

/** `?format=csv` on any dashboard call: its tables and daily series as one CSV file. */
export const ZReportFormatQuery = z.object({ format: z.enum(["json", "csv"]).optional() });

// ---- leaderboards -----------------------------------------------------------------------------

/**
 * The kinds with a leaderboard, and what each may be ranked by (the first is the default). `views`
 * are unique visitors: one per visitor, listing and day, however often the page was opened.
 */
export const LEADERBOARD_KINDS = ["event", "destination", "facility", "organization"] as const;
export type TLeaderboardKind = (typeof LEADERBOARD_KINDS)[number];
export const LEADERBOARD_METRICS = ["views", "follows", "leads"] as const;
export type TLeaderboardMetric = (typeof LEADERBOARD_METRICS)[number];
/** Leaderboards rank the last 90 days, recomputed by a scheduled job. */
export const LEADERBOARD_DAYS = 90;
export const LEADERBOARD_TOP = 10;

export const ZLeaderboardQuery = z.object({
  metric: z.enum(LEADERBOARD_METRICS).optional(),
  /** Narrow the top list to a state (code, e.g. IN) or a region (name). */
  state: z.string().trim().min(2).max(40).optional(),
  region: z.string().trim().min(2).max(40).optional(),
  /** Admins page through the whole board. */
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
export type TLeaderboardQuery = z.infer<typeof ZLeaderboardQuery>;

/** A place on a board: rank 1 is the best; percentile 100 the top (share of the board at or below). */
export const ZStanding = z.object({
  /** `national`, `region` or `state`. */
  scope: z.string(),
  /** The region's name or the state's code (absent for `national`). */
  area: z.string().optional(),
  rank: z.number().int().min(1),
  of: z.number().int().min(1),
  percentile: z.number().min(0).max(100),
});
export type TStanding = z.infer<typeof ZStanding>;

export const ZLeaderboardEntry = z.object({
  rank: z.number().int().min(1),
  id: ZId,
  kind: z.string(),
  name: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  /** The figures it is ranked by: only admins see others'; null when hidden. */
  values: z.record(z.string(), z.number().nullable()).nullable(),
});
export type TLeaderboardEntry = z.infer<typeof ZLeaderboardEntry>;

export const ZLeaderboard = z.object({
  board: z.string(),
  metric: z.string(),
  metrics: z.array(z.string()),
  period: z.object({ startDate: ZIsoDate, endDate: ZIsoDate }),
  computedDate: ZIsoDateTime.nullable(),
  /** True for admins: every value shown. */
  revealed: z.boolean(),
  /** The top of the board (or of the state/region asked for); a page of it for admins. */
  top: z.array(ZLeaderboardEntry),
  total: z.number().int().min(0),
  /** The caller's own listings of the kind: their figures and standings nationally, in their region and state. */
  mine: z.array(
    ZLeaderboardEntry.extend({
      standings: z.array(ZStanding),
    }),
  ),
  /** How the board was made (its period, who is left out), in plain words. */
  notes: z.array(z.string()).optional(),
});
export type TLeaderboard = z.infer<typeof ZLeaderboard>;

/** The RFP leaderboard ranks responders by these (the first is the default). */
export const RFP_LEADERBOARD_METRICS = ["responseRate", "firstResponseHours", "winRate"] as const;
export const ZRfpLeaderboardQuery = ZLeaderboardQuery.omit({ metric: true }).extend({
  metric: z.enum(RFP_LEADERBOARD_METRICS).optional(),
});

// ---- economic impact --------------------------------------------------------------------------

/** `/destinations/{id}/impact?startDate&endDate&format=json|csv|pdf`. */
export const ZImpactQuery = ZReportQuery.extend({
  format: z.enum(["json", "csv", "pdf"]).optional(),
});

export const ZImpact = z.object({
  destination: ZReportSubject,
  range: ZReportRange,
  roomNights: z.object({
    reserved: z.number(),
    awarded: z.number(),
    total: z.number(),
  }),
  averageDailyRate: z.number(),
  /** Whether the rate came from the reservations or, lacking them, the configured default. */
  rateSource: z.enum(["reservations", "default"]),
  lodgingSpend: z.number(),
  visitorDays: z.number(),
  spendPerVisitorDay: z.number(),
  visitorSpend: z.number(),
  total: z.number(),
  /** Each line of the formula in words, with the constants it used. */
  formula: z.array(z.string()),
  /** The events that brought the room nights. */
  events: z.array(
    z.object({
      id: ZId,
      name: z.string(),
      startDate: ZIsoDate.nullable(),
      roomNights: z.number(),
      visitorDays: z.number(),
    }),
  ),
});
export type TImpact = z.infer<typeof ZImpact>;
