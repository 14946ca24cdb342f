// The SQL of members' threads: each member's view of a conversation (opened, archived, deleted),
// listed with the group's newest message, and the unread counts.
import { and, asc, count, desc, eq, ilike, inArray, sql } from "drizzle-orm";
import type { TDb } from "../../../platform/db/database";
import { containsPattern } from "../../../platform/db/like";
import { users } from "../../users/schema";
import { groupMembers, groupMessages, groups, userThreads } from "../schema";
import type { TPersonRow } from "./people";

export type TThreadRow = typeof userThreads.$inferSelect;
type TWindow = { limit: number; offset: number };

/**
 * Each user's thread of the group, made or brought back (not archived, not hidden) with its read
 * state, in one statement; answers each user's thread id.
 */
export async function touchThreads(
  db: TDb,
  groupId: string,
  threads: readonly { userId: string; isOpened: boolean }[],
): Promise<Map<string, string>> {
  if (threads.length === 0) return new Map();
  const rows = await db
    .insert(userThreads)
    .values(threads.map(({ userId, isOpened }) => ({ userId, groupId, isOpened })))
    .onConflictDoUpdate({
      target: [userThreads.userId, userThreads.groupId],
      set: {
        isOpened: sql`excluded.is_opened`,
        isArchived: false,
        isHidden: false,
        updatedDate: new Date(),
      },
    })
    .returning({ id: userThreads.id, userId: userThreads.userId });
  return new Map(rows.map((r) => [r.userId, r.id]));
}

/** Threads for these users, opened (they made or joined the conversation themselves). */
export const opened = (userIds: readonly string[]) =>
  userIds.map((userId) => ({ userId, isOpened: true }));

export async function findThreadIds(
  db: TDb,
  groupId: string,
  userIds: readonly string[],
): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: userThreads.id, userId: userThreads.userId })
    .from(userThreads)
    .where(and(eq(userThreads.groupId, groupId), inArray(userThreads.userId, [...userIds])));
  return new Map(rows.map((r) => [r.userId, r.id]));
}

export async function deleteThread(db: TDb, groupId: string, userId: string) {
  await db
    .delete(userThreads)
    .where(and(eq(userThreads.groupId, groupId), eq(userThreads.userId, userId)));
}

export type TThreadView = TThreadRow & {
  group: { name: string; kind: "group" | "direct" };
  isMuted: boolean;
  lastMessage: { body: string; createdDate: Date; author: TPersonRow | null } | null;
};

/** A user's threads (not deleted), latest activity first, with each group's newest message. */
export async function listThreads(
  db: TDb,
  userId: string,
  filter: { isOpened?: boolean; isArchived?: boolean; text?: string },
  window: TWindow,
): Promise<{ rows: TThreadView[]; count: number }> {
  const where = and(
    eq(userThreads.userId, userId),
    eq(userThreads.isHidden, false),
    filter.isOpened === undefined ? undefined : eq(userThreads.isOpened, filter.isOpened),
    filter.isArchived === undefined ? undefined : eq(userThreads.isArchived, filter.isArchived),
    filter.text ? ilike(groups.name, containsPattern(filter.text)) : undefined,
  );
  const last = sql<{
    body: string;
    created_date: string;
    author_id: string | null;
    author_name: string | null;
    author_avatar: string | null;
  } | null>`(
    select json_build_object('body', gm.body, 'created_date', gm.created_date,
      'author_id', u.id, 'author_name', u.name, 'author_avatar', u.avatar_key)
    from ${groupMessages} gm left join ${users} u on u.id = gm.author_id
    where gm.group_id = ${userThreads.groupId}
    order by gm.created_date desc, gm.id desc limit 1)`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        thread: userThreads,
        name: groups.name,
        kind: groups.kind,
        isMuted: sql<boolean>`coalesce(${groupMembers.isMuted}, false)`,
        last,
      })
      .from(userThreads)
      .innerJoin(groups, eq(groups.id, userThreads.groupId))
      .leftJoin(
        groupMembers,
        and(eq(groupMembers.groupId, userThreads.groupId), eq(groupMembers.userId, userId)),
      )
      .where(where)
      .orderBy(desc(userThreads.updatedDate), asc(userThreads.id))
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({ n: count() })
      .from(userThreads)
      .innerJoin(groups, eq(groups.id, userThreads.groupId))
      .where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r.thread,
      group: { name: r.name, kind: r.kind },
      isMuted: r.isMuted,
      lastMessage: r.last
        ? {
            body: r.last.body,
            createdDate: new Date(r.last.created_date),
            author: r.last.author_id
              ? { id: r.last.author_id, name: r.last.author_name!, avatarKey: r.last.author_avatar }
              : null,
          }
        : null,
    })),
    count: total!.n,
  };
}

/** Sets opened or archived on the user's threads among `ids`; returns the ids changed. */
export async function setThreadFlag(
  db: TDb,
  userId: string,
  ids: readonly string[],
  flag: "isOpened" | "isArchived",
  value: boolean,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(userThreads)
    .set({ [flag]: value })
    .where(
      and(
        eq(userThreads.userId, userId),
        eq(userThreads.isHidden, false),
        inArray(userThreads.id, [...ids]),
      ),
    )
    .returning({ id: userThreads.id });
  return rows.map((r) => r.id);
}

export async function hideThread(db: TDb, userId: string, threadId: string): Promise<boolean> {
  const rows = await db
    .update(userThreads)
    .set({ isHidden: true, isOpened: true })
    .where(
      and(
        eq(userThreads.userId, userId),
        eq(userThreads.id, threadId),
        eq(userThreads.isHidden, false),
      ),
    )
    .returning({ id: userThreads.id });
  return rows.length > 0;
}

/** Conversations with news for the user: unopened, not deleted, in groups they do not ignore. */
export async function countUnreadThreads(db: TDb, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userThreads)
    .innerJoin(
      groupMembers,
      and(eq(groupMembers.groupId, userThreads.groupId), eq(groupMembers.userId, userId)),
    )
    .where(
      and(
        eq(userThreads.userId, userId),
        eq(userThreads.isOpened, false),
        eq(userThreads.isHidden, false),
        eq(groupMembers.isIgnored, false),
      ),
    );
  return row!.n;
}

/** Whether this thread has messages its member has not read (false for an unknown thread). */
export async function isThreadUnread(db: TDb, threadId: string): Promise<boolean> {
  const [row] = await db
    .select({ isOpened: userThreads.isOpened })
    .from(userThreads)
    .where(eq(userThreads.id, threadId));
  return row ? !row.isOpened : false;
}
