// Tables of the payments module: the admin's tier prices (with the provider's product and price),
// each listing's customer at the provider (and the tier its subscriptions last gave it), the
// listings' subscriptions as the provider last reported them, and the ledger: every charge, refund,
// payout and subscription, and every webhook received (its inbox: processed once by its event id).
import type { TLedgerEntry, TSubscriptionState } from "@hostfield/domain/contracts";
import type { TTier } from "@hostfield/domain/reference";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { createdDate, updatedDate } from "../../platform/db/columns";
import { profiles } from "../../profiles/schema";
import { users } from "../users/schema";

/** A tier's price for an interval, in cents; a changed amount is a new provider price. */
export const tierPrices = pgTable(
  "payment_tier_prices",
  {
    tier: text("tier").notNull().$type<TTier>(),
    interval: text("interval", { enum: ["month", "year"] }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    providerProductId: text("provider_product_id").notNull(),
    providerPriceId: text("provider_price_id").notNull(),
    updatedDate: updatedDate(),
    updatedBy: uuid("updated_by"),
  },
  (t) => [
    primaryKey({ columns: [t.tier, t.interval] }),
    check("payment_tier_prices_amount_positive", sql`${t.amountCents} > 0`),
  ],
);

/** A listing's customer at the provider, and the tier its subscriptions last gave the listing. */
export const paymentCustomers = pgTable("payment_customers", {
  listingId: uuid("listing_id")
    .primaryKey()
    .references(() => profiles.id, { onDelete: "cascade" }),
  listingKind: text("listing_kind").notNull(),
  providerCustomerId: text("provider_customer_id").notNull().unique(),
  /** What the listing's subscriptions gave it when last applied (null: nothing). */
  grantedTier: text("granted_tier").$type<TTier>(),
  createdDate: createdDate(),
});

/** A person's customer at the provider (a guest's saved card, an organizer's deposit). */
export const paymentUserCustomers = pgTable("payment_user_customers", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  providerCustomerId: text("provider_customer_id").notNull().unique(),
  createdDate: createdDate(),
});

/** A listing's subscription as the provider reported it when we last looked (`provider_seen_date`). */
export const listingSubscriptions = pgTable(
  "listing_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    providerSubscriptionId: text("provider_subscription_id").notNull().unique(),
    tier: text("tier").notNull().$type<TTier>(),
    interval: text("interval", { enum: ["month", "year"] }).notNull(),
    state: text("state").notNull().$type<TSubscriptionState>(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    /** Past due: the tier is kept until then. */
    graceUntil: timestamp("grace_until", { withTimezone: true }),
    /** A change asked for and not yet paid. */
    pendingTier: text("pending_tier").$type<TTier>(),
    pendingInterval: text("pending_interval", { enum: ["month", "year"] }),
    /** When we read this state from the provider; an older reading never replaces a newer one. */
    providerSeenDate: timestamp("provider_seen_date", { withTimezone: true }).notNull(),
    /** When the provider made the subscription (the newest one of a listing comes first). */
    createdDate: createdDate(),
    updatedDate: updatedDate(),
  },
  (t) => [index("listing_subscriptions_listing_idx").on(t.listingId, t.createdDate)],
);

/**
 * The ledger: money movements (charge, refund, payout), subscriptions and every webhook received
 * (kind `webhook`, the inbox: `received` until processed, `failed` with its problem, `flagged`
 * when it is about an object we do not know). One row per provider id.
 */
export const paymentLedger = pgTable(
  "payment_ledger",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    providerId: text("provider_id").notNull().unique(),
    kind: text("kind").notNull().$type<TLedgerEntry["kind"]>(),
    type: text("type").notNull(),
    amountCents: integer("amount_cents"),
    currency: text("currency"),
    listingId: uuid("listing_id").references(() => profiles.id, { onDelete: "set null" }),
    state: text("state").notNull().$type<TLedgerEntry["state"]>(),
    problem: text("problem"),
    attempts: integer("attempts").notNull().default(0),
    payload: jsonb("payload").$type<Record<string, unknown>>(),
    createdDate: createdDate(),
    processedDate: timestamp("processed_date", { withTimezone: true }),
  },
  (t) => [
    index("payment_ledger_created_idx").on(t.createdDate.desc(), t.id.desc()),
    index("payment_ledger_kind_idx").on(t.kind, t.createdDate.desc()),
    index("payment_ledger_state_idx").on(t.state, t.createdDate),
  ],
);

// Each product's own tables, in a file of its own.
export * from "./boost-schema";
export * from "./deposit-schema";
export * from "./guarantee-schema";
