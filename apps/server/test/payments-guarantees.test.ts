// Card guarantees of hotel reservations (issue 47, "booking guarantees"): the Canal Guarantee Inn
// (its manager "owner") requires a card; "member" books two queens at $150 a night, the booking
// awaits a card, the guest saves one through the fake Stripe's setup checkout (reused when asked
// again), the webhooks in order, reversed, duplicated and forged: secured once, Visa ending 4242,
// seen by guest and hotel. A booking without a card 30 minutes on is cancelled by the job (run
// twice: cancelled and mailed once, its rooms back). The hotel charges a no-show (from check-in,
// at most the first night's $150 × 2 rooms = $300): once, in the ledger, receipts to both sides;
// a declined card (402) and a later success; the late cancellation rules; every refused caller of
// both routes; a hotel that requires nothing; a block's term over the hotel's setting, proposed
// and amended. The clock moves forward through the file, in order.
import { addDays } from "@hostfield/domain/rules";
import { beforeAll, describe, expect, it } from "vitest";
import { pay, paymentsSuite, type TPayer } from "./payments-fixture";
import { createEvent, HOUR, PLACES } from "./rfps-fixture";
import { hotelWithRooms } from "./stays-fixture";

const MINUTE = 60 * 1000;
const DAY = 24 * HOUR;
const s = paymentsSuite();
const { api, ok, clock } = s;

// Who is who: the hotel's manager, the guest, a manager of another hotel, someone with nothing.
const HOTEL: TPayer = "owner";
const GUEST: TPayer = "member";
const OTHER_HOTEL: TPayer = "other";
const STRANGER: TPayer = "stranger";

/** The hotel that requires a card, and one that does not (Carmel Inn, "other"'s). */
const canal = { hotelId: "", roomTypeId: "" };
const carmel = { hotelId: "", roomTypeId: "" };

const today = () => clock.now().toISOString().slice(0, 10);
const sql = (text: string, values: unknown[] = []) => s.app().database.pool.query(text, values);
const hm = (
  method: "GET" | "POST" | "PUT" | "PATCH",
  route: string,
  who: TPayer,
  payload?: unknown,
) => api.call("hotel-mgmt", method, route, who, payload);

// biome-ignore lint/suspicious/noExplicitAny: tests read replies loosely.
type TLoose = any;

/** `who` books `rooms` queens at `hotel` from `inDays` days from today for `nights` nights. */
async function book(
  hotel: { hotelId: string; roomTypeId: string },
  inDays: number,
  options: { nights?: number; rooms?: number; who?: TPayer } = {},
): Promise<TLoose> {
  const { nights = 1, rooms = 2, who = GUEST } = options;
  const checkIn = addDays(today(), inDays);
  const availability = await ok<TLoose>(
    hm("POST", `/hotels/${hotel.hotelId}/availability`, "anonymous", {
      data: { checkIn, checkOut: addDays(checkIn, nights), rooms, guests: rooms },
    }),
  );
  const offer = availability.offers.find(
    (o: { roomType: { id: string } }) => o.roomType.id === hotel.roomTypeId,
  );
  expect(offer?.quote, JSON.stringify(availability)).toEqual(expect.any(String));
  return ok(
    hm("POST", "/hotels/reservations", who, {
      data: {
        quote: offer.quote,
        guestName: "Mia Member",
        email: "mia.contact@example.org",
        phone: "+1 317 555 0142",
      },
    }),
    201,
  );
}

const reservationOf = (id: string, who: TPayer = GUEST): Promise<TLoose> =>
  ok(hm("GET", `/hotels/reservations/${id}`, who));
const startCheckout = (id: string, who: TPayer = GUEST) =>
  pay(api, "POST", `/payments/reservations/${id}/guarantee/checkout`, who, {
    data: { returnPath: `/reservations/${id}` },
  });
const charge = (id: string, reason: string, amount: number, who: TPayer = HOTEL) =>
  pay(api, "POST", `/payments/reservations/${id}/guarantee/charge`, who, {
    data: { reason, amount },
  });
const codeOf = async (response: ReturnType<typeof pay>) => {
  const res = await response;
  return { status: res.statusCode, code: res.json().error?.code };
};

/** The guest's setup checkout: its session id at the fake. */
async function checkoutSession(id: string) {
  const { url } = await ok<{ url: string }>(startCheckout(id));
  return url.split("/pay/")[1]!;
}

