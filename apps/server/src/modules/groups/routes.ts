// The group calls of the user-management service (spec service-calls §7): groups and direct
// conversations, their members, messages, images and documents, and each user's threads.
import {
  ZGroup,
  ZGroupCreate,
  ZGroupEditable,
  ZGroupFile,
  ZGroupFilter,
  ZGroupMember,
  ZGroupMemberCreate,
  ZGroupMemberEditable,
  ZGroupMessage,
  ZGroupMessageCreate,
  ZGroupMessageFilter,
  ZPatchBody,
  ZThread,
  ZThreadFilter,
  zDataBody,
  zDataEnvelope,
  zListEnvelope,
} from "@hostfield/domain/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { readUpload } from "../../platform/files/upload";
import { access, principalOf } from "../../platform/http/access";
import { envelope, listEnvelope } from "../../platform/http/envelope";
import { badRequest, notFound, validationFailed } from "../../platform/http/errors";
import { applyJsonPatch } from "../../platform/http/json-patch";
import { toWindow, ZPagedQuery } from "../../platform/http/paging";
import { routesOf } from "../../platform/http/route-def";
import { selfOrAdmin } from "../users/policy";
import {
  presentFile,
  presentGroup,
  presentMember,
  presentMessage,
  presentThread,
} from "./presenter";
import * as repo from "./repository";
import * as groups from "./service";

const ZId = z.object({ id: z.uuid() });
const ZChild = z.object({ id: z.uuid(), childId: z.uuid() });
const ZThreadParams = z.object({ id: z.uuid(), threadId: z.uuid() });
const ZDeleted = zDataEnvelope(z.object({ id: z.uuid(), deleted: z.literal(true) }));
const ZAbilities = zDataEnvelope(z.array(z.string()));
const ZFlagQuery = (name: string) =>
  z.object({
    "api-version": z.string().optional(),
    [name]: z.enum(["true", "false"]).transform((v) => v === "true"),
  });
const ZFilterBody = <T extends z.ZodType>(schema: T) => zDataBody(schema.optional()).optional();

/** What the group policy granted, kept for the handler of the same request. */
const granted = new WeakMap<FastifyRequest, groups.TGroupAccess>();
const grantOf = (request: FastifyRequest) => granted.get(request)!;
const bodyData = <T>(request: FastifyRequest) => (request.body as { data?: T } | undefined)?.data;

