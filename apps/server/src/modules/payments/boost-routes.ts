// The routes of boosts bought beyond a tier's quota (`/payment-mgmt/api`): the admin's price of a
// boost day, and a listing's purchase of a boost's extra days (its managers, or admins; any kind of
// listing, tiered or not). Registered from index.ts.
import {
  ZBoostCheckoutInput,
  ZBoostDayPrice,
  ZBoostDayPriceInput,
  ZCheckoutStart,
  zDataBody,
  zDataEnvelope,
} from "@hostfield/domain/contracts";
import { PROFILE_KINDS } from "@hostfield/domain/reference";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { access, principalOf } from "../../platform/http/access";
import { envelope } from "../../platform/http/envelope";
import { routesOf, type TRequestWithParams } from "../../platform/http/route-def";
import { boostDayPrice, setBoostDayPrice, startBoostCheckout } from "./boosts";
import type { TPaymentsContext } from "./context";
import { requireListingManager } from "./policy";

const TAGS = ["payments"];
const ZAnyListingParams = z.object({ kind: z.enum(PROFILE_KINDS), id: z.uuid() });
type TOnListing = TRequestWithParams<z.infer<typeof ZAnyListingParams>>;
const REFUSAL = "Only the listing's managers may buy its boosts.";

export async function boostRoutes(app: FastifyInstance, options: { ctx: TPaymentsContext }) {
  const { ctx } = options;
  const add = routesOf(app, TAGS);
  const listingOf = (request: TOnListing) =>
    requireListingManager(ctx, request.params.kind, request.params.id, request.principal, REFUSAL);
  const managers = access.policy<TOnListing>(
    "a manager of the listing (someone who may edit it), or an admin",
    async (request) => {
      await listingOf(request);
    },
  );

  add({
    method: "GET",
    url: "/payments/admin/boost-price",
    summary: "The price of a boost day bought beyond a tier's quota (not in the catalogue)",
    access: access.admin,
    response: zDataEnvelope(ZBoostDayPrice),
    handler: async () => envelope(await boostDayPrice(ctx)),
  });

  add({
    method: "PUT",
    url: "/payments/admin/boost-price",
    summary:
      "Set the price of a boost day (dollars; null takes boost days off sale). 409 PAYMENTS_NOT_CONFIGURED without payments (not in the catalogue)",
    access: access.admin,
    body: zDataBody(ZBoostDayPriceInput),
    response: zDataEnvelope(ZBoostDayPrice),
    handler: async (request) =>
      envelope(await setBoostDayPrice(ctx, request.body.data, principalOf(request).userId)),
  });

  add({
    method: "POST",
    url: "/payments/listings/:kind/:id/boosts/checkout",
    summary:
      "Buy a boost beyond the days the listing's tier includes: the boost waits for its payment, and the answer is the provider's hosted checkout of its extra days; the boost runs once the provider reports it paid. 409 BOOST_WITHIN_QUOTA, BOOST_PRICE_NOT_SET, PROFILE_NOT_APPROVED, PAYMENTS_NOT_CONFIGURED; 503 PAYMENTS_UNAVAILABLE with Retry-After (not in the catalogue)",
    access: managers,
    params: ZAnyListingParams,
    body: zDataBody(ZBoostCheckoutInput),
    response: zDataEnvelope(ZCheckoutStart),
    handler: async (request) =>
      envelope(
        await startBoostCheckout(
          ctx,
          request.params.kind,
          await listingOf(request),
          request.body.data,
          principalOf(request),
        ),
      ),
  });
}
