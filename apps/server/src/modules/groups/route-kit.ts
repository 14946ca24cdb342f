// What the group routes share: the group policy (an access rule per ability on the group in
// `:id`, whose grant the handler of the same request reads back), and their common schemas.
import { zDataEnvelope } from "@hostfield/domain/contracts";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { access, principalOf } from "../../platform/http/access";
import type { TRequestWithParams } from "../../platform/http/route-def";
import type { TLinker } from "./presenter";
import * as groups from "./service";

export const tags = ["groups"];

/** What the group policy granted, kept for the handler of the same request. */
const granted = new WeakMap<FastifyRequest, groups.TGroupAccess>();

/** The group and the caller's abilities in it, as the route's `can(…)` rule found them. */
export const grantOf = (request: FastifyRequest) => granted.get(request)!;

/** Access rules on the group in `:id`: `can(ability)` lets through the callers who hold it. */
export function groupPolicy(ctx: groups.TGroupsContext) {
  return (ability: groups.TGroupAbility) =>
    access.policy<TRequestWithParams<{ id: string }>>(
      `'${ability}' on the group`,
      async (request) => {
        const g = await groups.accessGroup(ctx, request.params.id, principalOf(request));
        groups.requireGroupAbility(g, ability);
        granted.set(request, g);
      },
    );
}

/** Links to the group's files signed for the caller (who is signed in on every group route). */
export const linkerOf =
  (ctx: groups.TGroupsContext) =>
  (request: FastifyRequest): TLinker => {
    const { userId } = principalOf(request);
    return {
      file: (key) => ctx.fileLinks.linkFor(key, userId),
      text: (body) => ctx.fileLinks.signLinksIn(body, userId),
    };
  };

/** The reply of the `…/my/entitlements` calls. */
export const ZAbilities = zDataEnvelope(z.array(z.string()));

/** The filter of members and files: text in a name or title. */
export const ZTextFilter = z.object({ text: z.string().trim().max(200).optional() });
