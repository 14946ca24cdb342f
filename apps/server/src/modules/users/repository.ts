// Only this file reads or writes users, their one-time links and sign-in attempt counters.

import {
  and,
  asc,
  count,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { TDb, TWindow } from "../../platform/db/database";
import { statementCache } from "../../platform/db/statements";
import { signInAttempts, userImages, userLinks, users } from "./schema";

export type TUserRow = typeof users.$inferSelect;
export type TNewUser = typeof users.$inferInsert;
export type TLinkPurpose = (typeof userLinks.$inferSelect)["purpose"];

export async function insertUser(db: TDb, values: TNewUser): Promise<TUserRow | null> {
  const rows = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.email })
    .returning();
  return rows[0] ?? null;
}

/** Every signed-in request reads its account by id: the statement and its plan are kept. */
const byIdStatements = statementCache({ keepPlans: true });

export async function findUserById(db: TDb, id: string): Promise<TUserRow | undefined> {
  const [row] = await byIdStatements<TUserRow>(db, "byId", (bind) =>
    db
      .select()
      .from(users)
      .where(eq(users.id, bind("id", id))),
  );
  return row;
}

export async function findUserByEmail(db: TDb, email: string): Promise<TUserRow | undefined> {
  return (await db.select().from(users).where(eq(users.email, email.toLowerCase())))[0];
}

export async function updateUser(
  db: TDb,
  id: string,
  values: Partial<TNewUser>,
): Promise<TUserRow | undefined> {
  const rows = await db
    .update(users)
    .set({ ...values, updatedDate: new Date() })
    .where(eq(users.id, id))
    .returning();
  return rows[0];
}

export async function bumpSessionVersion(db: TDb, id: string): Promise<void> {
  await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1`, updatedDate: new Date() })
    .where(eq(users.id, id));
}

export async function deleteUser(db: TDb, id: string): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}

export type TUserFilter = {
  text?: string | undefined;
  accountType?: string | undefined;
  isAdmin?: boolean | undefined;
  /** Addresses that are admins by configuration. */
  adminEmails?: readonly string[];
};

/** These users, those that let others see them. */
export function findVisibleUsers(db: TDb, ids: readonly string[]): Promise<TUserRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.isVisible, true)));
}

/** Name and address of those of `ids` who may be mailed: a verified address, not blocked. */
export function findMailboxes(db: TDb, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(
      and(
        inArray(users.id, [...ids]),
        isNotNull(users.emailVerifiedDate),
        eq(users.isBlocked, false),
      ),
    );
}

export async function listUsers(
  db: TDb,
  filter: TUserFilter,
  window: TWindow,
): Promise<{ rows: TUserRow[]; count: number }> {
  const conditions = [];
  if (filter.text) {
    const pattern = `%${filter.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(users.name, pattern), ilike(users.email, pattern)));
  }
  if (filter.accountType) conditions.push(eq(users.accountType, filter.accountType));
  if (filter.isAdmin !== undefined) {
    // An admin by stored role or by configuration (ADMIN_EMAILS), as rolesOf decides.
    const emails = filter.adminEmails ?? [];
    const adminCondition = emails.length
      ? sql`('admin' = any(${users.roles}) or ${users.email} in (${sql.join(
          emails.map((e) => sql`${e}`),
          sql`, `,
        )}))`
      : sql`'admin' = any(${users.roles})`;
    conditions.push(filter.isAdmin ? adminCondition : sql`not ${adminCondition}`);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, count: total[0]?.n ?? 0 };
}

export async function insertLink(
  db: TDb,
  values: { userId: string; purpose: TLinkPurpose; tokenHash: string; expiresDate: Date },
): Promise<void> {
  await db.insert(userLinks).values(values);
}

/** A link that exists for this purpose, was never used and has not expired. */
const usableLink = (purpose: TLinkPurpose, tokenHash: string) =>
  and(
    eq(userLinks.tokenHash, tokenHash),
    eq(userLinks.purpose, purpose),
    isNull(userLinks.usedDate),
    gt(userLinks.expiresDate, new Date()),
  );

