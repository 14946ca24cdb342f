// Payments (the payment service, /payment-mgmt/api): tiers for sale as subscriptions through the
// payment provider (Stripe), the admin's prices, and the ledger of everything the provider told us.
// Without payment settings the product runs as before: tiers are set by admins and nothing is sold
// (`GET /payments/config` says `enabled: false`, and the selling calls answer 409
// PAYMENTS_NOT_CONFIGURED). Money is in dollars with cents; the provider keeps cents.
import { z } from "zod";
import { PAID_TIERS, TIERS } from "../reference/tiers";
import { ZId, ZIsoDateTime } from "./common";
import { ZPaging } from "./envelope";

/** The tiers for sale (Legacy is only carried by older memberships; admins may still set it). */
export const SOLD_TIERS = PAID_TIERS;
export type TSoldTier = (typeof SOLD_TIERS)[number];
/** The kinds of listing a tier belongs to. */
export const TIERED_KINDS = ["destination", "facility", "business"] as const;
export type TTieredKind = (typeof TIERED_KINDS)[number];
export const BILLING_INTERVALS = ["month", "year"] as const;
export type TBillingInterval = (typeof BILLING_INTERVALS)[number];
/** A subscription past due keeps its tier this many days after the failed payment. */
export const PAST_DUE_GRACE_DAYS = 7;

/** `GET /payments/config` (anyone): whether payments are on, and the provider's public key. */
export const ZPaymentsConfig = z.object({
  enabled: z.boolean(),
  /** The provider's publishable key (for its browser script), null when payments are off. */
  publishableKey: z.string().nullable(),
});
export type TPaymentsConfig = z.infer<typeof ZPaymentsConfig>;

/** A tier's price for an interval, as the admin set it. */
export const ZTierPrice = z.object({
  tier: z.enum(SOLD_TIERS),
  interval: z.enum(BILLING_INTERVALS),
  /** Dollars per interval. */
  amount: z.number(),
  currency: z.literal("usd"),
  updatedDate: ZIsoDateTime,
});
export type TTierPrice = z.infer<typeof ZTierPrice>;

/**
 * Body of `PUT /payments/admin/prices`: the prices to set (each tier and interval at most once). A
 * changed amount makes a new provider price; subscriptions keep theirs until they change.
 */
export const ZTierPricesInput = z.object({
  prices: z
    .array(
      z.object({
        tier: z.enum(SOLD_TIERS),
        interval: z.enum(BILLING_INTERVALS),
        amount: z.number().min(1).max(100_000).multipleOf(0.01),
      }),
    )
    .min(1)
    .max(SOLD_TIERS.length * BILLING_INTERVALS.length),
});
export type TTierPricesInput = z.infer<typeof ZTierPricesInput>;

/** The provider's subscription states we act on (others read as "incomplete"). */
export const SUBSCRIPTION_STATES = ["incomplete", "active", "past_due", "canceled"] as const;
export type TSubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

/**
 * `GET /payments/listings/{kind}/{id}/membership` (the listing's managers): its tier, where the
 * tier comes from, its subscription and what may be bought.
 */
export const ZListingMembership = z.object({
  listing: z.object({ id: ZId, kind: z.enum(TIERED_KINDS), name: z.string() }),
  /** The tier the listing has now (null for none). */
  tier: z.enum(TIERS).nullable(),
  /** "admin" when an admin set it, "subscription" when a subscription grants it, null for none. */
  source: z.enum(["admin", "subscription"]).nullable(),
  subscription: z
    .object({
      tier: z.enum(SOLD_TIERS),
      interval: z.enum(BILLING_INTERVALS),
      state: z.enum(SUBSCRIPTION_STATES),
      /** The paid period's end; the tier lapses then when `cancelAtPeriodEnd`. */
      currentPeriodEnd: ZIsoDateTime.nullable(),
      cancelAtPeriodEnd: z.boolean(),
      /** Past due: the tier is kept until this moment (PAST_DUE_GRACE_DAYS after the failure). */
      graceUntil: ZIsoDateTime.nullable(),
      /** A change asked for and not yet paid (an upgrade waits for its payment). */
      pending: z
        .object({ tier: z.enum(SOLD_TIERS), interval: z.enum(BILLING_INTERVALS) })
        .nullable(),
    })
    .nullable(),
  /** The prices on sale (empty when payments are off or no price is set). */
  plans: z.array(ZTierPrice),
  paymentsEnabled: z.boolean(),
});
export type TListingMembership = z.infer<typeof ZListingMembership>;

/**
 * Body of `POST /payments/listings/{kind}/{id}/checkout`: a first subscription through the
 * provider's hosted checkout; `returnPath` is where to come back to (a path of ours).
 */
/** Where the browser comes back to from a hosted checkout: a path of this site. */
export const ZReturnPath = z
  .string()
  .max(500)
  .regex(/^\/(?!\/)[^\s]*$/, "A path of this site, starting with /");

export const ZTierCheckoutInput = z.object({
  tier: z.enum(SOLD_TIERS),
  interval: z.enum(BILLING_INTERVALS),
  returnPath: ZReturnPath,
});
export type TTierCheckoutInput = z.infer<typeof ZTierCheckoutInput>;
/** The checkout's address at the provider, to send the browser to. */
export const ZCheckoutStart = z.object({ url: z.string() });
export type TCheckoutStart = z.infer<typeof ZCheckoutStart>;

/** Body of `PUT /payments/listings/{kind}/{id}/subscription`: another tier or interval. */
export const ZSubscriptionChange = z.object({
  tier: z.enum(SOLD_TIERS),
  interval: z.enum(BILLING_INTERVALS),
});
export type TSubscriptionChange = z.infer<typeof ZSubscriptionChange>;

/** What the ledger records: money movements, subscriptions, and every webhook received. */
export const LEDGER_KINDS = ["charge", "refund", "payout", "subscription", "webhook"] as const;
/**
 * A webhook's state: received (queued), processed, failed (its processing threw; replayable),
 * flagged (about an object we do not know: kept, not acted on).
 */
export const LEDGER_STATES = ["received", "processed", "failed", "flagged"] as const;

export const ZLedgerEntry = z.object({
  id: ZId,
  kind: z.enum(LEDGER_KINDS),
  /** The provider's id (evt_…, ch_…, sub_…). */
  providerId: z.string(),
  /** The provider's type (invoice.paid, customer.subscription.updated, …). */
  type: z.string(),
  /** Dollars, when the entry moves money. */
  amount: z.number().nullable(),
  currency: z.string().nullable(),
  listing: z.object({ id: ZId, kind: z.string(), name: z.string() }).nullable(),
  state: z.enum(LEDGER_STATES),
  /** Why it failed or was flagged. */
  problem: z.string().nullable(),
  attempts: z.number().int(),
  createdDate: ZIsoDateTime,
  processedDate: ZIsoDateTime.nullable(),
});
export type TLedgerEntry = z.infer<typeof ZLedgerEntry>;

/** `GET /payments/admin/ledger`: newest first, a page, of one kind or state. */
export const ZLedgerQuery = ZPaging.extend({
  kind: z.enum(LEDGER_KINDS).optional(),
  state: z.enum(LEDGER_STATES).optional(),
});
export type TLedgerQuery = z.infer<typeof ZLedgerQuery>;
