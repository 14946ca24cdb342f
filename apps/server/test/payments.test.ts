// Tiers for sale (issue 47): the admin's prices, a destination's manager buying Silver through the
// fake Stripe's checkout, the webhooks in order, out of order, duplicated, forged and replayed, the
// tier following the subscription (granted only once paid, upgrades pending until paid, downgrades,
// past due kept through its grace and dropped after, cancelled at the period's end), money in the
// ledger once, unknown objects flagged, a provider that is down, every refused caller, and the
// Bronze destination's held-back hot lead appearing at once after its upgrade.
import { PAST_DUE_GRACE_DAYS } from "@hostfield/domain/contracts";
import { describe, expect, it } from "vitest";
import { PUBLISHABLE_KEY, pay, paymentsSuite, type TPayer, WEBHOOK_URL } from "./payments-fixture";
import { courtsRequest, createEvent, HOUR, publishRequest, type TLeadDto } from "./rfps-fixture";

const DAY = 24 * HOUR;
const s = paymentsSuite();
const { api, ev, ok, clock } = s;
const indyRoute = (path: string) => `/payments/listings/destination/${s.world().indy}${path}`;

/** The listing's tier as its managers read it. */
const tierOf = async (id = s.world().indy, who: TPayer = "owner") =>
  (await s.membership("destination", id, who)).tier;

