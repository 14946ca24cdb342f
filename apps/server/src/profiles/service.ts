// The profile machinery's rules: create (creator becomes owner), read by visibility, edit, approve,
// delete, members, reactions, media, boosts and partners, for every kind through its descriptor.
import {
  isErrorCode,
  type TMemberRole,
  type TProfileAbility,
  type TProfileListFilter,
  ZProfileAdminWritable,
  ZProfileSports,
  ZProfileWritable,
} from "@hostfield/domain/contracts";
import {
  findState,
  type TProfileKind,
  type TStaffRole,
  type TTier,
} from "@hostfield/domain/reference";
import { seesPerson, slugify, todayUtc } from "@hostfield/domain/rules";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { type TDb, inTransaction as transaction } from "../platform/db/database";
import type { TEventBus } from "../platform/events/bus";
import { fileList } from "../platform/files/file-list";
import type { TFileStore } from "../platform/files/store";
import { newFileKey, type TUpload } from "../platform/files/upload";
import type { TPrincipal } from "../platform/http/access";
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  unauthorized,
  validationFailed,
} from "../platform/http/errors";
import type { TChildName, TKindDescriptor } from "./descriptor";
import { parentIdsOf, reactionKind } from "./descriptor";
import { isPublicProfile, profileAbilities, readableThroughLeads } from "./policy";
import { mediaRef, storedMediaKey } from "./presenter";
import * as repo from "./repository";
import type { TFreeInWindow } from "./search/filter";

export type TGeocode = (address: string) => { lat: number; lng: number; label: string } | null;

/** Boost days on sale beyond the quota: the price of one (the payments module's answer). */
export type TBoostSale = { dayPriceCents: number; currency: string };

export type TProfilesContext = {
  db: TDb;
  files: TFileStore;
  geocode: TGeocode;
  /** Looks a user up by e-mail for "add a member"; null when there is no such account. */
  findUserIdByEmail: (email: string) => Promise<string | null>;
  userExists: (id: string) => Promise<boolean>;
  /** Whether the user shows themselves to others (isVisible); false for no such user. */
  isVisibleUser: (id: string) => Promise<boolean>;
  /** Announces reactions, approvals and new members (notifications follow); absent in tools. */
  events?: TEventBus;
  /** Every kind the product has. */
  kinds: readonly TKindDescriptor[];
  /**
   * The listings that hold a lead of the event they may see now (the rfps module's answer; a lead
   * exists once its request went out); absent in tools.
   */
  leadRecipientsOf?: (eventId: string) => Promise<readonly string[]>;
  /** Search's free window: what it asks of a venue's calendar (the availability module's SQL). */
  freeInWindow: TFreeInWindow;
  /**
   * Boost days on sale beyond a tier's quota: a day's price, or null when payments are off or no
   * price is set (the payments module's answer); absent in tools.
   */
  boostSale?: () => Promise<TBoostSale | null>;
  /**
   * Opens, or finds again by `key`, a conversation between `openerId` and `memberIds` (the groups
   * module's `openKeyed`); answers its group id.
   */
  openConversation: (input: {
    key: string;
    name: string;
    description: string | null;
    openerId: string;
    memberIds: readonly string[];
  }) => Promise<string>;
};

export const MAX_MEDIA_PER_PROFILE = 100;

const inTransaction = <T>(ctx: TProfilesContext, work: (db: TDb) => Promise<T>) =>
  transaction(ctx.db, work);

const today = () => todayUtc();

export const profileNotFound = (d: TKindDescriptor) =>
  notFound(`The ${d.label}`) as AppError & { code: string };

// ---- access --------------------------------------------------------------------------------

export type TProfileAccess = {
  profile: repo.TProfileRow;
  abilities: TProfileAbility[];
};

/**
 * The profile addressed by a route and what the caller may do with it. A profile the caller may
 * not see at all answers 404, so pending listings do not reveal that they exist.
 */
const NO_MEMBERSHIP: repo.TMembership = { role: null, inheritedManager: false };

