// A listing's life: create (the creator becomes its owner), read by visibility, edit, tiers,
// approval, reactions, messages, delete, lists, and members' changes.
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
import { seesPerson, slugify } from "@hostfield/domain/rules";
import type { z } from "zod";
import type { TDb } from "../../platform/db/database";
import type { TPrincipal } from "../../platform/http/access";
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  validationFailed,
} from "../../platform/http/errors";
import type { TKindDescriptor } from "../descriptor";
import { reactionKind } from "../descriptor";
import { isPublicProfile, profileAbilities } from "../policy";
import { mediaRef, storedMediaKey } from "../presenter";
import * as repo from "../repository";
import type { TProfileAccess } from "./access";
import { inTransaction, profileNotFound, type TProfilesContext, today } from "./context";
import { kindOf } from "./for-modules";

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
export async function markApproved(
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
