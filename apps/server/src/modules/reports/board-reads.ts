// Reading a leaderboard, blind by default: the top of the board (or of a state or region), its size,
// and the caller's own listings with their standings nationally, in their region and in their state.
// Only admins see others' figures (and may page the whole board); everyone else gets `values: null`
// on every entry that is not one of the listings they manage.
import {
  LEADERBOARD_TOP,
  type TLeaderboard,
  type TLeaderboardEntry,
  type TLeaderboardQuery,
  type TStanding,
} from "@hostfield/domain/contracts";
import { PROFILE_KINDS, type TProfileKind } from "@hostfield/domain/reference";
import { percentileOf } from "@hostfield/domain/rules";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { TPrincipal } from "../../platform/http/access";
import { validationFailed } from "../../platform/http/errors";
import type { TReportsContext } from "./context";
import { reportStandings } from "./schema";
import { boardPeriod, regionKey, stateKey, type TBoard } from "./standings";

export type TBoardRead = {
  board: TBoard;
  metric: string;
  /** Every metric of the board, in order (each entry's `values` has one key per metric). */
  metrics: readonly string[];
  query: Omit<TLeaderboardQuery, "metric">;
  principal: TPrincipal;
  notes: readonly string[];
};

type TStandingRow = typeof reportStandings.$inferSelect;

const isProfileKind = (kind: string): kind is TProfileKind =>
  (PROFILE_KINDS as readonly string[]).includes(kind);

/** Figures are shown to two decimals (rates and medians are fractions). */
const shown = (value: number) => Math.round(value * 100) / 100;

function scopeOf(query: TBoardRead["query"]) {
  if (query.state && query.region) {
    throw validationFailed("Ask for a state or a region, not both.", [
      { path: "state", message: "Give either state or region." },
    ]);
  }
  if (query.state) {
    return {
      where: eq(reportStandings.state, stateKey(query.state)),
      rank: reportStandings.stateRank,
      of: reportStandings.stateOf,
    };
  }
  if (query.region) {
    return {
      where: eq(reportStandings.region, regionKey(query.region)),
      rank: reportStandings.regionRank,
      of: reportStandings.regionOf,
    };
  }
  return { where: undefined, rank: reportStandings.nationalRank, of: reportStandings.nationalOf };
}

/** A standing row's places: nationally, then in its region and state when it has them. */
function standingsOf(row: TStandingRow): TStanding[] {
  const out: TStanding[] = [
    {
      scope: "national",
      rank: row.nationalRank,
      of: row.nationalOf,
      percentile: percentileOf(row.nationalRank, row.nationalOf),
    },
  ];
  if (row.region && row.regionRank && row.regionOf) {
    out.push({
      scope: "region",
      area: row.region,
      rank: row.regionRank,
      of: row.regionOf,
      percentile: percentileOf(row.regionRank, row.regionOf),
    });
  }
  if (row.state && row.stateRank && row.stateOf) {
    out.push({
      scope: "state",
      area: row.state,
      rank: row.stateRank,
      of: row.stateOf,
      percentile: percentileOf(row.stateRank, row.stateOf),
    });
  }
  return out;
}

/** The listings among `ids` the caller manages (may update), by their kind. */
async function managedAmong(
  ctx: TReportsContext,
  ids: readonly string[],
  kinds: ReadonlyMap<string, string>,
  principal: TPrincipal,
): Promise<Set<string>> {
  const managed = new Set<string>();
  for (const id of ids) {
    const kind = kinds.get(id);
    if (!kind || !isProfileKind(kind)) continue;
    const abilities = await ctx.profiles.abilitiesOn(kind, id, principal);
    if (abilities.includes("profile.update")) managed.add(id);
  }
  return managed;
}

/** Every metric's value of each of `ids` on the board (null where it is not ranked on a metric). */
async function valuesOf(
  ctx: TReportsContext,
  read: TBoardRead,
  ids: readonly string[],
): Promise<Map<string, Record<string, number | null>>> {
  const out = new Map<string, Record<string, number | null>>();
  if (ids.length === 0) return out;
  const rows = await ctx.db
    .select({
      id: reportStandings.subjectId,
      metric: reportStandings.metric,
      value: reportStandings.value,
    })
    .from(reportStandings)
    .where(
      and(
        eq(reportStandings.board, read.board),
        // Naming the metrics lets the primary key (board, metric, subject) find the rows.
        inArray(reportStandings.metric, [...read.metrics]),
        inArray(reportStandings.subjectId, [...ids]),
      ),
    );
  for (const id of ids) out.set(id, Object.fromEntries(read.metrics.map((m) => [m, null])));
  for (const row of rows) {
    const values = out.get(row.id);
    if (values && row.metric in values) values[row.metric] = shown(row.value);
  }
  return out;
}

