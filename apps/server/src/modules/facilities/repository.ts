// SQL of the facility's own records: reviews and ratings, and the destinations that list it
// (whose owners and managers manage the facility too).
import { and, asc, count, desc, eq } from "drizzle-orm";
import { pageOf, type TDb } from "../../platform/db/database";
import { profiles } from "../../profiles/schema";
import { users } from "../users/schema";
import { facilityDestinations, facilityReviews } from "./schema";

type TWindow = { limit: number; offset: number };

// ---- reviews ---------------------------------------------------------------------------------

export async function listReviews(db: TDb, profileId: string, window: TWindow) {
  const condition = eq(facilityReviews.profileId, profileId);
  return pageOf(
    db
      .select({ review: facilityReviews, author: users.name, authorVisible: users.isVisible })
      .from(facilityReviews)
      .innerJoin(users, eq(users.id, facilityReviews.userId))
      .where(condition)
      .orderBy(desc(facilityReviews.createdDate), asc(facilityReviews.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(facilityReviews).where(condition),
  );
}

export async function findReview(
  db: TDb,
  profileId: string,
  by: { id: string } | { userId: string },
) {
  const [row] = await db
    .select({ review: facilityReviews, author: users.name, authorVisible: users.isVisible })
    .from(facilityReviews)
    .innerJoin(users, eq(users.id, facilityReviews.userId))
    .where(
      and(
        eq(facilityReviews.profileId, profileId),
        "id" in by ? eq(facilityReviews.id, by.id) : eq(facilityReviews.userId, by.userId),
      ),
    );
  return row ?? null;
}

export async function ratingDistribution(db: TDb, profileId: string) {
  return db
    .select({ rating: facilityReviews.rating, n: count() })
    .from(facilityReviews)
    .where(eq(facilityReviews.profileId, profileId))
    .groupBy(facilityReviews.rating);
}

/** Adds the caller's review; null when they have reviewed the facility already. */
export async function insertReview(
  db: TDb,
  values: typeof facilityReviews.$inferInsert,
): Promise<string | null> {
  const [row] = await db
    .insert(facilityReviews)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: facilityReviews.id });
  return row?.id ?? null;
}

export async function updateReview(
  db: TDb,
  profileId: string,
  id: string,
  change: Pick<typeof facilityReviews.$inferInsert, "rating" | "title" | "body" | "updatedBy">,
): Promise<void> {
  await db
    .update(facilityReviews)
    .set({ ...change, updatedDate: new Date() })
    .where(and(eq(facilityReviews.profileId, profileId), eq(facilityReviews.id, id)));
}

export async function deleteReview(db: TDb, profileId: string, id: string): Promise<void> {
  await db
    .delete(facilityReviews)
    .where(and(eq(facilityReviews.profileId, profileId), eq(facilityReviews.id, id)));
}

// ---- destinations that list the facility ----------------------------------------------------

export async function listFacilityDestinations(db: TDb, facilityId: string, window: TWindow) {
  const condition = eq(facilityDestinations.facilityId, facilityId);
  return pageOf(
    db
      .select({ link: facilityDestinations, name: profiles.name, logo: profiles.logo })
      .from(facilityDestinations)
      .innerJoin(profiles, eq(profiles.id, facilityDestinations.destinationId))
      .where(condition)
      .orderBy(asc(profiles.name), asc(facilityDestinations.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(facilityDestinations).where(condition),
  );
}

export async function findFacilityDestination(db: TDb, facilityId: string, linkId: string) {
  const [row] = await db
    .select({ link: facilityDestinations, name: profiles.name, logo: profiles.logo })
    .from(facilityDestinations)
    .innerJoin(profiles, eq(profiles.id, facilityDestinations.destinationId))
    .where(
      and(eq(facilityDestinations.facilityId, facilityId), eq(facilityDestinations.id, linkId)),
    );
  return row ?? null;
}

export async function insertFacilityDestination(
  db: TDb,
  values: typeof facilityDestinations.$inferInsert,
): Promise<string | null> {
  const [row] = await db
    .insert(facilityDestinations)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: facilityDestinations.id });
  return row?.id ?? null;
}

export async function updateFacilityDestination(
  db: TDb,
  facilityId: string,
  linkId: string,
  destinationId: string,
  updatedBy: string,
): Promise<boolean> {
  const rows = await db
    .update(facilityDestinations)
    .set({ destinationId, updatedBy, updatedDate: new Date() })
    .where(
      and(eq(facilityDestinations.facilityId, facilityId), eq(facilityDestinations.id, linkId)),
    )
    .returning({ id: facilityDestinations.id });
  return rows.length > 0;
}

export async function deleteFacilityDestination(db: TDb, facilityId: string, linkId: string) {
  const rows = await db
    .delete(facilityDestinations)
    .where(
      and(eq(facilityDestinations.facilityId, facilityId), eq(facilityDestinations.id, linkId)),
    )
    .returning({ id: facilityDestinations.id });
  return rows.length > 0;
}
