// /groups/{id}/messages: reading (which marks my thread read), posting, editing and deleting.
import {
  ZGroupMessage,
  ZGroupMessageCreate,
  ZGroupMessageFilter,
  ZPatchBody,
  zDataBody,
  zDataEnvelope,
  zListEnvelope,
} from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { principalOf } from "../../platform/http/access";
import { envelope, listEnvelope } from "../../platform/http/envelope";
import { badRequest } from "../../platform/http/errors";
import { applyJsonPatch } from "../../platform/http/json-patch";
import { toWindow, ZPagedQuery } from "../../platform/http/paging";
import { addListRoutes, routesOf } from "../../platform/http/route-def";
import {
  ZChildParams,
  ZDeletedReply,
  ZIdParams,
  zOptionalFilterBody,
} from "../../platform/http/schemas";
import { presentMessage } from "./presenter";
import { grantOf, groupPolicy, tags } from "./route-kit";
import * as groups from "./service";

export function messageRoutes(app: FastifyInstance, ctx: groups.TGroupsContext) {
  const add = routesOf(app, tags);
  const can = groupPolicy(ctx);
  const messages = "/groups/:id/messages";

  addListRoutes(app, tags, {
    url: messages,
    summary: "Messages, newest first (reading marks my thread read)",
    filteredSummary: "Messages by text, or older than `before` to page back through history",
    access: can("group.read"),
    params: ZIdParams,
    query: ZPagedQuery,
    body: zOptionalFilterBody(ZGroupMessageFilter),
    response: zListEnvelope(ZGroupMessage),
    handler: async (request) => {
      const page = await groups.readMessages(
        ctx,
        grantOf(request),
        toWindow(request.query),
        request.body?.data ?? {},
      );
      return listEnvelope(page.rows.map(presentMessage), page.count);
    },
  });
  add({
    method: "POST",
    url: messages,
    summary: "Post a message; the other members hear of it at once",
    access: can("messages.write"),
    params: ZIdParams,
    body: zDataBody(ZGroupMessageCreate),
    status: 201,
    response: zDataEnvelope(ZGroupMessage),
    handler: async (request) => {
      const { body } = request.body.data;
      const message = await groups.postMessage(ctx, grantOf(request), principalOf(request), body);
      return envelope(presentMessage(message));
    },
  });
  add({
    method: "GET",
    url: `${messages}/:childId`,
    summary: "One message",
    access: can("group.read"),
    params: ZChildParams,
    response: zDataEnvelope(ZGroupMessage),
    handler: async (request) =>
      envelope(
        presentMessage(
          await groups.findMessage(ctx, grantOf(request).group.id, request.params.childId),
        ),
      ),
  });
  add({
    method: "PATCH",
    url: `${messages}/:childId`,
    summary: "Edit my message (JSON Patch of body)",
    access: can("messages.write"),
    params: ZChildParams,
    body: ZPatchBody,
    response: zDataEnvelope(ZGroupMessage),
    handler: async (request) => {
      const { childId } = request.params;
      const g = grantOf(request);
      const current = await groups.findMessage(ctx, g.group.id, childId);
      const next = ZGroupMessageCreate.strict().safeParse(
        applyJsonPatch({ body: current.body }, request.body),
      );
      if (!next.success) {
        throw badRequest("VALIDATION_FAILED", "A message has 1 to 5,000 characters.");
      }
      const edited = await groups.editMessage(
        ctx,
        g,
        principalOf(request),
        childId,
        next.data.body,
      );
      return envelope(presentMessage(edited));
    },
  });
  add({
    method: "DELETE",
    url: `${messages}/:childId`,
    summary: "Delete a message (its author or the group's admins)",
    access: can("group.read"),
    params: ZChildParams,
    response: ZDeletedReply,
    handler: async (request) => {
      const { childId } = request.params;
      await groups.deleteMessage(ctx, grantOf(request), principalOf(request), childId);
      return envelope({ id: childId, deleted: true as const });
    },
  });
}
