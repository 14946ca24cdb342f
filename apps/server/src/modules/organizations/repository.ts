// SQL of the organization's own calls: its events (a page, a calendar window), its counts, and the
// admins' report across organizations.
import { and, asc, count, eq, gte, ilike, lte, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { TDb } from "../../platform/db/database";
import {
  eventDetails,
  organizationDetails,
  profileMembers,
  profiles,
} from "../../platform/db/schema/profiles";

type TWindow = { limit: number; offset: number };

export type TOrganizationEventsQuery = {
  organizationId: string;
  /** Also pending and inactive events (the organization's people and admins). */
  includeUnlisted: boolean;
  text?: string | undefined;
  /** Events whose [startDate, endDate] overlaps this window; either end open. */
  from?: string | undefined;
  to?: string | undefined;
};

const listed = and(eq(profiles.status, "approved"), eq(profiles.isActive, true))!;

function eventConditions(q: TOrganizationEventsQuery): SQL {
  const where: (SQL | undefined)[] = [
    eq(profiles.kind, "event"),
    eq(eventDetails.organizationId, q.organizationId),
    q.includeUnlisted ? undefined : listed,
    q.from ? gte(eventDetails.endDate, q.from) : undefined,
    q.to ? lte(eventDetails.startDate, q.to) : undefined,
  ];
  if (q.text) {
    const pattern = `%${q.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(profiles.name, pattern), ilike(profiles.city, pattern)));
  }
  return and(...where)!;
}

/** The ids of one page of the organization's events, soonest first, and how many there are. */
export async function organizationEventIds(
  db: TDb,
  q: TOrganizationEventsQuery,
  window: TWindow,
): Promise<{ ids: string[]; count: number }> {
  const where = eventConditions(q);
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: profiles.id })
      .from(profiles)
      .innerJoin(eventDetails, eq(eventDetails.profileId, profiles.id))
      .where(where)
      .orderBy(asc(eventDetails.startDate), asc(profiles.name), asc(profiles.id))
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({ n: count() })
      .from(profiles)
      .innerJoin(eventDetails, eq(eventDetails.profileId, profiles.id))
      .where(where),
  ]);
  return { ids: rows.map((r) => r.id), count: total?.n ?? 0 };
}

/** Per organization: its events by state and the likes on its listed ones. */
function eventCounts(db: TDb, today: string) {
  const isListed = sql`${profiles.status} = 'approved' and ${profiles.isActive}`;
  return db
    .select({
      organizationId: sql<string>`${eventDetails.organizationId}`.as("organization_id"),
      events: sql<number>`count(*)::int`.as("events"),
      listedEvents: sql<number>`(count(*) filter (where ${isListed}))::int`.as("listed_events"),
      pendingEvents: sql<number>`(count(*) filter (where ${profiles.status} = 'pending'))::int`.as(
        "pending_events",
      ),
      upcomingEvents:
        sql<number>`(count(*) filter (where ${isListed} and ${eventDetails.endDate} >= ${today}))::int`.as(
          "upcoming_events",
        ),
      eventLikes:
        sql<number>`(coalesce(sum(${profiles.likeCount}) filter (where ${isListed}), 0))::int`.as(
          "event_likes",
        ),
    })
    .from(eventDetails)
    .innerJoin(profiles, eq(profiles.id, eventDetails.profileId))
    .groupBy(eventDetails.organizationId)
    .as("ev");
}

function memberCounts(db: TDb) {
  return db
    .select({
      profileId: sql<string>`${profileMembers.profileId}`.as("member_profile_id"),
      members: sql<number>`count(*)::int`.as("members"),
    })
    .from(profileMembers)
    .groupBy(profileMembers.profileId)
    .as("mc");
}

const orZero = (column: SQL.Aliased<number> | SQL) => sql<number>`coalesce(${column}, 0)::int`;

/** Counts of one organization (`GET /organizations/{id}/stats`). */
export async function organizationCounts(db: TDb, organizationId: string, today: string) {
  const org = alias(profiles, "org");
  const ev = eventCounts(db, today);
  const [row] = await db
    .select({
      followers: org.followerCount,
      listedEvents: orZero(ev.listedEvents),
      upcomingEvents: orZero(ev.upcomingEvents),
      eventLikes: orZero(ev.eventLikes),
    })
    .from(org)
    .leftJoin(ev, eq(ev.organizationId, org.id))
    .where(eq(org.id, organizationId));
  return row ?? null;
}

/** Every organization with its counts (`GET /organizations/report`), by name. */
export async function organizationReport(db: TDb, today: string, window: TWindow) {
  const org = alias(profiles, "org");
  const ev = eventCounts(db, today);
  const mc = memberCounts(db);
  const where = eq(org.kind, "organization");
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: org.id,
        name: org.name,
        status: org.status,
        isActive: org.isActive,
        organizationType: organizationDetails.organizationType,
        createdDate: org.createdDate,
        followers: org.followerCount,
        members: orZero(mc.members),
        events: orZero(ev.events),
        pendingEvents: orZero(ev.pendingEvents),
        upcomingEvents: orZero(ev.upcomingEvents),
        eventLikes: orZero(ev.eventLikes),
      })
      .from(org)
      .leftJoin(organizationDetails, eq(organizationDetails.profileId, org.id))
      .leftJoin(ev, eq(ev.organizationId, org.id))
      .leftJoin(mc, eq(mc.profileId, org.id))
      .where(where)
      .orderBy(asc(org.name), asc(org.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(org).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}
