// The group calls of the user-management service (spec service-calls §7): the groups and direct
// conversations themselves, their members, and each user's threads; what members share in them
// (messages and files) is content-routes.ts.

import {
  type TGroupFilter,
  type TPaging,
  ZGroup,
  ZGroupCreate,
  ZGroupEditable,
  ZGroupFilter,
  ZGroupInvitation,
  ZGroupMember,
  ZGroupMemberCreate,
  ZGroupMemberEditable,
  ZPatchBody,
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
import { badRequest, notFound, validationFailed } from "../../platform/http/errors";
import { applyJsonPatch } from "../../platform/http/json-patch";
import { toWindow, ZPagedQuery } from "../../platform/http/paging";
import { addListRoutes, routesOf } from "../../platform/http/route-def";
import {
  ZChildParams,
  ZDeletedReply,
  ZIdParams,
  zFlagQuery,
  zIdAndParams,
  zOptionalFilterBody,
} from "../../platform/http/schemas";
import { selfOrAdmin } from "../users";
import { fileRoutes, messageRoutes } from "./content-routes";
import { invitationRoutes } from "./invitation-routes";
import { inviteToGroup } from "./invitations";
import { presentGroup, presentInvitation, presentMember, presentThread } from "./presenter";
import * as groupRepo from "./repository/groups";
import * as memberRepo from "./repository/members";
import { grantOf, groupPolicy, tags, ZAbilities, ZTextFilter } from "./route-kit";
import * as groups from "./service";

export async function groupRoutes(app: FastifyInstance, options: { ctx: groups.TGroupsContext }) {
  const { ctx } = options;
  groupsOwnRoutes(app, ctx);
  memberRoutes(app, ctx);
  invitationRoutes(app, ctx);
  messageRoutes(app, ctx);
  fileRoutes(app, ctx);
  threadRoutes(app, ctx);
}

/** /groups: the lists, one group, its changes and my switches on it. */
function groupsOwnRoutes(app: FastifyInstance, ctx: groups.TGroupsContext) {
  const add = routesOf(app, tags);
  const can = groupPolicy(ctx);
  const groupOut = async (row: groupRepo.TGroupRow, userId: string) =>
    presentGroup(
      row,
      await groupRepo.countMembers(ctx.db, row.id),
      await memberRepo.findMembership(ctx.db, row.id, userId),
    );
  const groupPage = async (
    userId: string,
    query: TPaging,
    scope: { memberOf?: string },
    filter: TGroupFilter = {},
  ) => {
    const page = await groupRepo.listGroups(ctx.db, { ...scope, ...filter }, toWindow(query));
    const rows = await Promise.all(
      page.rows.map(async (g) =>
        presentGroup(g, g.memberCount, await memberRepo.findMembership(ctx.db, g.id, userId)),
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

function memberRoutes(app: FastifyInstance, ctx: groups.TGroupsContext) {
  const add = routesOf(app, tags);
  const can = groupPolicy(ctx);
  const members = "/groups/:id/members";

  addListRoutes(app, tags, {
    url: members,
    summary: "The group's members",
    filteredSummary: "The group's members by name",
    access: can("group.read"),
    params: ZIdParams,
    query: ZPagedQuery,
    body: zOptionalFilterBody(ZTextFilter),
    response: zListEnvelope(ZGroupMember),
    handler: async (request) => {
      const page = await memberRepo.listMembers(
        ctx.db,
        grantOf(request).group.id,
        toWindow(request.query),
        request.body?.data?.text,
      );
      return listEnvelope(page.rows.map(presentMember), page.count);
    },
  });
  add({
    method: "POST",
    url: members,
    summary:
      "Invite a person (by user id) or an e-mail address to the group; they join when they accept (group admins)",
    description:
      "Nobody is added without accepting: the reply is the invitation. An e-mail address is invited alike whether an account has it or not (one without gets a sign-up invitation); the reply never names the person behind an address.",
    access: can("members.write"),
    params: ZIdParams,
    body: zDataBody(ZGroupMemberCreate),
    status: 201,
    response: zDataEnvelope(ZGroupInvitation),
    handler: async (request) =>
      envelope(
        presentInvitation(
          await inviteToGroup(ctx, grantOf(request), principalOf(request), request.body.data),
        ),
      ),
  });
  add({
    method: "GET",
    url: `${members}/:childId`,
    summary: "One member",
    access: can("group.read"),
    params: ZChildParams,
    response: zDataEnvelope(ZGroupMember),
    handler: async (request) =>
      envelope(
        presentMember(
          await groups.findMember(ctx, grantOf(request).group.id, request.params.childId),
        ),
      ),
  });
  add({
    method: "GET",
    url: `${members}/:childId/my/entitlements`,
    summary: "What I may do with this membership",
    access: can("group.read"),
    params: ZChildParams,
    response: ZAbilities,
    handler: async (request) => {
      const g = grantOf(request);
      const member = await groups.findMember(ctx, g.group.id, request.params.childId);
      return envelope(groups.memberEntitlements(g, principalOf(request), member));
    },
  });
  add({
    method: "PATCH",
    url: `${members}/:childId`,
    summary: "Make a member an admin or not (JSON Patch of role; group admins)",
    access: can("members.write"),
    params: ZChildParams,
    body: ZPatchBody,
    response: zDataEnvelope(ZGroupMember),
    handler: async (request) => {
      const { childId } = request.params;
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
    params: ZChildParams,
    response: ZDeletedReply,
    handler: async (request) => {
      const { childId } = request.params;
      await groups.removeMember(ctx, grantOf(request), childId);
      return envelope({ id: childId, deleted: true as const });
    },
  });
}

const ZThreadParams = zIdAndParams("threadId");
const ZChanged = zDataEnvelope(z.array(z.uuid()));

function threadRoutes(app: FastifyInstance, ctx: groups.TGroupsContext) {
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
