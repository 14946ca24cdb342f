// The payments module's SQL: prices, customers, subscriptions and the ledger (with the webhook inbox).
import type { TLedgerEntry, TLedgerQuery } from "@hostfield/domain/contracts";
import { and, asc, count, desc, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import { pageOf, type TDb } from "../../platform/db/database";
import {
  listingSubscriptions,
  paymentCustomers,
  paymentLedger,
  paymentUserCustomers,
  tierPrices,
} from "./schema";

export type TTierPriceRow = typeof tierPrices.$inferSelect;
export type TCustomerRow = typeof paymentCustomers.$inferSelect;
export type TSubscriptionRow = typeof listingSubscriptions.$inferSelect;
export type TSubscriptionInsert = typeof listingSubscriptions.$inferInsert;
export type TLedgerRow = typeof paymentLedger.$inferSelect;
export type TLedgerInsert = typeof paymentLedger.$inferInsert;

// ---- prices

export const listPrices = (db: TDb) =>
  db.select().from(tierPrices).orderBy(asc(tierPrices.tier), asc(tierPrices.interval));

export async function findPrice(db: TDb, tier: string, interval: string) {
  const [row] = await db
    .select()
    .from(tierPrices)
    .where(
      and(
        eq(tierPrices.tier, tier as TTierPriceRow["tier"]),
        eq(tierPrices.interval, interval as "month"),
      ),
    );
  return row ?? null;
}

export async function findPriceByProviderId(db: TDb, providerPriceId: string) {
  const [row] = await db
    .select()
    .from(tierPrices)
    .where(eq(tierPrices.providerPriceId, providerPriceId));
  return row ?? null;
}

export async function savePrice(db: TDb, row: typeof tierPrices.$inferInsert) {
  await db
    .insert(tierPrices)
    .values(row)
    .onConflictDoUpdate({
      target: [tierPrices.tier, tierPrices.interval],
      set: {
        amountCents: row.amountCents,
        providerProductId: row.providerProductId,
        providerPriceId: row.providerPriceId,
        updatedDate: row.updatedDate,
        updatedBy: row.updatedBy,
      },
    });
}

// ---- customers

export async function customerOfListing(db: TDb, listingId: string) {
  const [row] = await db
    .select()
    .from(paymentCustomers)
    .where(eq(paymentCustomers.listingId, listingId));
  return row ?? null;
}

export async function customerByProviderId(db: TDb, providerCustomerId: string) {
  const [row] = await db
    .select()
    .from(paymentCustomers)
    .where(eq(paymentCustomers.providerCustomerId, providerCustomerId));
  return row ?? null;
}

/** Keeps the listing's customer (a second one made by a race is not kept: the first stays). */
export async function insertCustomer(db: TDb, row: typeof paymentCustomers.$inferInsert) {
  await db.insert(paymentCustomers).values(row).onConflictDoNothing();
}

export async function customerOfUser(db: TDb, userId: string) {
  const [row] = await db
    .select()
    .from(paymentUserCustomers)
    .where(eq(paymentUserCustomers.userId, userId));
  return row ?? null;
}

export async function userCustomerByProviderId(db: TDb, providerCustomerId: string) {
  const [row] = await db
    .select()
    .from(paymentUserCustomers)
    .where(eq(paymentUserCustomers.providerCustomerId, providerCustomerId));
  return row ?? null;
}

/** Keeps the person's customer (a second one made by a race is not kept: the first stays). */
export async function insertUserCustomer(db: TDb, row: typeof paymentUserCustomers.$inferInsert) {
  await db.insert(paymentUserCustomers).values(row).onConflictDoNothing();
}

export async function setGrantedTier(
  db: TDb,
  listingId: string,
  tier: TCustomerRow["grantedTier"],
) {
  await db
    .update(paymentCustomers)
    .set({ grantedTier: tier })
    .where(eq(paymentCustomers.listingId, listingId));
}

// ---- subscriptions

export async function subscriptionForUpdate(db: TDb, providerSubscriptionId: string) {
  const [row] = await db
    .select()
    .from(listingSubscriptions)
    .where(eq(listingSubscriptions.providerSubscriptionId, providerSubscriptionId))
    .for("update");
  return row ?? null;
}

export async function saveSubscription(db: TDb, row: TSubscriptionInsert) {
  const { providerSubscriptionId: _key, listingId: _listing, createdDate: _created, ...rest } = row;
  await db
    .insert(listingSubscriptions)
    .values(row)
    .onConflictDoUpdate({ target: listingSubscriptions.providerSubscriptionId, set: rest });
}

/** A listing's subscriptions, newest first. */
export const subscriptionsOf = (db: TDb, listingId: string) =>
  db
    .select()
    .from(listingSubscriptions)
    .where(eq(listingSubscriptions.listingId, listingId))
    .orderBy(desc(listingSubscriptions.createdDate));

/**
 * Listings whose subscriptions gave them a tier that may have lapsed by `now`: a past due whose
 * grace ended, a cancellation whose period ended.
 */
export async function listingsToRegrant(db: TDb, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ listingId: listingSubscriptions.listingId })
    .from(listingSubscriptions)
    .innerJoin(paymentCustomers, eq(paymentCustomers.listingId, listingSubscriptions.listingId))
    .where(
      and(
        sql`${paymentCustomers.grantedTier} is not null`,
        or(
          and(
            eq(listingSubscriptions.state, "past_due"),
            lte(listingSubscriptions.graceUntil, now),
          ),
          and(
            eq(listingSubscriptions.cancelAtPeriodEnd, true),
            lte(listingSubscriptions.currentPeriodEnd, now),
          ),
        ),
      ),
    );
  return rows.map((r) => r.listingId);
}

