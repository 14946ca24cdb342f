// Only this file holds the SQL of groups: groups, members, invitations, messages, shared files and
// threads.
import { and, asc, count, desc, eq, ilike, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { TDb } from "../../platform/db/database";
import { users } from "../users/schema";
import {
  groupFiles,
  groupInvitations,
  groupMembers,
  groupMessages,
  groups,
  userThreads,
} from "./schema";

/** What a group file is: a picture or a document. */
export type TFileKind = (typeof groupFiles.kind.enumValues)[number];

export type TGroupRow = typeof groups.$inferSelect;
export type TMemberRow = typeof groupMembers.$inferSelect;
export type TMessageRow = typeof groupMessages.$inferSelect;
export type TFileRow = typeof groupFiles.$inferSelect;
export type TThreadRow = typeof userThreads.$inferSelect;
type TWindow = { limit: number; offset: number };

const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A user as messages and member lists show them. */
export const personColumns = {
  id: users.id,
  name: users.name,
  avatarKey: users.avatarKey,
};
export type TPersonRow = { id: string; name: string; avatarKey: string | null };

// ---- groups ----

export async function insertGroup(db: TDb, row: typeof groups.$inferInsert): Promise<TGroupRow> {
  const [created] = await db.insert(groups).values(row).returning();
  return created!;
}

export async function findGroup(db: TDb, id: string): Promise<TGroupRow | undefined> {
  const [row] = await db.select().from(groups).where(eq(groups.id, id));
  return row;
}

export async function findDirectGroup(db: TDb, directKey: string) {
  const [row] = await db.select().from(groups).where(eq(groups.directKey, directKey));
  return row;
}

export async function updateGroup(
  db: TDb,
  id: string,
  values: Partial<typeof groups.$inferInsert>,
): Promise<TGroupRow | undefined> {
  const [row] = await db
    .update(groups)
    .set({ ...values, updatedDate: new Date() })
    .where(eq(groups.id, id))
    .returning();
  return row;
}

export async function deleteGroup(db: TDb, id: string): Promise<boolean> {
  const rows = await db.delete(groups).where(eq(groups.id, id)).returning({ id: groups.id });
  return rows.length > 0;
}

/** Locks the group's row for the rest of the transaction (membership changes, sort keys). */
export async function lockGroup(db: TDb, id: string): Promise<void> {
  await db.execute(sql`select 1 from ${groups} where ${groups.id} = ${id} for update`);
}

const memberCount = sql<number>`(select count(*)::int from ${groupMembers} m where m.group_id = ${groups.id})`;

/** Groups, newest conversation first; `memberOf` keeps those the user belongs to. */
export async function listGroups(
  db: TDb,
  filter: { memberOf?: string; text?: string; kind?: "group" | "direct" },
  window: TWindow,
): Promise<{ rows: (TGroupRow & { memberCount: number })[]; count: number }> {
  const conditions: (SQL | undefined)[] = [
    filter.memberOf
      ? sql`exists (select 1 from ${groupMembers} m where m.group_id = ${groups.id} and m.user_id = ${filter.memberOf})`
      : undefined,
    filter.text ? ilike(groups.name, escapeLike(filter.text)) : undefined,
    filter.kind ? eq(groups.kind, filter.kind) : undefined,
  ];
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ group: groups, memberCount })
      .from(groups)
      .where(where)
      .orderBy(
        desc(sql`coalesce(${groups.lastMessageDate}, ${groups.createdDate})`),
        asc(groups.id),
      )
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(groups).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.group, memberCount: r.memberCount })), count: total!.n };
}

export async function countMembers(db: TDb, groupId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, groupId));
  return row!.n;
}

// ---- members ----

export async function findMembership(db: TDb, groupId: string, userId: string) {
  const [row] = await db
    .select()
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  return row;
}

/** Adds members (existing ones are left as they are); returns the user ids actually added. */
export async function addMembers(
  db: TDb,
  groupId: string,
  members: { userId: string; role: "admin" | "member" }[],
): Promise<string[]> {
  if (members.length === 0) return [];
  const rows = await db
    .insert(groupMembers)
    .values(members.map((m) => ({ groupId, userId: m.userId, role: m.role })))
    .onConflictDoNothing()
    .returning({ userId: groupMembers.userId });
  return rows.map((r) => r.userId);
}

export type TMemberWithPerson = TMemberRow & { person: TPersonRow };

export async function listMembers(
  db: TDb,
  groupId: string,
  window: TWindow,
  text?: string,
): Promise<{ rows: TMemberWithPerson[]; count: number }> {
  const where = and(
    eq(groupMembers.groupId, groupId),
    text ? ilike(users.name, escapeLike(text)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ member: groupMembers, person: personColumns })
      .from(groupMembers)
      .innerJoin(users, eq(users.id, groupMembers.userId))
      .where(where)
      .orderBy(asc(groupMembers.createdDate), asc(groupMembers.id))
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({ n: count() })
      .from(groupMembers)
      .innerJoin(users, eq(users.id, groupMembers.userId))
      .where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.member, person: r.person })), count: total!.n };
}

