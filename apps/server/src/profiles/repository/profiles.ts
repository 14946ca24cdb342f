// SQL of listings themselves: a listing with its kind's detail row, the approval queue, names and
// heads, and a member's saved search presets.
import { isTier, type TProfileKind } from "@hostfield/domain/reference";
import { SPONSORED_PER_PAGE, sponsoredWindow } from "@hostfield/domain/rules";
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  getTableName,
  gte,
  ilike,
  inArray,
  lte,
  notInArray,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { TDb, TWindow } from "../../platform/db/database";
import { containsPattern } from "../../platform/db/like";
import { constant, statementCache } from "../../platform/db/statements";
import type { TDetailTable } from "../descriptor";
import {
  profileBoosts,
  profileMedia,
  profileMembers,
  profilePartners,
  profileReactions,
  profileSports,
  profiles,
  savedSearchFilters,
} from "../schema";

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

// ---- profiles --------------------------------------------------------------------------------

/** A boost of the listing runs today (one awaiting its payment does not). */
const boostedToday = (today: string) =>
  sql<boolean>`exists (select 1 from ${profileBoosts} b where b.profile_id = ${profiles.id}
    and b.start_date <= ${today} and b.end_date >= ${today} and b.state = 'active')`;
// JSON, not text[]: pg reads it with JSON.parse, where a text[] is parsed a character at a time.
const sportNames = sql<
  string[]
>`coalesce((select json_agg(s.name order by s.name) from ${profileSports} s where s.profile_id = ${profiles.id}), '[]')`;

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
  await db.insert(detailTable).values({ ...detail, profileId: id });
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
    await db.update(detailTable).set(detail).where(eq(detailTable.profileId, id));
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
    const pattern = containsPattern(q.text);
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
    })
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
      ? selectLoaded(db, detailTable, today).where(inArray(profiles.id, leadIds))
      : [],
    split.rest.limit > 0
      ? selectLoaded(db, detailTable, today)
          .where(rest)
          .orderBy(asc(profiles.name), asc(profiles.id))
          .limit(split.rest.limit)
          .offset(split.rest.offset)
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
    q.text ? ilike(profiles.name, containsPattern(q.text)) : undefined,
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
  const rows = await selectLoaded(db, detailTable, today).where(eq(profiles.id, id));
  return rows[0] ? toLoaded(rows[0]) : null;
}

/** Profiles of one kind by id, with their details, in no order (no count, no sort: a look-up). */
export async function loadProfiles(
  db: TDb,
  q: Pick<TProfileQuery, "kind" | "publicOnly"> & { ids: readonly string[] },
  detailTable: TDetailTable,
  today: string,
): Promise<TLoadedProfile[]> {
  const rows = await selectLoaded(db, detailTable, today).where(and(...profileConditions(q)));
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
      .select({ id: profiles.id, detail: detailTable, sports: sportNames })
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
  const columns: Record<string, PgColumn | undefined> = getTableColumns(detailTable);
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
      .select({ ...nameColumns, detail })
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
