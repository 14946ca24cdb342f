// SQL of the profile machinery: profiles with their kind's detail row, and the shared children.
import type { TMemberRole } from "@hostfield/domain/contracts";
import { isTier, type TProfileKind, type TStaffRole } from "@hostfield/domain/reference";
import { SPONSORED_PER_PAGE, sponsoredWindow } from "@hostfield/domain/rules";
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableName,
  gte,
  ilike,
  inArray,
  isNotNull,
  lte,
  notInArray,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { users } from "../modules/users/schema";
import { pageOf, type TDb } from "../platform/db/database";
import { constant, statementCache } from "../platform/db/statements";
import { parentIdsOf, type TDetailTable, type TManagedThrough } from "./descriptor";
import {
  profileAmenities,
  profileBoosts,
  profileCompanies,
  profileInvitations,
  profileMedia,
  profileMembers,
  profilePartners,
  profileReactions,
  profileSpaceTypes,
  profileSports,
  profiles,
  savedSearchFilters,
} from "./schema";

export type TProfileRow = typeof profiles.$inferSelect;
export type TProfileInsert = typeof profiles.$inferInsert;
export type TLoadedProfile = TProfileRow & {
  detail: Record<string, unknown> | null;
  sports: string[];
  /** Boosted today (a boost that runs). */
  boosted: boolean;
  /** Placed at the head of a best-match page by its boost (see SPONSORED_PER_PAGE). */
  sponsored?: boolean;
};
type TWindow = { limit: number; offset: number };

// ---- profiles --------------------------------------------------------------------------------

/** A boost of the listing runs today (one awaiting its payment does not). */
const boostedToday = (today: string) =>
  sql<boolean>`exists (select 1 from ${profileBoosts} b where b.profile_id = ${profiles.id}
    and b.start_date <= ${today} and b.end_date >= ${today} and b.state = 'active')`;
const sportNames = sql<
  string[]
>`coalesce((select array_agg(s.name order by s.name) from ${profileSports} s where s.profile_id = ${profiles.id}), '{}')`;

export async function insertProfile(
  db: TDb,
  row: TProfileInsert,
  detailTable: TDetailTable,
  detail: Record<string, unknown>,
): Promise<string> {
  const [created] = await db.insert(profiles).values(row).returning({ id: profiles.id });
  const id = created!.id;
  // drizzle types values and selections by a concrete table; a kind's detail table is known here only
  // as a PgTable whose columns are named as the detail's fields, so the values go in untyped.
  await db.insert(detailTable).values({ ...detail, profileId: id } as never);
  return id;
}

export async function updateProfileRow(
  db: TDb,
  id: string,
  row: Partial<TProfileInsert>,
  detailTable: TDetailTable,
  detail: Record<string, unknown>,
): Promise<void> {
  await db.update(profiles).set(row).where(eq(profiles.id, id));
  if (Object.keys(detail).length > 0) {
    // drizzle types a change by a concrete table (see insertProfile).
    await db
      .update(detailTable)
      .set(detail as never)
      .where(eq(detailTable.profileId, id));
  }
}

/** Every listing route reads its listing first: the statement is kept. */
const rowStatements = statementCache({ keepPlans: true });

export async function findProfileRow(db: TDb, id: string): Promise<TProfileRow | null> {
  const [row] = await rowStatements<TProfileRow>(db, "byId", (bind) =>
    db
      .select()
      .from(profiles)
      .where(eq(profiles.id, bind("id", id))),
  );
  return row ?? null;
}

/** Locks the profile row for the rest of the transaction (sort keys, last-owner checks). */
export async function lockProfile(db: TDb, id: string): Promise<void> {
  await db.execute(sql`select 1 from ${profiles} where id = ${id} for update`);
}

export const deleteProfileRow = (db: TDb, id: string) =>
  db.delete(profiles).where(eq(profiles.id, id));

export async function slugExists(db: TDb, slug: string): Promise<boolean> {
  const [row] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.slug, slug));
  return row !== undefined;
}

