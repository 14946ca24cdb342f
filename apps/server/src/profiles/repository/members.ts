// SQL of who belongs to a listing: memberships, members and managers inherited through parents,
// and invitations to join.
import type { TMemberRole } from "@hostfield/domain/contracts";
import type { TProfileKind, TStaffRole } from "@hostfield/domain/reference";
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { users } from "../../modules/users/schema";
import type { TWindow } from "../../platform/db/database";
import { pageOf, type TDb } from "../../platform/db/database";
import { containsPattern } from "../../platform/db/like";
import { statementCache } from "../../platform/db/statements";
import { parentIdsOf, type TManagedThrough } from "../descriptor";
import { profileInvitations, profileMembers, profiles } from "../schema";
import type { TProfileRow } from "./profiles";

/** Every listing route asks for the caller's membership: the statement is kept. */
const memberStatements = statementCache({ keepPlans: true });

// ---- membership ------------------------------------------------------------------------------

export type TMembership = {
  role: "owner" | "manager" | "member" | null;
  inheritedManager: boolean;
};

/**
 * The caller's role on a profile, and whether they manage it through other profiles (`through`,
 * the kind's: a facility's destinations, an event's organization). Their owners and managers
 * manage it too; with `membersRead`, anyone else who belongs to one of them reads it as a member
 * (role `member` when they have no role of their own), so an organization's people open its
 * pending events. Inheritance goes one step only and never grants ownership.
 */
export async function findMembership(
  db: TDb,
  profileId: string,
  userId: string,
  through: TManagedThrough | null,
): Promise<TMembership> {
  const membership = membershipOf(profileId, userId, through);
  const result = await db.execute<{ role: TMembership["role"]; inherited: boolean }>(
    sql`select ${membership.role} as role, ${membership.inherited} as inherited`,
  );
  const row = result.rows[0];
  return { role: row?.role ?? null, inheritedManager: row?.inherited ?? false };
}

/** findMembership's two values as SQL, for the profile `profileId` (an id, or SQL naming one). */
function membershipOf(
  profileId: string | SQL,
  userId: string | SQL,
  through: TManagedThrough | null,
) {
  const parents = through ? parentIdsOf(through, profileId) : undefined;
  return {
    role: sql<TMembership["role"]>`coalesce(
        (select m.role from ${profileMembers} m where m.profile_id = ${profileId} and m.user_id = ${userId}),
        case when ${through?.membersRead ? inParents(parents, userId, sql``) : sql`false`} then 'member' end
      )`,
    inherited: inParents(parents, userId, MANAGING),
  };
}

/**
 * A profile and the user's membership of it (findProfileRow and findMembership) in one kept
 * statement per kind: every route that checks access to a listing reads both, and a second
 * statement cost a round trip and its own planning on each call.
 */
export async function findProfileWithMembership(
  db: TDb,
  id: string,
  userId: string,
  kind: { kind: TProfileKind; managedThrough: TManagedThrough | null },
): Promise<{ profile: TProfileRow; membership: TMembership } | null> {
  const [row] = await memberStatements<{
    profile: TProfileRow;
    role: TMembership["role"];
    inherited: boolean;
  }>(db, `withMembership|${kind.kind}`, (bind) => {
    const membership = membershipOf(
      sql`${profiles.id}`,
      sql`${bind("user", userId)}`,
      kind.managedThrough,
    );
    return db
      .select({ profile: profiles, role: membership.role, inherited: membership.inherited })
      .from(profiles)
      .where(eq(profiles.id, bind("id", id)));
  });
  if (!row) return null;
  return {
    profile: row.profile,
    membership: { role: row.role ?? null, inheritedManager: row.inherited ?? false },
  };
}

const MANAGING = sql` and pm.role in ('owner', 'manager')`;

/** Whether the user belongs (with `roles`, a condition on `pm`) to one of the `parents` listings. */
const inParents = (parents: SQL | undefined, userId: string | SQL, roles: SQL) =>
  parents
    ? sql<boolean>`exists (select 1 from ${profileMembers} pm
        where pm.profile_id in (${parents}) and pm.user_id = ${userId}${roles})`
    : sql<boolean>`false`;