/** The guest saves a card for the reservation; the webhooks delivered in order. */
async function secure(id: string) {
  const { events } = s.stripe().completeCheckout(await checkoutSession(id));
  expect(await s.deliver(events)).toEqual([200, 200]);
  expect((await reservationOf(id)).guarantee.state).toBe("secured");
}

async function mailsTo(to: string, subjectLike: string) {
  await s.app().events.settled();
  const found = await sql(
    `select subject, text from mail_outbox where "to" = $1 and subject like $2 order by created_date`,
    [to, subjectLike],
  );
  return found.rows as { subject: string; text: string }[];
}

/** Runs the guarantees' expiry job now, as its cron would, and waits for what it set off. */
async function runExpiry() {
  await s.app().jobs.send("payments.expire-guarantees", {});
  await s.app().jobs.idle(["payments.expire-guarantees"]);
  await s.app().events.settled();
}

/** Rooms of the queen booked on a night at the hotel, as its calendar counts them. */
async function bookedOn(hotel: { hotelId: string; roomTypeId: string }, night: string) {
  const calendar = await ok<TLoose>(
    hm("GET", `/hotels/${hotel.hotelId}/calendar?from=${night}&to=${night}`, HOTEL),
  );
  return calendar.cells.find((c: { roomTypeId: string }) => c.roomTypeId === hotel.roomTypeId)
    .booked as number;
}

beforeAll(async () => {
  const now = clock.now();
  Object.assign(
    canal,
    await hotelWithRooms(api, HOTEL, "Canal Guarantee Inn", "indianapolis", now),
  );
  Object.assign(carmel, await hotelWithRooms(api, OTHER_HOTEL, "Carmel Inn", "carmel", now));
}, 120_000);