export async function accessProfile(
  ctx: TProfilesContext,
  d: TKindDescriptor,
  id: string,
  principal: TPrincipal | null,
): Promise<TProfileAccess> {
  const found = principal
    ? await repo.findProfileWithMembership(ctx.db, id, principal.userId, d)
    : { profile: await repo.findProfileRow(ctx.db, id), membership: NO_MEMBERSHIP };
  if (!found?.profile || found.profile.kind !== d.kind) throw profileNotFound(d);
  const { profile, membership } = found;
  const reachedByLead =
    readableThroughLeads(profile, principal, membership) &&
    (await managesLeadRecipient(ctx, profile.id, principal!));
  const abilities = profileAbilities(profile, principal, membership, reachedByLead);
  if (abilities.length === 0) throw profileNotFound(d);
  return { profile, abilities };
}

/** Whether the caller manages one of the listings that hold a lead of the event (rfps says which). */
async function managesLeadRecipient(
  ctx: TProfilesContext,
  eventId: string,
  principal: TPrincipal,
): Promise<boolean> {
  if (!ctx.leadRecipientsOf) return false;
  const recipients = await ctx.leadRecipientsOf(eventId);
  return repo.managesOneOf(ctx.db, principal.userId, recipients, ctx.kinds);
}

export function requireAbility(
  d: TKindDescriptor,
  granted: TProfileAccess,
  ability: TProfileAbility,
  principal: TPrincipal | null,
): void {
  if (granted.abilities.includes(ability)) return;
  if (!principal) throw unauthorized();
  if (ability === "reviews.write" && granted.abilities.includes("reactions.write"))
    throw new AppError(
      "OWN_LISTING_REVIEW",
      403,
      `You manage this ${d.label}, so you may not review it.`,
    );
  throw forbidden(`You may not do this with this ${d.label}.`);
}

// ---- profiles --------------------------------------------------------------------------------

async function uniqueSlug(db: TDb, name: string): Promise<string> {
  const base = slugify(name, "listing");
  if (!(await repo.slugExists(db, base))) return base;
  for (let n = 2; n < 50; n++) {
    const candidate = `${base}-${n}`;
    if (!(await repo.slugExists(db, candidate))) return candidate;
  }
  return `${base}-${crypto.randomUUID().slice(0, 8)}`;
}

type TWritable = Partial<z.infer<typeof ZProfileWritable>> & { tier?: TTier | null };

/** Profile columns from the API's shared fields; the address is geocoded when no point is given. */
function profileColumns(ctx: TProfilesContext, input: TWritable): Partial<repo.TProfileInsert> {
  const columns: Partial<repo.TProfileInsert> = {};
  const copy = [
    "name",
    "description",
    "placeId",
    "logo",
    "headerImage",
    "featuredVideo",
    "website",
    "phone",
    "email",
    "isActive",
    "lat",
    "lng",
    "tier",
  ] as const;
  for (const key of copy) {
    const value = input[key];
    if (value !== undefined) Object.assign(columns, { [key]: value });
  }
  // A /media address is kept as its file, without the grant it was shown with.
  for (const key of ["logo", "headerImage"] as const) {
    const value = input[key];
    const file = value ? storedMediaKey(value) : null;
    if (value?.startsWith("/media/") && file) columns[key] = `/media/${file}`;
  }
  if (input.address !== undefined) {
    const a = input.address;
    const state = a ? findState(a.state) : undefined;
    if (a && !state) {
      throw new AppError("VALIDATION_FAILED", 400, `Unknown state or province: ${a.state}.`);
    }
    columns.street = a?.street ?? null;
    columns.city = a?.city ?? null;
    columns.state = state?.name ?? null;
    columns.postalCode = a?.postalCode ?? null;
    columns.country = a ? (state?.country ?? a.country) : null;
    if (a && input.lat === undefined && input.lng === undefined) {
      const place =
        (a.postalCode ? ctx.geocode(a.postalCode) : null) ??
        ctx.geocode(`${a.city}, ${state?.code ?? a.state}`);
      columns.lat = place?.lat ?? null;
      columns.lng = place?.lng ?? null;
    }
  }
  return columns;
}

function detailColumns(d: TKindDescriptor, input: Record<string, unknown>) {
  const detail: Record<string, unknown> = {};
  for (const key of Object.keys(d.detail.schema.shape)) {
    if (input[key] !== undefined) detail[key] = input[key];
  }
  return detail;
}

/**
 * The kind's cross-field rules and references, on the detail as it will be stored (`before`: as
 * it was, for an edit). A members-only reference may be set or changed only by that profile's
 * people: `{KIND}_MEMBERSHIP_REQUIRED`, e.g. ORGANIZATION_MEMBERSHIP_REQUIRED.
 */
