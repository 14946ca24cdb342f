// The shortlists' rules: limits, who owns a list, which listings may go on one, and the
// comparison's facts (read through the listings' and the requests' services).

import { randomBytes } from "node:crypto";
import type { TShortlistInput, TShortlistItemInput } from "@hostfield/domain/contracts";
import {
  SHORTLIST_KINDS,
  SHORTLIST_MAX_ITEMS,
  SHORTLISTS_PER_USER,
} from "@hostfield/domain/reference";
import { inTransaction, type TDb } from "../../platform/db/database";
import type { TLatLng } from "../../platform/geo/distance";
import { distanceMiles } from "../../platform/geo/distance";
import { AppError, badRequest, conflict, notFound } from "../../platform/http/errors";
import type { TGeocoded, TModuleServices } from "../../platform/module";
import type { TListingFacts } from "../../profiles";
import { presentRow, type TRowFacts } from "./presenter";
import * as repo from "./repository";

export type TShortlistsContext = {
  db: TDb;
  geocode: (address: string) => TGeocoded | null;
  profiles: () => TModuleServices["profiles"];
  rfps: () => TModuleServices["rfps"];
};

/** The shortlist, when `userId` owns it; 404 for anyone else (it is not shown to them). */
export async function ownedShortlist(ctx: TShortlistsContext, id: string, userId: string) {
  const list = await repo.findShortlist(ctx.db, id);
  if (!list || list.ownerId !== userId) throw notFound("The shortlist");
  return list;
}

export function createShortlist(ctx: TShortlistsContext, ownerId: string, input: TShortlistInput) {
  return inTransaction(ctx.db, async (tx) => {
    await repo.lockFor(tx, ownerId);
    if ((await repo.countOwned(tx, ownerId)) >= SHORTLISTS_PER_USER) {
      throw conflict(
        `You have ${SHORTLISTS_PER_USER} shortlists, the most one person keeps; delete one first.`,
        "TOO_MANY_SHORTLISTS",
      );
    }
    return repo.insertShortlist(tx, ownerId, input.name);
  });
}

/** Puts a listed facility or destination on the list (once; 409 ALREADY_EXISTS the second time). */
export async function addItem(
  ctx: TShortlistsContext,
  shortlistId: string,
  input: TShortlistItemInput,
) {
  const [listing] = await ctx.profiles().listingFacts(input.kind, [input.id]);
  if (!listing || listing.kind !== input.kind) {
    throw badRequest("PROFILE_NOT_FOUND", `No listed ${input.kind} has the id ${input.id}.`);
  }
  await inTransaction(ctx.db, async (tx) => {
    await repo.lockFor(tx, shortlistId);
    if ((await repo.countItems(tx, shortlistId)) >= SHORTLIST_MAX_ITEMS) {
      throw conflict(
        `A shortlist holds at most ${SHORTLIST_MAX_ITEMS} listings; start another one.`,
        "SHORTLIST_FULL",
      );
    }
    const added = await repo.insertItem(tx, {
      shortlistId,
      profileId: input.id,
      kind: input.kind,
      note: input.note ?? null,
    });
    if (!added) throw conflict(`${listing.name} is already on this shortlist.`, "ALREADY_EXISTS");
    await repo.updateShortlist(tx, shortlistId, {});
  });
}

export async function removeItem(ctx: TShortlistsContext, shortlistId: string, profileId: string) {
  const removed = await inTransaction(ctx.db, async (tx) => {
    const gone = await repo.deleteItem(tx, shortlistId, profileId);
    if (gone) await repo.updateShortlist(tx, shortlistId, {});
    return gone;
  });
  if (!removed) throw notFound("That listing on the shortlist");
}

/** A new read-only link (the old one, if any, stops working), or none. */
export function setSharing(ctx: TShortlistsContext, id: string, shared: boolean) {
  return repo.updateShortlist(ctx.db, id, {
    shareToken: shared ? randomBytes(24).toString("base64url") : null,
  });
}

export async function sharedShortlist(ctx: TShortlistsContext, token: string) {
  const list = await repo.findShortlistByToken(ctx.db, token);
  if (!list) throw notFound("The shared shortlist");
  return list;
}

/** Where distances are measured from: the place `from` names, or null without one. */
export function originOf(ctx: TShortlistsContext, from: string | undefined) {
  if (from === undefined) return null;
  const place = ctx.geocode(from);
  if (!place) {
    throw new AppError("UNKNOWN_PLACE", 400, `We do not know the place "${from}".`);
  }
  return place;
}

/**
 * The list's items as comparison rows, oldest addition first: the public facts of each listed
 * listing (a pending, inactive one shows as no longer listed), its distance from `origin` and its
 * median response time. Notes only for the owner.
 */
export async function comparisonRows(
  ctx: TShortlistsContext,
  shortlistId: string,
  origin: TLatLng | null,
  options: { withNotes: boolean },
) {
  const items = await repo.itemsOf(ctx.db, [shortlistId]);
  const facts = new Map<string, TListingFacts>();
  for (const kind of SHORTLIST_KINDS) {
    const ids = items.filter((i) => i.kind === kind).map((i) => i.profileId);
    for (const listing of await ctx.profiles().listingFacts(kind, ids)) {
      facts.set(listing.id, listing);
    }
  }
  const times = await ctx.rfps().responseTimes([...facts.keys()]);
  return items.map((item) => {
    const listing = facts.get(item.profileId) ?? null;
    const row: TRowFacts = {
      item,
      listing,
      distanceMiles:
        listing && origin && listing.lat !== null && listing.lng !== null
          ? distanceMiles(origin, { lat: listing.lat, lng: listing.lng })
          : null,
      responseMs: times.get(item.profileId) ?? null,
    };
    return presentRow(row, options);
  });
}

/** My lists with what is on each (the save menu marks saved listings from it). */
export async function myShortlists(ctx: TShortlistsContext, ownerId: string) {
  const lists = await repo.ownedShortlists(ctx.db, ownerId);
  const items = await repo.itemsOf(
    ctx.db,
    lists.map((l) => l.id),
  );
  return lists.map((list) => ({
    list,
    items: items.filter((i) => i.shortlistId === list.id),
  }));
}
