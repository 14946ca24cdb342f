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
import { SPONSORED_PER_PAGE } from "@hostfield/domain/rules";
import type { FastifyInstance } from "fastify";
import type { TDb } from "../platform/db/database";
import { access, type TPrincipal } from "../platform/http/access";
import { envelope, listEnvelope } from "../platform/http/envelope";
import { toWindow, ZSearchPagedQuery } from "../platform/http/paging";
import { reactionKind, type TKindDescriptor } from "./descriptor";
import { presentProfile } from "./presenter";
import * as repo from "./repository";
import { profileRouteKit } from "./route-kit";
import { findProfilePage, type TSearchRow } from "./search/repository";
import { searchProfileStats, searchProfiles, type TSearchProfilesInput } from "./search/service";
import * as profiles from "./service";

const ZSearchBody = zDataBody(ZProfileSearchFilter).optional();

/**
 * Search rows as the marketplace shows them: the rows carry every shared column; only the kind's
 * details and sports (and whether the caller reacted) are added, for the page only.
 */
async function presentFound(
  ctx: profiles.TProfilesContext,
  target: TKindDescriptor,
  rows: readonly TSearchRow[],
  principal: TPrincipal | null,
) {
  const ids = rows.map((r) => r.id);
  const details = await repo.loadDetails(ctx.db, target.detail.table, ids);
  const [mine, extras] = await Promise.all([
    principal ? repo.reactedProfileIds(ctx.db, principal.userId, reactionKind(target), ids) : null,
    target.cardExtras?.(ctx.db, ids, profiles.today()) ?? null,
  ]);
  return rows.map((r) =>
    presentProfile(
      target,
      {
        ...r,
        detail: details.get(r.id)?.detail ?? null,
        sports: details.get(r.id)?.sports ?? [],
      },
      {
        distanceMiles: r.distanceMiles,
        ...(mine ? { myReaction: mine.has(r.id) } : {}),
        ...(extras ? { featuredDeal: extras.get(r.id)?.featuredDeal ?? null } : {}),
      },
    ),
  );
}

/** Which listed listings of a kind a page around a place shows (a destination, a state). */
export type TListedQuery = {
  point?: { lat: number; lng: number };
  miles?: number;
  stateNames?: readonly string[];
  /** Listed under this listing (a destination's facilities). */
  parentId?: string;
  /** Kinds with dates: those not over before this day (YYYY-MM-DD). */
  from?: string;
};

/**
 * One page of listed listings of a kind, presented as the marketplace presents them, and the total.
 * A public read: `db` may be the one `app.reads` picked for the request (the read replica).
 */
export async function listedPage(
  ctx: profiles.TProfilesContext,
  target: TKindDescriptor,
  query: TListedQuery,
  order: "likes" | "distance" | "soonest",
  window: { limit: number; offset: number },
  db: TDb = ctx.db,
) {
  const found = await findProfilePage(
    db,
    {
      kind: target,
      point: query.point,
      radiusMiles: query.point ? query.miles : undefined,
      stateNames: query.stateNames,
      parentId: query.parentId,
      dates: query.from ? { from: query.from } : undefined,
    },
    { order, sponsoredLead: false, today: profiles.today(), window },
  );
  return {
    rows: await presentFound({ ...ctx, db }, target, found.rows, null),
    count: found.count,
    capped: found.capped,
  };
}

/**
 * `POST {path}` and `{path}/stats`: the marketplace search over the listed profiles of `target`
 * (facilities also search destinations). Results keep the search's order, with details loaded for
 * the page only. Both are public reads that change nothing (`readOnly`): they read where
 * `app.reads` says (the read replica, if any), the whole page from the same database.
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
    freeInWindow: ctx.freeInWindow,
    ...options.narrow,
  });
  add({
    method: "POST",
    url: path,
    summary:
      options.summary ??
      `Search listed ${target.path}: filters, text, near a place within a radius; in the best match, at most ${SPONSORED_PER_PAGE} boosted today lead the first page (sponsored)`,
    access: access.public,
    config: { readOnly: true },
    query: ZSearchPagedQuery,
    body: ZSearchBody,
    response: zListEnvelope(zProfile(target.detail.schema)),
    handler: (request) =>
      app.reads.read(request, async (db) => {
        const found = await searchProfiles(db, {
          ...input(request.body),
          window: toWindow(request.query),
        });
        const data = await presentFound({ ...ctx, db }, target, found.rows, request.principal);
        return listEnvelope(data, found.count, found.capped);
      }),
  });
  if (options.stats === false) return;
  add({
    method: "POST",
    url: `${path}/stats`,
    summary: `How many listed ${target.path} match, by sport, state, type, amenity and tier`,
    access: access.public,
    config: { readOnly: true },
    body: ZSearchBody,
    response: zDataEnvelope(ZProfileSearchStats),
    handler: (request) =>
      app.reads.read(request, async (db) =>
        envelope(await searchProfileStats(db, input(request.body))),
      ),
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