/**
 * Whether the user manages one of the listings `ids`: owns or manages it, or manages it through
 * its kind's parents (`kinds`: a facility's destinations). findMembership's managers, for many
 * listings in one statement.
 */
export async function managesOneOf(
  db: TDb,
  userId: string,
  ids: readonly string[],
  kinds: readonly { kind: TProfileKind; managedThrough: TManagedThrough | null }[],
): Promise<boolean> {
  if (ids.length === 0) return false;
  const inherited = kinds.flatMap(({ kind, managedThrough }) =>
    managedThrough
      ? [
          and(
            eq(profiles.kind, kind),
            inParents(parentIdsOf(managedThrough, sql`${profiles.id}`), userId, MANAGING),
          ),
        ]
      : [],
  );
  const [found] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      and(
        inArray(profiles.id, [...ids]),
        or(
          sql`exists (select 1 from ${profileMembers} pm
            where pm.profile_id = ${profiles.id} and pm.user_id = ${userId}${MANAGING})`,
          ...inherited,
        ),
      ),
    )
    .limit(1);
  return found !== undefined;
}

/**
 * The listings of `kind` the user belongs to (any role: the scope of `GET /{kind}/my`), each with
 * what its abilities are read from: the row, the user's role, and whether they also manage it
 * through `through` (findMembership's answer, for every row in one statement).
 */
export async function memberListings(
  db: TDb,
  kind: TProfileKind,
  userId: string,
  through: TManagedThrough | null,
) {
  const rows = await db
    .select({
      id: profiles.id,
      kind: profiles.kind,
      status: profiles.status,
      isActive: profiles.isActive,
      createdDate: profiles.createdDate,
      role: profileMembers.role,
      inherited: inParents(
        through ? parentIdsOf(through, sql`${profiles.id}`) : undefined,
        userId,
        MANAGING,
      ),
    })
    .from(profiles)
    .innerJoin(
      profileMembers,
      and(eq(profileMembers.profileId, profiles.id), eq(profileMembers.userId, userId)),
    )
    .where(eq(profiles.kind, kind));
  return rows.map(({ role, inherited, ...row }) => ({
    row,
    membership: { role, inheritedManager: inherited } satisfies TMembership,
  }));
}

const memberColumns = {
  id: profileMembers.id,
  profileId: profileMembers.profileId,
  userId: profileMembers.userId,
  role: profileMembers.role,
  staffRole: profileMembers.staffRole,
  createdDate: profileMembers.createdDate,
  name: users.name,
  email: users.email,
  avatarKey: users.avatarKey,
};
export type TMemberRow = {
  id: string;
  profileId: string;
  userId: string;
  role: "owner" | "manager" | "member";
  staffRole: TStaffRole | null;
  createdDate: Date;
  name: string;
  email: string;
  avatarKey: string | null;
};

export async function listMembers(
  db: TDb,
  profileId: string,
  window: TWindow,
  filter: { text?: string; roles?: readonly TMemberRole[] } = {},
): Promise<{ rows: TMemberRow[]; count: number }> {
  const where: SQL[] = [eq(profileMembers.profileId, profileId)];
  if (filter.roles?.length) where.push(inArray(profileMembers.role, [...filter.roles]));
  if (filter.text) where.push(ilike(users.name, `%${filter.text.replace(/[\\%_]/g, "")}%`));
  const condition = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select(memberColumns)
      .from(profileMembers)
      .innerJoin(users, eq(users.id, profileMembers.userId))
      .where(condition)
      .orderBy(
        sql`case ${profileMembers.role} when 'owner' then 0 when 'manager' then 1 else 2 end`,
        asc(users.name),
        asc(profileMembers.id),
      )
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({ n: count() })
      .from(profileMembers)
      .innerJoin(users, eq(users.id, profileMembers.userId))
      .where(condition),
  ]);
  return { rows: rows as TMemberRow[], count: total?.n ?? 0 };
}

export async function findMember(
  db: TDb,
  profileId: string,
  memberId: string,
): Promise<TMemberRow | null> {
  const [row] = await db
    .select(memberColumns)
    .from(profileMembers)
    .innerJoin(users, eq(users.id, profileMembers.userId))
    .where(and(eq(profileMembers.profileId, profileId), eq(profileMembers.id, memberId)));
  return (row as TMemberRow | undefined) ?? null;
}

