// The hotel's own calls: look-up by its partner-system id, and onboarding from a place or partner id.
import {
  ZHotelDetail,
  zDataBody,
  zDataEnvelope,
  zProfile,
  zProfileCreate,
} from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { access } from "../../platform/http/access";
import { envelope } from "../../platform/http/envelope";
import {
  createProfile,
  findProfileIdByDetail,
  findProfileIdByPlaceId,
  loadListedProfile,
  loadProfile,
  presentProfile,
  profileRouteKit,
  type TKindRoutesOptions,
} from "../../profiles";

export async function hotelRoutes(
  app: FastifyInstance,
  { descriptor: d, ctx }: TKindRoutesOptions,
) {
  const { add, principalOf } = profileRouteKit(app, d, ctx);
  const ZOne = zDataEnvelope(zProfile(d.detail.schema));
  add({
    method: "GET",
    url: "/hotels/hp/:id",
    summary: "The listed hotel with this partner-system id",
    access: access.public,
    params: z.object({ id: z.string().min(1).max(100) }),
    response: ZOne,
    handler: async (request) => {
      const found = await findProfileIdByDetail(ctx, d, "partnerId", request.params.id);
      const loaded = await loadListedProfile(ctx, d, found);
      return envelope(presentProfile(d, loaded));
    },
  });
  add({
    method: "GET",
    url: "/hotels/:id/profile",
    summary: "A listed hotel's public profile",
    access: access.public,
    params: z.object({ id: z.uuid() }),
    response: ZOne,
    handler: async (request) => {
      const loaded = await loadListedProfile(ctx, d, request.params.id);
      return envelope(presentProfile(d, loaded));
    },
  });
  add({
    method: "POST",
    url: "/hotels/onboarding",
    summary:
      "Claim a hotel: returns the hotel already listed with that partner or place id (200), or creates it pending with me as owner (201)",
    access: access.signedIn,
    body: zDataBody(zProfileCreate(ZHotelDetail)),
    response: ZOne,
    status: 200,
    handler: async (request, reply) => {
      const data = request.body.data;
      const existing =
        (typeof data.partnerId === "string"
          ? await findProfileIdByDetail(ctx, d, "partnerId", data.partnerId)
          : null) ??
        (typeof data.placeId === "string"
          ? await findProfileIdByPlaceId(ctx, d, data.placeId)
          : null);
      if (existing) return envelope(presentProfile(d, await loadProfile(ctx, d, existing)));
      const created = await createProfile(ctx, d, principalOf(request), data);
      reply.status(201);
      return envelope(presentProfile(d, created));
    },
  });
}