export type TProfileQuery = {
  kind: TProfileKind;
  /** Approved and active only. */
  publicOnly: boolean;
  status?: "pending" | "approved";
  memberUserId?: string;
  /** Only members with one of these roles (with memberUserId). */
  memberRoles?: readonly string[];
  reaction?: { userId: string; kind: "like" | "follow" };
  text?: string;
  states?: readonly string[];
  tiers?: readonly string[];
  createdFrom?: Date;
  createdTo?: Date;
  ids?: readonly string[];
};

/** An ILIKE pattern for text anywhere in the value, its wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function profileConditions(q: TProfileQuery): SQL[] {
  const where: SQL[] = [eq(profiles.kind, q.kind)];
  if (q.publicOnly) where.push(eq(profiles.status, "approved"), eq(profiles.isActive, true));
  if (q.status) where.push(eq(profiles.status, q.status));
  if (q.memberUserId) {
    const roles = q.memberRoles ?? ["owner", "manager", "member"];
    where.push(
      sql`exists (select 1 from ${profileMembers} m where m.profile_id = ${profiles.id}
        and m.user_id = ${q.memberUserId} and m.role in ${roles})`,
    );
  }
  if (q.reaction) {
    where.push(
      sql`exists (select 1 from ${profileReactions} r where r.profile_id = ${profiles.id}
        and r.user_id = ${q.reaction.userId} and r.kind = ${q.reaction.kind})`,
    );
  }
  if (q.text) {
    const pattern = containing(q.text);
    where.push(or(ilike(profiles.name, pattern), ilike(profiles.city, pattern)) as SQL);
  }
  if (q.states?.length) where.push(inArray(profiles.state, [...q.states]));
  // A tier that is none of ours matches nothing (an empty list renders as false).
  if (q.tiers?.length) where.push(inArray(profiles.tier, q.tiers.filter(isTier)));
  if (q.createdFrom) where.push(gte(profiles.createdDate, q.createdFrom));
  if (q.createdTo) where.push(lte(profiles.createdDate, q.createdTo));
  if (q.ids) where.push(q.ids.length ? inArray(profiles.id, [...q.ids]) : sql`false`);
  return where;
}

function selectLoaded(db: TDb, detailTable: TDetailTable, today: string) {
  // drizzle types a selection by concrete tables; the detail table's row is read as a record.
  return db
    .select({
      profile: profiles,
      detail: detailTable,
      sports: sportNames,
      boosted: boostedToday(today),
    } as never)
    .from(profiles)
    .leftJoin(detailTable, eq(detailTable.profileId, profiles.id));
}

type TJoinedRow = {
  profile: TProfileRow;
  detail: Record<string, unknown> | null;
  sports: string[];
  boosted: boolean;
};
const toLoaded = (r: TJoinedRow): TLoadedProfile => ({
  ...r.profile,
  detail: r.detail,
  sports: r.sports,
  boosted: r.boosted,
});

/**
 * A page of a kind's listings by query, by name. With `sponsoredLead` (a kind's public list, its
 * best match) up to SPONSORED_PER_PAGE listings boosted today lead it, in the day's rotation (a
 * hash of id and day), marked `sponsored`; the rest go by name, boosted or not, the lead left out
 * and the window shifted by it (sponsoredWindow), so that pages hold every listing once.
 */
export async function listProfiles(
  db: TDb,
  q: TProfileQuery,
  detailTable: TDetailTable,
  window: TWindow,
  today: string,
  options: { sponsoredLead?: boolean } = {},
): Promise<{ rows: TLoadedProfile[]; count: number }> {
  const where = and(...profileConditions(q));
  const lead = options.sponsoredLead
    ? await db
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(where, boostedToday(today)))
        .orderBy(sql`md5(${profiles.id}::text || ${today})`, asc(profiles.id))
        .limit(SPONSORED_PER_PAGE)
    : [];
  const split = sponsoredWindow(lead.length, window);
  const leadIds = lead.slice(split.lead.start, split.lead.end).map((r) => r.id);
  const rest =
    lead.length > 0
      ? and(
          where,
          notInArray(
            profiles.id,
            lead.map((r) => r.id),
          ),
        )
      : where;
  const [leadRows, rows, [total]] = await Promise.all([
    leadIds.length > 0
      ? (selectLoaded(db, detailTable, today).where(
          inArray(profiles.id, leadIds),
        ) as unknown as Promise<TJoinedRow[]>)
      : [],
    split.rest.limit > 0
      ? (selectLoaded(db, detailTable, today)
          .where(rest)
          .orderBy(asc(profiles.name), asc(profiles.id))
          .limit(split.rest.limit)
          .offset(split.rest.offset) as unknown as Promise<TJoinedRow[]>)
      : [],
    db.select({ n: count() }).from(profiles).where(where),
  ]);
  const byId = new Map(leadRows.map((r) => [r.profile.id, r]));
  const sponsored = leadIds.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ ...toLoaded(row), sponsored: true }] : [];
  });
  return { rows: [...sponsored, ...rows.map(toLoaded)], count: total?.n ?? 0 };
}

