// The shortlist routes under /user-mgmt/api: my lists, their items, the comparison, the share
// link, and the read-only view behind it.
import {
  ZSharedShortlist,
  ZShortlist,
  ZShortlistCompareQuery,
  ZShortlistDetail,
  ZShortlistInput,
  ZShortlistItemInput,
  zDataBody,
  zDataEnvelope,
  zListEnvelope,
} from "@hostfield/domain/contracts";
import { SHORTLIST_KINDS } from "@hostfield/domain/reference";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { access, principalOf } from "../../platform/http/access";
import { envelope, listEnvelope } from "../../platform/http/envelope";
import { routesOf, ZVersionQuery } from "../../platform/http/route-def";
import { ZChildParams, ZDeletedReply, ZIdParams } from "../../platform/http/schemas";
import { ownerOnly } from "./policy";
import { presentShortlist } from "./presenter";
import * as repo from "./repository";
import type { TShortlistsContext } from "./service";
import * as shortlists from "./service";

const ZCompareQuery = ZVersionQuery.extend(ZShortlistCompareQuery.shape);
const ZTokenParams = z.object({ token: z.string().min(16).max(64) });

export async function shortlistRoutes(
  app: FastifyInstance,
  options: { ctx: TShortlistsContext },
): Promise<void> {
  const { ctx } = options;
  const add = routesOf(app, ["shortlists"]);
  const owner = ownerOnly(ctx);

  /** The list as its owner sees it after a change: its entries, share token and dates. */
  async function present(id: string) {
    const list = await repo.findShortlist(ctx.db, id);
    if (!list) throw new Error("A shortlist vanished during its own change.");
    return presentShortlist(list, await repo.itemsOf(ctx.db, [id]));
  }

  add({
    method: "GET",
    url: "/shortlists",
    summary: "My shortlists, the last changed first, with what is on each",
    access: access.signedIn,
    response: zListEnvelope(ZShortlist),
    handler: async (request) => {
      const mine = await shortlists.myShortlists(ctx, principalOf(request).userId);
      const data = mine.map(({ list, items }) => presentShortlist(list, items));
      return listEnvelope(data, data.length);
    },
  });

  add({
    method: "POST",
    url: "/shortlists",
    summary: "Start a shortlist (at most 50 per person)",
    access: access.signedIn,
    body: zDataBody(ZShortlistInput),
    status: 201,
    response: zDataEnvelope(ZShortlist),
    handler: async (request) => {
      const list = await shortlists.createShortlist(
        ctx,
        principalOf(request).userId,
        request.body.data,
      );
      return envelope(presentShortlist(list, []));
    },
  });

  add({
    method: "GET",
    url: "/shortlists/:id",
    summary: "A shortlist with its listings as comparable rows (distances from `from`)",
    access: owner,
    params: ZIdParams,
    query: ZCompareQuery,
    response: zDataEnvelope(ZShortlistDetail),
    handler: async (request) => {
      const origin = shortlists.originOf(ctx, request.query.from);
      const summary = await present(request.params.id);
      const rows = await shortlists.comparisonRows(ctx, request.params.id, origin, {
        withNotes: true,
      });
      return envelope({ ...summary, rows, origin: originReply(origin) });
    },
  });

  add({
    method: "PUT",
    url: "/shortlists/:id",
    summary: "Rename a shortlist",
    access: owner,
    params: ZIdParams,
    body: zDataBody(ZShortlistInput),
    response: zDataEnvelope(ZShortlist),
    handler: async (request) => {
      await repo.updateShortlist(ctx.db, request.params.id, { name: request.body.data.name });
      return envelope(await present(request.params.id));
    },
  });

  add({
    method: "DELETE",
    url: "/shortlists/:id",
    summary: "Delete a shortlist (its share link stops working)",
    access: owner,
    params: ZIdParams,
    response: ZDeletedReply,
    handler: async (request) => {
      await repo.deleteShortlist(ctx.db, request.params.id);
      return envelope({ id: request.params.id, deleted: true as const });
    },
  });

  add({
    method: "POST",
    url: "/shortlists/:id/items",
    summary: `Save a listed ${SHORTLIST_KINDS.join(" or ")} on a shortlist (at most 100)`,
    access: owner,
    params: ZIdParams,
    body: zDataBody(ZShortlistItemInput),
    status: 201,
    response: zDataEnvelope(ZShortlist),
    handler: async (request) => {
      await shortlists.addItem(ctx, request.params.id, request.body.data);
      return envelope(await present(request.params.id));
    },
  });

  add({
    method: "DELETE",
    url: "/shortlists/:id/items/:childId",
    summary: "Take a listing off a shortlist",
    access: owner,
    params: ZChildParams,
    response: zDataEnvelope(ZShortlist),
    handler: async (request) => {
      await shortlists.removeItem(ctx, request.params.id, request.params.childId);
      return envelope(await present(request.params.id));
    },
  });

  add({
    method: "PUT",
    url: "/shortlists/:id/share",
    summary: "Make a new read-only link to the shortlist (an older link stops working)",
    access: owner,
    params: ZIdParams,
    response: zDataEnvelope(ZShortlist),
    handler: async (request) => {
      await shortlists.setSharing(ctx, request.params.id, true);
      return envelope(await present(request.params.id));
    },
  });

  add({
    method: "DELETE",
    url: "/shortlists/:id/share",
    summary: "Stop sharing the shortlist (its link answers 404)",
    access: owner,
    params: ZIdParams,
    response: zDataEnvelope(ZShortlist),
    handler: async (request) => {
      await shortlists.setSharing(ctx, request.params.id, false);
      return envelope(await present(request.params.id));
    },
  });

  add({
    method: "GET",
    url: "/shared-shortlists/:token",
    summary: "A shared shortlist, read-only: its name and its public listings' rows",
    access: access.public,
    params: ZTokenParams,
    query: ZCompareQuery,
    response: zDataEnvelope(ZSharedShortlist),
    handler: async (request, reply) => {
      const list = await shortlists.sharedShortlist(ctx, request.params.token);
      const origin = shortlists.originOf(ctx, request.query.from);
      const rows = await shortlists.comparisonRows(ctx, list.id, origin, { withNotes: false });
      reply.header("cache-control", "no-store");
      return envelope({
        name: list.name,
        updatedDate: list.updatedDate.toISOString(),
        // Only what anyone may see: listings no longer public are left out, not named.
        rows: rows.filter((row) => row.listed),
        origin: originReply(origin),
      });
    },
  });
}

const originReply = (origin: { label: string; lat: number; lng: number } | null) =>
  origin ? { label: origin.label, lat: origin.lat, lng: origin.lng } : null;
