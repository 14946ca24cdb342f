// The payment provider: Stripe, through its official SDK, and the only file that knows its shapes.
// Calls carry idempotency keys (a retry never buys twice); a provider that is down, slow or failing
// answers 503 PAYMENTS_UNAVAILABLE with Retry-After, one that refuses a call 502 with its words, an
// object it does not know ProviderMissing. Webhooks are verified here (signature and timestamp,
// `WEBHOOK_TOLERANCE_SECONDS`), with no network. Its objects leave this file in our shapes.
import { createHash } from "node:crypto";
import Stripe from "stripe";
import { AppError, RetryLater } from "../../platform/http/errors";

/** A webhook signed longer ago than this is refused (a replay). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** What a caller is told to wait when the provider is down. */
const RETRY_AFTER_SECONDS = 30;

/** The provider does not know the object asked for (a webhook about something not there). */
export class ProviderMissing extends Error {
  override name = "ProviderMissing";
}

/** A price's line as we read it: its tier and interval from its metadata and recurrence. */
export type TProviderPrice = {
  id: string;
  tier: string | null;
  interval: string | null;
  amountCents: number | null;
};

/** A subscription as the provider holds it now. */
export type TProviderSubscription = {
  id: string;
  customerId: string;
  /** The provider's status (active, past_due, canceled, incomplete, …). */
  status: string;
  metadata: Record<string, string>;
  created: Date;
  itemId: string | null;
  price: TProviderPrice | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** A change waiting for its payment (`payment_behavior: pending_if_incomplete`). */
  pending: TProviderPrice | null;
};

/** A hosted checkout as the provider holds it now. */
export type TProviderCheckout = {
  id: string;
  mode: "payment" | "setup" | "subscription";
  status: "open" | "complete" | "expired";
  /** Its payment is confirmed (a setup or subscription checkout: complete). */
  paid: boolean;
  paymentIntentId: string | null;
  setupIntentId: string | null;
  customerId: string | null;
  metadata: Record<string, string>;
  amountCents: number | null;
  currency: string | null;
};

/** A card saved for later (a SetupIntent): its payment method and how the card reads. */
export type TProviderSetupIntent = {
  id: string;
  status: string;
  customerId: string | null;
  paymentMethodId: string | null;
  card: { brand: string; last4: string; expMonth: number; expYear: number } | null;
  metadata: Record<string, string>;
};

/** A payment (a PaymentIntent) as the provider holds it now. */
export type TProviderPayment = {
  id: string;
  status: "succeeded" | "processing" | "requires_action" | "failed" | "canceled";
  amountCents: number;
  amountReceived: number;
  amountRefunded: number;
  currency: string;
  customerId: string | null;
  metadata: Record<string, string>;
  /** Why it failed (a declined card's words), null otherwise. */
  failure: string | null;
};

export type TProviderRefund = {
  id: string;
  status: string;
  amountCents: number;
  paymentIntentId: string;
};

/** A verified webhook event: its id, type, the provider's time and the object it is about. */
export type TProviderEvent = {
  id: string;
  type: string;
  created: Date;
  // biome-ignore lint/suspicious/noExplicitAny: each handler reads the few fields of its object type.
  object: Record<string, any>;
};

