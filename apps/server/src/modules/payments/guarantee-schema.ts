// Tables of the payments module for card guarantees of hotel reservations: one row per reservation
// whose hotel or block required a card (the reservation itself is the stays module's; this keeps
// only what the provider knows: the guest's customer, the setup checkout, the saved card's payment
// method and how the card reads), and one row per guarantee's charge (a no-show or a late
// cancellation): the reservation is unique there, so nothing is charged twice; a declined attempt
// stays on the row, failed, until a later attempt succeeds.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdDate, updatedDate } from "../../platform/db/columns";
import { profiles } from "../../profiles/schema";
import { users } from "../users/schema";

/** Where a guarantee stands (contracts GUARANTEE_STATES). */
export const GUARANTEE_ROW_STATES = ["awaiting_card", "secured", "charged", "released"] as const;
export type TGuaranteeRowState = (typeof GUARANTEE_ROW_STATES)[number];

export const reservationGuarantees = pgTable(
  "reservation_guarantees",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The reservation (stays): one guarantee each. */
    reservationId: uuid("reservation_id").notNull().unique(),
    /** The hotel the reservation is at, whose managers may charge it. */
    hotelId: uuid("hotel_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** The guest who booked (whose card it is). */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The guest's customer at the provider, once a checkout was started. */
    providerCustomerId: text("provider_customer_id"),
    /** The provider's hosted setup checkout (the open one, reused) and its address. */
    setupCheckoutId: text("setup_checkout_id").unique(),
    setupCheckoutUrl: text("setup_checkout_url"),
    /** The SetupIntent that saved the card, its payment method, and how the card reads. */
    setupIntentId: text("setup_intent_id"),
    paymentMethodId: text("payment_method_id"),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    state: text("state", { enum: GUARANTEE_ROW_STATES }).notNull().default("awaiting_card"),
    securedDate: timestamp("secured_date", { withTimezone: true }),
    /** When the reservation was booked: a card must be saved within GUARANTEE_SECURE_MINUTES of it. */
    createdDate: createdDate(),
    updatedDate: updatedDate(),
  },
  (t) => [
    // The expiry job reads the guarantees still awaiting a card, oldest first.
    index("reservation_guarantees_awaiting_idx")
      .on(t.createdDate)
      .where(sql`${t.state} = 'awaiting_card'`),
  ],
);

export const GUARANTEE_CHARGE_ROW_STATES = ["succeeded", "failed"] as const;

export const reservationGuaranteeCharges = pgTable(
  "reservation_guarantee_charges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The reservation charged: unique, so a guarantee is charged once. */
    reservationId: uuid("reservation_id").notNull().unique(),
    reason: text("reason", { enum: ["no_show", "late_cancellation"] }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    /** The provider's payment (PaymentIntent) of the last attempt. */
    providerPaymentId: text("provider_payment_id"),
    state: text("state", { enum: GUARANTEE_CHARGE_ROW_STATES }).notNull(),
    /** The provider's words for the last declined attempt. */
    failure: text("failure"),
    /** Attempts made: each has its own idempotency key (the reservation and its number). */
    attempts: integer("attempts").notNull().default(1),
    /** The hotel's manager who charged it (last attempt). */
    chargedBy: uuid("charged_by").references(() => users.id, { onDelete: "set null" }),
    /** When it succeeded. */
    chargedDate: timestamp("charged_date", { withTimezone: true }),
    createdDate: createdDate(),
    updatedDate: updatedDate(),
  },
  (t) => [
    check("reservation_guarantee_charges_amount_positive", sql`${t.amountCents} > 0`),
    check("reservation_guarantee_charges_attempts_positive", sql`${t.attempts} >= 1`),
  ],
);
