// The SQL of "My requests" (my-requests.ts), beside repository.ts: when each of some events last
// saw something happen to one of its requests, and every request of a page of events. Read only;
// each is one statement whatever the number of events.
import { desc, inArray, sql } from "drizzle-orm";
import type { TDb } from "../../platform/db/database";
import { eventRequirements as r } from "./schema";

/**
 * When something last happened to a request: drafted, edited, published, awarded or closed (each
 * sets its updated date; the created and published dates are read too, so a row written by hand
 * still counts).
 */
const activity = sql`greatest(${r.createdDate}, ${r.updatedDate}, ${r.publishedDate})`;

/** Each event's newest request activity; an event without a request is absent. */
export async function latestRequestActivity(
  db: TDb,
  eventIds: readonly string[],
): Promise<Map<string, Date>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .select({ eventId: r.eventId, at: sql`max(${activity})`.mapWith(r.updatedDate) })
    .from(r)
    .where(inArray(r.eventId, [...eventIds]))
    .groupBy(r.eventId);
  return new Map(rows.map((row) => [row.eventId, row.at]));
}

/** Every request of these events, the newest activity first. */
export async function requirementsOfEvents(db: TDb, eventIds: readonly string[]) {
  if (eventIds.length === 0) return [];
  return db
    .select()
    .from(r)
    .where(inArray(r.eventId, [...eventIds]))
    .orderBy(desc(activity), desc(r.id));
}
