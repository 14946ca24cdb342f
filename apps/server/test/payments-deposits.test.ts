// Deposits of awarded proposals (issue 47, "deposits"): the Indy Fieldhouse proposes $10,000 with a
// 20% deposit, the organizer awards it and pays $2,000 through the fake Stripe's checkout (one open
// checkout, reused), the webhooks in order, reversed, duplicated and forged, paid once and never
// twice, both sides told; refunds under the proposal's terms (the organizer's in full inside the
// window, refused after it or when non-refundable), the venue's of any part (too high refused), a
// refund made at the provider recorded from its webhook, once; a proposal without a deposit, a lead
// not won, every refused caller, and a provider that is down.
import { describe, expect, it } from "vitest";
import type { TFakeEvent } from "./fakes/stripe";
import { pay, paymentsSuite, type TPayer } from "./payments-fixture";
import {
  createEvent,
  draftRequest,
  HOUR,
  move,
  notificationTitles,
  sendToFacilities,
} from "./rfps-fixture";

const DAY = 24 * HOUR;
const s = paymentsSuite();
const { api, ev, ok, clock } = s;

/** The subjects of the mails to someone, once the events and mail jobs are done. */
async function mailSubjectsTo(who: string): Promise<string[]> {
  const queues = ["events.notifications", "notifications.email"];
  await s.app().events.settled();
  await s.app().jobs.idle(queues);
  await s.app().events.settled();
  await s.app().jobs.idle(queues);
  const result = await s
    .app()
    .database.pool.query<{ subject: string }>(
      `select subject from mail_outbox where "to" = $1 order by created_date`,
      [`${who}@example.com`],
    );
  return result.rows.map((r) => r.subject);
}

/** Today on the app's clock (YYYY-MM-DD, UTC). */
const today = () => clock.now().toISOString().slice(0, 10);

type TDeposit = { percent: number; dueDate: string; refundableUntil: string | null } | null;

/**
 * An event of the organizer's on `days` (each scenario its own, since an award books the
 * facility's days), its request sent to the Indy Fieldhouse, whose manager ("owner", a manager of
 * Visit Indy, which lists it) answers $10,000 in total with `deposit`; awarded unless told not to.
 */
async function awardedLead(
  name: string,
  days: { startDate: string; endDate: string },
  deposit: TDeposit,
  options: { award?: boolean } = {},
) {
  const eventId = await createEvent(api, "organizer", name, days);
  const requestId = await draftRequest(api, "organizer", eventId);
  const [leadId] = await sendToFacilities(api, "organizer", eventId, requestId, [s.world().courts]);
  const lead = `/events/${eventId}/leads/${leadId}`;
  await ok(
    ev(
      "PATCH",
      lead,
      "owner",
      move("Interested", {
        proposal: {
          message: "Four courts, all weekend.",
          dates: [days.startDate],
          price: 10_000,
          priceUnit: "Total",
          deposit,
        },
      }),
    ),
  );
  if (options.award !== false) await ok(ev("PATCH", lead, "organizer", move("Won")));
  return { eventId, leadId: leadId! };
}

const depositUrl = (leadId: string, rest = "") => `/payments/deposits/${leadId}${rest}`;
// biome-ignore lint/suspicious/noExplicitAny: tests read replies loosely.
const depositOf = (leadId: string, who: TPayer = "organizer"): Promise<any> =>
  ok(pay(api, "GET", depositUrl(leadId), who));
const startPaying = (leadId: string, who: TPayer = "organizer") =>
  pay(api, "POST", depositUrl(leadId, "/checkout"), who, {
    data: { returnPath: "/events/e/proposals" },
  });
const refund = (leadId: string, who: TPayer, amount?: number) =>
  pay(
    api,
    "POST",
    depositUrl(leadId, "/refund"),
    who,
    amount === undefined ? undefined : { data: { amount } },
  );

