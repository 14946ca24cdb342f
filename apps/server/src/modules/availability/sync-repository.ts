// The SQL of a calendar's sync: its settings row (feed, last import, failure, export link's hash),
// the feed ranges an import replaces, and the feeds the hourly poll reads.
import { and, asc, count, eq, gte, isNotNull, ne, sql } from "drizzle-orm";
import type { TDb } from "../../platform/db/database";
import { profileSpaceTypes } from "../../profiles/schema";
import { venueAvailability, venueCalendarSettings } from "./schema";

export type TSettingsRow = typeof venueCalendarSettings.$inferSelect;
type TSettingsChange = Partial<
  Omit<typeof venueCalendarSettings.$inferInsert, "profileId" | "ownerKind" | "createdDate">
>;

export async function settingsOf(db: TDb, profileId: string): Promise<TSettingsRow | null> {
  const [row] = await db
    .select()
    .from(venueCalendarSettings)
    .where(eq(venueCalendarSettings.profileId, profileId));
  return row ?? null;
}

/** Writes the venue's settings (made on its first change), answering them as they are now. */
export async function saveSettings(
  db: TDb,
  venue: { profileId: string; ownerKind: "facility" | "destination" },
  change: TSettingsChange & { updatedDate: Date },
): Promise<TSettingsRow> {
  const [row] = await db
    .insert(venueCalendarSettings)
    .values({ ...venue, ...change, createdDate: change.updatedDate })
    .onConflictDoUpdate({ target: venueCalendarSettings.profileId, set: change })
    .returning();
  return row!;
}

/** The feed's failure: since when (kept from the first failure) and why (the latest reason). */
export async function markFailing(db: TDb, profileId: string, reason: string, at: Date) {
  await db
    .update(venueCalendarSettings)
    .set({
      failingSince: sql`coalesce(${venueCalendarSettings.failingSince}, ${at})`,
      failure: reason,
    })
    .where(eq(venueCalendarSettings.profileId, profileId));
}

/** The venue's ranges that no import wrote (by hand, by rule, by award). */
export async function countOwnRanges(db: TDb, profileId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(venueAvailability)
    .where(and(eq(venueAvailability.profileId, profileId), ne(venueAvailability.source, "feed")));
  return Number(row?.n ?? 0);
}

/** Removes every range an import wrote to the venue's calendar. */
export async function deleteFeedRanges(db: TDb, profileId: string) {
  await db
    .delete(venueAvailability)
    .where(and(eq(venueAvailability.profileId, profileId), eq(venueAvailability.source, "feed")));
}

/** The venues whose feed the poll reads. */
export async function venuesWithFeeds(db: TDb): Promise<string[]> {
  const rows = await db
    .select({ profileId: venueCalendarSettings.profileId })
    .from(venueCalendarSettings)
    .where(isNotNull(venueCalendarSettings.feedUrl));
  return rows.map((r) => r.profileId);
}

/** The venue whose export link's secret hashes to `hash`, with its kind; null for none. */
export async function venueOfExport(db: TDb, hash: string) {
  const [row] = await db
    .select({
      profileId: venueCalendarSettings.profileId,
      ownerKind: venueCalendarSettings.ownerKind,
    })
    .from(venueCalendarSettings)
    .where(eq(venueCalendarSettings.exportTokenHash, hash));
  return row ?? null;
}

/** The venue's ranges ending on `from` or later, earliest first, with their space type's name. */
export async function exportRanges(db: TDb, profileId: string, from: string) {
  return db
    .select({
      id: venueAvailability.id,
      kind: venueAvailability.kind,
      startDate: venueAvailability.startDate,
      endDate: venueAvailability.endDate,
      spaces: venueAvailability.spaces,
      spaceTypeName: profileSpaceTypes.name,
      discountPercent: venueAvailability.discountPercent,
      createdDate: venueAvailability.createdDate,
      updatedDate: venueAvailability.updatedDate,
    })
    .from(venueAvailability)
    .leftJoin(profileSpaceTypes, eq(profileSpaceTypes.id, venueAvailability.spaceTypeId))
    .where(and(eq(venueAvailability.profileId, profileId), gte(venueAvailability.endDate, from)))
    .orderBy(asc(venueAvailability.startDate), asc(venueAvailability.id));
}
