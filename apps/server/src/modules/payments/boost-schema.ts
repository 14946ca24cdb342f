// Tables of the payments module for boosts bought beyond a tier's included days: the admin's price
// of a boost day, and each purchase (one per boost: the boost's id is its key, so a boost is never
// sold twice, and its one checkout at the provider). The boost itself is the listings' row
// (profile_boosts), reached through the listings' services only.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdDate, updatedDate } from "../../platform/db/columns";
import { profiles } from "../../profiles/schema";

/** The price of a boost day, in cents, per currency (only "usd" is sold); no row: not on sale. */
export const boostDayPrices = pgTable(
  "payment_boost_day_prices",
  {
    currency: text("currency").primaryKey(),
    amountCents: integer("amount_cents").notNull(),
    updatedDate: updatedDate(),
    updatedBy: uuid("updated_by"),
  },
  (t) => [check("payment_boost_day_prices_amount_positive", sql`${t.amountCents} > 0`)],
);

export const BOOST_PURCHASE_STATES = ["awaiting", "paid", "dropped"] as const;
export type TBoostPurchaseState = (typeof BOOST_PURCHASE_STATES)[number];

/**
 * A boost bought: its extra days and their price as fixed when it was booked, the provider's
 * checkout (made once), and its state: awaiting the payment, paid (the boost runs), or dropped
 * (left unpaid past BOOST_PAYMENT_HOURS, or removed before it was paid).
 */
export const boostPurchases = pgTable(
  "payment_boost_purchases",
  {
    /** The listing's boost (profile_boosts.id) this buys. */
    boostId: uuid("boost_id").primaryKey(),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    extraDays: integer("extra_days").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    providerCheckoutId: text("provider_checkout_id").unique(),
    /** The PaymentIntent that paid it, once paid. */
    providerPaymentId: text("provider_payment_id"),
    state: text("state", { enum: BOOST_PURCHASE_STATES }).notNull().default("awaiting"),
    createdBy: uuid("created_by"),
    createdDate: createdDate(),
    paidDate: timestamp("paid_date", { withTimezone: true }),
  },
  (t) => [
    index("payment_boost_purchases_listing_idx").on(t.listingId, t.createdDate),
    index("payment_boost_purchases_awaiting_idx")
      .on(t.createdDate)
      .where(sql`${t.state} = 'awaiting'`),
    check("payment_boost_purchases_amount_positive", sql`${t.amountCents} > 0`),
    check("payment_boost_purchases_days_positive", sql`${t.extraDays} > 0`),
  ],
);
