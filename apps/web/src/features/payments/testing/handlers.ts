// Test-only MSW handlers for the payment calls, answering from a payments world (testing/data.ts):
// the config, a listing's membership, the checkout (the world's URL), a change (an upgrade waits
// as `pending`, a downgrade or another interval applies at once), a cancellation at period end,
// the prices (a PUT keeps what it sets) and the ledger (filtered by kind and state, paged) with a
// replay that processes the entry. What the provider would refuse (503, 409) a test says with
// server.use and `paymentsError`. `paymentsOff` is what other features' pages meet by default.
import {
  SOLD_TIERS,
  type TListingMembership,
  type TSubscriptionChange,
  type TTieredKind,
  type TTierPricesInput,
  ZBoostDayPrice,
  ZCheckoutStart,
  ZLedgerEntry,
  ZListingMembership,
  ZPaymentsConfig,
  ZTierPrice,
} from "@hostfield/domain/contracts";
import { PROFILE_API } from "@hostfield/domain/reference";
import { HttpResponse, http, type JsonBodyType } from "msw";
import { z } from "zod";
import { dataOf, dataReply, listReply } from "../../../test/msw";
import { membershipKey, PAYMENTS_OFF, T0, type TPaymentsWorld } from "./data";

export const PAYMENTS = "/payment-mgmt/api/payments";
export const CONFIG_URL = `${PAYMENTS}/config`;
export const PRICES_URL = `${PAYMENTS}/admin/prices`;
export const LEDGER_URL = `${PAYMENTS}/admin/ledger`;
export const BOOST_PRICE_URL = `${PAYMENTS}/admin/boost-price`;
export const listingPaymentsUrl = (kind: TTieredKind, id: string, rest: string) =>
  `${PAYMENTS}/listings/${kind}/${id}${rest}`;
export const membershipUrl = (kind: TTieredKind, id: string) =>
  listingPaymentsUrl(kind, id, "/membership");
export const checkoutUrl = (kind: TTieredKind, id: string) =>
  listingPaymentsUrl(kind, id, "/checkout");
export const subscriptionUrl = (kind: TTieredKind, id: string) =>
  listingPaymentsUrl(kind, id, "/subscription");
export const replayUrl = (entryId: string) => `${PAYMENTS}/admin/webhooks/${entryId}/replay`;

/**
 * An error as the payment service answers it. Not checked against the domain's list of codes: the
 * payment codes (PAYMENTS_UNAVAILABLE…) may be newer than it.
 */
export function paymentsError(status: number, code: string, message: string) {
  return HttpResponse.json({ error: { code, message } } as JsonBodyType, { status });
}

const notFound = () => paymentsError(404, "NOT_FOUND", "The listing was not found.");

/**
 * The tier an upgrade waits for, or the change applied at once; either resumes a subscription set
 * to end (as the server does first).
 */
function changed(membership: TListingMembership, change: TSubscriptionChange): TListingMembership {
  const subscription = membership.subscription;
  if (!subscription) return membership;
  const current = { ...subscription, cancelAtPeriodEnd: false };
  const up = SOLD_TIERS.indexOf(change.tier) > SOLD_TIERS.indexOf(current.tier);
  return up
    ? { ...membership, subscription: { ...current, pending: change } }
    : {
        ...membership,
        tier: change.tier,
        subscription: { ...current, ...change, pending: null },
      };
}

