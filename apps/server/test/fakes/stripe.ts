// A fake Stripe for tests and local runs: the parts of Stripe's HTTP API the payments module calls
// (`/v1/customers`, `/v1/products`, `/v1/prices`, `/v1/checkout/sessions` in subscription, payment
// and setup mode, `/v1/subscriptions/{id}` read and updated, `/v1/setup_intents/{id}`,
// `/v1/payment_intents` made off-session from a saved card and read, `/v1/refunds`), with
// form-encoded bodies as the SDK sends them (`a[b][0][c]=v`), Stripe's JSON
// shapes for the fields we read, its error shape, the secret key as the bearer, and Idempotency-Key
// (the same key answers the first answer again). Test controls move the money as Stripe would
// (complete a checkout, pay a pending change, fail or renew a period, end a subscription, refund,
// pay out) and return the events Stripe would send; what an API call sets off (an off-session
// payment, a refund) queues its events for `takeEvents`, or delivers them to `webhookUrl` when set; `signed`/`deliver` sign them with the webhook
// secret (`Stripe.webhooks.generateTestHeaderString`). It also serves a minimal hosted checkout at
// each session's `url`: GET shows the plan and a Pay button, POST completes the session, delivers
// its webhooks to `webhookUrl` and redirects to its `success_url`. `down` makes every API call 503.
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

// biome-ignore lint/suspicious/noExplicitAny: Stripe's objects, as loose JSON.
type TObject = Record<string, any>;
export type TFakeEvent = TObject & { id: string; type: string };
export type TFakeCall = {
  method: string;
  path: string;
  body: TObject;
  idempotencyKey: string | null;
};

export type TFakeStripe = {
  url: string;
  port: number;
  secretKey: string;
  webhookSecret: string;
  /** Every API call received, in order. */
  calls: TFakeCall[];
  customers: Map<string, TObject>;
  prices: Map<string, TObject>;
  sessions: Map<string, TObject>;
  subscriptions: Map<string, TObject>;
  invoices: Map<string, TObject>;
  paymentIntents: Map<string, TObject>;
  setupIntents: Map<string, TObject>;
  refunds: Map<string, TObject>;
  /** While true every API call answers 503 (the provider is down). */
  down: boolean;
  /** While true an off-session charge of a saved card is declined (402 card_declined). */
  declineCards: boolean;
  /** The events API calls set off since the last call (cleared); none when `webhookUrl` is set. */
  takeEvents(): TFakeEvent[];
  /** Where the hosted checkout delivers its webhooks (the app's webhook URL). */
  webhookUrl: string | null;
  /**
   * Completes the checkout: a subscription's, an active subscription with a paid invoice
   * (`incomplete`: not paid yet); a payment's, a succeeded PaymentIntent; a setup's, a SetupIntent
   * with a saved Visa ending 4242.
   */
  completeCheckout(
    sessionId: string,
    options?: { status?: "active" | "incomplete" },
  ): {
    subscriptionId: string;
    invoiceId: string;
    paymentIntentId: string;
    setupIntentId: string;
    events: TFakeEvent[];
  };
  payPending(subscriptionId: string): TFakeEvent[];
  failRenewal(subscriptionId: string): TFakeEvent[];
  renew(subscriptionId: string): TFakeEvent[];
  endSubscription(subscriptionId: string): TFakeEvent[];
  refund(invoiceId: string, amountCents?: number): TFakeEvent[];
  payout(amountCents: number): TFakeEvent[];
  /** A customer and an active subscription made elsewhere (not through the app). */
  foreignSubscription(metadata?: Record<string, string>): TFakeEvent[];
  /** An event of `type` about `object` (a copy as it is now). */
  event(type: string, object: TObject): TFakeEvent;
  /** The body and headers Stripe would post: signed now, or at `timestamp` (unix seconds), or with another secret. */
  signed(
    event: TFakeEvent,
    options?: { timestamp?: number; secret?: string },
  ): { payload: string; headers: Record<string, string> };
  /** Posts the events, signed, to `url` in this order; the answers' statuses. */
  deliver(url: string, events: readonly TFakeEvent[]): Promise<number[]>;
  close(): Promise<void>;
};

const DAY = 86_400;

