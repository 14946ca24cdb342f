// Card guarantees of hotel reservations (issue 47): a booking whose hotel or block requires one
// awaits the guest's card (a ReservationGuaranteeAsked event from the stays module opens it). The
// guest saves a card through the provider's hosted setup checkout (card data never reaches us: we
// keep the customer, the SetupIntent, the payment method and how the card reads); the guarantee is
// secured only when the provider says the SetupIntent succeeded (its webhooks, in any order, or a
// read of the checkout). One not secured within GUARANTEE_SECURE_MINUTES of booking is released and
// its reservation cancelled by a job (run twice, it cancels once). The hotel's managers charge a
// no-show or a late cancellation off-session, at most the first night's rate × rooms
// (rules/guarantees.ts), once: the charge row is unique per reservation and the provider's
// idempotency key is the reservation's and the attempt's; a declined card is a failed attempt a
// later one may follow. The reservation is the stays module's (its services); the ledger's rows
// are money.ts's.
import type {
  TCheckoutStart,
  TGuaranteeChargeInput,
  TGuaranteeCheckoutInput,
  TReservationGuarantee,
} from "@hostfield/domain/contracts";
import {
  formatGuaranteeMoney,
  fromCents,
  GUARANTEE_CHARGE_REASON_LABELS,
  GUARANTEE_CHARGE_REASONS,
  GUARANTEE_CURRENCY,
  GUARANTEE_SECURE_MINUTES,
  guaranteeChargeableFor,
  guaranteeChargeLimit,
  guaranteeChargeRefusal,
  guaranteeTermsText,
  type TGuaranteeChargeReason,
  type TGuaranteedReservation,
  toCents,
  todayUtc,
} from "@hostfield/domain/rules";
import type { TDb } from "../../platform/db/database";
import type { TPrincipal } from "../../platform/http/access";
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  unauthorized,
} from "../../platform/http/errors";
import { inTransaction, type TPaymentsContext } from "./context";
import { userCustomer } from "./customers";
import * as repo from "./guarantee-repository";
import {
  flagged,
  PURPOSE_KEY,
  processed,
  type TWebhookHandler,
  type TWebhookOutcome,
} from "./handlers";
import { requireProvider } from "./policy";
import { idempotencyKey, ProviderMissing } from "./stripe";

/** What a guarantee's setup checkout, SetupIntent and charges say they are for (`purpose`). */
export const GUARANTEE_PURPOSE = "guarantee";

const SECURE_MS = GUARANTEE_SECURE_MINUTES * 60 * 1000;
/** Guarantees the expiry job looks at per run (it runs every minute). */
const EXPIRY_BATCH = 100;

/** The reservation as the stays module gives it to guarantees. */
type TGuaranteeStay = NonNullable<
  Awaited<ReturnType<TPaymentsContext["stays"]["guaranteeReservation"]>>
>;

// ---- what the guest and the hotel see ---------------------------------------------------------

function present(
  stay: TGuaranteedReservation,
  row: repo.TGuaranteeRow | null,
  charge: repo.TGuaranteeChargeRow | null,
  today: string,
): TReservationGuarantee {
  // Not opened yet (its event on the way): it awaits the card from the booking on.
  const state = row?.state ?? "awaiting_card";
  const bookedAt = row?.createdDate.getTime() ?? Date.parse(stay.createdDate);
  return {
    required: true,
    state,
    card: row?.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
    terms: guaranteeTermsText(stay),
    chargeLimit: fromCents(guaranteeChargeLimit(stay)),
    currency: GUARANTEE_CURRENCY,
    secureBy: state === "awaiting_card" ? new Date(bookedAt + SECURE_MS).toISOString() : null,
    chargeableFor: state === "secured" ? guaranteeChargeableFor(stay, today) : [],
    charge: charge
      ? {
          id: charge.id,
          reason: charge.reason,
          amount: fromCents(charge.amountCents),
          currency: charge.currency,
          state: charge.state,
          failure: charge.failure,
          attempts: charge.attempts,
          date: (charge.chargedDate ?? charge.updatedDate).toISOString(),
        }
      : null,
  };
}