// ---- the approval queue: pending listings of every kind ----

export type TPendingQuery = { text?: string; kind?: TProfileKind };
export type TPendingRow = TProfileRow & { sports: string[] };

function pendingConditions(q: TPendingQuery): SQL | undefined {
  return and(
    eq(profiles.status, "pending"),
    q.kind ? eq(profiles.kind, q.kind) : undefined,
    q.text ? ilike(profiles.name, containing(q.text)) : undefined,
  );
}

/** A page of pending listings, newest first (by when they were submitted). */
export async function listPending(
  db: TDb,
  q: TPendingQuery,
  window: TWindow,
): Promise<{ rows: TPendingRow[]; count: number }> {
  const where = pendingConditions(q);
  const [rows, [total]] = await Promise.all([
    db
      .select({ profile: profiles, sports: sportNames })
      .from(profiles)
      .where(where)
      .orderBy(desc(profiles.createdDate), desc(profiles.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(profiles).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.profile, sports: r.sports })), count: total?.n ?? 0 };
}

/** How many pending listings of each kind match the text (kinds with none are left out). */
export async function countPendingByKind(
  db: TDb,
  q: Pick<TPendingQuery, "text">,
): Promise<{ kind: string; n: number }[]> {
  return db
    .select({ kind: profiles.kind, n: count() })
    .from(profiles)
    .where(pendingConditions(q))
    .groupBy(profiles.kind);
}

/** The profiles among `ids`, locked for the rest of the transaction; missing ids are left out. */
export async function lockProfileRows(db: TDb, ids: readonly string[]): Promise<TProfileRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(profiles)
    .where(inArray(profiles.id, [...ids]))
    .orderBy(asc(profiles.id))
    .for("update");
}

export async function loadProfile(
  db: TDb,
  id: string,
  detailTable: TDetailTable,
  today: string,
): Promise<TLoadedProfile | null> {
  const rows = (await selectLoaded(db, detailTable, today).where(
    eq(profiles.id, id),
  )) as unknown as TJoinedRow[];
  return rows[0] ? toLoaded(rows[0]) : null;
}

/** Profiles of one kind by id, with their details, in no order (no count, no sort: a look-up). */
export async function loadProfiles(
  db: TDb,
  q: Pick<TProfileQuery, "kind" | "publicOnly"> & { ids: readonly string[] },
  detailTable: TDetailTable,
  today: string,
): Promise<TLoadedProfile[]> {
  const rows = (await selectLoaded(db, detailTable, today).where(
    and(...profileConditions(q)),
  )) as unknown as TJoinedRow[];
  return rows.map(toLoaded);
}

/** The kind's detail rows and sport names of some profiles, for a page found elsewhere (search). */
const detailStatements = statementCache({ keepPlans: true });

export async function loadDetails(
  db: TDb,
  detailTable: TDetailTable,
  ids: readonly string[],
): Promise<Map<string, { detail: Record<string, unknown> | null; sports: string[] }>> {
  if (ids.length === 0) return new Map();
  // drizzle types a selection by concrete tables; the detail table's row is read as a record.
  // One statement per detail table (the ids are one array value), rendered once: every search
  // page and listing page reads its details here.
  const rows = await detailStatements<{
    id: string;
    detail: Record<string, unknown> | null;
    sports: string[];
  }>(db, getTableName(detailTable), (bind) =>
    db
      .select({ id: profiles.id, detail: detailTable, sports: sportNames } as never)
      .from(profiles)
      .leftJoin(detailTable, eq(detailTable.profileId, profiles.id))
      .where(sql`${profiles.id} = any(${bind("ids", [...ids])})`),
  );
  return new Map(rows.map((r) => [r.id, { detail: r.detail, sports: r.sports }]));
}

