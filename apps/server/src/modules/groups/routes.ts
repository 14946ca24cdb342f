// The group calls of the user-management service (spec service-calls §7): groups and direct
// conversations, their members, messages, images and documents, and each user's threads. This
// file declares the groups themselves and registers the others' files.
import type { TGroupFilter, TPaging } from "@hostfield/domain/contracts";
import {
  ZGroup,
  ZGroupCreate,
  ZGroupEditable,
  ZGroupFilter,
  ZPatchBody,
  zDataBody,
  zDataEnvelope,
  zListEnvelope,
} from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { access, principalOf } from "../../platform/http/access";
import { envelope, listEnvelope } from "../../platform/http/envelope";
import { validationFailed } from "../../platform/http/errors";
import { applyJsonPatch } from "../../platform/http/json-patch";
import { toWindow, ZPagedQuery } from "../../platform/http/paging";
import { addListRoutes, routesOf } from "../../platform/http/route-def";
import {
  ZDeletedReply,
  ZIdParams,
  zFlagQuery,
  zOptionalFilterBody,
} from "../../platform/http/schemas";
import { fileRoutes } from "./file-routes";
import { memberRoutes } from "./member-routes";
import { messageRoutes } from "./message-routes";
import { presentGroup } from "./presenter";
import * as repo from "./repository";
import { grantOf, groupPolicy, tags, ZAbilities } from "./route-kit";
import * as groups from "./service";
import { threadRoutes } from "./thread-routes";

export async function groupRoutes(app: FastifyInstance, options: { ctx: groups.TGroupsContext }) {
  const { ctx } = options;
  groupsOwnRoutes(app, ctx);
  memberRoutes(app, ctx);
  messageRoutes(app, ctx);
  fileRoutes(app, ctx);
  threadRoutes(app, ctx);
}

/** /groups: the lists, one group, its changes and my switches on it. */
function groupsOwnRoutes(app: FastifyInstance, ctx: groups.TGroupsContext) {
  const add = routesOf(app, tags);
  const can = groupPolicy(ctx);
  const groupOut = async (row: repo.TGroupRow, userId: string) =>
    presentGroup(
      row,
      await repo.countMembers(ctx.db, row.id),
      await repo.findMembership(ctx.db, row.id, userId),
    );
  const groupPage = async (
    userId: string,
    query: TPaging,
    scope: { memberOf?: string },
    filter: TGroupFilter = {},
  ) => {
    const page = await repo.listGroups(ctx.db, { ...scope, ...filter }, toWindow(query));
    const rows = await Promise.all(
      page.rows.map(async (g) =>
        presentGroup(g, g.memberCount, await repo.findMembership(ctx.db, g.id, userId)),
      ),
    );
    return listEnvelope(rows, page.count);
  };
  const lists = {
    query: ZPagedQuery,
    body: zOptionalFilterBody(ZGroupFilter),
    response: zListEnvelope(ZGroup),
  };

  addListRoutes(app, tags, {
    ...lists,
    url: "/groups",
    summary: "Every group (admins)",
    filteredSummary: "Groups by name or kind (admins)",
    access: access.admin,
    handler: (request) =>
      groupPage(principalOf(request).userId, request.query, {}, request.body?.data),
  });
  addListRoutes(app, tags, {
    ...lists,
    url: "/groups/my",
    summary: "The groups and conversations I belong to, latest activity first",
    filteredSummary: "My groups by name or kind",
    access: access.signedIn,
    handler: (request) => {
      const userId = principalOf(request).userId;
      return groupPage(userId, request.query, { memberOf: userId }, request.body?.data);
    },
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
      const created = await groups.createGroup(ctx, principal, request.body.data);
      return envelope(await groupOut(created, principal.userId));
    },
  });
  add({
    method: "GET",
    url: "/groups/:id",
    summary: "One group",
    access: can("group.read"),
    params: ZIdParams,
    response: zDataEnvelope(ZGroup),
    handler: async (request) =>
      envelope(await groupOut(grantOf(request).group, principalOf(request).userId)),
  });
  add({
    method: "GET",
    url: "/groups/:id/my/entitlements",
    summary: "What I may do in the group",
    access: can("group.read"),
    params: ZIdParams,
    response: ZAbilities,
    handler: async (request) => envelope(grantOf(request).abilities),
  });
  add({
    method: "PATCH",
    url: "/groups/:id",
    summary: "Rename or describe the group (JSON Patch; group admins)",
    access: can("group.update"),
    params: ZIdParams,
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
    params: ZIdParams,
    response: ZDeletedReply,
    handler: async (request) => {
      await groups.deleteGroup(ctx, grantOf(request));
      return envelope({ id: grantOf(request).group.id, deleted: true as const });
    },
  });
  for (const [segment, flag] of [
    ["mute", "isMuted"],
    ["ignore", "isIgnored"],
  ] as const) {
    add({
      method: "PUT",
      url: `/groups/:id/${segment}`,
      summary:
        flag === "isMuted"
          ? "Mute the group for me: no notifications, unread marks stay"
          : "Ignore the group: no notifications and no unread marks",
      access: can("group.read"),
      params: ZIdParams,
      query: zFlagQuery(flag),
      response: zDataEnvelope(ZGroup),
      handler: async (request) => {
        await groups.setMySwitch(ctx, grantOf(request), flag, request.query[flag]);
        return envelope(await groupOut(grantOf(request).group, principalOf(request).userId));
      },
    });
  }
}
