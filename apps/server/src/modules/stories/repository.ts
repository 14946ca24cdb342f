// Only this file reads or writes stories and the listings they are about.

import {
  and,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { TDb, TWindow } from "../../platform/db/database";
import { stories, storyListings } from "./schema";

export type TStoryRow = typeof stories.$inferSelect;
export type TStoryInsert = typeof stories.$inferInsert;

export async function findStory(db: TDb, id: string): Promise<TStoryRow | undefined> {
  const [row] = await db.select().from(stories).where(eq(stories.id, id));
  return row;
}

/** The story, locked until the transaction ends (an approval against a new edit). */
export async function lockStory(db: TDb, id: string): Promise<TStoryRow | undefined> {
  const [row] = await db.select().from(stories).where(eq(stories.id, id)).for("update");
  return row;
}

export async function findStoryBySlug(db: TDb, slug: string): Promise<TStoryRow | undefined> {
  const [row] = await db.select().from(stories).where(eq(stories.slug, slug));
  return row;
}

export async function slugsLike(db: TDb, base: string): Promise<Set<string>> {
  const rows = await db
    .select({ slug: stories.slug })
    .from(stories)
    .where(or(eq(stories.slug, base), sql`${stories.slug} ~ ${`^${base}-[0-9]+$`}`));
  return new Set(rows.map((r) => r.slug));
}

export type TStoryFilter = {
  /** Published stories only, or a status of its own (admins' pending queue). */
  status?: "approved" | "pending";
  authorId?: string;
  categories?: readonly string[];
  tags?: readonly string[];
};

function whereOf(q: TStoryFilter): SQL | undefined {
  const where: SQL[] = [];
  if (q.status) where.push(eq(stories.status, q.status));
  if (q.authorId) where.push(eq(stories.authorId, q.authorId));
  if (q.categories?.length) where.push(arrayOverlaps(stories.categories, [...q.categories]));
  if (q.tags?.length) where.push(arrayOverlaps(stories.tags, [...q.tags]));
  return where.length ? and(...where) : undefined;
}

/** A page of stories, the latest published (or changed) first, and how many match in all. */
export async function listStories(
  db: TDb,
  q: TStoryFilter,
  window: TWindow,
): Promise<{ rows: TStoryRow[]; count: number }> {
  const where = whereOf(q);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(stories)
      .where(where)
      .orderBy(
        desc(sql`coalesce(${stories.publishedDate}, ${stories.updatedDate})`),
        desc(stories.id),
      )
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(stories).where(where),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

/**
 * Stories by author, and (for admins) every one waiting for approval, new or changes to a
 * published one; the last changed first.
 */
export function storiesOfAuthor(db: TDb, authorId: string, withPending: boolean) {
  return db
    .select()
    .from(stories)
    .where(
      withPending
        ? or(
            eq(stories.authorId, authorId),
            eq(stories.status, "pending"),
            isNotNull(stories.revisionDate),
          )
        : eq(stories.authorId, authorId),
    )
    .orderBy(desc(sql`greatest(${stories.updatedDate}, ${stories.revisionDate})`), desc(stories.id))
    .limit(200);
}

/** Stories sent for approval and not yet published, the longest waiting first (admins' queue). */
export function pendingStories(db: TDb, limit: number) {
  return db
    .select()
    .from(stories)
    .where(eq(stories.status, "pending"))
    .orderBy(asc(stories.updatedDate), asc(stories.id))
    .limit(limit);
}

/** Published stories whose changes wait for approval, the longest waiting first. */
export function storiesWithRevisions(db: TDb, limit: number) {
  return db
    .select()
    .from(stories)
    .where(isNotNull(stories.revisionDate))
    .orderBy(asc(stories.revisionDate), asc(stories.id))
    .limit(limit);
}

export async function insertStory(db: TDb, values: TStoryInsert): Promise<TStoryRow> {
  const [row] = await db.insert(stories).values(values).returning();
  return row!;
}

export async function updateStory(
  db: TDb,
  id: string,
  values: Partial<TStoryInsert>,
): Promise<void> {
  await db
    .update(stories)
    .set({ ...values, updatedDate: new Date() })
    .where(eq(stories.id, id));
}

/**
 * Sets the story's waiting changes (and their date, and a refusal's reason) without touching
 * `updatedDate`: what readers see has not changed.
 */
export async function setRevision(
  db: TDb,
  id: string,
  values: Pick<TStoryInsert, "revision" | "revisionDate" | "revisionRejection">,
): Promise<void> {
  await db.update(stories).set(values).where(eq(stories.id, id));
}

export async function deleteStory(db: TDb, id: string): Promise<void> {
  await db.delete(stories).where(eq(stories.id, id));
}

/** The listings of each story, in the author's order. */
export async function listingIdsOf(
  db: TDb,
  storyIds: readonly string[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (storyIds.length === 0) return out;
  const rows = await db
    .select()
    .from(storyListings)
    .where(inArray(storyListings.storyId, [...storyIds]))
    .orderBy(asc(storyListings.storyId), asc(storyListings.position));
  for (const row of rows) out.set(row.storyId, [...(out.get(row.storyId) ?? []), row.profileId]);
  return out;
}

export async function replaceListings(
  db: TDb,
  storyId: string,
  profileIds: readonly string[],
): Promise<void> {
  await db.delete(storyListings).where(eq(storyListings.storyId, storyId));
  if (profileIds.length === 0) return;
  await db
    .insert(storyListings)
    .values(profileIds.map((profileId, position) => ({ storyId, profileId, position })));
}

/** Which of `ids` are stories (what the reports module records views of). */
export async function existingStoryIds(db: TDb, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: stories.id })
    .from(stories)
    .where(inArray(stories.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}
