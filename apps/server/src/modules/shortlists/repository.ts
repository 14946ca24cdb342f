// Only this file reads or writes shortlists and their items.
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { TDb } from "../../platform/db/database";
import { shortlistItems, shortlists } from "./schema";

export type TShortlistRow = typeof shortlists.$inferSelect;
export type TShortlistItemRow = typeof shortlistItems.$inferSelect;

export async function findShortlist(db: TDb, id: string): Promise<TShortlistRow | undefined> {
  const [row] = await db.select().from(shortlists).where(eq(shortlists.id, id));
  return row;
}

export async function findShortlistByToken(
  db: TDb,
  token: string,
): Promise<TShortlistRow | undefined> {
  const [row] = await db.select().from(shortlists).where(eq(shortlists.shareToken, token));
  return row;
}

/** The owner's shortlists, the last changed first. */
export function ownedShortlists(db: TDb, ownerId: string): Promise<TShortlistRow[]> {
  return db
    .select()
    .from(shortlists)
    .where(eq(shortlists.ownerId, ownerId))
    .orderBy(desc(shortlists.updatedDate), desc(shortlists.id));
}

export async function countOwned(db: TDb, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(shortlists)
    .where(eq(shortlists.ownerId, ownerId));
  return Number(row?.n ?? 0);
}

export async function insertShortlist(
  db: TDb,
  ownerId: string,
  name: string,
): Promise<TShortlistRow> {
  const [row] = await db.insert(shortlists).values({ ownerId, name }).returning();
  return row!;
}

/** Changes the name or the share token, and marks the list changed now. */
export async function updateShortlist(
  db: TDb,
  id: string,
  change: { name?: string; shareToken?: string | null },
): Promise<TShortlistRow> {
  const [row] = await db
    .update(shortlists)
    .set({ ...change, updatedDate: new Date() })
    .where(eq(shortlists.id, id))
    .returning();
  return row!;
}

export async function deleteShortlist(db: TDb, id: string): Promise<void> {
  await db.delete(shortlists).where(eq(shortlists.id, id));
}

/** The items of the lists among `ids`, each list's oldest addition first. */
export function itemsOf(db: TDb, ids: readonly string[]): Promise<TShortlistItemRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(shortlistItems)
    .where(inArray(shortlistItems.shortlistId, [...ids]))
    .orderBy(asc(shortlistItems.addedDate), asc(shortlistItems.profileId));
}

export async function countItems(db: TDb, shortlistId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(shortlistItems)
    .where(eq(shortlistItems.shortlistId, shortlistId));
  return Number(row?.n ?? 0);
}

/** Adds the listing; false when it was already on the list. */
export async function insertItem(
  db: TDb,
  item: Pick<TShortlistItemRow, "shortlistId" | "profileId" | "kind" | "note">,
): Promise<boolean> {
  const rows = await db.insert(shortlistItems).values(item).onConflictDoNothing().returning({
    id: shortlistItems.profileId,
  });
  return rows.length > 0;
}

/** Removes the listing; false when it was not on the list. */
export async function deleteItem(db: TDb, shortlistId: string, profileId: string) {
  const rows = await db
    .delete(shortlistItems)
    .where(
      and(eq(shortlistItems.shortlistId, shortlistId), eq(shortlistItems.profileId, profileId)),
    )
    .returning({ id: shortlistItems.profileId });
  return rows.length > 0;
}

/**
 * Serializes, inside a transaction, the counted changes under one key (an owner's lists, a list's
 * items), so two concurrent additions cannot both pass a limit.
 */
export async function lockFor(db: TDb, key: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`shortlists:${key}`}))`);
}
