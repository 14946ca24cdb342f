// A destination's tour-guide settings (under /destination-mgmt/api): read by anyone who may see the
// destination (the settings only its managers use are theirs alone), configured, patched and reset
// by its managers and admins.
import {
  ZPatchBody,
  ZTourGuide,
  ZTourGuideInput,
  zDataBody,
  zDataEnvelope,
} from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { access, principalOf } from "../../platform/http/access";
import { envelope } from "../../platform/http/envelope";
import { routesOf, type TRequestWithParams } from "../../platform/http/route-def";
import { ZIdParams } from "../../platform/http/schemas";
import type { TAssistantContext } from "./context";
import { createGuide, effectiveGuide, patchGuide, presentGuide, resetGuide } from "./guides";
import { destinationAccess, requireDestinationManager } from "./policy";

const TAGS = ["tour guides"];
const ZGuideParams = ZIdParams.extend({ guideId: z.uuid() });
const ZGuideReply = zDataEnvelope(ZTourGuide);

type TOnDestination = TRequestWithParams<{ id: string }>;

export async function guideRoutes(app: FastifyInstance, options: { ctx: TAssistantContext }) {
  const { ctx } = options;
  const add = routesOf(app, TAGS);

  const managers = access.policy<TOnDestination>(
    "a manager of the destination (someone who may edit it), or an admin",
    async (request) => {
      await requireDestinationManager(ctx, request.params.id, request.principal);
    },
  );

  /** The guide as the caller sees it, after a change or as it is. */
  const current = async (destinationId: string, request: TOnDestination) => {
    const { destination, manages } = await destinationAccess(ctx, destinationId, request.principal);
    return presentGuide(ctx, destination, await effectiveGuide(ctx, destination), manages);
  };

  add({
    method: "GET",
    url: "/destinations/:id/tour-guide",
    summary: "The destination's tour guide (the default one until its managers configure it)",
    description:
      "`id` is null while the destination uses the default guide. `manage` (topics to stress and avoid, hand-off people) is given to the destination's managers and admins only.",
    access: access.policy<TOnDestination>("anyone who may see the destination", async (request) => {
      await destinationAccess(ctx, request.params.id, request.principal);
    }),
    params: ZIdParams,
    response: ZGuideReply,
    handler: async (request) => envelope(await current(request.params.id, request)),
  });

  add({
    method: "POST",
    url: "/destinations/:id/tour-guide",
    summary: "Configure the destination's tour guide",
    description: "409 ALREADY_EXISTS when it is configured already (change it with PATCH).",
    access: managers,
    params: ZIdParams,
    body: zDataBody(ZTourGuideInput),
    status: 201,
    response: ZGuideReply,
    handler: async (request) => {
      const { destination } = await destinationAccess(ctx, request.params.id, request.principal);
      await createGuide(ctx, destination, request.body.data, principalOf(request).userId);
      return envelope(await current(request.params.id, request));
    },
  });

  add({
    method: "PATCH",
    url: "/destinations/:id/tour-guide/:guideId",
    summary: "Change the destination's tour guide (a JSON Patch of its settings)",
    access: managers,
    params: ZGuideParams,
    body: ZPatchBody,
    response: ZGuideReply,
    handler: async (request) => {
      const { id, guideId } = request.params;
      await patchGuide(ctx, id, guideId, request.body, principalOf(request).userId);
      return envelope(await current(id, request));
    },
  });

  add({
    method: "DELETE",
    url: "/destinations/:id/tour-guide/:guideId",
    summary: "Reset the destination's tour guide to the default one",
    access: managers,
    params: ZGuideParams,
    response: ZGuideReply,
    handler: async (request) => {
      const { id, guideId } = request.params;
      await resetGuide(ctx, id, guideId);
      return envelope(await current(id, request));
    },
  });
}