/** Marks a valid, unused, unexpired link used and returns its user; null when it is not usable. */
export async function consumeLink(
  db: TDb,
  purpose: TLinkPurpose,
  tokenHash: string,
): Promise<string | null> {
  const rows = await db
    .update(userLinks)
    .set({ usedDate: new Date() })
    .where(usableLink(purpose, tokenHash))
    .returning({ userId: userLinks.userId });
  return rows[0]?.userId ?? null;
}

export async function findUsableLink(
  db: TDb,
  purpose: TLinkPurpose,
  tokenHash: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: userLinks.id })
    .from(userLinks)
    .where(usableLink(purpose, tokenHash));
  return rows.length > 0;
}

export type TAttempts = {
  /**
   * Counted in the current window (a window older than `windowMs` counts as empty): an address's
   * wrong passwords, a pair's attempts since its last right password.
   */
  failures: number;
  /** When the current window ends; null without failures. */
  windowEnd: Date | null;
  /** Until when attempts under this key wait; null when they need not. */
  lockedUntil: Date | null;
};

export async function findAttempts(db: TDb, key: string, windowMs: number): Promise<TAttempts> {
  const rows = await db.select().from(signInAttempts).where(eq(signInAttempts.key, key));
  const row = rows[0];
  const lockedUntil = row?.lockedUntil ?? null;
  if (!row || row.windowStart.getTime() < Date.now() - windowMs)
    return { failures: 0, windowEnd: null, lockedUntil };
  const windowEnd = new Date(row.windowStart.getTime() + windowMs);
  return { failures: row.failures, windowEnd, lockedUntil };
}

export async function recordFailure(db: TDb, key: string, windowMs: number): Promise<void> {
  const now = new Date();
  const windowFloor = new Date(now.getTime() - windowMs);
  await db
    .insert(signInAttempts)
    .values({ key, windowStart: now, failures: 1 })
    .onConflictDoUpdate({
      target: signInAttempts.key,
      set: {
        failures: sql`case when ${signInAttempts.windowStart} < ${windowFloor} then 1 else ${signInAttempts.failures} + 1 end`,
        windowStart: sql`case when ${signInAttempts.windowStart} < ${windowFloor} then ${now} else ${signInAttempts.windowStart} end`,
      },
    });
}

/**
 * Counts an attempt under `key` before its password is checked, unless the key is waiting: the
 * attempt that reaches `free` makes the next ones wait `baseMs`, doubling with each further one
 * up to `maxMs` (a right password clears the key). One statement, so that a burst of parallel
 * attempts cannot all slip through before the first of them is counted. False: the key waits.
 */
export async function takeAttempt(
  db: TDb,
  key: string,
  limits: { windowMs: number; free: number; baseMs: number; maxMs: number },
): Promise<boolean> {
  const now = new Date();
  const windowFloor = new Date(now.getTime() - limits.windowMs);
  const waitAfter = (attempts: SQL) =>
    sql`case when ${attempts} >= ${limits.free} then ${now}::timestamptz + least(${limits.baseMs} * power(2, ${attempts} - ${limits.free}), ${limits.maxMs}) * interval '1 millisecond' end`;
  const attempts = sql`(case when ${signInAttempts.windowStart} < ${windowFloor} then 1 else ${signInAttempts.failures} + 1 end)`;
  const rows = await db
    .insert(signInAttempts)
    .values({ key, windowStart: now, failures: 1, lockedUntil: waitAfter(sql`1`) })
    .onConflictDoUpdate({
      target: signInAttempts.key,
      set: {
        failures: attempts,
        windowStart: sql`case when ${signInAttempts.windowStart} < ${windowFloor} then ${now}::timestamptz else ${signInAttempts.windowStart} end`,
        lockedUntil: waitAfter(attempts),
      },
      setWhere: or(isNull(signInAttempts.lockedUntil), lte(signInAttempts.lockedUntil, now)),
    })
    .returning({ key: signInAttempts.key });
  return rows.length > 0;
}

