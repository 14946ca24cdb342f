// Deposits of awarded proposals: the organizer of an awarded (Won) lead pays the deposit its
// proposal asks (its percent of the proposal's total, rules/deposits.ts) through the provider's
// hosted checkout, once: one open checkout per lead, reused, and one deposit row per lead, which
// turns paid only when the provider says the payment succeeded (its webhooks, in any order, or a
// read of the checkout). The organizer takes it back in full while the proposal's terms allow
// (`refundableUntil`); the venue's managers refund any part of it at any time. The provider's refund
// webhooks record what was given back, each refund once. The lead, its proposal and who is on
// which side of it are the rfps module's (`depositLead`); this file keeps only the money. The
// ledger's rows are money.ts's: nothing here writes them.
import type {
  TCheckoutStart,
  TDepositCheckoutInput,
  TDepositRefundInput,
  TLeadDeposit,
} from "@hostfield/domain/contracts";
import { depositAmount, fromCents, refundDue, toCents, todayUtc } from "@hostfield/domain/rules";
import type { TPrincipal } from "../../platform/http/access";
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  unauthorized,
} from "../../platform/http/errors";
import type { TDepositLead } from "../rfps";
import { inTransaction, type TPaymentsContext } from "./context";
import { userCustomer } from "./customers";
import * as repo from "./deposit-repository";
import {
  flagged,
  PURPOSE_KEY,
  processed,
  type TWebhookHandler,
  type TWebhookOutcome,
} from "./handlers";
import { requireProvider } from "./policy";
import { idempotencyKey, ProviderMissing, type TProviderPayment } from "./stripe";

/** What a deposit's checkout, payment and refunds say they are for (their metadata's `purpose`). */
export const DEPOSIT_PURPOSE = "deposit";

/** What a caller wants with a lead's deposit: read it, pay it, or refund it. */
export type TDepositNeed = "read" | "pay" | "refund";

const REFUSALS: Record<TDepositNeed, string> = {
  read: "Only the event's organizers and the venue's people see the deposit of this lead.",
  pay: "Only the event's organizers (those who may award the lead) pay its deposit.",
  refund: "Only the event's organizers and the venue's managers refund the deposit of this lead.",
};

/**
 * The lead and the caller's side of it, for what they want: 401 for a visitor, 404 when there is
 * no such lead, 403 for anyone on neither side (or on the wrong one).
 */
export async function requireDepositSide(
  ctx: TPaymentsContext,
  leadId: string,
  principal: TPrincipal | null,
  need: TDepositNeed,
): Promise<TDepositLead & { principal: TPrincipal }> {
  if (!principal) throw unauthorized();
  const lead = await ctx.rfps.depositLead(leadId, principal);
  if (!lead) throw notFound("The lead");
  const { organizer, venueManager, reader } = lead.side;
  const allowed = need === "read" ? reader : need === "pay" ? organizer : organizer || venueManager;
  if (!allowed) throw forbidden(REFUSALS[need]);
  return { ...lead, principal };
}

/** The deposit the lead's proposal asks: its terms and amount, or null (none, or of nothing). */
function termsOf(lead: TDepositLead) {
  const proposal = lead.proposal;
  const deposit = proposal?.deposit;
  if (!proposal || !deposit) return null;
  const amountCents = depositAmount(proposal, lead.eventDays);
  if (!amountCents || amountCents <= 0) return null;
  return { ...deposit, amountCents, currency: proposal.currency };
}
type TTerms = NonNullable<ReturnType<typeof termsOf>>;

/** The terms of a deposit that may be paid: the lead is Won (409 LEAD_NOT_WON) and asks one (409 DEPOSIT_NONE). */
function payableTerms(lead: TDepositLead): TTerms {
  if (lead.status !== "Won") {
    throw conflict(
      `A deposit is paid on the awarded proposal; this lead is ${lead.status}.`,
      "LEAD_NOT_WON",
    );
  }
  return requireTerms(lead);
}

function requireTerms(lead: TDepositLead): TTerms {
  const terms = termsOf(lead);
  if (!terms) throw conflict("This proposal asks no deposit.", "DEPOSIT_NONE");
  return terms;
}

const isPaid = (
  row: repo.TLeadDepositRow | null,
): row is repo.TLeadDepositRow & { paidCents: number; paymentId: string } =>
  !!row && row.paymentId !== null && row.paidCents !== null;