async function vetDetail(
  ctx: TProfilesContext,
  d: TKindDescriptor,
  detail: Record<string, unknown>,
  principal: TPrincipal,
  before: Record<string, unknown> = {},
) {
  const broken = d.checkDetail?.(detail);
  if (broken) throw new AppError("VALIDATION_FAILED", 400, broken);
  for (const ref of d.detailReferences ?? []) {
    const id = detail[ref.field];
    if (typeof id !== "string") continue;
    const row = await repo.findProfileRow(ctx.db, id);
    if (!row || !ref.kinds.includes(row.kind)) {
      throw new AppError("PROFILE_NOT_FOUND", 404, `${ref.what} was not found.`);
    }
    if (!ref.membersOnly || principal.isAdmin || before[ref.field] === id) continue;
    const through = ctx.kinds.find((k) => k.kind === row.kind)?.managedThrough ?? null;
    const membership = await repo.findMembership(ctx.db, id, principal.userId, through);
    if (!membership.role) {
      // A pending profile the caller cannot see does not exist for them.
      if (!isPublicProfile(row)) {
        throw new AppError("PROFILE_NOT_FOUND", 404, `${ref.what} was not found.`);
      }
      const code = `${row.kind.toUpperCase()}_MEMBERSHIP_REQUIRED`;
      throw new AppError(
        isErrorCode(code) ? code : "FORBIDDEN",
        403,
        `Only members of ${row.name} can put ${d.label}s under it.`,
      );
    }
  }
}

export async function createProfile(
  ctx: TProfilesContext,
  d: TKindDescriptor,
  principal: TPrincipal,
  input: Record<string, unknown> & { name: string; sports?: string[] },
): Promise<repo.TLoadedProfile> {
  const detail = { ...d.detailDefaults, ...detailColumns(d, input) };
  const parsed = d.detail.schema.safeParse(detail);
  if (!parsed.success) {
    throw validationFailed(`This ${d.label} is missing fields.`, parsed.error.issues);
  }
  await vetDetail(ctx, d, parsed.data, principal);
  const id = await inTransaction(ctx, async (db) => {
    const created = await repo.insertProfile(
      db,
      {
        ...profileColumns(ctx, input as TWritable),
        kind: d.kind,
        name: input.name,
        slug: await uniqueSlug(db, input.name),
        status: "pending",
        createdBy: principal.userId,
        updatedBy: principal.userId,
      },
      d.detail.table,
      parsed.data,
    );
    await repo.insertMember(db, {
      profileId: created,
      userId: principal.userId,
      role: "owner",
      createdBy: principal.userId,
    });
    if (input.sports?.length) await repo.replaceSports(db, created, input.sports);
    return created;
  });
  return (await repo.loadProfile(ctx.db, id, d.detail.table, today()))!;
}

export async function loadProfile(ctx: TProfilesContext, d: TKindDescriptor, id: string) {
  const loaded = await repo.loadProfile(ctx.db, id, d.detail.table, today());
  if (!loaded || loaded.kind !== d.kind) throw profileNotFound(d);
  return loaded;
}

/** A profile as anyone may see it: approved and active, else 404 (nothing said about why). */
export async function loadListedProfile(
  ctx: TProfilesContext,
  d: TKindDescriptor,
  id: string | null,
): Promise<repo.TLoadedProfile> {
  const loaded = id ? await repo.loadProfile(ctx.db, id, d.detail.table, today()) : null;
  if (!loaded || loaded.kind !== d.kind || !isPublicProfile(loaded)) throw profileNotFound(d);
  return loaded;
}

/**
 * Applies an edited copy of the profile (the result of a JSON Patch on its API shape). Only the
 * writable fields may differ; the tier only for admins; everything is validated before writing.
 */