describe("prices", () => {
  it("says payments are on, with the publishable key, to anyone", async () => {
    expect(await ok(pay(api, "GET", "/payments/config", "anonymous"))).toEqual({
      enabled: true,
      publishableKey: PUBLISHABLE_KEY,
    });
  });

  it("are the admins': a visitor is 401, anyone else 403", async () => {
    const body = { data: { prices: [{ tier: "Silver", interval: "month", amount: 10 }] } };
    for (const [who, status] of [
      ["anonymous", 401],
      ["owner", 403],
      ["stranger", 403],
    ] as const) {
      expect((await pay(api, "GET", "/payments/admin/prices", who)).statusCode).toBe(status);
      expect((await pay(api, "PUT", "/payments/admin/prices", who, body)).statusCode).toBe(status);
    }
    expect(s.stripe().prices.size).toBe(0);
  });

  it("refuses amounts that are no price, fractions of cents and a plan given twice", async () => {
    for (const amount of [0, 0.5, 19.999, 100_001, -5]) {
      const res = await pay(api, "PUT", "/payments/admin/prices", "admin", {
        data: { prices: [{ tier: "Silver", interval: "month", amount }] },
      });
      expect({ amount, status: res.statusCode }).toEqual({ amount, status: 400 });
      expect(res.json().error.code).toBe("VALIDATION_FAILED");
    }
    const twice = await pay(api, "PUT", "/payments/admin/prices", "admin", {
      data: {
        prices: [
          { tier: "Silver", interval: "month", amount: 10 },
          { tier: "Silver", interval: "month", amount: 12 },
        ],
      },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.details.issues[0].path).toBe("prices.1");
    expect(s.stripe().prices.size).toBe(0);
  });

  it("makes a provider product per tier and a price per amount", async () => {
    const prices = await s.setPrices([
      { tier: "Silver", interval: "month", amount: 49.99 },
      { tier: "Silver", interval: "year", amount: 499 },
      { tier: "Gold", interval: "month", amount: 99 },
      { tier: "Bronze", interval: "month", amount: 19 },
    ]);
    expect(
      prices.map((p: { tier: string; interval: string; amount: number }) => [
        p.tier,
        p.interval,
        p.amount,
      ]),
    ).toEqual([
      ["Bronze", "month", 19],
      ["Gold", "month", 99],
      ["Silver", "month", 49.99],
      ["Silver", "year", 499],
    ]);
    const atStripe = [...s.stripe().prices.values()].map((p) => [
      p.unit_amount,
      p.recurring.interval,
      p.metadata.tier,
    ]);
    expect(atStripe).toEqual(
      expect.arrayContaining([
        [4999, "month", "Silver"],
        [49900, "year", "Silver"],
        [9900, "month", "Gold"],
        [1900, "month", "Bronze"],
      ]),
    );
    // One product for Silver's two prices.
    const products = s.stripe().calls.filter((c) => c.path === "/v1/products");
    expect(products.map((c) => c.body.metadata.tier).sort()).toEqual(["Bronze", "Gold", "Silver"]);
    expect(s.stripe().calls.every((c) => c.idempotencyKey)).toBe(true);
  });

  it("makes a new provider price only for an amount that changed", async () => {
    const before = s.stripe().prices.size;
    await s.setPrices([
      { tier: "Silver", interval: "month", amount: 49.99 },
      { tier: "Gold", interval: "month", amount: 89 },
    ]);
    expect(s.stripe().prices.size).toBe(before + 1);
    const listed = await ok(pay(api, "GET", "/payments/admin/prices", "admin"));
    expect(listed.find((p: { tier: string }) => p.tier === "Gold").amount).toBe(89);
  });
});

describe("every listing route refuses who does not manage the listing", () => {
  const routes = () =>
    [
      ["GET", indyRoute("/membership"), undefined],
      [
        "POST",
        indyRoute("/checkout"),
        { data: { tier: "Silver", interval: "month", returnPath: "/x" } },
      ],
      ["PUT", indyRoute("/subscription"), { data: { tier: "Gold", interval: "month" } }],
      ["DELETE", indyRoute("/subscription"), undefined],
    ] as const;

  it.each([
    ["anonymous", 401],
    ["stranger", 403],
    ["member", 403],
    ["other", 403],
  ] as const)("%s: %i", async (who, status) => {
    for (const [method, route, body] of routes()) {
      const res = await pay(api, method, route, who, body);
      expect({ method, status: res.statusCode }).toEqual({ method, status });
    }
    // Another listing's manager reaches a listing hidden from them not at all.
    const pending = await pay(
      api,
      "GET",
      `/payments/listings/facility/${crypto.randomUUID()}/membership`,
      "other",
    );
    expect(pending.statusCode).toBe(404);
    expect(s.stripe().sessions.size).toBe(0);
  });

  it("refuses a kind that has no tiers", async () => {
    const res = await pay(
      api,
      "GET",
      `/payments/listings/hotel/${s.world().indy}/membership`,
      "owner",
    );
    expect(res.statusCode).toBe(400);
  });
});

describe("a Bronze destination buys Silver", () => {
  let hotEventId: string;
  let sessionId: string;
  let subscriptionId: string;
  let invoiceId: string;

  const indyLeads = async () =>
    (
      await ok<TLeadDto[]>(
        ev("POST", `/destinations/${s.world().indy}/leads?take=100`, "owner", { data: {} }),
      )
    ).map((l) => l.event.name);

  it("shows the admin's Bronze and the plans on sale", async () => {
    const m = await s.membership("destination", s.world().indy);
    expect(m).toMatchObject({
      listing: { id: s.world().indy, kind: "destination", name: "Visit Indy" },
      tier: "Bronze",
      source: "admin",
      subscription: null,
      paymentsEnabled: true,
    });
    expect(m.plans).toHaveLength(4);
  });

  it("a hot request waits a day for the Bronze destination", async () => {
    hotEventId = await createEvent(api, "organizer", "Midnight Madness Cup");
    await publishRequest(api, "organizer", hotEventId, courtsRequest({ urgency: 0 }));
    await s.app().events.settled();
    const leads = await ok<TLeadDto[]>(
      ev("GET", `/events/${hotEventId}/leads?take=100`, "organizer"),
    );
    const indy = leads.find((l) => l.owner.name === "Visit Indy");
    expect(Date.parse(indy!.visibleFrom) - clock.now().getTime()).toBeGreaterThan(23 * HOUR);
    expect(await indyLeads()).not.toContain("Midnight Madness Cup");
  });

  it("refuses a plan without a price", async () => {
    const res = await pay(api, "POST", indyRoute("/checkout"), "owner", {
      data: { tier: "Gold", interval: "year", returnPath: "/x" },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("TIER_PRICE_NOT_SET");
  });

  it("starts a hosted checkout and grants nothing yet", async () => {
    const started = await s.checkout("destination", s.world().indy, "owner", "Silver");
    sessionId = started.sessionId;
    expect(started.url.startsWith(`${s.stripe().url}/pay/`)).toBe(true);
    const session = s.stripe().sessions.get(sessionId)!;
    expect(session.success_url).toBe(
      `http://hostfield.test/destinations/${s.world().indy}/membership?checkout=success`,
    );
    expect(session.metadata).toMatchObject({ listingId: s.world().indy, tier: "Silver" });
    expect(s.stripe().customers.size).toBe(1);
    expect(await tierOf()).toBe("Bronze");
    // Asked again (a double click, a retry): the same checkout.
    const again = await s.checkout("destination", s.world().indy, "owner", "Silver");
    expect(again.url).toBe(started.url);
    expect(s.stripe().sessions.size).toBe(1);
    expect(s.stripe().customers.size).toBe(1);
  });

  it("the hosted page shows the plan and a Pay button", async () => {
    const page = await fetch(s.stripe().sessions.get(sessionId)!.url);
    const html = await page.text();
    expect(html).toContain("Silver");
    expect(html).toContain("$49.99 per month");
    expect(html).toContain(">Pay</button>");
  });

  it("takes the webhooks in order: Silver, one charge, the waiting request appears", async () => {
    const done = s.stripe().completeCheckout(sessionId);
    subscriptionId = done.subscriptionId;
    invoiceId = done.invoiceId;
    expect(done.events.map((e) => e.type)).toEqual([
      "checkout.session.completed",
      "customer.subscription.created",
      "invoice.paid",
    ]);
    expect(await s.deliver(done.events)).toEqual([200, 200, 200]);
    const m = await s.membership("destination", s.world().indy);
    expect(m).toMatchObject({
      tier: "Silver",
      source: "subscription",
      subscription: {
        tier: "Silver",
        interval: "month",
        state: "active",
        cancelAtPeriodEnd: false,
        graceUntil: null,
        pending: null,
      },
    });
    expect(Date.parse(m.subscription.currentPeriodEnd)).toBeGreaterThan(
      clock.now().getTime() + 27 * DAY,
    );
    // The hot request the Bronze tier waited for is there now, dated from its publish.
    expect(await indyLeads()).toContain("Midnight Madness Cup");
    const leads = await ok<TLeadDto[]>(
      ev("GET", `/events/${hotEventId}/leads?take=100`, "organizer"),
    );
    expect(
      Date.parse(leads.find((l) => l.owner.name === "Visit Indy")!.visibleFrom),
    ).toBeLessThanOrEqual(clock.now().getTime());
    const charges = await s.ledger("&kind=charge");
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({
      providerId: invoiceId,
      amount: 49.99,
      currency: "usd",
      state: "processed",
      listing: { id: s.world().indy, name: "Visit Indy" },
    });
    const hooks = await s.ledger("&kind=webhook");
    expect(hooks.map((h: { state: string }) => h.state)).toEqual([
      "processed",
      "processed",
      "processed",
    ]);
  });

  it("processes a duplicate once: 200, one charge, one entry", async () => {
    const paid = s.stripe().event("invoice.paid", s.stripe().invoices.get(invoiceId)!);
    expect(await s.deliver([paid, paid])).toEqual([200, 200]);
    expect(await s.ledger("&kind=charge")).toHaveLength(1);
    const entries = (await s.ledger("&kind=webhook")).filter(
      (e: { providerId: string }) => e.providerId === paid.id,
    );
    expect(entries).toHaveLength(1);
    expect(entries[0].attempts).toBe(1);
  });

  it("refuses a forged webhook, a replayed old one and one without a signature, and logs why", async () => {
    const sub = s.stripe().subscriptions.get(subscriptionId)!;
    const forged = s
      .stripe()
      .event("customer.subscription.deleted", { ...sub, status: "canceled" });
    const before = (await s.ledger()).length;
    expect(await s.deliver([forged], { secret: "whsec_someone_else" })).toEqual([400]);
    expect(
      await s.deliver([forged], { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 }),
    ).toEqual([400]);
    // A body changed after signing.
    const { payload, headers } = s.stripe().signed(forged);
    const tampered = await s.app().inject({
      method: "POST",
      url: WEBHOOK_URL,
      headers,
      payload: payload.replace('"canceled"', '"active"'),
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().error.code).toBe("WEBHOOK_SIGNATURE_INVALID");
    const unsigned = await s.app().inject({
      method: "POST",
      url: WEBHOOK_URL,
      headers: { "content-type": "application/json" },
      payload,
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await s.ledger()).length).toBe(before);
    expect(await tierOf()).toBe("Silver");
    const refused = s.logs.filter((l) => l.includes("webhook refused"));
    expect(refused.some((l) => l.includes("Timestamp outside the tolerance zone"))).toBe(true);
    expect(refused.some((l) => l.includes("No signatures found"))).toBe(true);
  });

  it("refuses a second checkout while the subscription holds", async () => {
    const res = await pay(api, "POST", indyRoute("/checkout"), "owner", {
      data: { tier: "Gold", interval: "month", returnPath: "/x" },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("SUBSCRIPTION_EXISTS");
  });

  it("an upgrade is pending until it is paid, then Gold", async () => {
    const changed = await ok(
      pay(api, "PUT", indyRoute("/subscription"), "owner", {
        data: { tier: "Gold", interval: "month" },
      }),
    );
    expect(changed.tier).toBe("Silver");
    expect(changed.subscription.pending).toEqual({ tier: "Gold", interval: "month" });
    const update = s
      .stripe()
      .calls.findLast((c) => c.method === "POST" && c.path.startsWith("/v1/subscriptions/"))!;
    expect(update.body).toMatchObject({
      proration_behavior: "always_invoice",
      payment_behavior: "pending_if_incomplete",
    });
    // The subscription's own update webhook (still the old price) changes nothing.
    await s.deliver([
      s
        .stripe()
        .event("customer.subscription.updated", s.stripe().subscriptions.get(subscriptionId)!),
    ]);
    expect((await s.membership("destination", s.world().indy)).tier).toBe("Silver");

    await s.deliver(s.stripe().payPending(subscriptionId));
    const m = await s.membership("destination", s.world().indy);
    expect(m.tier).toBe("Gold");
    expect(m.subscription).toMatchObject({ tier: "Gold", interval: "month", pending: null });
    const charges = await s.ledger("&kind=charge");
    expect(charges).toHaveLength(2);
    // Gold's $89 a month against Silver's $49.99: the difference, charged now.
    expect(charges[0].amount).toBe(39.01);
  });

  it("a downgrade applies at once", async () => {
    const changed = await ok(
      pay(api, "PUT", indyRoute("/subscription"), "owner", {
        data: { tier: "Silver", interval: "month" },
      }),
    );
    expect(changed.tier).toBe("Silver");
    expect(changed.subscription).toMatchObject({ tier: "Silver", pending: null });
    await s.deliver([
      s
        .stripe()
        .event("customer.subscription.updated", s.stripe().subscriptions.get(subscriptionId)!),
    ]);
    expect(await tierOf()).toBe("Silver");
  });

  it("past due keeps the tier through the grace, then the hourly job drops it; paying brings it back", async () => {
    await s.deliver(s.stripe().failRenewal(subscriptionId));
    const late = await s.membership("destination", s.world().indy);
    expect(late.tier).toBe("Silver");
    expect(late.subscription.state).toBe("past_due");
    expect(Date.parse(late.subscription.graceUntil) - clock.now().getTime()).toBeCloseTo(
      PAST_DUE_GRACE_DAYS * DAY,
      -4,
    );
    clock.advance(3 * DAY);
    // Another failed attempt later does not move the grace on.
    await s.deliver([
      s
        .stripe()
        .event("customer.subscription.updated", s.stripe().subscriptions.get(subscriptionId)!),
    ]);
    expect((await s.membership("destination", s.world().indy)).subscription.graceUntil).toBe(
      late.subscription.graceUntil,
    );
    await s.runLapse();
    expect(await tierOf()).toBe("Silver");
    clock.advance(PAST_DUE_GRACE_DAYS * DAY - 3 * DAY + HOUR);
    await s.runLapse();
    const lapsed = await s.membership("destination", s.world().indy);
    expect(lapsed.tier).toBeNull();
    expect(lapsed.source).toBeNull();
    expect(lapsed.subscription.state).toBe("past_due");

    await s.deliver(s.stripe().renew(subscriptionId));
    const back = await s.membership("destination", s.world().indy);
    expect(back.tier).toBe("Silver");
    expect(back.subscription).toMatchObject({ state: "active", graceUntil: null });
  });

  it("a cancellation is undone by keeping the same plan: it renews again, nothing charged", async () => {
    const cancelled = await ok(pay(api, "DELETE", indyRoute("/subscription"), "owner"));
    expect(cancelled.subscription.cancelAtPeriodEnd).toBe(true);
    const invoicesBefore = s.stripe().invoices.size;
    const kept = await ok(
      pay(api, "PUT", indyRoute("/subscription"), "owner", {
        data: { tier: "Silver", interval: "month" },
      }),
    );
    expect(kept.tier).toBe("Silver");
    expect(kept.subscription).toMatchObject({ cancelAtPeriodEnd: false, pending: null });
    expect(s.stripe().subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(false);
    expect(s.stripe().invoices.size).toBe(invoicesBefore);
  });

  it("cancelled at the period's end keeps the tier until the provider ends it", async () => {
    const cancelled = await ok(pay(api, "DELETE", indyRoute("/subscription"), "owner"));
    expect(cancelled.tier).toBe("Silver");
    expect(cancelled.subscription.cancelAtPeriodEnd).toBe(true);
    expect(s.stripe().subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(true);
    await s.deliver(s.stripe().endSubscription(subscriptionId));
    const ended = await s.membership("destination", s.world().indy);
    expect(ended.tier).toBeNull();
    expect(ended.subscription.state).toBe("canceled");
    // Nothing left to change or cancel.
    for (const method of ["PUT", "DELETE"] as const) {
      const res = await pay(
        api,
        method,
        indyRoute("/subscription"),
        "owner",
        method === "PUT" ? { data: { tier: "Gold", interval: "month" } } : undefined,
      );
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe("NO_SUBSCRIPTION");
    }
  });

  it("records refunds and payouts once each", async () => {
    const refund = s.stripe().refund(invoiceId, 1000);
    const payout = s.stripe().payout(12_345);
    expect(await s.deliver([...refund, ...refund, ...payout, ...payout])).toEqual([
      200, 200, 200, 200,
    ]);
    const refunds = await s.ledger("&kind=refund");
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 10, listing: { id: s.world().indy } });
    const payouts = await s.ledger("&kind=payout");
    expect(payouts).toHaveLength(1);
    expect(payouts[0]).toMatchObject({ amount: 123.45, listing: null, state: "processed" });
  });
});

describe("another destination, webhooks out of order", () => {
  let sessionId: string;

  it("grants nothing while the first payment is not confirmed", async () => {
    const started = await s.checkout("destination", s.world().carmel, "other", "Silver", "year");
    sessionId = started.sessionId;
    const done = s.stripe().completeCheckout(sessionId, { status: "incomplete" });
    expect(await s.deliver(done.events)).toEqual([200, 200]);
    const m = await s.membership("destination", s.world().carmel, "other");
    expect(m.tier).toBe("Bronze");
    expect(m.source).toBe("admin");
    expect(m.subscription.state).toBe("incomplete");

    // The payment confirmed: its update arrives before the checkout's completion is sent again.
    const paid = s.stripe().renew(done.subscriptionId);
    const completed = done.events[0]!;
    expect(
      await s.deliver([
        paid[1]!,
        s.stripe().event(completed.type, completed.data.object),
        paid[0]!,
      ]),
    ).toEqual([200, 200, 200]);
    const after = await s.membership("destination", s.world().carmel, "other");
    expect(after.tier).toBe("Silver");
    expect(after.subscription).toMatchObject({ tier: "Silver", interval: "year", state: "active" });
    expect(
      (await s.ledger("&kind=charge")).filter(
        (c: { listing: { id: string } | null }) => c.listing?.id === s.world().carmel,
      ),
    ).toHaveLength(1);
  });

  it("applies the newest state whatever arrives last: an old 'incomplete' snapshot changes nothing", async () => {
    const sub = [...s.stripe().subscriptions.values()].find(
      (x) => x.metadata.listingId === s.world().carmel,
    )!;
    const stale = s
      .stripe()
      .event("customer.subscription.created", { ...sub, status: "incomplete" });
    await s.deliver([stale]);
    expect(await tierOf(s.world().carmel, "other")).toBe("Silver");
  });
});

describe("webhooks about something not ours", () => {
  it("keeps a subscription of a customer we did not make, flagged, and changes no tier", async () => {
    const events = s.stripe().foreignSubscription({ listingId: s.world().carmel, purpose: "tier" });
    expect(await s.deliver(events)).toEqual([200]);
    const [entry] = (await s.ledger("&state=flagged")).filter(
      (e: { providerId: string }) => e.providerId === events[0]!.id,
    );
    expect(entry.problem).toMatch(/not one of ours/);
    expect(entry.listing).toBeNull();
    expect(await tierOf(s.world().carmel, "other")).toBe("Silver");
  });

  it("keeps an event about a subscription the provider does not know, flagged", async () => {
    const ghost = s.stripe().event("customer.subscription.updated", {
      id: "sub_nobody",
      object: "subscription",
      metadata: {},
    });
    expect(await s.deliver([ghost])).toEqual([200]);
    const entry = (await s.ledger("&state=flagged")).find(
      (e: { providerId: string }) => e.providerId === ghost.id,
    );
    expect(entry.problem).toMatch(/does not know subscription sub_nobody/);
  });

  it("keeps a subscription without a listing, flagged", async () => {
    const events = s.stripe().foreignSubscription({});
    await s.deliver(events);
    const entry = (await s.ledger("&state=flagged")).find(
      (e: { providerId: string }) => e.providerId === events[0]!.id,
    );
    expect(entry.problem).toMatch(/names no listing/);
  });
});

describe("a failed webhook, replayed by an admin", () => {
  let entryId: string;
  const carmelSub = () =>
    [...s.stripe().subscriptions.values()].find(
      (x) =>
        x.metadata.listingId === s.world().carmel &&
        x.customer &&
        s.stripe().customers.get(x.customer)?.metadata.listingId === s.world().carmel,
    )!;

  it("fails while the provider is down, with the problem and the attempt counted", async () => {
    const sub = carmelSub();
    sub.cancel_at_period_end = true;
    const event = s.stripe().event("customer.subscription.updated", sub);
    s.stripe().down = true;
    try {
      expect(await s.deliver([event])).toEqual([200]);
    } finally {
      s.stripe().down = false;
    }
    const entry = (await s.ledger("&state=failed")).find(
      (e: { providerId: string }) => e.providerId === event.id,
    );
    expect(entry).toMatchObject({ state: "failed", attempts: 1 });
    expect(entry.problem).toMatch(/not answering/);
    entryId = entry.id;
    expect(
      (await s.membership("destination", s.world().carmel, "other")).subscription.cancelAtPeriodEnd,
    ).toBe(false);
  });

  it("is replayed by admins only, and only when failed or flagged", async () => {
    const replay = (id: string, who: TPayer) =>
      pay(api, "POST", `/payments/admin/webhooks/${id}/replay`, who);
    expect((await replay(entryId, "anonymous")).statusCode).toBe(401);
    expect((await replay(entryId, "other")).statusCode).toBe(403);
    const processedEntry = (await s.ledger("&state=processed&kind=webhook"))[0];
    const refused = await replay(processedEntry.id, "admin");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe("WEBHOOK_NOT_REPLAYABLE");
    const charge = (await s.ledger("&kind=charge"))[0];
    expect((await replay(charge.id, "admin")).statusCode).toBe(409);
    expect((await replay(crypto.randomUUID(), "admin")).statusCode).toBe(404);

    const queued = await ok(replay(entryId, "admin"));
    expect(queued.state).toBe("received");
    await s.settle();
    const entry = (await s.ledger()).find((e: { id: string }) => e.id === entryId);
    expect(entry).toMatchObject({ state: "processed", attempts: 2, problem: null });
    const m = await s.membership("destination", s.world().carmel, "other");
    expect(m.subscription.cancelAtPeriodEnd).toBe(true);
    expect(m.tier).toBe("Silver");
  });
});

describe("a provider that is down", () => {
  it("makes a purchase answer 503 with Retry-After, and records nothing", async () => {
    // Visit Indy's subscription ended: it may buy again.
    const ledgerBefore = (await s.ledger()).length;
    const sessionsBefore = s.stripe().sessions.size;
    s.stripe().down = true;
    try {
      const res = await pay(api, "POST", indyRoute("/checkout"), "owner", {
        data: { tier: "Gold", interval: "month", returnPath: "/x" },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe("PAYMENTS_UNAVAILABLE");
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
      const prices = await pay(api, "PUT", "/payments/admin/prices", "admin", {
        data: { prices: [{ tier: "Gold", interval: "year", amount: 900 }] },
      });
      expect(prices.statusCode).toBe(503);
    } finally {
      s.stripe().down = false;
    }
    expect(s.stripe().sessions.size).toBe(sessionsBefore);
    expect((await s.ledger()).length).toBe(ledgerBefore);
    const m = await s.membership("destination", s.world().indy);
    expect(m.tier).toBeNull();
    expect(m.subscription.state).toBe("canceled");
    expect(
      m.plans.some(
        (p: { tier: string; interval: string }) => p.tier === "Gold" && p.interval === "year",
      ),
    ).toBe(false);
  });
});

describe("the fake's hosted checkout, as a browser uses it", () => {
  it("pays on POST, posts the webhooks to the app, and sends the browser back", async () => {
    const address = await s.app().listen({ port: 0, host: "127.0.0.1" });
    s.stripe().webhookUrl = `${address}${WEBHOOK_URL}`;
    const { url } = await s.checkout("destination", s.world().indy, "owner", "Gold");
    const paid = await fetch(url, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(
      `http://hostfield.test/destinations/${s.world().indy}/membership?checkout=success`,
    );
    await s.settle();
    const m = await s.membership("destination", s.world().indy);
    expect(m).toMatchObject({
      tier: "Gold",
      source: "subscription",
      subscription: { state: "active" },
    });
    expect(await (await fetch(url)).text()).toContain("Paid.");
  });
});
