// A listing's members (or managers): list, invite by user id or e-mail (and list or take back the
// pending invitations), change roles, remove or leave.
import {
  MEMBER_ROLES,
  ZPatchBody,
  ZProfileInvitation,
  ZProfileMember,
  ZProfileMemberCreate,
  zDataBody,
  zDataEnvelope,
  zListEnvelope,
} from "@hostfield/domain/contracts";
import { STAFF_ROLES } from "@hostfield/domain/reference";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { access } from "../platform/http/access";
import { envelope, listEnvelope } from "../platform/http/envelope";
import { notFound, validationFailed } from "../platform/http/errors";
import { applyJsonPatch } from "../platform/http/json-patch";
import { toWindow, ZPagedQuery } from "../platform/http/paging";
import type { TRequestOf, TRequestWithParams } from "../platform/http/route-def";
import { ZChildParams, ZDeletedReply, ZIdParams } from "../platform/http/schemas";
import type { TKindDescriptor } from "./descriptor";
import { inviteMember, revokeInvitation } from "./invitations";
import { presentInvitation, presentMember } from "./presenter";
import * as repo from "./repository";
import { grantOf, keepGrant, profileRouteKit } from "./route-kit";
import * as profiles from "./service";

const ZMemberChange = z.object({
  role: z.enum(MEMBER_ROLES),
  staffRole: z.enum(STAFF_ROLES).nullable(),
});
const ZMemberFilter = zDataBody(
  z.object({
    text: z.string().max(200).optional(),
    roles: z.array(z.enum(MEMBER_ROLES)).optional(),
  }),
).optional();

export function registerMembers(
  app: FastifyInstance,
  d: TKindDescriptor,
  ctx: profiles.TProfilesContext,
) {
  const { add, can, listPair, principalOf } = profileRouteKit(app, d, ctx);
  const path = `/${d.path}/:id/${d.memberWord}`;
  const ZList = zListEnvelope(ZProfileMember);
  const list = async (
    request: TRequestOf<typeof ZIdParams, typeof ZPagedQuery, typeof ZMemberFilter>,
  ) => {
    const page = await repo.listMembers(
      ctx.db,
      grantOf(request).profile.id,
      toWindow(request.query),
      request.body?.data ?? {},
    );
    return listEnvelope(
      page.rows.map((m) => presentMember(m, grantOf(request))),
      page.count,
    );
  };
  const listing = {
    summary: `The ${d.label}'s ${d.memberWord}`,
    access: can("profile.readPrivate"),
    params: ZIdParams,
    query: ZPagedQuery,
    body: ZMemberFilter,
    response: ZList,
    handler: list,
  };
  listPair({ ...listing, url: path, filteredSummary: `${listing.summary} (filtered)` });
  // Other words the catalogue uses for the same filter (organizations: `managers`).
  for (const word of d.memberFilterAliases) {
    add({
      ...listing,
      method: "POST",
      url: `/${d.path}/:id/${word}/filtered`,
      summary: `${listing.summary} (filtered)`,
    });
  }
  add({
    method: "POST",
    url: path,
    summary:
      "Invite a member by user id or e-mail; they join when they accept (owners only invite owners)",
    description:
      "An e-mail address is invited alike whether an account has it or not (one without gets a sign-up invitation); the reply never names the person behind an address.",
    access: can("members.write"),
    params: ZIdParams,
    body: zDataBody(ZProfileMemberCreate),
    status: 201,
    response: zDataEnvelope(ZProfileInvitation),
    handler: async (request) => {
      const invitation = await inviteMember(
        ctx,
        d,
        grantOf(request),
        principalOf(request),
        request.body.data,
      );
      return envelope(presentInvitation(invitation, principalOf(request)));
    },
  });
  add({
    method: "GET",
    url: `${path}/invitations`,
    summary: `The ${d.label}'s pending invitations`,
    access: can("members.write"),
    params: ZIdParams,
    query: ZPagedQuery,
    response: zListEnvelope(ZProfileInvitation),
    handler: async (request) => {
      const page = await repo.listInvitations(
        ctx.db,
        grantOf(request).profile.id,
        toWindow(request.query),
      );
      const viewer = principalOf(request);
      return listEnvelope(
        page.rows.map((row) => presentInvitation(row, viewer)),
        page.count,
      );
    },
  });
  add({
    method: "DELETE",
    url: `${path}/invitations/:childId`,
    summary: "Take back a pending invitation",
    access: can("members.write"),
    params: ZChildParams,
    response: ZDeletedReply,
    handler: async (request) => {
      await revokeInvitation(ctx, grantOf(request), request.params.childId);
      return envelope({ id: request.params.childId, deleted: true as const });
    },
  });
  const one = async (request: TRequestWithParams<{ childId: string }>) => {
    const member = await repo.findMember(
      ctx.db,
      grantOf(request).profile.id,
      request.params.childId,
    );
    if (!member) throw notFound("The member");
    return member;
  };
  add({
    method: "GET",
    url: `${path}/:childId`,
    summary: "One member",
    access: can("profile.readPrivate"),
    params: ZChildParams,
    response: zDataEnvelope(ZProfileMember),
    handler: async (r) => envelope(presentMember(await one(r), grantOf(r))),
  });
  add({
    method: "PATCH",
    url: `${path}/:childId`,
    summary: "Change a member's role or staff role (JSON Patch)",
    access: can("members.write"),
    params: ZChildParams,
    body: ZPatchBody,
    response: zDataEnvelope(ZProfileMember),
    handler: async (request) => {
      const current = await one(request);
      const before = { role: current.role, staffRole: current.staffRole };
      const after = ZMemberChange.safeParse(applyJsonPatch(before, request.body));
      if (!after.success)
        throw validationFailed("Only role and staffRole can change, to listed values.");
      const updated = await profiles.changeMember(
        ctx,
        grantOf(request),
        principalOf(request),
        current.id,
        after.data,
      );
      return envelope(presentMember(updated, grantOf(request)));
    },
  });
  add({
    method: "DELETE",
    url: `${path}/:childId`,
    summary: "Remove a member (or leave, for oneself)",
    access: access.policy<TRequestWithParams<{ id: string; childId: string }>>(
      `'members.write' on the ${d.label}, or the member themselves`,
      async (request) => {
        const { id, childId } = request.params;
        const g = await profiles.accessProfile(ctx, d, id, request.principal);
        keepGrant(request, g);
        if (g.abilities.includes("members.write")) return;
        const member = await repo.findMember(ctx.db, id, childId);
        if (member && member.userId === request.principal?.userId) return;
        profiles.requireAbility(d, g, "members.write", request.principal);
      },
    ),
    params: ZChildParams,
    response: ZDeletedReply,
    handler: async (request) => {
      const { childId } = request.params;
      await profiles.removeMember(ctx, grantOf(request), principalOf(request), childId);
      return envelope({ id: childId, deleted: true as const });
    },
  });
}
