// Tiers for sale: a listing's managers buy a tier as a subscription through the provider's hosted
// checkout, change its tier or interval (charged now, prorated; applied once paid, `pending` until
// then) or cancel it at the period's end. The tier follows the subscription as the provider holds
// it: every subscription webhook reads its current state and applies it, so arrival order does not
// matter; `tierFromSubscriptions` (the domain's) says what the listing's subscriptions give it, and
// the listings' service sets it when that changes. An hourly job drops tiers whose grace or paid
// period ended. Nothing is given before the provider says the subscription is paid (active).
import {
  BILLING_INTERVALS,
  SOLD_TIERS,
  type TBillingInterval,
  type TCheckoutStart,
  type TListingMembership,
  type TSoldTier,
  type TSubscriptionChange,
  type TTierCheckoutInput,
  type TTieredKind,
} from "@hostfield/domain/contracts";
import type { TProfileKind } from "@hostfield/domain/reference";
import { graceUntilOf, subscriptionStateOf, tierFromSubscriptions } from "@hostfield/domain/rules";
import type { TDb } from "../../platform/db/database";
import { conflict } from "../../platform/http/errors";
import type { TProfileRow } from "../../profiles";
import { inTransaction, type TPaymentsContext } from "./context";
import {
  flagged,
  PURPOSE_KEY,
  processed,
  type TWebhookHandler,
  type TWebhookOutcome,
} from "./handlers";
import { requireProvider } from "./policy";
import { presentMembership } from "./presenter";
import * as repo from "./repository";
import {
  idempotencyKey,
  ProviderMissing,
  type TPaymentProvider,
  type TProviderPrice,
  type TProviderSubscription,
} from "./stripe";

/** What a tier's checkout and subscription say they are for (their metadata's `purpose`). */
export const TIER_PURPOSE = "tier";
/** Two checkouts of the same plan for a listing within this window are the same checkout. */
const CHECKOUT_KEY_WINDOW_MS = 10 * 60 * 1000;

const soldTierOf = (value: unknown): TSoldTier | null =>
  (SOLD_TIERS as readonly unknown[]).includes(value) ? (value as TSoldTier) : null;
const intervalOf = (value: unknown): TBillingInterval | null =>
  (BILLING_INTERVALS as readonly unknown[]).includes(value) ? (value as TBillingInterval) : null;

/** A subscription that holds the listing's tier: paid, or past due in its grace. */
const isLive = (row: repo.TSubscriptionRow) => row.state === "active" || row.state === "past_due";

const factsOf = (rows: readonly repo.TSubscriptionRow[]) =>
  rows.map((r) => ({
    tier: r.tier as TSoldTier,
    state: r.state,
    cancelAtPeriodEnd: r.cancelAtPeriodEnd,
    currentPeriodEnd: r.currentPeriodEnd,
    graceUntil: r.graceUntil,
    createdDate: r.createdDate,
  }));

/** The tier and interval of a provider price: its metadata, else our price row of that id. */
async function planOf(
  ctx: TPaymentsContext,
  price: TProviderPrice | null,
): Promise<{ tier: TSoldTier; interval: TBillingInterval } | null> {
  if (!price) return null;
  const tier = soldTierOf(price.tier);
  const interval = intervalOf(price.interval);
  if (tier && interval) return { tier, interval };
  const row = await repo.findPriceByProviderId(ctx.db, price.id);
  return row ? { tier: row.tier as TSoldTier, interval: row.interval } : null;
}

/**
 * What the listing's subscriptions give it now, set on the listing when it differs from what they
 * gave it last (in `tx`). An admin's own tier stays until the subscriptions' grant changes.
 */
async function regrant(ctx: TPaymentsContext, tx: TDb, customer: repo.TCustomerRow) {
  const rows = await repo.subscriptionsOf(tx, customer.listingId);
  const tier = tierFromSubscriptions(factsOf(rows), ctx.now());
  if (tier === customer.grantedTier) return;
  await ctx.profiles.setTierBySubscription(
    tx,
    customer.listingKind as TProfileKind,
    customer.listingId,
    tier,
  );
  await repo.setGrantedTier(tx, customer.listingId, tier);
}

