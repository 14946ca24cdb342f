// The invitee's side of invitations to listings, across kinds: mine, accept, decline.
import {
  ZInvitationAnswer,
  ZProfileInvitation,
  zDataEnvelope,
  zListEnvelope,
} from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { access, principalOf } from "../platform/http/access";
import { envelope, listEnvelope } from "../platform/http/envelope";
import { routesOf } from "../platform/http/route-def";
import { ZIdParams } from "../platform/http/schemas";
import { acceptInvitation, declineInvitation, myInvitations } from "./invitations";
import { presentInvitation } from "./presenter";
import type { TProfilesContext } from "./service";

export async function invitationRoutes(app: FastifyInstance, options: { ctx: TProfilesContext }) {
  const { ctx } = options;
  const add = routesOf(app, ["invitations"]);
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
  // Only the invitee answers; anyone else's invitation is not found.
  for (const answer of ["accept", "decline"] as const) {
    add({
      method: "POST",
      url: `/invitations/:id/${answer}`,
      summary:
        answer === "accept"
          ? "Accept an invitation: I join the listing in the role I was invited to"
          : "Decline an invitation",
      access: access.signedIn,
      params: ZIdParams,
      response: zDataEnvelope(ZInvitationAnswer),
      handler: async (request) => {
        const done = answer === "accept" ? acceptInvitation : declineInvitation;
        const { invitation, memberId } = await done(ctx, principalOf(request), request.params.id);
        return envelope({
          id: invitation.id,
          answer: answer === "accept" ? ("accepted" as const) : ("declined" as const),
          profileId: invitation.profileId,
          memberId,
        });
      },
    });
  }
}
