// Builds a kind's standard routes from its descriptor: the listing calls, one listing's calls, the
// boosts across the kind, messaging its team, and every shared child collection (each in a file of its own). Kind
// modules add only their special routes beside these.
import {
  type TProfileListFilter,
  ZPatchBody,
  ZProfileBoost,
  ZProfileListFilter,
  zDataBody,
  zDataEnvelope,
  zListEnvelope,
  zProfile,
  zProfileCreate,
} from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { access, type TAccess } from "../platform/http/access";
import { envelope, listEnvelope } from "../platform/http/envelope";
import { applyJsonPatch } from "../platform/http/json-patch";
import { toWindow, ZPagedQuery } from "../platform/http/paging";
import type { TRequestOf } from "../platform/http/route-def";
import { ZDeletedReply, ZIdParams } from "../platform/http/schemas";
import {
  amenitiesChild,
  boostsChild,
  partnersChild,
  presentBoost,
  registerSimpleChild,
  spaceTypesChild,
  sportsChild,
  ZBoostRange,
} from "./child-routes";
import { myReactionPath, reactionKind, type TKindDescriptor } from "./descriptor";
import { registerCompanyLinks, registerDescriptionDraft, registerPlaceLookup } from "./extras";
import { registerMedia } from "./media-routes";
import { registerMembers } from "./member-routes";
import { registerMessage } from "./message-routes";
import { presentProfile } from "./presenter";
import { registerReactions } from "./reaction-routes";
import * as repo from "./repository";
import { grantOf, profileRouteKit } from "./route-kit";
import { registerSearch, registerSearchPresets } from "./search-routes";
import * as profiles from "./service";

const ZListFilterBody = zDataBody(ZProfileListFilter);
type TListingsRequest = TRequestOf<
  undefined,
  typeof ZPagedQuery,
  typeof ZListFilterBody | undefined
>;

