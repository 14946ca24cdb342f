// Boost days bought beyond a tier's quota (issue 47): the admin's price of a boost day; a listing's
// managers buy a boost's extra days through the provider's hosted checkout (one payment of extra
// days × the day's price, fixed when the boost is booked); the boost waits for its payment (it
// lifts nothing and holds its days in the quota meanwhile) and runs once the provider confirms it (its
// webhooks, in any order, each read again from the provider); one left unpaid BOOST_PAYMENT_HOURS
// is dropped by an hourly job. A boost is sold once: its purchase is keyed by the boost's id and
// its one checkout by an idempotency key of that id, and the same dates asked again while a boost
// waits are that boost. The boost itself is the listings' (reached through their services); the
// ledger's rows are money.ts's: nothing here writes them.
import type {
  TBoostCheckoutInput,
  TBoostDayPrice,
  TBoostDayPriceInput,
  TCheckoutStart,
} from "@hostfield/domain/contracts";
import type { TProfileKind } from "@hostfield/domain/reference";
import type { TPrincipal } from "../../platform/http/access";
import { conflict } from "../../platform/http/errors";
import type { TBoostSale, TProfileRow } from "../../profiles";
import * as repo from "./boost-repository";
import type { TPaymentsContext } from "./context";
import {
  flagged,
  PURPOSE_KEY,
  processed,
  type TWebhookHandler,
  type TWebhookOutcome,
} from "./handlers";
import { requireProvider } from "./policy";
import * as paymentsRepo from "./repository";
import {
  idempotencyKey,
  ProviderMissing,
  type TPaymentProvider,
  type TProviderEvent,
} from "./stripe";

/** What a boost's checkout and payment say they are for (their metadata's `purpose`). */
export const BOOST_PURPOSE = "boost";

const dollars = (cents: number) => cents / 100;

// ---- the admin's price

/** The price of a boost day (null: not on sale). */
export async function boostDayPrice(ctx: TPaymentsContext): Promise<TBoostDayPrice> {
  const row = await repo.findDayPrice(ctx.db);
  return {
    amount: row ? dollars(row.amountCents) : null,
    currency: "usd",
    updatedDate: row ? row.updatedDate.toISOString() : null,
  };
}

/** Sets the price of a boost day, or with null takes boost days off sale (payments on only). */
export async function setBoostDayPrice(
  ctx: TPaymentsContext,
  input: TBoostDayPriceInput,
  userId: string,
): Promise<TBoostDayPrice> {
  requireProvider(ctx);
  if (input.amount === null) await repo.deleteDayPrice(ctx.db);
  else {
    await repo.saveDayPrice(ctx.db, {
      currency: repo.BOOST_CURRENCY,
      amountCents: Math.round(input.amount * 100),
      updatedDate: ctx.now(),
      updatedBy: userId,
    });
  }
  return boostDayPrice(ctx);
}

/**
 * What the listings' quota refusal offers (`details.buyable`): the day's price when payments are
 * on and a price is set, else null.
 */
export async function boostSale(ctx: TPaymentsContext): Promise<TBoostSale | null> {
  if (!ctx.provider) return null;
  const row = await repo.findDayPrice(ctx.db);
  return row ? { dayPriceCents: row.amountCents, currency: row.currency } : null;
}

// ---- a manager's purchase

/** The listing's customer at the provider, made once (the same key as a tier's: one customer). */
async function listingCustomer(
  ctx: TPaymentsContext,
  provider: TPaymentProvider,
  kind: TProfileKind,
  profile: TProfileRow,
): Promise<string> {
  const known = await paymentsRepo.customerOfListing(ctx.db, profile.id);
  if (known) return known.providerCustomerId;
  const providerCustomerId = await provider.createCustomer({
    name: profile.name,
    listingId: profile.id,
    listingKind: kind,
    idempotencyKey: idempotencyKey("customer", profile.id),
  });
  await paymentsRepo.insertCustomer(ctx.db, {
    listingId: profile.id,
    listingKind: kind,
    providerCustomerId,
  });
  return (await paymentsRepo.customerOfListing(ctx.db, profile.id))!.providerCustomerId;
}

/** `path` with `name=value` added to its query. */
const withQuery = (path: string, name: string, value: string) =>
  `${path}${path.includes("?") ? "&" : "?"}${name}=${value}`;

/**
 * A boost beyond the quota, bought through the provider's hosted checkout: the boost waits for its
 * payment, and runs once the provider confirms it. 409 BOOST_PRICE_NOT_SET (no day price),
 * BOOST_WITHIN_QUOTA (nothing to buy: book it), PROFILE_NOT_APPROVED; 400 for dates the listing's
 * people may not book (too long, in the past).
 */
