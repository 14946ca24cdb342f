// Only this file holds the SQL of notifications.
import { and, arrayOverlaps, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { TDb } from "../../platform/db/database";
import { userNotifications } from "./schema";

export type TNotificationRow = typeof userNotifications.$inferSelect;
export type TNotificationInsert = typeof userNotifications.$inferInsert;
export type TNotificationQuery = { isOpened?: boolean; isArchived?: boolean; tags?: string[] };

export async function insertNotification(db: TDb, row: TNotificationInsert) {
  const [created] = await db.insert(userNotifications).values(row).returning();
  return created!;
}

export async function insertNotifications(db: TDb, rows: TNotificationInsert[]) {
  if (rows.length === 0) return [];
  return db.insert(userNotifications).values(rows).returning();
}

/** The unopened notifications about these threads (one per thread at most), to fold news into. */
export async function findUnopenedOfThreads(db: TDb, threadIds: readonly string[]) {
  if (threadIds.length === 0) return [];
  return db
    .select()
    .from(userNotifications)
    .where(
      and(
        inArray(userNotifications.threadId, [...threadIds]),
        eq(userNotifications.isOpened, false),
      ),
    );
}

/** Brings these notifications back to the top, unarchived, with new words; one statement. */
export async function refreshNotifications(
  db: TDb,
  ids: readonly string[],
  values: Pick<TNotificationInsert, "title" | "contents" | "senderProfile">,
) {
  if (ids.length === 0) return [];
  return db
    .update(userNotifications)
    .set({ ...values, isArchived: false, createdDate: new Date() })
    .where(inArray(userNotifications.id, [...ids]))
    .returning();
}

function conditions(userId: string, q: TNotificationQuery): SQL | undefined {
  return and(
    eq(userNotifications.userId, userId),
    q.isOpened === undefined ? undefined : eq(userNotifications.isOpened, q.isOpened),
    q.isArchived === undefined ? undefined : eq(userNotifications.isArchived, q.isArchived),
    q.tags?.length ? arrayOverlaps(userNotifications.tags, q.tags) : undefined,
  );
}

export async function listNotifications(
  db: TDb,
  userId: string,
  q: TNotificationQuery,
  window: { limit: number; offset: number },
) {
  const where = conditions(userId, q);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(userNotifications)
      .where(where)
      .orderBy(desc(userNotifications.createdDate), desc(userNotifications.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(userNotifications).where(where),
  ]);
  return { rows, count: total!.n };
}

export async function findNotification(db: TDb, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(userNotifications)
    .where(and(eq(userNotifications.userId, userId), eq(userNotifications.id, id)));
  return row;
}

export async function updateNotification(
  db: TDb,
  userId: string,
  id: string,
  values: Partial<Pick<TNotificationRow, "isOpened" | "isArchived">>,
) {
  const [row] = await db
    .update(userNotifications)
    .set(values)
    .where(and(eq(userNotifications.userId, userId), eq(userNotifications.id, id)))
    .returning();
  return row;
}

export async function deleteNotification(db: TDb, userId: string, id: string) {
  const rows = await db
    .delete(userNotifications)
    .where(and(eq(userNotifications.userId, userId), eq(userNotifications.id, id)))
    .returning({ id: userNotifications.id });
  return rows.length > 0;
}

export async function countUnopened(db: TDb, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userNotifications)
    .where(conditions(userId, { isOpened: false, isArchived: false }));
  return row!.n;
}

/** Marks the user's notifications about these threads opened; returns how many changed. */
export async function openThreadNotifications(
  db: TDb,
  userId: string,
  threadIds: readonly string[],
): Promise<number> {
  if (threadIds.length === 0) return 0;
  const rows = await db
    .update(userNotifications)
    .set({ isOpened: true })
    .where(
      and(
        eq(userNotifications.userId, userId),
        inArray(userNotifications.threadId, [...threadIds]),
        eq(userNotifications.isOpened, false),
      ),
    )
    .returning({ id: userNotifications.id });
  return rows.length;
}