/** `a[b][0][c]=v` pairs into nested objects and arrays, as Stripe reads them. */
export function parseForm(raw: string): TObject {
  const root: TObject = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== "");
    let node: TObject = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      if (last) node[part] = value;
      else {
        const nextIsIndex = /^\d+$/.test(parts[i + 1]!);
        node[part] ??= nextIsIndex ? [] : {};
        node = node[part];
      }
    });
  }
  return root;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startFakeStripe(
  options: {
    secretKey?: string;
    webhookSecret?: string;
    webhookUrl?: string | null;
    /** The clock periods are dated by (tests move it); signatures use the real time. */
    now?: () => Date;
    port?: number;
  } = {},
): Promise<TFakeStripe> {
  const secretKey = options.secretKey ?? "sk_test_fake";
  const webhookSecret = options.webhookSecret ?? "whsec_fake";
  const now = () => Math.floor((options.now?.() ?? new Date()).getTime() / 1000);
  let serial = 0;
  const newId = (prefix: string) =>
    `${prefix}_${(++serial).toString(36).padStart(6, "0")}${Math.random().toString(36).slice(2, 8)}`;
  const calls: TFakeCall[] = [];
  const customers = new Map<string, TObject>();
  const products = new Map<string, TObject>();
  const prices = new Map<string, TObject>();
  const sessions = new Map<string, TObject>();
  const subscriptions = new Map<string, TObject>();
  const invoices = new Map<string, TObject>();
  const paymentIntents = new Map<string, TObject>();
  const setupIntents = new Map<string, TObject>();
  const paymentMethods = new Map<string, TObject>();
  const refunds = new Map<string, TObject>();
  let outbox: TFakeEvent[] = [];
  const remembered = new Map<string, { status: number; body: unknown }>();
  let base = "";

  const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value));
  const error = (status: number, type: string, message: string, code?: string) => ({
    status,
    body: { error: { type, message, ...(code ? { code } : {}) } },
  });
  const missing = (what: string, id: string) =>
    error(404, "invalid_request_error", `No such ${what}: '${id}'`, "resource_missing");
  const periodSeconds = (price: TObject) =>
    price.recurring?.interval === "year" ? 365 * DAY : 30 * DAY;
  /** A price per month, to tell an upgrade from a downgrade. */
  const monthly = (price: TObject) =>
    price.recurring?.interval === "year" ? price.unit_amount / 12 : price.unit_amount;

  function item(subscriptionId: string, price: TObject, start: number) {
    return {
      id: newId("si"),
      object: "subscription_item",
      price: clone(price),
      quantity: 1,
      subscription: subscriptionId,
      current_period_start: start,
      current_period_end: start + periodSeconds(price),
    };
  }

  function invoice(sub: TObject, amount: number, paid: boolean, reason: string) {
    const inv = {
      id: newId("in"),
      object: "invoice",
      customer: sub.customer,
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      currency: "usd",
      status: paid ? "paid" : "open",
      billing_reason: reason,
      created: now(),
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: sub.id, metadata: clone(sub.metadata) },
      },
    };
    invoices.set(inv.id, inv);
    sub.latest_invoice = inv.id;
    return inv;
  }

  function event(type: string, object: TObject): TFakeEvent {
    return {
      id: newId("evt"),
      object: "event",
      api_version: "2026-10-28.endive",
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: clone(object) },
    };
  }

  /** Events an API call set off: delivered to `webhookUrl` (after the answer), else kept. */
  function setOff(events: TFakeEvent[]) {
    if (!fake.webhookUrl) {
      outbox.push(...events);
      return;
    }
    const url = fake.webhookUrl;
    setTimeout(() => void fake.deliver(url, events).catch(() => undefined), 0);
  }

  function paymentIntent(input: {
    amount: number;
    currency: string;
    customer: string | null;
    metadata: TObject;
    description?: string | null;
    paymentMethod?: string | null;
    succeeded: boolean;
  }) {
    const id = newId("pi");
    const intent: TObject = {
      id,
      object: "payment_intent",
      amount: input.amount,
      amount_received: input.succeeded ? input.amount : 0,
      currency: input.currency,
      customer: input.customer,
      description: input.description ?? null,
      metadata: clone(input.metadata),
      payment_method: input.paymentMethod ?? null,
      status: input.succeeded ? "succeeded" : "requires_payment_method",
      last_payment_error: input.succeeded
        ? null
        : { type: "card_error", code: "card_declined", message: "Your card was declined." },
      latest_charge: null,
      created: now(),
    };
    if (input.succeeded) {
      const charge = {
        id: newId("ch"),
        object: "charge",
        amount: input.amount,
        amount_refunded: 0,
        currency: input.currency,
        customer: input.customer,
        payment_intent: id,
        metadata: clone(input.metadata),
        paid: true,
        refunded: false,
        refunds: { object: "list", data: [] as TObject[] },
      };
      intent.latest_charge = charge;
    }
    paymentIntents.set(id, intent);
    return intent;
  }

  function refundOf(intent: TObject, amount: number, metadata: TObject) {
    const charge = intent.latest_charge;
    const refund = {
      id: newId("re"),
      object: "refund",
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      charge: charge.id,
      metadata: clone(metadata),
      status: "succeeded",
      created: now(),
    };
    refunds.set(refund.id, refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded >= charge.amount;
    charge.refunds.data.unshift({ id: refund.id, object: "refund", amount });
    return refund;
  }

  const subscription = (id: string) => {
    const sub = subscriptions.get(id);
    if (!sub) throw new Error(`The fake has no subscription ${id}.`);
    return sub;
  };

  function newSubscription(customer: string, price: TObject, metadata: TObject) {
    const id = newId("sub");
    const start = now();
    const sub: TObject = {
      id,
      object: "subscription",
      customer,
      status: "active",
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      created: start,
      metadata: clone(metadata),
      items: {
        object: "list",
        data: [item(id, price, start)],
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      pending_update: null,
      latest_invoice: null,
    };
    subscriptions.set(id, sub);
    const inv = invoice(sub, price.unit_amount, true, "subscription_create");
    return { sub, inv };
  }

  // ---- the API

  function updateSubscription(sub: TObject, body: TObject) {
    if (body.cancel_at_period_end !== undefined) {
      sub.cancel_at_period_end = body.cancel_at_period_end === "true";
      sub.cancel_at = sub.cancel_at_period_end ? sub.items.data[0].current_period_end : null;
    }
    const change = body.items?.[0];
    if (change?.price) {
      const price = prices.get(change.price);
      if (!price) return missing("price", change.price);
      const current = sub.items.data[0];
      if (change.id && change.id !== current.id) return missing("subscription item", change.id);
      const difference = Math.round(monthly(price) - monthly(current.price));
      if (difference > 0 && body.payment_behavior === "pending_if_incomplete") {
        // The prorated charge waits for its payment: the change is pending until then.
        invoice(sub, difference, false, "subscription_update");
        sub.pending_update = {
          billing_cycle_anchor: null,
          cancel_at_period_end: null,
          expires_at: now() + DAY,
          subscription_items: [{ ...clone(current), price: clone(price) }],
          trial_end: null,
          trial_from_plan: null,
        };
      } else {
        current.price = clone(price);
        sub.pending_update = null;
        invoice(sub, Math.max(0, difference), true, "subscription_update");
      }
    }
    return { status: 200, body: clone(sub) };
  }

  /** An off-session payment confirmed at once from a saved card (declined while `declineCards`). */
  function chargeCard(body: TObject): { status: number; body: unknown } {
    if (body.customer && !customers.has(body.customer)) return missing("customer", body.customer);
    const method = paymentMethods.get(body.payment_method);
    if (!method) return missing("payment_method", body.payment_method ?? "");
    if (method.customer !== body.customer)
      return error(400, "invalid_request_error", "The payment method is not the customer's.");
    const intent = paymentIntent({
      amount: Number(body.amount),
      currency: body.currency,
      customer: body.customer ?? null,
      metadata: body.metadata ?? {},
      description: body.description,
      paymentMethod: method.id,
      succeeded: !fake.declineCards,
    });
    if (fake.declineCards) {
      setOff([event("payment_intent.payment_failed", intent)]);
      return {
        status: 402,
        body: {
          error: {
            type: "card_error",
            code: "card_declined",
            decline_code: "insufficient_funds",
            message: "Your card has insufficient funds.",
            payment_intent: clone(intent),
          },
        },
      };
    }
    setOff([event("payment_intent.succeeded", intent)]);
    return { status: 200, body: { ...clone(intent), latest_charge: intent.latest_charge.id } };
  }

  function route(method: string, path: string, body: TObject): { status: number; body: unknown } {
    // "/v1/checkout/sessions/{id}" reads as the resource "checkout/sessions".
    const parts = path
      .slice("/v1/".length)
      .replace(/^checkout\/sessions/, "checkout-sessions")
      .split("/");
    const [resource, id, ...rest] = parts;
    const key = `${method} /${resource}${id ? "/:id" : ""}${rest.length ? `/${rest.join("/")}` : ""}`;
    switch (key) {
      case "POST /customers": {
        const customer = {
          id: newId("cus"),
          object: "customer",
          name: body.name ?? null,
          metadata: body.metadata ?? {},
          created: now(),
        };
        customers.set(customer.id, customer);
        return { status: 200, body: customer };
      }
      case "GET /customers/:id":
        return customers.has(id!)
          ? { status: 200, body: customers.get(id!) }
          : missing("customer", id!);
      case "POST /products": {
        const product = {
          id: newId("prod"),
          object: "product",
          name: body.name,
          active: true,
          metadata: body.metadata ?? {},
        };
        products.set(product.id, product);
        return { status: 200, body: product };
      }
      case "POST /prices": {
        if (!products.has(body.product)) return missing("product", body.product);
        const price = {
          id: newId("price"),
          object: "price",
          active: true,
          product: body.product,
          currency: body.currency,
          unit_amount: Number(body.unit_amount),
          type: body.recurring ? "recurring" : "one_time",
          recurring: body.recurring
            ? { interval: body.recurring.interval, interval_count: 1 }
            : null,
          metadata: body.metadata ?? {},
        };
        prices.set(price.id, price);
        return { status: 200, body: price };
      }
      case "GET /prices/:id":
        return prices.has(id!) ? { status: 200, body: prices.get(id!) } : missing("price", id!);
      case "POST /checkout-sessions": {
        if (body.customer && !customers.has(body.customer))
          return missing("customer", body.customer);
        const line = body.line_items?.[0];
        const priceData = line?.price_data;
        if (body.mode === "setup") {
          if (line) return error(400, "invalid_request_error", "A setup checkout sells nothing.");
        } else if (body.mode === "payment" && priceData) {
          if (!(Number(priceData.unit_amount) > 0))
            return error(400, "invalid_request_error", "Invalid integer: unit_amount.");
        } else if (!line || !prices.has(line.price)) return missing("price", line?.price ?? "");
        const sessionId = newId("cs_test");
        const session = {
          id: sessionId,
          object: "checkout.session",
          mode: body.mode,
          customer: body.customer ?? null,
          client_reference_id: body.client_reference_id ?? null,
          metadata: body.metadata ?? {},
          status: "open",
          payment_status: "unpaid",
          subscription: null,
          success_url: body.success_url,
          cancel_url: body.cancel_url,
          url: `${base}/pay/${sessionId}`,
          amount_total: priceData ? Number(priceData.unit_amount) : null,
          currency: priceData?.currency ?? body.currency ?? null,
          payment_intent: null,
          setup_intent: null,
          // Not Stripe's fields: what the hosted page sells.
          x_price: line?.price ?? null,
          x_description: priceData?.product_data?.name ?? null,
          x_subscription_metadata: body.subscription_data?.metadata ?? {},
          x_intent_metadata:
            body.payment_intent_data?.metadata ?? body.setup_intent_data?.metadata ?? {},
        };
        sessions.set(sessionId, session);
        return { status: 200, body: session };
      }
      default:
        break;
    }
    if (resource === "checkout-sessions" && id && method === "GET") {
      return sessions.has(id)
        ? { status: 200, body: visibleSession(sessions.get(id)!) }
        : missing("checkout.session", id);
    }
    if (resource === "subscriptions" && id) {
      const sub = subscriptions.get(id);
      if (!sub) return missing("subscription", id);
      if (method === "GET") return { status: 200, body: clone(sub) };
      if (method === "POST") return updateSubscription(sub, body);
    }
    if (resource === "setup_intents" && id && method === "GET") {
      const intent = setupIntents.get(id);
      if (!intent) return missing("setup_intent", id);
      const expanded = String(body.expand ?? JSON.stringify(body)).includes("payment_method");
      return {
        status: 200,
        body: {
          ...clone(intent),
          payment_method: expanded
            ? clone(paymentMethods.get(intent.payment_method))
            : intent.payment_method,
        },
      };
    }
    if (resource === "payment_intents" && !id && method === "POST") return chargeCard(body);
    if (resource === "payment_intents" && id && method === "GET") {
      const intent = paymentIntents.get(id);
      if (!intent) return missing("payment_intent", id);
      const expanded = JSON.stringify(body).includes("latest_charge");
      return {
        status: 200,
        body: {
          ...clone(intent),
          latest_charge: expanded
            ? clone(intent.latest_charge)
            : (intent.latest_charge?.id ?? null),
        },
      };
    }
    if (resource === "refunds" && !id && method === "POST") {
      const intent = paymentIntents.get(body.payment_intent);
      if (!intent) return missing("payment_intent", body.payment_intent ?? "");
      if (intent.status !== "succeeded")
        return error(400, "invalid_request_error", "This PaymentIntent has no charge to refund.");
      const charge = intent.latest_charge;
      const amount =
        body.amount === undefined ? charge.amount - charge.amount_refunded : Number(body.amount);
      if (!(amount > 0) || amount > charge.amount - charge.amount_refunded) {
        return error(
          400,
          "invalid_request_error",
          `Refund amount (${amount}) is greater than unrefunded amount on charge (${charge.amount - charge.amount_refunded})`,
          "charge_exceeds_source_limit",
        );
      }
      const refund = refundOf(intent, amount, body.metadata ?? {});
      setOff([event("charge.refunded", charge)]);
      return { status: 200, body: clone(refund) };
    }
    if (resource === "invoices" && id && method === "GET") {
      return invoices.has(id) ? { status: 200, body: invoices.get(id) } : missing("invoice", id);
    }
    return error(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path}).`);
  }

  // ---- the hosted checkout page

  function checkoutPage(session: TObject): string {
    const price = session.x_price ? prices.get(session.x_price) : null;
    const product = price ? products.get(price.product) : null;
    const amount = price
      ? `$${(price.unit_amount / 100).toFixed(2)} per ${price.recurring?.interval ?? "payment"}`
      : session.mode === "setup"
        ? "Save a card for later"
        : `$${(session.amount_total / 100).toFixed(2)}`;
    const name =
      product?.name ?? session.x_description ?? (session.mode === "setup" ? "Card" : "Payment");
    const done = session.status === "complete";
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout: ${escapeHtml(name)}</title></head>
<body><main><h1>${escapeHtml(name)}</h1><p data-testid="amount">${escapeHtml(amount)}</p>
${done ? `<p>${session.mode === "setup" ? "Card saved." : "Paid."}</p>` : `<form method="post"><button type="submit">${session.mode === "setup" ? "Save card" : "Pay"}</button></form>`}
<p><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p></main></body></html>`;
  }

  async function payPage(
    sessionId: string,
  ): Promise<{ status: number; headers: Record<string, string>; body: string }> {
    const session = sessions.get(sessionId);
    if (!session)
      return { status: 404, headers: { "content-type": "text/plain" }, body: "No such checkout." };
    if (session.status !== "complete") {
      const { events } = fake.completeCheckout(sessionId);
      if (fake.webhookUrl) await fake.deliver(fake.webhookUrl, events);
    }
    return { status: 303, headers: { location: session.success_url }, body: "" };
  }

  /** The session as Stripe shows it (without the fake's own `x_` fields). */
  function visibleSession(session: TObject) {
    const copy = { ...session };
    for (const key of Object.keys(copy)) if (key.startsWith("x_")) delete copy[key];
    return copy;
  }

  /** A payment or setup checkout completed: its PaymentIntent succeeded, or its card saved. */
  function completeOnce(session: TObject) {
    const visible = () => visibleSession(session);
    session.status = "complete";
    if (session.mode === "setup") {
      const method = {
        id: newId("pm"),
        object: "payment_method",
        type: "card",
        customer: session.customer,
        card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2030 },
      };
      paymentMethods.set(method.id, method);
      const intent = {
        id: newId("seti"),
        object: "setup_intent",
        status: "succeeded",
        customer: session.customer,
        payment_method: method.id,
        usage: "off_session",
        metadata: clone(session.x_intent_metadata),
        created: now(),
      };
      setupIntents.set(intent.id, intent);
      session.setup_intent = intent.id;
      session.payment_status = "no_payment_required";
      return {
        subscriptionId: "",
        invoiceId: "",
        paymentIntentId: "",
        setupIntentId: intent.id,
        events: [
          event("checkout.session.completed", visible()),
          event("setup_intent.succeeded", intent),
        ],
      };
    }
    const intent = paymentIntent({
      amount: session.amount_total,
      currency: session.currency,
      customer: session.customer,
      metadata: session.x_intent_metadata,
      description: session.x_description,
      succeeded: true,
    });
    session.payment_intent = intent.id;
    session.payment_status = "paid";
    return {
      subscriptionId: "",
      invoiceId: "",
      paymentIntentId: intent.id,
      setupIntentId: "",
      events: [
        event("checkout.session.completed", visible()),
        event("payment_intent.succeeded", { ...intent, latest_charge: intent.latest_charge.id }),
      ],
    };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const url = new URL(req.url ?? "/", "http://fake");
      const method = req.method ?? "GET";
      try {
        const pay = /^\/pay\/([\w-]+)$/.exec(url.pathname);
        if (pay) {
          const session = sessions.get(pay[1]!);
          if (method === "POST") {
            const reply = await payPage(pay[1]!);
            res.writeHead(reply.status, reply.headers);
            res.end(reply.body);
          } else if (session) {
            res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
            res.end(checkoutPage(session));
          } else {
            res.writeHead(404, { "content-type": "text/plain" });
            res.end("No such checkout.");
          }
          return;
        }
        if (!url.pathname.startsWith("/v1/")) {
          res.writeHead(404, { "content-type": "text/plain" });
          res.end("Not found");
          return;
        }
        const body = raw ? parseForm(raw) : Object.fromEntries(url.searchParams);
        const idempotencyKey = (req.headers["idempotency-key"] as string | undefined) ?? null;
        calls.push({ method, path: url.pathname, body, idempotencyKey });
        let reply: { status: number; body: unknown };
        if (fake.down) {
          reply = error(503, "api_error", "The fake Stripe is down.");
        } else if (req.headers.authorization !== `Bearer ${secretKey}`) {
          reply = error(401, "invalid_request_error", "Invalid API Key provided.");
        } else if (idempotencyKey && method === "POST" && remembered.has(idempotencyKey)) {
          reply = remembered.get(idempotencyKey)!;
        } else {
          reply = route(method, url.pathname, body);
          if (idempotencyKey && method === "POST") remembered.set(idempotencyKey, reply);
        }
        res.writeHead(reply.status, {
          "content-type": "application/json",
          "request-id": `req_${serial}`,
          // A down provider: the SDK should not wait to retry it.
          ...(fake.down ? { "stripe-should-retry": "false" } : {}),
        });
        res.end(JSON.stringify(reply.body));
      } catch (failure) {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { type: "api_error", message: String(failure) } }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;

  const fake: TFakeStripe = {
    url: base,
    port,
    secretKey,
    webhookSecret,
    calls,
    customers,
    prices,
    sessions,
    subscriptions,
    invoices,
    paymentIntents,
    setupIntents,
    refunds,
    down: false,
    declineCards: false,
    takeEvents() {
      const events = outbox;
      outbox = [];
      return events;
    },
    webhookUrl: options.webhookUrl ?? null,
    completeCheckout(sessionId, checkoutOptions = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`The fake has no checkout ${sessionId}.`);
      if (session.status === "complete") throw new Error(`${sessionId} is complete already.`);
      if (session.mode !== "subscription") return completeOnce(session);
      const price = prices.get(session.x_price)!;
      const { sub, inv } = newSubscription(
        session.customer,
        price,
        session.x_subscription_metadata,
      );
      if (checkoutOptions.status === "incomplete") {
        // The first payment is not confirmed yet (a card that needs the customer's action).
        sub.status = "incomplete";
        inv.status = "open";
        inv.amount_paid = 0;
      }
      session.status = "complete";
      session.payment_status = sub.status === "active" ? "paid" : "unpaid";
      session.subscription = sub.id;
      const visible = visibleSession(session);
      return {
        subscriptionId: sub.id,
        invoiceId: inv.id,
        paymentIntentId: "",
        setupIntentId: "",
        events: [
          event("checkout.session.completed", visible),
          event("customer.subscription.created", sub),
          ...(sub.status === "active" ? [event("invoice.paid", inv)] : []),
        ],
      };
    },
    payPending(subscriptionId) {
      const sub = subscription(subscriptionId);
      if (!sub.pending_update) throw new Error(`${subscriptionId} has no pending change.`);
      sub.items.data[0].price = clone(sub.pending_update.subscription_items[0].price);
      sub.pending_update = null;
      const inv = invoices.get(sub.latest_invoice)!;
      inv.status = "paid";
      inv.amount_paid = inv.amount_due;
      return [event("invoice.paid", inv), event("customer.subscription.updated", sub)];
    },
    failRenewal(subscriptionId) {
      const sub = subscription(subscriptionId);
      const current = sub.items.data[0];
      current.current_period_start = current.current_period_end;
      current.current_period_end += periodSeconds(current.price);
      sub.status = "past_due";
      const inv = invoice(sub, current.price.unit_amount, false, "subscription_cycle");
      return [event("invoice.payment_failed", inv), event("customer.subscription.updated", sub)];
    },
    renew(subscriptionId) {
      const sub = subscription(subscriptionId);
      const current = sub.items.data[0];
      if (sub.status === "incomplete") {
        // The first payment confirmed at last.
        sub.status = "active";
        const first = invoices.get(sub.latest_invoice)!;
        first.status = "paid";
        first.amount_paid = first.amount_due;
        return [event("invoice.paid", first), event("customer.subscription.updated", sub)];
      }
      if (sub.status !== "past_due") {
        current.current_period_start = current.current_period_end;
        current.current_period_end += periodSeconds(current.price);
      }
      sub.status = "active";
      const inv = invoice(sub, current.price.unit_amount, true, "subscription_cycle");
      return [event("invoice.paid", inv), event("customer.subscription.updated", sub)];
    },
    endSubscription(subscriptionId) {
      const sub = subscription(subscriptionId);
      sub.status = "canceled";
      sub.canceled_at = now();
      sub.ended_at = now();
      return [event("customer.subscription.deleted", sub)];
    },
    refund(invoiceId, amountCents) {
      const inv = invoices.get(invoiceId);
      if (!inv) throw new Error(`The fake has no invoice ${invoiceId}.`);
      const amount = amountCents ?? inv.amount_paid;
      const charge = {
        id: newId("ch"),
        object: "charge",
        customer: inv.customer,
        amount: inv.amount_paid,
        amount_refunded: amount,
        currency: inv.currency,
        refunded: amount === inv.amount_paid,
        refunds: { object: "list", data: [{ id: newId("re"), object: "refund", amount }] },
      };
      return [event("charge.refunded", charge)];
    },
    payout(amountCents) {
      const payout = {
        id: newId("po"),
        object: "payout",
        amount: amountCents,
        currency: "usd",
        status: "paid",
        arrival_date: now(),
      };
      return [event("payout.paid", payout)];
    },
    foreignSubscription(metadata = {}) {
      const customer = {
        id: newId("cus"),
        object: "customer",
        name: "Someone else",
        metadata: {},
        created: now(),
      };
      customers.set(customer.id, customer);
      const price = [...prices.values()][0] ?? {
        id: newId("price"),
        object: "price",
        unit_amount: 1000,
        currency: "usd",
        recurring: { interval: "month", interval_count: 1 },
        metadata: {},
      };
      const { sub } = newSubscription(customer.id, price, metadata);
      return [event("customer.subscription.created", sub)];
    },
    event,
    signed(evt, signOptions = {}) {
      const payload = JSON.stringify(evt);
      const header = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: signOptions.secret ?? webhookSecret,
        ...(signOptions.timestamp !== undefined ? { timestamp: signOptions.timestamp } : {}),
      });
      return {
        payload,
        headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": header },
      };
    },
    async deliver(url, events) {
      const statuses: number[] = [];
      for (const evt of events) {
        const { payload, headers } = fake.signed(evt);
        const res = await fetch(url, { method: "POST", headers, body: payload });
        statuses.push(res.status);
      }
      return statuses;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