export async function findMember(
  db: TDb,
  groupId: string,
  memberId: string,
): Promise<TMemberWithPerson | undefined> {
  const [row] = await db
    .select({ member: groupMembers, person: personColumns })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.id, memberId)));
  return row && { ...row.member, person: row.person };
}

export async function memberUserIds(db: TDb, groupId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, groupId));
  return rows.map((r) => r.userId);
}

export async function updateMember(
  db: TDb,
  groupId: string,
  memberId: string,
  values: Partial<Pick<TMemberRow, "role" | "isMuted" | "isIgnored">>,
) {
  const [row] = await db
    .update(groupMembers)
    .set(values)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.id, memberId)))
    .returning();
  return row;
}

export async function deleteMember(db: TDb, groupId: string, memberId: string) {
  const [row] = await db
    .delete(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.id, memberId)))
    .returning();
  return row;
}

export async function countAdmins(db: TDb, groupId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.role, "admin")));
  return row!.n;
}

// ---- messages ----

export type TMessageWithAuthor = TMessageRow & { author: TPersonRow | null };

const messageSelection = {
  message: groupMessages,
  author: { id: users.id, name: users.name, avatarKey: users.avatarKey },
};
const withAuthor = (r: {
  message: TMessageRow;
  author: { id: string | null; name: string | null; avatarKey: string | null } | null;
}): TMessageWithAuthor => ({
  ...r.message,
  author: r.author?.id ? (r.author as TPersonRow) : null,
});

export async function insertMessage(db: TDb, row: typeof groupMessages.$inferInsert) {
  const [created] = await db.insert(groupMessages).values(row).returning();
  return created!;
}

