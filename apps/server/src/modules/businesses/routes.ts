// The business's own calls beside the shared ones: its promotions (a child collection with a
// default, and the upload of their images) and the search for promotions near a place or an event
// on given dates.
import {
  ZProfilePartner,
  ZPromotion,
  ZPromotionHit,
  ZPromotionImage,
  ZPromotionSearch,
  zDataBody,
  zDataEnvelope,
  zListEnvelope,
} from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import { newFileKey, readUpload } from "../../platform/files/upload";
import { access, principalOf } from "../../platform/http/access";
import { envelope, listEnvelope } from "../../platform/http/envelope";
import { ZIdParams } from "../../platform/http/schemas";
import {
  findPartnerLink,
  grantOf,
  isPublicProfile,
  mediaRef,
  partnersChild,
  profileRouteKit,
  registerSimpleChild,
  setPartnerPicture,
  type TKindDescriptor,
  type TProfilesContext,
  today,
} from "../../profiles";
import { promotionImageFolder, promotionsChild } from "./children";
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
    url: "/businesses/:id/promotions/images",
    summary:
      "Upload an image for the business's promotions (multipart field 'file'; PNG, JPEG, WebP, GIF or AVIF): its address, for a promotion's `image` (the only images a promotion takes)",
    access: can(promotionsChild.write),
    params: ZIdParams,
    status: 201,
    response: zDataEnvelope(ZPromotionImage),
    handler: async (request) => {
      const { profile } = grantOf(request);
      const upload = await readUpload(request, "image");
      const key = newFileKey(promotionImageFolder(profile.id), upload.extension);
      await ctx.files.put(key, upload.body);
      return envelope({ url: mediaRef(key, !isPublicProfile(profile))! });
    },
  });

  // The partner link's id in the path (no business id): the business that made the link decides.
  add({
    method: "POST",
    url: "/businesses/partners/:id/images",
    summary:
      "Upload the business's picture of a partnership (multipart field 'file'; PNG, JPEG, WebP, GIF or AVIF); it replaces the previous one whole and shows instead of the partner's logo",
    access: can("partners.write", true, {
      what: "business that made the partner link",
      listingId: async (request) => (await findPartnerLink(ctx, d, request.params.id)).profileId,
    }),
    params: ZIdParams,
    status: 201,
    response: zDataEnvelope(ZProfilePartner),
    handler: async (request) => {
      const link = await findPartnerLink(ctx, d, request.params.id);
      const upload = await readUpload(request, "image");
      const row = await setPartnerPicture(ctx, d, link, upload, principalOf(request));
      const [shown] = await partnersChild.present(ctx, [row], grantOf(request).profile);
      return envelope(shown as z.infer<typeof ZProfilePartner>);
    },
  });

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