/** The organizer's checkout of the deposit: the session at the fake. */
async function checkout(leadId: string) {
  const { url } = await ok<{ url: string }>(startPaying(leadId));
  return url.split("/pay/")[1]!;
}

const codeOf = async (response: ReturnType<typeof pay>) => {
  const res = await response;
  return { status: res.statusCode, code: res.json().error?.code };
};

// Each scenario's event on days of its own (an award books the facility's days).
const EVENT_A = { startDate: "2030-06-12", endDate: "2030-06-14" };
const EVENT_B = { startDate: "2030-07-10", endDate: "2030-07-12" };
const EVENT_C = { startDate: "2030-08-07", endDate: "2030-08-09" };
const EVENT_D = { startDate: "2030-09-11", endDate: "2030-09-13" };
const EVENT_E = { startDate: "2030-10-09", endDate: "2030-10-11" };
const EVENT_F = { startDate: "2030-11-06", endDate: "2030-11-08" };
const EVENT_G = { startDate: "2031-01-08", endDate: "2031-01-10" };

const DEPOSIT_20 = { percent: 20, dueDate: "2030-05-01", refundableUntil: "2030-05-01" };

describe("a deposit paid through the hosted checkout", () => {
  let leadId = "";
  let sessionId = "";
  let events: TFakeEvent[] = [];

  it("shows both sides the deposit due: 20% of $10,000 is $2,000", async () => {
    ({ leadId } = await awardedLead("Summer Slam", EVENT_A, DEPOSIT_20));
    const seen = await depositOf(leadId);
    expect(seen).toMatchObject({
      leadId,
      listingId: s.world().courts,
      percent: 20,
      dueDate: "2030-05-01",
      refundableUntil: "2030-05-01",
      amount: 2000,
      currency: "USD",
      state: "due",
      paidAmount: null,
      refundedAmount: 0,
      paymentsEnabled: true,
      refundDue: 0,
      actions: { pay: true, refund: false, refundPart: false },
    });
    // The venue's manager sees it too, and may not pay it.
    expect(await depositOf(leadId, "owner")).toMatchObject({
      amount: 2000,
      state: "due",
      actions: { pay: false, refund: false, refundPart: false },
    });
  });

  it("starts one checkout of $2,000 for the lead, reused when asked again", async () => {
    sessionId = await checkout(leadId);
    const session = s.stripe().sessions.get(sessionId)!;
    expect(session).toMatchObject({
      mode: "payment",
      amount_total: 200_000,
      currency: "usd",
      metadata: { purpose: "deposit", leadId, listingId: s.world().courts },
      success_url: "http://hostfield.test/events/e/proposals?deposit=paid",
    });
    // The organizer's own customer at the provider.
    const customer = s.stripe().customers.get(session.customer)!;
    expect(customer.metadata).toMatchObject({ userId: expect.any(String) });
    expect(await checkout(leadId)).toBe(sessionId);
    const sessions = [...s.stripe().sessions.values()].filter((x) => x.metadata.leadId === leadId);
    expect(sessions).toHaveLength(1);
    // Nothing is paid before the provider says so.
    expect(await depositOf(leadId)).toMatchObject({ state: "open", paidAmount: null });
  });

  it("is paid when the webhooks come in order; both sides see it and are told", async () => {
    events = s.stripe().completeCheckout(sessionId).events;
    expect(events.map((e) => e.type)).toEqual([
      "checkout.session.completed",
      "payment_intent.succeeded",
    ]);
    expect(await s.deliver(events)).toEqual([200, 200]);
    const paid = await depositOf(leadId);
    expect(paid).toMatchObject({
      state: "paid",
      amount: 2000,
      paidAmount: 2000,
      refundedAmount: 0,
      refundDue: 2000,
      actions: { pay: false, refund: true, refundPart: false },
    });
    expect(Date.parse(paid.paidDate)).toBeGreaterThan(clock.now().getTime() - HOUR);
    expect(await depositOf(leadId, "owner")).toMatchObject({
      state: "paid",
      paidAmount: 2000,
      actions: { pay: false, refund: false, refundPart: true },
    });
    expect(await notificationTitles(api, s.app(), "organizer")).toContain(
      "Deposit paid for Summer Slam",
    );
    // The venue's own managers (the Fieldhouse's owner), as they hear of its award.
    expect(await notificationTitles(api, s.app(), "admin")).toContain(
      "Deposit received for Summer Slam",
    );
    // And a short mail each.
    expect(await mailSubjectsTo("organizer")).toContain("Deposit paid for Summer Slam");
    expect(await mailSubjectsTo("admin")).toContain("Deposit received for Summer Slam");
  });

  it("takes duplicated webhooks once: still paid once, nobody told twice, one charge in the ledger", async () => {
    expect(await s.deliver(events)).toEqual([200, 200]);
    expect(await depositOf(leadId)).toMatchObject({ state: "paid", paidAmount: 2000 });
    const told = (await notificationTitles(api, s.app(), "organizer")).filter(
      (t) => t === "Deposit paid for Summer Slam",
    );
    expect(told).toHaveLength(1);
    const paymentId = events[1]!.data.object.id;
    const charges = (await s.ledger("&kind=charge")).filter((e) => e.providerId === paymentId);
    expect(charges).toMatchObject([{ amount: 2000, listing: { id: s.world().courts } }]);
  });

  it("is not paid twice: 409 DEPOSIT_ALREADY_PAID", async () => {
    expect(await codeOf(startPaying(leadId))).toEqual({
      status: 409,
      code: "DEPOSIT_ALREADY_PAID",
    });
  });

  it("the organizer takes it back in full inside the refund window; its webhook counts it once", async () => {
    const refunded = await ok(refund(leadId, "organizer"));
    expect(refunded).toMatchObject({
      state: "refunded",
      paidAmount: 2000,
      refundedAmount: 2000,
      refundDue: 0,
      actions: { pay: false, refund: false, refundPart: false },
    });
    expect(Date.parse(refunded.refundedDate)).toBeGreaterThan(clock.now().getTime() - HOUR);
    const refundEvents = s.stripe().takeEvents();
    expect(refundEvents.map((e) => e.type)).toEqual(["charge.refunded"]);
    expect(refundEvents[0]!.data.object.metadata).toMatchObject({ purpose: "deposit", leadId });
    // Delivered, and delivered again: still $2,000 back, not $4,000.
    expect(await s.deliver(refundEvents)).toEqual([200]);
    expect(await s.deliver(refundEvents)).toEqual([200]);
    expect(await depositOf(leadId, "owner")).toMatchObject({
      state: "refunded",
      refundedAmount: 2000,
    });
    expect(await codeOf(refund(leadId, "organizer"))).toEqual({
      status: 409,
      code: "DEPOSIT_ALREADY_REFUNDED",
    });
  });
});

