// The payment provider's one-off calls through the official SDK, against the fake Stripe (no app):
// a person's customer, a hosted payment checkout and its PaymentIntent, a setup checkout that saves
// a card, an off-session charge of it (and a declined one, answered rather than thrown), refunds
// within what was paid, and a provider that is down. Products build on these (boosts, guarantees,
// deposits); their suites test the products.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stripeProvider, type TPaymentProvider } from "../src/modules/payments/stripe";
import { startFakeStripe, type TFakeStripe } from "./fakes/stripe";

let fake: TFakeStripe;
let provider: TPaymentProvider;

beforeAll(async () => {
  fake = await startFakeStripe();
  provider = stripeProvider({
    secretKey: fake.secretKey,
    webhookSecret: fake.webhookSecret,
    api: { host: "127.0.0.1", port: fake.port, protocol: "http" },
  });
});
afterAll(() => fake.close());

const urls = { successUrl: "http://app/done", cancelUrl: "http://app/back" };

async function customer(userId: string) {
  return provider.createUserCustomer({
    userId,
    email: `${userId}@example.com`,
    name: "Pat Planner",
    idempotencyKey: `customer-${userId}`,
  });
}

/** A card saved through a completed setup checkout: its payment method. */
async function savedCard(customerId: string) {
  const checkout = await provider.createSetupCheckout({
    customerId,
    currency: "usd",
    metadata: { purpose: "guarantee", reservationId: "r1" },
    ...urls,
    idempotencyKey: `setup-${customerId}`,
  });
  const { setupIntentId } = fake.completeCheckout(checkout.id);
  return provider.retrieveSetupIntent(setupIntentId);
}

describe("the provider's one-off payments", () => {
  it("sells one payment through a hosted checkout, its metadata on the session and the payment", async () => {
    const customerId = await customer("u1");
    const checkout = await provider.createPaymentCheckout({
      customerId,
      amountCents: 200_000,
      currency: "USD",
      description: "Deposit: Summer Slam at Indy Fieldhouse",
      metadata: { purpose: "deposit", leadId: "lead-1" },
      ...urls,
      idempotencyKey: "deposit-lead-1",
    });
    expect(checkout.url).toBe(`${fake.url}/pay/${checkout.id}`);
    const open = await provider.retrieveCheckout(checkout.id);
    expect(open).toMatchObject({
      mode: "payment",
      status: "open",
      paid: false,
      amountCents: 200_000,
      currency: "usd",
      customerId,
      paymentIntentId: null,
    });

    const { paymentIntentId, events } = fake.completeCheckout(checkout.id);
    expect(events.map((e) => e.type)).toEqual([
      "checkout.session.completed",
      "payment_intent.succeeded",
    ]);
    expect(events[1]!.data.object.metadata).toEqual({ purpose: "deposit", leadId: "lead-1" });
    expect(await provider.retrieveCheckout(checkout.id)).toMatchObject({
      status: "complete",
      paid: true,
      paymentIntentId,
      metadata: { purpose: "deposit", leadId: "lead-1" },
    });
    expect(await provider.retrievePayment(paymentIntentId)).toEqual({
      id: paymentIntentId,
      status: "succeeded",
      amountCents: 200_000,
      amountReceived: 200_000,
      amountRefunded: 0,
      currency: "usd",
      customerId,
      metadata: { purpose: "deposit", leadId: "lead-1" },
      failure: null,
    });
  });

  it("refunds within what was paid, and says what is left refunded", async () => {
    const customerId = await customer("u2");
    const checkout = await provider.createPaymentCheckout({
      customerId,
      amountCents: 5_000,
      currency: "usd",
      description: "Boost: 5 days",
      metadata: { purpose: "boost" },
      ...urls,
      idempotencyKey: "boost-1",
    });
    const { paymentIntentId } = fake.completeCheckout(checkout.id);
    const refund = await provider.refundPayment({
      paymentIntentId,
      amountCents: 2_000,
      metadata: { purpose: "boost" },
      idempotencyKey: "refund-1",
    });
    expect(refund).toMatchObject({ status: "succeeded", amountCents: 2_000, paymentIntentId });
    const [refunded] = fake.takeEvents();
    expect(refunded!.type).toBe("charge.refunded");
    expect(refunded!.data.object).toMatchObject({
      payment_intent: paymentIntentId,
      amount_refunded: 2_000,
      metadata: { purpose: "boost" },
    });
    expect((await provider.retrievePayment(paymentIntentId)).amountRefunded).toBe(2_000);
    // The same key is the same refund; more than is left is the provider's refusal (502).
    await provider.refundPayment({
      paymentIntentId,
      amountCents: 2_000,
      metadata: {},
      idempotencyKey: "refund-1",
    });
    expect(fake.refunds.size).toBe(1);
    await expect(
      provider.refundPayment({
        paymentIntentId,
        amountCents: 3_001,
        metadata: {},
        idempotencyKey: "refund-2",
      }),
    ).rejects.toMatchObject({ code: "PAYMENTS_PROVIDER_REFUSED", statusCode: 502 });
  });

  it("saves a card through a setup checkout and charges it off-session", async () => {
    const customerId = await customer("u3");
    const intent = await savedCard(customerId);
    expect(intent).toMatchObject({
      status: "succeeded",
      customerId,
      card: { brand: "visa", last4: "4242", expMonth: 12, expYear: 2030 },
      metadata: { purpose: "guarantee", reservationId: "r1" },
    });
    const charge = {
      customerId,
      paymentMethodId: intent.paymentMethodId!,
      amountCents: 18_900,
      currency: "usd",
      description: "No-show: 1 night",
      metadata: { purpose: "guarantee", reservationId: "r1" },
    };
    fake.declineCards = true;
    const declined = await provider.chargeSavedCard({ ...charge, idempotencyKey: "charge-1" });
    expect(declined).toMatchObject({
      status: "failed",
      amountReceived: 0,
      failure: "Your card has insufficient funds.",
    });
    expect(fake.takeEvents().map((e) => e.type)).toEqual(["payment_intent.payment_failed"]);
    fake.declineCards = false;
    const paid = await provider.chargeSavedCard({ ...charge, idempotencyKey: "charge-2" });
    expect(paid).toMatchObject({ status: "succeeded", amountReceived: 18_900, failure: null });
    const [succeeded] = fake.takeEvents();
    expect(succeeded!.type).toBe("payment_intent.succeeded");
    expect(succeeded!.data.object.id).toBe(paid.id);
  });

  it("answers 503 with Retry-After while the provider is down, and makes nothing", async () => {
    const customerId = await customer("u4");
    const before = fake.sessions.size;
    fake.down = true;
    try {
      await expect(
        provider.createPaymentCheckout({
          customerId,
          amountCents: 100,
          currency: "usd",
          description: "x",
          metadata: {},
          ...urls,
          idempotencyKey: "down-1",
        }),
      ).rejects.toMatchObject({ code: "PAYMENTS_UNAVAILABLE", statusCode: 503 });
    } finally {
      fake.down = false;
    }
    expect(fake.sessions.size).toBe(before);
  });
});
