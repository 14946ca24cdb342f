// Without payment settings the product runs as before (issue 47): config says payments are off,
// every selling call answers 409 PAYMENTS_NOT_CONFIGURED (the webhook too), and admins set tiers
// by hand, which the listing's membership shows as theirs.
import { describe, expect, it } from "vitest";
import { pay, paymentsSuite, WEBHOOK_URL } from "./payments-fixture";

const s = paymentsSuite({ enabled: false });
const { api, ok } = s;

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
});