/**
 * Applies the subscription as the provider holds it now: its row, and the listing's tier. Flagged
 * (nothing done) when it is not ours: no listing in its metadata, a customer we did not make for
 * that listing, a price of no tier.
 */
export async function applySubscription(
  ctx: TPaymentsContext,
  sub: TProviderSubscription,
): Promise<TWebhookOutcome> {
  const listingId = sub.metadata.listingId;
  if (!listingId) {
    return flagged(`Subscription ${sub.id} names no listing (no listingId in its metadata).`);
  }
  const customer = await repo.customerByProviderId(ctx.db, sub.customerId);
  if (!customer) {
    return flagged(
      `Subscription ${sub.id} is of customer ${sub.customerId}, who is not one of ours.`,
    );
  }
  if (customer.listingId !== listingId) {
    return flagged(
      `Subscription ${sub.id} names listing ${listingId}, but its customer is another listing's.`,
    );
  }
  const plan = await planOf(ctx, sub.price);
  if (!plan) return flagged(`Subscription ${sub.id} is for a price that is none of our tiers.`);
  const pending = await planOf(ctx, sub.pending);
  const seenAt = ctx.now();
  await inTransaction(ctx, async (tx) => {
    const before = await repo.subscriptionForUpdate(tx, sub.id);
    // A newer reading was applied meanwhile (two deliveries at once): it stands.
    if (before && before.providerSeenDate.getTime() > seenAt.getTime()) return;
    const state = subscriptionStateOf(sub.status);
    await repo.saveSubscription(tx, {
      listingId,
      providerSubscriptionId: sub.id,
      tier: plan.tier,
      interval: plan.interval,
      state,
      currentPeriodEnd: sub.currentPeriodEnd,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      graceUntil: graceUntilOf(state, before, seenAt),
      pendingTier: pending?.tier ?? null,
      pendingInterval: pending?.interval ?? null,
      providerSeenDate: seenAt,
      createdDate: sub.created,
      updatedDate: seenAt,
    });
    if (!before) {
      await repo.insertEntry(tx, {
        providerId: sub.id,
        kind: "subscription",
        type: `${plan.tier} ${plan.interval}ly`,
        listingId,
        state: "processed",
        payload: { tier: plan.tier, interval: plan.interval },
        createdDate: seenAt,
        processedDate: seenAt,
      });
    }
    await regrant(ctx, tx, customer);
  });
  return processed(listingId);
}

/** Tiers whose grace or paid period ended since the last look are dropped (hourly). */
export async function lapseTiers(ctx: TPaymentsContext): Promise<number> {
  const listings = await repo.listingsToRegrant(ctx.db, ctx.now());
  for (const listingId of listings) {
    await inTransaction(ctx, async (tx) => {
      const customer = await repo.customerOfListing(tx, listingId);
      if (customer) await regrant(ctx, tx, customer);
    });
  }
  return listings.length;
}

// ---- the webhooks

const SUBSCRIPTION_EVENTS = [
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
  "invoice.payment_failed",
] as const;

const idOf = (value: unknown): string | null =>
  typeof value === "string"
    ? value
    : value && typeof value === "object" && "id" in value
      ? String(value.id)
      : null;

/** The subscription an event is about, and the metadata that says what it is for. */
function subscriptionOfEvent(event: { type: string; object: Record<string, unknown> }) {
  // biome-ignore lint/suspicious/noExplicitAny: the provider's objects, read field by field.
  const o = event.object as Record<string, any>;
  if (event.type === "checkout.session.completed") {
    return { id: idOf(o.subscription), metadata: o.metadata ?? {} };
  }
  if (event.type.startsWith("customer.subscription.")) {
    return { id: idOf(o.id), metadata: o.metadata ?? {} };
  }
  const details = o.parent?.subscription_details;
  return { id: idOf(details?.subscription ?? o.subscription), metadata: details?.metadata ?? {} };
}

