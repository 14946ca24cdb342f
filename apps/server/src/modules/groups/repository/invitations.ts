// The SQL of invitations to groups: to a member by id or to an address, renewed rather than
// doubled, listed with the group's name and the people on both ends.
import { and, asc, count, desc, eq, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { TDb } from "../../../platform/db/database";
import { users } from "../../users/schema";
import { groupInvitations, groups } from "../schema";
import type { TPersonRow } from "./people";

type TWindow = { limit: number; offset: number };

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
