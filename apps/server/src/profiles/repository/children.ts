// SQL of the shared children (one table with id and profile_id each: sports, amenities, space
// types, boosts) and of boosts across a kind.
import type { TProfileKind } from "@hostfield/domain/reference";
import { and, asc, count, eq, gte, lte, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { TWindow } from "../../platform/db/database";
import { pageOf, type TDb } from "../../platform/db/database";
import {
  profileAmenities,
  profileBoosts,
  profileMedia,
  profilePartners,
  profileSpaceTypes,
  profileSports,
  profiles,
} from "../schema";

// ---- simple children: one table with id and profile_id ----------------------------------------

export type TChildTable = PgTable & {
  id: PgColumn;
  profileId: PgColumn;
  createdDate: PgColumn;
};

export async function listChildren<TRow>(
  db: TDb,
  table: TChildTable,
  profileId: string,
  window: TWindow,
  extra: SQL[] = [],
  orderBy: SQL | PgColumn = table.createdDate,
): Promise<{ rows: TRow[]; count: number }> {
  const condition = and(eq(table.profileId, profileId), ...extra);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .where(condition)
      .orderBy(orderBy, asc(table.id))
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({ n: count() })
      .from(table as PgTable)
      .where(condition),
  ]);
  return { rows: rows as TRow[], count: total?.n ?? 0 };
}

export async function findChild<TRow>(
  db: TDb,
  table: TChildTable,
  profileId: string,
  childId: string,
): Promise<TRow | null> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.profileId, profileId), eq(table.id, childId)));
  return (row as TRow | undefined) ?? null;
}

/** Inserts a child; null when a unique key (same sport twice, same partner) already holds it. */
export async function insertChild<TRow>(
  db: TDb,
  table: TChildTable,
  values: Record<string, unknown>,
): Promise<TRow | null> {
  // drizzle types values by a concrete table; a child table is known here only as a PgTable.
  const [row] = await db.insert(table).values(values).onConflictDoNothing().returning();
  return (row as TRow | undefined) ?? null;
}

export async function updateChild<TRow>(
  db: TDb,
  table: TChildTable,
  profileId: string,
  childId: string,
  values: Record<string, unknown>,
): Promise<TRow | null> {
  const [row] = await db
    .update(table)
    // drizzle types a change by a concrete table (see insertChild).
    .set(values)
    .where(and(eq(table.profileId, profileId), eq(table.id, childId)))
    .returning();
  return (row as TRow | undefined) ?? null;
}

export async function deleteChild(
  db: TDb,
  table: TChildTable,
  profileId: string,
  childId: string,
): Promise<boolean> {
  const rows = await db
    .delete(table)
    .where(and(eq(table.profileId, profileId), eq(table.id, childId)))
    .returning();
  return rows.length > 0;
}

export const childTables = {
  sports: profileSports,
  amenities: profileAmenities,
  spaceTypes: profileSpaceTypes,
  boosts: profileBoosts,
  partners: profilePartners,
  media: profileMedia,
} as const;

export async function replaceSports(db: TDb, profileId: string, names: readonly string[]) {
  await db.delete(profileSports).where(eq(profileSports.profileId, profileId));
  await insertNames(db, profileSports, profileId, names);
}

/**
 * Adds `names` to a listing's sports or amenities, each row with the listing's kind (which the
 * table's reference to the listing checks: see profileKindOf in schema.ts).
 */
export async function insertNames(
  db: TDb,
  table: typeof profileSports | typeof profileAmenities,
  profileId: string,
  names: readonly string[],
) {
  if (names.length === 0) return;
  const [listing] = await db
    .select({ kind: profiles.kind })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  // Callers name a listing they hold; one gone meanwhile is an error, not names quietly dropped.
  if (!listing)
    throw new Error(
      `no listing ${profileId} to add ${table === profileSports ? "sports" : "amenities"} to`,
    );
  await db
    .insert(table)
    .values([...new Set(names)].map((name) => ({ profileId, kind: listing.kind, name })))
    .onConflictDoNothing();
}

// ---- boosts across a kind --------------------------------------------------------------------

export const boostOverlaps = (range: { startDate?: string; endDate?: string }): SQL[] => [
  ...(range.endDate ? [lte(profileBoosts.startDate, range.endDate)] : []),
  ...(range.startDate ? [gte(profileBoosts.endDate, range.startDate)] : []),
];

export async function listKindBoosts(
  db: TDb,
  kind: TProfileKind,
  range: { startDate?: string; endDate?: string },
  window: TWindow,
  publicOnly: boolean,
) {
  const where = and(
    eq(profiles.kind, kind),
    ...(publicOnly ? [eq(profiles.status, "approved"), eq(profiles.isActive, true)] : []),
    ...boostOverlaps(range),
    // A boost bought and not yet paid is none yet.
    eq(profileBoosts.state, "active"),
  );
  return pageOf(
    db
      .select({ boost: profileBoosts, profileName: profiles.name })
      .from(profileBoosts)
      .innerJoin(profiles, eq(profiles.id, profileBoosts.profileId))
      .where(where)
      .orderBy(asc(profileBoosts.startDate), asc(profileBoosts.id))
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({ n: count() })
      .from(profileBoosts)
      .innerJoin(profiles, eq(profiles.id, profileBoosts.profileId))
      .where(where),
  );
}
