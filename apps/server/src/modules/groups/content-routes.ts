// What members share in a group: /groups/{id}/messages (reading marks my thread read; posting,
// editing, deleting) and /groups/{id}/images and /documents (the same calls for both).

import {
  ZGroupFile,
  ZGroupMessage,
  ZGroupMessageCreate,
  ZGroupMessageFilter,
  ZPatchBody,
  zDataBody,
  zDataEnvelope,
  zListEnvelope,
} from "@hostfield/domain/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { readUpload } from "../../platform/files/upload";
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
import { presentFile, presentMessage } from "./presenter";
import * as repo from "./repository/files";
import { grantOf, groupPolicy, linkerOf, tags, ZAbilities, ZTextFilter } from "./route-kit";
import * as groups from "./service";

export function messageRoutes(app: FastifyInstance, ctx: groups.TGroupsContext) {
  const add = routesOf(app, tags);
  const linker = linkerOf(ctx);
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
      return listEnvelope(
        page.rows.map((m) => presentMessage(m, linker(request))),
        page.count,
      );
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
      // Stored without anyone's signature: each reader gets links signed for them.
      const body = ctx.fileLinks.unsignLinksIn(request.body.data.body);
      const message = await groups.postMessage(ctx, grantOf(request), principalOf(request), body);
      return envelope(presentMessage(message, linker(request)));
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
          linker(request),
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
        ctx.fileLinks.unsignLinksIn(next.data.body),
      );
      return envelope(presentMessage(edited, linker(request)));
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

export function fileRoutes(app: FastifyInstance, ctx: groups.TGroupsContext) {
  for (const [segment, kind] of [
    ["images", "image"],
    ["documents", "document"],
  ] as const) {
    fileKindRoutes(app, ctx, segment, kind);
  }
}

function fileKindRoutes(
  app: FastifyInstance,
  ctx: groups.TGroupsContext,
  segment: "images" | "documents",
  kind: groups.TFileKind,
) {
  const add = routesOf(app, tags);
  const can = groupPolicy(ctx);
  const linker = linkerOf(ctx);
  const base = `/groups/:id/${segment}`;
  /** The file in `:childId`; `owned`: only its uploader or the group's admins may go on. */
  const current = async (request: FastifyRequest, childId: string, owned: boolean) => {
    const g = grantOf(request);
    const file = await groups.findFile(ctx, g.group.id, kind, childId);
    if (owned) groups.requireFileOwner(g, principalOf(request), file);
    return file;
  };

  addListRoutes(app, tags, {
    url: base,
    summary: `The group's ${segment}, in order`,
    filteredSummary: `The group's ${segment} by title`,
    access: can("group.read"),
    params: ZIdParams,
    query: ZPagedQuery,
    body: zOptionalFilterBody(ZTextFilter),
    response: zListEnvelope(ZGroupFile),
    handler: async (request) => {
      const page = await repo.listFiles(
        ctx.db,
        grantOf(request).group.id,
        kind,
        toWindow(request.query),
        request.body?.data?.text,
      );
      return listEnvelope(
        page.rows.map((f) => presentFile(f, linker(request))),
        page.count,
      );
    },
  });
  add({
    method: "POST",
    url: base,
    summary: `Share ${kind === "image" ? "an image" : "a document"} (multipart field 'file')`,
    access: can("files.write"),
    params: ZIdParams,
    status: 201,
    response: zDataEnvelope(ZGroupFile),
    handler: async (request) => {
      const upload = await readUpload(request, kind);
      const file = await groups.addFile(ctx, grantOf(request), principalOf(request), kind, upload);
      return envelope(presentFile(file, linker(request)));
    },
  });
  add({
    method: "PUT",
    url: `${base}/sort`,
    summary: `Move one of the ${segment} after another (afterId null: first)`,
    access: can("files.write"),
    params: ZIdParams,
    body: zDataBody(z.object({ id: z.uuid(), afterId: z.uuid().nullable() })),
    response: zDataEnvelope(ZGroupFile),
    handler: async (request) => {
      const { id, afterId } = request.body.data;
      const moved = await groups.moveFile(
        ctx,
        principalOf(request),
        grantOf(request).group.id,
        kind,
        id,
        afterId,
      );
      return envelope(presentFile(moved, linker(request)));
    },
  });
  add({
    method: "GET",
    url: `${base}/:childId`,
    summary: `One of the group's ${segment}`,
    access: can("group.read"),
    params: ZChildParams,
    response: zDataEnvelope(ZGroupFile),
    handler: async (request) =>
      envelope(presentFile(await current(request, request.params.childId, false), linker(request))),
  });
  add({
    method: "GET",
    url: `${base}/:childId/my/entitlements`,
    summary: "What I may do with this file",
    access: can("group.read"),
    params: ZChildParams,
    response: ZAbilities,
    handler: async (request) => {
      const file = await current(request, request.params.childId, false);
      return envelope(groups.fileEntitlements(grantOf(request), principalOf(request), file));
    },
  });
  add({
    method: "PATCH",
    url: `${base}/:childId`,
    summary: "Retitle a file (JSON Patch of title; its uploader or the group's admins)",
    access: can("files.write"),
    params: ZChildParams,
    body: ZPatchBody,
    response: zDataEnvelope(ZGroupFile),
    handler: async (request) => {
      const file = await current(request, request.params.childId, true);
      const next = z
        .object({ title: z.string().trim().min(1).max(120) })
        .strict()
        .safeParse(applyJsonPatch({ title: file.title }, request.body));
      if (!next.success) throw badRequest("VALIDATION_FAILED", "A title has 1 to 120 characters.");
      return envelope(
        presentFile(await groups.retitleFile(ctx, file, next.data.title), linker(request)),
      );
    },
  });
  add({
    method: "PUT",
    url: `${base}/:childId/file`,
    summary: "Replace a file's content (its uploader or the group's admins)",
    access: can("files.write"),
    params: ZChildParams,
    response: zDataEnvelope(ZGroupFile),
    handler: async (request) => {
      const file = await current(request, request.params.childId, true);
      const upload = await readUpload(request, kind);
      return envelope(
        presentFile(
          await groups.replaceFile(ctx, principalOf(request), file, upload),
          linker(request),
        ),
      );
    },
  });
  add({
    method: "DELETE",
    url: `${base}/:childId`,
    summary: "Delete a file (its uploader or the group's admins)",
    access: can("group.read"),
    params: ZChildParams,
    response: ZDeletedReply,
    handler: async (request) => {
      const file = await current(request, request.params.childId, true);
      await groups.deleteFile(ctx, principalOf(request), file);
      return envelope({ id: file.id, deleted: true as const });
    },
  });
}
