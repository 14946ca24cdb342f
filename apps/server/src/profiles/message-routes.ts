// "Message" on a listing's page: the caller's conversation with the listing's team.
import { zDataEnvelope } from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { envelope } from "../platform/http/envelope";
import { ZIdParams } from "../platform/http/schemas";
import type { TKindDescriptor } from "./descriptor";
import { grantOf, profileRouteKit } from "./route-kit";
import * as profiles from "./service";

export function registerMessage(
  app: FastifyInstance,
  d: TKindDescriptor,
  ctx: profiles.TProfilesContext,
) {
  const { add, can, principalOf } = profileRouteKit(app, d, ctx);
  add({
    method: "POST",
    url: `/${d.path}/:id/message`,
    summary: `Open (or reopen) my conversation with the ${d.label}'s team; data is its group id`,
    description: `One conversation per caller and ${d.label}, with its owners and managers (those who show themselves) as they were when it was opened. Its own people get 400 SELF_MESSAGE; a ${d.label} with nobody to answer, 409 CONFLICT.`,
    access: can("profile.read", true),
    params: ZIdParams,
    body: z.unknown().optional(),
    response: zDataEnvelope(z.uuid()),
    handler: async (request) =>
      envelope(await profiles.messageListing(ctx, grantOf(request), principalOf(request))),
  });
}
