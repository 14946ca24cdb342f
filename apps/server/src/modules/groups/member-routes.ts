// /groups/{id}/members: who is in a group, adding and removing them, and their role.
import {
  ZGroupMember,
  ZGroupMemberCreate,
  ZGroupMemberEditable,
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
import { presentMember } from "./presenter";
import * as repo from "./repository";
import { grantOf, groupPolicy, tags, ZAbilities, ZTextFilter } from "./route-kit";
import * as groups from "./service";

export function memberRoutes(app: FastifyInstance, ctx: groups.TGroupsContext) {
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
      const page = await repo.listMembers(
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
    summary: "Add a member (group admins)",
    access: can("members.write"),
    params: ZIdParams,
    body: zDataBody(ZGroupMemberCreate),
    status: 201,
    response: zDataEnvelope(ZGroupMember),
    handler: async (request) => {
      const row = await groups.addMember(ctx, grantOf(request), request.body.data);
      return envelope(presentMember(await groups.findMember(ctx, row.groupId, row.id)));
    },
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