describe("webhooks out of order, forged, or late", () => {
  it("pays on webhooks in reverse order", async () => {
    const { leadId } = await awardedLead("Reverse Classic", EVENT_B, DEPOSIT_20);
    const { events } = s.stripe().completeCheckout(await checkout(leadId));
    expect(await s.deliver([...events].reverse())).toEqual([200, 200]);
    expect(await depositOf(leadId)).toMatchObject({ state: "paid", paidAmount: 2000 });
  });

  it("refuses forged webhooks (nothing paid), and records a paid checkout whose webhooks are late when asked to pay again", async () => {
    const { leadId } = await awardedLead("Forged Open", EVENT_C, DEPOSIT_20);
    const { events } = s.stripe().completeCheckout(await checkout(leadId));
    expect(await s.deliver(events, { secret: "whsec_forged" })).toEqual([400, 400]);
    expect(await depositOf(leadId)).toMatchObject({ state: "open", paidAmount: null });
    // The provider holds the checkout paid: a second payment is refused and the first recorded.
    expect(await codeOf(startPaying(leadId))).toEqual({
      status: 409,
      code: "DEPOSIT_ALREADY_PAID",
    });
    expect(await depositOf(leadId)).toMatchObject({ state: "paid", paidAmount: 2000 });
    // The genuine webhooks, late: nothing more (one notification).
    expect(await s.deliver(events)).toEqual([200, 200]);
    const told = (await notificationTitles(api, s.app(), "admin")).filter(
      (t) => t === "Deposit received for Forged Open",
    );
    expect(told).toHaveLength(1);
  });
});

