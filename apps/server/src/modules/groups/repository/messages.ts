// The SQL of a group's messages, each with its author.
import { and, count, desc, eq, ilike, lt } from "drizzle-orm";
import type { TDb } from "../../../platform/db/database";
import { containsPattern } from "../../../platform/db/like";
import { users } from "../../users/schema";
import { groupMessages } from "../schema";
import type { TPersonRow } from "./people";

export type TMessageRow = typeof groupMessages.$inferSelect;
type TWindow = { limit: number; offset: number };

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
    filter.text ? ilike(groupMessages.body, containsPattern(filter.text)) : undefined,
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
