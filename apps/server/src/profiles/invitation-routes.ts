// The invitee's side of invitations to listings, across kinds: mine, accept, decline.
import {
  ZInvitationAnswer,
  ZProfileInvitation,
  zDataEnvelope,
  zListEnvelope,
} from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { access, principalOf } from "../platform/http/access";
import { listEnvelope } from "../platform/http/envelope";
import { addInvitationAnswers } from "../platform/http/invitation-answers";
import { routesOf } from "../platform/http/route-def";
import { acceptInvitation, declineInvitation, myInvitations } from "./invitations";
import { presentInvitation } from "./presenter";
import type { TProfilesContext } from "./service";

export async function invitationRoutes(app: FastifyInstance, options: { ctx: TProfilesContext }) {
  const { ctx } = options;
  const tags = ["invitations"];
  const add = routesOf(app, tags);
  add({
    method: "GET",
    url: "/invitations/my",
    summary: "The invitations to listings waiting for my answer",
    access: access.signedIn,
    response: zListEnvelope(ZProfileInvitation),
    handler: async (request) => {
      const viewer = principalOf(request);
      const rows = await myInvitations(ctx, viewer);
      return listEnvelope(
        rows.map((row) => presentInvitation(row, viewer)),
        rows.length,
      );
    },
  });
  addInvitationAnswers(app, tags, {
    prefix: "/invitations",
    joins: "the listing",
    accept: (principal, id) => acceptInvitation(ctx, principal, id),
    decline: (principal, id) => declineInvitation(ctx, principal, id),
    response: zDataEnvelope(ZInvitationAnswer),
    target: (invitation) => ({ profileId: invitation.profileId }),
  });
}