export async function updateProfile(
  ctx: TProfilesContext,
  d: TKindDescriptor,
  granted: TProfileAccess,
  principal: TPrincipal,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Promise<repo.TLoadedProfile> {
  const changed = Object.keys({ ...before, ...after }).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  const writable = new Set([
    ...Object.keys(ZProfileWritable.shape),
    ...Object.keys(d.detail.schema.shape),
    "sports",
    ...(granted.abilities.includes("profile.setTier") ? ["tier"] : []),
  ]);
  const refused = changed.filter((key) => !writable.has(key));
  if (refused.length > 0) {
    throw new AppError("FIELD_NOT_EDITABLE", 400, `These fields cannot be changed: ${refused}.`);
  }
  const shared = ZProfileWritable.extend(ZProfileAdminWritable.shape)
    .partial()
    .safeParse(
      Object.fromEntries(
        changed.filter((k) => !(k in d.detail.schema.shape)).map((k) => [k, after[k]]),
      ),
    );
  const detail = d.detail.schema.safeParse(
    Object.fromEntries(Object.keys(d.detail.schema.shape).map((k) => [k, after[k]])),
  );
  // Sports as create takes them (names from the reference list), judged when the patch changes them.
  const sports = changed.includes("sports")
    ? ZProfileSports.safeParse(after.sports)
    : ({ success: true, data: undefined } as const);
  for (const result of [shared, detail, sports]) {
    if (!result.success) {
      throw validationFailed("The change does not make a valid listing.", result.error.issues);
    }
  }
  await vetDetail(ctx, d, detail.data as Record<string, unknown>, principal, before);
  const columns = profileColumns(ctx, shared.data as TWritable);
  delete (columns as Record<string, unknown>).sports;
  const detailChange = Object.fromEntries(
    changed
      .filter((k) => k in d.detail.schema.shape)
      .map((k) => [k, (detail.data as Record<string, unknown>)[k]]),
  );
  await inTransaction(ctx, async (db) => {
    await repo.updateProfileRow(
      db,
      granted.profile.id,
      { ...columns, updatedBy: principal.userId, updatedDate: new Date() },
      d.detail.table,
      detailChange,
    );
    if (changed.includes("sports")) await repo.replaceSports(db, granted.profile.id, sports.data!);
  });
  return loadProfile(ctx, d, granted.profile.id);
}

/**
 * Sets the listing's tier as its subscription gives it (payments), in the caller's transaction `db`,
 * and records `ListingTierChanged` with it when the tier changes. False when there is no such
 * listing of the kind.
 */
export async function setTierBySubscription(
  ctx: TProfilesContext,
  db: TDb,
  kind: TProfileKind,
  id: string,
  tier: TTier | null,
): Promise<boolean> {
  const before = await repo.findProfileRow(db, id);
  if (!before || before.kind !== kind) return false;
  if (before.tier === tier) return true;
  await repo.updateProfileRow(
    db,
    id,
    { tier, updatedDate: new Date() },
    kindOf(ctx, kind).detail.table,
    {},
  );
  await ctx.events?.record(db, "ListingTierChanged", {
    profileId: id,
    kind,
    tier,
    previousTier: before.tier ?? null,
    source: "subscription",
  });
  return true;
}

/** One-way: a pending profile becomes approved; approving again changes nothing. */
export async function approveProfile(
  ctx: TProfilesContext,
  d: TKindDescriptor,
  id: string,
  principal: TPrincipal,
) {
  await inTransaction(ctx, async (tx) => {
    const before = await repo.findProfileRow(tx, id);
    if (before) await markApproved(ctx, tx, before, principal);
  });
  return loadProfile(ctx, d, id);
}

/** What approving writes, one listing's worth: the status, and the event its people hear of. */
async function markApproved(
  ctx: TProfilesContext,
  tx: TDb,
  before: repo.TProfileRow,
  principal: TPrincipal,
) {
  await repo.updateProfileRow(
    tx,
    before.id,
    { status: "approved", updatedBy: principal.userId, updatedDate: new Date() },
    kindOf(ctx, before.kind as TProfileKind).detail.table,
    {},
  );
  if (before.status === "pending") {
    await ctx.events?.record(tx, "ProfileApproved", {
      profileId: before.id,
      approvedBy: principal.userId,
    });
  }
}

// ---- the approval queue (admins) ----

/** A page of pending listings of every kind (or one), newest first, by part of the name. */
export const pendingListings = (
  ctx: TProfilesContext,
  q: repo.TPendingQuery,
  window: { limit: number; offset: number },
) => repo.listPending(ctx.db, q, window);

/** How many listings wait whose name has `text`: in all, and of every kind (0 when none). */
export async function pendingCounts(ctx: TProfilesContext, q: Pick<repo.TPendingQuery, "text">) {
  const rows = await repo.countPendingByKind(ctx.db, q);
  const kinds = Object.fromEntries(
    ctx.kinds.map((d) => [d.kind, rows.find((r) => r.kind === d.kind)?.n ?? 0]),
  ) as Record<TProfileKind, number>;
  return { total: rows.reduce((sum, r) => sum + r.n, 0), kinds };
}

/**
 * Approves the listings among `ids` that are pending, each exactly as one approval does, in one
 * transaction: all are written or none. An id that is no listing refuses the whole call (404,
 * nothing written); one already approved (by someone else meanwhile) is left as it is, with why.
 */
export async function approveProfiles(
  ctx: TProfilesContext,
  ids: readonly string[],
  principal: TPrincipal,
) {
  const wanted = [...new Set(ids)];
  return inTransaction(ctx, async (tx) => {
    const rows = await repo.lockProfileRows(tx, wanted);
    const found = new Set(rows.map((r) => r.id));
    const unknown = wanted.filter((id) => !found.has(id));
    if (unknown.length > 0) {
      throw new AppError(
        "PROFILE_NOT_FOUND",
        404,
        unknown.length === 1
          ? "One of the listings was not found (deleted meanwhile?). Nothing was approved."
          : `${unknown.length} of the listings were not found (deleted meanwhile?). Nothing was approved.`,
        { ids: unknown },
      );
    }
    const byId = new Map(rows.map((r) => [r.id, r]));
    const approved: { id: string; kind: TProfileKind; name: string }[] = [];
    const notApproved: ((typeof approved)[number] & { reason: string })[] = [];
    for (const id of wanted) {
      const row = byId.get(id)!;
      const target = { id, kind: row.kind as TProfileKind, name: row.name };
      if (row.status !== "pending") {
        notApproved.push({ ...target, reason: "It was already approved." });
        continue;
      }
      await markApproved(ctx, tx, row, principal);
      approved.push(target);
    }
    return { approved, notApproved };
  });
}

/** Adds my like or follow (once); the listing's managers hear of a new one. */
export async function addReaction(
  ctx: TProfilesContext,
  profileId: string,
  userId: string,
  reaction: "like" | "follow",
): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    if (await repo.addReaction(tx, profileId, userId, reaction)) {
      await ctx.events?.record(tx, "ProfileReacted", { profileId, userId, reaction });
    }
  });
}