describe("refunds under the proposal's terms", () => {
  let leadId = "";
  let paymentId = "";

  it("the venue's managers refund a part; more than is left is 400; the organizer may not give an amount", async () => {
    // Refundable until today: the organizer's window closes tomorrow.
    ({ leadId } = await awardedLead("Window Cup", EVENT_D, {
      percent: 20,
      dueDate: today(),
      refundableUntil: today(),
    }));
    const done = s.stripe().completeCheckout(await checkout(leadId));
    paymentId = done.paymentIntentId;
    await s.deliver(done.events);
    expect(await ok(refund(leadId, "owner", 500))).toMatchObject({
      state: "partly_refunded",
      paidAmount: 2000,
      refundedAmount: 500,
      actions: { refundPart: true },
    });
    expect(s.stripe().refunds.size).toBeGreaterThan(0);
    const tooHigh = await refund(leadId, "owner", 1500.01);
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json().error).toMatchObject({
      code: "DEPOSIT_REFUND_TOO_HIGH",
      details: { left: 1500, currency: "USD" },
    });
    expect((await refund(leadId, "organizer", 100)).statusCode).toBe(403);
    // Visit Indy's member (no manager of the Fieldhouse) may not refund it.
    expect((await refund(leadId, "member", 100)).statusCode).toBe(403);
    // The refund's webhook finds it counted.
    await s.deliver(s.stripe().takeEvents());
    expect(await depositOf(leadId)).toMatchObject({ refundedAmount: 500 });
  });

  it("records a refund made at the provider from its webhook, once", async () => {
    const res = await fetch(`${s.stripe().url}/v1/refunds`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${s.stripe().secretKey}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: `payment_intent=${paymentId}&amount=10000&metadata[purpose]=deposit`,
    });
    expect(res.status).toBe(200);
    const refundEvents = s.stripe().takeEvents();
    expect(await s.deliver([...refundEvents, ...refundEvents])).toEqual([200, 200]);
    // $500 by the venue, then $100 at the provider.
    expect(await depositOf(leadId)).toMatchObject({
      state: "partly_refunded",
      refundedAmount: 600,
      refundDue: 1400,
    });
  });

  it("the organizer's refund is refused after the refund date, with the date", async () => {
    clock.advance(2 * DAY);
    const res = await refund(leadId, "organizer");
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("DEPOSIT_NOT_REFUNDABLE");
    expect(res.json().error.details.refundableUntil).toBe(
      new Date(clock.now().getTime() - 2 * DAY).toISOString().slice(0, 10),
    );
    expect(await depositOf(leadId)).toMatchObject({
      refundedAmount: 600,
      refundDue: 0,
      actions: { refund: false },
    });
    // The venue may still give back all that is left.
    expect(await ok(refund(leadId, "owner"))).toMatchObject({
      state: "refunded",
      refundedAmount: 2000,
    });
  });

  it("a non-refundable deposit is never the organizer's to take back", async () => {
    const { leadId: kept } = await awardedLead("Final Four", EVENT_E, {
      ...DEPOSIT_20,
      refundableUntil: null,
    });
    expect(await codeOf(refund(kept, "organizer"))).toEqual({
      status: 409,
      code: "DEPOSIT_NOT_PAID",
    });
    await s.deliver(s.stripe().completeCheckout(await checkout(kept)).events);
    const res = await refund(kept, "organizer");
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: "DEPOSIT_NOT_REFUNDABLE",
      details: { refundableUntil: null },
    });
    expect(await depositOf(kept)).toMatchObject({ state: "paid", refundedAmount: 0 });
  });
});

