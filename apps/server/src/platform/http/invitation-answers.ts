// The invitee's answer to an invitation of any kind (to a listing, to a group):
// `POST {prefix}/{id}/accept` and `POST {prefix}/{id}/decline`. Only the invitee answers: the
// service functions find no one else's invitation.
import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import { access, principalOf, type TPrincipal } from "./access";
import { envelope } from "./envelope";
import { routesOf } from "./route-def";
import { ZIdParams } from "./schemas";

type TAnswered<I> = { invitation: I; memberId: string | null };
type TAnswer<I> = (principal: TPrincipal, invitationId: string) => Promise<TAnswered<I>>;

export function addInvitationAnswers<I extends { id: string }, R extends z.ZodTypeAny>(
  app: FastifyInstance,
  tags: readonly string[],
  def: {
    /** The invitations' path: `/invitations`, `/groups/invitations`. */
    prefix: string;
    /** What an accepted invitation joins, as the summary says it: "the listing", "the group". */
    joins: string;
    accept: TAnswer<I>;
    decline: TAnswer<I>;
    /** The reply's data envelope; its data is the answer plus `target`'s fields. */
    response: R;
    /** What the invitation was to, in the reply: `{ groupId }`, `{ profileId }`. */
    target: (invitation: I) => Record<string, string>;
  },
) {
  const add = routesOf(app, tags);
  for (const answer of ["accept", "decline"] as const) {
    add({
      method: "POST",
      url: `${def.prefix}/:id/${answer}`,
      summary:
        answer === "accept"
          ? `Accept an invitation: I join ${def.joins} in the role I was invited to`
          : `Decline an invitation to ${def.joins}`,
      access: access.signedIn,
      params: ZIdParams,
      response: def.response,
      handler: async (request) => {
        const { invitation, memberId } = await def[answer](principalOf(request), request.params.id);
        return envelope({
          id: invitation.id,
          answer: answer === "accept" ? ("accepted" as const) : ("declined" as const),
          ...def.target(invitation),
          memberId,
        }) as z.input<R>;
      },
    });
  }
}