/**
 * Subscription events of tiers (their purpose, or none said: then the subscription's own metadata
 * decides): the subscription's current state is read from the provider and applied.
 */
export const tierWebhooks: TWebhookHandler = {
  name: "tiers",
  types: SUBSCRIPTION_EVENTS,
  claims(event) {
    const { id, metadata } = subscriptionOfEvent(event);
    const purpose = metadata[PURPOSE_KEY];
    // An invoice of no subscription is money only (money.ts).
    if (event.type.startsWith("invoice.") && !id) return false;
    return purpose === undefined || purpose === TIER_PURPOSE;
  },
  async handle(ctx, event) {
    const { id } = subscriptionOfEvent(event);
    if (!id) return flagged(`The ${event.type} ${event.object.id ?? ""} made no subscription.`);
    let sub: TProviderSubscription;
    try {
      sub = await requireProvider(ctx).retrieveSubscription(id);
    } catch (error) {
      if (error instanceof ProviderMissing) {
        return flagged(`The payment provider does not know subscription ${id}.`);
      }
      throw error;
    }
    return applySubscription(ctx, sub);
  },
};

// ---- the listing's managers' calls

/** The listing's membership: its tier and where it comes from, its subscription, the plans. */
export async function membershipOf(
  ctx: TPaymentsContext,
  kind: TTieredKind,
  profile: TProfileRow,
): Promise<TListingMembership> {
  const rows = await repo.subscriptionsOf(ctx.db, profile.id);
  return presentMembership({
    listing: { id: profile.id, kind, name: profile.name, tier: profile.tier ?? null },
    subscription: rows.find(isLive) ?? rows[0] ?? null,
    granted: tierFromSubscriptions(factsOf(rows), ctx.now()),
    plans: ctx.provider ? await repo.listPrices(ctx.db) : [],
    paymentsEnabled: ctx.provider !== null,
  });
}

async function priceFor(ctx: TPaymentsContext, tier: TSoldTier, interval: TBillingInterval) {
  const price = await repo.findPrice(ctx.db, tier, interval);
  if (!price) {
    throw conflict(`${tier} has no ${interval}ly price yet.`, "TIER_PRICE_NOT_SET");
  }
  return price;
}

/** The listing's customer at the provider, made once (the key makes a race make one). */
async function customerFor(
  ctx: TPaymentsContext,
  provider: TPaymentProvider,
  kind: TTieredKind,
  profile: TProfileRow,
): Promise<string> {
  const known = await repo.customerOfListing(ctx.db, profile.id);
  if (known) return known.providerCustomerId;
  const providerCustomerId = await provider.createCustomer({
    name: profile.name,
    listingId: profile.id,
    listingKind: kind,
    idempotencyKey: idempotencyKey("customer", profile.id),
  });
  await repo.insertCustomer(ctx.db, {
    listingId: profile.id,
    listingKind: kind,
    providerCustomerId,
  });
  return (await repo.customerOfListing(ctx.db, profile.id))!.providerCustomerId;
}

/** `path` with `name=value` added to its query. */
function withQuery(path: string, name: string, value: string) {
  return `${path}${path.includes("?") ? "&" : "?"}${name}=${value}`;
}

/**
 * A first subscription through the provider's hosted checkout (card data never reaches us). The
 * tier is given only when the provider reports the subscription paid. 409 when the listing has a
 * subscription already (change it instead) or the plan has no price.
 */