/**
 * The guarantees of these reservations (each asked one at booking), by reservation id: a service
 * of the stays module's reservations.
 */
export async function guaranteesOf(
  ctx: TPaymentsContext,
  stays: readonly TGuaranteedReservation[],
): Promise<Map<string, TReservationGuarantee>> {
  const { guarantees, charges } = await repo.guaranteesOf(
    ctx.db,
    stays.map((s) => s.id),
  );
  const today = todayUtc(ctx.now());
  return new Map(
    stays.map((s) => [
      s.id,
      present(s, guarantees.get(s.id) ?? null, charges.get(s.id) ?? null, today),
    ]),
  );
}

// ---- who may ------------------------------------------------------------------------------------

/** Who a guarantee's route is for: the guest who booked, or the hotel's managers. */
export type TGuaranteeParty = "guest" | "hotel";

/**
 * The reservation for the caller: 401 for a visitor, 404 when there is none, 403 for anyone but
 * the guest who booked it (`guest`) or the hotel's managers (`hotel`).
 */
export async function requireGuaranteeParty(
  ctx: TPaymentsContext,
  reservationId: string,
  principal: TPrincipal | null,
  party: TGuaranteeParty,
): Promise<TGuaranteeStay> {
  if (!principal) throw unauthorized();
  const stay = await ctx.stays.guaranteeReservation(reservationId);
  if (!stay) throw notFound("The reservation");
  if (party === "guest") {
    if (stay.guestUserId !== principal.userId) {
      throw forbidden("Only the guest who booked this reservation saves the card guaranteeing it.");
    }
  } else {
    const abilities = await ctx.profiles.abilitiesOn("hotel", stay.hotelId, principal);
    if (!abilities.includes("profile.update")) {
      throw forbidden("Only the hotel's managers charge a reservation's guarantee.");
    }
  }
  return stay;
}

// ---- opening and securing ---------------------------------------------------------------------

/** A booking asked for a card: its guarantee awaits it from the booking on (the event's subscriber). */
export const openGuarantee = repo.openGuarantee;

/** `path` with `name=value` added to its query. */
const withQuery = (path: string, name: string, value: string) =>
  `${path}${path.includes("?") ? "&" : "?"}${name}=${value}`;

const alreadySecured = () =>
  conflict(
    "A card guarantees this reservation already: it is not saved twice.",
    "GUARANTEE_ALREADY_SECURED",
  );

/**
 * The guest saves a card through the provider's hosted setup checkout: the guarantee's open
 * checkout when there is one, else a new one. 409 when the reservation asks no guarantee, is
 * cancelled, or a card guarantees it already (a checkout the provider reports complete is recorded
 * so now).
 */