/** A listing as notifications name it, the web path of its page, and who owns or manages it. */
export async function listingAudience(ctx: TProfilesContext, profileId: string) {
  const row = await repo.findProfileRow(ctx.db, profileId);
  const d = row && ctx.kinds.find((k) => k.kind === row.kind);
  if (!row || !d) return null;
  return {
    profile: { id: row.id, kind: row.kind, name: row.name, logo: mediaRef(row.logo) },
    path: `/${d.path}/${row.id}`,
    managerIds: await repo.managerUserIds(ctx.db, profileId),
  };
}

/**
 * "Message" on a listing's page: the caller's one conversation with the listing's owners and
 * managers (those who show themselves, like the tour guide's hand-off), opened on first use and the
 * same one after (staff who join later are not added). Its own people do not message it.
 */
export async function messageListing(
  ctx: TProfilesContext,
  granted: TProfileAccess,
  principal: TPrincipal,
): Promise<string> {
  const { profile } = granted;
  const managers = await repo.managerUserIds(ctx.db, profile.id);
  const ownPeople = !principal.isAdmin && granted.abilities.includes("profile.readPrivate");
  if (ownPeople || managers.includes(principal.userId)) {
    throw badRequest("SELF_MESSAGE", `You are one of ${profile.name}'s people: message others.`);
  }
  const visible = await Promise.all(managers.map((id) => ctx.isVisibleUser(id)));
  const staff = managers.filter((_, i) => visible[i]);
  if (staff.length === 0) {
    throw conflict(`Nobody at ${profile.name} takes messages here yet.`);
  }
  return ctx.openConversation({
    key: `listing:${profile.id}:${principal.userId}`,
    name: profile.name,
    description: `Messages with the team of ${profile.name}`,
    openerId: principal.userId,
    memberIds: staff,
  });
}