describe("a hotel that requires a card guarantee", () => {
  it("is set by its managers, with payments on", async () => {
    const url = `/hotels/${canal.hotelId}/stay-settings`;
    expect(await ok(hm("GET", url, HOTEL))).toEqual({
      hotelId: canal.hotelId,
      requireCardGuarantee: false,
      paymentsEnabled: true,
    });
    expect(await ok(hm("PUT", url, HOTEL, { data: { requireCardGuarantee: true } }))).toMatchObject(
      { requireCardGuarantee: true, paymentsEnabled: true },
    );
    // Another hotel's manager may not.
    const refused = await hm("PUT", url, OTHER_HOTEL, { data: { requireCardGuarantee: false } });
    expect(refused.statusCode).toBe(403);
  });

  it("books as before, its guarantee awaiting the guest's card, with the terms", async () => {
    const checkIn = addDays(today(), 10);
    const booked = await book(canal, 10, { nights: 2 });
    expect(booked).toMatchObject({ status: "Confirmed", rooms: 2, total: 600 });
    expect(booked.guarantee).toEqual({
      required: true,
      state: "awaiting_card",
      card: null,
      // The first night's $150 × 2 rooms.
      chargeLimit: 300,
      currency: "usd",
      terms: `Free cancellation until the end of ${addDays(checkIn, -1)} (UTC). After that, a late cancellation or a no-show may be charged up to $300.00 (the first night's rate, $150.00, × 2 rooms).`,
      secureBy: new Date(Date.parse(booked.createdDate) + 30 * MINUTE).toISOString(),
      chargeableFor: [],
      charge: null,
    });
    // The confirmation asks for the card.
    const mails = await mailsTo("member@example.com", `Reservation ${booked.confirmationNumber}%`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("requires a card to guarantee this booking");
    // A hotel that requires none asks none.
    expect((await book(carmel, 10)).guarantee).toBeNull();
  });
});

describe("the guest saves a card through the provider's setup checkout", () => {
  let reservationId = "";
  let sessionId = "";

  it("starts one setup checkout for the reservation, reused when asked again", async () => {
    reservationId = (await book(canal, 12)).id;
    sessionId = await checkoutSession(reservationId);
    const session = s.stripe().sessions.get(sessionId)!;
    expect(session).toMatchObject({
      mode: "setup",
      metadata: { purpose: "guarantee", reservationId, listingId: canal.hotelId },
      success_url: `http://hostfield.test/reservations/${reservationId}?guarantee=saved`,
    });
    // The guest's own customer at the provider.
    expect(s.stripe().customers.get(session.customer)!.metadata).toMatchObject({
      userId: expect.any(String),
    });
    expect(await checkoutSession(reservationId)).toBe(sessionId);
    // Nothing is secured before the provider says so.
    expect((await reservationOf(reservationId)).guarantee).toMatchObject({
      state: "awaiting_card",
      card: null,
    });
  });

  it("is secured when the webhooks come in order: Visa ending 4242, for guest and hotel", async () => {
    const { events } = s.stripe().completeCheckout(sessionId);
    expect(events.map((e) => e.type)).toEqual([
      "checkout.session.completed",
      "setup_intent.succeeded",
    ]);
    expect(await s.deliver(events)).toEqual([200, 200]);
    for (const who of [GUEST, HOTEL]) {
      expect((await reservationOf(reservationId, who)).guarantee).toMatchObject({
        state: "secured",
        card: { brand: "visa", last4: "4242" },
        secureBy: null,
        // Check-in is 12 days off: nothing to charge yet.
        chargeableFor: [],
      });
    }
    // Duplicates change nothing; a card is not saved twice.
    expect(await s.deliver(events)).toEqual([200, 200]);
    expect((await reservationOf(reservationId)).guarantee.state).toBe("secured");
    expect(await codeOf(startCheckout(reservationId))).toEqual({
      status: 409,
      code: "GUARANTEE_ALREADY_SECURED",
    });
  });

  it("is secured when the webhooks come reversed", async () => {
    const id = (await book(canal, 12)).id;
    const { events } = s.stripe().completeCheckout(await checkoutSession(id));
    expect(await s.deliver([...events].reverse())).toEqual([200, 200]);
    expect((await reservationOf(id)).guarantee).toMatchObject({
      state: "secured",
      card: { brand: "visa", last4: "4242" },
    });
  });

  it("refuses forged webhooks (nothing secured), and records a saved card whose webhooks are late", async () => {
    const id = (await book(canal, 12)).id;
    const { events } = s.stripe().completeCheckout(await checkoutSession(id));
    expect(await s.deliver(events, { secret: "whsec_forged" })).toEqual([400, 400]);
    expect((await reservationOf(id)).guarantee).toMatchObject({ state: "awaiting_card" });
    // Asked again, the provider holds the checkout complete: the card is recorded, not saved twice.
    expect(await codeOf(startCheckout(id))).toEqual({
      status: 409,
      code: "GUARANTEE_ALREADY_SECURED",
    });
    expect((await reservationOf(id)).guarantee.state).toBe("secured");
    expect(await s.deliver(events)).toEqual([200, 200]);
    expect((await reservationOf(id)).guarantee.state).toBe("secured");
  });

  it("is the guest's alone to start (401, 403), and only for a booking that asks a card (409)", async () => {
    const id = (await book(canal, 12)).id;
    expect((await startCheckout(id, "anonymous")).statusCode).toBe(401);
    for (const who of [HOTEL, OTHER_HOTEL, STRANGER, "organizer" as const]) {
      expect({ who, ...(await codeOf(startCheckout(id, who))) }).toEqual({
        who,
        status: 403,
        code: "FORBIDDEN",
      });
    }
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await startCheckout(unknown)).statusCode).toBe(404);
    const plain = await book(carmel, 12);
    expect(await codeOf(startCheckout(plain.id))).toEqual({
      status: 409,
      code: "GUARANTEE_NOT_REQUIRED",
    });
    // A provider that is down: 503 with Retry-After, nothing started.
    s.stripe().down = true;
    try {
      const res = await startCheckout(id);
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe("PAYMENTS_UNAVAILABLE");
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    } finally {
      s.stripe().down = false;
    }
    await secure(id);
  });
});

