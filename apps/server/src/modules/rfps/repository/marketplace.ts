// The marketplace's SQL: published requests of events still to come, and what a listing's leads
// held back (a hot request's head start) tell before they appear. One of the two places that read
// listing tables: the marketplace filters and pages on the events' profiles and details, over rows
// it cannot name beforehand.
import {
  and,
  arrayOverlaps,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  lte,
  not,
  or,
  sql,
} from "drizzle-orm";
import { pageOf, type TDb } from "../../../platform/db/database";
import { containsPattern } from "../../../platform/db/like";
import { profiles } from "../../../profiles/schema";
import { eventDetails } from "../../events/schema";
import type { TWindow } from "../context";
import { eventLeads, eventRequirements } from "../schema";
import { some } from "./requests";

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