export async function startCheckout(
  ctx: TPaymentsContext,
  kind: TTieredKind,
  profile: TProfileRow,
  input: TTierCheckoutInput,
): Promise<TCheckoutStart> {
  const provider = requireProvider(ctx);
  const rows = await repo.subscriptionsOf(ctx.db, profile.id);
  if (rows.some(isLive)) {
    throw conflict(
      "This listing has a subscription already: change or cancel it instead.",
      "SUBSCRIPTION_EXISTS",
    );
  }
  const price = await priceFor(ctx, input.tier, input.interval);
  const customerId = await customerFor(ctx, provider, kind, profile);
  const back = (outcome: string) =>
    `${ctx.publicUrl}${withQuery(input.returnPath, "checkout", outcome)}`;
  const session = await provider.createSubscriptionCheckout({
    customerId,
    priceId: price.providerPriceId,
    metadata: {
      [PURPOSE_KEY]: TIER_PURPOSE,
      listingId: profile.id,
      listingKind: kind,
      tier: input.tier,
      interval: input.interval,
    },
    successUrl: back("success"),
    cancelUrl: back("cancelled"),
    idempotencyKey: idempotencyKey(
      "checkout",
      profile.id,
      price.providerPriceId,
      input.returnPath,
      Math.floor(ctx.now().getTime() / CHECKOUT_KEY_WINDOW_MS),
    ),
  });
  return { url: session.url };
}

/** The listing's subscription that holds its tier, or 409 NO_SUBSCRIPTION. */
async function liveSubscription(ctx: TPaymentsContext, listingId: string) {
  const live = (await repo.subscriptionsOf(ctx.db, listingId)).find(isLive);
  if (!live) throw conflict("This listing has no subscription to change.", "NO_SUBSCRIPTION");
  return live;
}

async function current(provider: TPaymentProvider, row: repo.TSubscriptionRow) {
  try {
    return await provider.retrieveSubscription(row.providerSubscriptionId);
  } catch (error) {
    if (error instanceof ProviderMissing) {
      throw conflict("The payment provider no longer has this subscription.", "NO_SUBSCRIPTION");
    }
    throw error;
  }
}

/**
 * Another tier or interval: charged now, prorated; the tier changes when the provider reports the
 * new price paid (`pending` shows it meanwhile). A subscription set to end is resumed first.
 */
export async function changePlan(
  ctx: TPaymentsContext,
  profile: TProfileRow,
  input: TSubscriptionChange,
): Promise<void> {
  const provider = requireProvider(ctx);
  const row = await liveSubscription(ctx, profile.id);
  const price = await priceFor(ctx, input.tier, input.interval);
  // The row's reading dates the keys: the same change asked again before it is applied is one call.
  const version = row.providerSeenDate.getTime();
  let sub = await current(provider, row);
  if (sub.cancelAtPeriodEnd) {
    sub = await provider.setCancelAtPeriodEnd({
      id: sub.id,
      cancel: false,
      idempotencyKey: idempotencyKey("resume", sub.id, version),
    });
  }
  const target = price.providerPriceId;
  if (sub.price?.id !== target && sub.pending?.id !== target) {
    if (!sub.itemId) throw conflict("The subscription has no item to change.", "NO_SUBSCRIPTION");
    sub = await provider.changeSubscriptionPrice({
      id: sub.id,
      itemId: sub.itemId,
      priceId: target,
      idempotencyKey: idempotencyKey("change", sub.id, target, version),
    });
  }
  await applySubscription(ctx, sub);
}

/** Cancels at the period's end: the tier stays until then (the provider then ends it). */
export async function cancelPlan(ctx: TPaymentsContext, profile: TProfileRow): Promise<void> {
  const provider = requireProvider(ctx);
  const row = await liveSubscription(ctx, profile.id);
  if (row.cancelAtPeriodEnd) return;
  const sub = await provider.setCancelAtPeriodEnd({
    id: row.providerSubscriptionId,
    cancel: true,
    idempotencyKey: idempotencyKey(
      "cancel",
      row.providerSubscriptionId,
      row.providerSeenDate.getTime(),
    ),
  });
  await applySubscription(ctx, sub);
}