/** The deposit as the caller sees it, with what they may do now. */
function present(
  ctx: TPaymentsContext,
  lead: TDepositLead,
  terms: TTerms,
  row: repo.TLeadDepositRow | null,
): TLeadDeposit {
  const paymentsEnabled = ctx.provider !== null;
  const paid = isPaid(row) ? row : null;
  const due = paid
    ? refundDue(
        terms,
        { amountCents: paid.paidCents, refundedCents: paid.refundedCents },
        todayUtc(ctx.now()),
      )
    : 0;
  const left = paid ? paid.paidCents - paid.refundedCents : 0;
  return {
    leadId: lead.leadId,
    listingId: lead.listingId,
    percent: terms.percent,
    dueDate: terms.dueDate,
    refundableUntil: terms.refundableUntil,
    amount: fromCents(row?.amountCents ?? terms.amountCents),
    currency: terms.currency,
    state: row?.state ?? "due",
    paidAmount: paid ? fromCents(paid.paidCents) : null,
    paidDate: paid?.paidDate?.toISOString() ?? null,
    refundedAmount: fromCents(row?.refundedCents ?? 0),
    refundedDate: row?.refundedDate?.toISOString() ?? null,
    paymentsEnabled,
    refundDue: fromCents(due),
    actions: {
      pay:
        paymentsEnabled &&
        lead.side.organizer &&
        lead.status === "Won" &&
        (row === null || row.state === "open"),
      refund: paymentsEnabled && lead.side.organizer && due > 0,
      refundPart: paymentsEnabled && lead.side.venueManager && left > 0,
    },
  };
}

/**
 * The lead's deposit for its two sides (403 for others), or null when there is none to show: the
 * lead is not Won (and nothing was paid on it) or its proposal asks no deposit. Shown without
 * payments too: then it is collected outside Hostfield.
 */
export async function depositOf(
  ctx: TPaymentsContext,
  leadId: string,
  principal: TPrincipal | null,
): Promise<TLeadDeposit | null> {
  const lead = await requireDepositSide(ctx, leadId, principal, "read");
  const terms = termsOf(lead);
  if (!terms) return null;
  const row = await repo.depositOfLead(ctx.db, leadId);
  // A win taken back after the deposit was paid still shows it (it may be refunded).
  if (lead.status !== "Won" && !isPaid(row)) return null;
  return present(ctx, lead, terms, row);
}

/** `path` with `name=value` added to its query. */
const withQuery = (path: string, name: string, value: string) =>
  `${path}${path.includes("?") ? "&" : "?"}${name}=${value}`;

/**
 * The organizer pays the deposit through the provider's hosted checkout (card data never reaches
 * us): the open checkout of the lead when there is one (of this amount), else a new one. 409 when
 * the lead is not Won, asks no deposit, or it is paid already (a checkout the provider reports paid
 * is recorded so now).
 */
export async function startDepositCheckout(
  ctx: TPaymentsContext,
  leadId: string,
  principal: TPrincipal | null,
  input: TDepositCheckoutInput,
): Promise<TCheckoutStart> {
  const provider = requireProvider(ctx);
  const lead = await requireDepositSide(ctx, leadId, principal, "pay");
  const terms = payableTerms(lead);
  const alreadyPaid = () =>
    conflict("This deposit is paid already: it is not paid twice.", "DEPOSIT_ALREADY_PAID");
  const row = await repo.depositOfLead(ctx.db, leadId);
  if (row && row.state !== "open") throw alreadyPaid();
  if (row?.checkoutId) {
    const checkout = await provider.retrieveCheckout(row.checkoutId).catch((error: unknown) => {
      if (error instanceof ProviderMissing) return null;
      throw error;
    });
    if (checkout?.status === "complete") {
      // Paid while its webhooks are on their way: recorded now, from the provider's word.
      if (checkout.paid && checkout.paymentIntentId) {
        await confirmPayment(ctx, leadId, checkout.paymentIntentId);
      }
      throw alreadyPaid();
    }
    if (checkout?.status === "open" && row.checkoutUrl && row.amountCents === terms.amountCents) {
      return { url: row.checkoutUrl };
    }
  }
  const person = await ctx.users.person(lead.principal.userId);
  const customerId = await userCustomer(ctx, {
    id: lead.principal.userId,
    email: lead.principal.email || null,
    name: person?.name ?? lead.principal.email,
  });
  const back = (outcome: string) =>
    `${ctx.publicUrl}${withQuery(input.returnPath, "deposit", outcome)}`;
  const session = await provider.createPaymentCheckout({
    customerId,
    amountCents: terms.amountCents,
    currency: terms.currency.toLowerCase(),
    description: `Deposit (${terms.percent}%) for ${lead.eventName}`,
    metadata: { [PURPOSE_KEY]: DEPOSIT_PURPOSE, leadId, listingId: lead.listingId },
    successUrl: back("paid"),
    cancelUrl: back("cancelled"),
    // The same lead and amount is the same checkout; after an expired one, another.
    idempotencyKey: idempotencyKey(
      "deposit-checkout",
      leadId,
      terms.amountCents,
      row?.checkoutId ?? "first",
    ),
  });
  const at = ctx.now();
  if (row) {
    await repo.replaceCheckout(ctx.db, leadId, {
      checkoutId: session.id,
      checkoutUrl: session.url,
      amountCents: terms.amountCents,
      at,
    });
  } else {
    await repo.insertDeposit(ctx.db, {
      leadId,
      eventId: lead.eventId,
      listingId: lead.listingId,
      payerUserId: lead.principal.userId,
      amountCents: terms.amountCents,
      currency: terms.currency,
      checkoutId: session.id,
      checkoutUrl: session.url,
      state: "open",
      createdDate: at,
      updatedDate: at,
    });
  }
  return { url: session.url };
}

