// What other modules ask of listings: partners, companies and destinations, look-ups by id, names
// and heads, kind lists and copies.
import type { TProfileKind } from "@hostfield/domain/reference";
import { getTableColumns } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { TDb } from "../../platform/db/database";
import { newFileKey, type TUpload } from "../../platform/files/upload";
import type { TPrincipal } from "../../platform/http/access";
import { AppError, notFound } from "../../platform/http/errors";
import type { TKindDescriptor } from "../descriptor";
import { parentIdsOf } from "../descriptor";
import { isPublicProfile, profileAbilities } from "../policy";
import * as repo from "../repository";
import { type TProfilesContext, today } from "./context";

// ---- partners, companies, destinations --------------------------------------------------------

/** A profile another one names (partner, company, destination) must exist and be visible. */
export async function requireListedProfile(
  ctx: TProfilesContext,
  id: string,
  kinds: readonly string[] | null,
  what: string,
) {
  const row = await repo.findProfileRow(ctx.db, id);
  if (!row || (kinds && !kinds.includes(row.kind)) || !isPublicProfile(row)) {
    throw new AppError("PROFILE_NOT_FOUND", 404, `${what} was not found.`);
  }
  return row;
}

// ---- for modules that keep profile ids (requests for proposals and their leads) ---------------

/**
 * Profiles of one kind by id, with their kind's details, whatever their visibility (the caller
 * decides what to show); `listedOnly` keeps the approved, active ones. Missing ids are left out.
 */
