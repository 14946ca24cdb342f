// The SQL of requests for proposals and leads. It owns event_requirements, event_leads and their
// history; listings (names, places, memberships) come from the profiles service. Two places read
// listing tables, each because it filters (and pages) on them in SQL over rows it cannot name
// beforehand: the matching prefilter (sports, spaces, facility types and, for destinations, the
// listed facilities of every listing in reach) and the marketplace (events still to come, by name).
// Leads are read with their events' names and dates (what a lead shows of its event): a board is a
// hundred cards, and asking the profiles service after was a second round trip per list.
// The lead search by event or owner name reads the leads' own copies of the names (migration 0029).
// Rules live in matching.ts, policy.ts and the services.
import {
  LEAD_STATUSES,
  type TLeadStatus,
  type TOwnerType,
  type TTier,
} from "@hostfield/domain/reference";
import {
  and,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  lte,
  not,
  or,
  type Placeholder,
  type SQL,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { pageOf, type TDb } from "../../platform/db/database";
import { containsPattern } from "../../platform/db/like";
import {
  constant,
  inline,
  planBlind,
  statementCache,
  type TBind,
} from "../../platform/db/statements";
import { profileSpaceTypes, profileSports, profiles } from "../../profiles/schema";
import { eventDetails } from "../events/schema";
import { facilityDestinations, facilityDetails } from "../facilities/schema";
import { users } from "../users/schema";
import type { TWindow } from "./context";
import type { TDestinationCandidate, TFacilityCandidate, TFacilityFacts } from "./matching";
import {
  eventLeadHistory,
  eventLeads,
  eventRequirements,
  leadProposalVersions,
  leadResponseTimes,
  type TStoredProposal,
} from "./schema";

export type TRequirementRow = typeof eventRequirements.$inferSelect;
export type TRequirementInsert = typeof eventRequirements.$inferInsert;
export type TLeadRow = typeof eventLeads.$inferSelect;
export type TLeadInsert = typeof eventLeads.$inferInsert;
export type THistoryInsert = typeof eventLeadHistory.$inferInsert;

const METERS_PER_MILE = 1609.344;
const some = <T>(list: readonly T[] | undefined): list is readonly T[] => !!list && list.length > 0;

// ---- requirements ----------------------------------------------------------------------------

export async function insertRequirement(db: TDb, row: TRequirementInsert) {
  const [created] = await db.insert(eventRequirements).values(row).returning();
  return created!;
}

export async function findRequirement(db: TDb, eventId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(eventRequirements)
    .where(and(eq(eventRequirements.eventId, eventId), eq(eventRequirements.id, id)));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

export async function updateRequirement(db: TDb, id: string, values: Partial<TRequirementInsert>) {
  const [row] = await db
    .update(eventRequirements)
    .set(values)
    .where(eq(eventRequirements.id, id))
    .returning();
  return row!;
}

export async function deleteRequirement(db: TDb, id: string) {
  await db.delete(eventRequirements).where(eq(eventRequirements.id, id));
}

export async function listRequirements(
  db: TDb,
  eventId: string,
  filter: { status?: readonly TRequirementRow["status"][] | undefined },
  window: TWindow,
) {
  const where = and(
    eq(eventRequirements.eventId, eventId),
    some(filter.status) ? inArray(eventRequirements.status, [...filter.status]) : undefined,
  );
  return pageOf(
    db
      .select()
      .from(eventRequirements)
      .where(where)
      .orderBy(desc(eventRequirements.createdDate), desc(eventRequirements.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(eventRequirements).where(where),
  );
}

/** Leads per status of each request. */
export async function leadCounts(db: TDb, requirementIds: readonly string[]) {
  const counts = new Map<string, Partial<Record<TLeadStatus, number>>>();
  if (requirementIds.length === 0) return counts;
  const rows = await db
    .select({ id: eventLeads.requirementId, status: eventLeads.status, n: count() })
    .from(eventLeads)
    .where(inArray(eventLeads.requirementId, [...requirementIds]))
    .groupBy(eventLeads.requirementId, eventLeads.status);
  for (const row of rows) {
    const entry = counts.get(row.id!) ?? {};
    entry[row.status] = row.n;
    counts.set(row.id!, entry);
  }
  return counts;
}

export type TMarketplaceQuery = {
  sports?: readonly string[] | undefined;
  states?: readonly string[] | undefined;
  urgency?: readonly number[] | undefined;
  text?: string | undefined;
  /** Events that ended before this day are left out. */
  today: string;
  /** Requests of these urgencies published after `publishedAfter` stay hidden (hot-lead window). */
  hidden: { urgencies: readonly number[]; publishedAfter: Date } | null;
  /** Nothing published later than this shows (the injectable clock). */
  now: Date;
};

/**
 * Published requests of events still to come, newest first, with their event's summary. Joined to
 * the event's profile and details because the page is filtered (dates, closed, name) and counted on
 * them: asking the profiles service for every event still to come first would not scale.
 */
export async function searchPublished(db: TDb, q: TMarketplaceQuery, window: TWindow) {
  const r = eventRequirements;
  const where = and(
    eq(r.status, "published"),
    lte(r.publishedDate, q.now),
    sql`${eventDetails.endDate} >= ${q.today}`,
    eq(eventDetails.isClosed, false),
    some(q.sports) ? arrayOverlaps(r.sportsList, [...q.sports]) : undefined,
    some(q.states) ? inArray(r.placeState, [...q.states]) : undefined,
    some(q.urgency) ? inArray(r.urgency, [...q.urgency]) : undefined,
    q.text
      ? or(
          ilike(profiles.name, containsPattern(q.text)),
          ilike(r.spaceDescription, containsPattern(q.text)),
        )
      : undefined,
    q.hidden && q.hidden.urgencies.length > 0
      ? not(
          and(
            inArray(r.urgency, [...q.hidden.urgencies]),
            gt(r.publishedDate, q.hidden.publishedAfter),
          )!,
        )
      : undefined,
  );
  const from = () =>
    db
      .select({
        requirement: r,
        event: {
          id: profiles.id,
          name: profiles.name,
          type: eventDetails.type,
          startDate: eventDetails.startDate,
          endDate: eventDetails.endDate,
          hasFlexibleDates: eventDetails.hasFlexibleDates,
          ageGroup: eventDetails.ageGroup,
          eventLevel: eventDetails.eventLevel,
        },
      })
      .from(r)
      .innerJoin(profiles, eq(profiles.id, r.eventId))
      .innerJoin(eventDetails, eq(eventDetails.profileId, r.eventId));
  return pageOf(
    from()
      .where(where)
      .orderBy(desc(r.publishedDate), desc(r.id))
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({ n: count() })
      .from(r)
      .innerJoin(profiles, eq(profiles.id, r.eventId))
      .innerJoin(eventDetails, eq(eventDetails.profileId, r.eventId))
      .where(where),
  );
}

// ---- matching prefilter ------------------------------------------------------------------------
// The one query over listing data (sports, spaces, facility types, a destination's listed
// facilities): publishing reads every candidate in reach with the facts matching.ts judges, in
// one pass. The profile search (profiles/search) pages one kind by relevance and returns no
// spaces or listed facilities, and asking the profiles service facility by facility would be
// thousands of round trips for a national request.

export type TCandidateQuery = {
  sports: readonly string[];
  /** Tiers that may receive leads at all. */
  tiers: readonly TTier[];
  point: { lat: number; lng: number } | null;
  radiusMiles: number | null;
  /** Present when a specific space type is needed: a space of it must exist. */
  space: { name: string; surface: string | null; locations: readonly string[] | null } | null;
  /** Present when a specific facility type is needed. */
  facilityTypes: readonly string[] | null;
};

/** Approved, active listings of `kind` (in table `p`) with a tier, within reach of the point (if any). */
function recipientConditions(
  p: typeof profiles,
  kind: "facility" | "destination",
  q: TCandidateQuery,
): SQL[] {
  const conditions: SQL[] = [
    eq(p.kind, kind),
    eq(p.status, "approved"),
    eq(p.isActive, true),
    inArray(p.tier, [...q.tiers]),
  ];
  if (q.point && q.radiusMiles !== null) {
    // A hair wider than asked: the box and the distance find candidates through the GiST index
    // on ll_to_earth(lat, lng); matching.ts draws the exact edge.
    const meters = q.radiusMiles * METERS_PER_MILE * 1.001;
    const centre = sql`ll_to_earth(${q.point.lat}::float8, ${q.point.lng}::float8)`;
    const earth = sql`ll_to_earth(${p.lat}, ${p.lng})`;
    conditions.push(
      sql`earth_box(${centre}, ${meters}::float8) @> ${earth}`,
      sql`earth_distance(${centre}, ${earth}) <= ${meters}::float8`,
    );
  }
  return conditions;
}

/** Facility data conditions on the facility whose id is `facilityId` (a column). */
function facilityDataConditions(facilityId: SQL, q: TCandidateQuery): SQL[] {
  const conditions: SQL[] = [
    sql`exists (select 1 from ${profileSports} s where s.profile_id = ${facilityId} and s.name in ${q.sports})`,
  ];
  if (q.space) {
    const surface = q.space.surface ? sql`and st.surface = ${q.space.surface}` : sql``;
    const locations = q.space.locations ? sql`and st.location in ${q.space.locations}` : sql``;
    conditions.push(
      sql`exists (select 1 from ${profileSpaceTypes} st where st.profile_id = ${facilityId} and st.name = ${q.space.name} ${surface} ${locations})`,
    );
  }
  if (q.facilityTypes) {
    conditions.push(
      sql`exists (select 1 from ${facilityDetails} ft where ft.profile_id = ${facilityId} and ft.facility_types && ${sql.param([...q.facilityTypes])}::text[])`,
    );
  }
  return conditions;
}

type TFactsRow = {
  id: string;
  name: string;
  facility_types: string[] | null;
  sports: string[] | null;
  spaces: TFacilityFacts["spaces"] | null;
};

/** The facts matching reads of a facility row (sports limited to the asked ones). */
const factsColumns = (facility: SQL, q: TCandidateQuery) => sql`
  ${facility}.id, ${facility}.name,
  (select fd.facility_types from ${facilityDetails} fd where fd.profile_id = ${facility}.id) as facility_types,
  (select array_agg(s.name) from ${profileSports} s where s.profile_id = ${facility}.id and s.name in ${q.sports}) as sports,
  (select json_agg(json_build_object('id', st.id, 'name', st.name, 'surface', st.surface, 'count', st.count, 'location', st.location))
     from ${profileSpaceTypes} st where st.profile_id = ${facility}.id
     ${q.space ? sql`and st.name = ${q.space.name}` : sql``}) as spaces`;

const toFacts = (row: TFactsRow): TFacilityFacts => ({
  id: row.id,
  name: row.name,
  facilityTypes: row.facility_types ?? [],
  sports: row.sports ?? [],
  spaces: row.spaces ?? [],
});

export async function facilityCandidates(
  db: TDb,
  q: TCandidateQuery,
): Promise<TFacilityCandidate[]> {
  if (q.sports.length === 0 || q.tiers.length === 0) return [];
  const where = and(
    ...recipientConditions(profiles, "facility", q),
    ...facilityDataConditions(sql`${profiles.id}`, q),
  );
  const result = await db.execute<
    TFactsRow & { lat: number | null; lng: number | null; tier: string | null; is_active: boolean }
  >(sql`
    select ${factsColumns(sql`profiles`, q)}, profiles.lat, profiles.lng, profiles.tier, profiles.is_active
    from ${profiles} where ${where}`);
  return result.rows.map((row) => ({
    id: row.id,
    name: row.name,
    lat: row.lat,
    lng: row.lng,
    tier: row.tier,
    isActive: row.is_active,
    facts: toFacts(row),
  }));
}

export async function destinationCandidates(
  db: TDb,
  q: TCandidateQuery,
): Promise<TDestinationCandidate[]> {
  if (q.sports.length === 0 || q.tiers.length === 0) return [];
  // One pass: destinations in reach with a tier, joined to their listed (approved, active)
  // facilities that offer a requested sport (and the asked space or type), with those facts.
  const d = alias(profiles, "d");
  const result = await db.execute<
    TFactsRow & {
      d_id: string;
      d_name: string;
      d_lat: number | null;
      d_lng: number | null;
      d_tier: string | null;
      d_active: boolean;
    }
  >(sql`
    select d.id as d_id, d.name as d_name, d.lat as d_lat, d.lng as d_lng, d.tier as d_tier,
      d.is_active as d_active, ${factsColumns(sql`f`, q)}
    from ${profiles} d
    join ${facilityDestinations} link on link.destination_id = d.id
    join ${profiles} f on f.id = link.facility_id and f.kind = 'facility' and f.status = 'approved' and f.is_active
    where ${and(...recipientConditions(d as unknown as typeof profiles, "destination", q), ...facilityDataConditions(sql`f.id`, q))}`);
  const byId = new Map<string, TDestinationCandidate & { facilities: TFacilityFacts[] }>();
  for (const row of result.rows) {
    const found = byId.get(row.d_id) ?? {
      id: row.d_id,
      name: row.d_name,
      lat: row.d_lat,
      lng: row.d_lng,
      tier: row.d_tier,
      isActive: row.d_active,
      facilities: [],
    };
    found.facilities.push(toFacts(row));
    byId.set(row.d_id, found);
  }
  return [...byId.values()];
}

// ---- leads -----------------------------------------------------------------------------------

const INSERT_CHUNK = 1000;

/** Inserts leads, skipping profiles that already have one for the event; returns those written. */
export async function insertLeads(db: TDb, rows: readonly TLeadInsert[]): Promise<TLeadRow[]> {
  const written: TLeadRow[] = [];
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const chunk = rows.slice(i, i + INSERT_CHUNK);
    written.push(
      ...(await db
        .insert(eventLeads)
        .values([...chunk])
        .onConflictDoNothing({ target: [eventLeads.eventId, eventLeads.ownerId] })
        .returning()),
    );
  }
  return written;
}

export async function leadsOfOwners(db: TDb, eventId: string, ownerIds: readonly string[]) {
  if (ownerIds.length === 0) return [];
  return db
    .select()
    .from(eventLeads)
    .where(and(eq(eventLeads.eventId, eventId), inArray(eventLeads.ownerId, [...ownerIds])));
}

/** Of these leads, the ones still Open (a held-back lead may have lost before it appeared). */
export function openLeadsOf(db: TDb, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: eventLeads.id,
      ownerId: eventLeads.ownerId,
      createdDate: eventLeads.createdDate,
      visibleFrom: eventLeads.visibleFrom,
    })
    .from(eventLeads)
    .where(and(inArray(eventLeads.id, [...ids]), eq(eventLeads.status, "Open")));
}

/**
 * The owner's leads still held back at `now` become visible from their publish (their creation):
 * the ones changed, with their events' names.
 */
export async function releaseHeldLeads(db: TDb, ownerId: string, now: Date) {
  const released = await db
    .update(eventLeads)
    .set({ visibleFrom: sql`${eventLeads.createdDate}` })
    .where(and(eq(eventLeads.ownerId, ownerId), gt(eventLeads.visibleFrom, now)))
    .returning({
      id: eventLeads.id,
      eventId: eventLeads.eventId,
      ownerId: eventLeads.ownerId,
      status: eventLeads.status,
    });
  if (released.length === 0) return [];
  const names = new Map(
    (
      await db
        .select({ id: profiles.id, name: profiles.name })
        .from(profiles)
        .where(inArray(profiles.id, [...new Set(released.map((l) => l.eventId))]))
    ).map((p) => [p.id, p.name]),
  );
  return released.map((l) => ({ ...l, eventName: names.get(l.eventId) ?? "" }));
}

/** A lead by its id alone: its event, request and status (what other modules may know of it). */
export async function findLeadOrigin(db: TDb, leadId: string) {
  const [row] = await db
    .select({
      id: eventLeads.id,
      eventId: eventLeads.eventId,
      requirementId: eventLeads.requirementId,
      status: eventLeads.status,
    })
    .from(eventLeads)
    .where(eq(eventLeads.id, leadId));
  return row ?? null;
}

/**
 * The ids of a listing's leads visible at `at` (all of them, or those among `ids`), oldest first,
 * at most `limit`: what a CRM sync of the listing sends.
 */
export async function visibleLeadIdsOf(
  db: TDb,
  ownerId: string,
  ids: readonly string[] | null,
  at: Date,
  limit: number,
): Promise<string[]> {
  if (ids && ids.length === 0) return [];
  const rows = await db
    .select({ id: eventLeads.id })
    .from(eventLeads)
    .where(
      and(
        eq(eventLeads.ownerId, ownerId),
        lte(eventLeads.visibleFrom, at),
        ids ? inArray(eventLeads.id, [...ids]) : undefined,
      ),
    )
    .orderBy(asc(eventLeads.createdDate), asc(eventLeads.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The listings holding a lead of the event that is visible at `at` (hot-lead head starts wait). */
export async function visibleLeadOwners(db: TDb, eventId: string, at: Date): Promise<string[]> {
  const rows = await db
    .select({ ownerId: eventLeads.ownerId })
    .from(eventLeads)
    .where(and(eq(eventLeads.eventId, eventId), lte(eventLeads.visibleFrom, at)));
  return rows.map((r) => r.ownerId);
}

export async function findLead(db: TDb, eventId: string, leadId: string, lock = false) {
  const query = db
    .select()
    .from(eventLeads)
    .where(and(eq(eventLeads.eventId, eventId), eq(eventLeads.id, leadId)));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

export async function updateLead(db: TDb, id: string, values: Partial<TLeadInsert>) {
  const [row] = await db.update(eventLeads).set(values).where(eq(eventLeads.id, id)).returning();
  return row!;
}

/** Deletes the lead (only while it has `onlyIn` status, when given); whether it did. */
export async function deleteLead(db: TDb, id: string, onlyIn: TLeadStatus | null = null) {
  const deleted = await db
    .delete(eventLeads)
    .where(and(eq(eventLeads.id, id), onlyIn ? eq(eventLeads.status, onlyIn) : undefined))
    .returning({ id: eventLeads.id });
  return deleted.length > 0;
}

/** Deletes these leads (an award withdraws the ones their venues could not see yet). */
export async function deleteLeads(db: TDb, ids: readonly string[]) {
  if (ids.length === 0) return;
  await db.delete(eventLeads).where(inArray(eventLeads.id, [...ids]));
}

/**
 * Every lead of the event, locked for the rest of the transaction in one order (by id): two
 * awards of the same event then queue behind each other instead of each holding its own lead
 * while waiting for the other's (a deadlock, which PostgreSQL breaks by failing one of them).
 */
export async function lockEventLeads(db: TDb, eventId: string) {
  return db
    .select()
    .from(eventLeads)
    .where(eq(eventLeads.eventId, eventId))
    .orderBy(asc(eventLeads.id))
    .for("update");
}

export async function setLeadsStatus(
  db: TDb,
  ids: readonly string[],
  values: Pick<
    TLeadInsert,
    "status" | "statusReason" | "statusReasonCode" | "updatedDate" | "updatedBy"
  >,
) {
  if (ids.length === 0) return;
  await db
    .update(eventLeads)
    .set(values)
    .where(inArray(eventLeads.id, [...ids]));
}

export async function countWon(db: TDb, requirementId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(eventLeads)
    .where(and(eq(eventLeads.requirementId, requirementId), eq(eventLeads.status, "Won")));
  return row?.n ?? 0;
}

/** The event found its venue: the winning lead's request and the event's other published ones. */
export async function awardRequirements(
  db: TDb,
  eventId: string,
  requirementId: string | null,
  at: Date,
  by: string,
) {
  await db
    .update(eventRequirements)
    .set({ status: "awarded", updatedDate: at, updatedBy: by })
    .where(
      and(
        eq(eventRequirements.eventId, eventId),
        or(
          eq(eventRequirements.status, "published"),
          requirementId ? eq(eventRequirements.id, requirementId) : undefined,
        ),
      ),
    );
}

/** An awarded request whose win was taken back (by an admin) is published again. */
export async function reopenIfNoWinner(db: TDb, requirementId: string, at: Date, by: string) {
  if ((await countWon(db, requirementId)) > 0) return;
  await db
    .update(eventRequirements)
    .set({ status: "published", updatedDate: at, updatedBy: by })
    .where(and(eq(eventRequirements.id, requirementId), eq(eventRequirements.status, "awarded")));
}

export async function insertHistory(db: TDb, rows: readonly THistoryInsert[]) {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await db.insert(eventLeadHistory).values([...rows.slice(i, i + INSERT_CHUNK)]);
  }
}

/** A proposal's new version (the lead's row carries it as current: updateLead). */
export async function insertProposalVersion(
  db: TDb,
  row: {
    leadId: string;
    version: number;
    proposal: TStoredProposal;
    submittedBy: string;
    submittedDate: Date;
  },
) {
  await db.insert(leadProposalVersions).values(row);
}

/** Every version of the lead's proposal, the first first, with who sent it. */
export async function listProposalVersions(db: TDb, leadId: string) {
  return db
    .select({
      version: leadProposalVersions.version,
      proposal: leadProposalVersions.proposal,
      submittedDate: leadProposalVersions.submittedDate,
      by: { id: users.id, name: users.name, avatarKey: users.avatarKey },
    })
    .from(leadProposalVersions)
    .leftJoin(users, eq(users.id, leadProposalVersions.submittedBy))
    .where(eq(leadProposalVersions.leadId, leadId))
    .orderBy(asc(leadProposalVersions.version));
}

export async function listHistory(db: TDb, leadId: string) {
  return db
    .select({
      entry: eventLeadHistory,
      by: { id: users.id, name: users.name, avatarKey: users.avatarKey },
    })
    .from(eventLeadHistory)
    .leftJoin(users, eq(users.id, eventLeadHistory.byUserId))
    .where(eq(eventLeadHistory.leadId, leadId))
    .orderBy(asc(eventLeadHistory.createdDate), asc(eventLeadHistory.id));
}

// ---- lead pages ------------------------------------------------------------------------------

/** Whose leads: an event's, a listing's (visible ones), or an event's sent to some listings. */
export type TLeadScope =
  | { kind: "event"; eventId: string }
  /** `ownerName`: the listing's name as its access check read it, for a text filter. */
  | { kind: "owner"; ownerId: string; ownerName?: string; visibleAt: Date }
  | { kind: "owners"; eventId: string; ownerIds: readonly string[]; visibleAt: Date }
  | { kind: "listings"; ownerIds: readonly string[]; visibleAt: Date };

export type TLeadQuery = {
  status?: readonly TLeadStatus[] | undefined;
  ownerType?: readonly TOwnerType[] | undefined;
  urgency?: readonly number[] | undefined;
  assignedTo?: string | undefined;
  text?: string | undefined;
};

/**
 * Whose leads, every value bound (`bind` from platform/db/statements: the hot reads keep their
 * statements; the others pass `inline`).
 */
function scopeCondition(scope: TLeadScope, bind: TBind = inline): SQL | undefined {
  switch (scope.kind) {
    case "event":
      return eq(eventLeads.eventId, bind("event", scope.eventId));
    case "owner":
      return and(
        eq(eventLeads.ownerId, bind("owner", scope.ownerId)),
        lte(eventLeads.visibleFrom, bind("visibleAt", scope.visibleAt)),
      );
    case "owners":
      return and(
        eq(eventLeads.eventId, bind("event", scope.eventId)),
        lte(eventLeads.visibleFrom, bind("visibleAt", scope.visibleAt)),
        ownedBy(scope.ownerIds, bind),
      );
    case "listings":
      return and(
        ownedBy(scope.ownerIds, bind),
        lte(eventLeads.visibleFrom, bind("visibleAt", scope.visibleAt)),
      );
  }
}

/** One array value, whatever the number of listings (one statement for every count). */
const ownedBy = (ownerIds: readonly string[], bind: TBind) =>
  ownerIds.length
    ? sql`${eventLeads.ownerId} = any(${bind("owners", [...ownerIds])}::uuid[])`
    : sql`false`;

/**
 * The event's or the owner's name contains the text, whatever the case: both are on the lead's
 * row, in lower case (copies kept by PostgreSQL, migrations 0029 and 0033), so a filter reads the
 * rows its scope's index walk already reads, instead of a name per lead by primary key (on a
 * listing with 2,000 candidate leads, 4,000 buffer reads of the 4,300 its matches took), and
 * matches them with LIKE against the lowered text (ILIKE lowered every name it tried, again). A
 * listing's own leads all carry its name: given, it is matched once (PostgreSQL folds the bound
 * name's test when it plans the call), leaving one pattern per lead instead of two. The event's
 * name is carried by the listing's (owner, status, newest) index (migration 0032), so the pattern
 * is tried on the index's entries alone (445 matches of 5,000 leads: 0.9 ms, against 5.0 ms by a
 * trigram index of every lead's event name, which fetched each of the 1,111 leads it found).
 */
function textCondition(scope: TLeadScope, text: string, bind: TBind): SQL {
  const like = sql`lower(${bind("text", containsPattern(text))})`;
  const ownerName =
    scope.kind === "owner" && scope.ownerName !== undefined
      ? sql`lower(${bind("ownerName", scope.ownerName)}::text)`
      : eventLeads.ownerName;
  return sql`(${ownerName} like ${like} or ${eventLeads.eventName} like ${like})`;
}

function leadConditions(scope: TLeadScope, q: TLeadQuery, bind: TBind = inline): SQL | undefined {
  return and(
    scopeCondition(scope, bind),
    some(q.status)
      ? sql`${eventLeads.status} = any(${bind("status", [...q.status])}::text[])`
      : undefined,
    some(q.ownerType)
      ? sql`${eventLeads.ownerType} = any(${bind("ownerType", [...q.ownerType])}::text[])`
      : undefined,
    some(q.urgency)
      ? sql`${eventRequirements.urgency} = any(${bind("urgency", [...q.urgency])}::int[])`
      : undefined,
    q.assignedTo ? eq(eventLeads.assignedUserId, bind("assignedTo", q.assignedTo)) : undefined,
    q.text ? textCondition(scope, q.text, bind) : undefined,
  );
}

/** What a lead shows of its request: the organizer's input, its status and place (no audit, no point). */
const requestShown = {
  id: eventRequirements.id,
  status: eventRequirements.status,
  placeLabel: eventRequirements.placeLabel,
  sportsList: eventRequirements.sportsList,
  needsSpecificFacilityType: eventRequirements.needsSpecificFacilityType,
  facilityTypes: eventRequirements.facilityTypes,
  needsSpecificSpaceType: eventRequirements.needsSpecificSpaceType,
  spaceType: eventRequirements.spaceType,
  spaceSurface: eventRequirements.spaceSurface,
  spaceTypeCount: eventRequirements.spaceTypeCount,
  spaceLocation: eventRequirements.spaceLocation,
  spaceDescription: eventRequirements.spaceDescription,
  address: eventRequirements.address,
  dist: eventRequirements.dist,
  urgency: eventRequirements.urgency,
  attendance: eventRequirements.attendance,
  roomNights: eventRequirements.roomNights,
  budget: eventRequirements.budget,
  decisionDate: eventRequirements.decisionDate,
  pricing: eventRequirements.pricing,
  dateOptions: eventRequirements.dateOptions,
} satisfies Partial<Record<keyof TRequirementRow, unknown>>;
export type TRequirementShown = Pick<TRequirementRow, keyof typeof requestShown>;

/** What a lead shows of itself: every column but the audit's authors. */
const leadShown = {
  id: eventLeads.id,
  eventId: eventLeads.eventId,
  requirementId: eventLeads.requirementId,
  ownerType: eventLeads.ownerType,
  ownerId: eventLeads.ownerId,
  status: eventLeads.status,
  statusReason: eventLeads.statusReason,
  statusReasonCode: eventLeads.statusReasonCode,
  proposalVersion: eventLeads.proposalVersion,
  acceptedVersion: eventLeads.acceptedVersion,
  revisionRequest: eventLeads.revisionRequest,
  source: eventLeads.source,
  score: eventLeads.score,
  reasons: eventLeads.reasons,
  distanceMiles: eventLeads.distanceMiles,
  visibleFrom: eventLeads.visibleFrom,
  groupId: eventLeads.groupId,
  firstResponseDate: eventLeads.firstResponseDate,
  proposal: eventLeads.proposal,
  createdDate: eventLeads.createdDate,
  updatedDate: eventLeads.updatedDate,
} satisfies Partial<Record<keyof TLeadRow, unknown>>;

/**
 * What a lead shows of its event, read with it (a board is a hundred cards, and asking the profiles
 * service after was a second round trip per list): its name and dates. Its details are left-joined
 * as the profiles service reads them; a lead's event is never missing (deleting it cascades).
 */
const eventLine = {
  name: profiles.name,
  startDate: eventDetails.startDate,
  endDate: eventDetails.endDate,
  hasFlexibleDates: eventDetails.hasFlexibleDates,
};

/**
 * A lead's columns, its request's shown ones, its assignee, its owner's kept median time to
 * answer and its event's line: every lead list maps these per row, so it reads no column no lead
 * shows.
 */
const leadSelection = {
  lead: leadShown,
  request: requestShown,
  assigned: { id: users.id, name: users.name, avatarKey: users.avatarKey },
  ownerResponseMs: leadResponseTimes.medianMs,
  event: eventLine,
};

/**
 * A lead as a pipeline card shows it (contracts' ZLeadCard): the lead's own columns a card shows,
 * its request's urgency, its assignee and its event's line; not its owner's time to answer, nor
 * the request's input.
 */
const cardSelection = {
  lead: {
    id: eventLeads.id,
    eventId: eventLeads.eventId,
    ownerType: eventLeads.ownerType,
    ownerId: eventLeads.ownerId,
    status: eventLeads.status,
    score: eventLeads.score,
    reasons: eventLeads.reasons,
    createdDate: eventLeads.createdDate,
  },
  request: { urgency: eventRequirements.urgency },
  assigned: leadSelection.assigned,
  event: eventLine,
};

/**
 * The leads of `where`, newest first, read as `selection` says: whole leads or cards (which do
 * not read their owner's time to answer). drizzle's types cannot follow a selection given as a
 * parameter, so the rows are typed as whole leads here and callers of the card selection read
 * them as TLeadCardView.
 */
function selectLeads(
  db: TDb,
  where: SQL | undefined,
  selection:
    | (typeof leadSelection & { total?: SQL<number> })
    | (typeof cardSelection & { statusCount?: SQL<number> }),
  only?: { table: SQL; on: SQL },
) {
  const from = db.select(selection as typeof leadSelection).from(eventLeads);
  // `only`: the leads a subquery picks, joined first (with what it says of each).
  const joined = (only ? from.innerJoin(only.table, only.on) : from)
    .innerJoin(profiles, eq(profiles.id, eventLeads.eventId))
    .leftJoin(eventDetails, eq(eventDetails.profileId, eventLeads.eventId))
    .leftJoin(eventRequirements, eq(eventRequirements.id, eventLeads.requirementId))
    .leftJoin(users, eq(users.id, eventLeads.assignedUserId));
  const answered =
    "ownerResponseMs" in selection
      ? joined.leftJoin(leadResponseTimes, eq(leadResponseTimes.ownerId, eventLeads.ownerId))
      : joined;
  return answered.where(where).orderBy(desc(eventLeads.createdDate), desc(eventLeads.id));
}
export type TLeadView = Awaited<ReturnType<typeof selectLeads>>[number];
/** A lead read for a card (cardSelection). */
export type TLeadCardView = {
  lead: Pick<TLeadView["lead"], keyof typeof cardSelection.lead>;
  request: Pick<NonNullable<TLeadView["request"]>, keyof typeof cardSelection.request> | null;
  assigned: TLeadView["assigned"];
  event: TLeadView["event"];
};

/**
 * The leads table alone, joined to requests only when the filter reads their urgency: what counts
 * leads reads no more than it must.
 */
function filteredLeads<T extends { from: (table: typeof eventLeads) => unknown }>(
  query: T,
  q: TLeadQuery,
) {
  const base = query.from(eventLeads) as ReturnType<ReturnType<TDb["select"]>["from"]>;
  if (!some(q.urgency)) return base;
  return base.leftJoin(eventRequirements, eq(eventRequirements.id, eventLeads.requirementId));
}

/**
 * The lead reads every list page, board and stats call makes keep their statements, rendered once
 * per shape (platform/db/statements): building and rendering them cost more CPU than PostgreSQL
 * spends answering them. Everything a caller gives is bound; the shape names the scope's kind.
 */
const leadStatements = statementCache();
/**
 * A page, loaded leads and a board keep their plans too: each walks one index in the order it
 * reads, and stops, whatever the values. A text's matches plan each call: a plan made for any values
 * guesses a few leads per listing (the average) and tries the text before the status on each (on
 * 5,000 leads 4.6 ms against 2.6). A board once planned each call for the same reason (it took the
 * (owner, visible, status) index and sorted each status's leads); its walk now checks visibility
 * on the leads it reads, which leaves the (owner, status, newest) index as the only ordered plan:
 * kept, one destination's board (5,000 leads) runs in 1.6 ms, where planned on each call it ran in
 * 1.5 ms after 1.9 ms of planning; six listings' board takes 3.9 ms a call against 7.2.
 */
const keptLeadStatements = statementCache({ keepPlans: true });
/**
 * Whose leads a kept page reads, and which of them, out of its plan's sight (planBlind): the plan
 * that walks the (owner, newest) index suits a listing with 5 leads and one with 5,000, but the
 * second's statistics made each call's own plan look cheaper, and every page was planned again.
 */
const PAGE_VALUE_TYPES = {
  event: "uuid",
  owner: "uuid",
  owners: "uuid[]",
  visibleAt: "timestamptz",
  // bigint: what PostgreSQL takes for a limit and an offset (a page far past 2^31 is still a page).
  limit: "bigint",
  offset: "bigint",
} as const;

/**
 * A page of leads with their request and assignee, and how many match. The page is one statement:
 * the (owner, newest) index gives a listing's leads in the page's order, so only the page's rows
 * are joined; the count runs beside it. A text filter reads a name per lead, so its matches are
 * found once, counted and paged in one statement, and only the page's rows are loaded after.
 */
export async function listLeads(db: TDb, scope: TLeadScope, q: TLeadQuery, window: TWindow) {
  if (q.text) {
    const [found] = await leadStatements<{ n: number; ids: string[] }>(
      db,
      `text|${scope.kind}`,
      (bind) => {
        // Read twice below, so PostgreSQL runs it once (a CTE read twice is materialized).
        const matched = db
          .$with("matched")
          .as(
            filteredLeads(
              db.select({ id: eventLeads.id, createdDate: eventLeads.createdDate }),
              q,
            ).where(leadConditions(scope, q, bind)),
          );
        return db
          .with(matched)
          .select({
            n: sql<number>`(select count(*)::int from ${matched})`,
            ids: sql<string[]>`array(select m.id::text from ${matched} m
              order by m.created_date desc, m.id desc
              limit ${bind("limit", window.limit)} offset ${bind("offset", window.offset)})`,
          })
          .from(sql`(select) as one`);
      },
    );
    return { rows: await loadLeads(db, found?.ids ?? []), count: found?.n ?? 0 };
  }
  const countOf = (bind: TBind) =>
    filteredLeads(db.select({ n: count() }), q).where(leadConditions(scope, q, bind));
  // The count rides on the page's rows: an uncorrelated subquery, run once per statement.
  const rows = await keptLeadStatements<TLeadView & { total: number }>(
    db,
    `page|${scope.kind}`,
    (bindValue) => {
      const bind = planBlind(bindValue, PAGE_VALUE_TYPES);
      return selectLeads(db, leadConditions(scope, q, bind), {
        ...leadSelection,
        total: sql<number>`(${countOf(bind)})::int`,
      })
        .limit(bind("limit", window.limit))
        .offset(bind("offset", window.offset));
    },
  );
  if (rows.length > 0 || window.offset === 0) return { rows, count: rows[0]?.total ?? 0 };
  // A page past the last lead has no row to carry the count.
  const [total] = await leadStatements<{ n: number }>(db, `count|${scope.kind}`, countOf);
  return { rows, count: total?.n ?? 0 };
}

/** These leads, newest first, with their request and assignee. */
export async function loadLeads(db: TDb, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return keptLeadStatements<TLeadView>(db, "byIds", (bind) =>
    selectLeads(db, sql`${eventLeads.id} = any(${bind("ids", [...ids])}::uuid[])`, leadSelection),
  );
}

/** Leads per status in the scope and filter. */
export async function statusCounts(db: TDb, scope: TLeadScope, q: TLeadQuery) {
  const rows = await leadStatements<{ status: TLeadStatus; n: number }>(
    db,
    `statusCounts|${scope.kind}`,
    (bind) =>
      filteredLeads(db.select({ status: eventLeads.status, n: count() }), q)
        .where(leadConditions(scope, q, bind))
        .groupBy(eventLeads.status),
  );
  return new Map(rows.map((r) => [r.status, r.n]));
}

/** The median of the leads' times to first answer: `lead_response_ms` is the one definition (migration 0028). */
const responseMs = sql<
  number | null
>`percentile_cont(0.5) within group (order by lead_response_ms(${eventLeads.firstResponseDate}, ${eventLeads.createdDate}))`;

/** Median of (first response − creation) in ms, over the answered leads in the scope and filter. */
export async function medianResponse(db: TDb, scope: TLeadScope, q: TLeadQuery) {
  const [row] = await leadStatements<{ ms: number | null }>(
    db,
    `medianResponse|${scope.kind}`,
    (bind) =>
      filteredLeads(db.select({ ms: responseMs }), q).where(
        and(leadConditions(scope, q, bind), isNotNull(eventLeads.firstResponseDate)),
      ),
  );
  return row?.ms === null || row?.ms === undefined ? null : Number(row.ms);
}

/**
 * Each owner's median time to first response (ms), over all its answered leads: kept by
 * PostgreSQL as leads are answered (lead_response_times), read by key. Computed per read, it cost
 * every lead list a sort of the listing's answered leads (1.4 ms of PostgreSQL for 1,700).
 */
export async function responseTimes(db: TDb, ownerIds: readonly string[]) {
  const times = new Map<string, number>();
  if (ownerIds.length === 0) return times;
  const rows = await leadStatements<{ ownerId: string; ms: number }>(db, "responseTimes", (bind) =>
    db
      .select({ ownerId: leadResponseTimes.ownerId, ms: leadResponseTimes.medianMs })
      .from(leadResponseTimes)
      .where(sql`${leadResponseTimes.ownerId} = any(${bind("owners", [...ownerIds])}::uuid[])`),
  );
  for (const row of rows) times.set(row.ownerId, row.ms);
  return times;
}

/** Whose board, and how many cards a column holds, out of its kept plan's sight (planBlind). */
const BOARD_VALUE_TYPES = {
  owner: "uuid",
  owners: "uuid[]",
  visibleAt: "timestamptz",
  perStatus: "int",
  perStatusOfAll: "int",
} as const;

/**
 * The newest `perStatus` visible leads in each status among some listings, with their request and
 * assignee, and how many visible leads each status has, in one statement: per status and listing,
 * a short walk of the (owner, status, newest) index, then the newest of those; never a sort of
 * every lead the listings have. One listing's board walks the index once per status, with no
 * listing level to plan (2.2 ms of planning and 1.6 ms of execution against 0.2 and 0.4 for a
 * destination with 5,000 leads). Each status's count rides on its leads' rows (a status with a
 * visible lead has a row; one without has neither), saving the board a statement of its own. Each
 * status is counted in its range of the (owner, status, visible) index, read alone: for 5,000
 * leads 0.5 ms, against 1.3 ms for one pass of the (owner, visible, status) index hashing the
 * statuses, which was most of a board's time in PostgreSQL.
 */
export async function pipelineLeads(
  db: TDb,
  ownerIds: readonly string[],
  visibleAt: Date,
  perStatus: number,
): Promise<{ leads: TLeadCardView[]; counts: Map<TLeadStatus, number> }> {
  if (ownerIds.length === 0) return { leads: [], counts: new Map() };
  const one = ownerIds.length === 1;
  const rows = await keptLeadStatements<TLeadCardView & { statusCount: number }>(
    db,
    one ? "pipeline|one" : "pipeline|many",
    (bindValue) => {
      const bind = planBlind(bindValue, BOARD_VALUE_TYPES);
      const visible = sql`${eventLeads.visibleFrom} <= ${bind("visibleAt", visibleAt)}`;
      // Visibility is checked on the leads the walk reads, never an index condition: a plan kept
      // for any values guesses a few leads per listing and would take the (owner, visible, status)
      // index, then sort each status's leads, where the (owner, status, newest) index gives them
      // in order and stops at the column's last card.
      const newestOf = (
        owner: SQLWrapper | Placeholder,
      ) => sql`select ${eventLeads.id}, ${eventLeads.createdDate}
        from ${eventLeads}
        where ${eventLeads.ownerId} = ${owner} and ${eventLeads.status} = s.status and (${visible}) is true
        order by ${eventLeads.createdDate} desc, ${eventLeads.id} desc limit ${bind("perStatus", perStatus)}`;
      const owners = one ? bind("owner", ownerIds[0]!) : bind("owners", [...ownerIds]);
      const newestOfStatus = one
        ? newestOf(owners)
        : sql`select l.id from unnest(${owners}::uuid[]) o(id)
            cross join lateral (${newestOf(sql`o.id`)}) l
            order by l.created_date desc, l.id desc limit ${bind("perStatusOfAll", perStatus)}`;
      // Counted first, each status's visible leads a range of the (owner, status, visible) index
      // read alone (materialized: a plan for any values, which guesses a few leads per listing,
      // would otherwise count again for each of a status's leads); a status without a visible lead
      // has no card, so no row.
      const statuses = sql.join(LEAD_STATUSES.map(constant), sql`, `);
      const counted = sql`select s.status, (select count(*)::int from ${eventLeads}
          where ${one ? sql`${eventLeads.ownerId} = ${owners}` : sql`${eventLeads.ownerId} = any(${owners}::uuid[])`}
            and ${eventLeads.status} = s.status and ${visible}) as n
        from unnest(array[${statuses}]::text[]) s(status)`;
      const board = sql`(with counted as materialized (${counted})
        select n.id, s.n from counted s cross join lateral (${newestOfStatus}) n) board`;
      return selectLeads(
        db,
        undefined,
        { ...cardSelection, statusCount: sql<number>`board.n` },
        {
          table: board,
          on: sql`board.id = ${eventLeads.id}`,
        },
      );
    },
  );
  const counts = new Map<TLeadStatus, number>();
  for (const row of rows) counts.set(row.lead.status, row.statusCount);
  return { leads: rows, counts };
}

/** Each listing's visible leads: how many, and when the newest came (listings without are absent). */
export async function leadsPerOwner(db: TDb, ownerIds: readonly string[], visibleAt: Date) {
  if (ownerIds.length === 0) return new Map<string, { count: number; newest: Date }>();
  const rows = await leadStatements<{ ownerId: string; n: number; newest: Date }>(
    db,
    "leadsPerOwner",
    (bind) =>
      db
        .select({
          ownerId: eventLeads.ownerId,
          n: count(),
          newest: sql`max(${eventLeads.createdDate})`.mapWith(eventLeads.createdDate),
        })
        .from(eventLeads)
        .where(scopeCondition({ kind: "listings", ownerIds, visibleAt }, bind))
        .groupBy(eventLeads.ownerId),
  );
  return new Map(rows.map((row) => [row.ownerId, { count: row.n, newest: row.newest }]));
}

/**
 * These listings' Open leads not visible yet at `at` (a hot request's head start): the requests
 * they come from (a lead whose request was deleted counts as its event's), the listings they go
 * to, and when the first appears. Counts only: the marketplace tells no more before then.
 */
export async function heldBackLeads(db: TDb, ownerIds: readonly string[], at: Date) {
  if (ownerIds.length === 0) return { requests: 0, listings: 0, next: null };
  const [row] = await db
    .select({
      requests: sql<number>`count(distinct coalesce(${eventLeads.requirementId}, ${eventLeads.eventId}))::int`,
      listings: sql<number>`count(distinct ${eventLeads.ownerId})::int`,
      next: sql<Date | null>`min(${eventLeads.visibleFrom})`.mapWith(eventLeads.visibleFrom),
    })
    .from(eventLeads)
    .where(
      and(
        inArray(eventLeads.ownerId, [...ownerIds]),
        gt(eventLeads.visibleFrom, at),
        eq(eventLeads.status, "Open"),
      ),
    );
  return { requests: row?.requests ?? 0, listings: row?.listings ?? 0, next: row?.next ?? null };
}

// ---- the home summary ------------------------------------------------------------------------

/** Leads that wait for the recipient's answer: still Open, for an event not yet over. */
const waiting = (today: string) =>
  and(
    eq(eventLeads.status, "Open"),
    sql`exists (select 1 from ${eventDetails} where ${eventDetails.profileId} = ${eventLeads.eventId}
      and ${eventDetails.endDate} >= ${today})`,
  );

/**
 * Among some listings' visible leads: how many arrived (became visible) since `since`, and how
 * many wait for an answer. One statement.
 */
export async function homeLeadCounts(
  db: TDb,
  ownerIds: readonly string[],
  at: { now: Date; since: Date; today: string },
) {
  if (ownerIds.length === 0) return { fresh: 0, waiting: 0 };
  const [row] = await db
    .select({
      fresh: sql<number>`(count(*) filter (where ${eventLeads.visibleFrom} > ${at.since}))::int`,
      waiting: sql<number>`(count(*) filter (where ${waiting(at.today)}))::int`,
    })
    .from(eventLeads)
    .where(scopeCondition({ kind: "listings", ownerIds, visibleAt: at.now }));
  return { fresh: row?.fresh ?? 0, waiting: row?.waiting ?? 0 };
}

/** The `limit` leads that arrived last among some listings' visible leads. */
export async function newestArrivedLeadIds(
  db: TDb,
  ownerIds: readonly string[],
  at: { now: Date; since: Date },
  limit: number,
): Promise<string[]> {
  if (ownerIds.length === 0) return [];
  const rows = await db
    .select({ id: eventLeads.id })
    .from(eventLeads)
    .where(
      and(
        scopeCondition({ kind: "listings", ownerIds, visibleAt: at.now }),
        gt(eventLeads.visibleFrom, at.since),
      ),
    )
    .orderBy(desc(eventLeads.visibleFrom), desc(eventLeads.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The `limit` waiting leads (see `waiting`) whose event starts first; ties by age, oldest first. */
export async function waitingLeadIds(
  db: TDb,
  ownerIds: readonly string[],
  at: { now: Date; today: string },
  limit: number,
): Promise<string[]> {
  if (ownerIds.length === 0) return [];
  const rows = await db
    .select({ id: eventLeads.id })
    .from(eventLeads)
    .innerJoin(eventDetails, eq(eventDetails.profileId, eventLeads.eventId))
    .where(
      and(
        scopeCondition({ kind: "listings", ownerIds, visibleAt: at.now }),
        eq(eventLeads.status, "Open"),
        sql`${eventDetails.endDate} >= ${at.today}`,
      ),
    )
    .orderBy(asc(eventDetails.startDate), asc(eventLeads.createdDate), asc(eventLeads.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Open requests of these events (drafts, which direct sends leave as they are, and published ones;
 * not awarded or closed), the newest published or drafted first: `limit` of them and the count.
 */
export async function openRequirementsOf(db: TDb, eventIds: readonly string[], limit: number) {
  if (eventIds.length === 0) return { rows: [], count: 0 };
  const where = and(
    inArray(eventRequirements.eventId, [...eventIds]),
    inArray(eventRequirements.status, ["draft", "published"]),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(eventRequirements)
      .where(where)
      .orderBy(
        desc(sql`coalesce(${eventRequirements.publishedDate}, ${eventRequirements.createdDate})`),
        desc(eventRequirements.id),
      )
      .limit(limit),
    db.select({ n: count() }).from(eventRequirements).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

/** The `limit` newest proposals (leads answered Interested, later Won or Lost) on these events. */
export async function newestProposalLeadIds(
  db: TDb,
  eventIds: readonly string[],
  limit: number,
): Promise<string[]> {
  if (eventIds.length === 0) return [];
  const submitted = sql`(${eventLeads.proposal} ->> 'submittedDate')::timestamptz`;
  const rows = await db
    .select({ id: eventLeads.id })
    .from(eventLeads)
    .where(
      and(
        inArray(eventLeads.eventId, [...eventIds]),
        inArray(eventLeads.status, ["Interested", "Won", "Lost"]),
        isNotNull(eventLeads.proposal),
      ),
    )
    .orderBy(sql`${submitted} desc`, desc(eventLeads.id))
    .limit(limit);
  return rows.map((r) => r.id);
}