describe("a booking without a card 30 minutes on", () => {
  it("is cancelled by the job, once however often it runs: its rooms back, the guest told why", async () => {
    const night = addDays(today(), 20);
    const before = await bookedOn(canal, night);
    const booked = await book(canal, 20);
    await s.app().events.settled();
    expect(await bookedOn(canal, night)).toBe(before + 2);
    clock.advance(29 * MINUTE);
    await runExpiry();
    expect(await reservationOf(booked.id)).toMatchObject({
      status: "Confirmed",
      guarantee: { state: "awaiting_card" },
    });
    clock.advance(2 * MINUTE);
    await runExpiry();
    await runExpiry();
    expect(await reservationOf(booked.id)).toMatchObject({
      status: "Cancelled",
      guarantee: { state: "released", card: null },
    });
    expect(await bookedOn(canal, night)).toBe(before);
    const mails = await mailsTo(
      "member@example.com",
      `Reservation ${booked.confirmationNumber} cancelled%`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(
      "It was cancelled because no card guaranteed it within 30 minutes of booking",
    );
    // Too late to save a card for it.
    expect((await startCheckout(booked.id)).statusCode).toBe(409);
  });

  it("is kept when the provider holds its card saved, its webhooks still on the way", async () => {
    const booked = await book(canal, 20);
    s.stripe().completeCheckout(await checkoutSession(booked.id));
    clock.advance(31 * MINUTE);
    await runExpiry();
    expect(await reservationOf(booked.id)).toMatchObject({
      status: "Confirmed",
      guarantee: { state: "secured", card: { brand: "visa", last4: "4242" } },
    });
  });
});

describe("the hotel charges a no-show", () => {
  let reservationId = "";
  let confirmation = "";

  it("not before check-in, nor without a saved card", async () => {
    const booked = await book(canal, 1);
    reservationId = booked.id;
    confirmation = booked.confirmationNumber;
    expect(await codeOf(charge(reservationId, "no_show", 100))).toEqual({
      status: 409,
      code: "GUARANTEE_NOT_SECURED",
    });
    await secure(reservationId);
    expect(await codeOf(charge(reservationId, "no_show", 100))).toEqual({
      status: 409,
      code: "GUARANTEE_CHARGE_NOT_DUE",
    });
  });

  it("is refused to everyone but the hotel's managers", async () => {
    clock.advance(DAY);
    expect((await charge(reservationId, "no_show", 100, "anonymous")).statusCode).toBe(401);
    for (const who of [GUEST, STRANGER, OTHER_HOTEL, "organizer" as const]) {
      expect({ who, ...(await codeOf(charge(reservationId, "no_show", 100, who))) }).toEqual({
        who,
        status: 403,
        code: "FORBIDDEN",
      });
    }
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await charge(unknown, "no_show", 100)).statusCode).toBe(404);
  });

  it("is refused above the first night's rate × rooms (400)", async () => {
    expect((await reservationOf(reservationId, HOTEL)).guarantee).toMatchObject({
      chargeLimit: 300,
      chargeableFor: ["no_show"],
    });
    const res = await charge(reservationId, "no_show", 300.01);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: "GUARANTEE_CHARGE_OVER_LIMIT",
      details: { limit: 300, currency: "usd" },
    });
    const invalid = await charge(reservationId, "no_show", -5);
    expect(invalid.statusCode).toBe(400);
  });

  it("charges $250 once: in the ledger, receipts to the guest and the hotel's managers", async () => {
    const charged = await ok<TLoose>(charge(reservationId, "no_show", 250));
    expect(charged).toMatchObject({
      state: "charged",
      card: { brand: "visa", last4: "4242" },
      chargeableFor: [],
      charge: {
        reason: "no_show",
        amount: 250,
        currency: "usd",
        state: "succeeded",
        failure: null,
        attempts: 1,
      },
    });
    expect((await reservationOf(reservationId)).guarantee).toEqual(charged);
    // One off-session payment of 25,000 cents, keyed by the reservation and the attempt.
    const payments = s.stripe().calls.filter((c) => c.path === "/v1/payment_intents");
    const mine = payments.filter((c) => c.body.metadata?.reservationId === reservationId);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.body).toMatchObject({ amount: "25000", off_session: "true" });
    expect(mine[0]!.idempotencyKey).toEqual(expect.any(String));
    // Its webhook records the ledger's charge (money.ts), for the hotel.
    const events = s.stripe().takeEvents();
    expect(events.map((e) => e.type)).toEqual(["payment_intent.succeeded"]);
    expect(await s.deliver(events)).toEqual([200]);
    const paymentId = events[0]!.data.object.id;
    const ledger = (await s.ledger("&kind=charge")).filter((e) => e.providerId === paymentId);
    expect(ledger).toMatchObject([{ amount: 250, listing: { id: canal.hotelId } }]);
    // The receipts: the guest (the booking account) and the hotel's manager.
    const subject = `Receipt: $250.00 charged for reservation ${confirmation} at Canal Guarantee Inn`;
    for (const to of ["member@example.com", "owner@example.com"]) {
      const mails = await mailsTo(to, "Receipt:%");
      expect(mails.map((m) => m.subject)).toEqual([subject]);
      expect(mails[0]!.text).toContain("Amount: $250.00 (USD)");
      expect(mails[0]!.text).toContain("Reason: No-show");
      expect(mails[0]!.text).toContain("Card: Visa ending 4242");
      expect(mails[0]!.text).toContain(`Charge id: ${charged.charge.id}`);
    }
  });

  it("is not charged twice: 409 GUARANTEE_ALREADY_CHARGED", async () => {
    expect(await codeOf(charge(reservationId, "no_show", 10))).toEqual({
      status: 409,
      code: "GUARANTEE_ALREADY_CHARGED",
    });
    const mine = s
      .stripe()
      .calls.filter(
        (c) => c.path === "/v1/payment_intents" && c.body.metadata?.reservationId === reservationId,
      );
    expect(mine).toHaveLength(1);
  });
});

