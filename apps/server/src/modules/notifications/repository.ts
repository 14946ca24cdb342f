// Only this file holds the SQL of notifications.
import type { TEmailCategory, TEmailMode, TNotificationChannel } from "@hostfield/domain/contracts";
import {
  and,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNull,
  lte,
  ne,
  type SQL,
  sql,
} from "drizzle-orm";
import { inTransaction, type TDb } from "../../platform/db/database";
import {
  emailDigestItems,
  notificationPreferences,
  pushSubscriptions,
  pushVapidKeys,
  userNotifications,
} from "./schema";

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

/**
 * The same notification to many users, each about their own thread (a message to a group): one
 * statement whose parameters are two arrays and the words once, not a row of parameters per user
 * (a message to 99 members is 8 parameters, not 792, built and parsed before anyone hears of it).
 * The columns the insert leaves to their defaults get the same values here.
 */
export async function insertNotificationsToMany(
  db: TDb,
  recipients: readonly { userId: string; threadId: string | null }[],
  words: Pick<
    TNotificationInsert,
    "title" | "contents" | "url" | "icon" | "tags" | "senderProfile"
  >,
  /** When what they announce happened (default: now). */
  at?: Date,
): Promise<TNotificationRow[]> {
  if (recipients.length === 0) return [];
  const userIds = sql.param(recipients.map((r) => r.userId));
  const threadIds = sql.param(recipients.map((r) => r.threadId));
  const profile = words.senderProfile ? JSON.stringify(words.senderProfile) : null;
  return db
    .insert(userNotifications)
    .select((qb) =>
      qb
        .select({
          id: sql`gen_random_uuid()`.as("id"),
          userId: sql`r.user_id`.as("user_id"),
          title: sql`${words.title}::text`.as("title"),
          contents: sql`${words.contents ?? ""}::text`.as("contents"),
          url: sql`${words.url ?? null}::text`.as("url"),
          icon: sql`${words.icon ?? null}::text`.as("icon"),
          senderProfile: sql`${profile}::jsonb`.as("sender_profile"),
          tags: sql`${sql.param(words.tags ?? [])}::text[]`.as("tags"),
          threadId: sql`r.thread_id`.as("thread_id"),
          isOpened: sql`false`.as("is_opened"),
          isArchived: sql`false`.as("is_archived"),
          createdDate: (at ? sql`${at.toISOString()}::timestamptz` : sql`now()`).as("created_date"),
          mailedDate: sql`null::timestamptz`.as("mailed_date"),
        })
        .from(sql`unnest(${userIds}::uuid[], ${threadIds}::uuid[]) as r(user_id, thread_id)`),
    )
    .returning();
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

/**
 * Brings these notifications back to the top, unarchived, with a newer message's words, dated `at`
 * (the message's time); one statement. Deliveries run side by side, so an older message's may come
 * last: a notification already dated after `at` keeps what it says.
 */
export async function refreshNotifications(
  db: TDb,
  ids: readonly string[],
  values: Pick<TNotificationInsert, "title" | "contents" | "senderProfile">,
  at: Date,
) {
  if (ids.length === 0) return [];
  return db
    .update(userNotifications)
    .set({ ...values, isArchived: false, createdDate: at })
    .where(and(inArray(userNotifications.id, [...ids]), lte(userNotifications.createdDate, at)))
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

/** Marks the user's unopened notifications that point at `url` opened; returns how many changed. */
export async function openNotificationsAt(db: TDb, userId: string, url: string): Promise<number> {
  const rows = await db
    .update(userNotifications)
    .set({ isOpened: true })
    .where(
      and(
        eq(userNotifications.userId, userId),
        eq(userNotifications.url, url),
        eq(userNotifications.isOpened, false),
      ),
    )
    .returning({ id: userNotifications.id });
  return rows.length;
}

// ---- settings per channel; e-mail's digest news and unread conversations mailed ----

/** The settings a member changed in a channel (the others are `instant`). */
export function findPreferences(db: TDb, userId: string, channel: TNotificationChannel) {
  return db
    .select({ category: notificationPreferences.category, mode: notificationPreferences.mode })
    .from(notificationPreferences)
    .where(
      and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.channel, channel)),
    );
}

export async function findMode(
  db: TDb,
  userId: string,
  channel: TNotificationChannel,
  category: TEmailCategory,
): Promise<TEmailMode> {
  const [row] = await db
    .select({ mode: notificationPreferences.mode })
    .from(notificationPreferences)
    .where(
      and(
        eq(notificationPreferences.userId, userId),
        eq(notificationPreferences.channel, channel),
        eq(notificationPreferences.category, category),
      ),
    );
  return row?.mode ?? "instant";
}