/** Messages newest first, optionally older than `before` (paging back through history). */
export async function listMessages(
  db: TDb,
  groupId: string,
  window: TWindow,
  filter: { text?: string; before?: string },
): Promise<{ rows: TMessageWithAuthor[]; count: number }> {
  const where = and(
    eq(groupMessages.groupId, groupId),
    filter.text ? ilike(groupMessages.body, escapeLike(filter.text)) : undefined,
    filter.before ? lt(groupMessages.createdDate, new Date(filter.before)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(messageSelection)
      .from(groupMessages)
      .leftJoin(users, eq(users.id, groupMessages.authorId))
      .where(where)
      .orderBy(desc(groupMessages.createdDate), desc(groupMessages.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(groupMessages).where(where),
  ]);
  return { rows: rows.map(withAuthor), count: total!.n };
}

export async function findMessage(db: TDb, groupId: string, messageId: string) {
  const [row] = await db
    .select(messageSelection)
    .from(groupMessages)
    .leftJoin(users, eq(users.id, groupMessages.authorId))
    .where(and(eq(groupMessages.groupId, groupId), eq(groupMessages.id, messageId)));
  return row && withAuthor(row);
}

export async function updateMessage(db: TDb, groupId: string, messageId: string, body: string) {
  const [row] = await db
    .update(groupMessages)
    .set({ body, editedDate: new Date() })
    .where(and(eq(groupMessages.groupId, groupId), eq(groupMessages.id, messageId)))
    .returning();
  return row;
}

export async function deleteMessage(db: TDb, groupId: string, messageId: string) {
  const rows = await db
    .delete(groupMessages)
    .where(and(eq(groupMessages.groupId, groupId), eq(groupMessages.id, messageId)))
    .returning({ id: groupMessages.id });
  return rows.length > 0;
}

// ---- files ----

export type TFileWithUploader = TFileRow & { uploader: TPersonRow | null };
const fileSelection = {
  file: groupFiles,
  uploader: { id: users.id, name: users.name, avatarKey: users.avatarKey },
};
const withUploader = (r: {
  file: TFileRow;
  uploader: { id: string | null; name: string | null; avatarKey: string | null } | null;
}): TFileWithUploader => ({
  ...r.file,
  uploader: r.uploader?.id ? (r.uploader as TPersonRow) : null,
});

export async function listFiles(
  db: TDb,
  groupId: string,
  kind: "image" | "document",
  window: TWindow,
  text?: string,
): Promise<{ rows: TFileWithUploader[]; count: number }> {
  const where = and(
    eq(groupFiles.groupId, groupId),
    eq(groupFiles.kind, kind),
    text ? ilike(groupFiles.title, escapeLike(text)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(fileSelection)
      .from(groupFiles)
      .leftJoin(users, eq(users.id, groupFiles.uploadedBy))
      .where(where)
      .orderBy(asc(groupFiles.sortKey), asc(groupFiles.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(groupFiles).where(where),
  ]);
  return { rows: rows.map(withUploader), count: total!.n };
}

export async function findFile(db: TDb, groupId: string, kind: TFileKind, fileId: string) {
  const [row] = await db
    .select(fileSelection)
    .from(groupFiles)
    .leftJoin(users, eq(users.id, groupFiles.uploadedBy))
    .where(
      and(eq(groupFiles.groupId, groupId), eq(groupFiles.kind, kind), eq(groupFiles.id, fileId)),
    );
  return row && withUploader(row);
}

/** The group whose file is stored under `key`, if any. */
export async function groupOfFileKey(db: TDb, key: string): Promise<string | undefined> {
  const [row] = await db
    .select({ groupId: groupFiles.groupId })
    .from(groupFiles)
    .where(eq(groupFiles.fileKey, key))
    .limit(1);
  return row?.groupId;
}

export async function filesInOrder(db: TDb, groupId: string, kind: TFileKind) {
  return db
    .select({ id: groupFiles.id, sortKey: groupFiles.sortKey })
    .from(groupFiles)
    .where(and(eq(groupFiles.groupId, groupId), eq(groupFiles.kind, kind)))
    .orderBy(asc(groupFiles.sortKey), asc(groupFiles.id));
}

export async function insertFile(db: TDb, row: typeof groupFiles.$inferInsert) {
  const [created] = await db.insert(groupFiles).values(row).returning();
  return created!;
}

export async function updateFile(
  db: TDb,
  groupId: string,
  fileId: string,
  values: Partial<typeof groupFiles.$inferInsert>,
) {
  const [row] = await db
    .update(groupFiles)
    .set({ ...values, updatedDate: new Date() })
    .where(and(eq(groupFiles.groupId, groupId), eq(groupFiles.id, fileId)))
    .returning();
  return row;
}

export async function deleteFile(db: TDb, groupId: string, fileId: string) {
  const [row] = await db
    .delete(groupFiles)
    .where(and(eq(groupFiles.groupId, groupId), eq(groupFiles.id, fileId)))
    .returning();
  return row;
}

export async function fileKeysOfGroup(db: TDb, groupId: string): Promise<string[]> {
  const rows = await db
    .select({ key: groupFiles.fileKey })
    .from(groupFiles)
    .where(eq(groupFiles.groupId, groupId));
  return rows.map((r) => r.key);
}

// ---- threads ----

/** Makes sure each user has a thread of the group (visible again if they had deleted it). */
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
    filter.text ? ilike(groups.name, escapeLike(filter.text)) : undefined,
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

/** Every member of the group with what they chose to hear of it. */
export async function memberFlags(db: TDb, groupId: string) {
  return db
    .select({
      userId: groupMembers.userId,
      isMuted: groupMembers.isMuted,
      isIgnored: groupMembers.isIgnored,
    })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, groupId));
}

// ---- the people search ----

/**
 * The people who share a group (not a direct conversation) with `userId` whose name holds `text`,
 * each with the names of the groups they share: at most `limit` people, by name.
 */
export async function groupCoMembers(
  db: TDb,
  userId: string,
  text: string,
  limit: number,
): Promise<{ userId: string; groups: string[] }[]> {
  const mine = sql`select m.group_id from ${groupMembers} m where m.user_id = ${userId}`;
  return db
    .select({
      userId: groupMembers.userId,
      groups: sql<string[]>`array_agg(distinct ${groups.name} order by ${groups.name})`,
    })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(
      and(
        eq(groups.kind, "group"),
        sql`${groupMembers.groupId} in (${mine})`,
        sql`${groupMembers.userId} <> ${userId}`,
        ilike(users.name, escapeLike(text)),
      ),
    )
    .groupBy(groupMembers.userId, users.name)
    .orderBy(asc(users.name))
    .limit(limit);
}

/** Name and avatar of these users, by id. */
export async function findPeople(db: TDb, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, TPersonRow>();
  const rows = await db
    .select(personColumns)
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Which of `userIds` are members of the group, and which are invited to it. */
export async function standingOf(db: TDb, groupId: string, userIds: readonly string[]) {
  if (userIds.length === 0) return { members: new Set<string>(), invited: new Set<string>() };
  const [members, invited] = await Promise.all([
    db
      .select({ userId: groupMembers.userId })
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), inArray(groupMembers.userId, [...userIds]))),
    db
      .select({ userId: groupInvitations.userId })
      .from(groupInvitations)
      .where(
        and(eq(groupInvitations.groupId, groupId), inArray(groupInvitations.userId, [...userIds])),
      ),
  ]);
  return {
    members: new Set(members.map((r) => r.userId)),
    invited: new Set(invited.map((r) => r.userId!)),
  };
}

// ---- invitations ----