describe("a declined card", () => {
  it("answers 402 with the provider's words, kept as a failed attempt; a later attempt succeeds", async () => {
    const { id } = await book(canal, 1, { rooms: 1 });
    await secure(id);
    clock.advance(DAY);
    s.stripe().declineCards = true;
    try {
      const res = await charge(id, "no_show", 150);
      expect(res.statusCode).toBe(402);
      expect(res.json().error).toMatchObject({
        code: "PAYMENT_CARD_DECLINED",
        message: "The card was declined: Your card has insufficient funds.",
      });
    } finally {
      s.stripe().declineCards = false;
    }
    expect((await reservationOf(id, HOTEL)).guarantee).toMatchObject({
      state: "secured",
      chargeableFor: ["no_show"],
      charge: {
        state: "failed",
        failure: "Your card has insufficient funds.",
        attempts: 1,
        amount: 150,
      },
    });
    // Its failure webhook is kept, and changes nothing.
    const failed = s.stripe().takeEvents();
    expect(failed.map((e) => e.type)).toEqual(["payment_intent.payment_failed"]);
    expect(await s.deliver(failed)).toEqual([200]);
    const later = await ok<TLoose>(charge(id, "no_show", 120));
    expect(later).toMatchObject({
      state: "charged",
      charge: { state: "succeeded", failure: null, attempts: 2, amount: 120 },
    });
    // Two attempts, two idempotency keys.
    const keys = s
      .stripe()
      .calls.filter(
        (c) => c.path === "/v1/payment_intents" && c.body.metadata?.reservationId === id,
      )
      .map((c) => c.idempotencyKey);
    expect(new Set(keys).size).toBe(2);
    expect(await s.deliver(s.stripe().takeEvents())).toEqual([200]);
  });
});

describe("a late cancellation", () => {
  it("is not charged on a confirmed reservation, nor one cancelled within its free window", async () => {
    const booked = await book(canal, 3);
    await secure(booked.id);
    expect(await codeOf(charge(booked.id, "late_cancellation", 100))).toEqual({
      status: 409,
      code: "GUARANTEE_CHARGE_NOT_DUE",
    });
    // The guest cancels two days before check-in: within the window (until the day before).
    await ok(hm("PUT", `/hotels/reservations/${booked.id}/cancel`, GUEST));
    const res = await charge(booked.id, "late_cancellation", 100);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("GUARANTEE_CHARGE_NOT_DUE");
    expect(res.json().error.message).toContain("within its free cancellation");
    expect((await reservationOf(booked.id, HOTEL)).guarantee.chargeableFor).toEqual([]);
  });

  it("is charged on a reservation cancelled after its window (the hotel cancels for the guest), not as a no-show", async () => {
    const booked = await book(canal, 2);
    await secure(booked.id);
    clock.advance(2 * DAY);
    // The guest's window closed yesterday: only the hotel cancels now.
    const guestCancel = await hm("PUT", `/hotels/reservations/${booked.id}/cancel`, GUEST);
    expect(guestCancel.statusCode).toBe(409);
    const cancelled = await ok<TLoose>(
      hm("PUT", `/hotels/reservations/${booked.id}/cancel`, HOTEL),
    );
    expect(cancelled.cancelledDate).toEqual(expect.any(String));
    expect(cancelled.guarantee.chargeableFor).toEqual(["late_cancellation"]);
    expect(await codeOf(charge(booked.id, "no_show", 100))).toEqual({
      status: 409,
      code: "GUARANTEE_CHARGE_NOT_DUE",
    });
    expect(await ok<TLoose>(charge(booked.id, "late_cancellation", 300))).toMatchObject({
      state: "charged",
      charge: { reason: "late_cancellation", amount: 300, state: "succeeded" },
    });
    expect(await s.deliver(s.stripe().takeEvents())).toEqual([200]);
    const receipts = await mailsTo("member@example.com", `Receipt: $300.00%`);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain("Reason: Late cancellation");
  });
});

