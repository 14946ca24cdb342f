// Raw events into daily counters, and raw events past their keeping. `rollupDays` rebuilds the
// recorded metrics of a span of days from the raw events, in one transaction: the days' rows of
// those metrics are deleted and the aggregates inserted, so running it again changes nothing.
// A day older than the raw retention is never rebuilt: its raw events are pruned, and rebuilding
// it would erase its counters. The job rebuilds yesterday and today every five minutes
// (`rollupRecent`); once a day `pruneRaw` deletes raw events and batch ids past ANALYTICS_RAW_DAYS
// and the salts of days that are over.
//
// Metrics (the names every reader relies on): `views`, `visitors` (distinct visitor hashes among
// the day's views), `impressions`, `clicks` (all clicks) and `clicks.<target>`; `clicks.hotel` and
// `clicks.promotion` have a row per hotel or promotion (`ref`), every other metric the nil ref.
import { addDays, todayUtc } from "@hostfield/domain/rules";
import { and, gte, inArray, like, lt, lte, or, sql } from "drizzle-orm";
import { inTransaction, type TDb } from "../../platform/db/database";
import type { TReportsContext } from "./context";
import {
  analyticsBatches,
  analyticsDaily,
  analyticsEvents,
  analyticsSalts,
  NO_REF,
  reportStandings,
} from "./schema";

/** The metrics rebuilt from raw events (besides `clicks.<target>`). */
export const RECORDED_METRICS = ["views", "visitors", "impressions", "clicks"] as const;
/** Click targets counted per hotel or promotion (`ref`). */
const TARGETS_WITH_REF = ["hotel", "promotion"];

/** Today and how many days of raw events are kept: what bounds a rebuild. */
export type TRetention = { today: string; rawDays: number };

/** The oldest day whose raw events are kept (today counts as one of the `rawDays`). */
export const oldestRawDay = ({ today, rawDays }: TRetention) => addDays(today, -(rawDays - 1));

/**
 * Rebuilds the recorded metrics of `fromDay`..`toDay` (UTC days, both included) from the raw
 * events; days before the retention's oldest raw day are left as they are.
 */
export async function rollupDays(
  db: TDb,
  fromDay: string,
  toDay: string,
  retention: TRetention,
): Promise<void> {
  const oldest = oldestRawDay(retention);
  const from = fromDay < oldest ? oldest : fromDay;
  if (from > toDay) return;
  const e = analyticsEvents;
  const inDays = sql`${e.day} between ${from} and ${toDay}`;
  const noRef = sql`${NO_REF}::uuid`;
  await inTransaction(db, async (tx) => {
    // Two rebuilds of the same days at once would insert the same rows: one waits for the other.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('reports.rollup'))`);
    await tx
      .delete(analyticsDaily)
      .where(
        and(
          gte(analyticsDaily.day, from),
          lte(analyticsDaily.day, toDay),
          or(
            inArray(analyticsDaily.metric, [...RECORDED_METRICS]),
            like(analyticsDaily.metric, "clicks.%"),
          ),
        ),
      );
    await tx.execute(sql`
      insert into ${analyticsDaily}
        (${sql.identifier("subject_id")}, ${sql.identifier("subject_kind")}, ${sql.identifier("day")},
         ${sql.identifier("metric")}, ${sql.identifier("ref")}, ${sql.identifier("count")})
      select ${e.subjectId}, ${e.subjectKind}, ${e.day}, 'views', ${noRef}, count(*)
        from ${e} where ${inDays} and ${e.type} = 'view' group by 1, 2, 3
      union all
      select ${e.subjectId}, ${e.subjectKind}, ${e.day}, 'visitors', ${noRef}, count(distinct ${e.visitor})
        from ${e} where ${inDays} and ${e.type} = 'view' group by 1, 2, 3
      union all
      select ${e.subjectId}, ${e.subjectKind}, ${e.day}, 'impressions', ${noRef}, count(*)
        from ${e} where ${inDays} and ${e.type} = 'impression' group by 1, 2, 3
      union all
      select ${e.subjectId}, ${e.subjectKind}, ${e.day}, 'clicks', ${noRef}, count(*)
        from ${e} where ${inDays} and ${e.type} = 'click' group by 1, 2, 3
      union all
      select ${e.subjectId}, ${e.subjectKind}, ${e.day}, 'clicks.' || ${e.target},
             case when ${e.target} in (${sql.join(
               TARGETS_WITH_REF.map((t) => sql`${t}`),
               sql`, `,
             )}) then coalesce(${e.ref}, ${noRef}) else ${noRef} end,
             count(*)
        from ${e} where ${inDays} and ${e.type} = 'click' group by 1, 2, 3, 4, 5`);
  });
}

/** The context's retention: its today and ANALYTICS_RAW_DAYS. */
const retentionOf = (ctx: Pick<TReportsContext, "now" | "settings">): TRetention => ({
  today: todayUtc(ctx.now()),
  rawDays: ctx.settings.analytics.rawDays,
});

/** Rebuilds yesterday's and today's counters (the scheduled job). */
export async function rollupRecent(ctx: TReportsContext): Promise<void> {
  const retention = retentionOf(ctx);
  await rollupDays(ctx.db, addDays(retention.today, -1), retention.today, retention);
}

/**
 * Deletes raw events and batch ids older than the retention, and the salts of days before today
 * (the daily counters stay).
 */
export async function pruneRaw(ctx: TReportsContext): Promise<void> {
  const retention = retentionOf(ctx);
  const oldest = oldestRawDay(retention);
  await ctx.db.delete(analyticsEvents).where(lt(analyticsEvents.day, oldest));
  await ctx.db
    .delete(analyticsBatches)
    .where(lt(analyticsBatches.receivedAt, new Date(`${oldest}T00:00:00.000Z`)));
  await ctx.db.delete(analyticsSalts).where(lt(analyticsSalts.day, retention.today));
}

/**
 * Forgets a deleted listing: its counters and standings, and the raw events the roll-up would
 * still read (yesterday's and today's; older ones only wait for the prune). Those tables have no
 * foreign key to listings (a story is no listing), so the ProfileDeleted and StoryDeleted events
 * call this.
 */
export async function forgetSubject(db: TDb, subjectId: string, today: string): Promise<void> {
  await db.delete(analyticsDaily).where(sql`${analyticsDaily.subjectId} = ${subjectId}`);
  await db.delete(reportStandings).where(sql`${reportStandings.subjectId} = ${subjectId}`);
  await db
    .delete(analyticsEvents)
    .where(
      and(
        gte(analyticsEvents.day, addDays(today, -1)),
        sql`${analyticsEvents.subjectId} = ${subjectId}`,
      ),
    );
}
