// The hotel's own calls: look-up by its partner-system id, and onboarding from a place or partner id.
import { zDataBody, zDataEnvelope, zProfile, zProfileCreate } from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { hotelDetails } from "../../platform/db/schema/profiles";
import { access } from "../../platform/http/access";
import { envelope } from "../../platform/http/envelope";
import { presentProfile } from "../../profiles/presenter";
import * as repo from "../../profiles/repository";
import { profileRouteKit } from "../../profiles/routes";
import * as profiles from "../../profiles/service";
import { hotelDescriptor as d } from "./descriptor";

export async function hotelRoutes(
  app: FastifyInstance,
  options: { ctx: profiles.TProfilesContext },
) {
  const { ctx } = options;
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
      const { id } = request.params as { id: string };
      const found = await repo.findProfileByDetail(
        ctx.db,
        d.detail.table,
        hotelDetails.partnerId,
        id,
      );
      const loaded = await profiles.loadListedProfile(ctx, d, found);
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
      const id = (request.params as { id: string }).id;
      const loaded = await profiles.loadListedProfile(ctx, d, id);
      return envelope(presentProfile(d, loaded));
    },
  });
  add({
    method: "POST",
    url: "/hotels/onboarding",
    summary:
      "Claim a hotel: returns the hotel already listed with that partner or place id (200), or creates it pending with me as owner (201)",
    access: access.signedIn,
    body: zDataBody(zProfileCreate(d.detail.schema)),
    response: ZOne,
    status: 200,
    handler: async (request, reply) => {
      const data = (request.body as { data: Record<string, unknown> & { name: string } }).data;
      const existing =
        (typeof data.partnerId === "string"
          ? await repo.findProfileByDetail(
              ctx.db,
              d.detail.table,
              hotelDetails.partnerId,
              data.partnerId,
            )
          : null) ??
        (typeof data.placeId === "string"
          ? await repo.findProfileByPlaceId(ctx.db, d.kind, data.placeId)
          : null);
      if (existing)
        return envelope(presentProfile(d, await profiles.loadProfile(ctx, d, existing)));
      const created = await profiles.createProfile(ctx, d, principalOf(request), data);
      reply.status(201);
      return envelope(presentProfile(d, created));
    },
  });
}
