// The SQL of a group's members: who belongs, with which role, and what each chose to hear of it.
import { and, asc, count, eq, ilike } from "drizzle-orm";
import type { TDb } from "../../../platform/db/database";
import { containsPattern } from "../../../platform/db/like";
import { users } from "../../users/schema";
import { groupMembers } from "../schema";
import { personColumns, type TPersonRow } from "./people";

export type TMemberRow = typeof groupMembers.$inferSelect;
type TWindow = { limit: number; offset: number };

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
    text ? ilike(users.name, containsPattern(text)) : undefined,
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