// ---- the ledger and the webhook inbox

/** Adds an entry once per provider id; the new row, or null when it was there already. */
export async function insertEntry(db: TDb, row: TLedgerInsert): Promise<TLedgerRow | null> {
  const [inserted] = await db
    .insert(paymentLedger)
    .values(row)
    .onConflictDoNothing({ target: paymentLedger.providerId })
    .returning();
  return inserted ?? null;
}

export async function findEntry(db: TDb, id: string) {
  const [row] = await db.select().from(paymentLedger).where(eq(paymentLedger.id, id));
  return row ?? null;
}

/** The entry, locked for its processing (a second worker waits, then finds it done). */
export async function entryForUpdate(db: TDb, id: string) {
  const [row] = await db.select().from(paymentLedger).where(eq(paymentLedger.id, id)).for("update");
  return row ?? null;
}

export async function finishEntry(
  db: TDb,
  id: string,
  outcome: {
    state: TLedgerEntry["state"];
    problem: string | null;
    listingId?: string | null;
    amountCents?: number | null;
    currency?: string | null;
    at: Date;
  },
) {
  await db
    .update(paymentLedger)
    .set({
      state: outcome.state,
      problem: outcome.problem,
      attempts: sql`${paymentLedger.attempts} + 1`,
      processedDate: outcome.at,
      ...(outcome.listingId !== undefined ? { listingId: outcome.listingId } : {}),
      ...(outcome.amountCents !== undefined ? { amountCents: outcome.amountCents } : {}),
      ...(outcome.currency !== undefined ? { currency: outcome.currency } : {}),
    })
    .where(eq(paymentLedger.id, id));
}

/** A failed or flagged webhook goes back to `received`; the row, or null when it was neither. */
export async function requeueEntry(db: TDb, id: string) {
  const [row] = await db
    .update(paymentLedger)
    .set({ state: "received", problem: null })
    .where(
      and(
        eq(paymentLedger.id, id),
        eq(paymentLedger.kind, "webhook"),
        inArray(paymentLedger.state, ["failed", "flagged"]),
      ),
    )
    .returning();
  return row ?? null;
}

/** Webhooks acknowledged but still `received` since before `before` (their job was lost). */
export async function staleReceived(db: TDb, before: Date, limit: number) {
  return db
    .select({ id: paymentLedger.id, attempts: paymentLedger.attempts })
    .from(paymentLedger)
    .where(
      and(
        eq(paymentLedger.kind, "webhook"),
        eq(paymentLedger.state, "received"),
        lt(paymentLedger.createdDate, before),
      ),
    )
    .orderBy(asc(paymentLedger.createdDate))
    .limit(limit);
}

export function ledgerPage(db: TDb, query: TLedgerQuery) {
  const where = and(
    query.kind ? eq(paymentLedger.kind, query.kind) : undefined,
    query.state ? eq(paymentLedger.state, query.state) : undefined,
  );
  return pageOf(
    db
      .select()
      .from(paymentLedger)
      .where(where)
      .orderBy(desc(paymentLedger.createdDate), desc(paymentLedger.id))
      .limit(query.take)
      .offset(query.offset),
    db.select({ n: count() }).from(paymentLedger).where(where),
  );
}