export type TInvitationRow = typeof groupInvitations.$inferSelect;
export type TInvitationView = TInvitationRow & {
  groupName: string;
  invitee: TPersonRow | null;
  inviter: TPersonRow | null;
};

const invitee = alias(users, "invitee");
const inviter = alias(users, "inviter");

const invitationsQuery = (db: TDb) =>
  db
    .select({
      invitation: groupInvitations,
      groupName: groups.name,
      invitee: { id: invitee.id, name: invitee.name, avatarKey: invitee.avatarKey },
      inviter: { id: inviter.id, name: inviter.name, avatarKey: inviter.avatarKey },
    })
    .from(groupInvitations)
    .innerJoin(groups, eq(groups.id, groupInvitations.groupId))
    .leftJoin(invitee, eq(invitee.id, groupInvitations.userId))
    .leftJoin(inviter, eq(inviter.id, groupInvitations.invitedBy));

type TInvitationSelect = Awaited<
  ReturnType<ReturnType<typeof invitationsQuery>["execute"]>
>[number];
const invitationView = (r: TInvitationSelect): TInvitationView => ({
  ...r.invitation,
  groupName: r.groupName,
  invitee: r.invitee?.id ? (r.invitee as TPersonRow) : null,
  inviter: r.inviter?.id ? (r.inviter as TPersonRow) : null,
});

/**
 * Invites to a group: the pending invitation of the same person (same user id, or same address)
 * is renewed rather than doubled. Returns the invitation's id.
 */
export async function putInvitation(
  db: TDb,
  row: {
    groupId: string;
    userId: string | null;
    email: string | null;
    role: "admin" | "member";
    invitedBy: string;
  },
): Promise<string> {
  const same = and(
    eq(groupInvitations.groupId, row.groupId),
    row.email === null
      ? and(eq(groupInvitations.userId, row.userId!), sql`${groupInvitations.email} is null`)
      : eq(groupInvitations.email, row.email),
  );
  const renew = async () => {
    const [renewed] = await db
      .update(groupInvitations)
      .set({ ...row, createdDate: new Date() })
      .where(same)
      .returning({ id: groupInvitations.id });
    return renewed?.id;
  };
  const existing = await renew();
  if (existing) return existing;
  // Two invitations of the same person at once: the second renews the first instead of failing.
  const [created] = await db
    .insert(groupInvitations)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: groupInvitations.id });
  return created?.id ?? (await renew())!;
}

/** Whether the group already has a pending invitation of this person or address. */
export async function hasInvitation(
  db: TDb,
  groupId: string,
  who: { userId: string | null; email: string | null },
): Promise<boolean> {
  const [row] = await db
    .select({ id: groupInvitations.id })
    .from(groupInvitations)
    .where(
      and(
        eq(groupInvitations.groupId, groupId),
        who.email === null
          ? and(eq(groupInvitations.userId, who.userId!), sql`${groupInvitations.email} is null`)
          : eq(groupInvitations.email, who.email),
      ),
    );
  return row !== undefined;
}

/** The pending invitations of a group, or those one person sent (to any group). */
export async function countInvitations(
  db: TDb,
  of: { groupId: string } | { invitedBy: string },
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(groupInvitations)
    .where(
      "groupId" in of
        ? eq(groupInvitations.groupId, of.groupId)
        : eq(groupInvitations.invitedBy, of.invitedBy),
    );
  return row!.n;
}

export async function findInvitation(db: TDb, id: string): Promise<TInvitationView | undefined> {
  const [row] = await invitationsQuery(db).where(eq(groupInvitations.id, id));
  return row && invitationView(row);
}

/** A group's pending invitations, newest first. */
export async function listInvitations(db: TDb, groupId: string, window: TWindow) {
  const where = eq(groupInvitations.groupId, groupId);
  const [rows, [total]] = await Promise.all([
    invitationsQuery(db)
      .where(where)
      .orderBy(desc(groupInvitations.createdDate), asc(groupInvitations.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(groupInvitations).where(where),
  ]);
  return { rows: rows.map(invitationView), count: total!.n };
}

/** The invitations waiting for this user: to them, or to their address. Newest first. */
export async function invitationsFor(db: TDb, userId: string, email: string, limit: number) {
  const rows = await invitationsQuery(db)
    .where(
      or(
        eq(groupInvitations.userId, userId),
        and(sql`${groupInvitations.userId} is null`, eq(groupInvitations.email, email)),
      ),
    )
    .orderBy(desc(groupInvitations.createdDate), asc(groupInvitations.id))
    .limit(limit);
  return rows.map(invitationView);
}

export async function deleteInvitation(db: TDb, id: string): Promise<boolean> {
  const rows = await db
    .delete(groupInvitations)
    .where(eq(groupInvitations.id, id))
    .returning({ id: groupInvitations.id });
  return rows.length > 0;
}
