// The SQL of groups and direct conversations themselves: a group's row, its lock, the lists of
// groups and how many members one has. Members, messages, files, threads, invitations and the
// people search are beside it, one file each.
import { and, asc, count, desc, eq, ilike, type SQL, sql } from "drizzle-orm";
import type { TDb } from "../../../platform/db/database";
import { containsPattern } from "../../../platform/db/like";
import { groupMembers, groups } from "../schema";

export type TGroupRow = typeof groups.$inferSelect;
type TWindow = { limit: number; offset: number };

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
    filter.text ? ilike(groups.name, containsPattern(filter.text)) : undefined,
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