export async function clearFailures(db: TDb, key: string): Promise<void> {
  await db.delete(signInAttempts).where(eq(signInAttempts.key, key));
}

// --- user images ----------------------------------------------------------------------------

export type TUserImageRow = typeof userImages.$inferSelect;

export async function listUserImages(
  db: TDb,
  userId: string,
  window: TWindow,
): Promise<{ rows: TUserImageRow[]; count: number }> {
  const where = eq(userImages.userId, userId);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(userImages)
      .where(where)
      .orderBy(asc(userImages.sortKey), asc(userImages.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(userImages).where(where),
  ]);
  return { rows, count: total[0]?.n ?? 0 };
}

export async function findUserImage(
  db: TDb,
  userId: string,
  imageId: string,
): Promise<TUserImageRow | undefined> {
  return (
    await db
      .select()
      .from(userImages)
      .where(and(eq(userImages.userId, userId), eq(userImages.id, imageId)))
  )[0];
}

/** A user's images as (id, sortKey), in display order. */
export async function orderedImageKeys(
  db: TDb,
  userId: string,
): Promise<{ id: string; sortKey: string }[]> {
  return db
    .select({ id: userImages.id, sortKey: userImages.sortKey })
    .from(userImages)
    .where(eq(userImages.userId, userId))
    .orderBy(asc(userImages.sortKey), asc(userImages.id));
}

/** Serializes changes to one user's images (order, avatar) inside the current transaction. */
export async function lockUser(db: TDb, userId: string): Promise<void> {
  await db.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
}

export async function insertUserImage(
  db: TDb,
  values: typeof userImages.$inferInsert,
): Promise<TUserImageRow> {
  return (await db.insert(userImages).values(values).returning())[0]!;
}

export async function updateUserImage(
  db: TDb,
  userId: string,
  imageId: string,
  values: Partial<typeof userImages.$inferInsert>,
): Promise<TUserImageRow | undefined> {
  const rows = await db
    .update(userImages)
    .set({ ...values, updatedDate: new Date() })
    .where(and(eq(userImages.userId, userId), eq(userImages.id, imageId)))
    .returning();
  return rows[0];
}

export async function deleteUserImage(
  db: TDb,
  userId: string,
  imageId: string,
): Promise<TUserImageRow | undefined> {
  const rows = await db
    .delete(userImages)
    .where(and(eq(userImages.userId, userId), eq(userImages.id, imageId)))
    .returning();
  return rows[0];
}

export async function allUserImageKeys(db: TDb, userId: string): Promise<string[]> {
  const rows = await db
    .select({ fileKey: userImages.fileKey })
    .from(userImages)
    .where(eq(userImages.userId, userId));
  return rows.map((row) => row.fileKey);
}

/** The avatar is the first image in the user's order. */
export async function refreshAvatar(db: TDb, userId: string): Promise<void> {
  const first = await db
    .select({ fileKey: userImages.fileKey })
    .from(userImages)
    .where(eq(userImages.userId, userId))
    .orderBy(asc(userImages.sortKey), asc(userImages.id))
    .limit(1);
  await db
    .update(users)
    .set({ avatarKey: first[0]?.fileKey ?? null })
    .where(eq(users.id, userId));
}

// --- upkeep ----------------------------------------------------------------------------------

/** Removes e-mail links that expired or were used before `before`; how many. */
export async function deleteStaleLinks(db: TDb, before: Date): Promise<number> {
  const rows = await db
    .delete(userLinks)
    .where(or(lt(userLinks.expiresDate, before), lt(userLinks.usedDate, before)))
    .returning({ id: userLinks.id });
  return rows.length;
}

/** Removes sign-in failure windows that began before `before`; how many. */
export async function deleteStaleAttempts(db: TDb, before: Date): Promise<number> {
  const rows = await db
    .delete(signInAttempts)
    .where(lt(signInAttempts.windowStart, before))
    .returning({ key: signInAttempts.key });
  return rows.length;
}
