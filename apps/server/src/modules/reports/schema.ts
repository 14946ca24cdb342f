// Tables of the reports module. What the browser records arrives as raw events (kept
// ANALYTICS_RAW_DAYS), each batch once and at most TRACK_VISITOR_DAY_MAX_EVENTS per visitor and
// day; a scheduled job rolls them into daily counters per listing (each visitor once a day),
// which every dashboard reads. Leaderboard standings are recomputed by a job into a table of their
// own, so a board over 100,000 listings is one indexed read. Leads, awards, reservations and
// pickup are not copied here: reports read them from their own modules.
import { sql } from "drizzle-orm";
import {
  bigint,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

/** One recorded view, impression or click, stamped with the server's time (never the browser's). */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    /** The UTC day of `receivedAt`: what the daily counters group by. */
    day: date("day", { mode: "string" }).notNull(),
    subjectKind: text("subject_kind").notNull(),
    subjectId: uuid("subject_id").notNull(),
    type: text("type", { enum: ["view", "impression", "click"] }).notNull(),
    /** Clicks only: website, phone, email, directions, hotel, promotion. */
    target: text("target"),
    /** The hotel or promotion a click names. */
    ref: uuid("ref"),
    /** The visitor that day: a salted hash of address and user agent; the salt changes daily. */
    visitor: text("visitor").notNull(),
    batchId: uuid("batch_id").notNull(),
  },
  (t) => [index("analytics_events_day_subject_idx").on(t.day, t.subjectId)],
);

/** Batches already counted, so a retried beacon counts once; pruned with the raw events. */
export const analyticsBatches = pgTable(
  "analytics_batches",
  {
    batchId: uuid("batch_id").primaryKey(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("analytics_batches_received_idx").on(t.receivedAt)],
);

/** Today's (and recent days') random salt for visitor hashes; deleted once its day is over. */
export const analyticsSalts = pgTable("analytics_salts", {
  day: date("day", { mode: "string" }).primaryKey(),
  salt: text("salt").notNull(),
});

/**
 * Events offered per visitor and UTC day (those of new batches naming a listing), stored while
 * under TRACK_VISITOR_DAY_MAX_EVENTS: the bound of one visitor's day, upserted in each flush's
 * transaction, so it holds across the group commit and across processes. Deleted once its day
 * is over, with the salts.
 */
export const analyticsVisitorDays = pgTable(
  "analytics_visitor_days",
  {
    day: date("day", { mode: "string" }).notNull(),
    visitor: text("visitor").notNull(),
    offered: integer("offered").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.visitor] })],
);

/** The nil id: `ref` of a counter that names no hotel or promotion. */
export const NO_REF = "00000000-0000-0000-0000-000000000000";

/**
 * Daily counters per listing (or story) and metric: views, impressions, clicks and
 * `clicks.<target>` (with `ref` for the hotel or promotion clicked), each the number of distinct
 * visitors that day (rollup.ts). Rebuilt from the raw events of a day by the roll-up job; the demo
 * seed writes them directly for the days before its raw events.
 */
export const analyticsDaily = pgTable(
  "analytics_daily",
  {
    subjectId: uuid("subject_id").notNull(),
    subjectKind: text("subject_kind").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    metric: text("metric").notNull(),
    ref: uuid("ref").notNull().default(sql`'00000000-0000-0000-0000-000000000000'::uuid`),
    count: integer("count").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.subjectId, t.day, t.metric, t.ref] }),
    // Leaderboards: one kind's metric over a window of days.
    index("analytics_daily_kind_metric_day_idx").on(t.subjectKind, t.metric, t.day),
  ],
);

/**
 * A leaderboard's standings as last computed: per board (a kind, or `rfps`), metric and listing,
 * its value and rank nationally, in its region and in its state, with the size of each.
 */
export const reportStandings = pgTable(
  "report_standings",
  {
    board: text("board").notNull(),
    metric: text("metric").notNull(),
    subjectId: uuid("subject_id").notNull(),
    value: doublePrecision("value").notNull(),
    nationalRank: integer("national_rank").notNull(),
    nationalOf: integer("national_of").notNull(),
    region: text("region"),
    regionRank: integer("region_rank"),
    regionOf: integer("region_of"),
    state: text("state"),
    stateRank: integer("state_rank"),
    stateOf: integer("state_of"),
    computedAt: timestamp("computed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.board, t.metric, t.subjectId] }),
    index("report_standings_national_idx").on(t.board, t.metric, t.nationalRank),
    index("report_standings_state_idx").on(t.board, t.metric, t.state, t.stateRank),
    index("report_standings_region_idx").on(t.board, t.metric, t.region, t.regionRank),
  ],
);
