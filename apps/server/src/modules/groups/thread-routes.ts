// /users/{id}/message and /users/{id}/threads: opening a direct conversation, and each user's
// threads (one per group or conversation) with their read and archived marks.
import {
  ZThread,
  ZThreadFilter,
  zDataBody,
  zDataEnvelope,
  zListEnvelope,
} from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { access, principalOf } from "../../platform/http/access";
import { envelope, listEnvelope } from "../../platform/http/envelope";
import { notFound } from "../../platform/http/errors";
import { toWindow, ZPagedQuery } from "../../platform/http/paging";
import { addListRoutes, routesOf } from "../../platform/http/route-def";
import {
  ZDeletedReply,
  ZIdParams,
  zFlagQuery,
  zIdAndParams,
  zOptionalFilterBody,
} from "../../platform/http/schemas";
import { selfOrAdmin } from "../users";
import { presentThread } from "./presenter";
import { tags } from "./route-kit";
import * as groups from "./service";

const ZThreadParams = zIdAndParams("threadId");
const ZChanged = zDataEnvelope(z.array(z.uuid()));

export function threadRoutes(app: FastifyInstance, ctx: groups.TGroupsContext) {
  const add = routesOf(app, tags);
  add({
    method: "POST",
    url: "/users/:id/message",
    summary: "Open (or reuse) my direct conversation with this user; data is its group id",
    access: access.signedIn,
    params: ZIdParams,
    body: z.unknown().optional(),
    response: zDataEnvelope(z.uuid()),
    handler: async (request) => {
      const group = await groups.openDirect(ctx, principalOf(request), request.params.id);
      return envelope(group.id);
    },
  });

  const threads = "/users/:id/threads";
  addListRoutes(app, tags, {
    url: threads,
    summary: "My conversations, latest first, with unread state",
    filteredSummary: "My conversations by read, archived or name",
    access: selfOrAdmin,
    params: ZIdParams,
    query: ZPagedQuery,
    body: zOptionalFilterBody(ZThreadFilter),
    response: zListEnvelope(ZThread),
    handler: async (request) => {
      const page = await groups.listThreads(
        ctx,
        request.params.id,
        request.body?.data ?? {},
        toWindow(request.query),
      );
      return listEnvelope(page.rows.map(presentThread), page.count);
    },
  });
  for (const [segment, flag] of [
    ["opened", "isOpened"],
    ["archived", "isArchived"],
  ] as const) {
    add({
      method: "PUT",
      url: `${threads}/bulk/${segment}`,
      summary: `Mark several of my conversations ${segment} or not (body: their ids); data: those changed`,
      access: selfOrAdmin,
      params: ZIdParams,
      query: zFlagQuery(flag),
      body: zDataBody(z.array(z.uuid()).max(500)),
      response: ZChanged,
      handler: async (request) =>
        envelope(
          await groups.setThreadFlag(
            ctx,
            request.params.id,
            request.body.data,
            flag,
            request.query[flag],
          ),
        ),
    });
    add({
      method: "PUT",
      url: `${threads}/:threadId/${segment}`,
      summary: `Mark one of my conversations ${segment} or not`,
      access: selfOrAdmin,
      params: ZThreadParams,
      query: zFlagQuery(flag),
      response: ZChanged,
      handler: async (request) => {
        const { id, threadId } = request.params;
        const changed = await groups.setThreadFlag(ctx, id, [threadId], flag, request.query[flag]);
        if (changed.length === 0) throw notFound("The thread");
        return envelope(changed);
      },
    });
  }
  add({
    method: "DELETE",
    url: `${threads}/:threadId`,
    summary: "Delete a conversation for me only (it returns with the next message)",
    access: selfOrAdmin,
    params: ZThreadParams,
    response: ZDeletedReply,
    handler: async (request) => {
      const { id, threadId } = request.params;
      await groups.deleteThread(ctx, id, threadId);
      return envelope({ id: threadId, deleted: true as const });
    },
  });
}