export async function startGuaranteeCheckout(
  ctx: TPaymentsContext,
  reservationId: string,
  principal: TPrincipal | null,
  input: TGuaranteeCheckoutInput,
): Promise<TCheckoutStart> {
  const provider = requireProvider(ctx);
  const stay = await requireGuaranteeParty(ctx, reservationId, principal, "guest");
  if (!stay.guaranteeRequired) {
    throw conflict(
      "This reservation asks no card guarantee: its hotel did not require one when it was booked.",
      "GUARANTEE_NOT_REQUIRED",
    );
  }
  if (stay.status !== "Confirmed") {
    throw conflict("This reservation is cancelled: no card is needed for it.");
  }
  const row = await repo.guaranteeOf(ctx.db, reservationId);
  if (row && row.state !== "awaiting_card") {
    if (row.state === "released") {
      throw conflict(
        "No card came in time for this reservation: it is being cancelled. Book again to stay.",
      );
    }
    throw alreadySecured();
  }
  if (row?.setupCheckoutId) {
    const checkout = await provider
      .retrieveCheckout(row.setupCheckoutId)
      .catch((error: unknown) => {
        if (error instanceof ProviderMissing) return null;
        throw error;
      });
    if (checkout?.status === "complete" && checkout.setupIntentId) {
      // Saved while its webhooks are on their way: recorded now, from the provider's word.
      await secureFromSetupIntent(ctx, reservationId, checkout.setupIntentId);
      if ((await repo.guaranteeOf(ctx.db, reservationId))?.state === "secured") {
        throw alreadySecured();
      }
    }
    if (checkout?.status === "open" && row.setupCheckoutUrl) return { url: row.setupCheckoutUrl };
  }
  const who = principal!;
  const person = await ctx.users.person(who.userId);
  const customerId = await userCustomer(ctx, {
    id: who.userId,
    email: who.email || null,
    name: person?.name ?? stay.guestName,
  });
  const back = (outcome: string) =>
    `${ctx.publicUrl}${withQuery(input.returnPath, "guarantee", outcome)}`;
  const session = await provider.createSetupCheckout({
    customerId,
    currency: GUARANTEE_CURRENCY,
    metadata: { [PURPOSE_KEY]: GUARANTEE_PURPOSE, reservationId, listingId: stay.hotelId },
    successUrl: back("saved"),
    cancelUrl: back("cancelled"),
    // The same reservation is the same checkout; after an expired one, another.
    idempotencyKey: idempotencyKey(
      "guarantee-checkout",
      reservationId,
      row?.setupCheckoutId ?? "first",
    ),
  });
  await repo.saveCheckout(ctx.db, {
    reservationId,
    hotelId: stay.hotelId,
    userId: stay.guestUserId,
    createdDate: new Date(stay.createdDate),
    providerCustomerId: customerId,
    setupCheckoutId: session.id,
    setupCheckoutUrl: session.url,
    at: ctx.now(),
  });
  return { url: session.url };
}

/**
 * The guarantee is secured by this SetupIntent once the provider holds it succeeded with a payment
 * method of the guest's customer: only a guarantee awaiting its card takes it, so a duplicate or
 * a second card changes nothing. One about no guarantee of ours is flagged.
 */
async function secureFromSetupIntent(
  ctx: TPaymentsContext,
  reservationId: string,
  setupIntentId: string,
): Promise<TWebhookOutcome> {
  const provider = requireProvider(ctx);
  let intent: Awaited<ReturnType<typeof provider.retrieveSetupIntent>>;
  try {
    intent = await provider.retrieveSetupIntent(setupIntentId);
  } catch (error) {
    if (error instanceof ProviderMissing) {
      return flagged(`The payment provider does not know SetupIntent ${setupIntentId}.`);
    }
    throw error;
  }
  if (intent.metadata.reservationId !== reservationId) {
    return flagged(
      `SetupIntent ${setupIntentId} is not the guarantee of reservation ${reservationId}.`,
    );
  }
  const row = await repo.guaranteeOf(ctx.db, reservationId);
  if (!row) {
    return flagged(
      `SetupIntent ${setupIntentId} saves a card for reservation ${reservationId}, which has no guarantee of ours.`,
    );
  }
  if (row.providerCustomerId && intent.customerId !== row.providerCustomerId) {
    return flagged(
      `SetupIntent ${setupIntentId} saves a card of customer ${intent.customerId}, not the guest's of reservation ${reservationId}.`,
    );
  }
  // Not saved yet (it needs the cardholder): a later event says when.
  if (intent.status !== "succeeded" || !intent.paymentMethodId) return processed(row.hotelId);
  const secured = await repo.secureGuarantee(ctx.db, reservationId, {
    setupIntentId: intent.id,
    paymentMethodId: intent.paymentMethodId,
    brand: intent.card?.brand ?? "card",
    last4: intent.card?.last4 ?? "",
    at: ctx.now(),
  });
  if (!secured && row.state === "released") {
    // Saved after the booking was cancelled for want of it: nothing to guarantee any more.
    ctx.log.warn(
      { reservationId, setupIntentId },
      "payments: a card came after its booking lapsed",
    );
  }
  return processed(row.hotelId);
}

// ---- the expiry job ---------------------------------------------------------------------------

