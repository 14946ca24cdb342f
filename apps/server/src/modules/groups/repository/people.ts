// People as groups show them (name and picture), and the people search: who shares a group with
// someone, and where people stand with a group (members, invited).
import { and, asc, eq, ilike, inArray, sql } from "drizzle-orm";
import type { TDb } from "../../../platform/db/database";
import { containsPattern } from "../../../platform/db/like";
import { users } from "../../users/schema";
import { groupInvitations, groupMembers, groups } from "../schema";

/** A user as messages and member lists show them. */
export const personColumns = {
  id: users.id,
  name: users.name,
  avatarKey: users.avatarKey,
};
export type TPersonRow = { id: string; name: string; avatarKey: string | null };

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
        ilike(users.name, containsPattern(text)),
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
