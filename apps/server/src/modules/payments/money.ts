// Money in the ledger, once each: a paid invoice is a charge (its amount; a subscription's), a
// succeeded payment of one of our products (its metadata names its `purpose`: a boost, a deposit, a
// guarantee's charge) is a charge, a refunded charge's refunds are refunds, a paid payout is a
// payout. Each is recorded by its provider id, so a duplicated or replayed webhook records nothing
// more; money of a customer that is not ours (a listing's or a person's) is kept flagged. The
// products' handlers keep their own state and write no ledger rows.
import type { TPaymentsContext } from "./context";
import { isOurCustomer } from "./customers";
import { flagged, processed, type TWebhookHandler, type TWebhookOutcome } from "./handlers";
import * as repo from "./repository";
import type { TProviderEvent } from "./stripe";

const customerIdOf = (value: unknown): string | null =>
  typeof value === "string"
    ? value
    : value && typeof value === "object" && "id" in value
      ? String(value.id)
      : null;

/**
 * The listing the money is about (its metadata's `listingId`, else the listing whose customer paid;
 * null for a person's payment about no listing), or the reason it is not ours.
 */
async function listingOfCustomer(ctx: TPaymentsContext, customer: unknown, metadata?: unknown) {
  const id = customerIdOf(customer);
  if (!id) return { problem: "It names no customer." } as const;
  const owner = await isOurCustomer(ctx, id);
  if (!owner) return { problem: `Customer ${id} is not one of ours.` } as const;
  const named = (metadata as Record<string, unknown> | undefined)?.listingId;
  return { listingId: typeof named === "string" ? named : owner.listingId } as const;
}

async function record(
  ctx: TPaymentsContext,
  event: TProviderEvent,
  entry: {
    providerId: string;
    kind: "charge" | "refund" | "payout";
    amountCents: number;
    currency: string;
    listingId: string | null;
  },
): Promise<void> {
  const at = ctx.now();
  await repo.insertEntry(ctx.db, {
    ...entry,
    type: event.type,
    state: "processed",
    payload: { event: event.id },
    createdDate: at,
    processedDate: at,
  });
}

async function invoicePaid(ctx: TPaymentsContext, event: TProviderEvent): Promise<TWebhookOutcome> {
  const invoice = event.object;
  const amountCents = Number(invoice.amount_paid ?? 0);
  const currency = String(invoice.currency ?? "usd");
  const owner = await listingOfCustomer(ctx, invoice.customer);
  if ("problem" in owner) return flagged(`Invoice ${invoice.id}: ${owner.problem}`);
  if (amountCents > 0) {
    await record(ctx, event, {
      providerId: String(invoice.id),
      kind: "charge",
      amountCents,
      currency,
      listingId: owner.listingId,
    });
  }
  return processed(owner.listingId, { amountCents, currency });
}

async function chargeRefunded(
  ctx: TPaymentsContext,
  event: TProviderEvent,
): Promise<TWebhookOutcome> {
  const charge = event.object;
  const owner = await listingOfCustomer(ctx, charge.customer, charge.metadata);
  if ("problem" in owner) return flagged(`Charge ${charge.id}: ${owner.problem}`);
  const currency = String(charge.currency ?? "usd");
  const refunds: { id: string; amount: number }[] = Array.isArray(charge.refunds?.data)
    ? charge.refunds.data
    : [{ id: `${charge.id}/refunded/${charge.amount_refunded}`, amount: charge.amount_refunded }];
  for (const refund of refunds) {
    await record(ctx, event, {
      providerId: String(refund.id),
      kind: "refund",
      amountCents: Number(refund.amount ?? 0),
      currency,
      listingId: owner.listingId,
    });
  }
  return processed(owner.listingId, {
    amountCents: Number(charge.amount_refunded ?? 0),
    currency,
  });
}

/** A one-off payment of one of our products (a subscription's is its invoice's). */
async function paymentSucceeded(
  ctx: TPaymentsContext,
  event: TProviderEvent,
): Promise<TWebhookOutcome> {
  const intent = event.object;
  const amountCents = Number(intent.amount_received ?? intent.amount ?? 0);
  const currency = String(intent.currency ?? "usd");
  if (!intent.metadata?.purpose) {
    // A subscription's invoice payment: its `invoice.paid` is the charge.
    return processed(null, { amountCents, currency });
  }
  const owner = await listingOfCustomer(ctx, intent.customer, intent.metadata);
  if ("problem" in owner) return flagged(`Payment ${intent.id}: ${owner.problem}`);
  await record(ctx, event, {
    providerId: String(intent.id),
    kind: "charge",
    amountCents,
    currency,
    listingId: owner.listingId,
  });
  return processed(owner.listingId, { amountCents, currency });
}

async function payoutPaid(ctx: TPaymentsContext, event: TProviderEvent): Promise<TWebhookOutcome> {
  const payout = event.object;
  const amountCents = Number(payout.amount ?? 0);
  const currency = String(payout.currency ?? "usd");
  await record(ctx, event, {
    providerId: String(payout.id),
    kind: "payout",
    amountCents,
    currency,
    listingId: null,
  });
  return processed(null, { amountCents, currency });
}

export const moneyWebhooks: TWebhookHandler = {
  name: "money",
  types: ["invoice.paid", "payment_intent.succeeded", "charge.refunded", "payout.paid"],
  claims: () => true,
  handle(ctx, event) {
    switch (event.type) {
      case "invoice.paid":
        return invoicePaid(ctx, event);
      case "payment_intent.succeeded":
        return paymentSucceeded(ctx, event);
      case "charge.refunded":
        return chargeRefunded(ctx, event);
      default:
        return payoutPaid(ctx, event);
    }
  },
};
