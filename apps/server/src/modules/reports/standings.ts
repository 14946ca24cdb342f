// Computing the leaderboards' standings: for each board (a listing kind, or `rfps`) and metric, every
// ranked listing's value and its rank nationally, in its region and in its state, with the size of
// each; written to report_standings in one transaction that replaces the board's previous rows.
// Set-based: the listings (from the profiles services) and the follows and leads (from the profiles
// and rfps services) come back as arrays, and one SQL statement joins them with the daily counters,
// ranks with window functions and writes (no row passes through JavaScript twice; writing the
// 400,000 rows of 100,000 facilities' four metrics, with the table's indexes, is most of the cost).
// Ties share a rank (rank()); listings with 0 still rank, at the bottom. `views` are unique
// visitors: the daily counters count a visitor once per listing and day (rollup.ts), so a listing
// ranks by how many people opened it, not how many page loads or beacons it got.
import {
  LEADERBOARD_DAYS,
  LEADERBOARD_KINDS,
  LEADERBOARD_METRICS,
  type TLeaderboardKind,
  type TLeaderboardMetric,
} from "@hostfield/domain/contracts";
import { findState, REGIONS, STATES } from "@hostfield/domain/reference";
import { addDays } from "@hostfield/domain/rules";
import { eq, type SQL, sql } from "drizzle-orm";
import { inTransaction, type TDb } from "../../platform/db/database";
import type { TReportsContext } from "./context";
import { analyticsDaily, reportStandings } from "./schema";

/** A leaderboard: one per listing kind, and the responders' board of requests for proposals. */
export type TBoard = TLeaderboardKind | "rfps";
export const BOARDS: readonly TBoard[] = [...LEADERBOARD_KINDS, "rfps"];

/**
 * What a board computed at `at` ranks: the LEADERBOARD_DAYS UTC days up to and including `at`'s
 * day, and the same as a span of time that ends at `at` (leads and follows not yet made are not counted).
 */
export function boardPeriod(at: Date) {
  const endDate = at.toISOString().slice(0, 10);
  const startDate = addDays(endDate, -(LEADERBOARD_DAYS - 1));
  return { startDate, endDate, span: { from: new Date(`${startDate}T00:00:00.000Z`), to: at } };
}

// ---- places: a listing's state (as entered: a name or a code) to its state code and region ----

const PLACE_KEYS = STATES.flatMap((s) => [s.code.toLowerCase(), s.name.toLowerCase()]);
const PLACE_CODES = STATES.flatMap((s) => [s.code, s.code]);
const PLACE_REGIONS = STATES.flatMap((s) => [s.region, s.region]);

/** A `?state=` as standings store it: the code of a known state (by name or code), else as given. */
export const stateKey = (state: string) => findState(state)?.code ?? state.trim();
/** A `?region=` as standings store it: the region's own spelling, else as given. */
export const regionKey = (region: string) =>
  REGIONS.find((r) => r.toLowerCase() === region.trim().toLowerCase()) ?? region.trim();

/**
 * Ranks `rows` (a SELECT of `id uuid, state_raw text, metric text, value float8, ascending bool`;
 * ascending where lower is better) and writes them as the board's standings, replacing what it
 * had, in one transaction (an advisory lock keeps two computations of a board from interleaving).
 */
export async function writeBoard(db: TDb, board: TBoard, rows: SQL, at: Date): Promise<void> {
  await inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`report_standings:${board}`}))`);
    await tx.delete(reportStandings).where(eq(reportStandings.board, board));
    await tx.execute(sql`
      insert into ${reportStandings} (board, metric, subject_id, value, national_rank, national_of,
        region, region_rank, region_of, state, state_rank, state_of, computed_at)
      select ${board}, metric, id, value,
        rank() over (partition by metric order by sort_key),
        count(*) over (partition by metric),
        region,
        case when region is null then null
          else rank() over (partition by metric, region order by sort_key) end,
        case when region is null then null else count(*) over (partition by metric, region) end,
        state,
        case when state is null then null
          else rank() over (partition by metric, state order by sort_key) end,
        case when state is null then null else count(*) over (partition by metric, state) end,
        ${at.toISOString()}::timestamptz
      from (
        select r.id, r.metric, r.value,
          case when r.ascending then r.value else -r.value end as sort_key,
          coalesce(m.code, nullif(btrim(r.state_raw), '')) as state,
          m.region
        from (${rows}) r
        left join unnest(${sql.param(PLACE_KEYS)}::text[], ${sql.param(PLACE_CODES)}::text[],
          ${sql.param(PLACE_REGIONS)}::text[]) as m(key, code, region)
          on m.key = lower(btrim(r.state_raw))
      ) placed`);
  });
}

// ---- the listing kinds' boards -------------------------------------------------------------------

/** Each metric's value of a listing `l`, given the joins of kindRows (`c`ounters, `f`ollows, `d` leads). */
const KIND_METRIC_VALUES: Record<TLeaderboardMetric, SQL> = {
  views: sql`coalesce(c.views, 0)`,
  follows: sql`coalesce(f.n, 0)`,
  leads: sql`coalesce(d.n, 0)`,
};

const uuids = (ids: readonly string[]) => sql`${sql.param([...ids])}::uuid[]`;

/** Computes one kind's board: unique views summed from the daily counters, follows gained, leads received. */
export async function computeKindBoard(ctx: TReportsContext, kind: TLeaderboardKind) {
  const at = ctx.now();
  const period = boardPeriod(at);
  const listings = await ctx.profiles.standings.listedOfKind(kind);
  // `follows`: the kind's reaction (destinations and organizations are followed, events and facilities liked).
  const follows = await ctx.profiles.standings.reactionsGained(kind, period.span);
  // Only destinations and facilities receive leads (events and organizations send them).
  const ownerType =
    kind === "destination" ? "Destination" : kind === "facility" ? "Facility" : null;
  const leads = ownerType
    ? await ctx.rfps.standings.leadsReceived(ownerType, period.span)
    : { ids: [], counts: [] };
  const values = sql.join(
    LEADERBOARD_METRICS.map((m) => sql`(${m}, (${KIND_METRIC_VALUES[m]})::float8)`),
    sql`, `,
  );
  const rows = sql`
    with listing as (
      select * from unnest(${uuids(listings.ids)}, ${sql.param(listings.states)}::text[])
        as l(id, state_raw)
    ), counted as (
      select a.subject_id, sum(a.count) as views
      from ${analyticsDaily} a
      where a.subject_kind = ${kind} and a.metric = 'views'
        and a.day between ${period.startDate}::date and ${period.endDate}::date
      group by a.subject_id
    )
    select l.id, l.state_raw, v.metric, v.value, false as ascending
    from listing l
    left join counted c on c.subject_id = l.id
    left join unnest(${uuids(follows.ids)}, ${sql.param(follows.counts)}::int[]) as f(id, n)
      on f.id = l.id
    left join unnest(${uuids(leads.ids)}, ${sql.param(leads.counts)}::int[]) as d(id, n)
      on d.id = l.id
    cross join lateral (values ${values}) as v(metric, value)`;
  await writeBoard(ctx.db, kind, rows, at);
}
