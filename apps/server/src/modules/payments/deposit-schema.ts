// Tables of the payments module for deposits: one row per awarded lead whose organizer started
// paying the deposit its proposal asks (the lead and its proposal are the rfps module's; this keeps
// only the money): the amount and currency charged, the checkout and payment at the provider, who
// paid, and what was refunded (each provider refund applied once, by its id).
import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdDate, updatedDate } from "../../platform/db/columns";
import { profiles } from "../../profiles/schema";

/** Where a deposit's money stands: a checkout open, paid, or given back in part or whole. */
export const LEAD_DEPOSIT_STATES = ["open", "paid", "partly_refunded", "refunded"] as const;
export type TLeadDepositRowState = (typeof LEAD_DEPOSIT_STATES)[number];

export const leadDeposits = pgTable(
  "lead_deposits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The awarded lead (rfps): one deposit per lead, so it is never paid twice. */
    leadId: uuid("lead_id").notNull().unique(),
    /** The lead's event (rfps), for the news of the payment. */
    eventId: uuid("event_id").notNull(),
    /** The venue the deposit goes to (the lead's listing). */
    listingId: uuid("listing_id").references(() => profiles.id, { onDelete: "set null" }),
    /**
     * The organizer who started the checkout (a user id; no foreign key: a product's schema file
     * reaches no other module's tables, and the money's record outlives the account).
     */
    payerUserId: uuid("payer_user_id"),
    amountCents: integer("amount_cents").notNull(),
    /** The proposal's currency, as it writes it ("USD"). */
    currency: text("currency").notNull(),
    /** The provider's hosted checkout (the one open checkout of the lead, reused) and its address. */
    checkoutId: text("checkout_id").unique(),
    checkoutUrl: text("checkout_url"),
    /** The provider's payment (PaymentIntent), once paid. */
    paymentId: text("payment_id").unique(),
    state: text("state", { enum: LEAD_DEPOSIT_STATES }).notNull().default("open"),
    paidCents: integer("paid_cents"),
    paidDate: timestamp("paid_date", { withTimezone: true }),
    refundedCents: integer("refunded_cents").notNull().default(0),
    /** The provider's refunds applied (re_…), each once. */
    refundIds: text("refund_ids").array().notNull().default(sql`'{}'::text[]`),
    refundedDate: timestamp("refunded_date", { withTimezone: true }),
    createdDate: createdDate(),
    updatedDate: updatedDate(),
  },
  (t) => [
    check("lead_deposits_amount_positive", sql`${t.amountCents} > 0`),
    check("lead_deposits_refunded_not_negative", sql`${t.refundedCents} >= 0`),
  ],
);
