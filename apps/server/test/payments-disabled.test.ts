// Without payment settings the product runs as before (issue 47): config says payments are off,
// every selling call answers 409 PAYMENTS_NOT_CONFIGURED (the webhook too), and admins set tiers
// by hand, which the listing's membership shows as theirs; an awarded proposal's deposit is shown as
// agreed, to be collected outside Hostfield; a hotel booking asks no card guarantee.

import { addDays } from "@hostfield/domain/rules";
import { describe, expect, it } from "vitest";
import { pay, paymentsSuite, WEBHOOK_URL } from "./payments-fixture";
import { createEvent, draftRequest, move, proposal, sendToFacilities } from "./rfps-fixture";
import { hotelWithRooms } from "./stays-fixture";

const s = paymentsSuite({ enabled: false });
const { api, ok } = s;

// A hotel asks no card guarantee: its setting is refused on, one set before is not applied, and
// bookings work as before.
describe("hotel bookings without payments", () => {
  it("ask no card guarantee, and the guarantee routes answer 409 PAYMENTS_NOT_CONFIGURED", async () => {
    const hotel = await hotelWithRooms(
      api,
      "owner",
      "Canal Plain Inn",
      "indianapolis",
      s.clock.now(),
    );
    const settings = `/hotels/${hotel.hotelId}/stay-settings`;
    const hm = (method: "GET" | "POST" | "PUT", route: string, who: string, payload?: unknown) =>
      api.call("hotel-mgmt", method, route, who, payload);
    expect(await ok(hm("GET", settings, "owner"))).toEqual({
      hotelId: hotel.hotelId,
      requireCardGuarantee: false,
      paymentsEnabled: false,
    });
    const on = await hm("PUT", settings, "owner", { data: { requireCardGuarantee: true } });
    expect(on.statusCode).toBe(409);
    expect(on.json().error.code).toBe("PAYMENTS_NOT_CONFIGURED");
    // A setting left on from when payments were on is not applied.
    await s
      .app()
      .database.pool.query(
        "insert into hotel_stay_settings (hotel_id, require_card_guarantee) values ($1, true)",
        [hotel.hotelId],
      );
    const checkIn = addDays(s.clock.now().toISOString().slice(0, 10), 5);
    const availability = await ok<{ offers: { quote: string }[] }>(
      hm("POST", `/hotels/${hotel.hotelId}/availability`, "anonymous", {
        data: { checkIn, checkOut: addDays(checkIn, 1), rooms: 1, guests: 1 },
      }),
    );
    const booked = await ok<{ id: string; status: string; guarantee: unknown }>(
      hm("POST", "/hotels/reservations", "member", {
        data: {
          quote: availability.offers[0]!.quote,
          guestName: "Mia Member",
          email: "mia@example.org",
          phone: "+1 317 555 0142",
        },
      }),
      201,
    );
    expect(booked).toMatchObject({ status: "Confirmed", guarantee: null });
    const guarantee = `/payments/reservations/${booked.id}/guarantee`;
    const calls = [
      ["member", `${guarantee}/checkout`, { data: { returnPath: "/reservations/x" } }],
      ["owner", `${guarantee}/charge`, { data: { reason: "no_show", amount: 10 } }],
    ] as const;
    for (const [who, route, body] of calls) {
      const res = await pay(api, "POST", route, who, body);
      expect({ route, status: res.statusCode, code: res.json().error?.code }).toEqual({
        route,
        status: 409,
        code: "PAYMENTS_NOT_CONFIGURED",
      });
    }
  });
});

