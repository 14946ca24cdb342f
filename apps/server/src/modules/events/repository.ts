// SQL of the event module's own calls: a clone's settings, the hotels linked to events across the
// kind, and the events of an organization (a page, and counts by state). Settings and one event's
// hotels go through the profile machinery's child routes on the tables of ./schema.ts.
import { and, asc, count, eq, gte, ilike, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { pageOf, type TDb } from "../../platform/db/database";
import { containsPattern } from "../../platform/db/like";
import { profiles } from "../../profiles/schema";
import { eventDetails, eventHotels, eventSettings } from "./schema";

export type TEventHotelRow = typeof eventHotels.$inferSelect;
export type TEventSettingRow = typeof eventSettings.$inferSelect;
type TWindow = { limit: number; offset: number };

/** Copies an event's settings to its clone; `db` may be the clone's transaction. */
export async function copySettings(db: TDb, fromId: string, toId: string, by: string) {
  const settings = await db
    .select({ key: eventSettings.key, value: eventSettings.value })
    .from(eventSettings)
    .where(eq(eventSettings.profileId, fromId));
  if (settings.length) {
    await db
      .insert(eventSettings)
      .values(settings.map((s) => ({ ...s, profileId: toId, createdBy: by, updatedBy: by })));
  }
}

// ---- hotels across events --------------------------------------------------------------------

/**
 * Hotel links of every event (`GET /events/hotels`), soonest cut-off first; with `listedOnly`, only
 * those of listed events and listed hotels.
 */
export async function listKindHotels(
  db: TDb,
  filter: { hotelId?: string; listedOnly: boolean },
  window: TWindow,
) {
  const event = alias(profiles, "event");
  const hotel = alias(profiles, "hotel");
  const where: (SQL | undefined)[] = [
    filter.hotelId ? eq(eventHotels.hotelId, filter.hotelId) : undefined,
  ];
  if (filter.listedOnly) {
    where.push(
      eq(event.status, "approved"),
      eq(event.isActive, true),
      eq(hotel.status, "approved"),
      eq(hotel.isActive, true),
    );
  }
  const condition = and(...where);
  return pageOf(
    db
      .select({
        link: eventHotels,
        eventName: event.name,
        hotel: { id: hotel.id, name: hotel.name, logo: hotel.logo },
      })
      .from(eventHotels)
      .innerJoin(event, eq(event.id, eventHotels.profileId))
      .innerJoin(hotel, eq(hotel.id, eventHotels.hotelId))
      .where(condition)
      .orderBy(asc(eventHotels.cutoffDate), asc(event.name), asc(eventHotels.id))
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({ n: count() })
      .from(eventHotels)
      .innerJoin(event, eq(event.id, eventHotels.profileId))
      .innerJoin(hotel, eq(hotel.id, eventHotels.hotelId))
      .where(condition),
  );
}

// ---- the events of organizations -------------------------------------------------------------

export type TOrganizationEventsQuery = {
  organizationId: string;
  /** Also pending and inactive events (the organization's people and admins). */
  includeUnlisted: boolean;
  text?: string | undefined;
  /** Events whose [startDate, endDate] overlaps this window; either end open. */
  from?: string | undefined;
  to?: string | undefined;
};

const isListed = and(eq(profiles.status, "approved"), eq(profiles.isActive, true))!;

function organizationEventConditions(q: TOrganizationEventsQuery): SQL {
  const where: (SQL | undefined)[] = [
    eq(profiles.kind, "event"),
    eq(eventDetails.organizationId, q.organizationId),
    q.includeUnlisted ? undefined : isListed,
    q.from ? gte(eventDetails.endDate, q.from) : undefined,
    q.to ? lte(eventDetails.startDate, q.to) : undefined,
  ];
  if (q.text) {
    const pattern = containsPattern(q.text);
    where.push(or(ilike(profiles.name, pattern), ilike(profiles.city, pattern)));
  }
  return and(...where)!;
}

/** The ids of one page of an organization's events, soonest first, and how many there are. */
export async function organizationEventIds(
  db: TDb,
  q: TOrganizationEventsQuery,
  window: TWindow,
): Promise<{ ids: string[]; count: number }> {
  const where = organizationEventConditions(q);
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

export type TOrganizationEventCounts = {
  organizationId: string;
  /** Every event, whatever its state. */
  events: number;
  listedEvents: number;
  pendingEvents: number;
  /** Listed and not over yet (ending `today` or later). */
  upcomingEvents: number;
  /** Likes on the listed events. */
  eventLikes: number;
};

/** Per organization of `organizationIds` that has events: its events by state and their likes. */
export async function organizationEventCounts(
  db: TDb,
  organizationIds: readonly string[],
  today: string,
): Promise<TOrganizationEventCounts[]> {
  if (organizationIds.length === 0) return [];
  const listed = sql`${profiles.status} = 'approved' and ${profiles.isActive}`;
  const rows = await db
    .select({
      organizationId: eventDetails.organizationId,
      events: sql<number>`count(*)::int`,
      listedEvents: sql<number>`(count(*) filter (where ${listed}))::int`,
      pendingEvents: sql<number>`(count(*) filter (where ${profiles.status} = 'pending'))::int`,
      upcomingEvents: sql<number>`(count(*) filter (where ${listed} and ${eventDetails.endDate} >= ${today}))::int`,
      eventLikes: sql<number>`(coalesce(sum(${profiles.likeCount}) filter (where ${listed}), 0))::int`,
    })
    .from(eventDetails)
    .innerJoin(profiles, eq(profiles.id, eventDetails.profileId))
    .where(inArray(eventDetails.organizationId, [...organizationIds]))
    .groupBy(eventDetails.organizationId);
  return rows.map((r) => ({ ...r, organizationId: r.organizationId as string }));
}