/** Adds the user, or returns null when they already are a member. */
export async function insertMember(
  db: TDb,
  row: typeof profileMembers.$inferInsert,
): Promise<string | null> {
  const [created] = await db
    .insert(profileMembers)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: profileMembers.id });
  return created?.id ?? null;
}

export async function updateMember(
  db: TDb,
  profileId: string,
  memberId: string,
  change: { role?: TMemberRole; staffRole?: TStaffRole | null; updatedBy: string },
): Promise<boolean> {
  const rows = await db
    .update(profileMembers)
    .set({ ...change, updatedDate: new Date() })
    .where(and(eq(profileMembers.profileId, profileId), eq(profileMembers.id, memberId)))
    .returning({ id: profileMembers.id });
  return rows.length > 0;
}

export async function deleteMember(db: TDb, profileId: string, memberId: string) {
  const rows = await db
    .delete(profileMembers)
    .where(and(eq(profileMembers.profileId, profileId), eq(profileMembers.id, memberId)))
    .returning({ id: profileMembers.id });
  return rows.length > 0;
}

export async function countOwners(db: TDb, profileId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(profileMembers)
    .where(and(eq(profileMembers.profileId, profileId), eq(profileMembers.role, "owner")));
  return row?.n ?? 0;
}

/** The users who own or manage a listing (not those who inherit it). */
export async function managerUserIds(db: TDb, profileId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: profileMembers.userId })
    .from(profileMembers)
    .where(
      and(
        eq(profileMembers.profileId, profileId),
        inArray(profileMembers.role, ["owner", "manager"]),
      ),
    );
  return rows.map((r) => r.userId);
}

/** Owners and managers of the profiles a listing is managed through (`parents`' ids). */
export async function listInheritedManagers(
  db: TDb,
  parents: SQL,
  window: TWindow,
): Promise<{ rows: TMemberRow[]; count: number }> {
  const condition = and(
    sql`${profileMembers.profileId} in (${parents})`,
    inArray(profileMembers.role, ["owner", "manager"]),
  );
  const base = () =>
    db
      .select(memberColumns)
      .from(profileMembers)
      .innerJoin(users, eq(users.id, profileMembers.userId))
      .where(condition);
  const [rows, all] = await Promise.all([
    base()
      .orderBy(asc(users.name), asc(profileMembers.id))
      .limit(window.limit)
      .offset(window.offset),
    base(),
  ]);
  return { rows: rows as TMemberRow[], count: all.length };
}

/** Profile ids (of a kind) where the user is a member, for `public/{userId}` and user state. */
export async function memberProfileIds(db: TDb, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: profileMembers.profileId })
    .from(profileMembers)
    .where(eq(profileMembers.userId, userId));
  return rows.map((r) => r.id);
}

/**
 * The people who share a listing with `userId` (its owners, managers and members) whose name holds
 * `text`, each with the names of the listings they share: at most `limit` people, by name.
 */
export async function listingCoMembers(
  db: TDb,
  userId: string,
  text: string,
  limit: number,
): Promise<{ userId: string; listings: string[] }[]> {
  const mine = sql`select m.profile_id from ${profileMembers} m where m.user_id = ${userId}`;
  const rows = await db
    .select({
      userId: profileMembers.userId,
      listings: sql<string[]>`array_agg(distinct ${profiles.name} order by ${profiles.name})`,
    })
    .from(profileMembers)
    .innerJoin(profiles, eq(profiles.id, profileMembers.profileId))
    .innerJoin(users, eq(users.id, profileMembers.userId))
    .where(
      and(
        sql`${profileMembers.profileId} in (${mine})`,
        sql`${profileMembers.userId} <> ${userId}`,
        ilike(users.name, containsPattern(text)),
      ),
    )
    .groupBy(profileMembers.userId, users.name)
    .orderBy(asc(users.name))
    .limit(limit);
  return rows;
}

// ---- invitations -----------------------------------------------------------------------------