export async function deleteProfile(ctx: TProfilesContext, id: string): Promise<void> {
  const keys = await repo.allMediaKeys(ctx.db, id);
  await inTransaction(ctx, async (db) => {
    await repo.deleteProfileRow(db, id);
    await ctx.events?.record(db, "ProfileDeleted", { profileId: id });
  });
  // Rows are gone (children cascade); the files follow, best effort.
  await Promise.all(keys.map((key) => ctx.files.delete(key).catch(() => undefined)));
}

export type TListScope =
  | { kind: "all" }
  | { kind: "mine"; userId: string }
  | { kind: "reacted"; userId: string }
  | { kind: "publicOf"; userId: string };

export async function listProfiles(
  ctx: TProfilesContext,
  d: TKindDescriptor,
  principal: TPrincipal | null,
  scope: TListScope,
  filter: TProfileListFilter,
  window: { limit: number; offset: number },
) {
  const isAdmin = principal?.isAdmin ?? false;
  // A hidden user's listings are not a way to find them: for others they belong to nobody.
  if (
    scope.kind === "publicOf" &&
    !seesPerson(principal, {
      id: scope.userId,
      isVisible: await ctx.isVisibleUser(scope.userId),
    })
  )
    return { rows: [], count: 0, myReactions: null };
  const query: repo.TProfileQuery = {
    kind: d.kind,
    // My own listings show pending ones too; elsewhere only admins see them.
    publicOnly: !(isAdmin || scope.kind === "mine"),
    status: isAdmin || scope.kind === "mine" ? filter.status : undefined,
    text: filter.text,
    states: filter.states,
    tiers: filter.tiers,
    ...(scope.kind === "mine" || scope.kind === "publicOf" ? { memberUserId: scope.userId } : {}),
    ...(scope.kind === "reacted"
      ? { reaction: { userId: scope.userId, kind: reactionKind(d) } }
      : {}),
  };
  // The kind's public list is a best match: boosts may lead it (sponsored); a person's own lists
  // are by name only.
  const page = await repo.listProfiles(ctx.db, query, d.detail.table, window, today(), {
    sponsoredLead: scope.kind === "all",
  });
  const mine = principal
    ? await repo.reactedProfileIds(
        ctx.db,
        principal.userId,
        reactionKind(d),
        page.rows.map((r) => r.id),
      )
    : null;
  return { ...page, myReactions: mine };
}

/**
 * The listings of a kind the caller belongs to (the scope of `GET /{kind}/my`), each with its
 * creation date and the caller's abilities on it by the one rule (profileAbilities), in one query:
 * for a module that picks and pages them by rules and an order of its own, where accessProfile
 * would be a query per listing.
 */
export async function myListings(
  ctx: TProfilesContext,
  d: TKindDescriptor,
  principal: TPrincipal,
): Promise<{ id: string; createdDate: Date; abilities: TProfileAbility[] }[]> {
  const rows = await repo.memberListings(ctx.db, d.kind, principal.userId, d.managedThrough);
  return rows.map(({ row, membership }) => ({
    id: row.id,
    createdDate: row.createdDate,
    abilities: profileAbilities(row, principal, membership),
  }));
}

// ---- members ---------------------------------------------------------------------------------

export async function changeMember(
  ctx: TProfilesContext,
  granted: TProfileAccess,
  principal: TPrincipal,
  memberId: string,
  change: { role?: TMemberRole; staffRole?: TStaffRole | null },
) {
  return inTransaction(ctx, async (db) => {
    await repo.lockProfile(db, granted.profile.id);
    const current = await repo.findMember(db, granted.profile.id, memberId);
    if (!current) throw notFound("The member");
    const touchesOwner = current.role === "owner" || change.role === "owner";
    if (
      touchesOwner &&
      change.role !== current.role &&
      !granted.abilities.includes("members.writeOwners")
    )
      throw forbidden("Only an owner can make or unmake an owner.");
    if (current.role === "owner" && change.role && change.role !== "owner") {
      if ((await repo.countOwners(db, granted.profile.id)) <= 1)
        throw new AppError("LAST_OWNER", 409, "Every listing keeps at least one owner.");
    }
    await repo.updateMember(db, granted.profile.id, memberId, {
      ...change,
      updatedBy: principal.userId,
    });
    return (await repo.findMember(db, granted.profile.id, memberId))!;
  });
}