describe("payments without settings", () => {
  it("config says off, with no key", async () => {
    expect(await ok(pay(api, "GET", "/payments/config", "anonymous"))).toEqual({
      enabled: false,
      publishableKey: null,
    });
  });

  it("every selling call answers 409 PAYMENTS_NOT_CONFIGURED", async () => {
    const listing = `/payments/listings/destination/${s.world().indy}`;
    const calls = [
      [
        "admin",
        "PUT",
        "/payments/admin/prices",
        { data: { prices: [{ tier: "Silver", interval: "month", amount: 10 }] } },
      ],
      [
        "owner",
        "POST",
        `${listing}/checkout`,
        { data: { tier: "Silver", interval: "month", returnPath: "/x" } },
      ],
      ["owner", "PUT", `${listing}/subscription`, { data: { tier: "Gold", interval: "month" } }],
      ["owner", "DELETE", `${listing}/subscription`, undefined],
      ["admin", "PUT", "/payments/admin/boost-price", { data: { amount: 10 } }],
      [
        "owner",
        "POST",
        `${listing}/boosts/checkout`,
        { data: { startDate: "2030-03-01", endDate: "2030-03-05", returnPath: "/x" } },
      ],
    ] as const;
    for (const [who, method, route, body] of calls) {
      const res = await pay(api, method, route, who, body);
      expect({ route, method, status: res.statusCode, code: res.json().error?.code }).toEqual({
        route,
        method,
        status: 409,
        code: "PAYMENTS_NOT_CONFIGURED",
      });
    }
    const hook = await s.app().inject({
      method: "POST",
      url: WEBHOOK_URL,
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
      payload: "{}",
    });
    expect(hook.statusCode).toBe(409);
    expect(hook.json().error.code).toBe("PAYMENTS_NOT_CONFIGURED");
  });

  it("shows the admin's tier, no plans, and follows an admin's change", async () => {
    const before = await s.membership("destination", s.world().indy);
    expect(before).toMatchObject({
      tier: "Bronze",
      source: "admin",
      subscription: null,
      plans: [],
      paymentsEnabled: false,
    });
    await ok(
      api.call("destination-mgmt", "PATCH", `/destinations/${s.world().indy}`, "admin", [
        { op: "replace", path: "/tier", value: "Gold" },
      ]),
    );
    const after = await s.membership("destination", s.world().indy);
    expect(after).toMatchObject({ tier: "Gold", source: "admin" });
  });

  it("lets admins read the (empty) ledger and prices", async () => {
    expect(await ok(pay(api, "GET", "/payments/admin/prices", "admin"))).toEqual([]);
    const ledger = await pay(api, "GET", "/payments/admin/ledger", "admin");
    expect(ledger.json()).toEqual({ data: [], _meta: { stats: { count: 0 } } });
    expect((await pay(api, "GET", "/payments/admin/ledger", "owner")).statusCode).toBe(403);
  });

  it("shows an awarded proposal's deposit as agreed, collected outside Hostfield; paying and refunding are 409", async () => {
    const eventId = await createEvent(api, "organizer", "Offline Deposit Cup");
    const requestId = await draftRequest(api, "organizer", eventId);
    const [leadId] = await sendToFacilities(api, "organizer", eventId, requestId, [
      s.world().courts,
    ]);
    const lead = `/events/${eventId}/leads/${leadId}`;
    const deposit = { percent: 20, dueDate: "2030-05-01", refundableUntil: "2030-05-01" };
    await ok(
      s.ev(
        "PATCH",
        lead,
        "owner",
        move("Interested", { proposal: { ...proposal(), price: 10_000, deposit } }),
      ),
    );
    await ok(s.ev("PATCH", lead, "organizer", move("Won")));
    const route = `/payments/deposits/${leadId}`;
    expect(await ok(pay(api, "GET", route, "organizer"))).toMatchObject({
      amount: 2000,
      state: "due",
      paymentsEnabled: false,
      actions: { pay: false, refund: false, refundPart: false },
    });
    const calls = [
      ["organizer", `${route}/checkout`, { data: { returnPath: "/x" } }],
      ["organizer", `${route}/refund`, undefined],
      ["owner", `${route}/refund`, { data: { amount: 10 } }],
    ] as const;
    for (const [who, url, body] of calls) {
      const res = await pay(api, "POST", url, who, body);
      expect({ url, status: res.statusCode, code: res.json().error?.code }).toEqual({
        url,
        status: 409,
        code: "PAYMENTS_NOT_CONFIGURED",
      });
    }
  });

  it("still holds boosts to the days a tier includes, with nothing to buy", async () => {
    const indy = s.world().indy;
    const book = (startDate: string, endDate: string) =>
      api.call("destination-mgmt", "POST", `/destinations/${indy}/boosts`, "owner", {
        data: { startDate, endDate },
      });
    // Gold since the admin's change above: 15 days a month.
    expect((await book("2030-03-01", "2030-03-15")).statusCode).toBe(201);
    const over = await book("2030-03-20", "2030-03-20");
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toMatchObject({
      code: "BOOST_QUOTA_EXCEEDED",
      message: "Gold includes 15 boost days a month; March has 0 left, this boost needs 1.",
      details: { extraDays: 1, buyable: false, dayPrice: null, amount: null },
    });
    // No price either: boost days are not for sale.
    expect(await ok(pay(api, "GET", "/payments/admin/boost-price", "admin"))).toMatchObject({
      amount: null,
    });
  });
});