/** How many profiles match the query (admin counts). */
export async function countProfiles(db: TDb, q: TProfileQuery): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(profiles)
    .where(and(...profileConditions(q)));
  return row?.n ?? 0;
}

/** How a profile is named where another object points at it: kind, name, place and logo. */
export type TProfileName = {
  id: string;
  kind: string;
  name: string;
  city: string | null;
  state: string | null;
  logo: string | null;
};

/** A profile row as a list that points at it names it (profileNames' columns, from a row in hand). */
export const profileNameOf = (row: TProfileRow): TProfileName => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  city: row.city,
  state: row.state,
  logo: row.logo,
});

/** What a list that points at profiles shows of each: name, kind, place and logo. */
const nameColumns = {
  id: profiles.id,
  kind: profiles.kind,
  name: profiles.name,
  city: profiles.city,
  state: profiles.state,
  logo: profiles.logo,
};

/** Names and heads are read for every lead of a list page: their statements are kept (one per kind and fields). */
const headStatements = statementCache({ keepPlans: true });

/** Profiles among `ids`, any kind and status, with what a list shows of each (one statement, one array value). */
export async function profileNames(
  db: TDb,
  ids: readonly string[],
): Promise<Map<string, TProfileName>> {
  if (ids.length === 0) return new Map();
  const rows = await headStatements<TProfileName>(db, "names", (bind) =>
    db
      .select(nameColumns)
      .from(profiles)
      .where(sql`${profiles.id} = any(${bind("ids", [...ids])}::uuid[])`),
  );
  return new Map(rows.map((r) => [r.id, r]));
}

export type TProfileHead = TProfileName & { detail: Record<string, unknown> | null };

/**
 * Profiles of one kind among `ids`, any status, with their names, places and detail rows (or only
 * the detail `fields` named): what a list that points at them shows (no sports, boosts or other
 * extras).
 */
export async function loadHeads(
  db: TDb,
  kind: TProfileKind,
  ids: readonly string[],
  detailTable: TDetailTable,
  fields?: readonly string[],
): Promise<TProfileHead[]> {
  if (ids.length === 0) return [];
  const columns = detailTable as unknown as Record<string, PgColumn>;
  const detail = fields
    ? Object.fromEntries(
        fields.map((field) => {
          const column = columns[field];
          if (!column) throw new Error(`The ${kind} has no detail column "${field}".`);
          return [field, column];
        }),
      )
    : detailTable;
  // drizzle types a selection by concrete tables; the detail table's row is read as a record.
  return headStatements<TProfileHead>(db, `${kind}|${fields?.join(",") ?? "*"}`, (bind) =>
    db
      .select({ ...nameColumns, detail } as never)
      .from(profiles)
      .leftJoin(detailTable, eq(detailTable.profileId, profiles.id))
      .where(
        sql`${profiles.kind} = ${constant(kind)} and ${profiles.id} = any(${bind("ids", [...ids])}::uuid[])`,
      ),
  );
}

export async function findProfileByPlaceId(db: TDb, kind: TProfileKind, placeId: string) {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.kind, kind), eq(profiles.placeId, placeId)))
    .limit(1);
  return row?.id ?? null;
}

export async function findProfileByDetail(
  db: TDb,
  detailTable: TDetailTable,
  column: PgColumn,
  value: string,
): Promise<string | null> {
  const rows = (await db
    .select({ id: detailTable.profileId })
    .from(detailTable)
    .where(eq(column, value))
    .limit(1)) as { id: string }[];
  return rows[0]?.id ?? null;
}

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
  const [row] = await rowStatements<{
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
        ilike(users.name, containing(text)),
      ),
    )
    .groupBy(profileMembers.userId, users.name)
    .orderBy(asc(users.name))
    .limit(limit);
  return rows;
}

// ---- reactions -------------------------------------------------------------------------------

const counterOf = (kind: "like" | "follow") =>
  kind === "like" ? profiles.likeCount : profiles.followerCount;

