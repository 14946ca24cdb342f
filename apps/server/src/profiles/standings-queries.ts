// What the reports module's leaderboards read of listings, set-based: every listed (approved,
// active) listing of a kind with its state, the reactions each gained in a span of time (follows,
// or likes for the kinds members like rather than follow), and which of some listings are listed. Answers come as parallel arrays, so the caller can hand 100,000
// listings back to SQL as one `unnest` instead of one row at a time.
import type { TProfileKind } from "@hostfield/domain/reference";
import { sql } from "drizzle-orm";
import type { TDb } from "../platform/db/database";
import { reactionKind, type TKindDescriptor } from "./descriptor";
import { profileReactions, profiles } from "./schema";
import { kindOf, type TProfilesContext } from "./service";

const listed = sql`${profiles.status} = 'approved' and ${profiles.isActive}`;

/** Every listed listing of a kind, with its state as entered (a name or a code; null if none). */
export async function listedOfKind(
  db: TDb,
  kind: TProfileKind,
): Promise<{ ids: string[]; states: (string | null)[] }> {
  const result = await db.execute<{ id: string; state: string | null }>(sql`
    select ${profiles.id} as id, ${profiles.state} as state from ${profiles}
    where ${profiles.kind} = ${kind} and ${listed}`);
  return { ids: result.rows.map((r) => r.id), states: result.rows.map((r) => r.state) };
}

/**
 * The kind's reactions (follows, or likes: a kind has one) to its listed listings made in
 * `[from, to)` and still standing, per listing (those with any).
 */
export async function reactionsGained(
  db: TDb,
  d: TKindDescriptor,
  span: { from: Date; to: Date },
): Promise<{ ids: string[]; counts: number[] }> {
  const kind = d.kind;
  const result = await db.execute<{ id: string; n: number }>(sql`
    select ${profileReactions.profileId} as id, count(*)::int as n
    from ${profileReactions}
    join ${profiles} on ${profiles.id} = ${profileReactions.profileId}
    where ${profileReactions.kind} = ${reactionKind(d)}
      and ${profileReactions.createdDate} >= ${span.from.toISOString()}::timestamptz
      and ${profileReactions.createdDate} < ${span.to.toISOString()}::timestamptz
      and ${profiles.kind} = ${kind} and ${listed}
    group by ${profileReactions.profileId}`);
  return { ids: result.rows.map((r) => r.id), counts: result.rows.map((r) => Number(r.n)) };
}

/** Which of `ids` are listed, with their kind and state as entered. */
export async function listedPlaces(
  db: TDb,
  ids: readonly string[],
): Promise<{ id: string; kind: string; state: string | null }[]> {
  if (ids.length === 0) return [];
  const result = await db.execute<{ id: string; kind: string; state: string | null }>(sql`
    select ${profiles.id} as id, ${profiles.kind} as kind, ${profiles.state} as state
    from ${profiles}
    where ${profiles.id} = any(${sql.param([...ids])}::uuid[]) and ${listed}`);
  return result.rows;
}

/** These queries over the machinery's database, as the profiles services offer them (`profiles.standings`). */
export const standingsQueries = (ctx: Pick<TProfilesContext, "db" | "kinds">) => ({
  listedOfKind: (kind: TProfileKind) => listedOfKind(ctx.db, kind),
  reactionsGained: (kind: TProfileKind, span: { from: Date; to: Date }) =>
    reactionsGained(ctx.db, kindOf(ctx, kind), span),
  listedPlaces: (ids: readonly string[]) => listedPlaces(ctx.db, ids),
});