/**
 * Guarantees still awaiting a card GUARANTEE_SECURE_MINUTES after booking: each is released and its
 * reservation cancelled (its rooms go back, the guest is mailed why). A card the provider holds
 * saved by the guarantee's checkout (its webhook still on the way) secures it instead. The release
 * is one conditional update, and the stays cancellation does nothing to a cancelled reservation, so
 * a second run (or process) cancels and mails nothing more. Answers how many this run cancelled.
 */
export async function expireGuarantees(ctx: TPaymentsContext): Promise<number> {
  // Payments switched off: no card can be saved, so none is waited for.
  if (!ctx.provider) return 0;
  const due = await repo.awaitingSince(
    ctx.db,
    new Date(ctx.now().getTime() - SECURE_MS),
    EXPIRY_BATCH,
  );
  let cancelled = 0;
  for (const { reservationId } of due) {
    const row = await repo.guaranteeOf(ctx.db, reservationId);
    if (row?.setupCheckoutId) {
      let checkout: Awaited<ReturnType<typeof ctx.provider.retrieveCheckout>> | null;
      try {
        checkout = await ctx.provider.retrieveCheckout(row.setupCheckoutId);
      } catch (error) {
        if (!(error instanceof ProviderMissing)) {
          // The provider cannot say whether the card was saved: asked again on the next run.
          ctx.log.warn({ reservationId, err: error }, "payments: guarantee expiry deferred");
          continue;
        }
        checkout = null;
      }
      if (checkout?.status === "complete" && checkout.setupIntentId) {
        await secureFromSetupIntent(ctx, reservationId, checkout.setupIntentId);
      }
    }
    if (!(await repo.releaseGuarantee(ctx.db, reservationId, ctx.now()))) continue;
    try {
      if (await ctx.stays.cancelUnguaranteed(reservationId)) cancelled += 1;
    } catch (error) {
      // Not cancelled: awaiting again, so the next run tries again.
      await repo.unreleaseGuarantee(ctx.db, reservationId);
      throw error;
    }
  }
  if (cancelled > 0) ctx.log.info({ cancelled }, "bookings without a card guarantee cancelled");
  return cancelled;
}

// ---- charging -----------------------------------------------------------------------------------

const alreadyCharged = () =>
  conflict(
    "This reservation's guarantee was charged already: nothing is charged twice.",
    "GUARANTEE_ALREADY_CHARGED",
  );
const notSecured = () =>
  conflict(
    "No card guarantees this reservation: there is nothing to charge.",
    "GUARANTEE_NOT_SECURED",
  );

/**
 * A charge succeeded (the route's answer, or its webhook when the answer was lost): recorded on the
 * reservation's charge row, the guarantee charged, and its receipt sent (GuaranteeCharged) in one
 * transaction; nothing when a succeeded charge is recorded already.
 */
async function recordCharged(
  ctx: TPaymentsContext,
  tx: TDb,
  charge: {
    reservationId: string;
    hotelId: string;
    reason: TGuaranteeChargeReason;
    amountCents: number;
    currency: string;
    paymentId: string;
    attempts: number;
    chargedBy: string | null;
    card: { brand: string; last4: string };
  },
): Promise<boolean> {
  const at = ctx.now();
  const saved = await repo.saveChargeAttempt(tx, {
    reservationId: charge.reservationId,
    reason: charge.reason,
    amountCents: charge.amountCents,
    currency: charge.currency,
    providerPaymentId: charge.paymentId,
    state: "succeeded",
    failure: null,
    attempts: charge.attempts,
    chargedBy: charge.chargedBy,
    at,
  });
  if (!saved) return false;
  await repo.markCharged(tx, charge.reservationId, at);
  await ctx.events.record(tx, "GuaranteeCharged", {
    reservationId: charge.reservationId,
    hotelId: charge.hotelId,
    chargeId: saved.id,
    reason: charge.reason,
    amountCents: charge.amountCents,
    currency: charge.currency,
    card: charge.card,
    providerPaymentId: charge.paymentId,
    chargedDate: at.toISOString(),
  });
  return true;
}

