// Likes or followers of a listing: who reacted (its members see that), react and take it back.
import {
  ZProfileReaction,
  zDataBody,
  zDataEnvelope,
  zListEnvelope,
} from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { access } from "../platform/http/access";
import { envelope, listEnvelope } from "../platform/http/envelope";
import { notFound } from "../platform/http/errors";
import { toWindow, ZPagedQuery } from "../platform/http/paging";
import { ZChildParams, ZDeletedReply, ZIdParams } from "../platform/http/schemas";
import { reactionKind, type TKindDescriptor } from "./descriptor";
import { iso, mediaRef } from "./presenter";
import * as repo from "./repository";
import { grantOf, profileRouteKit, type TListingRequest } from "./route-kit";
import * as profiles from "./service";

export function registerReactions(
  app: FastifyInstance,
  d: TKindDescriptor,
  ctx: profiles.TProfilesContext,
) {
  const { add, can, listPair, principalOf } = profileRouteKit(app, d, ctx);
  const path = `/${d.path}/:id/${d.reaction}`;
  const kind = reactionKind(d);
  const word = d.reaction === "likes" ? "like" : "follow";
  listPair({
    url: path,
    summary: `Who ${word}s this ${d.label} (its members)`,
    filteredSummary: `Who ${word}s this ${d.label} (filtered)`,
    access: can("profile.readPrivate"),
    params: ZIdParams,
    query: ZPagedQuery,
    body: zDataBody(z.object({}).loose()).optional(),
    response: zListEnvelope(ZProfileReaction),
    handler: async (request) => {
      const page = await repo.listReactions(
        ctx.db,
        grantOf(request).profile.id,
        kind,
        toWindow(request.query),
      );
      return listEnvelope(
        page.rows.map((r) => ({
          ...r,
          avatarUrl: mediaRef(r.avatarKey),
          createdDate: iso(r.createdDate),
        })),
        page.count,
      );
    },
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
    params: ZIdParams,
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
    access: access.policy<TListingRequest>(
      `signed in, and the ${d.label} exists`,
      async (request) => {
        principalOf(request);
        const row = await repo.findProfileRow(ctx.db, request.params.id);
        if (!row || row.kind !== d.kind) throw profiles.profileNotFound(d);
      },
    ),
    params: ZIdParams,
    response: ZCount,
    handler: async (request) => {
      const { id } = request.params;
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
    params: ZChildParams,
    response: ZDeletedReply,
    handler: async (request) => {
      const { childId } = request.params;
      const removed = await repo.removeReactions(ctx.db, grantOf(request).profile.id, kind, {
        id: childId,
      });
      if (removed === 0) throw notFound(`The ${word}`);
      return envelope({ id: childId, deleted: true as const });
    },
  });
}
