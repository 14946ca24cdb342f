// What every route of a kind shares: its tag, the access rule "holds an ability on the listing
// in :id" (which keeps what it granted for the handler), and the list-pair helper.
import type { TProfileAbility } from "@hostfield/domain/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import { access, principalOf, type TAccess } from "../platform/http/access";
import { unauthorized } from "../platform/http/errors";
import {
  addListRoutes,
  routesOf,
  type TRequestOf,
  type TRequestWithParams,
} from "../platform/http/route-def";
import type { TKindDescriptor } from "./descriptor";
import * as profiles from "./service";

/** What the policy of the addressed listing granted, kept for the handler of the same request. */
const granted = new WeakMap<FastifyRequest, profiles.TProfileAccess>();
export const grantOf = (request: FastifyRequest) => granted.get(request)!;
/** For policies that decide more than one ability: what they found, for the handler. */
export const keepGrant = (request: FastifyRequest, grant: profiles.TProfileAccess) =>
  granted.set(request, grant);

/** A request that addresses one listing by `:id`. */
export type TListingRequest = TRequestWithParams<{ id: string }>;

export function profileRouteKit(
  app: FastifyInstance,
  d: TKindDescriptor,
  ctx: profiles.TProfilesContext,
) {
  const tags = [d.path];
  const add = routesOf(app, tags);

  /**
   * Access rule: the caller holds `ability` on the listing in `:id` (which must be of this kind).
   * Everything beyond reading needs a signed-in caller; `signedIn` asks it of reading too.
   * `through` names a listing that `:id` is not itself (a partner link's): how to find it (throws
   * 404 when there is none) and what the rule calls it.
   */
  const can = (
    ability: TProfileAbility,
    signedIn = ability !== "profile.read",
    through?: { what: string; listingId(request: TListingRequest): Promise<string> },
  ): TAccess<TListingRequest> =>
    access.policy<TListingRequest>(
      `'${ability}' on the ${through?.what ?? d.label}${signedIn && ability === "profile.read" ? ", signed in" : ""}`,
      async (request) => {
        // Say so before anything else.
        if (signedIn && !request.principal) throw unauthorized();
        const listingId = through ? await through.listingId(request) : request.params.id;
        const g = await profiles.accessProfile(ctx, d, listingId, request.principal);
        profiles.requireAbility(d, g, ability, request.principal);
        keepGrant(request, g);
      },
    );

  /** `GET {url}` and `POST {url}/filtered`, answered alike. */
  const listPair = <
    P extends z.ZodType | undefined,
    Q extends z.ZodType | undefined,
    B extends z.ZodType,
    R extends z.ZodType,
  >(
    def: Parameters<typeof addListRoutes<P, Q, B, R>>[2],
  ) => addListRoutes<P, Q, B, R>(app, tags, def);

  return { add, can, listPair, principalOf };
}

export type TListRequest<
  P extends z.ZodType | undefined,
  Q extends z.ZodType,
  B extends z.ZodType,
> = TRequestOf<P, Q, B | undefined>;