/**
 * A refund: the organizers (no amount) take back what the proposal's terms give today, all that is
 * left until `refundableUntil` (409 DEPOSIT_NOT_REFUNDABLE after it, or when it has none); the
 * venue's managers refund `amount` of what is left (400 DEPOSIT_REFUND_TOO_HIGH above it), or all
 * of it when they give none. 409 DEPOSIT_NOT_PAID before it is paid, DEPOSIT_ALREADY_REFUNDED when
 * nothing is left. The refund the provider confirms is recorded at once (its webhook then finds it).
 */
export async function refundDeposit(
  ctx: TPaymentsContext,
  leadId: string,
  principal: TPrincipal | null,
  input: TDepositRefundInput | undefined,
): Promise<TLeadDeposit> {
  const provider = requireProvider(ctx);
  const lead = await requireDepositSide(ctx, leadId, principal, "refund");
  const asked = input?.amount;
  if (asked !== undefined && !lead.side.venueManager) {
    throw forbidden("Only the venue's managers refund part of a deposit.");
  }
  const terms = requireTerms(lead);
  const row = await repo.depositOfLead(ctx.db, leadId);
  if (!isPaid(row))
    throw conflict("This deposit is not paid: there is nothing to refund.", "DEPOSIT_NOT_PAID");
  const left = row.paidCents - row.refundedCents;
  if (left <= 0) {
    throw conflict("This deposit is refunded in full already.", "DEPOSIT_ALREADY_REFUNDED");
  }
  let amountCents: number;
  let key: string;
  if (asked !== undefined) {
    amountCents = toCents(asked);
    if (amountCents > left) {
      throw badRequest(
        "DEPOSIT_REFUND_TOO_HIGH",
        `At most ${fromCents(left)} ${terms.currency} is left of this deposit to refund.`,
        { left: fromCents(left), currency: terms.currency },
      );
    }
    // The same refund asked twice before it is recorded is one refund.
    key = idempotencyKey("deposit-refund-part", leadId, row.refundedCents, amountCents);
  } else if (lead.side.organizer) {
    const due = refundDue(
      terms,
      { amountCents: row.paidCents, refundedCents: row.refundedCents },
      todayUtc(ctx.now()),
    );
    if (due <= 0) {
      throw new AppError(
        "DEPOSIT_NOT_REFUNDABLE",
        409,
        terms.refundableUntil
          ? `This deposit was refundable until ${terms.refundableUntil}; the proposal's terms give no refund now.`
          : "This deposit is not refundable: the proposal's terms give no refund once it is paid.",
        { refundableUntil: terms.refundableUntil },
      );
    }
    amountCents = due;
    key = idempotencyKey("deposit-refund", leadId, row.refundedCents);
  } else {
    // The venue's managers giving no amount: all that is left.
    amountCents = left;
    key = idempotencyKey("deposit-refund-part", leadId, row.refundedCents, amountCents);
  }
  const refund = await provider.refundPayment({
    paymentIntentId: row.paymentId,
    amountCents,
    metadata: { [PURPOSE_KEY]: DEPOSIT_PURPOSE, leadId, listingId: lead.listingId },
    idempotencyKey: key,
  });
  if (refund.status === "succeeded") {
    await repo.applyRefund(ctx.db, leadId, {
      id: refund.id,
      amountCents: refund.amountCents,
      at: ctx.now(),
    });
  }
  return present(ctx, lead, terms, await repo.depositOfLead(ctx.db, leadId));
}

// ---- the webhooks

const idOf = (value: unknown): string | null =>
  typeof value === "string"
    ? value
    : value && typeof value === "object" && "id" in value
      ? String(value.id)
      : null;