/**
 * The hotel's managers charge the saved card for a no-show or a late cancellation: 409
 * GUARANTEE_NOT_SECURED without a saved card, GUARANTEE_ALREADY_CHARGED once charged,
 * GUARANTEE_CHARGE_NOT_DUE when the reason does not apply (rules/guarantees.ts); 400
 * GUARANTEE_CHARGE_OVER_LIMIT above the first night's rate × rooms; 402 PAYMENT_CARD_DECLINED with
 * the provider's words (kept as a failed attempt). Each attempt has its own idempotency key (the
 * reservation and the attempt's number), so a retried call, or two managers charging at once,
 * charge once.
 */
export async function chargeGuarantee(
  ctx: TPaymentsContext,
  reservationId: string,
  principal: TPrincipal | null,
  input: TGuaranteeChargeInput,
): Promise<TReservationGuarantee> {
  const provider = requireProvider(ctx);
  const stay = await requireGuaranteeParty(ctx, reservationId, principal, "hotel");
  const row = await repo.guaranteeOf(ctx.db, reservationId);
  if (row?.state === "charged") throw alreadyCharged();
  if (!stay.guaranteeRequired || row?.state !== "secured") throw notSecured();
  const refusal = guaranteeChargeRefusal(stay, input.reason, todayUtc(ctx.now()));
  if (refusal) throw conflict(refusal, "GUARANTEE_CHARGE_NOT_DUE");
  const limit = guaranteeChargeLimit(stay);
  const amountCents = toCents(input.amount);
  if (amountCents > limit) {
    throw badRequest(
      "GUARANTEE_CHARGE_OVER_LIMIT",
      `At most ${formatGuaranteeMoney(limit)} may be charged to this guarantee: the first night's rate × rooms.`,
      { limit: fromCents(limit), currency: GUARANTEE_CURRENCY },
    );
  }
  const chargedBy = principal!.userId;
  const label = GUARANTEE_CHARGE_REASON_LABELS[input.reason];
  // No transaction is held while the provider is asked (the embedded database has one connection):
  // two managers charging at once count the same attempt, so they send the same idempotency key and
  // the provider makes one payment; the charge's row is unique per reservation and a success is never
  // written over.
  const guarantee = row;
  if (!guarantee.paymentMethodId || !guarantee.providerCustomerId) throw notSecured();
  const previous = await repo.chargeOf(ctx.db, reservationId);
  if (previous?.state === "succeeded") throw alreadyCharged();
  const attempt = (previous?.attempts ?? 0) + 1;
  const payment = await provider.chargeSavedCard({
    customerId: guarantee.providerCustomerId,
    paymentMethodId: guarantee.paymentMethodId,
    amountCents,
    currency: GUARANTEE_CURRENCY,
    description: `${label}: reservation ${stay.confirmationNumber} at ${stay.hotelName}`,
    metadata: {
      [PURPOSE_KEY]: GUARANTEE_PURPOSE,
      reservationId,
      listingId: stay.hotelId,
      reason: input.reason,
      attempt: String(attempt),
      chargedBy,
    },
    idempotencyKey: idempotencyKey("guarantee-charge", reservationId, attempt),
  });
  const failure = await inTransaction(ctx, async (tx) => {
    if (payment.status === "succeeded") {
      await recordCharged(ctx, tx, {
        reservationId,
        hotelId: stay.hotelId,
        reason: input.reason,
        amountCents: payment.amountReceived || amountCents,
        currency: payment.currency || GUARANTEE_CURRENCY,
        paymentId: payment.id,
        attempts: attempt,
        chargedBy,
        card: { brand: guarantee.cardBrand ?? "card", last4: guarantee.cardLast4 ?? "" },
      });
      return null;
    }
    const words = payment.failure ?? `The payment is ${payment.status}.`;
    await repo.saveChargeAttempt(tx, {
      reservationId,
      reason: input.reason,
      amountCents,
      currency: GUARANTEE_CURRENCY,
      providerPaymentId: payment.id || null,
      state: "failed",
      failure: words,
      attempts: attempt,
      chargedBy,
      at: ctx.now(),
    });
    return words;
  });
  if (failure !== null) {
    throw new AppError("PAYMENT_CARD_DECLINED", 402, `The card was declined: ${failure}`, {
      failure,
    });
  }
  return (await guaranteesOf(ctx, [stay])).get(reservationId)!;
}

