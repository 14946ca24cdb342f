// Who may do what with a shortlist: its owner everything; everyone else nothing (a stranger gets
// 404, as if it did not exist); anyone with the share link reads its public rows.
import type { FastifyRequest } from "fastify";
import { access, principalOf } from "../../platform/http/access";
import type { TShortlistsContext } from "./service";
import { ownedShortlist } from "./service";

/** The shortlist `:id` addresses, for its owner only (401 for visitors, 404 for the rest). */
export const ownerOnly = (ctx: TShortlistsContext) =>
  access.policy<FastifyRequest & { params: { id: string } }>("shortlist.owner", async (request) => {
    await ownedShortlist(ctx, request.params.id, principalOf(request).userId);
  });