export async function removeMember(
  ctx: TProfilesContext,
  granted: TProfileAccess,
  principal: TPrincipal,
  memberId: string,
) {
  await inTransaction(ctx, async (db) => {
    await repo.lockProfile(db, granted.profile.id);
    const current = await repo.findMember(db, granted.profile.id, memberId);
    if (!current) throw notFound("The member");
    const self = current.userId === principal.userId;
    if (current.role === "owner") {
      if (!self && !granted.abilities.includes("members.writeOwners"))
        throw forbidden("Only an owner can remove an owner.");
      if ((await repo.countOwners(db, granted.profile.id)) <= 1)
        throw new AppError("LAST_OWNER", 409, "Every listing keeps at least one owner.");
    }
    await repo.deleteMember(db, granted.profile.id, memberId);
  });
}

// ---- media -----------------------------------------------------------------------------------

export type TMediaKind = "image" | "document";
export const mediaKindOf = (child: TChildName): TMediaKind =>
  child === "images" ? "image" : "document";

type TMediaRow = typeof repo.childTables.media.$inferSelect;
/** One listing's images or documents, changed by `by`. */
type TMediaList = { d: TKindDescriptor; profileId: string; kind: TMediaKind; by: string };

const mediaList = (ctx: TProfilesContext) =>
  fileList<TMediaList, TMediaRow>(
    ctx,
    {
      lock: (db, l) => repo.lockProfile(db, l.profileId),
      ordered: (db, l) => repo.mediaInOrder(db, l.profileId, l.kind),
      insert: async (db, l, values) =>
        (await repo.insertChild<TMediaRow>(db, repo.childTables.media, {
          profileId: l.profileId,
          kind: l.kind,
          ...values,
          createdBy: l.by,
          updatedBy: l.by,
        }))!,
      update: async (db, l, id, values) =>
        (await repo.updateChild<TMediaRow>(db, repo.childTables.media, l.profileId, id, {
          ...values,
          updatedBy: l.by,
          updatedDate: new Date(),
        })) ?? undefined,
      remove: async (db, l, id) => {
        const row = await repo.findChild<TMediaRow>(db, repo.childTables.media, l.profileId, id);
        if (!row || row.kind !== l.kind) return undefined;
        await repo.deleteChild(db, repo.childTables.media, l.profileId, id);
        return row;
      },
    },
    {
      keyPrefix: (l) => `profiles/${l.d.path}`,
      max: MAX_MEDIA_PER_PROFILE,
      full: {
        code: "TOO_MANY_FILES",
        message: `A listing keeps up to ${MAX_MEDIA_PER_PROFILE} images and as many documents; delete one first.`,
      },
      what: "The file",
    },
  );

export function addMedia(
  ctx: TProfilesContext,
  d: TKindDescriptor,
  profileId: string,
  kind: TMediaKind,
  upload: TUpload,
  principal: TPrincipal,
) {
  return mediaList(ctx).add({ d, profileId, kind, by: principal.userId }, upload);
}

export async function findMedia(
  ctx: TProfilesContext,
  profileId: string,
  kind: TMediaKind,
  mediaId: string,
): Promise<TMediaRow> {
  const row = await repo.findChild<TMediaRow>(ctx.db, repo.childTables.media, profileId, mediaId);
  if (!row || row.kind !== kind) throw notFound(kind === "image" ? "The image" : "The document");
  return row;
}

export function replaceMediaFile(
  ctx: TProfilesContext,
  d: TKindDescriptor,
  current: TMediaRow,
  upload: TUpload,
  principal: TPrincipal,
) {
  const list = { d, profileId: current.profileId, kind: current.kind, by: principal.userId };
  return mediaList(ctx).replace(list, current.id, current, upload);
}

export async function moveMedia(
  ctx: TProfilesContext,
  d: TKindDescriptor,
  profileId: string,
  kind: TMediaKind,
  mediaId: string,
  afterId: string | null,
  principal: TPrincipal,
) {
  await mediaList(ctx).move({ d, profileId, kind, by: principal.userId }, mediaId, afterId);
  return findMedia(ctx, profileId, kind, mediaId);
}

export async function deleteMedia(
  ctx: TProfilesContext,
  d: TKindDescriptor,
  current: TMediaRow,
  principal: TPrincipal,
) {
  const list = { d, profileId: current.profileId, kind: current.kind, by: principal.userId };
  await mediaList(ctx).remove(list, current.id);
}

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

export { today };

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
  const column = (d.detail.table as unknown as Record<string, PgColumn | undefined>)[field];
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
