// SQL of boosts bought beyond a tier's quota: the admin's price of a boost day, and the purchases
// (one per boost), from booked to paid or dropped.
import { and, eq, inArray } from "drizzle-orm";
import type { TDb } from "../../platform/db/database";
import { boostDayPrices, boostPurchases } from "./boost-schema";

export type TBoostDayPriceRow = typeof boostDayPrices.$inferSelect;
export type TBoostPurchaseRow = typeof boostPurchases.$inferSelect;
export type TBoostPurchaseInsert = typeof boostPurchases.$inferInsert;

/** Boost days are sold in this currency only. */
export const BOOST_CURRENCY = "usd";

export async function findDayPrice(db: TDb): Promise<TBoostDayPriceRow | null> {
  const [row] = await db
    .select()
    .from(boostDayPrices)
    .where(eq(boostDayPrices.currency, BOOST_CURRENCY));
  return row ?? null;
}

export async function saveDayPrice(db: TDb, row: typeof boostDayPrices.$inferInsert) {
  await db
    .insert(boostDayPrices)
    .values(row)
    .onConflictDoUpdate({
      target: boostDayPrices.currency,
      set: { amountCents: row.amountCents, updatedDate: row.updatedDate, updatedBy: row.updatedBy },
    });
}

export async function deleteDayPrice(db: TDb) {
  await db.delete(boostDayPrices).where(eq(boostDayPrices.currency, BOOST_CURRENCY));
}

export async function findPurchase(db: TDb, boostId: string): Promise<TBoostPurchaseRow | null> {
  const [row] = await db.select().from(boostPurchases).where(eq(boostPurchases.boostId, boostId));
  return row ?? null;
}

/** Keeps the purchase of a boost; a second one of the same boost is not kept (the first stays). */
export async function insertPurchase(db: TDb, row: TBoostPurchaseInsert): Promise<void> {
  await db.insert(boostPurchases).values(row).onConflictDoNothing();
}

export async function setCheckout(db: TDb, boostId: string, providerCheckoutId: string) {
  await db
    .update(boostPurchases)
    .set({ providerCheckoutId })
    .where(eq(boostPurchases.boostId, boostId));
}

/** Marks the purchase paid, once: the row when this call paid it, null when it already was (or is gone). */
export async function markPaid(
  db: TDb,
  boostId: string,
  paid: { providerPaymentId: string | null; at: Date },
): Promise<TBoostPurchaseRow | null> {
  const [row] = await db
    .update(boostPurchases)
    .set({ state: "paid", providerPaymentId: paid.providerPaymentId, paidDate: paid.at })
    .where(and(eq(boostPurchases.boostId, boostId), eq(boostPurchases.state, "awaiting")))
    .returning();
  return row ?? null;
}

/** The purchases of boosts dropped unpaid (those still awaiting payment); how many. */
export async function dropPurchases(db: TDb, boostIds: readonly string[]): Promise<number> {
  if (boostIds.length === 0) return 0;
  const rows = await db
    .update(boostPurchases)
    .set({ state: "dropped" })
    .where(
      and(eq(boostPurchases.state, "awaiting"), inArray(boostPurchases.boostId, [...boostIds])),
    )
    .returning({ boostId: boostPurchases.boostId });
  return rows.length;
}