export function paymentsHandlers(world: TPaymentsWorld) {
  const find = (params: Record<string, unknown>) =>
    world.memberships.get(membershipKey(params.kind as TTieredKind, String(params.id)));
  const keep = (membership: TListingMembership) => {
    world.memberships.set(
      membershipKey(membership.listing.kind, membership.listing.id),
      membership,
    );
    return dataReply(ZListingMembership, membership);
  };
  return [
    http.get(CONFIG_URL, () => dataReply(ZPaymentsConfig, world.config)),
    http.get(`${PAYMENTS}/listings/:kind/:id/membership`, ({ params }) => {
      const membership = find(params);
      return membership ? dataReply(ZListingMembership, membership) : notFound();
    }),
    http.post(`${PAYMENTS}/listings/:kind/:id/checkout`, ({ params }) =>
      find(params) ? dataReply(ZCheckoutStart, { url: world.checkoutUrl }) : notFound(),
    ),
    http.put(`${PAYMENTS}/listings/:kind/:id/subscription`, async ({ params, request }) => {
      const membership = find(params);
      if (!membership) return notFound();
      return keep(changed(membership, await dataOf<TSubscriptionChange>(request)));
    }),
    http.delete(`${PAYMENTS}/listings/:kind/:id/subscription`, ({ params }) => {
      const membership = find(params);
      if (!membership?.subscription) return notFound();
      return keep({
        ...membership,
        subscription: { ...membership.subscription, cancelAtPeriodEnd: true },
      });
    }),
    http.get(PRICES_URL, () => dataReply(z.array(ZTierPrice), world.prices)),
    http.put(PRICES_URL, async ({ request }) => {
      const { prices } = await dataOf<TTierPricesInput>(request);
      const others = world.prices.filter(
        (p) => !prices.some((q) => q.tier === p.tier && q.interval === p.interval),
      );
      world.prices = [
        ...others,
        ...prices.map((p) => ({ ...p, currency: "usd" as const, updatedDate: T0 })),
      ];
      return dataReply(z.array(ZTierPrice), world.prices);
    }),
    // The price of a boost day (a PUT keeps what it sets; null takes it off sale).
    http.get(BOOST_PRICE_URL, () => dataReply(ZBoostDayPrice, world.boostDayPrice)),
    http.put(BOOST_PRICE_URL, async ({ request }) => {
      const { amount } = await dataOf<{ amount: number | null }>(request);
      world.boostDayPrice = { amount, currency: "usd", updatedDate: amount === null ? null : T0 };
      return dataReply(ZBoostDayPrice, world.boostDayPrice);
    }),
    http.get(LEDGER_URL, ({ request }) => {
      const query = new URL(request.url).searchParams;
      const kind = query.get("kind");
      const state = query.get("state");
      const offset = Number(query.get("offset") ?? 0);
      const take = Number(query.get("take") ?? 20);
      const matching = world.ledger.filter(
        (e) => (!kind || e.kind === kind) && (!state || e.state === state),
      );
      return listReply(ZLedgerEntry, matching.slice(offset, offset + take), matching.length);
    }),
    http.post(`${PAYMENTS}/admin/webhooks/:entryId/replay`, ({ params }) => {
      const at = world.ledger.findIndex((e) => e.id === params.entryId);
      const entry = world.ledger[at];
      if (!entry) return paymentsError(404, "NOT_FOUND", "The entry was not found.");
      if (entry.state !== "failed" && entry.state !== "flagged") {
        return paymentsError(409, "CONFLICT", "Only a failed or flagged webhook can be replayed.");
      }
      const replayed = {
        ...entry,
        state: "processed" as const,
        problem: null,
        attempts: entry.attempts + 1,
        processedDate: T0,
      };
      world.ledger[at] = replayed;
      return dataReply(ZLedgerEntry, replayed);
    }),
    ...(["destination", "facility", "business"] as const).map((kind) => {
      const { service, path } = PROFILE_API[kind];
      // Only the kinds the world names: others are left to the feature the page belongs to.
      return http.get(`/${service}/api/${path}/my`, () =>
        !world.mine[kind]
          ? undefined
          : listReply(
              z.object({
                id: z.string(),
                name: z.string(),
                tier: z.string().nullable(),
                isActive: z.boolean(),
              }),
              world.mine[kind] ?? [],
            ),
      );
    }),
  ];
}

/**
 * Payments off, as a server without payment settings answers: the config says so, and a listing's
 * membership has no plans (its tier, from `tierOf` when given, set by admins).
 */
export function paymentsOff(
  tierOf: (kind: TTieredKind, id: string) => TListingMembership["tier"] | undefined = () =>
    undefined,
) {
  return [
    http.get(CONFIG_URL, () => dataReply(ZPaymentsConfig, PAYMENTS_OFF)),
    http.get(`${PAYMENTS}/listings/:kind/:id/membership`, ({ params }) => {
      const kind = params.kind as TTieredKind;
      const id = String(params.id);
      const tier = tierOf(kind, id) ?? null;
      return dataReply(ZListingMembership, {
        listing: { id, kind, name: "The listing" },
        tier,
        source: tier ? "admin" : null,
        subscription: null,
        plans: [],
        paymentsEnabled: false,
      });
    }),
  ];
}