const invitationColumns = {
  id: profileInvitations.id,
  profileId: profileInvitations.profileId,
  userId: profileInvitations.userId,
  email: profileInvitations.email,
  role: profileInvitations.role,
  staffRole: profileInvitations.staffRole,
  invitedBy: profileInvitations.invitedBy,
  createdDate: profileInvitations.createdDate,
  inviteeName: users.name,
  inviteeVisible: users.isVisible,
  profileKind: profiles.kind,
  profileName: profiles.name,
  profileLogo: profiles.logo,
};
export type TInvitationRow = {
  id: string;
  profileId: string;
  userId: string | null;
  email: string | null;
  role: TMemberRole;
  staffRole: TStaffRole | null;
  invitedBy: string | null;
  createdDate: Date;
  inviteeName: string | null;
  /** Null when the invitation is to an address. */
  inviteeVisible: boolean | null;
  profileKind: TProfileKind;
  profileName: string;
  profileLogo: string | null;
};

const invitationsQuery = (db: TDb) =>
  db
    .select(invitationColumns)
    .from(profileInvitations)
    .innerJoin(profiles, eq(profiles.id, profileInvitations.profileId))
    .leftJoin(users, eq(users.id, profileInvitations.userId));

/**
 * Invites to a listing: the pending invitation of the same person (same user id, or same address)
 * is renewed with the new role rather than doubled. Returns the invitation's id.
 */
export async function putInvitation(
  db: TDb,
  row: {
    profileId: string;
    userId: string | null;
    email: string | null;
    role: TMemberRole;
    staffRole: TStaffRole | null;
    invitedBy: string;
  },
): Promise<string> {
  const same = and(
    eq(profileInvitations.profileId, row.profileId),
    row.email === null
      ? and(eq(profileInvitations.userId, row.userId!), sql`${profileInvitations.email} is null`)
      : eq(profileInvitations.email, row.email),
  );
  const renew = async () => {
    const [renewed] = await db
      .update(profileInvitations)
      .set({ ...row, createdDate: new Date() })
      .where(same)
      .returning({ id: profileInvitations.id });
    return renewed?.id;
  };
  const existing = await renew();
  if (existing) return existing;
  // Two invitations of the same person at once: the second renews the first instead of failing.
  const [created] = await db
    .insert(profileInvitations)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: profileInvitations.id });
  return created?.id ?? (await renew())!;
}

export async function findInvitation(db: TDb, id: string): Promise<TInvitationRow | null> {
  const [row] = await invitationsQuery(db).where(eq(profileInvitations.id, id));
  return (row as TInvitationRow | undefined) ?? null;
}

/** A listing's pending invitations, newest first. */
export async function listInvitations(db: TDb, profileId: string, window: TWindow) {
  const where = eq(profileInvitations.profileId, profileId);
  const page = await pageOf(
    invitationsQuery(db)
      .where(where)
      .orderBy(desc(profileInvitations.createdDate), asc(profileInvitations.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(profileInvitations).where(where),
  );
  return page as { rows: TInvitationRow[]; count: number };
}

/** The invitations waiting for a user: to them, or to their address before they had an account. */
export async function invitationsFor(
  db: TDb,
  userId: string,
  email: string,
): Promise<TInvitationRow[]> {
  return (await invitationsQuery(db)
    .where(
      or(
        eq(profileInvitations.userId, userId),
        and(sql`${profileInvitations.userId} is null`, eq(profileInvitations.email, email)),
      ),
    )
    .orderBy(desc(profileInvitations.createdDate), asc(profileInvitations.id))) as TInvitationRow[];
}

export async function deleteInvitation(db: TDb, id: string): Promise<boolean> {
  const rows = await db
    .delete(profileInvitations)
    .where(eq(profileInvitations.id, id))
    .returning({ id: profileInvitations.id });
  return rows.length > 0;
}

/** The user's membership of the listing (any role), or null. */
export async function memberIdOf(db: TDb, profileId: string, userId: string) {
  const [row] = await db
    .select({ id: profileMembers.id })
    .from(profileMembers)
    .where(and(eq(profileMembers.profileId, profileId), eq(profileMembers.userId, userId)));
  return row?.id ?? null;
}