export async function startBoostCheckout(
  ctx: TPaymentsContext,
  kind: TProfileKind,
  profile: TProfileRow,
  input: TBoostCheckoutInput,
  principal: TPrincipal,
): Promise<TCheckoutStart> {
  const provider = requireProvider(ctx);
  const price = await repo.findDayPrice(ctx.db);
  if (!price) {
    throw conflict(
      "Boost days are not on sale: an admin has set no price for a boost day.",
      "BOOST_PRICE_NOT_SET",
    );
  }
  const dates = { startDate: input.startDate, endDate: input.endDate };
  const quote = await ctx.profiles.boostQuote(profile, dates);
  if (quote.extraDays === 0) {
    throw conflict(
      "This boost fits in the boost days the listing's tier includes: book it, there is nothing to buy.",
      "BOOST_WITHIN_QUOTA",
    );
  }
  const at = ctx.now();
  const { boost } = await ctx.profiles.createAwaitingBoost(profile.id, dates, {
    userId: principal.userId,
    at,
  });
  // A boost that already waits keeps the extra days and price it was booked with.
  await repo.insertPurchase(ctx.db, {
    boostId: boost.id,
    listingId: profile.id,
    extraDays: quote.extraDays,
    amountCents: quote.extraDays * price.amountCents,
    currency: price.currency,
    createdBy: principal.userId,
    createdDate: at,
  });
  const purchase = (await repo.findPurchase(ctx.db, boost.id))!;
  const customerId = await listingCustomer(ctx, provider, kind, profile);
  const back = (outcome: string) =>
    `${ctx.publicUrl}${withQuery(input.returnPath, "checkout", outcome)}`;
  const days =
    purchase.extraDays === 1 ? "1 extra boost day" : `${purchase.extraDays} extra boost days`;
  const session = await provider.createPaymentCheckout({
    customerId,
    amountCents: purchase.amountCents,
    currency: purchase.currency,
    description: `${days} for ${profile.name}, ${dates.startDate} to ${dates.endDate}`,
    metadata: {
      [PURPOSE_KEY]: BOOST_PURPOSE,
      boostId: boost.id,
      listingId: profile.id,
      listingKind: kind,
    },
    successUrl: back("success"),
    cancelUrl: back("cancelled"),
    // One checkout per boost: asked again, the provider answers the same one.
    idempotencyKey: idempotencyKey("boost-checkout", boost.id),
  });
  if (purchase.providerCheckoutId !== session.id) {
    await repo.setCheckout(ctx.db, boost.id, session.id);
  }
  return { url: session.url };
}

/** Boosts still awaiting payment BOOST_PAYMENT_HOURS after they were booked are dropped (hourly). */
export async function dropUnpaidBoosts(ctx: TPaymentsContext): Promise<number> {
  const dropped = await ctx.profiles.dropUnpaidBoosts(ctx.now());
  await repo.dropPurchases(ctx.db, dropped);
  return dropped.length;
}

// ---- the webhooks

/**
 * Whether the provider holds the boost's payment as made, read now (whatever the event said):
 * its checkout complete and paid, or its PaymentIntent succeeded, for the purchase's amount. The
 * PaymentIntent's id when it is; flagged when it is paid but for another amount.
 */
async function confirmedPayment(
  provider: TPaymentProvider,
  event: TProviderEvent,
  purchase: repo.TBoostPurchaseRow,
): Promise<{ paid: false } | { paid: true; paymentId: string | null } | TWebhookOutcome> {
  const id = String(event.object.id ?? "");
  if (event.type === "checkout.session.completed") {
    const checkout = await provider.retrieveCheckout(id);
    if (!checkout.paid || checkout.status !== "complete") return { paid: false };
    if (checkout.amountCents !== null && checkout.amountCents !== purchase.amountCents) {
      return flagged(
        `Checkout ${id} of boost ${purchase.boostId} was paid ${checkout.amountCents} cents, not ${purchase.amountCents}.`,
      );
    }
    return { paid: true, paymentId: checkout.paymentIntentId };
  }
  const payment = await provider.retrievePayment(id);
  if (payment.status !== "succeeded") return { paid: false };
  if (payment.amountReceived < purchase.amountCents) {
    return flagged(
      `Payment ${id} of boost ${purchase.boostId} received ${payment.amountReceived} cents, not ${purchase.amountCents}.`,
    );
  }
  return { paid: true, paymentId: payment.id };
}

/** A boost's checkout completed or its payment succeeded: the boost runs once the provider says it is paid. */
async function boostPaid(ctx: TPaymentsContext, event: TProviderEvent): Promise<TWebhookOutcome> {
  const metadata = (event.object.metadata ?? {}) as Record<string, string>;
  const boostId = metadata.boostId;
  if (!boostId) return flagged(`The ${event.type} ${event.object.id ?? ""} names no boost.`);
  const purchase = await repo.findPurchase(ctx.db, boostId);
  if (!purchase) return flagged(`Boost ${boostId} was never bought here.`);
  if (metadata.listingId !== purchase.listingId) {
    return flagged(`Boost ${boostId} is another listing's than ${metadata.listingId} says.`);
  }
  const money = { amountCents: purchase.amountCents, currency: purchase.currency };
  if (purchase.state === "paid") return processed(purchase.listingId, money);
  let confirmed: Awaited<ReturnType<typeof confirmedPayment>>;
  try {
    confirmed = await confirmedPayment(requireProvider(ctx), event, purchase);
  } catch (error) {
    if (error instanceof ProviderMissing) {
      return flagged(`The payment provider does not know ${event.object.id ?? "this object"}.`);
    }
    throw error;
  }
  if ("state" in confirmed) return confirmed;
  // Not paid yet (a payment still processing): nothing is granted; a later event says when.
  if (!confirmed.paid) return processed(purchase.listingId);
  if (purchase.state === "dropped") {
    return flagged(
      `Boost ${boostId} was paid after it was dropped unpaid: refund the payment or book the boost by hand.`,
    );
  }
  const at = ctx.now();
  const boost = await ctx.profiles.markBoostPaid(boostId, at);
  if (!boost) {
    await repo.dropPurchases(ctx.db, [boostId]);
    return flagged(
      `Boost ${boostId} was paid after it was removed: refund the payment or book the boost by hand.`,
    );
  }
  await repo.markPaid(ctx.db, boostId, { providerPaymentId: confirmed.paymentId, at });
  return processed(purchase.listingId, money);
}

export const boostWebhooks: TWebhookHandler = {
  name: "boosts",
  types: ["checkout.session.completed", "payment_intent.succeeded"],
  claims: (event) => event.object.metadata?.[PURPOSE_KEY] === BOOST_PURPOSE,
  handle: boostPaid,
};
