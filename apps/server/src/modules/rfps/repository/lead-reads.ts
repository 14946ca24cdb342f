// How lists of leads are read: whose (a scope), which (a filter) and what of each (whole leads or
// cards), in statements kept per shape; and a page of them. Leads are read with their events' names
// and dates (what a lead shows of its event): a board is a hundred cards, and asking the profiles
// service after was a second round trip per list. The lead search by event or owner name reads the
// leads' own copies of the names (migration 0029).
import type { TLeadStatus, TOwnerType } from "@hostfield/domain/reference";
import { and, count, desc, eq, lte, type SQL, sql } from "drizzle-orm";
import type { TDb } from "../../../platform/db/database";
import { containsPattern } from "../../../platform/db/like";
import { inline, planBlind, statementCache, type TBind } from "../../../platform/db/statements";
import { profiles } from "../../../profiles/schema";
import { eventDetails } from "../../events/schema";
import { users } from "../../users/schema";
import type { TWindow } from "../context";
import { eventLeads, eventRequirements, leadResponseTimes } from "../schema";
import type { TLeadRow } from "./leads";
import { some, type TRequirementRow } from "./requests";

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
export function scopeCondition(scope: TLeadScope, bind: TBind = inline): SQL | undefined {
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

export function leadConditions(
  scope: TLeadScope,
  q: TLeadQuery,
  bind: TBind = inline,
): SQL | undefined {
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

/** A lead's reasons as JSON: a board reads a hundred leads, and pg parses JSON faster than an array. */
const reasonsJson = sql<string[]>`array_to_json(${eventLeads.reasons})`;

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
  reasons: reasonsJson,
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
export const cardSelection = {
  lead: {
    id: eventLeads.id,
    eventId: eventLeads.eventId,
    ownerType: eventLeads.ownerType,
    ownerId: eventLeads.ownerId,
    status: eventLeads.status,
    score: eventLeads.score,
    reasons: reasonsJson,
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
export function selectLeads(
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
export function filteredLeads<T extends { from: (table: typeof eventLeads) => unknown }>(
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
export const leadStatements = statementCache();
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
export const keptLeadStatements = statementCache({ keepPlans: true });
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
