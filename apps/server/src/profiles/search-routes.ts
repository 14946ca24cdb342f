// The marketplace search of a kind (`POST …/search` and its facet counts) and the caller's saved
// searches (`PUT …/search/filters`).
import {
  ZProfileSearchFilter,
  ZProfileSearchStats,
  ZSearchPresets,
  zDataBody,
  zDataEnvelope,
  zListEnvelope,
  zProfile,
} from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { access } from "../platform/http/access";
import { envelope, listEnvelope } from "../platform/http/envelope";
import { toWindow, ZPagedQuery } from "../platform/http/paging";
import { reactionKind, type TKindDescriptor } from "./descriptor";
import { presentProfile } from "./presenter";
import * as repo from "./repository";
import { profileRouteKit } from "./route-kit";
import { searchProfileStats, searchProfiles, type TSearchProfilesInput } from "./search/service";
import * as profiles from "./service";

const ZSearchBody = zDataBody(ZProfileSearchFilter).optional();

/**
 * `POST {path}` and `{path}/stats`: the marketplace search over the listed profiles of `target`
 * (facilities also search destinations). Results keep the search's order, with details loaded for
 * the page only.
 */
export function registerSearch(
  app: FastifyInstance,
  d: TKindDescriptor,
  ctx: profiles.TProfilesContext,
  path: string,
  target: TKindDescriptor,
  options: {
    /** Narrows every search of this route (the Marketed events marketplace). */
    narrow?: Pick<TSearchProfilesInput, "category">;
    summary?: string;
    /** Also `{path}/stats`, the facet counts (default). */
    stats?: boolean;
  } = {},
) {
  const { add } = profileRouteKit(app, d, ctx);
  const input = (body: { data?: TSearchProfilesInput["filter"] } | undefined) => ({
    kind: target,
    filter: body?.data ?? {},
    today: profiles.today(),
    geocode: ctx.geocode,
    ...options.narrow,
  });
  add({
    method: "POST",
    url: path,
    summary:
      options.summary ??
      `Search listed ${target.path}: filters, text, near a place within a radius; boosted first`,
    access: access.public,
    query: ZPagedQuery,
    body: ZSearchBody,
    response: zListEnvelope(zProfile(target.detail.schema)),
    handler: async (request) => {
      const found = await searchProfiles(ctx.db, {
        ...input(request.body),
        window: toWindow(request.query),
      });
      // The search rows carry every shared column; only the kind's details and sports are added.
      const ids = found.rows.map((r) => r.id);
      const details = await repo.loadDetails(ctx.db, target.detail.table, ids);
      const mine = request.principal
        ? await repo.reactedProfileIds(ctx.db, request.principal.userId, reactionKind(target), ids)
        : null;
      const data = found.rows.map((r) =>
        presentProfile(
          target,
          {
            ...r,
            detail: details.get(r.id)?.detail ?? null,
            sports: details.get(r.id)?.sports ?? [],
          },
          { distanceMiles: r.distanceMiles, ...(mine ? { myReaction: mine.has(r.id) } : {}) },
        ),
      );
      return listEnvelope(data, found.count);
    },
  });
  if (options.stats === false) return;
  add({
    method: "POST",
    url: `${path}/stats`,
    summary: `How many listed ${target.path} match, by sport, state, type, amenity and tier`,
    access: access.public,
    body: ZSearchBody,
    response: zDataEnvelope(ZProfileSearchStats),
    handler: async (request) => envelope(await searchProfileStats(ctx.db, input(request.body))),
  });
}

/**
 * `PUT {path}`: the caller's saved searches under `key` (a kind, or a narrower marketplace such
 * as `event:marketed`): presets replace them, no data reads them.
 */
export function registerSearchPresets(
  app: FastifyInstance,
  d: TKindDescriptor,
  ctx: profiles.TProfilesContext,
  path: string,
  key: string,
  summary: string,
) {
  const { add, principalOf } = profileRouteKit(app, d, ctx);
  add({
    method: "PUT",
    url: path,
    summary,
    access: access.signedIn,
    body: zDataBody(ZSearchPresets.nullable().optional()),
    response: zDataEnvelope(ZSearchPresets),
    handler: async (request) => {
      const userId = principalOf(request).userId;
      const presets = request.body.data;
      if (presets) await repo.savePresets(ctx.db, userId, key, presets);
      return envelope(ZSearchPresets.parse(await repo.findPresets(ctx.db, userId, key)));
    },
  });
}
