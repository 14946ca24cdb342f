// Builds a kind's standard routes from its descriptor: the profile calls, the listing calls and
// every shared child collection. Kind modules add only their special routes beside these.
import {
  type TProfileAbility,
  type TProfileSearchFilter,
  ZBoostDates,
  ZNamedChild,
  ZPatchBody,
  ZProfileBoost,
  ZProfileListFilter,
  ZProfileMedia,
  ZProfileMember,
  ZProfileMemberCreate,
  ZProfilePartner,
  ZProfileReaction,
  ZProfileSearchFilter,
  ZProfileSearchStats,
  ZProfileSpaceType,
  ZSearchPresets,
  ZSpaceTypeInput,
  ZSportName,
  zDataBody,
  zDataEnvelope,
  zListEnvelope,
  zProfile,
  zProfileCreate,
} from "@hostfield/domain/contracts";
import { AMENITY_NAMES, STAFF_ROLES } from "@hostfield/domain/reference";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { readUpload } from "../platform/files/upload";
import { access, principalOf, type TAccess } from "../platform/http/access";
import { envelope, listEnvelope } from "../platform/http/envelope";
import { AppError, notFound, unauthorized, validationFailed } from "../platform/http/errors";
import { applyJsonPatch } from "../platform/http/json-patch";
import { toWindow, ZPagedQuery } from "../platform/http/paging";
import { routesOf } from "../platform/http/route-def";
import { myReactionPath, reactionKind, type TKindDescriptor } from "./descriptor";
import { registerCompanyLinks, registerDescriptionDraft, registerPlaceLookup } from "./extras";
import { iso, mediaRef, presentMember, presentProfile } from "./presenter";
import * as repo from "./repository";
import { searchProfileStats, searchProfiles, type TSearchProfilesInput } from "./search/service";
import * as profiles from "./service";

const ZId = z.object({ id: z.uuid() });
const ZChild = z.object({ id: z.uuid(), childId: z.uuid() });
const ZDeleted = zDataEnvelope(z.object({ id: z.uuid(), deleted: z.literal(true) }));
const ZBoostRange = ZPagedQuery.extend({
  startDate: z.iso.date().optional(),
  endDate: z.iso.date().optional(),
});

/** What the policy of the addressed profile granted, kept for the handler of the same request. */
const granted = new WeakMap<FastifyRequest, profiles.TProfileAccess>();
export const grantOf = (request: FastifyRequest) => granted.get(request)!;

export function profileRouteKit(
  app: FastifyInstance,
  d: TKindDescriptor,
  ctx: profiles.TProfilesContext,
) {
  const add = routesOf(app, [d.path]);

  /** Access rule: the caller holds `ability` on the profile in `:id` (which must be of this kind). */
  const can = (ability: TProfileAbility) =>
    access.policy(`'${ability}' on the ${d.label}`, async (request) => {
      // Everything beyond reading needs a signed-in caller: say so before anything else.
      if (ability !== "profile.read" && !request.principal) throw unauthorized();
      const { id } = request.params as { id: string };
      const g = await profiles.accessProfile(ctx, d, id, request.principal);
      profiles.requireAbility(d, g, ability, request.principal);
      granted.set(request, g);
    });

  return { add, can, principalOf };
}