export async function profilesByIds(
  ctx: TProfilesContext,
  d: TKindDescriptor,
  ids: readonly string[],
  options: { listedOnly?: boolean } = {},
): Promise<Map<string, repo.TLoadedProfile>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await repo.loadProfiles(
    ctx.db,
    { kind: d.kind, publicOnly: options.listedOnly ?? false, ids: unique },
    d.detail.table,
    today(),
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Listings of a kind by id, any status: names, places and detail rows only, or only the detail
 * `fields` named (lists pointing at them).
 */
export async function profileHeads(
  ctx: TProfilesContext,
  d: TKindDescriptor,
  ids: readonly string[],
  fields?: readonly string[],
): Promise<Map<string, repo.TProfileHead>> {
  const rows = await repo.loadHeads(ctx.db, d.kind, [...new Set(ids)], d.detail.table, fields);
  return new Map(rows.map((row) => [row.id, row]));
}

/** The profiles a user is a member of (any role, any kind); not those they manage by inheritance. */
export const memberProfileIds = (ctx: TProfilesContext, userId: string): Promise<string[]> =>
  repo.memberProfileIds(ctx.db, userId);

/** The people who share a listing with `userId`, by a piece of their name (the people search). */
export const listingCoMembers = (
  ctx: TProfilesContext,
  userId: string,
  text: string,
  limit: number,
) => repo.listingCoMembers(ctx.db, userId, text, limit);

export type { today };

// ---- for kind modules: their own lists, look-ups and copies ------------------------------------

/**
 * Who may see a listing's stored file (/media): anyone when a listing that shows it is public
 * (approved and active); otherwise only those who may read one of its listings (its people, admins).
 */
export async function mediaVisibility(
  ctx: TProfilesContext,
  key: string,
  principal: TPrincipal | null,
): Promise<"public" | boolean> {
  const owners = await repo.findProfilesOfFile(ctx.db, key);
  if (owners.length === 0 || owners.some(isPublicProfile)) return "public";
  if (!principal) return false;
  for (const owner of owners) {
    const managedThrough = ctx.kinds.find((d) => d.kind === owner.kind)?.managedThrough ?? null;
    const membership = await repo.findMembership(
      ctx.db,
      owner.id,
      principal.userId,
      managedThrough,
    );
    if (profileAbilities(owner, principal, membership).length > 0) return true;
  }
  return false;
}

/** The description of `kind` among the context's kinds. */
export function kindOf(ctx: Pick<TProfilesContext, "kinds">, kind: TProfileKind): TKindDescriptor {
  const found = ctx.kinds.find((d) => d.kind === kind);
  if (!found) throw new Error(`No module serves the listing kind "${kind}".`);
  return found;
}

export type TKindQuery = Omit<repo.TProfileQuery, "kind">;

/** A page of a kind's listings by query, by name (no sponsored lead), with their details. */
export const listKindProfiles = (
  ctx: TProfilesContext,
  d: TKindDescriptor,
  query: TKindQuery,
  window: { limit: number; offset: number },
) => repo.listProfiles(ctx.db, { kind: d.kind, ...query }, d.detail.table, window, today());

/** How many of a kind's listings match. */
export const countKindProfiles = (ctx: TProfilesContext, d: TKindDescriptor, query: TKindQuery) =>
  repo.countProfiles(ctx.db, { kind: d.kind, ...query });

/** Listings of `ids` (any kind) as other records name them: kind, name, place and logo. */
export const profileNames = (ctx: TProfilesContext, ids: readonly string[]) =>
  repo.profileNames(ctx.db, ids);

/** The listing of a kind with this place-service id, or null. */
export const findProfileIdByPlaceId = (
  ctx: TProfilesContext,
  d: TKindDescriptor,
  placeId: string,
) => repo.findProfileByPlaceId(ctx.db, d.kind, placeId);

/** The listing of a kind whose detail `field` holds `value` (a hotel's partner id), or null. */
export function findProfileIdByDetail(
  ctx: TProfilesContext,
  d: TKindDescriptor,
  field: string,
  value: string,
) {
  const column: PgColumn | undefined = getTableColumns(d.detail.table)[field];
  if (!column) throw new Error(`The ${d.label} has no detail column "${field}".`);
  return repo.findProfileByDetail(ctx.db, d.detail.table, column, value);
}

/** Owners and managers of the listings a listing is managed through (its kind's `managedThrough`). */
export async function listInheritedManagers(
  ctx: TProfilesContext,
  d: TKindDescriptor,
  profileId: string,
  window: { limit: number; offset: number },
) {
  if (!d.managedThrough) return { rows: [], count: 0 };
  return repo.listInheritedManagers(ctx.db, parentIdsOf(d.managedThrough, profileId), window);
}

/** The listings linked as partners of a listing, by name. */
export const partnerProfiles = (ctx: TProfilesContext, profileId: string) =>
  repo.partnerProfiles(ctx.db, profileId);

/** Links (or with `linked: false` unlinks) a partner; both idempotent. */
export const setPartnerLink = (
  ctx: TProfilesContext,
  profileId: string,
  partnerId: string,
  linked: boolean,
  by: string,
) =>
  linked
    ? repo.linkPartner(ctx.db, profileId, partnerId, by)
    : repo.unlinkPartner(ctx.db, profileId, partnerId);

/**
 * Puts an event at its venue (an awarded facility or destination), in the caller's transaction
 * `db`: the venue becomes the event's partner (idempotent) and the event takes the venue's place,
 * address and point together; a venue with no point leaves the event's place as it was.
 */
export async function placeAtVenue(
  db: TDb,
  eventId: string,
  venueId: string,
  change: { by: string; at: Date },
) {
  await repo.linkPartner(db, eventId, venueId, change.by);
  await repo.copyPlace(db, venueId, eventId, change);
}

/** A partner link of a `d` listing by the link's own id; 404 when there is none. */
export async function findPartnerLink(
  ctx: TProfilesContext,
  d: TKindDescriptor,
  linkId: string,
): Promise<repo.TPartnerLink> {
  const link = await repo.findPartnerLink(ctx.db, linkId);
  if (!link || link.ownerKind !== d.kind) throw notFound("The partner");
  return link;
}

/**
 * Gives a partner link its picture (the business's own photo of the partnership), replacing a
 * previous one whole: the new file is stored before the row points at it, and the old file leaves
 * the store once the row no longer does. The link's row as it is now.
 */
export async function setPartnerPicture(
  ctx: TProfilesContext,
  d: TKindDescriptor,
  link: repo.TPartnerLink,
  upload: TUpload,
  principal: TPrincipal,
) {
  const key = newFileKey(`profiles/${d.path}/partners`, upload.extension);
  await ctx.files.put(key, upload.body);
  const row = await repo
    .setPartnerImage(ctx.db, link.id, key, principal.userId)
    .catch(async (error: unknown) => {
      await ctx.files.delete(key).catch(() => undefined);
      throw error;
    });
  if (!row) {
    // Unlinked while the file was stored.
    await ctx.files.delete(key).catch(() => undefined);
    throw notFound("The partner");
  }
  if (link.imageKey && link.imageKey !== key)
    await ctx.files.delete(link.imageKey).catch(() => undefined);
  return row;
}

/** Removes a partner link's picture from the store (after its row is gone). */
export async function dropPartnerPicture(ctx: TProfilesContext, imageKey: string | null) {
  if (imageKey) await ctx.files.delete(imageKey).catch(() => undefined);
}

/** Copies a listing's amenities and space types to another; `db` may be the caller's transaction. */
export const copyAmenitiesAndSpaceTypes = (db: TDb, fromId: string, toId: string) =>
  repo.copyAmenitiesAndSpaceTypes(db, fromId, toId);