async function paymentOf(ctx: TPaymentsContext, paymentId: string) {
  try {
    return await requireProvider(ctx).retrievePayment(paymentId);
  } catch (error) {
    if (error instanceof ProviderMissing) return null;
    throw error;
  }
}

/**
 * The lead's deposit is paid by this payment once the provider holds it succeeded: the open deposit
 * turns paid and both sides hear of it (the DepositPaid event, with the change). A duplicate finds
 * it paid; a second payment of a paid deposit is flagged (for an admin to refund).
 */
async function confirmPayment(
  ctx: TPaymentsContext,
  leadId: string,
  paymentId: string,
): Promise<TWebhookOutcome> {
  const payment: TProviderPayment | null = await paymentOf(ctx, paymentId);
  if (!payment) return flagged(`The payment provider does not know payment ${paymentId}.`);
  if (payment.metadata.leadId !== leadId) {
    return flagged(`Payment ${paymentId} is not the deposit of lead ${leadId}.`);
  }
  const listingId = payment.metadata.listingId ?? null;
  // Not confirmed yet (processing): a later event says so.
  if (payment.status !== "succeeded") return processed(listingId);
  const at = ctx.now();
  const paid = await inTransaction(ctx, async (tx) => {
    const row = await repo.markPaid(tx, leadId, {
      paymentId,
      paidCents: payment.amountReceived,
      at,
    });
    if (row) {
      await ctx.events.record(tx, "DepositPaid", {
        leadId,
        eventId: row.eventId,
        listingId: row.listingId,
        payerUserId: row.payerUserId,
        amountCents: payment.amountReceived,
        currency: row.currency,
      });
    }
    return row;
  });
  if (paid) return processed(listingId);
  const row = await repo.depositOfLead(ctx.db, leadId);
  if (!row)
    return flagged(
      `Payment ${paymentId} is the deposit of lead ${leadId}, which has none of ours.`,
    );
  if (row.paymentId !== paymentId) {
    return flagged(
      `Payment ${paymentId} pays the deposit of lead ${leadId} again (paid by ${row.paymentId}): refund it.`,
    );
  }
  return processed(listingId);
}

/** The refunds of a deposit's charge: its payment's refunded total as the provider holds it now. */
async function chargeRefunded(
  ctx: TPaymentsContext,
  charge: Record<string, unknown>,
): Promise<TWebhookOutcome> {
  const paymentId = idOf(charge.payment_intent);
  if (!paymentId) return flagged(`Charge ${String(charge.id)} names no payment.`);
  const payment = await paymentOf(ctx, paymentId);
  if (!payment) return flagged(`The payment provider does not know payment ${paymentId}.`);
  const refunds = (charge.refunds as { data?: { id?: unknown }[] } | undefined)?.data ?? [];
  const ids = refunds.map((r) => idOf(r)).filter((id): id is string => !!id);
  const row = await repo.depositOfLead(ctx.db, payment.metadata.leadId ?? "");
  if (!row || row.paymentId !== paymentId) {
    return flagged(
      `Charge ${String(charge.id)} refunds payment ${paymentId}, which paid no deposit of ours.`,
    );
  }
  await repo.applyRefundTotal(ctx.db, paymentId, {
    refundedCents: payment.amountRefunded,
    refundIds: ids,
    at: ctx.now(),
  });
  return processed(row.listingId);
}

/**
 * A deposit's checkout completed (paid), its payment succeeded, its charge refunded: each reads the
 * payment as the provider holds it now, so the order they come in does not matter.
 */
export const depositWebhooks: TWebhookHandler = {
  name: "deposits",
  types: ["checkout.session.completed", "payment_intent.succeeded", "charge.refunded"],
  claims: (event) => event.object.metadata?.[PURPOSE_KEY] === DEPOSIT_PURPOSE,
  async handle(ctx, event) {
    const object = event.object;
    if (event.type === "charge.refunded") return chargeRefunded(ctx, object);
    const leadId = object.metadata?.leadId;
    if (typeof leadId !== "string" || !leadId) {
      return flagged(`The ${event.type} ${String(object.id)} names no lead.`);
    }
    if (event.type === "payment_intent.succeeded")
      return confirmPayment(ctx, leadId, String(object.id));
    // checkout.session.completed: paid, or not yet (its payment's own event says when).
    const paymentId = idOf(object.payment_intent);
    if (object.mode !== "payment" || !paymentId || object.payment_status !== "paid") {
      return processed(
        typeof object.metadata?.listingId === "string" ? object.metadata.listingId : null,
      );
    }
    return confirmPayment(ctx, leadId, paymentId);
  },
};
