// Invitations to groups: the admins' people search, pending list and revoke (inviting itself is
// `POST /groups/{id}/members`), and the invitee's list, accept and decline.
import {
  ZGroupInvitation,
  ZGroupInvitationAnswer,
  ZPeopleQuery,
  ZSharedPerson,
  zDataEnvelope,
  zListEnvelope,
} from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { access, principalOf } from "../../platform/http/access";
import { envelope, listEnvelope } from "../../platform/http/envelope";
import { addInvitationAnswers } from "../../platform/http/invitation-answers";
import { toWindow, ZPagedQuery } from "../../platform/http/paging";
import { routesOf } from "../../platform/http/route-def";
import { ZChildParams, ZDeletedReply, ZIdParams } from "../../platform/http/schemas";
import {
  acceptInvitation,
  declineInvitation,
  myInvitations,
  revokeInvitation,
  searchPeople,
} from "./invitations";
import { presentInvitation } from "./presenter";
import * as repo from "./repository/invitations";
import { grantOf, groupPolicy, tags } from "./route-kit";
import type { TGroupsContext } from "./service";

export function invitationRoutes(app: FastifyInstance, ctx: TGroupsContext) {
  const add = routesOf(app, tags);
  const can = groupPolicy(ctx);

  add({
    method: "GET",
    url: "/groups/:id/people",
    summary:
      "People to invite: those who share a listing or a group with me, by name (at least 2 letters; at most 20; group admins)",
    description:
      "Each with name, avatar, what they share with me and whether they are in the group or invited already; never an e-mail address.",
    access: can("members.write"),
    params: ZIdParams,
    query: ZPeopleQuery,
    response: zDataEnvelope(z.array(ZSharedPerson)),
    handler: async (request) =>
      envelope(await searchPeople(ctx, grantOf(request), principalOf(request), request.query.text)),
  });
  add({
    method: "GET",
    url: "/groups/:id/invitations",
    summary: "The group's invitations waiting for an answer (group admins)",
    access: can("members.write"),
    params: ZIdParams,
    query: ZPagedQuery,
    response: zListEnvelope(ZGroupInvitation),
    handler: async (request) => {
      const page = await repo.listInvitations(
        ctx.db,
        grantOf(request).group.id,
        toWindow(request.query),
      );
      return listEnvelope(page.rows.map(presentInvitation), page.count);
    },
  });
  add({
    method: "DELETE",
    url: "/groups/:id/invitations/:childId",
    summary: "Take back an invitation (group admins)",
    access: can("members.write"),
    params: ZChildParams,
    response: ZDeletedReply,
    handler: async (request) => {
      await revokeInvitation(ctx, grantOf(request), request.params.childId);
      return envelope({ id: request.params.childId, deleted: true as const });
    },
  });

  add({
    method: "GET",
    url: "/groups/invitations/my",
    summary: "The invitations to groups waiting for my answer, newest first",
    access: access.signedIn,
    response: zListEnvelope(ZGroupInvitation),
    handler: async (request) => {
      const rows = await myInvitations(ctx, principalOf(request));
      return listEnvelope(rows.map(presentInvitation), rows.length);
    },
  });
  addInvitationAnswers(app, tags, {
    prefix: "/groups/invitations",
    joins: "the group",
    accept: (principal, id) => acceptInvitation(ctx, principal, id),
    decline: (principal, id) => declineInvitation(ctx, principal, id),
    response: zDataEnvelope(ZGroupInvitationAnswer),
    target: (invitation) => ({ groupId: invitation.groupId }),
  });
}