export async function groupRoutes(app: FastifyInstance, options: { ctx: groups.TGroupsContext }) {
  const { ctx } = options;
  const add = routesOf(app, ["groups"]);
  /** Access rule: the caller holds `ability` on the group in `:id`. */
  const can = (ability: groups.TGroupAbility) =>
    access.policy(`'${ability}' on the group`, async (request) => {
      const principal = principalOf(request);
      const { id } = request.params as { id: string };
      const g = await groups.accessGroup(ctx, id, principal);
      groups.requireGroupAbility(g, ability);
      granted.set(request, g);
    });

  const groupOut = async (row: repo.TGroupRow, userId: string) =>
    presentGroup(
      row,
      await repo.countMembers(ctx.db, row.id),
      await repo.findMembership(ctx.db, row.id, userId),
    );
  const groupPage = async (
    request: FastifyRequest,
    scope: { memberOf?: string },
    filter: z.infer<typeof ZGroupFilter> = {},
  ) => {
    const query = request.query as z.infer<typeof ZPagedQuery>;
    const page = await repo.listGroups(ctx.db, { ...scope, ...filter }, toWindow(query));
    const userId = principalOf(request).userId;
    const rows = await Promise.all(
      page.rows.map(async (g) =>
        presentGroup(g, g.memberCount, await repo.findMembership(ctx.db, g.id, userId)),
      ),
    );
    return listEnvelope(rows, page.count);
  };
  const ZGroups = zListEnvelope(ZGroup);

  // ---- groups ----
  add({
    method: "GET",
    url: "/groups",
    summary: "Every group (admins)",
    access: access.admin,
    query: ZPagedQuery,
    response: ZGroups,
    handler: (request) => groupPage(request, {}),
  });
  add({
    method: "POST",
    url: "/groups/filtered",
    summary: "Groups by name or kind (admins)",
    access: access.admin,
    query: ZPagedQuery,
    body: ZFilterBody(ZGroupFilter),
    response: ZGroups,
    handler: (request) => groupPage(request, {}, bodyData(request)),
  });
  add({
    method: "GET",
    url: "/groups/my",
    summary: "The groups and conversations I belong to, latest activity first",
    access: access.signedIn,
    query: ZPagedQuery,
    response: ZGroups,
    handler: (request) => groupPage(request, { memberOf: principalOf(request).userId }),
  });
  add({
    method: "POST",
    url: "/groups/my/filtered",
    summary: "My groups by name or kind",
    access: access.signedIn,
    query: ZPagedQuery,
    body: ZFilterBody(ZGroupFilter),
    response: ZGroups,
    handler: (request) =>
      groupPage(request, { memberOf: principalOf(request).userId }, bodyData(request)),
  });
  add({
    method: "POST",
    url: "/groups",
    summary: "Start a group (I become its admin) with the members named",
    access: access.signedIn,
    body: zDataBody(ZGroupCreate),
    status: 201,
    response: zDataEnvelope(ZGroup),
    handler: async (request) => {
      const principal = principalOf(request);
      const input = bodyData<z.infer<typeof ZGroupCreate>>(request)!;
      const created = await groups.createGroup(ctx, principal, input);
      return envelope(await groupOut(created, principal.userId));
    },
  });
  add({
    method: "GET",
    url: "/groups/:id",
    summary: "One group",
    access: can("group.read"),
    params: ZId,
    response: zDataEnvelope(ZGroup),
    handler: async (request) =>
      envelope(await groupOut(grantOf(request).group, principalOf(request).userId)),
  });
  add({
    method: "GET",
    url: "/groups/:id/my/entitlements",
    summary: "What I may do in the group",
    access: can("group.read"),
    params: ZId,
    response: ZAbilities,
    handler: async (request) => envelope(grantOf(request).abilities),
  });
  add({
    method: "PATCH",
    url: "/groups/:id",
    summary: "Rename or describe the group (JSON Patch; group admins)",
    access: can("group.update"),
    params: ZId,
    body: ZPatchBody,
    response: zDataEnvelope(ZGroup),
    handler: async (request) => {
      const { group } = grantOf(request);
      const next = ZGroupEditable.strict().safeParse(
        applyJsonPatch({ name: group.name, description: group.description }, request.body),
      );
      if (!next.success) {
        throw validationFailed("Only name and description change here.", next.error.issues);
      }
      const updated = await groups.updateGroup(ctx, grantOf(request), principalOf(request), {
        name: next.data.name,
        description: next.data.description ?? null,
      });
      return envelope(await groupOut(updated, principalOf(request).userId));
    },
  });
  add({
    method: "DELETE",
    url: "/groups/:id",
    summary:
      "Delete the group with its messages and files (group admins; either side of a direct conversation)",
    access: can("group.delete"),
    params: ZId,
    response: ZDeleted,
    handler: async (request) => {
      await groups.deleteGroup(ctx, grantOf(request));
      return envelope({ id: grantOf(request).group.id, deleted: true as const });
    },
  });
  for (const [segment, flag, query] of [
    ["mute", "isMuted", "isMuted"],
    ["ignore", "isIgnored", "isIgnored"],
  ] as const) {
    add({
      method: "PUT",
      url: `/groups/:id/${segment}`,
      summary:
        flag === "isMuted"
          ? "Mute the group for me: no notifications, unread marks stay"
          : "Ignore the group: no notifications and no unread marks",
      access: can("group.read"),
      params: ZId,
      query: ZFlagQuery(query),
      response: zDataEnvelope(ZGroup),
      handler: async (request) => {
        const value = (request.query as Record<string, boolean>)[query]!;
        await groups.setMySwitch(ctx, grantOf(request), flag, value);
        return envelope(await groupOut(grantOf(request).group, principalOf(request).userId));
      },
    });
  }

  // ---- members ----
  const members = "/groups/:id/members";
  const memberPage = async (request: FastifyRequest, text?: string) => {
    const page = await repo.listMembers(
      ctx.db,
      grantOf(request).group.id,
      toWindow(request.query as z.infer<typeof ZPagedQuery>),
      text,
    );
    return listEnvelope(page.rows.map(presentMember), page.count);
  };
  const ZMembers = zListEnvelope(ZGroupMember);
  add({
    method: "GET",
    url: members,
    summary: "The group's members",
    access: can("group.read"),
    params: ZId,
    query: ZPagedQuery,
    response: ZMembers,
    handler: (request) => memberPage(request),
  });
  add({
    method: "POST",
    url: `${members}/filtered`,
    summary: "The group's members by name",
    access: can("group.read"),
    params: ZId,
    query: ZPagedQuery,
    body: ZFilterBody(z.object({ text: z.string().trim().max(200).optional() })),
    response: ZMembers,
    handler: (request) => memberPage(request, bodyData<{ text?: string }>(request)?.text),
  });
  add({
    method: "POST",
    url: members,
    summary: "Add a member (group admins)",
    access: can("members.write"),
    params: ZId,
    body: zDataBody(ZGroupMemberCreate),
    status: 201,
    response: zDataEnvelope(ZGroupMember),
    handler: async (request) => {
      const input = bodyData<z.infer<typeof ZGroupMemberCreate>>(request)!;
      const row = await groups.addMember(ctx, grantOf(request), input);
      return envelope(presentMember(await groups.findMember(ctx, row.groupId, row.id)));
    },
  });
  add({
    method: "GET",
    url: `${members}/:childId`,
    summary: "One member",
    access: can("group.read"),
    params: ZChild,
    response: zDataEnvelope(ZGroupMember),
    handler: async (request) => {
      const { childId } = request.params as { childId: string };
      return envelope(
        presentMember(await groups.findMember(ctx, grantOf(request).group.id, childId)),
      );
    },
  });
  add({
    method: "GET",
    url: `${members}/:childId/my/entitlements`,
    summary: "What I may do with this membership",
    access: can("group.read"),
    params: ZChild,
    response: ZAbilities,
    handler: async (request) => {
      const { childId } = request.params as { childId: string };
      const g = grantOf(request);
      const member = await groups.findMember(ctx, g.group.id, childId);
      return envelope(groups.memberEntitlements(g, principalOf(request), member));
    },
  });
  add({
    method: "PATCH",
    url: `${members}/:childId`,
    summary: "Make a member an admin or not (JSON Patch of role; group admins)",
    access: can("members.write"),
    params: ZChild,
    body: ZPatchBody,
    response: zDataEnvelope(ZGroupMember),
    handler: async (request) => {
      const { childId } = request.params as { childId: string };
      const g = grantOf(request);
      const member = await groups.findMember(ctx, g.group.id, childId);
      const next = ZGroupMemberEditable.strict().safeParse(
        applyJsonPatch({ role: member.role }, request.body),
      );
      if (!next.success) throw badRequest("VALIDATION_FAILED", "Only the role changes here.");
      await groups.changeMemberRole(ctx, g, childId, next.data.role);
      return envelope(presentMember(await groups.findMember(ctx, g.group.id, childId)));
    },
  });
  add({
    method: "DELETE",
    url: `${members}/:childId`,
    summary: "Remove a member (group admins), or leave the group (the member)",
    access: can("group.read"),
    params: ZChild,
    response: ZDeleted,
    handler: async (request) => {
      const { childId } = request.params as { childId: string };
      await groups.removeMember(ctx, grantOf(request), childId);
      return envelope({ id: childId, deleted: true as const });
    },
  });

  // ---- messages ----
  const messages = "/groups/:id/messages";
  const messagePage = async (
    request: FastifyRequest,
    filter: z.infer<typeof ZGroupMessageFilter> = {},
  ) => {
    const page = await groups.readMessages(
      ctx,
      grantOf(request),
      toWindow(request.query as z.infer<typeof ZPagedQuery>),
      filter,
    );
    return listEnvelope(page.rows.map(presentMessage), page.count);
  };
  const ZMessages = zListEnvelope(ZGroupMessage);
  add({
    method: "GET",
    url: messages,
    summary: "Messages, newest first (reading marks my thread read)",
    access: can("group.read"),
    params: ZId,
    query: ZPagedQuery,
    response: ZMessages,
    handler: (request) => messagePage(request),
  });
  add({
    method: "POST",
    url: `${messages}/filtered`,
    summary: "Messages by text, or older than `before` to page back through history",
    access: can("group.read"),
    params: ZId,
    query: ZPagedQuery,
    body: ZFilterBody(ZGroupMessageFilter),
    response: ZMessages,
    handler: (request) => messagePage(request, bodyData(request)),
  });
  add({
    method: "POST",
    url: messages,
    summary: "Post a message; the other members hear of it at once",
    access: can("messages.write"),
    params: ZId,
    body: zDataBody(ZGroupMessageCreate),
    status: 201,
    response: zDataEnvelope(ZGroupMessage),
    handler: async (request) => {
      const { body } = bodyData<z.infer<typeof ZGroupMessageCreate>>(request)!;
      const message = await groups.postMessage(ctx, grantOf(request), principalOf(request), body);
      return envelope(presentMessage(message));
    },
  });
  add({
    method: "GET",
    url: `${messages}/:childId`,
    summary: "One message",
    access: can("group.read"),
    params: ZChild,
    response: zDataEnvelope(ZGroupMessage),
    handler: async (request) => {
      const { childId } = request.params as { childId: string };
      return envelope(
        presentMessage(await groups.findMessage(ctx, grantOf(request).group.id, childId)),
      );
    },
  });
  add({
    method: "PATCH",
    url: `${messages}/:childId`,
    summary: "Edit my message (JSON Patch of body)",
    access: can("messages.write"),
    params: ZChild,
    body: ZPatchBody,
    response: zDataEnvelope(ZGroupMessage),
    handler: async (request) => {
      const { childId } = request.params as { childId: string };
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
    params: ZChild,
    response: ZDeleted,
    handler: async (request) => {
      const { childId } = request.params as { childId: string };
      await groups.deleteMessage(ctx, grantOf(request), principalOf(request), childId);
      return envelope({ id: childId, deleted: true as const });
    },
  });

  // ---- images and documents ----
  for (const [segment, kind] of [
    ["images", "image"],
    ["documents", "document"],
  ] as const) {
    const base = `/groups/:id/${segment}`;
    const ZFiles = zListEnvelope(ZGroupFile);
    const filePage = async (request: FastifyRequest, text?: string) => {
      const page = await repo.listFiles(
        ctx.db,
        grantOf(request).group.id,
        kind,
        toWindow(request.query as z.infer<typeof ZPagedQuery>),
        text,
      );
      return listEnvelope(page.rows.map(presentFile), page.count);
    };
    const current = async (request: FastifyRequest, owned: boolean) => {
      const { childId } = request.params as { childId: string };
      const g = grantOf(request);
      const file = await groups.findFile(ctx, g.group.id, kind, childId);
      if (owned) groups.requireFileOwner(g, principalOf(request), file);
      return file;
    };
    add({
      method: "GET",
      url: base,
      summary: `The group's ${segment}, in order`,
      access: can("group.read"),
      params: ZId,
      query: ZPagedQuery,
      response: ZFiles,
      handler: (request) => filePage(request),
    });
    add({
      method: "POST",
      url: `${base}/filtered`,
      summary: `The group's ${segment} by title`,
      access: can("group.read"),
      params: ZId,
      query: ZPagedQuery,
      body: ZFilterBody(z.object({ text: z.string().trim().max(200).optional() })),
      response: ZFiles,
      handler: (request) => filePage(request, bodyData<{ text?: string }>(request)?.text),
    });
    add({
      method: "POST",
      url: base,
      summary: `Share ${kind === "image" ? "an image" : "a document"} (multipart field 'file')`,
      access: can("files.write"),
      params: ZId,
      status: 201,
      response: zDataEnvelope(ZGroupFile),
      handler: async (request) => {
        const upload = await readUpload(request, kind);
        const file = await groups.addFile(
          ctx,
          grantOf(request),
          principalOf(request),
          kind,
          upload,
        );
        return envelope(presentFile(file));
      },
    });
    add({
      method: "PUT",
      url: `${base}/sort`,
      summary: `Move one of the ${segment} after another (afterId null: first)`,
      access: can("files.write"),
      params: ZId,
      body: zDataBody(z.object({ id: z.uuid(), afterId: z.uuid().nullable() })),
      response: zDataEnvelope(ZGroupFile),
      handler: async (request) => {
        const { id, afterId } = bodyData<{ id: string; afterId: string | null }>(request)!;
        const moved = await groups.moveFile(
          ctx,
          principalOf(request),
          grantOf(request).group.id,
          kind,
          id,
          afterId,
        );
        return envelope(presentFile(moved));
      },
    });
    add({
      method: "GET",
      url: `${base}/:childId`,
      summary: `One of the group's ${segment}`,
      access: can("group.read"),
      params: ZChild,
      response: zDataEnvelope(ZGroupFile),
      handler: async (request) => envelope(presentFile(await current(request, false))),
    });
    add({
      method: "GET",
      url: `${base}/:childId/my/entitlements`,
      summary: "What I may do with this file",
      access: can("group.read"),
      params: ZChild,
      response: ZAbilities,
      handler: async (request) => {
        const file = await current(request, false);
        return envelope(groups.fileEntitlements(grantOf(request), principalOf(request), file));
      },
    });
    add({
      method: "PATCH",
      url: `${base}/:childId`,
      summary: "Retitle a file (JSON Patch of title; its uploader or the group's admins)",
      access: can("files.write"),
      params: ZChild,
      body: ZPatchBody,
      response: zDataEnvelope(ZGroupFile),
      handler: async (request) => {
        const file = await current(request, true);
        const next = z
          .object({ title: z.string().trim().min(1).max(120) })
          .strict()
          .safeParse(applyJsonPatch({ title: file.title }, request.body));
        if (!next.success)
          throw badRequest("VALIDATION_FAILED", "A title has 1 to 120 characters.");
        return envelope(presentFile(await groups.retitleFile(ctx, file, next.data.title)));
      },
    });
    add({
      method: "PUT",
      url: `${base}/:childId/file`,
      summary: "Replace a file's content (its uploader or the group's admins)",
      access: can("files.write"),
      params: ZChild,
      response: zDataEnvelope(ZGroupFile),
      handler: async (request) => {
        const file = await current(request, true);
        const upload = await readUpload(request, kind);
        return envelope(
          presentFile(await groups.replaceFile(ctx, principalOf(request), file, upload)),
        );
      },
    });
    add({
      method: "DELETE",
      url: `${base}/:childId`,
      summary: "Delete a file (its uploader or the group's admins)",
      access: can("group.read"),
      params: ZChild,
      response: ZDeleted,
      handler: async (request) => {
        const file = await current(request, true);
        await groups.deleteFile(ctx, principalOf(request), file);
        return envelope({ id: file.id, deleted: true as const });
      },
    });
  }

  // ---- a direct conversation, and my threads ----
  add({
    method: "POST",
    url: "/users/:id/message",
    summary: "Open (or reuse) my direct conversation with this user; data is its group id",
    access: access.signedIn,
    params: ZId,
    body: z.unknown().optional(),
    response: zDataEnvelope(z.uuid()),
    handler: async (request) => {
      const { id } = request.params as { id: string };
      const group = await groups.openDirect(ctx, principalOf(request), id);
      return envelope(group.id);
    },
  });

  const threads = "/users/:id/threads";
  const threadPage = async (
    request: FastifyRequest,
    filter: z.infer<typeof ZThreadFilter> = {},
  ) => {
    const { id } = request.params as { id: string };
    const page = await groups.listThreads(
      ctx,
      id,
      filter,
      toWindow(request.query as z.infer<typeof ZPagedQuery>),
    );
    return listEnvelope(page.rows.map(presentThread), page.count);
  };
  const ZThreads = zListEnvelope(ZThread);
  const ZChanged = zDataEnvelope(z.array(z.uuid()));
  add({
    method: "GET",
    url: threads,
    summary: "My conversations, latest first, with unread state",
    access: selfOrAdmin,
    params: ZId,
    query: ZPagedQuery,
    response: ZThreads,
    handler: (request) => threadPage(request),
  });
  add({
    method: "POST",
    url: `${threads}/filtered`,
    summary: "My conversations by read, archived or name",
    access: selfOrAdmin,
    params: ZId,
    query: ZPagedQuery,
    body: ZFilterBody(ZThreadFilter),
    response: ZThreads,
    handler: (request) => threadPage(request, bodyData(request)),
  });
  for (const [segment, flag] of [
    ["opened", "isOpened"],
    ["archived", "isArchived"],
  ] as const) {
    const setFlag = async (request: FastifyRequest, ids: string[]) => {
      const { id } = request.params as { id: string };
      const value = (request.query as Record<string, boolean>)[flag]!;
      return groups.setThreadFlag(ctx, id, ids, flag, value);
    };
    add({
      method: "PUT",
      url: `${threads}/bulk/${segment}`,
      summary: `Mark several of my conversations ${segment} or not (body: their ids); data: those changed`,
      access: selfOrAdmin,
      params: ZId,
      query: ZFlagQuery(flag),
      body: zDataBody(z.array(z.uuid()).max(500)),
      response: ZChanged,
      handler: async (request) => envelope(await setFlag(request, bodyData<string[]>(request)!)),
    });
    add({
      method: "PUT",
      url: `${threads}/:threadId/${segment}`,
      summary: `Mark one of my conversations ${segment} or not`,
      access: selfOrAdmin,
      params: ZThreadParams,
      query: ZFlagQuery(flag),
      response: ZChanged,
      handler: async (request) => {
        const { threadId } = request.params as { threadId: string };
        const changed = await setFlag(request, [threadId]);
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
    response: ZDeleted,
    handler: async (request) => {
      const { id, threadId } = request.params as { id: string; threadId: string };
      await groups.deleteThread(ctx, id, threadId);
      return envelope({ id: threadId, deleted: true as const });
    },
  });
}