export async function readBoard(ctx: TReportsContext, read: TBoardRead): Promise<TLeaderboard> {
  const { board, metric, query, principal } = read;
  const revealed = principal.isAdmin;
  const scope = scopeOf(query);
  const onMetric = and(eq(reportStandings.board, board), eq(reportStandings.metric, metric));
  const inScope = and(onMetric, scope.where);
  // Members see the top ten; admins may page through the whole board.
  const limit = revealed ? (query.limit ?? LEADERBOARD_TOP) : LEADERBOARD_TOP;
  const offset = revealed ? (query.offset ?? 0) : 0;

  const top = await ctx.db
    .select()
    .from(reportStandings)
    .where(inScope)
    .orderBy(asc(scope.rank), asc(reportStandings.subjectId))
    .limit(limit)
    .offset(offset);
  // Every row of a board holds the size of its scopes and the time of the computation that wrote
  // it (all rows of a board are written at once): one row each answers, on an index.
  const [inScopeRow] = await ctx.db
    .select({ of: scope.of })
    .from(reportStandings)
    .where(inScope)
    .limit(1);
  const [anyRow] = await ctx.db
    .select({ computedAt: reportStandings.computedAt })
    .from(reportStandings)
    .where(onMetric)
    .limit(1);
  const memberIds = await ctx.profiles.memberProfileIds(principal.userId);
  const mineRows =
    memberIds.length === 0
      ? []
      : await ctx.db
          .select()
          .from(reportStandings)
          .where(and(onMetric, inArray(reportStandings.subjectId, memberIds)))
          .orderBy(asc(reportStandings.nationalRank));

  const names = await ctx.profiles.profileNames([
    ...new Set([...top.map((r) => r.subjectId), ...mineRows.map((r) => r.subjectId)]),
  ]);
  const kinds = new Map([...names].map(([id, n]) => [id, n.kind]));
  const managed = await managedAmong(
    ctx,
    mineRows.map((r) => r.subjectId),
    kinds,
    principal,
  );
  const shownIds = revealed
    ? [...new Set([...top.map((r) => r.subjectId), ...managed])]
    : [...managed];
  const values = await valuesOf(ctx, read, shownIds);
  // A listing hidden (pending, inactive) since the board was computed is named to admins only.
  const listedNow = revealed
    ? null
    : new Set(
        (await ctx.profiles.standings.listedPlaces(top.map((r) => r.subjectId))).map((p) => p.id),
      );
  const named = (id: string) => !listedNow || listedNow.has(id) || managed.has(id);

  const entryOf = (row: TStandingRow, rank: number): TLeaderboardEntry | null => {
    const name = names.get(row.subjectId);
    // A listing deleted since the board was computed is left out until the next computation.
    if (!name) return null;
    return {
      rank,
      id: row.subjectId,
      kind: name.kind,
      name: name.name,
      city: name.city,
      state: name.state,
      values: values.get(row.subjectId) ?? null,
    };
  };
  const scopeRank = (row: TStandingRow) =>
    query.state ? row.stateRank : query.region ? row.regionRank : row.nationalRank;

  const computedAt = anyRow?.computedAt ?? null;
  const period = boardPeriod(computedAt ?? ctx.now());
  return {
    board,
    metric,
    metrics: [...read.metrics],
    period: { startDate: period.startDate, endDate: period.endDate },
    computedDate: computedAt ? computedAt.toISOString() : null,
    revealed,
    top: top.flatMap((row) =>
      named(row.subjectId) ? (entryOf(row, scopeRank(row) ?? row.nationalRank) ?? []) : [],
    ),
    total: inScopeRow?.of ?? 0,
    mine: mineRows.flatMap((row) => {
      if (!managed.has(row.subjectId)) return [];
      const entry = entryOf(row, row.nationalRank);
      return entry ? [{ ...entry, standings: standingsOf(row) }] : [];
    }),
    notes: [...read.notes],
  };
}
