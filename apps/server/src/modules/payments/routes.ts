// The payment service's routes (`/payment-mgmt/api`): whether payments are on (anyone), the admin's
// prices, ledger and webhook replay, a listing's membership and its purchase, change and cancel (its
// managers), and the provider's webhook (its signature is the access; it reads the raw body, so it
// is registered in a scope of its own that parses any body as bytes).
import {
  TIERED_KINDS,
  ZCheckoutStart,
  ZLedgerEntry,
  ZLedgerQuery,
  ZListingMembership,
  ZPaymentsConfig,
  ZSubscriptionChange,
  ZTierCheckoutInput,
  ZTierPrice,
  ZTierPricesInput,
  zDataBody,
  zDataEnvelope,
  zListEnvelope,
} from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { access, principalOf } from "../../platform/http/access";
import { envelope, listEnvelope } from "../../platform/http/envelope";
import { routesOf, type TRequestWithParams } from "../../platform/http/route-def";
import type { TPaymentsContext } from "./context";
import { requireListingManager } from "./policy";
import { listPrices, setPrices } from "./prices";
import { cancelPlan, changePlan, membershipOf, startCheckout } from "./tiers";
import { ledgerPage, receiveWebhook, replayWebhook } from "./webhooks";

const TAGS = ["payments"];
const ZListingParams = z.object({ kind: z.enum(TIERED_KINDS), id: z.uuid() });
type TOnListing = TRequestWithParams<z.infer<typeof ZListingParams>>;
const ZMembershipReply = zDataEnvelope(ZListingMembership);
/** Webhook bodies up to this size (the provider's events are a few KB). */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

export async function paymentRoutes(app: FastifyInstance, options: { ctx: TPaymentsContext }) {
  const { ctx } = options;
  const add = routesOf(app, TAGS);
  const managers = access.policy<TOnListing>(
    "a manager of the listing (someone who may edit it), or an admin",
    async (request) => {
      await requireListingManager(ctx, request.params.kind, request.params.id, request.principal);
    },
  );
  const listingOf = (request: TOnListing) =>
    requireListingManager(ctx, request.params.kind, request.params.id, request.principal);
  const membership = async (request: TOnListing) =>
    envelope(await membershipOf(ctx, request.params.kind, await listingOf(request)));

  add({
    method: "GET",
    url: "/payments/config",
    summary: "Whether payments are on, and the provider's publishable key (not in the catalogue)",
    access: access.public,
    response: zDataEnvelope(ZPaymentsConfig),
    handler: async () =>
      envelope({
        enabled: ctx.provider !== null,
        publishableKey: ctx.provider ? ctx.publishableKey : null,
      }),
  });

  add({
    method: "GET",
    url: "/payments/admin/prices",
    summary: "The tiers' prices, monthly and yearly (not in the catalogue)",
    access: access.admin,
    response: zDataEnvelope(z.array(ZTierPrice)),
    handler: async () => envelope(await listPrices(ctx)),
  });

  add({
    method: "PUT",
    url: "/payments/admin/prices",
    summary:
      "Set tiers' prices: a new or changed amount makes a new provider price; subscriptions keep theirs until they change. 409 PAYMENTS_NOT_CONFIGURED without payments (not in the catalogue)",
    access: access.admin,
    body: zDataBody(ZTierPricesInput),
    response: zDataEnvelope(z.array(ZTierPrice)),
    handler: async (request) =>
      envelope(await setPrices(ctx, request.body.data, principalOf(request).userId)),
  });

  add({
    method: "GET",
    url: "/payments/admin/ledger",
    summary:
      "The ledger, newest first: every charge, refund, payout, subscription and webhook with its state (not in the catalogue)",
    access: access.admin,
    query: ZLedgerQuery.extend({ "api-version": z.string().optional() }),
    response: zListEnvelope(ZLedgerEntry),
    handler: async (request) => {
      const page = await ledgerPage(ctx, request.query);
      return listEnvelope(page.rows, page.count);
    },
  });

  add({
    method: "POST",
    url: "/payments/admin/webhooks/:entryId/replay",
    summary:
      "Process a failed or flagged webhook again (409 WEBHOOK_NOT_REPLAYABLE for any other entry) (not in the catalogue)",
    access: access.admin,
    params: z.object({ entryId: z.uuid() }),
    response: zDataEnvelope(ZLedgerEntry),
    handler: async (request) => envelope(await replayWebhook(ctx, request.params.entryId)),
  });

  add({
    method: "GET",
    url: "/payments/listings/:kind/:id/membership",
    summary:
      "The listing's tier, where it comes from (an admin, a subscription), its subscription and the plans on sale (not in the catalogue)",
    access: managers,
    params: ZListingParams,
    response: ZMembershipReply,
    handler: membership,
  });

  add({
    method: "POST",
    url: "/payments/listings/:kind/:id/checkout",
    summary:
      "Buy a tier: the provider's hosted checkout to send the browser to; the tier is given once the provider reports it paid. 409 SUBSCRIPTION_EXISTS, TIER_PRICE_NOT_SET, PAYMENTS_NOT_CONFIGURED; 503 PAYMENTS_UNAVAILABLE with Retry-After (not in the catalogue)",
    access: managers,
    params: ZListingParams,
    body: zDataBody(ZTierCheckoutInput),
    response: zDataEnvelope(ZCheckoutStart),
    handler: async (request) =>
      envelope(
        await startCheckout(ctx, request.params.kind, await listingOf(request), request.body.data),
      ),
  });

  add({
    method: "PUT",
    url: "/payments/listings/:kind/:id/subscription",
    summary:
      "Change the subscription's tier or interval (charged now, prorated; `pending` until paid), or resume one set to end; the membership after. 409 NO_SUBSCRIPTION (not in the catalogue)",
    access: managers,
    params: ZListingParams,
    body: zDataBody(ZSubscriptionChange),
    response: ZMembershipReply,
    handler: async (request) => {
      await changePlan(ctx, await listingOf(request), request.body.data);
      return membership(request);
    },
  });

  add({
    method: "DELETE",
    url: "/payments/listings/:kind/:id/subscription",
    summary:
      "Cancel the subscription at the period's end (the tier stays until then); the membership after. 409 NO_SUBSCRIPTION (not in the catalogue)",
    access: managers,
    params: ZListingParams,
    response: ZMembershipReply,
    handler: async (request) => {
      await cancelPlan(ctx, await listingOf(request));
      return membership(request);
    },
  });

  // The provider's webhook: the raw bytes are what its signature is over.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      "*",
      { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    routesOf(
      scope,
      TAGS,
    )({
      method: "POST",
      url: "/payments/webhooks/stripe",
      summary:
        "The payment provider's webhook: verified by its Stripe-Signature (400 WEBHOOK_SIGNATURE_INVALID when wrong or older than 5 minutes), kept once per event id and processed once, in any order (not in the catalogue)",
      description:
        "The provider sends no api-version and no bearer token: the signature over the raw body is the access.",
      access: access.public,
      config: { apiVersioned: false },
      response: z.object({ received: z.literal(true) }),
      handler: async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers["stripe-signature"];
        await receiveWebhook(ctx, body, Array.isArray(signature) ? signature[0] : signature);
        return { received: true as const };
      },
    });
  });
}
