// What the reports module reads of events: an organization's events, and events' dates. Read only;
// exported from the module's index.ts for the reports module (kind modules offer no services).
import { asc, eq, inArray } from "drizzle-orm";
import type { TDb } from "../../platform/db/database";
import { eventDetails } from "./schema";

/** The ids of an organization's events, soonest first. */
export async function organizationEventIds(db: TDb, organizationId: string): Promise<string[]> {
  const rows = await db
    .select({ id: eventDetails.profileId })
    .from(eventDetails)
    .where(eq(eventDetails.organizationId, organizationId))
    .orderBy(asc(eventDetails.startDate), asc(eventDetails.profileId));
  return rows.map((r) => r.id);
}

/** Events' first and last days, by event id (missing ids are left out). */
export async function eventDates(
  db: TDb,
  eventIds: readonly string[],
): Promise<Map<string, { startDate: string; endDate: string }>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: eventDetails.profileId,
      startDate: eventDetails.startDate,
      endDate: eventDetails.endDate,
    })
    .from(eventDetails)
    .where(inArray(eventDetails.profileId, [...new Set(eventIds)]));
  return new Map(rows.map((r) => [r.id, { startDate: r.startDate, endDate: r.endDate }]));
}