/** Adds the reaction once; the profile's counter moves only when a row was written. */
export async function addReaction(
  db: TDb,
  profileId: string,
  userId: string,
  kind: "like" | "follow",
): Promise<boolean> {
  const inserted = await db
    .insert(profileReactions)
    .values({ profileId, userId, kind })
    .onConflictDoNothing()
    .returning({ id: profileReactions.id });
  if (inserted.length > 0) {
    const column = counterOf(kind);
    await db
      .update(profiles)
      .set({ [kind === "like" ? "likeCount" : "followerCount"]: sql`${column} + 1` })
      .where(eq(profiles.id, profileId));
  }
  return inserted.length > 0;
}

/** Removes reactions matching `where`; returns how many went. */
export async function removeReactions(
  db: TDb,
  profileId: string,
  kind: "like" | "follow",
  by: { userId: string } | { id: string },
): Promise<number> {
  const removed = await db
    .delete(profileReactions)
    .where(
      and(
        eq(profileReactions.profileId, profileId),
        eq(profileReactions.kind, kind),
        "userId" in by ? eq(profileReactions.userId, by.userId) : eq(profileReactions.id, by.id),
      ),
    )
    .returning({ id: profileReactions.id });
  if (removed.length > 0) {
    const column = counterOf(kind);
    await db
      .update(profiles)
      .set({
        [kind === "like" ? "likeCount" : "followerCount"]:
          sql`greatest(${column} - ${removed.length}, 0)`,
      })
      .where(eq(profiles.id, profileId));
  }
  return removed.length;
}

export async function hasReaction(
  db: TDb,
  profileId: string,
  userId: string,
  kind: "like" | "follow",
): Promise<boolean> {
  const [row] = await db
    .select({ id: profileReactions.id })
    .from(profileReactions)
    .where(
      and(
        eq(profileReactions.profileId, profileId),
        eq(profileReactions.userId, userId),
        eq(profileReactions.kind, kind),
      ),
    );
  return row !== undefined;
}

export async function reactedProfileIds(
  db: TDb,
  userId: string,
  kind: "like" | "follow",
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: profileReactions.profileId })
    .from(profileReactions)
    .where(
      and(
        eq(profileReactions.userId, userId),
        eq(profileReactions.kind, kind),
        inArray(profileReactions.profileId, [...ids]),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

export async function listReactions(
  db: TDb,
  profileId: string,
  kind: "like" | "follow",
  window: TWindow,
) {
  const condition = and(eq(profileReactions.profileId, profileId), eq(profileReactions.kind, kind));
  return pageOf(
    db
      .select({
        id: profileReactions.id,
        profileId: profileReactions.profileId,
        userId: profileReactions.userId,
        kind: profileReactions.kind,
        createdDate: profileReactions.createdDate,
        name: users.name,
        avatarKey: users.avatarKey,
      })
      .from(profileReactions)
      .innerJoin(users, eq(users.id, profileReactions.userId))
      .where(condition)
      .orderBy(desc(profileReactions.createdDate), asc(profileReactions.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(profileReactions).where(condition),
  );
}

// ---- simple children: one table with id and profile_id ----------------------------------------

export type TChildTable = PgTable & {
  id: PgColumn;
  profileId: PgColumn;
  createdDate: PgColumn;
};

export async function listChildren<TRow>(
  db: TDb,
  table: TChildTable,
  profileId: string,
  window: TWindow,
  extra: SQL[] = [],
  orderBy: SQL | PgColumn = table.createdDate,
): Promise<{ rows: TRow[]; count: number }> {
  const condition = and(eq(table.profileId, profileId), ...extra);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .where(condition)
      .orderBy(orderBy, asc(table.id))
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({ n: count() })
      .from(table as PgTable)
      .where(condition),
  ]);
  return { rows: rows as TRow[], count: total?.n ?? 0 };
}

export async function findChild<TRow>(
  db: TDb,
  table: TChildTable,
  profileId: string,
  childId: string,
): Promise<TRow | null> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.profileId, profileId), eq(table.id, childId)));
  return (row as TRow | undefined) ?? null;
}