export async function profileRoutes(
  app: FastifyInstance,
  options: { descriptor: TKindDescriptor; ctx: profiles.TProfilesContext },
) {
  const { descriptor: d, ctx } = options;
  const { add, can, listPair, principalOf } = profileRouteKit(app, d, ctx);
  const base = `/${d.path}`;
  const ZItem = zProfile(d.detail.schema);
  const ZList = zListEnvelope(ZItem);
  const present = (p: repo.TLoadedProfile, myReaction?: boolean) =>
    presentProfile(d, p, myReaction === undefined ? {} : { myReaction });

  // ---- listing calls ----
  const listing = async (
    request: Pick<TListingsRequest, "principal" | "query">,
    scope: profiles.TListScope,
    filter: TProfileListFilter = {},
  ) => {
    const page = await profiles.listProfiles(
      ctx,
      d,
      request.principal,
      scope,
      filter,
      toWindow(request.query),
    );
    return listEnvelope(
      page.rows.map((p) => present(p, page.myReactions ? page.myReactions.has(p.id) : undefined)),
      page.count,
    );
  };
  const listings = (
    url: string,
    summary: string,
    rule: TAccess<TListingsRequest>,
    scope: (request: TListingsRequest) => profiles.TListScope,
  ) =>
    listPair({
      url,
      summary,
      access: rule,
      query: ZPagedQuery,
      body: ZListFilterBody,
      response: ZList,
      handler: (request) => listing(request, scope(request), request.body?.data),
    });
  listings(base, `Listed ${d.path} (admins also see pending ones)`, access.public, () => ({
    kind: "all",
  }));
  listings(`${base}/my`, `The ${d.path} I belong to`, access.signedIn, (r) => ({
    kind: "mine",
    userId: principalOf(r).userId,
  }));
  listings(
    `${base}/${myReactionPath(d)}`,
    `The ${d.path} I ${d.reaction === "likes" ? "like" : "follow"}`,
    access.signedIn,
    (r) => ({ kind: "reacted", userId: principalOf(r).userId }),
  );
  add({
    method: "GET",
    url: `${base}/public/:userId`,
    summary: `The listed ${d.path} a member belongs to`,
    access: access.public,
    params: z.object({ userId: z.uuid() }),
    query: ZPagedQuery,
    response: ZList,
    handler: (request) => listing(request, { kind: "publicOf", userId: request.params.userId }),
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
    handler: async (request) =>
      envelope(
        present(await profiles.createProfile(ctx, d, principalOf(request), request.body.data)),
      ),
  });
  add({
    method: "GET",
    url: `${base}/:id`,
    summary: `One ${d.label}`,
    access: can("profile.read"),
    params: ZIdParams,
    response: zDataEnvelope(ZItem),
    handler: async (request) => {
      const { id } = request.params;
      // A visitor's page (the first view's call) may come from the read replica; a member's may
      // show them more (their pending listing), so it is read from the primary.
      const loaded = await app.reads.read(
        request,
        (db) => profiles.loadProfile({ ...ctx, db }, d, id),
        "visitors",
      );
      const mine = request.principal
        ? await repo.hasReaction(ctx.db, id, request.principal.userId, reactionKind(d))
        : undefined;
      return envelope(present(loaded, mine));
    },
  });
  add({
    method: "GET",
    url: `${base}/:id/public`,
    summary: `One listed ${d.label}, as anyone sees it`,
    access: access.public,
    params: ZIdParams,
    response: zDataEnvelope(ZItem),
    handler: async (request) =>
      envelope(
        present(
          await app.reads.read(request, (db) =>
            profiles.loadListedProfile({ ...ctx, db }, d, request.params.id),
          ),
        ),
      ),
  });
  add({
    method: "PATCH",
    url: `${base}/:id`,
    summary: `Edit a ${d.label} (JSON Patch of its API shape)`,
    access: can("profile.update"),
    params: ZIdParams,
    body: ZPatchBody,
    response: zDataEnvelope(ZItem),
    handler: async (request) => {
      const g = grantOf(request);
      const before: Record<string, unknown> = present(
        await profiles.loadProfile(ctx, d, g.profile.id),
      );
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
    params: ZIdParams,
    response: ZDeletedReply,
    handler: async (request) => {
      const { id } = grantOf(request).profile;
      await profiles.deleteProfile(ctx, id);
      return envelope({ id, deleted: true as const });
    },
  });
  add({
    method: "PUT",
    url: `${base}/:id/approve`,
    summary: `Approve a ${d.label} (admins; one-way)`,
    access: can("profile.approve"),
    params: ZIdParams,
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
    params: ZIdParams,
    response: zDataEnvelope(z.array(z.string())),
    handler: async (request) => {
      const g = await profiles.accessProfile(ctx, d, request.params.id, request.principal);
      return envelope(g.abilities);
    },
  });

  // ---- boosts across the kind ----
  listPair({
    url: `${base}/boosts`,
    summary: `Boosts of listed ${d.path} overlapping the dates`,
    access: access.public,
    query: ZBoostRange,
    body: zDataBody(z.object({}).loose()),
    response: zListEnvelope(ZProfileBoost),
    handler: async (request) => {
      const q = request.query;
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
    },
  });

  // ---- children ----
  if (d.extras.includes("placeLookup")) registerPlaceLookup(app, d, ctx);
  if (d.extras.includes("companyLinks")) registerCompanyLinks(app, d, ctx);
  if (d.extras.includes("descriptionDraft")) registerDescriptionDraft(app, d, ctx);
  registerReactions(app, d, ctx);
  registerMembers(app, d, ctx);
  registerMessage(app, d, ctx);
  const simple = {
    sports: sportsChild,
    amenities: amenitiesChild,
    spaceTypes: spaceTypesChild,
    boosts: boostsChild,
    partners: partnersChild,
  } as const;
  for (const child of d.children) {
    if (child === "images" || child === "documents") registerMedia(app, d, ctx, child);
    else registerSimpleChild(app, d, ctx, simple[child]);
  }
}