describe("a block's term over the hotel's setting", () => {
  /** A listed event of the organizer's starting `inDays` days from today, for two days. */
  async function listedEvent(name: string, inDays: number) {
    const startDate = addDays(today(), inDays);
    const id = await createEvent(api, "organizer", name, {
      startDate,
      endDate: addDays(startDate, 2),
    });
    await ok(
      api.ev("PATCH", `/events/${id}`, "organizer", [
        { op: "replace", path: "/category", value: "Marketed" },
        { op: "replace", path: "/lat", value: PLACES.indianapolis.lat },
        { op: "replace", path: "/lng", value: PLACES.indianapolis.lng },
      ]),
    );
    await ok(api.ev("PUT", `/events/${id}/approve`, "admin"));
    return { id, startDate };
  }

  /** The guest books one queen in the event's block (its first night): the reservation. */
  async function bookInBlock(eventId: string, startDate: string): Promise<TLoose> {
    const availability = await ok<TLoose>(
      hm("POST", `/hotels/${canal.hotelId}/availability`, "anonymous", {
        data: { eventId, checkIn: startDate, checkOut: addDays(startDate, 1), rooms: 1, guests: 1 },
      }),
    );
    const offer = availability.offers.find(
      (o: { roomType: { id: string } }) => o.roomType.id === canal.roomTypeId,
    );
    expect(offer.nights.map((n: { source: string }) => n.source)).toEqual(["block"]);
    return ok(
      hm("POST", "/hotels/reservations", GUEST, {
        data: {
          quote: offer.quote,
          guestName: "Mia Member",
          email: "m@example.org",
          phone: "+1 317 555 0142",
        },
      }),
      201,
    );
  }

  it("asks no card in a block the hotel proposed without one, and asks once an amendment requires it", async () => {
    const event = await listedEvent("Guarantee Cup", 20);
    const proposed = await ok<TLoose>(
      hm("POST", "/hotels/blocks", HOTEL, {
        data: {
          eventId: event.id,
          hotelId: canal.hotelId,
          perNight: { roomTypeId: canal.roomTypeId, rooms: 3, rate: 119 },
          cutoffDate: addDays(today(), 10),
          requireCardGuarantee: false,
        },
      }),
      201,
    );
    expect(proposed.requireCardGuarantee).toBe(false);
    expect(proposed.history[0].summary).toContain("no card guarantee");
    await ok(api.call("hotel-mgmt", "PUT", `/hotels/blocks/${proposed.id}/accept`, "organizer"));
    expect((await bookInBlock(event.id, event.startDate)).guarantee).toBeNull();
    // The hotel amends the block to require a card; the organizer accepts.
    const amended = await ok<TLoose>(
      hm("PATCH", `/hotels/blocks/${proposed.id}`, HOTEL, {
        data: { requireCardGuarantee: true },
      }),
    );
    expect(amended).toMatchObject({
      requireCardGuarantee: false,
      amendment: { requireCardGuarantee: true, side: "hotel" },
    });
    const accepted = await ok<TLoose>(
      api.call("hotel-mgmt", "PUT", `/hotels/blocks/${proposed.id}/amendment/accept`, "organizer"),
    );
    expect(accepted).toMatchObject({ requireCardGuarantee: true, amendment: null });
    const guaranteed = await bookInBlock(event.id, event.startDate);
    // The block's $119 × 1 room.
    expect(guaranteed.guarantee).toMatchObject({ state: "awaiting_card", chargeLimit: 119 });
    await secure(guaranteed.id);
  });
});

describe("the webhooks", () => {
  it("left none of the guarantees' failed or flagged", async () => {
    const troubled = [
      ...(await s.ledger("&kind=webhook&state=failed")),
      ...(await s.ledger("&kind=webhook&state=flagged")),
    ];
    expect(troubled.map((e) => `${e.type}: ${e.problem}`)).toEqual([]);
  });
});