/** Inserts a child; null when a unique key (same sport twice, same partner) already holds it. */
export async function insertChild<TRow>(
  db: TDb,
  table: TChildTable,
  values: Record<string, unknown>,
): Promise<TRow | null> {
  // drizzle types values by a concrete table; a child table is known here only as a PgTable.
  const [row] = await db
    .insert(table)
    .values(values as never)
    .onConflictDoNothing()
    .returning();
  return (row as TRow | undefined) ?? null;
}

export async function updateChild<TRow>(
  db: TDb,
  table: TChildTable,
  profileId: string,
  childId: string,
  values: Record<string, unknown>,
): Promise<TRow | null> {
  const [row] = await db
    .update(table)
    // drizzle types a change by a concrete table (see insertChild).
    .set(values as never)
    .where(and(eq(table.profileId, profileId), eq(table.id, childId)))
    .returning();
  return (row as TRow | undefined) ?? null;
}

export async function deleteChild(
  db: TDb,
  table: TChildTable,
  profileId: string,
  childId: string,
): Promise<boolean> {
  const rows = await db
    .delete(table)
    .where(and(eq(table.profileId, profileId), eq(table.id, childId)))
    .returning();
  return rows.length > 0;
}

export const childTables = {
  sports: profileSports,
  amenities: profileAmenities,
  spaceTypes: profileSpaceTypes,
  boosts: profileBoosts,
  partners: profilePartners,
  media: profileMedia,
} as const;

export async function replaceSports(db: TDb, profileId: string, names: readonly string[]) {
  await db.delete(profileSports).where(eq(profileSports.profileId, profileId));
  await insertNames(db, profileSports, profileId, names);
}

/**
 * Adds `names` to a listing's sports or amenities, each row with the listing's kind (which the
 * table's reference to the listing checks: see profileKindOf in schema.ts).
 */
async function insertNames(
  db: TDb,
  table: typeof profileSports | typeof profileAmenities,
  profileId: string,
  names: readonly string[],
) {
  if (names.length === 0) return;
  const [listing] = await db
    .select({ kind: profiles.kind })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  // Callers name a listing they hold; one gone meanwhile is an error, not names quietly dropped.
  if (!listing)
    throw new Error(
      `no listing ${profileId} to add ${table === profileSports ? "sports" : "amenities"} to`,
    );
  await db
    .insert(table)
    .values([...new Set(names)].map((name) => ({ profileId, kind: listing.kind, name })))
    .onConflictDoNothing();
}

// ---- boosts across a kind --------------------------------------------------------------------

export const boostOverlaps = (range: { startDate?: string; endDate?: string }): SQL[] => [
  ...(range.endDate ? [lte(profileBoosts.startDate, range.endDate)] : []),
  ...(range.startDate ? [gte(profileBoosts.endDate, range.startDate)] : []),
];

export async function listKindBoosts(
  db: TDb,
  kind: TProfileKind,
  range: { startDate?: string; endDate?: string },
  window: TWindow,
  publicOnly: boolean,
) {
  const where = and(
    eq(profiles.kind, kind),
    ...(publicOnly ? [eq(profiles.status, "approved"), eq(profiles.isActive, true)] : []),
    ...boostOverlaps(range),
    // A boost bought and not yet paid is none yet.
    eq(profileBoosts.state, "active"),
  );
  return pageOf(
    db
      .select({ boost: profileBoosts, profileName: profiles.name })
      .from(profileBoosts)
      .innerJoin(profiles, eq(profiles.id, profileBoosts.profileId))
      .where(where)
      .orderBy(asc(profileBoosts.startDate), asc(profileBoosts.id))
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({ n: count() })
      .from(profileBoosts)
      .innerJoin(profiles, eq(profiles.id, profileBoosts.profileId))
      .where(where),
  );
}

// ---- media -----------------------------------------------------------------------------------

export async function lastMediaSortKey(
  db: TDb,
  profileId: string,
  kind: "image" | "document",
): Promise<string | null> {
  const [row] = await db
    .select({ sortKey: profileMedia.sortKey })
    .from(profileMedia)
    .where(and(eq(profileMedia.profileId, profileId), eq(profileMedia.kind, kind)))
    .orderBy(desc(profileMedia.sortKey), desc(profileMedia.id))
    .limit(1);
  return row?.sortKey ?? null;
}