export async function upsertPreferences(
  db: TDb,
  userId: string,
  channel: TNotificationChannel,
  modes: readonly { category: TEmailCategory; mode: TEmailMode }[],
) {
  if (modes.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(modes.map((m) => ({ userId, channel, ...m })))
    .onConflictDoUpdate({
      target: [
        notificationPreferences.userId,
        notificationPreferences.channel,
        notificationPreferences.category,
      ],
      set: { mode: sql`excluded.mode`, updatedDate: new Date() },
    });
}

export async function insertDigestItem(db: TDb, row: typeof emailDigestItems.$inferInsert) {
  await db.insert(emailDigestItems).values(row);
}

/** Who has news waiting for their digest. */
export async function findDigestUsers(db: TDb): Promise<string[]> {
  const rows = await db.selectDistinct({ userId: emailDigestItems.userId }).from(emailDigestItems);
  return rows.map((r) => r.userId);
}

/** A member's waiting news, oldest first. */
export function findDigestItems(db: TDb, userId: string) {
  return db
    .select()
    .from(emailDigestItems)
    .where(eq(emailDigestItems.userId, userId))
    .orderBy(asc(emailDigestItems.createdDate));
}

export async function deleteDigestItems(db: TDb, ids: readonly string[]) {
  if (ids.length > 0)
    await db.delete(emailDigestItems).where(inArray(emailDigestItems.id, [...ids]));
}

/**
 * Marks the unread notification of this thread as mailed and answers it, or undefined when there
 * is none or it was mailed already: one mail per conversation until it is read, even with two
 * processes.
 */
export async function claimUnmailedOfThread(db: TDb, threadId: string, now: Date) {
  const [row] = await db
    .update(userNotifications)
    .set({ mailedDate: now })
    .where(
      and(
        eq(userNotifications.threadId, threadId),
        eq(userNotifications.isOpened, false),
        isNull(userNotifications.mailedDate),
      ),
    )
    .returning();
  return row;
}

/** Whether this thread has an unread notification yet (mailed or not). */
export async function hasUnopenedOfThread(db: TDb, threadId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: userNotifications.id })
    .from(userNotifications)
    .where(and(eq(userNotifications.threadId, threadId), eq(userNotifications.isOpened, false)))
    .limit(1);
  return row !== undefined;
}

// ---- push: devices and the VAPID key pair ----

export type TPushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** Keeps a device's subscription for this member (a device that changed hands moves to them). */
export async function upsertPushSubscription(
  db: TDb,
  row: { userId: string; endpoint: string; p256dh: string; auth: string },
): Promise<TPushSubscriptionRow> {
  const [saved] = await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: row.userId, p256dh: row.p256dh, auth: row.auth },
    })
    .returning();
  if (!saved) throw new Error("the push subscription was not saved");
  return saved;
}

/**
 * Keeps a device's subscription unless the member has `limit` other devices already (then null):
 * counted and saved in one transaction under a lock of the member's, so two subscriptions at once
 * cannot both take the last place. The same endpoint again is not another device.
 */
export function upsertPushSubscriptionWithin(
  db: TDb,
  row: { userId: string; endpoint: string; p256dh: string; auth: string },
  limit: number,
): Promise<TPushSubscriptionRow | null> {
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`push_devices:${row.userId}`}))`);
    const [others] = await tx
      .select({ n: count() })
      .from(pushSubscriptions)
      .where(
        and(eq(pushSubscriptions.userId, row.userId), ne(pushSubscriptions.endpoint, row.endpoint)),
      );
    if ((others?.n ?? 0) >= limit) return null;
    return upsertPushSubscription(tx, row);
  });
}

export function findPushSubscriptions(db: TDb, userId: string) {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdDate));
}

export async function findPushSubscription(db: TDb, id: string) {
  const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  return row;
}

/** Removes a member's device by its endpoint; true when there was one. */
export async function deletePushSubscription(
  db: TDb,
  where: { userId: string; endpoint: string } | { id: string },
): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(
      "id" in where
        ? eq(pushSubscriptions.id, where.id)
        : and(
            eq(pushSubscriptions.userId, where.userId),
            eq(pushSubscriptions.endpoint, where.endpoint),
          ),
    )
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export async function markPushSubscription(db: TDb, id: string, outcome: "success" | "failure") {
  await db
    .update(pushSubscriptions)
    .set(outcome === "success" ? { lastSuccessDate: new Date() } : { lastFailureDate: new Date() })
    .where(eq(pushSubscriptions.id, id));
}

/** The stored VAPID key pair (its private key sealed), or undefined before the first start. */
export async function findVapidKeys(db: TDb) {
  const [row] = await db.select().from(pushVapidKeys).where(eq(pushVapidKeys.name, "vapid"));
  return row;
}

/** Stores a key pair unless a process stored one first (the first one stays). */
export async function insertVapidKeys(db: TDb, publicKey: string, privateKeySealed: string) {
  await db
    .insert(pushVapidKeys)
    .values({ name: "vapid", publicKey, privateKeySealed })
    .onConflictDoNothing();
}
