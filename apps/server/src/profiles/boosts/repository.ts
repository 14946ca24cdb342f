// SQL of a listing's boosts beyond the shared child routes: the boosts a quota reads, a bought boost
// that waits for its payment, its start once paid, and the drop of those left unpaid.
import type { TBookedBoost, TBoostDates } from "@hostfield/domain/rules";
import { and, asc, eq, gte, lt, lte } from "drizzle-orm";
import type { TDb } from "../../platform/db/database";
import { profileBoosts } from "../schema";

export type TBoostRow = typeof profileBoosts.$inferSelect;

/** The listing's boosts that overlap [from, to], as the quota reads them. */
export async function boostsOverlapping(
  db: TDb,
  profileId: string,
  from: string,
  to: string,
): Promise<TBookedBoost[]> {
  return db
    .select({
      id: profileBoosts.id,
      startDate: profileBoosts.startDate,
      endDate: profileBoosts.endDate,
      source: profileBoosts.source,
      state: profileBoosts.state,
    })
    .from(profileBoosts)
    .where(
      and(
        eq(profileBoosts.profileId, profileId),
        lte(profileBoosts.startDate, to),
        gte(profileBoosts.endDate, from),
      ),
    );
}

export async function findBoost(db: TDb, id: string): Promise<TBoostRow | null> {
  const [row] = await db.select().from(profileBoosts).where(eq(profileBoosts.id, id));
  return row ?? null;
}

/** A bought boost of the listing with exactly these dates that still waits for its payment. */
export async function findAwaitingBoost(
  db: TDb,
  profileId: string,
  dates: TBoostDates,
): Promise<TBoostRow | null> {
  const [row] = await db
    .select()
    .from(profileBoosts)
    .where(
      and(
        eq(profileBoosts.profileId, profileId),
        eq(profileBoosts.state, "awaiting_payment"),
        eq(profileBoosts.startDate, dates.startDate),
        eq(profileBoosts.endDate, dates.endDate),
      ),
    )
    .orderBy(asc(profileBoosts.createdDate))
    .limit(1);
  return row ?? null;
}

export async function insertAwaitingBoost(
  db: TDb,
  row: { profileId: string; startDate: string; endDate: string; by: string; at: Date },
): Promise<TBoostRow> {
  const [created] = await db
    .insert(profileBoosts)
    .values({
      profileId: row.profileId,
      startDate: row.startDate,
      endDate: row.endDate,
      source: "paid",
      state: "awaiting_payment",
      createdBy: row.by,
      updatedBy: row.by,
      createdDate: row.at,
      updatedDate: row.at,
    })
    .returning();
  return created!;
}

/** The boost runs (its payment confirmed); the row after, or null when there is no such boost. */
export async function activateBoost(db: TDb, id: string, at: Date): Promise<TBoostRow | null> {
  const [row] = await db
    .update(profileBoosts)
    .set({ state: "active", updatedDate: at })
    .where(eq(profileBoosts.id, id))
    .returning();
  return row ?? null;
}

/** Drops boosts still awaiting payment that were booked before `before`; their ids. */
export async function dropAwaitingBefore(db: TDb, before: Date): Promise<string[]> {
  const rows = await db
    .delete(profileBoosts)
    .where(and(eq(profileBoosts.state, "awaiting_payment"), lt(profileBoosts.createdDate, before)))
    .returning({ id: profileBoosts.id });
  return rows.map((r) => r.id);
}
