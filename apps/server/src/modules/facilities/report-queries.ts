// What the reports module reads of facilities: the facilities a destination lists, and the
// destinations that list a facility. Read only; exported from the module's index.ts for the
// reports module (kind modules offer no services).
import { asc, eq } from "drizzle-orm";
import type { TDb } from "../../platform/db/database";
import { facilityDestinations } from "./schema";

/** The ids of the facilities a destination lists. */
export async function destinationFacilityIds(db: TDb, destinationId: string): Promise<string[]> {
  const rows = await db
    .select({ id: facilityDestinations.facilityId })
    .from(facilityDestinations)
    .where(eq(facilityDestinations.destinationId, destinationId))
    .orderBy(asc(facilityDestinations.facilityId));
  return rows.map((r) => r.id);
}

/** The ids of the destinations that list a facility. */
export async function facilityDestinationIds(db: TDb, facilityId: string): Promise<string[]> {
  const rows = await db
    .select({ id: facilityDestinations.destinationId })
    .from(facilityDestinations)
    .where(eq(facilityDestinations.facilityId, facilityId))
    .orderBy(asc(facilityDestinations.destinationId));
  return rows.map((r) => r.id);
}
