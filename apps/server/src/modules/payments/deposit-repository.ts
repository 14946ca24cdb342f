// The SQL of deposits (lead_deposits): a lead's deposit, its checkout kept once, its payment and
// refunds applied once each (by the provider's ids), whatever order the webhooks come in.
import { eq, sql } from "drizzle-orm";
import { inTransaction, type TDb } from "../../platform/db/database";
import { leadDeposits, type TLeadDepositRowState } from "./deposit-schema";

export type TLeadDepositRow = typeof leadDeposits.$inferSelect;
export type TLeadDepositInsert = typeof leadDeposits.$inferInsert;

export async function depositOfLead(db: TDb, leadId: string): Promise<TLeadDepositRow | null> {
  const [row] = await db.select().from(leadDeposits).where(eq(leadDeposits.leadId, leadId));
  return row ?? null;
}

/** The lead's deposit with its checkout; a second one for the same lead (a race) is not kept. */
export async function insertDeposit(db: TDb, row: TLeadDepositInsert): Promise<void> {
  await db.insert(leadDeposits).values(row).onConflictDoNothing({ target: leadDeposits.leadId });
}

/** Another checkout for an open deposit (its last one expired). */
export async function replaceCheckout(
  db: TDb,
  leadId: string,
  values: { checkoutId: string; checkoutUrl: string; amountCents: number; at: Date },
): Promise<void> {
  await db
    .update(leadDeposits)
    .set({
      checkoutId: values.checkoutId,
      checkoutUrl: values.checkoutUrl,
      amountCents: values.amountCents,
      updatedDate: values.at,
    })
    .where(sql`${leadDeposits.leadId} = ${leadId} and ${leadDeposits.state} = 'open'`);
}

/**
 * The deposit paid by this payment: only an open one changes (a duplicate or a late webhook finds it
 * paid and leaves it); the row after, or null when there is none for the lead.
 */
export async function markPaid(
  db: TDb,
  leadId: string,
  values: { paymentId: string; paidCents: number; at: Date },
): Promise<TLeadDepositRow | null> {
  const [row] = await db
    .update(leadDeposits)
    .set({
      state: "paid",
      paymentId: values.paymentId,
      paidCents: values.paidCents,
      paidDate: values.at,
      updatedDate: values.at,
    })
    .where(sql`${leadDeposits.leadId} = ${leadId} and ${leadDeposits.state} = 'open'`)
    .returning();
  return row ?? null;
}

/** What a refund total makes of a paid deposit: all of it back, part of it, or none yet. */
const stateAfterRefunds = sql<TLeadDepositRowState>`case
  when ${leadDeposits.refundedCents} >= coalesce(${leadDeposits.paidCents}, ${leadDeposits.amountCents}) then 'refunded'
  when ${leadDeposits.refundedCents} > 0 then 'partly_refunded'
  else 'paid' end`;

/**
 * Refunds made by us (the route's answer), each applied once: `amountCents` is added unless the
 * refund's id is applied already (its webhook came first).
 */
export async function applyRefund(
  db: TDb,
  leadId: string,
  refund: { id: string; amountCents: number; at: Date },
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const updated = await tx
      .update(leadDeposits)
      .set({
        refundedCents: sql`${leadDeposits.refundedCents} + ${refund.amountCents}`,
        refundIds: sql`array_append(${leadDeposits.refundIds}, ${refund.id})`,
        refundedDate: refund.at,
        updatedDate: refund.at,
      })
      .where(
        sql`${leadDeposits.leadId} = ${leadId} and ${leadDeposits.paymentId} is not null and not (${refund.id} = any(${leadDeposits.refundIds}))`,
      )
      .returning({ id: leadDeposits.id });
    if (updated.length > 0) await settleState(tx, leadId);
  });
}

/**
 * The refunds the provider reports for the deposit's payment: its refunded total (never lowered: a
 * reading older than what was applied leaves it) and the refund ids not applied yet. Whether it
 * changed anything.
 */
export async function applyRefundTotal(
  db: TDb,
  paymentId: string,
  reading: { refundedCents: number; refundIds: readonly string[]; at: Date },
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .select()
      .from(leadDeposits)
      .where(eq(leadDeposits.paymentId, paymentId))
      .for("update");
    if (!row) return false;
    const newIds = reading.refundIds.filter((id) => !row.refundIds.includes(id));
    const refundedCents = Math.max(row.refundedCents, reading.refundedCents);
    if (newIds.length === 0 && refundedCents === row.refundedCents) return false;
    await tx
      .update(leadDeposits)
      .set({
        refundedCents,
        refundIds: [...row.refundIds, ...newIds],
        ...(refundedCents > row.refundedCents ? { refundedDate: reading.at } : {}),
        updatedDate: reading.at,
      })
      .where(eq(leadDeposits.id, row.id));
    await settleState(tx, row.leadId);
    return true;
  });
}

async function settleState(db: TDb, leadId: string) {
  await db
    .update(leadDeposits)
    .set({ state: stateAfterRefunds })
    .where(
      sql`${leadDeposits.leadId} = ${leadId} and ${leadDeposits.state} in ('paid', 'partly_refunded', 'refunded')`,
    );
}
