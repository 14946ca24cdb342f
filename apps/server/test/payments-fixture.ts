// The payments suites' world: an app whose payments go to the fake Stripe (started first, on the
// suite's clock), a Bronze destination near Indianapolis with a qualifying facility listed under it,
// a second destination of another manager, and the calls the suites make (payment calls, signed
// webhooks delivered to the app and processed, the ledger).
import { afterAll, beforeAll, expect } from "vitest";
import { startFakeStripe, type TFakeEvent, type TFakeStripe } from "./fakes/stripe";
import {
  addMember,
  createListed,
  indoorCourts,
  listUnder,
  rfpSuite,
  type TApi,
} from "./rfps-fixture";

export const PAYMENT_PEOPLE = [
  "admin",
  "owner",
  "member",
  "other",
  "stranger",
  "organizer",
] as const;
export type TPayer = (typeof PAYMENT_PEOPLE)[number] | "anonymous";

export const WEBHOOK_URL = "/payment-mgmt/api/payments/webhooks/stripe";
export const PUBLISHABLE_KEY = "pk_test_fake";

export type TPaymentWorld = { indy: string; carmel: string; courts: string };

export const pay = (
  api: TApi,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  route: string,
  who: TPayer,
  payload?: unknown,
) => api.call("payment-mgmt", method, route, who, payload);

/** The suite's app with payments on (unless `enabled` is false), the fake and the world. */
export function paymentsSuite(options: { enabled?: boolean } = {}) {
  const enabled = options.enabled ?? true;
  let stripe: TFakeStripe | undefined;
  let world: TPaymentWorld | undefined;
  const logs: string[] = [];
  beforeAll(async () => {
    if (enabled) stripe = await startFakeStripe({ now: () => suite.clock.now() });
  });
  afterAll(() => stripe?.close());
  const suite = rfpSuite(
    PAYMENT_PEOPLE,
    async (api) => {
      const indy = await createListed(api, "destination", "owner", {
        name: "Visit Indy",
        at: "indianapolis",
        tier: "Bronze",
      });
      const courts = await createListed(api, "facility", "admin", {
        name: "Indy Fieldhouse",
        at: "indianapolis",
        tier: "Silver",
        sports: ["Basketball"],
        spaces: [indoorCourts(4)],
      });
      await listUnder(api, courts, indy);
      await addMember(api, "destination", indy, "member", "member");
      const carmel = await createListed(api, "destination", "other", {
        name: "Visit Carmel",
        at: "carmel",
        tier: "Bronze",
      });
      world = { indy, carmel, courts };
    },
    {
      env: (): Record<string, string> =>
        enabled
          ? {
              STRIPE_SECRET_KEY: stripe!.secretKey,
              STRIPE_WEBHOOK_SECRET: stripe!.webhookSecret,
              STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
              STRIPE_API_URL: stripe!.url,
              LOG_LEVEL: "warn",
            }
          : {},
      logStream: { write: (line) => void logs.push(line) },
    },
  );
  const { api, app } = suite;

  /** Every queued webhook processed and every domain event delivered. */
  async function settle() {
    await app().jobs.idle(["payments.webhook"]);
    await app().events.settled();
  }

  /** Posts signed events to the app's webhook, in order; their statuses, once processed. */
  async function deliver(
    events: readonly TFakeEvent[],
    sign: { timestamp?: number; secret?: string } = {},
  ): Promise<number[]> {
    const statuses: number[] = [];
    for (const event of events) {
      const { payload, headers } = stripe!.signed(event, sign);
      const res = await app().inject({ method: "POST", url: WEBHOOK_URL, headers, payload });
      statuses.push(res.statusCode);
    }
    await settle();
    return statuses;
  }

  const membership = (kind: string, id: string, who: TPayer = "owner") =>
    api.ok(pay(api, "GET", `/payments/listings/${kind}/${id}/membership`, who));

  /** The whole ledger (admin), newest first. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read replies loosely.
  const ledger = async (query = ""): Promise<any[]> =>
    api.ok(pay(api, "GET", `/payments/admin/ledger?take=100${query}`, "admin"));

  /** Runs the hourly job that drops tiers whose grace or period ended. */
  async function runLapse() {
    await app().jobs.send("payments.lapse-tiers", {});
    await app().jobs.idle(["payments.lapse-tiers"]);
    await app().events.settled();
  }

  /** The admin sets the prices the suites sell. */
  async function setPrices(prices: { tier: string; interval: string; amount: number }[]) {
    return api.ok(pay(api, "PUT", "/payments/admin/prices", "admin", { data: { prices } }));
  }

  /** A manager's checkout of a plan: the session at the fake. */
  async function checkout(kind: string, id: string, who: TPayer, tier: string, interval = "month") {
    const started = await api.ok<{ url: string }>(
      pay(api, "POST", `/payments/listings/${kind}/${id}/checkout`, who, {
        data: { tier, interval, returnPath: `/destinations/${id}/membership` },
      }),
    );
    const sessionId = started.url.split("/pay/")[1]!;
    expect(stripe!.sessions.has(sessionId)).toBe(true);
    return { url: started.url, sessionId };
  }

  return {
    ...suite,
    stripe: () => stripe!,
    world: () => world!,
    logs,
    settle,
    deliver,
    membership,
    ledger,
    runLapse,
    setPrices,
    checkout,
  };
}