describe("what is refused", () => {
  it("a proposal without a deposit: 409 DEPOSIT_NONE, and nothing to show", async () => {
    const { leadId } = await awardedLead("No Deposit Open", EVENT_F, null);
    expect(await depositOf(leadId)).toBeNull();
    expect(await codeOf(startPaying(leadId))).toEqual({ status: 409, code: "DEPOSIT_NONE" });
    expect(await codeOf(refund(leadId, "organizer"))).toEqual({
      status: 409,
      code: "DEPOSIT_NONE",
    });
  });

  it("a lead not won: 409 LEAD_NOT_WON, and nothing to show", async () => {
    const { leadId: open } = await awardedLead("Not Yet Cup", EVENT_G, DEPOSIT_20, {
      award: false,
    });
    expect(await depositOf(open)).toBeNull();
    expect(await codeOf(startPaying(open))).toEqual({ status: 409, code: "LEAD_NOT_WON" });
  });

  it("every refused caller: a visitor 401, a stranger 403, the venue paying 403, no such lead 404", async () => {
    const { leadId: won } = await awardedLead(
      "Callers Cup",
      { startDate: "2031-02-05", endDate: "2031-02-07" },
      DEPOSIT_20,
    );
    for (const [who, status] of [
      ["anonymous", 401],
      ["stranger", 403],
      ["other", 403],
    ] as const) {
      expect((await pay(api, "GET", depositUrl(won), who)).statusCode, who).toBe(status);
      expect((await startPaying(won, who)).statusCode, who).toBe(status);
      expect((await refund(won, who)).statusCode, who).toBe(status);
      expect((await refund(won, who, 10)).statusCode, who).toBe(status);
    }
    expect(await codeOf(startPaying(won, "owner"))).toEqual({ status: 403, code: "FORBIDDEN" });
    expect((await startPaying(won, "member")).statusCode).toBe(403);
    const missing = "00000000-0000-4000-8000-000000000000";
    expect((await pay(api, "GET", depositUrl(missing), "organizer")).statusCode).toBe(404);
    expect((await pay(api, "GET", depositUrl("not-a-uuid"), "organizer")).statusCode).toBe(400);
    // A refund amount that is no amount.
    for (const amount of [0, -5, 0.001]) {
      expect((await refund(won, "owner", amount)).statusCode, String(amount)).toBe(400);
    }
    // Nobody refused left a checkout behind.
    expect([...s.stripe().sessions.values()].some((x) => x.metadata.leadId === won)).toBe(false);
  });

  it("a provider that is down: 503 with Retry-After, and nothing recorded as paid", async () => {
    const { leadId: down } = await awardedLead(
      "Outage Open",
      { startDate: "2031-03-05", endDate: "2031-03-07" },
      DEPOSIT_20,
    );
    s.stripe().down = true;
    try {
      const res = await startPaying(down);
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe("PAYMENTS_UNAVAILABLE");
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    } finally {
      s.stripe().down = false;
    }
    expect(await depositOf(down)).toMatchObject({ state: "due", paidAmount: null });
    // Back up: the payment goes through.
    await s.deliver(s.stripe().completeCheckout(await checkout(down)).events);
    expect(await depositOf(down)).toMatchObject({ state: "paid", paidAmount: 2000 });
    // A refund while it is down records nothing.
    s.stripe().down = true;
    try {
      expect((await refund(down, "owner", 100)).statusCode).toBe(503);
    } finally {
      s.stripe().down = false;
    }
    expect(await depositOf(down)).toMatchObject({ state: "paid", refundedAmount: 0 });
  });

  it("left no deposit webhook failed or flagged", async () => {
    const troubled = [
      ...(await s.ledger("&kind=webhook&state=failed")),
      ...(await s.ledger("&kind=webhook&state=flagged")),
    ];
    expect(troubled.map((e) => `${e.type}: ${e.problem}`)).toEqual([]);
  });
});