export async function mediaInOrder(db: TDb, profileId: string, kind: "image" | "document") {
  return db
    .select({ id: profileMedia.id, sortKey: profileMedia.sortKey })
    .from(profileMedia)
    .where(and(eq(profileMedia.profileId, profileId), eq(profileMedia.kind, kind)))
    .orderBy(asc(profileMedia.sortKey), asc(profileMedia.id));
}

export async function allMediaKeys(db: TDb, profileId: string): Promise<string[]> {
  const rows = await db
    .select({ key: profileMedia.fileKey })
    .from(profileMedia)
    .where(eq(profileMedia.profileId, profileId));
  // Partnership pictures go with either side's listing (the link cascades with both).
  const pictures = await db
    .select({ key: profilePartners.imageKey })
    .from(profilePartners)
    .where(
      and(
        or(eq(profilePartners.profileId, profileId), eq(profilePartners.partnerId, profileId)),
        isNotNull(profilePartners.imageKey),
      ),
    );
  return [...rows.map((r) => r.key), ...pictures.map((r) => r.key!)];
}

export const mediaKindIs = (kind: "image" | "document") => eq(profileMedia.kind, kind);
export const mediaOrder = sql`${profileMedia.sortKey}`;

// ---- company links ---------------------------------------------------------------------------

export async function linkCompany(db: TDb, profileId: string, companyId: string, by: string) {
  await db
    .insert(profileCompanies)
    .values({ profileId, companyId, createdBy: by })
    .onConflictDoNothing();
}

export async function unlinkCompany(db: TDb, profileId: string, companyId: string) {
  const rows = await db
    .delete(profileCompanies)
    .where(
      and(eq(profileCompanies.profileId, profileId), eq(profileCompanies.companyId, companyId)),
    )
    .returning({ id: profileCompanies.profileId });
  return rows.length > 0;
}

export async function companyIdsOf(db: TDb, profileId: string): Promise<string[]> {
  const rows = await db
    .select({ id: profileCompanies.companyId })
    .from(profileCompanies)
    .where(eq(profileCompanies.profileId, profileId));
  return rows.map((r) => r.id);
}

// ---- partners by partner id, and a clone's children (PUT /events/{id}/partner, .../clone) -------

/** Links the partner once (a second link changes nothing). */
export async function linkPartner(db: TDb, profileId: string, partnerId: string, by: string) {
  await db
    .insert(profilePartners)
    .values({ profileId, partnerId, createdBy: by, updatedBy: by })
    .onConflictDoNothing();
}

export async function unlinkPartner(db: TDb, profileId: string, partnerId: string) {
  await db
    .delete(profilePartners)
    .where(and(eq(profilePartners.profileId, profileId), eq(profilePartners.partnerId, partnerId)));
}

/**
 * Gives `toId` the place of `fromId`: its address, point and place id, all of them, so the address
 * and the point never describe two places. Nothing when `fromId` has no point; whether it did.
 */
export async function copyPlace(
  db: TDb,
  fromId: string,
  toId: string,
  change: { by: string; at: Date },
): Promise<boolean> {
  const [from] = await db
    .select({
      street: profiles.street,
      city: profiles.city,
      state: profiles.state,
      postalCode: profiles.postalCode,
      country: profiles.country,
      lat: profiles.lat,
      lng: profiles.lng,
      placeId: profiles.placeId,
    })
    .from(profiles)
    .where(eq(profiles.id, fromId));
  if (!from || from.lat === null || from.lng === null) return false;
  await db
    .update(profiles)
    .set({ ...from, updatedBy: change.by, updatedDate: change.at })
    .where(eq(profiles.id, toId));
  return true;
}

export type TPartnerLink = {
  id: string;
  profileId: string;
  partnerId: string;
  imageKey: string | null;
  /** The kind of the listing that made the link (`profileId`'s). */
  ownerKind: string;
};

