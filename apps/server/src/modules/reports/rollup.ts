// Raw events into daily counters, and raw events past their keeping. `rollupDays` rebuilds the
// recorded metrics of a span of days from the raw events, in one transaction: the days' rows of
// those metrics are deleted and the aggregates inserted, so running it again changes nothing.
// A day older than the raw retention is never rebuilt: its raw events are pruned, and rebuilding
// it would erase its counters. The job rebuilds yesterday and today every five minutes
// (`rollupRecent`); once a day `pruneRaw` deletes raw events and batch ids past ANALYTICS_RAW_DAYS,
// and the salts and per-visitor event counts of days that are over.
//
// Every counter counts distinct visitors (the day's visitor hashes), never raw events, so one
// visitor sending the same event again and again counts once (issue 48). Metrics (the names every
// reader relies on): `views` (visitors who opened the page that day), `impressions` (visitors
// shown it in search results), `clicks` (one per visitor, target and ref) and `clicks.<target>`
// (visitors who followed it); `clicks.hotel` and `clicks.promotion` have a row per hotel or
// promotion (`ref`), every other metric the nil ref. `visitors` was once a metric of its own: what
// `views` now counts; a rebuild deletes any row of it left in its days (the demo seed's).
import { addDays, todayUtc } from "@hostfield/domain/rules";
import { and, gte, inArray, like, lt, lte, or, sql } from "drizzle-orm";
import { inTransaction, type TDb } from "../../platform/db/database";
import type { TReportsContext } from "./context";
import {
  analyticsBatches,
  analyticsDaily,
  analyticsEvents,
  analyticsSalts,
  analyticsVisitorDays,
  NO_REF,
  reportStandings,
} from "./schema";

/** The metrics rebuilt from raw events (besides `clicks.<target>`). */
export const RECORDED_METRICS = ["views", "impressions", "clicks"] as const;
/** Metrics no longer recorded, deleted from the days a rebuild covers. */
const RETIRED_METRICS = ["visitors"];
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
            inArray(analyticsDaily.metric, [...RECORDED_METRICS, ...RETIRED_METRICS]),
            like(analyticsDaily.metric, "clicks.%"),
          ),
        ),
      );
    // `once`: each visitor's events of a day, one row per listing, type, target and ref.
    const perRef = sql.join(
      TARGETS_WITH_REF.map((t) => sql`${t}`),
      sql`, `,
    );
    await tx.execute(sql`
      with once as (
        select distinct ${e.subjectId} as subject_id, ${e.subjectKind} as subject_kind,
          ${e.day} as day, ${e.type} as type, ${e.visitor} as visitor,
          case when ${e.type} = 'click' then ${e.target} end as target,
          case when ${e.type} = 'click' and ${e.target} in (${perRef})
            then coalesce(${e.ref}, ${noRef}) else ${noRef} end as ref
        from ${e} where ${inDays}
      )
      insert into ${analyticsDaily}
        (${sql.identifier("subject_id")}, ${sql.identifier("subject_kind")}, ${sql.identifier("day")},
         ${sql.identifier("metric")}, ${sql.identifier("ref")}, ${sql.identifier("count")})
      select subject_id, subject_kind, day, type || 's', ${noRef}, count(*)
        from once group by subject_id, subject_kind, day, type
      union all
      select subject_id, subject_kind, day, 'clicks.' || target, ref, count(*)
        from once where type = 'click' group by subject_id, subject_kind, day, target, ref`);
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
 * Deletes raw events and batch ids older than the retention, and the salts and per-visitor event
 * counts of days before today (the daily counters stay).
 */
export async function pruneRaw(ctx: TReportsContext): Promise<void> {
  const retention = retentionOf(ctx);
  const oldest = oldestRawDay(retention);
  await ctx.db.delete(analyticsEvents).where(lt(analyticsEvents.day, oldest));
  await ctx.db
    .delete(analyticsBatches)
    .where(lt(analyticsBatches.receivedAt, new Date(`${oldest}T00:00:00.000Z`)));
  await ctx.db.delete(analyticsSalts).where(lt(analyticsSalts.day, retention.today));
  await ctx.db.delete(analyticsVisitorDays).where(lt(analyticsVisitorDays.day, retention.today));
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