export async function profileRoutes(
  app: FastifyInstance,
  options: { descriptor: TKindDescriptor; ctx: profiles.TProfilesContext },
) {
  const { descriptor: d, ctx } = options;
  const { add, can, principalOf } = profileRouteKit(app, d, ctx);
  const base = `/${d.path}`;
  const ZItem = zProfile(d.detail.schema);
  const ZList = zListEnvelope(ZItem);
  const present = (p: repo.TLoadedProfile, myReaction?: boolean) =>
    presentProfile(d, p, myReaction === undefined ? {} : { myReaction });

  // ---- listing calls ----
  const listing =
    (scope: (request: FastifyRequest) => profiles.TListScope) =>
    async (request: FastifyRequest) => {
      const query = request.query as z.infer<typeof ZPagedQuery>;
      const body = request.body as { data?: z.infer<typeof ZProfileListFilter> } | undefined;
      const page = await profiles.listProfiles(
        ctx,
        d,
        request.principal,
        scope(request),
        body?.data ?? {},
        toWindow(query),
      );
      return listEnvelope(
        page.rows.map((p) => present(p, page.myReactions ? page.myReactions.has(p.id) : undefined)),
        page.count,
      );
    };
  const listPair = (
    path: string,
    summary: string,
    rule: TAccess,
    scope: (request: FastifyRequest) => profiles.TListScope,
    params?: z.ZodType,
  ) => {
    add({
      method: "GET",
      url: path,
      summary,
      access: rule,
      params,
      query: ZPagedQuery,
      response: ZList,
      handler: listing(scope),
    });
    add({
      method: "POST",
      url: `${path}/filtered`,
      summary: `${summary} (filtered)`,
      access: rule,
      params,
      query: ZPagedQuery,
      body: zDataBody(ZProfileListFilter),
      response: ZList,
      handler: listing(scope),
    });
  };
  listPair(base, `Listed ${d.path} (admins also see pending ones)`, access.public, () => ({
    kind: "all",
  }));
  listPair(`${base}/my`, `The ${d.path} I belong to`, access.signedIn, (r) => ({
    kind: "mine",
    userId: principalOf(r).userId,
  }));
  listPair(
    `${base}/${myReactionPath(d)}`,
    `The ${d.path} I ${d.reaction === "likes" ? "like" : "follow"}`,
    access.signedIn,
    (r) => ({
      kind: "reacted",
      userId: principalOf(r).userId,
    }),
  );
  add({
    method: "GET",
    url: `${base}/public/:userId`,
    summary: `The listed ${d.path} a member belongs to`,
    access: access.public,
    params: z.object({ userId: z.uuid() }),
    query: ZPagedQuery,
    response: ZList,
    handler: listing((r) => ({
      kind: "publicOf",
      userId: (r.params as { userId: string }).userId,
    })),
  });

  registerSearch(app, d, ctx, `${base}/search`, d);
  registerSearchPresets(
    app,
    d,
    ctx,
    `${base}/search/filters`,
    d.kind,
    "My saved searches: send presets to replace them, or no data to read them",
  );

  // ---- one profile ----
  add({
    method: "POST",
    url: base,
    summary: `Create a ${d.label} (pending until an admin approves it; I become its owner)`,
    access: access.signedIn,
    body: zDataBody(zProfileCreate(d.detail.schema)),
    status: 201,
    response: zDataEnvelope(ZItem),
    handler: async (request) => {
      const data = (request.body as { data: Record<string, unknown> & { name: string } }).data;
      const created = await profiles.createProfile(ctx, d, principalOf(request), data);
      return envelope(present(created));
    },
  });
  const readOne = async (request: FastifyRequest) => {
    const { id } = request.params as { id: string };
    const loaded = await profiles.loadProfile(ctx, d, id);
    const mine = request.principal
      ? await repo.hasReaction(ctx.db, id, request.principal.userId, reactionKind(d))
      : undefined;
    return envelope(present(loaded, mine));
  };
  add({
    method: "GET",
    url: `${base}/:id`,
    summary: `One ${d.label}`,
    access: can("profile.read"),
    params: ZId,
    response: zDataEnvelope(ZItem),
    handler: readOne,
  });
  add({
    method: "GET",
    url: `${base}/:id/public`,
    summary: `One listed ${d.label}, as anyone sees it`,
    access: access.public,
    params: ZId,
    response: zDataEnvelope(ZItem),
    handler: async (request) => {
      const { id } = request.params as { id: string };
      return envelope(present(await profiles.loadListedProfile(ctx, d, id)));
    },
  });
  add({
    method: "PATCH",
    url: `${base}/:id`,
    summary: `Edit a ${d.label} (JSON Patch of its API shape)`,
    access: can("profile.update"),
    params: ZId,
    body: ZPatchBody,
    response: zDataEnvelope(ZItem),
    handler: async (request) => {
      const g = grantOf(request);
      const before = present(await profiles.loadProfile(ctx, d, g.profile.id)) as Record<
        string,
        unknown
      >;
      const after = applyJsonPatch(before, request.body);
      const updated = await profiles.updateProfile(ctx, d, g, principalOf(request), before, after);
      return envelope(present(updated));
    },
  });
  add({
    method: "DELETE",
    url: `${base}/:id`,
    summary: `Delete a ${d.label} with its media, members and links`,
    access: can("profile.delete"),
    params: ZId,
    response: ZDeleted,
    handler: async (request) => {
      await profiles.deleteProfile(ctx, grantOf(request).profile.id);
      return envelope({ id: grantOf(request).profile.id, deleted: true as const });
    },
  });
  add({
    method: "PUT",
    url: `${base}/:id/approve`,
    summary: `Approve a ${d.label} (admins; one-way)`,
    access: can("profile.approve"),
    params: ZId,
    response: zDataEnvelope(ZItem),
    handler: async (request) =>
      envelope(
        present(
          await profiles.approveProfile(ctx, d, grantOf(request).profile.id, principalOf(request)),
        ),
      ),
  });
  add({
    method: "GET",
    url: `${base}/:id/my/entitlements`,
    summary: `What I may do with this ${d.label}`,
    access: access.public,
    params: ZId,
    response: zDataEnvelope(z.array(z.string())),
    handler: async (request) => {
      const { id } = request.params as { id: string };
      const g = await profiles.accessProfile(ctx, d, id, request.principal);
      return envelope(g.abilities);
    },
  });

  // ---- boosts across the kind ----
  const kindBoosts = async (request: FastifyRequest) => {
    const q = request.query as z.infer<typeof ZBoostRange>;
    const page = await repo.listKindBoosts(
      ctx.db,
      d.kind,
      q,
      toWindow(q),
      !request.principal?.isAdmin,
    );
    return listEnvelope(
      page.rows.map((r) => presentBoost(r.boost, r.profileName)),
      page.count,
    );
  };
  const ZBoostList = zListEnvelope(ZProfileBoost);
  add({
    method: "GET",
    url: `${base}/boosts`,
    summary: `Boosts of listed ${d.path} overlapping the dates`,
    access: access.public,
    query: ZBoostRange,
    response: ZBoostList,
    handler: kindBoosts,
  });
  add({
    method: "POST",
    url: `${base}/boosts/filtered`,
    summary: `Boosts of listed ${d.path} overlapping the dates (filtered)`,
    access: access.public,
    query: ZBoostRange,
    body: zDataBody(z.object({}).loose()),
    response: ZBoostList,
    handler: kindBoosts,
  });

  // ---- children ----
  if (d.extras?.includes("placeLookup")) registerPlaceLookup(app, d, ctx);
  if (d.extras?.includes("companyLinks")) registerCompanyLinks(app, d, ctx);
  if (d.extras?.includes("descriptionDraft")) registerDescriptionDraft(app, d, ctx);
  registerReactions(app, d, ctx);
  registerMembers(app, d, ctx);
  for (const child of d.children) {
    if (child === "images" || child === "documents") registerMedia(app, d, ctx, child);
    if (child === "sports") registerSimpleChild(app, d, ctx, sportsChild);
    if (child === "amenities") registerSimpleChild(app, d, ctx, amenitiesChild);
    if (child === "spaceTypes") registerSimpleChild(app, d, ctx, spaceTypesChild);
    if (child === "boosts") registerSimpleChild(app, d, ctx, boostsChild);
    if (child === "partners") registerSimpleChild(app, d, ctx, partnersChild);
  }
}

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
    narrow?: Pick<TSearchProfilesInput, "eventCategory">;
    summary?: string;
    /** Also `{path}/stats`, the facet counts (default). */
    stats?: boolean;
  } = {},
) {
  const { add } = profileRouteKit(app, d, ctx);
  const input = (request: FastifyRequest) => ({
    kind: target.kind,
    filter: (request.body as { data?: TProfileSearchFilter } | undefined)?.data ?? {},
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
    body: zDataBody(ZProfileSearchFilter).optional(),
    response: zListEnvelope(zProfile(target.detail.schema)),
    handler: async (request) => {
      const found = await searchProfiles(ctx.db, {
        ...input(request),
        window: toWindow(request.query as z.infer<typeof ZPagedQuery>),
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
    body: zDataBody(ZProfileSearchFilter).optional(),
    response: zDataEnvelope(ZProfileSearchStats),
    handler: async (request) => envelope(await searchProfileStats(ctx.db, input(request))),
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
  const { add } = profileRouteKit(app, d, ctx);
  add({
    method: "PUT",
    url: path,
    summary,
    access: access.signedIn,
    body: zDataBody(ZSearchPresets.nullable().optional()),
    response: zDataEnvelope(ZSearchPresets),
    handler: async (request) => {
      const userId = principalOf(request).userId;
      const presets = (request.body as { data?: unknown[] | null }).data;
      if (presets) await repo.savePresets(ctx.db, userId, key, presets);
      return envelope(ZSearchPresets.parse(await repo.findPresets(ctx.db, userId, key)));
    },
  });
}

function presentBoost(b: typeof repo.childTables.boosts.$inferSelect, profileName: string) {
  return {
    id: b.id,
    profileId: b.profileId,
    startDate: b.startDate,
    endDate: b.endDate,
    profileName,
    createdDate: iso(b.createdDate),
  };
}

// ---- reactions: likes or followers ------------------------------------------------------------

function registerReactions(
  app: FastifyInstance,
  d: TKindDescriptor,
  ctx: profiles.TProfilesContext,
) {
  const { add, can, principalOf } = profileRouteKit(app, d, ctx);
  const path = `/${d.path}/:id/${d.reaction}`;
  const kind = reactionKind(d);
  const list = async (request: FastifyRequest) => {
    const page = await repo.listReactions(
      ctx.db,
      grantOf(request).profile.id,
      kind,
      toWindow(request.query as never),
    );
    return listEnvelope(
      page.rows.map((r) => ({
        ...r,
        avatarUrl: mediaRef(r.avatarKey),
        createdDate: iso(r.createdDate),
      })),
      page.count,
    );
  };
  const ZList = zListEnvelope(ZProfileReaction);
  const word = d.reaction === "likes" ? "like" : "follow";
  add({
    method: "GET",
    url: path,
    summary: `Who ${word}s this ${d.label} (its members)`,
    access: can("profile.readPrivate"),
    params: ZId,
    query: ZPagedQuery,
    response: ZList,
    handler: list,
  });
  add({
    method: "POST",
    url: `${path}/filtered`,
    summary: `Who ${word}s this ${d.label} (filtered)`,
    access: can("profile.readPrivate"),
    params: ZId,
    query: ZPagedQuery,
    body: zDataBody(z.object({}).loose()).optional(),
    response: ZList,
    handler: list,
  });
  const ZCount = zDataEnvelope(
    z.object({ id: z.uuid(), count: z.number().int(), mine: z.boolean() }),
  );
  const counted = async (id: string, userId: string) => {
    const row = (await repo.findProfileRow(ctx.db, id))!;
    return envelope({
      id,
      count: kind === "like" ? row.likeCount : row.followerCount,
      mine: await repo.hasReaction(ctx.db, id, userId, kind),
    });
  };
  add({
    method: "POST",
    url: path,
    summary: `${word === "like" ? "Like" : "Follow"} this ${d.label} (idempotent)`,
    access: can("reactions.write"),
    params: ZId,
    body: z.unknown().optional(),
    response: ZCount,
    handler: async (request) => {
      const userId = principalOf(request).userId;
      await profiles.addReaction(ctx, grantOf(request).profile.id, userId, kind);
      return counted(grantOf(request).profile.id, userId);
    },
  });
  add({
    method: "DELETE",
    url: path,
    summary: `Remove my ${word} (idempotent)`,
    access: access.policy(`signed in, and the ${d.label} exists`, async (request) => {
      const principal = principalOf(request);
      const { id } = request.params as { id: string };
      const row = await repo.findProfileRow(ctx.db, id);
      if (!row || row.kind !== d.kind) throw profiles.profileNotFound(d);
      void principal;
    }),
    params: ZId,
    response: ZCount,
    handler: async (request) => {
      const { id } = request.params as { id: string };
      const userId = principalOf(request).userId;
      await repo.removeReactions(ctx.db, id, kind, { userId });
      return counted(id, userId);
    },
  });
  add({
    method: "DELETE",
    url: `${path}/:childId`,
    summary: `Remove someone's ${word} (managers and admins)`,
    access: can("profile.update"),
    params: ZChild,
    response: ZDeleted,
    handler: async (request) => {
      const { childId } = request.params as { childId: string };
      const removed = await repo.removeReactions(ctx.db, grantOf(request).profile.id, kind, {
        id: childId,
      });
      if (removed === 0) throw notFound(`The ${word}`);
      return envelope({ id: childId, deleted: true as const });
    },
  });
}

// ---- members or managers ---------------------------------------------------------------------

const ZMemberChange = z.object({
  role: z.enum(["owner", "manager", "member"]),
  staffRole: z.enum(STAFF_ROLES).nullable(),
});

function registerMembers(app: FastifyInstance, d: TKindDescriptor, ctx: profiles.TProfilesContext) {
  const { add, can, principalOf } = profileRouteKit(app, d, ctx);
  const path = `/${d.path}/:id/${d.memberWord}`;
  const ZList = zListEnvelope(ZProfileMember);
  const ZFilter = zDataBody(
    z.object({
      text: z.string().max(200).optional(),
      roles: z.array(z.enum(["owner", "manager", "member"])).optional(),
    }),
  ).optional();
  const list = async (request: FastifyRequest) => {
    const filter =
      (request.body as { data?: { text?: string; roles?: string[] } } | undefined)?.data ?? {};
    const page = await repo.listMembers(
      ctx.db,
      grantOf(request).profile.id,
      toWindow(request.query as never),
      filter,
    );
    return listEnvelope(
      page.rows.map((m) => presentMember(m)),
      page.count,
    );
  };
  add({
    method: "GET",
    url: path,
    summary: `The ${d.label}'s ${d.memberWord}`,
    access: can("profile.readPrivate"),
    params: ZId,
    query: ZPagedQuery,
    response: ZList,
    handler: list,
  });
  for (const word of [d.memberWord, ...(d.memberFilterAliases ?? [])]) {
    add({
      method: "POST",
      url: `/${d.path}/:id/${word}/filtered`,
      summary: `The ${d.label}'s ${d.memberWord} (filtered)`,
      access: can("profile.readPrivate"),
      params: ZId,
      query: ZPagedQuery,
      body: ZFilter,
      response: ZList,
      handler: list,
    });
  }
  if (d.kind === "facility") {
    add({
      method: "GET",
      url: `${path}/inherited`,
      summary: "Managers through the facility's destinations",
      access: can("profile.readPrivate"),
      params: ZId,
      query: ZPagedQuery,
      response: ZList,
      handler: async (request) => {
        const page = await repo.listInheritedManagers(
          ctx.db,
          grantOf(request).profile.id,
          toWindow(request.query as never),
        );
        return listEnvelope(
          page.rows.map((m) => presentMember(m, true)),
          page.count,
        );
      },
    });
  }
  add({
    method: "POST",
    url: path,
    summary: `Add a member by user id or e-mail (owners only add owners)`,
    access: can("members.write"),
    params: ZId,
    body: zDataBody(ZProfileMemberCreate),
    status: 201,
    response: zDataEnvelope(ZProfileMember),
    handler: async (request) => {
      const data = (request.body as { data: z.infer<typeof ZProfileMemberCreate> }).data;
      const member = await profiles.addMember(ctx, d, grantOf(request), principalOf(request), data);
      return envelope(presentMember(member));
    },
  });
  const one = async (request: FastifyRequest) => {
    const { childId } = request.params as { childId: string };
    const member = await repo.findMember(ctx.db, grantOf(request).profile.id, childId);
    if (!member) throw notFound("The member");
    return member;
  };
  add({
    method: "GET",
    url: `${path}/:childId`,
    summary: "One member",
    access: can("profile.readPrivate"),
    params: ZChild,
    response: zDataEnvelope(ZProfileMember),
    handler: async (r) => envelope(presentMember(await one(r))),
  });
  add({
    method: "PATCH",
    url: `${path}/:childId`,
    summary: "Change a member's role or staff role (JSON Patch)",
    access: can("members.write"),
    params: ZChild,
    body: ZPatchBody,
    response: zDataEnvelope(ZProfileMember),
    handler: async (request) => {
      const current = await one(request);
      const before = { role: current.role, staffRole: current.staffRole };
      const after = ZMemberChange.safeParse(applyJsonPatch(before, request.body));
      if (!after.success)
        throw new AppError(
          "VALIDATION_FAILED",
          400,
          "Only role and staffRole can change, to listed values.",
        );
      const updated = await profiles.changeMember(
        ctx,
        grantOf(request),
        principalOf(request),
        current.id,
        after.data,
      );
      return envelope(presentMember(updated));
    },
  });
  add({
    method: "DELETE",
    url: `${path}/:childId`,
    summary: "Remove a member (or leave, for oneself)",
    access: access.policy(
      `'members.write' on the ${d.label}, or the member themselves`,
      async (request) => {
        const { id, childId } = request.params as { id: string; childId: string };
        const g = await profiles.accessProfile(ctx, d, id, request.principal);
        granted.set(request, g);
        if (g.abilities.includes("members.write")) return;
        const member = await repo.findMember(ctx.db, id, childId);
        if (member && member.userId === request.principal?.userId) return;
        profiles.requireAbility(d, g, "members.write", request.principal);
      },
    ),
    params: ZChild,
    response: ZDeleted,
    handler: async (request) => {
      const { childId } = request.params as { childId: string };
      await profiles.removeMember(ctx, grantOf(request), principalOf(request), childId);
      return envelope({ id: childId, deleted: true as const });
    },
  });
}

// ---- images and documents --------------------------------------------------------------------

function registerMedia(
  app: FastifyInstance,
  d: TKindDescriptor,
  ctx: profiles.TProfilesContext,
  child: "images" | "documents",
) {
  const { add, can, principalOf } = profileRouteKit(app, d, ctx);
  const kind = profiles.mediaKindOf(child);
  const path = `/${d.path}/:id/${child}`;
  const ZList = zListEnvelope(ZProfileMedia);
  const ZOne = zDataEnvelope(ZProfileMedia);
  type TRow = typeof repo.childTables.media.$inferSelect;
  const presentMedia = (m: TRow) => ({
    id: m.id,
    profileId: m.profileId,
    title: m.title,
    url: `/media/${m.fileKey}`,
    contentType: m.contentType,
    size: m.size,
    width: m.width,
    height: m.height,
    sortKey: m.sortKey,
    createdDate: iso(m.createdDate),
  });
  const list = async (request: FastifyRequest) => {
    const page = await repo.listChildren<TRow>(
      ctx.db,
      repo.childTables.media,
      grantOf(request).profile.id,
      toWindow(request.query as never),
      [repo.mediaKindIs(kind)],
      repo.mediaOrder,
    );
    return listEnvelope(page.rows.map(presentMedia), page.count);
  };
  const one = (request: FastifyRequest) =>
    profiles.findMedia(
      ctx,
      grantOf(request).profile.id,
      kind,
      (request.params as { childId: string }).childId,
    );
  add({
    method: "GET",
    url: path,
    summary: `The ${d.label}'s ${child}, in order`,
    access: can("profile.read"),
    params: ZId,
    query: ZPagedQuery,
    response: ZList,
    handler: list,
  });
  add({
    method: "POST",
    url: `${path}/filtered`,
    summary: `The ${d.label}'s ${child} (filtered)`,
    access: can("profile.read"),
    params: ZId,
    query: ZPagedQuery,
    body: zDataBody(z.object({}).loose()).optional(),
    response: ZList,
    handler: list,
  });
  add({
    method: "POST",
    url: path,
    summary: `Upload to ${child} (multipart field 'file')`,
    access: can("media.write"),
    params: ZId,
    status: 201,
    response: ZOne,
    handler: async (request) => {
      const upload = await readUpload(request, kind);
      const row = await profiles.addMedia(
        ctx,
        d,
        grantOf(request).profile.id,
        kind,
        upload,
        principalOf(request),
      );
      return envelope(presentMedia(row));
    },
  });
  add({
    method: "PUT",
    url: `${path}/sort`,
    summary: "Move one after another (afterId null: to the front)",
    access: can("media.write"),
    params: ZId,
    body: zDataBody(z.object({ id: z.uuid(), afterId: z.uuid().nullable() })),
    response: ZOne,
    handler: async (request) => {
      const { id, afterId } = (request.body as { data: { id: string; afterId: string | null } })
        .data;
      return envelope(
        presentMedia(
          await profiles.moveMedia(
            ctx,
            d,
            grantOf(request).profile.id,
            kind,
            id,
            afterId,
            principalOf(request),
          ),
        ),
      );
    },
  });
  add({
    method: "GET",
    url: `${path}/:childId`,
    summary: "One file",
    access: can("profile.read"),
    params: ZChild,
    response: ZOne,
    handler: async (r) => envelope(presentMedia(await one(r))),
  });
  add({
    method: "PATCH",
    url: `${path}/:childId`,
    summary: "Retitle (JSON Patch of title)",
    access: can("media.write"),
    params: ZChild,
    body: ZPatchBody,
    response: ZOne,
    handler: async (request) => {
      const current = await one(request);
      const after = applyJsonPatch({ title: current.title }, request.body);
      const title = z.string().trim().min(1).max(120).safeParse(after.title);
      if (!title.success || Object.keys(after).some((k) => k !== "title"))
        throw new AppError(
          "VALIDATION_FAILED",
          400,
          "Only the title changes here; it has 1 to 120 characters.",
        );
      const row = await repo.updateChild<TRow>(
        ctx.db,
        repo.childTables.media,
        current.profileId,
        current.id,
        { title: title.data, updatedBy: principalOf(request).userId, updatedDate: new Date() },
      );
      return envelope(presentMedia(row!));
    },
  });
  add({
    method: "PUT",
    url: `${path}/:childId/file`,
    summary: "Replace the file (multipart field 'file')",
    access: can("media.write"),
    params: ZChild,
    response: ZOne,
    handler: async (request) => {
      const current = await one(request);
      const upload = await readUpload(request, kind);
      return envelope(
        presentMedia(
          await profiles.replaceMediaFile(ctx, d, current, upload, principalOf(request)),
        ),
      );
    },
  });
  add({
    method: "DELETE",
    url: `${path}/:childId`,
    summary: "Delete the file",
    access: can("media.write"),
    params: ZChild,
    response: ZDeleted,
    handler: async (request) => {
      const current = await one(request);
      await profiles.deleteMedia(ctx, d, current, principalOf(request));
      return envelope({ id: current.id, deleted: true as const });
    },
  });
}

// ---- simple children: sports, amenities, space types, boosts, partners -----------------------

export type TSimpleChild = {
  segment: string;
  label: string;
  table: repo.TChildTable;
  input: z.ZodType<Record<string, unknown>>;
  item: z.ZodType;
  read: TProfileAbility;
  write: TProfileAbility;
  /** Columns to write from the validated input; may check references (throws AppError). */
  toRow(
    ctx: profiles.TProfilesContext,
    profileId: string,
    input: Record<string, unknown>,
  ): Promise<Record<string, unknown>>;
  /** The editable view of a row, which a PATCH edits and `input` validates. */
  editable(row: Record<string, unknown>): Record<string, unknown>;
  present(ctx: profiles.TProfilesContext, rows: Record<string, unknown>[]): Promise<unknown[]>;
  query?: z.ZodType;
  filter?(query: Record<string, unknown>): ReturnType<typeof repo.boostOverlaps>;
  orderBy?: Parameters<typeof repo.listChildren>[5];
};

export function registerSimpleChild(
  app: FastifyInstance,
  d: TKindDescriptor,
  ctx: profiles.TProfilesContext,
  c: TSimpleChild,
) {
  const { add, can, principalOf } = profileRouteKit(app, d, ctx);
  const path = `/${d.path}/:id/${c.segment}`;
  const ZList = zListEnvelope(c.item);
  const ZOne = zDataEnvelope(c.item);
  const query = c.query ?? ZPagedQuery;
  const duplicate = () =>
    new AppError("ALREADY_EXISTS", 409, `This ${d.label} already has that ${c.label}.`);
  const list = async (request: FastifyRequest) => {
    const q = request.query as Record<string, unknown> & z.infer<typeof ZPagedQuery>;
    const page = await repo.listChildren<Record<string, unknown>>(
      ctx.db,
      c.table,
      grantOf(request).profile.id,
      toWindow(q),
      c.filter?.(q) ?? [],
      c.orderBy,
    );
    return listEnvelope(await c.present(ctx, page.rows), page.count);
  };
  const one = async (request: FastifyRequest) => {
    const { childId } = request.params as { childId: string };
    const row = await repo.findChild<Record<string, unknown>>(
      ctx.db,
      c.table,
      grantOf(request).profile.id,
      childId,
    );
    if (!row) throw notFound(`The ${c.label}`);
    return row;
  };
  const presentOne = async (row: Record<string, unknown>) =>
    envelope((await c.present(ctx, [row]))[0]);
  add({
    method: "GET",
    url: path,
    summary: `The ${d.label}'s ${c.segment}`,
    access: can(c.read),
    params: ZId,
    query,
    response: ZList,
    handler: list,
  });
  add({
    method: "POST",
    url: `${path}/filtered`,
    summary: `The ${d.label}'s ${c.segment} (filtered)`,
    access: can(c.read),
    params: ZId,
    query,
    body: zDataBody(z.object({}).loose()).optional(),
    response: ZList,
    handler: list,
  });
  add({
    method: "POST",
    url: path,
    summary: `Add a ${c.label}`,
    access: can(c.write),
    params: ZId,
    body: zDataBody(c.input),
    status: 201,
    response: ZOne,
    handler: async (request) => {
      const profileId = grantOf(request).profile.id;
      const input = (request.body as { data: Record<string, unknown> }).data;
      const values = await c.toRow(ctx, profileId, input);
      const row = await repo.insertChild<Record<string, unknown>>(ctx.db, c.table, {
        ...values,
        profileId,
        ...("createdBy" in c.table ? { createdBy: principalOf(request).userId } : {}),
      });
      if (!row) throw duplicate();
      return await presentOne(row);
    },
  });
  add({
    method: "GET",
    url: `${path}/:childId`,
    summary: `One ${c.label}`,
    access: can(c.read),
    params: ZChild,
    response: ZOne,
    handler: async (r) => presentOne(await one(r)),
  });
  add({
    method: "PATCH",
    url: `${path}/:childId`,
    summary: `Change a ${c.label} (JSON Patch)`,
    access: can(c.write),
    params: ZChild,
    body: ZPatchBody,
    response: ZOne,
    handler: async (request) => {
      const current = await one(request);
      const edited = c.input.safeParse(applyJsonPatch(c.editable(current), request.body));
      if (!edited.success) {
        throw validationFailed(`That is not a valid ${c.label}.`, edited.error.issues);
      }
      const profileId = grantOf(request).profile.id;
      const values = await c.toRow(ctx, profileId, edited.data);
      const row = await repo
        .updateChild<Record<string, unknown>>(
          ctx.db,
          c.table,
          profileId,
          current.id as string,
          values,
        )
        .catch((error: { code?: string; cause?: { code?: string } }) => {
          if ((error.cause?.code ?? error.code) === "23505") throw duplicate();
          throw error;
        });
      return presentOne(row!);
    },
  });
  add({
    method: "DELETE",
    url: `${path}/:childId`,
    summary: `Remove a ${c.label}`,
    access: can(c.write),
    params: ZChild,
    response: ZDeleted,
    handler: async (request) => {
      const current = await one(request);
      await repo.deleteChild(ctx.db, c.table, grantOf(request).profile.id, current.id as string);
      return envelope({ id: current.id as string, deleted: true as const });
    },
  });
}

const named = (
  segment: string,
  label: string,
  table: repo.TChildTable,
  names: readonly [string, ...string[]],
): TSimpleChild => ({
  segment,
  label,
  table,
  input: z.object({ name: z.enum(names) }),
  item: ZNamedChild,
  read: "profile.read",
  write: "profile.update",
  toRow: async (_ctx, _id, input) => ({ name: input.name }),
  editable: (row) => ({ name: row.name }),
  present: async (_ctx, rows) =>
    rows.map((r) => ({
      id: r.id,
      profileId: r.profileId,
      name: r.name,
      createdDate: iso(r.createdDate as Date),
    })),
  orderBy: (table as unknown as { name: never }).name,
});

const sportsChild = named(
  "sports",
  "sport",
  repo.childTables.sports,
  ZSportName.options as unknown as [string, ...string[]],
);
const amenitiesChild = named(
  "amenities",
  "amenity",
  repo.childTables.amenities,
  AMENITY_NAMES as unknown as [string, ...string[]],
);

const spaceTypesChild: TSimpleChild = {
  segment: "spaceTypes",
  label: "space type",
  table: repo.childTables.spaceTypes,
  input: ZSpaceTypeInput as unknown as z.ZodType<Record<string, unknown>>,
  item: ZProfileSpaceType,
  read: "profile.read",
  write: "profile.update",
  toRow: async (_ctx, _id, s) => ({
    name: s.name,
    surface: s.surface,
    count: s.count,
    location: s.location,
    additionalFeatures: s.additionalFeatures,
  }),
  editable: (r) => ({
    name: r.name,
    surface: r.surface,
    count: r.count,
    location: r.location,
    additionalFeatures: r.additionalFeatures,
  }),
  present: async (_ctx, rows) =>
    rows.map((r) => ({
      id: r.id,
      profileId: r.profileId,
      name: r.name,
      surface: r.surface,
      count: r.count,
      location: r.location,
      additionalFeatures: r.additionalFeatures,
      createdDate: iso(r.createdDate as Date),
    })),
};

const boostsChild: TSimpleChild = {
  segment: "boosts",
  label: "boost",
  table: repo.childTables.boosts,
  input: ZBoostDates as unknown as z.ZodType<Record<string, unknown>>,
  item: ZProfileBoost,
  read: "profile.read",
  write: "boosts.write",
  query: ZBoostRange,
  filter: (q) => repo.boostOverlaps(q as { startDate?: string; endDate?: string }),
  orderBy: repo.childTables.boosts.startDate,
  toRow: async (_ctx, _id, b) => ({ startDate: b.startDate, endDate: b.endDate }),
  editable: (r) => ({ startDate: r.startDate, endDate: r.endDate }),
  present: async (ctx, rows) => {
    const names = await repo.profileNames(ctx.db, [
      ...new Set(rows.map((r) => r.profileId as string)),
    ]);
    return rows.map((r) => presentBoost(r as never, names.get(r.profileId as string)?.name ?? ""));
  },
};

const partnersChild: TSimpleChild = {
  segment: "partners",
  label: "partner",
  table: repo.childTables.partners,
  input: z.object({ partnerId: z.uuid() }),
  item: ZProfilePartner,
  read: "profile.read",
  write: "partners.write",
  toRow: async (ctx, profileId, input) => {
    if (input.partnerId === profileId)
      throw new AppError("VALIDATION_FAILED", 400, "A listing cannot partner with itself.");
    await profiles.requireListedProfile(ctx, input.partnerId as string, null, "The partner");
    return { partnerId: input.partnerId };
  },
  editable: (r) => ({ partnerId: r.partnerId }),
  present: async (ctx, rows) => {
    const names = await repo.profileNames(
      ctx.db,
      rows.map((r) => r.partnerId as string),
    );
    return rows.map((r) => {
      const p = names.get(r.partnerId as string);
      return {
        id: r.id,
        profileId: r.profileId,
        partner: {
          id: r.partnerId,
          kind: p?.kind ?? "",
          name: p?.name ?? "",
          logo: mediaRef(p?.logo ?? null),
        },
        createdDate: iso(r.createdDate as Date),
      };
    });
  },
};
