// What the reports module reads of listings: which of some ids are listings and of which kind (the
// tracking route drops events naming none), follows and likes gained per UTC day (reactions'
// created dates), the listings linked as partners (either way round), a company's locations (its
// hotels and businesses) and the people of listings. Read only; offered through the profiles
// services (`ctx.profiles.reactionsByDay`, …).
import type { TProfileKind } from "@hostfield/domain/reference";
import { and, asc, eq, gte, inArray, lt, or, sql } from "drizzle-orm";
import {
  profileCompanies,
  profileMembers,
  profilePartners,
  profileReactions,
  profiles,
} from "./schema";
import type { TProfilesContext } from "./service";

type TDbOnly = Pick<TProfilesContext, "db">;

export type TListingRef = { id: string; kind: TProfileKind; name: string };

/** The kind of each id that is a listing (pending and inactive ones too); unknown ids are absent. */
async function kindsOf(ctx: TDbOnly, ids: readonly string[]): Promise<Map<string, TProfileKind>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await ctx.db
    .select({ id: profiles.id, kind: profiles.kind })
    .from(profiles)
    .where(inArray(profiles.id, unique));
  return new Map(rows.map((row) => [row.id, row.kind as TProfileKind]));
}

/** Likes and follows the listings gained per UTC day from `from` to `to` (both included). */
async function reactionsByDay(
  ctx: TDbOnly,
  profileIds: readonly string[],
  from: string,
  to: string,
) {
  if (profileIds.length === 0) return [];
  const day = sql<string>`to_char(${profileReactions.createdDate} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await ctx.db
    .select({ day, kind: profileReactions.kind, count: sql<number>`count(*)::int` })
    .from(profileReactions)
    .where(
      and(
        inArray(profileReactions.profileId, [...profileIds]),
        gte(profileReactions.createdDate, new Date(`${from}T00:00:00Z`)),
        lt(profileReactions.createdDate, new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000)),
      ),
    )
    .groupBy(day, profileReactions.kind);
  return rows.map((r) => ({ day: r.day, kind: r.kind, count: Number(r.count) }));
}

/** Listings linked to `profileId` as partners, whichever side made the link, by name. */
async function partnersOf(ctx: TDbOnly, profileId: string): Promise<TListingRef[]> {
  const other = sql`case when ${profilePartners.profileId} = ${profileId} then ${profilePartners.partnerId} else ${profilePartners.profileId} end`;
  const rows = await ctx.db
    .selectDistinct({ id: profiles.id, kind: profiles.kind, name: profiles.name })
    .from(profilePartners)
    .innerJoin(profiles, sql`${profiles.id} = ${other}`)
    .where(or(eq(profilePartners.profileId, profileId), eq(profilePartners.partnerId, profileId)))
    .orderBy(asc(profiles.name), asc(profiles.id));
  return rows.map((r) => ({ ...r, kind: r.kind as TProfileKind }));
}

/** A company's hotels and businesses (`profile_companies`), by name. */
async function companyLocations(ctx: TDbOnly, companyId: string): Promise<TListingRef[]> {
  const rows = await ctx.db
    .select({ id: profiles.id, kind: profiles.kind, name: profiles.name })
    .from(profileCompanies)
    .innerJoin(profiles, eq(profiles.id, profileCompanies.profileId))
    .where(eq(profileCompanies.companyId, companyId))
    .orderBy(asc(profiles.name), asc(profiles.id));
  return rows.map((r) => ({ ...r, kind: r.kind as TProfileKind }));
}

/** The users who are members (any role) of any of the listings. */
async function peopleOf(ctx: TDbOnly, profileIds: readonly string[]): Promise<string[]> {
  if (profileIds.length === 0) return [];
  const rows = await ctx.db
    .selectDistinct({ userId: profileMembers.userId })
    .from(profileMembers)
    .where(inArray(profileMembers.profileId, [...profileIds]));
  return rows.map((r) => r.userId);
}

/** Listings by id as reports name them (any visibility: only their managers read reports). */
async function listingRefs(ctx: TDbOnly, ids: readonly string[]): Promise<TListingRef[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .select({ id: profiles.id, kind: profiles.kind, name: profiles.name })
    .from(profiles)
    .where(inArray(profiles.id, [...new Set(ids)]))
    .orderBy(asc(profiles.name), asc(profiles.id));
  return rows.map((r) => ({ ...r, kind: r.kind as TProfileKind }));
}

/** Bound to the profiles context in `servicesOf`. */
export const profileReportQueries = {
  kindsOf,
  reactionsByDay,
  partnersOf,
  companyLocations,
  peopleOf,
  listingRefs,
};
