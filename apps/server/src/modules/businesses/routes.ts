// The business's own calls beside the shared ones: its promotions (a child collection with a
// default) and the search for promotions near a place or an event on given dates.
import {
  ZPromotion,
  ZPromotionHit,
  ZPromotionSearch,
  zDataBody,
  zDataEnvelope,
  zListEnvelope,
} from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { access } from "../../platform/http/access";
import { envelope, listEnvelope } from "../../platform/http/envelope";
import { ZIdParams } from "../../platform/http/schemas";
import {
  grantOf,
  profileRouteKit,
  registerSimpleChild,
  type TKindDescriptor,
  type TProfilesContext,
  today,
} from "../../profiles";
import { promotionsChild } from "./children";
import { presentPromotion } from "./presenter";
import * as businesses from "./service";

export async function businessRoutes(
  app: FastifyInstance,
  options: { descriptor: TKindDescriptor; ctx: TProfilesContext },
) {
  const { descriptor: d, ctx } = options;
  const { add, can } = profileRouteKit(app, d, ctx);

  add({
    method: "GET",
    url: "/businesses/:id/promotions/default",
    summary:
      "The business's default promotion, the one its card shows (null when it has none, or it has expired)",
    access: can("profile.read"),
    params: ZIdParams,
    response: zDataEnvelope(ZPromotion.nullable()),
    handler: async (request) => {
      const row = await businesses.defaultPromotion(ctx, grantOf(request).profile.id);
      return envelope(row ? presentPromotion(row, today()) : null);
    },
  });
  registerSimpleChild(app, d, ctx, promotionsChild);

  add({
    method: "POST",
    url: "/businesses/promotions/search",
    summary:
      "Promotions valid on some day of the dates (an event's own by default), at listed businesses within the radius (miles) of a place or an event's venue, in the categories given; nearest first. Expired ones never show",
    access: access.public,
    body: zDataBody(ZPromotionSearch),
    response: zListEnvelope(ZPromotionHit),
    handler: async (request) => {
      const page = await businesses.searchPromotions(ctx, request.body.data, request.principal);
      return listEnvelope(page.rows, page.count);
    },
  });
}