/** One partner link by its own id, with the kind of the listing that made it. */
export async function findPartnerLink(db: TDb, id: string): Promise<TPartnerLink | undefined> {
  const [row] = await db
    .select({
      id: profilePartners.id,
      profileId: profilePartners.profileId,
      partnerId: profilePartners.partnerId,
      imageKey: profilePartners.imageKey,
      ownerKind: profiles.kind,
    })
    .from(profilePartners)
    .innerJoin(profiles, eq(profiles.id, profilePartners.profileId))
    .where(eq(profilePartners.id, id));
  return row;
}

/** Points a partner link at its new picture; the row as it is now (undefined once unlinked). */
export async function setPartnerImage(db: TDb, id: string, imageKey: string, by: string) {
  const [row] = await db
    .update(profilePartners)
    .set({ imageKey, updatedBy: by, updatedDate: new Date() })
    .where(eq(profilePartners.id, id))
    .returning();
  return row;
}

/** The profiles linked as partners, by name. */
export async function partnerProfiles(db: TDb, profileId: string) {
  return db
    .select({
      id: profiles.id,
      kind: profiles.kind,
      name: profiles.name,
      logo: profiles.logo,
      status: profiles.status,
      isActive: profiles.isActive,
    })
    .from(profilePartners)
    .innerJoin(profiles, eq(profiles.id, profilePartners.partnerId))
    .where(eq(profilePartners.profileId, profileId))
    .orderBy(asc(profiles.name), asc(profiles.id));
}

/** Copies the amenities and space types of one profile to another (a clone; `db` may be a tx). */
export async function copyAmenitiesAndSpaceTypes(db: TDb, fromId: string, toId: string) {
  const amenities = await db
    .select({ name: profileAmenities.name })
    .from(profileAmenities)
    .where(eq(profileAmenities.profileId, fromId));
  await insertNames(
    db,
    profileAmenities,
    toId,
    amenities.map((a) => a.name),
  );
  const spaces = await db
    .select({
      name: profileSpaceTypes.name,
      surface: profileSpaceTypes.surface,
      count: profileSpaceTypes.count,
      location: profileSpaceTypes.location,
      additionalFeatures: profileSpaceTypes.additionalFeatures,
      dayPriceAmount: profileSpaceTypes.dayPriceAmount,
      dayPriceCurrency: profileSpaceTypes.dayPriceCurrency,
    })
    .from(profileSpaceTypes)
    .where(eq(profileSpaceTypes.profileId, fromId));
  if (spaces.length) {
    await db.insert(profileSpaceTypes).values(spaces.map((s) => ({ ...s, profileId: toId })));
  }
}

// ---- saved search presets --------------------------------------------------------------------

export async function savePresets(
  db: TDb,
  userId: string,
  kind: string,
  presets: (typeof savedSearchFilters.$inferInsert)["presets"],
) {
  await db
    .insert(savedSearchFilters)
    .values({ userId, kind, presets })
    .onConflictDoUpdate({
      target: [savedSearchFilters.userId, savedSearchFilters.kind],
      set: { presets, updatedDate: new Date() },
    });
}

export async function findPresets(db: TDb, userId: string, kind: string): Promise<unknown[]> {
  const [row] = await db
    .select({ presets: savedSearchFilters.presets })
    .from(savedSearchFilters)
    .where(and(eq(savedSearchFilters.userId, userId), eq(savedSearchFilters.kind, kind)));
  return (row?.presets as unknown[] | undefined) ?? [];
}

export type TFileOwner = Pick<TProfileRow, "id" | "kind" | "status" | "isActive">;

/** The listings that show the file `key` (as logo, header picture, in their media or a partner picture). */
export async function findProfilesOfFile(db: TDb, key: string): Promise<TFileOwner[]> {
  const result = await db.execute<TFileOwner>(sql`
    select p.id, p.kind, p.status, p.is_active as "isActive" from ${profiles} p
      where p.logo in (${key}, ${`/media/${key}`}) or p.header_image in (${key}, ${`/media/${key}`})
    union
    select p.id, p.kind, p.status, p.is_active from ${profileMedia} m
      join ${profiles} p on p.id = m.profile_id
      where m.file_key = ${key}
    union
    select p.id, p.kind, p.status, p.is_active from ${profilePartners} pp
      join ${profiles} p on p.id = pp.profile_id
      where pp.image_key = ${key}`);
  return result.rows;
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
