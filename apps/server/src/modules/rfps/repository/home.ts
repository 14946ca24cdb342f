// The home summary's SQL: a listing's leads that arrived or wait for an answer, and an event's open
// requests and newest proposals.
import { and, asc, count, desc, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import type { TDb } from "../../../platform/db/database";
import { eventDetails } from "../../events/schema";
import { eventLeads, eventRequirements } from "../schema";
import { scopeCondition } from "./lead-reads";

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