export type TPaymentProvider = {
  /** Verifies a webhook's signature and age; throws with the reason when it fails. */
  verifyWebhook(rawBody: Buffer, signature: string): TProviderEvent;
  /** The event as stored (its payload), read again. */
  eventOf(payload: unknown): TProviderEvent;
  createCustomer(input: {
    name: string;
    listingId: string;
    listingKind: string;
    idempotencyKey: string;
  }): Promise<string>;
  createProduct(input: { tier: string; idempotencyKey: string }): Promise<string>;
  createPrice(input: {
    productId: string;
    tier: string;
    interval: "month" | "year";
    amountCents: number;
    idempotencyKey: string;
  }): Promise<string>;
  /** A hosted checkout of one subscription; its address. */
  createSubscriptionCheckout(input: {
    customerId: string;
    priceId: string;
    metadata: Record<string, string>;
    successUrl: string;
    cancelUrl: string;
    idempotencyKey: string;
  }): Promise<{ id: string; url: string }>;
  /** The subscription as the provider holds it now. */
  retrieveSubscription(id: string): Promise<TProviderSubscription>;
  /** Another price, charged now (prorated); applied once paid. */
  changeSubscriptionPrice(input: {
    id: string;
    itemId: string;
    priceId: string;
    idempotencyKey: string;
  }): Promise<TProviderSubscription>;
  setCancelAtPeriodEnd(input: {
    id: string;
    cancel: boolean;
    idempotencyKey: string;
  }): Promise<TProviderSubscription>;
  /** A customer for a person (a guest's card, an organizer's deposit). */
  createUserCustomer(input: {
    userId: string;
    email: string | null;
    name: string;
    idempotencyKey: string;
  }): Promise<string>;
  /** A hosted checkout of one payment; `metadata` also goes on its PaymentIntent. */
  createPaymentCheckout(input: {
    customerId: string;
    amountCents: number;
    currency: string;
    description: string;
    metadata: Record<string, string>;
    successUrl: string;
    cancelUrl: string;
    idempotencyKey: string;
  }): Promise<{ id: string; url: string }>;
  /** A hosted checkout that saves a card for off-session charges; `metadata` also goes on its SetupIntent. */
  createSetupCheckout(input: {
    customerId: string;
    currency: string;
    metadata: Record<string, string>;
    successUrl: string;
    cancelUrl: string;
    idempotencyKey: string;
  }): Promise<{ id: string; url: string }>;
  retrieveCheckout(id: string): Promise<TProviderCheckout>;
  retrieveSetupIntent(id: string): Promise<TProviderSetupIntent>;
  /** An off-session charge of a saved card; a declined card comes back `failed` with its words. */
  chargeSavedCard(input: {
    customerId: string;
    paymentMethodId: string;
    amountCents: number;
    currency: string;
    description: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<TProviderPayment>;
  retrievePayment(id: string): Promise<TProviderPayment>;
  /** Refunds part or all of a payment. */
  refundPayment(input: {
    paymentIntentId: string;
    amountCents: number;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<TProviderRefund>;
};

export type TStripeSettings = {
  secretKey: string;
  webhookSecret: string;
  api: { host: string; port: number; protocol: "http" | "https" } | undefined;
};

const unixDate = (seconds: number | null | undefined) =>
  typeof seconds === "number" ? new Date(seconds * 1000) : null;

function priceOf(price: Stripe.Price | null | undefined): TProviderPrice | null {
  if (!price) return null;
  return {
    id: price.id,
    tier: price.metadata?.tier ?? null,
    interval: price.recurring?.interval ?? price.metadata?.interval ?? null,
    amountCents: price.unit_amount ?? null,
  };
}

function subscriptionOf(s: Stripe.Subscription): TProviderSubscription {
  const item = s.items?.data?.[0];
  const pendingItem = s.pending_update?.subscription_items?.[0];
  return {
    id: s.id,
    customerId: typeof s.customer === "string" ? s.customer : s.customer.id,
    status: s.status,
    metadata: { ...(s.metadata ?? {}) },
    created: unixDate(s.created) ?? new Date(0),
    itemId: item?.id ?? null,
    price: priceOf(item?.price),
    currentPeriodEnd: unixDate(item?.current_period_end),
    cancelAtPeriodEnd: s.cancel_at_period_end,
    pending: priceOf(pendingItem?.price),
  };
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === "string" ? value : value.id;

function checkoutOf(session: Stripe.Checkout.Session): TProviderCheckout {
  return {
    id: session.id,
    mode: session.mode as TProviderCheckout["mode"],
    status: (session.status ?? "open") as TProviderCheckout["status"],
    paid: session.payment_status === "paid" || session.payment_status === "no_payment_required",
    paymentIntentId: idOf(session.payment_intent),
    setupIntentId: idOf(session.setup_intent),
    customerId: idOf(session.customer),
    metadata: { ...(session.metadata ?? {}) },
    amountCents: session.amount_total ?? null,
    currency: session.currency ?? null,
  };
}

function setupIntentOf(intent: Stripe.SetupIntent): TProviderSetupIntent {
  const method = typeof intent.payment_method === "object" ? intent.payment_method : null;
  const card = method?.card;
  return {
    id: intent.id,
    status: intent.status,
    customerId: idOf(intent.customer),
    paymentMethodId: idOf(intent.payment_method),
    card: card
      ? { brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year }
      : null,
    metadata: { ...(intent.metadata ?? {}) },
  };
}

const PAYMENT_STATES: Record<string, TProviderPayment["status"]> = {
  succeeded: "succeeded",
  processing: "processing",
  requires_action: "requires_action",
  requires_confirmation: "requires_action",
  requires_capture: "processing",
  canceled: "canceled",
  requires_payment_method: "failed",
};

function paymentOf(intent: Stripe.PaymentIntent, refunded = 0): TProviderPayment {
  const charge = typeof intent.latest_charge === "object" ? intent.latest_charge : null;
  return {
    id: intent.id,
    status: PAYMENT_STATES[intent.status] ?? "failed",
    amountCents: intent.amount,
    amountReceived: intent.amount_received ?? 0,
    amountRefunded: charge?.amount_refunded ?? refunded,
    currency: intent.currency,
    customerId: idOf(intent.customer),
    metadata: { ...(intent.metadata ?? {}) },
    failure: intent.last_payment_error?.message ?? null,
  };
}

/** The SDK's error as ours: down (503, retry), missing (the object), refused (502). */
function providerError(error: unknown): Error {
  const e = error as { type?: string; statusCode?: number; code?: string; message?: string };
  const status = e.statusCode ?? 0;
  if (
    e.type === "StripeConnectionError" ||
    e.type === "StripeAPIError" ||
    e.type === "StripeRateLimitError" ||
    status >= 500 ||
    status === 429
  ) {
    return new RetryLater(
      "The payment service is not answering. Nothing was bought or charged; try again in a moment.",
      RETRY_AFTER_SECONDS,
      "PAYMENTS_UNAVAILABLE",
      503,
    );
  }
  if (e.code === "resource_missing" || status === 404) {
    return new ProviderMissing(e.message ?? "The payment provider does not know this object.");
  }
  return new AppError(
    "PAYMENTS_PROVIDER_REFUSED",
    502,
    `The payment service refused: ${e.message ?? "no reason given"}`,
  );
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw providerError(error);
  }
}

export function stripeProvider(settings: TStripeSettings): TPaymentProvider {
  const stripe = new Stripe(settings.secretKey, {
    ...(settings.api ?? {}),
    // One retry of a failed connection (with the same idempotency key), then 503 to the caller.
    maxNetworkRetries: 1,
    timeout: 10_000,
  });
  const eventOf = (event: Stripe.Event): TProviderEvent => ({
    id: event.id,
    type: event.type,
    created: unixDate(event.created) ?? new Date(0),
    object: event.data.object as unknown as Record<string, unknown>,
  });
  return {
    verifyWebhook: (rawBody, signature) =>
      eventOf(
        stripe.webhooks.constructEvent(
          rawBody,
          signature,
          settings.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        ),
      ),
    eventOf: (payload) => eventOf(payload as Stripe.Event),
    createCustomer: (input) =>
      call(async () => {
        const customer = await stripe.customers.create(
          {
            name: input.name,
            metadata: { listingId: input.listingId, listingKind: input.listingKind },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return customer.id;
      }),
    createProduct: (input) =>
      call(async () => {
        const product = await stripe.products.create(
          { name: `Hostfield ${input.tier} membership`, metadata: { tier: input.tier } },
          { idempotencyKey: input.idempotencyKey },
        );
        return product.id;
      }),
    createPrice: (input) =>
      call(async () => {
        const price = await stripe.prices.create(
          {
            product: input.productId,
            currency: "usd",
            unit_amount: input.amountCents,
            recurring: { interval: input.interval },
            metadata: { tier: input.tier, interval: input.interval },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return price.id;
      }),
    createSubscriptionCheckout: (input) =>
      call(async () => {
        const session = await stripe.checkout.sessions.create(
          {
            mode: "subscription",
            customer: input.customerId,
            line_items: [{ price: input.priceId, quantity: 1 }],
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            client_reference_id: input.metadata.listingId,
            metadata: input.metadata,
            subscription_data: { metadata: input.metadata },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (!session.url) throw new Error("The checkout came back without its address.");
        return { id: session.id, url: session.url };
      }),
    retrieveSubscription: (id) =>
      call(async () => subscriptionOf(await stripe.subscriptions.retrieve(id))),
    changeSubscriptionPrice: (input) =>
      call(async () =>
        subscriptionOf(
          await stripe.subscriptions.update(
            input.id,
            {
              items: [{ id: input.itemId, price: input.priceId }],
              proration_behavior: "always_invoice",
              payment_behavior: "pending_if_incomplete",
            },
            { idempotencyKey: input.idempotencyKey },
          ),
        ),
      ),
    setCancelAtPeriodEnd: (input) =>
      call(async () =>
        subscriptionOf(
          await stripe.subscriptions.update(
            input.id,
            { cancel_at_period_end: input.cancel },
            { idempotencyKey: input.idempotencyKey },
          ),
        ),
      ),
    createUserCustomer: (input) =>
      call(async () => {
        const customer = await stripe.customers.create(
          {
            name: input.name,
            ...(input.email ? { email: input.email } : {}),
            metadata: { userId: input.userId },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return customer.id;
      }),
    createPaymentCheckout: (input) =>
      call(async () => {
        const session = await stripe.checkout.sessions.create(
          {
            mode: "payment",
            customer: input.customerId,
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: input.currency.toLowerCase(),
                  unit_amount: input.amountCents,
                  product_data: { name: input.description },
                },
              },
            ],
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            metadata: input.metadata,
            payment_intent_data: { metadata: input.metadata, description: input.description },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (!session.url) throw new Error("The checkout came back without its address.");
        return { id: session.id, url: session.url };
      }),
    createSetupCheckout: (input) =>
      call(async () => {
        const session = await stripe.checkout.sessions.create(
          {
            mode: "setup",
            customer: input.customerId,
            currency: input.currency.toLowerCase(),
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            metadata: input.metadata,
            setup_intent_data: { metadata: input.metadata },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (!session.url) throw new Error("The checkout came back without its address.");
        return { id: session.id, url: session.url };
      }),
    retrieveCheckout: (id) =>
      call(async () => checkoutOf(await stripe.checkout.sessions.retrieve(id))),
    retrieveSetupIntent: (id) =>
      call(async () =>
        setupIntentOf(await stripe.setupIntents.retrieve(id, { expand: ["payment_method"] })),
      ),
    chargeSavedCard: async (input) => {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency.toLowerCase(),
            customer: input.customerId,
            payment_method: input.paymentMethodId,
            off_session: true,
            confirm: true,
            description: input.description,
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return paymentOf(intent);
      } catch (error) {
        // A declined card is an answer, not a fault: the payment it made failed, with its words.
        const e = error as { type?: string; message?: string; raw?: { payment_intent?: unknown } };
        if (e.type === "StripeCardError") {
          const intent = e.raw?.payment_intent as Stripe.PaymentIntent | undefined;
          return {
            ...(intent
              ? paymentOf(intent)
              : {
                  id: "",
                  amountCents: input.amountCents,
                  amountReceived: 0,
                  amountRefunded: 0,
                  currency: input.currency.toLowerCase(),
                  customerId: input.customerId,
                  metadata: input.metadata,
                }),
            status: "failed",
            failure: e.message ?? "The card was declined.",
          };
        }
        throw providerError(error);
      }
    },
    retrievePayment: (id) =>
      call(async () =>
        paymentOf(await stripe.paymentIntents.retrieve(id, { expand: ["latest_charge"] })),
      ),
    refundPayment: (input) =>
      call(async () => {
        const refund = await stripe.refunds.create(
          {
            payment_intent: input.paymentIntentId,
            amount: input.amountCents,
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return {
          id: refund.id,
          status: refund.status ?? "pending",
          amountCents: refund.amount,
          paymentIntentId: idOf(refund.payment_intent) ?? input.paymentIntentId,
        };
      }),
  };
}

/**
 * An idempotency key from what a call is about (the provider keeps a key a day: the same call with
 * the same key within it does its work once and answers the same).
 */
export function idempotencyKey(...parts: (string | number)[]): string {
  return `hostfield-${createHash("sha256").update(parts.join("|")).digest("hex").slice(0, 48)}`;
}