/**
 * A guarantee's charge succeeded at the provider (`payment_intent.succeeded`): recorded already by
 * the route (the usual case: nothing to do), or recorded now when the route's answer was lost. A
 * second payment of a charged guarantee is flagged (for an admin to refund).
 */
async function confirmCharge(
  ctx: TPaymentsContext,
  reservationId: string,
  paymentId: string,
): Promise<TWebhookOutcome> {
  const charge = await repo.chargeOf(ctx.db, reservationId);
  if (charge?.state === "succeeded") {
    if (charge.providerPaymentId === paymentId) return processed(null);
    return flagged(
      `Payment ${paymentId} charges the guarantee of reservation ${reservationId} again (charged by ${charge.providerPaymentId}): refund it.`,
    );
  }
  let payment: Awaited<ReturnType<NonNullable<TPaymentsContext["provider"]>["retrievePayment"]>>;
  try {
    payment = await requireProvider(ctx).retrievePayment(paymentId);
  } catch (error) {
    if (error instanceof ProviderMissing) {
      return flagged(`The payment provider does not know payment ${paymentId}.`);
    }
    throw error;
  }
  const row = await repo.guaranteeOf(ctx.db, reservationId);
  const reason = payment.metadata.reason as TGuaranteeChargeReason;
  if (
    !row ||
    payment.metadata.reservationId !== reservationId ||
    !GUARANTEE_CHARGE_REASONS.includes(reason)
  ) {
    return flagged(`Payment ${paymentId} charges no guarantee of ours.`);
  }
  if (payment.status !== "succeeded") return processed(row.hotelId);
  await inTransaction(ctx, (tx) =>
    recordCharged(ctx, tx, {
      reservationId,
      hotelId: row.hotelId,
      reason,
      amountCents: payment.amountReceived,
      currency: payment.currency,
      paymentId,
      attempts: Number(payment.metadata.attempt) || (charge?.attempts ?? 1),
      chargedBy: payment.metadata.chargedBy ?? null,
      card: { brand: row.cardBrand ?? "card", last4: row.cardLast4 ?? "" },
    }),
  );
  return processed(row.hotelId);
}

// ---- the webhooks ---------------------------------------------------------------------------------

const idOf = (value: unknown): string | null =>
  typeof value === "string"
    ? value
    : value && typeof value === "object" && "id" in value
      ? String(value.id)
      : null;

/**
 * A guarantee's setup checkout completed, its SetupIntent succeeded, its charge succeeded: each
 * reads the object as the provider holds it now, so the order they come in does not matter.
 */
export const guaranteeWebhooks: TWebhookHandler = {
  name: "guarantees",
  types: ["checkout.session.completed", "setup_intent.succeeded", "payment_intent.succeeded"],
  claims: (event) => event.object.metadata?.[PURPOSE_KEY] === GUARANTEE_PURPOSE,
  async handle(ctx, event) {
    const object = event.object;
    const reservationId = object.metadata?.reservationId;
    if (typeof reservationId !== "string" || !reservationId) {
      return flagged(`The ${event.type} ${String(object.id)} names no reservation.`);
    }
    if (event.type === "setup_intent.succeeded") {
      return secureFromSetupIntent(ctx, reservationId, String(object.id));
    }
    if (event.type === "payment_intent.succeeded") {
      return confirmCharge(ctx, reservationId, String(object.id));
    }
    // checkout.session.completed: a setup checkout names its SetupIntent.
    const setupIntentId = idOf(object.setup_intent);
    if (object.mode !== "setup" || !setupIntentId) {
      return processed(
        typeof object.metadata?.listingId === "string" ? object.metadata.listingId : null,
      );
    }
    return secureFromSetupIntent(ctx, reservationId, setupIntentId);
  },
};
