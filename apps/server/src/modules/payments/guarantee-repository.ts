// The SQL of card guarantees (reservation_guarantees, reservation_guarantee_charges): a reservation's
// guarantee opened once, its setup checkout kept, its card saved only while it awaits one (a
// duplicate or late webhook changes nothing), released by the expiry job only while it still
// awaits one, and its charge kept on one row per reservation (attempts counted).
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { TDb } from "../../platform/db/database";
import { reservationGuaranteeCharges, reservationGuarantees } from "./guarantee-schema";

export type TGuaranteeRow = typeof reservationGuarantees.$inferSelect;
export type TGuaranteeChargeRow = typeof reservationGuaranteeCharges.$inferSelect;

const awaiting = sql`${reservationGuarantees.state} = 'awaiting_card'`;

export async function guaranteeOf(db: TDb, reservationId: string): Promise<TGuaranteeRow | null> {
  const [row] = await db
    .select()
    .from(reservationGuarantees)
    .where(eq(reservationGuarantees.reservationId, reservationId));
  return row ?? null;
}

/** The guarantees of these reservations and their charges, by reservation id. */
export async function guaranteesOf(db: TDb, reservationIds: readonly string[]) {
  if (reservationIds.length === 0) {
    return {
      guarantees: new Map<string, TGuaranteeRow>(),
      charges: new Map<string, TGuaranteeChargeRow>(),
    };
  }
  const ids = [...reservationIds];
  const [guarantees, charges] = await Promise.all([
    db
      .select()
      .from(reservationGuarantees)
      .where(inArray(reservationGuarantees.reservationId, ids)),
    db
      .select()
      .from(reservationGuaranteeCharges)
      .where(inArray(reservationGuaranteeCharges.reservationId, ids)),
  ]);
  return {
    guarantees: new Map(guarantees.map((g) => [g.reservationId, g])),
    charges: new Map(charges.map((c) => [c.reservationId, c])),
  };
}

/** A reservation's guarantee, awaiting its card; nothing when it has one already. */
export async function openGuarantee(
  db: TDb,
  row: { reservationId: string; hotelId: string; userId: string | null; createdDate: Date },
): Promise<void> {
  await db
    .insert(reservationGuarantees)
    .values({ ...row, state: "awaiting_card", updatedDate: row.createdDate })
    .onConflictDoNothing({ target: reservationGuarantees.reservationId });
}

/**
 * The guarantee's setup checkout (the guest's customer and the checkout's address), opened with it
 * when it is not there yet; only a guarantee still awaiting its card takes it.
 */
export async function saveCheckout(
  db: TDb,
  row: {
    reservationId: string;
    hotelId: string;
    userId: string | null;
    createdDate: Date;
    providerCustomerId: string;
    setupCheckoutId: string;
    setupCheckoutUrl: string;
    at: Date;
  },
): Promise<void> {
  const checkout = {
    providerCustomerId: row.providerCustomerId,
    setupCheckoutId: row.setupCheckoutId,
    setupCheckoutUrl: row.setupCheckoutUrl,
    updatedDate: row.at,
  };
  await db
    .insert(reservationGuarantees)
    .values({
      reservationId: row.reservationId,
      hotelId: row.hotelId,
      userId: row.userId,
      createdDate: row.createdDate,
      state: "awaiting_card",
      ...checkout,
    })
    .onConflictDoUpdate({
      target: reservationGuarantees.reservationId,
      set: checkout,
      where: awaiting,
    });
}

/** The card saved: only a guarantee awaiting one takes it; the row after, or null. */
export async function secureGuarantee(
  db: TDb,
  reservationId: string,
  card: {
    setupIntentId: string;
    paymentMethodId: string;
    brand: string;
    last4: string;
    at: Date;
  },
): Promise<TGuaranteeRow | null> {
  const [row] = await db
    .update(reservationGuarantees)
    .set({
      state: "secured",
      setupIntentId: card.setupIntentId,
      paymentMethodId: card.paymentMethodId,
      cardBrand: card.brand,
      cardLast4: card.last4,
      securedDate: card.at,
      updatedDate: card.at,
    })
    .where(and(eq(reservationGuarantees.reservationId, reservationId), awaiting))
    .returning();
  return row ?? null;
}

/** Guarantees booked at or before `before` and still awaiting a card, oldest first. */
export const awaitingSince = (db: TDb, before: Date, limit: number) =>
  db
    .select({ reservationId: reservationGuarantees.reservationId })
    .from(reservationGuarantees)
    .where(and(awaiting, lte(reservationGuarantees.createdDate, before)))
    .orderBy(asc(reservationGuarantees.createdDate))
    .limit(limit);

/** Released (no card came in time) if it still awaits one: true when this call released it. */
export async function releaseGuarantee(db: TDb, reservationId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(reservationGuarantees)
    .set({ state: "released", updatedDate: at })
    .where(and(eq(reservationGuarantees.reservationId, reservationId), awaiting))
    .returning({ id: reservationGuarantees.id });
  return rows.length === 1;
}

/** Undoes a release whose cancellation failed, so the next run tries again. */
export async function unreleaseGuarantee(db: TDb, reservationId: string): Promise<void> {
  await db
    .update(reservationGuarantees)
    .set({ state: "awaiting_card" })
    .where(
      and(
        eq(reservationGuarantees.reservationId, reservationId),
        eq(reservationGuarantees.state, "released"),
      ),
    );
}

export async function markCharged(db: TDb, reservationId: string, at: Date): Promise<void> {
  await db
    .update(reservationGuarantees)
    .set({ state: "charged", updatedDate: at })
    .where(eq(reservationGuarantees.reservationId, reservationId));
}

export async function chargeOf(
  db: TDb,
  reservationId: string,
): Promise<TGuaranteeChargeRow | null> {
  const [row] = await db
    .select()
    .from(reservationGuaranteeCharges)
    .where(eq(reservationGuaranteeCharges.reservationId, reservationId));
  return row ?? null;
}

/**
 * An attempt's outcome on the reservation's one charge row (made by the first attempt): a failed
 * row takes a later attempt; a succeeded one takes nothing more (null then).
 */
export async function saveChargeAttempt(
  db: TDb,
  row: {
    reservationId: string;
    reason: "no_show" | "late_cancellation";
    amountCents: number;
    currency: string;
    providerPaymentId: string | null;
    state: "succeeded" | "failed";
    failure: string | null;
    attempts: number;
    chargedBy: string | null;
    at: Date;
  },
): Promise<TGuaranteeChargeRow | null> {
  const values = {
    reason: row.reason,
    amountCents: row.amountCents,
    currency: row.currency,
    providerPaymentId: row.providerPaymentId,
    state: row.state,
    failure: row.failure,
    attempts: row.attempts,
    chargedBy: row.chargedBy,
    chargedDate: row.state === "succeeded" ? row.at : null,
    updatedDate: row.at,
  };
  const [saved] = await db
    .insert(reservationGuaranteeCharges)
    .values({ reservationId: row.reservationId, createdDate: row.at, ...values })
    .onConflictDoUpdate({
      target: reservationGuaranteeCharges.reservationId,
      set: values,
      where: sql`${reservationGuaranteeCharges.state} <> 'succeeded'`,
    })
    .returning();
  return saved ?? null;
}
