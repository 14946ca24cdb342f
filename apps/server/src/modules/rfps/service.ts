// Requests for proposals and the lead pipeline: drafting and publishing requests (matching creates
// the leads), direct sends, answering and deciding leads along the status machine with history,
// conversations and notifications, and the lists, stats and marketplace around them.
import {
  type TLeadBulkResult,
  type TLeadFilter,
  type TLeadStats,
  type TProfileAbility,
  type TProposal,
  type TRequirementInput,
  type TRfpSearch,
  ZLeadEditable,
  ZRequirementInput,
} from "@hostfield/domain/contracts";
import {
  findState,
  LEAD_STATUSES,
  TIERS,
  type TLeadStatus,
  type TOwnerType,
  type TProfileKind,
  type TTier,
  type TUrgencyPriority,
  URGENCY_LEVELS,
} from "@hostfield/domain/reference";
import {
  HOT_LEAD_HEAD_START_MS,
  isHotRequest,
  leadVisibleFrom,
  OWNER_TYPE_KINDS,
  responseTimeLabel,
  tierAllowsRfpMarketplace,
} from "@hostfield/domain/rules";
import type { TDb } from "../../platform/db/database";
import type { TEventBus } from "../../platform/events/bus";
import { distanceMiles } from "../../platform/geo/distance";
import type { TPlace } from "../../platform/geo/place";
import type { TPrincipal } from "../../platform/http/access";
import {
  AppError,
  badRequest,
  conflict,
  notFound,
  unauthorized,
  validationFailed,
} from "../../platform/http/errors";
import { applyJsonPatch } from "../../platform/http/json-patch";
import type { TLoadedProfile, TProfilesServices } from "../../profiles";
import type { TGroupsServices } from "../groups";
import { matchRequest, type TMatch, type TMatchRequest } from "./matching";
import {
  checkLeadMove,
  isOrganizer,
  leadAbilities,
  marketplaceAccess,
  recipientRole,
  requireLeadAbility,
  requireOrganizer,
  type TLeadAbility,
  type TLeadParty,
  type TMarketplaceAccess,
} from "./policy";
import {
  emptyCounts,
  presentHistory,
  presentLead,
  presentListing,
  presentRequirement,
  requirementInput,
  type TLeadEnds,
} from "./presenter";
import * as repo from "./repository";

/** A resolved address: where, how it reads ("Indianapolis, IN") and its state or province code. */
export type TResolvedPlace = Pick<TPlace, "lat" | "lng" | "label" | "state">;

export type TRfpsContext = {
  db: TDb;
  profiles: TProfilesServices;
  groups: TGroupsServices;
  events: TEventBus;
  geocode: (address: string) => TResolvedPlace | null;
  /** The clock every date of this module comes from (tests move it). */
  now: () => Date;
};

type TWindow = { limit: number; offset: number };

const inTransaction = <T>(ctx: TRfpsContext, work: (db: TDb) => Promise<T>) =>
  ctx.db.transaction((tx) => work(tx as unknown as TDb));

/** Lost leads of an award that the organizer gave no reason for say this. */
export const DEFAULT_AWARD_REASON = "Another venue was chosen";
/** Pipeline columns show this many leads each, newest first. */
export const PIPELINE_COLUMN_SIZE = 50;

// ---- access ----------------------------------------------------------------------------------

/** What this module reads of an event: its name, dates and whether it still takes proposals. */
export type TEventRow = {
  id: string;
  name: string;
  startDate: string;
  endDate: string;
  hasFlexibleDates: boolean;
  isClosed: boolean;
};

function eventRowOf(profile: TLoadedProfile): TEventRow {
  const detail = (profile.detail ?? {}) as Partial<Omit<TEventRow, "id" | "name">>;
  return {
    id: profile.id,
    name: profile.name,
    startDate: detail.startDate ?? "",
    endDate: detail.endDate ?? "",
    hasFlexibleDates: detail.hasFlexibleDates ?? false,
    isClosed: detail.isClosed ?? false,
  };
}

/** The event, whoever may see it (the caller's abilities say that), or null when there is none. */
async function findEvent(ctx: TRfpsContext, id: string): Promise<TEventRow | null> {
  const found = (await ctx.profiles.profilesByIds("event", [id])).get(id);
  return found ? eventRowOf(found) : null;
}

/** The caller's abilities on a listing, empty when it is hidden from them (or they are a visitor). */
async function abilitiesOn(
  ctx: TRfpsContext,
  kind: TProfileKind,
  id: string,
  principal: TPrincipal | null,
): Promise<TProfileAbility[]> {
  if (!principal) return [];
  try {
    return (await ctx.profiles.accessProfile(kind, id, principal)).abilities;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return [];
    throw error;
  }
}

export type TEventAccess = { event: TEventRow; abilities: TProfileAbility[] };

/** The event addressed by a route (404 when there is none) and the caller's abilities on it. */
export async function accessEvent(
  ctx: TRfpsContext,
  eventId: string,
  principal: TPrincipal | null,
): Promise<TEventAccess> {
  const event = await findEvent(ctx, eventId);
  if (!event) throw notFound("The event");
  return { event, abilities: await abilitiesOn(ctx, "event", eventId, principal) };
}

/** For the organizers' calls: the event, or 401/403/404. */
export async function organizerAccess(
  ctx: TRfpsContext,
  eventId: string,
  principal: TPrincipal | null,
): Promise<TEventAccess> {
  if (!principal) throw unauthorized();
  const granted = await accessEvent(ctx, eventId, principal);
  requireOrganizer(principal, granted.abilities);
  return granted;
}

/** A listing's leads are read by its members (and admins); others get 401, 403 or 404. */
export async function listingAccess(
  ctx: TRfpsContext,
  kind: "destination" | "facility",
  id: string,
  principal: TPrincipal | null,
) {
  if (!principal) throw unauthorized();
  const granted = await ctx.profiles.accessProfile(kind, id, principal);
  if (!granted.abilities.includes("profile.readPrivate")) {
    const { label } = ctx.profiles.kind(kind);
    throw new AppError("FORBIDDEN", 403, `Only the ${label}'s members see its leads.`);
  }
  return granted;
}

export type TLeadAccess = {
  event: TEventRow;
  lead: repo.TLeadRow;
  party: TLeadParty;
  abilities: TLeadAbility[];
};

/** The lead addressed by a route and what the caller may do with it; 404 when they may do nothing. */
export async function accessLead(
  ctx: TRfpsContext,
  eventId: string,
  leadId: string,
  principal: TPrincipal | null,
): Promise<TLeadAccess> {
  if (!principal) throw unauthorized();
  const event = await findEvent(ctx, eventId);
  const lead = event ? await repo.findLead(ctx.db, eventId, leadId) : null;
  if (!event || !lead) throw notFound("The lead");
  const [eventAbilities, ownerAbilities] = await Promise.all([
    abilitiesOn(ctx, "event", eventId, principal),
    abilitiesOn(ctx, OWNER_TYPE_KINDS[lead.ownerType], lead.ownerId, principal),
  ]);
  const party: TLeadParty = {
    isAdmin: principal.isAdmin,
    organizer: isOrganizer(eventAbilities),
    recipient: recipientRole(ownerAbilities),
    assignee: lead.assignedUserId === principal.userId,
  };
  const abilities = leadAbilities(party, lead.visibleFrom <= ctx.now());
  if (abilities.length === 0) throw notFound("The lead");
  return { event, lead, party, abilities };
}

// ---- requests --------------------------------------------------------------------------------

type TPlaceColumns = Pick<repo.TRequirementInsert, "lat" | "lng" | "placeLabel" | "placeState">;

/** The address resolved, or nulls when looking nationally; an unknown place is the caller's error. */
function locate(ctx: TRfpsContext, address: string | null): TPlaceColumns {
  if (!address) return { lat: null, lng: null, placeLabel: null, placeState: null };
  const place = ctx.geocode(address);
  if (!place) {
    throw badRequest(
      "UNKNOWN_PLACE",
      `We could not find "${address}". Give a city and state ("Indianapolis, IN") or a ZIP code, or no address to look nationally.`,
    );
  }
  return {
    lat: place.lat,
    lng: place.lng,
    placeLabel: place.label,
    placeState: findState(place.state)?.name ?? null,
  };
}

const inputColumns = (input: TRequirementInput) => ({
  ...input,
  // A radius means nothing without a place.
  dist: input.address ? input.dist : null,
});

async function withCounts(ctx: TRfpsContext, rows: repo.TRequirementRow[]) {
  const counts = await repo.leadCounts(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => presentRequirement(r, counts.get(r.id)));
}

export async function createRequirement(
  ctx: TRfpsContext,
  eventId: string,
  principal: TPrincipal,
  input: TRequirementInput,
) {
  const now = ctx.now();
  const row = await repo.insertRequirement(ctx.db, {
    eventId,
    ...inputColumns(input),
    ...locate(ctx, input.address),
    status: "draft",
    createdDate: now,
    updatedDate: now,
    createdBy: principal.userId,
    updatedBy: principal.userId,
  });
  return presentRequirement(row);
}

export async function listRequirements(
  ctx: TRfpsContext,
  eventId: string,
  filter: { status?: readonly string[] | undefined },
  window: TWindow,
) {
  const page = await repo.listRequirements(ctx.db, eventId, filter, window);
  return { rows: await withCounts(ctx, page.rows), count: page.count };
}

async function findRequirement(db: TDb, eventId: string, id: string, lock = false) {
  const row = await repo.findRequirement(db, eventId, id, lock);
  if (!row) throw notFound("The request");
  return row;
}

export async function getRequirement(ctx: TRfpsContext, eventId: string, id: string) {
  const [presented] = await withCounts(ctx, [await findRequirement(ctx.db, eventId, id)]);
  return presented!;
}

const REQUIREMENT_PATCH_KEYS = new Set([...Object.keys(ZRequirementInput.shape), "status"]);

/**
 * A JSON Patch over the request's input fields and status: the fields change only while it is a
 * draft; the status only to closed (publishing has its own call).
 */
export async function patchRequirement(
  ctx: TRfpsContext,
  eventId: string,
  id: string,
  principal: TPrincipal,
  operations: unknown,
) {
  const row = await inTransaction(ctx, async (db) => {
    const current = await findRequirement(db, eventId, id, true);
    const before = { ...requirementInput(current), status: current.status };
    const after = applyJsonPatch(before, operations) as Record<string, unknown>;
    const unknown = Object.keys(after).filter((key) => !REQUIREMENT_PATCH_KEYS.has(key));
    if (unknown.length > 0) {
      throw badRequest(
        "FIELD_NOT_EDITABLE",
        `These fields cannot be changed: ${unknown.join(", ")}.`,
      );
    }
    const { status, ...fields } = after;
    if (status !== current.status && status !== "closed") {
      throw badRequest(
        "STATUS_NOT_EDITABLE",
        "A PATCH can only close a request; publish it with PUT .../publish.",
      );
    }
    const parsed = ZRequirementInput.safeParse(fields);
    if (!parsed.success) {
      throw validationFailed("The change does not make a valid request.", parsed.error.issues);
    }
    const stored = inputColumns(requirementInput(current));
    const wanted = inputColumns(parsed.data);
    const edited = (Object.keys(wanted) as (keyof typeof wanted)[]).some(
      (key) => JSON.stringify(wanted[key]) !== JSON.stringify(stored[key]),
    );
    if (edited && current.status !== "draft") {
      throw new AppError(
        "REQUIREMENT_NOT_DRAFT",
        409,
        `Only a draft request can be edited; this one is ${current.status}. Close it and write a new one instead.`,
      );
    }
    if (!edited && status === current.status) return current;
    return repo.updateRequirement(db, id, {
      ...(edited ? inputColumns(parsed.data) : {}),
      ...(edited && parsed.data.address !== current.address
        ? locate(ctx, parsed.data.address)
        : {}),
      status: status as repo.TRequirementRow["status"],
      updatedDate: ctx.now(),
      updatedBy: principal.userId,
    });
  });
  const [presented] = await withCounts(ctx, [row]);
  return presented!;
}

/** Drafts and closed requests may go (their leads stay, without a request); admins delete any. */
export async function deleteRequirement(
  ctx: TRfpsContext,
  eventId: string,
  id: string,
  principal: TPrincipal,
) {
  const row = await findRequirement(ctx.db, eventId, id);
  if (!principal.isAdmin && row.status !== "draft" && row.status !== "closed") {
    throw new AppError(
      "REQUIREMENT_IN_USE",
      409,
      `This request is ${row.status} and its leads refer to it; close it instead (PATCH status to closed).`,
    );
  }
  await repo.deleteRequirement(ctx.db, id);
}

/** The tiers whose members may receive leads at all, from the domain's rule. */
const MARKETPLACE_TIERS = TIERS.filter((tier) =>
  tierAllowsRfpMarketplace({ isActive: true, tier }),
);

function matchRequestOf(row: repo.TRequirementRow): TMatchRequest {
  const point = row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null;
  return {
    sportsList: row.sportsList,
    needsSpecificFacilityType: row.needsSpecificFacilityType,
    facilityTypes: row.facilityTypes,
    needsSpecificSpaceType: row.needsSpecificSpaceType,
    spaceType: row.spaceType,
    spaceSurface: row.spaceSurface,
    spaceTypeCount: row.spaceTypeCount,
    spaceLocation: row.spaceLocation,
    point,
    dist: point ? row.dist : null,
    placeLabel: row.placeLabel,
  };
}

/** The listings a request reaches: the SQL narrows, matching.ts decides. */
export async function findMatches(db: TDb, row: repo.TRequirementRow): Promise<TMatch[]> {
  const request = matchRequestOf(row);
  const query: repo.TCandidateQuery = {
    sports: request.sportsList,
    tiers: MARKETPLACE_TIERS,
    point: request.point,
    radiusMiles: request.point ? request.dist : null,
    space:
      request.needsSpecificSpaceType && request.spaceType
        ? {
            name: request.spaceType,
            surface: request.spaceSurface,
            locations:
              request.spaceLocation && request.spaceLocation !== "Both"
                ? [request.spaceLocation]
                : null,
          }
        : null,
    facilityTypes: request.needsSpecificFacilityType ? request.facilityTypes : null,
  };
  const facilities = await repo.facilityCandidates(db, query);
  const destinations = await repo.destinationCandidates(db, query);
  return matchRequest(request, { facilities, destinations });
}

const creationHistory = (leads: readonly repo.TLeadRow[], by: string, at: Date) =>
  leads.map((l) => ({
    leadId: l.id,
    fromStatus: null,
    toStatus: "Open",
    reason: null,
    byUserId: by,
    createdDate: at,
  }));

/**
 * Announces the leads their recipients may see now. A lead that a hot request's head start hides
 * is not announced when it appears a day later: that needs a delayed job, which this module does
 * not have yet; its recipients find it in their lists.
 */
function announceLeads(
  ctx: TRfpsContext,
  event: TEventRow,
  leads: readonly repo.TLeadRow[],
  now: Date,
) {
  const visible = leads.filter((l) => l.visibleFrom <= now);
  if (visible.length === 0) return;
  ctx.events.emit("LeadsCreated", {
    eventId: event.id,
    eventName: event.name,
    leads: visible.map((l) => ({ leadId: l.id, ownerId: l.ownerId })),
  });
}

/** A closed event takes no more leads, matched or sent. */
function refuseClosedEvent(event: TEventRow) {
  if (event.isClosed) {
    throw conflict("The event is closed: it takes no more proposals.", "EVENT_CLOSED");
  }
}

/**
 * Publishing matches the request and writes one lead per match (profiles that already have a lead
 * for the event keep theirs) with the request's new status, in one transaction.
 */
export async function publishRequirement(
  ctx: TRfpsContext,
  granted: TEventAccess,
  id: string,
  principal: TPrincipal,
) {
  const { event } = granted;
  const now = ctx.now();
  refuseClosedEvent(event);
  const { row, leads } = await inTransaction(ctx, async (db) => {
    const current = await findRequirement(db, event.id, id, true);
    if (current.status !== "draft") {
      throw conflict(
        current.publishedDate
          ? `This request was published on ${current.publishedDate.toISOString().slice(0, 10)} and is ${current.status}.`
          : `This request is ${current.status}; only a draft is published.`,
        "ALREADY_PUBLISHED",
      );
    }
    const matches = await findMatches(db, current);
    const urgency = current.urgency as TUrgencyPriority;
    const leads = await repo.insertLeads(
      db,
      matches.map((m) => ({
        eventId: event.id,
        requirementId: current.id,
        ownerType: m.ownerType,
        ownerId: m.ownerId,
        status: "Open" as const,
        source: "match" as const,
        score: m.score,
        reasons: m.reasons,
        distanceMiles: m.distanceMiles,
        visibleFrom: leadVisibleFrom(now, urgency, m.hotLeads),
        createdDate: now,
        updatedDate: now,
        createdBy: principal.userId,
        updatedBy: principal.userId,
      })),
    );
    await repo.insertHistory(db, creationHistory(leads, principal.userId, now));
    const row = await repo.updateRequirement(db, current.id, {
      status: "published",
      publishedDate: now,
      updatedDate: now,
      updatedBy: principal.userId,
    });
    return { row, leads };
  });
  announceLeads(ctx, event, leads, now);
  const [presented] = await withCounts(ctx, [row]);
  return presented!;
}

// ---- direct sends ------------------------------------------------------------------------------

/**
 * The listings named by some owner references, by id, each of its reference's kind (one call to
 * the profiles service per kind); `listedOnly` keeps the approved, active ones.
 */
async function ownersByIds(
  ctx: TRfpsContext,
  owners: readonly { ownerType: TOwnerType; ownerId: string }[],
  listedOnly: boolean,
): Promise<Map<string, TLoadedProfile>> {
  const byType = new Map<TOwnerType, string[]>();
  for (const o of owners) {
    const ids = byType.get(o.ownerType) ?? [];
    ids.push(o.ownerId);
    byType.set(o.ownerType, ids);
  }
  const found = await Promise.all(
    [...byType].map(([type, ids]) =>
      ctx.profiles.profilesByIds(OWNER_TYPE_KINDS[type], ids, { listedOnly }),
    ),
  );
  return new Map(found.flatMap((m) => [...m]));
}

/**
 * The organizer sends a request straight to chosen listings (destinations, facilities, vendors):
 * no matching and no tier gate, visible at once. A listing that has a lead for the event keeps it.
 */
export async function sendDirect(
  ctx: TRfpsContext,
  granted: TEventAccess,
  principal: TPrincipal,
  requirementId: string,
  targets: readonly { ownerType: TOwnerType; ownerId: string }[],
): Promise<TLeadBulkResult> {
  const { event } = granted;
  const now = ctx.now();
  refuseClosedEvent(event);
  const unique = [...new Map(targets.map((t) => [t.ownerId, t])).values()];
  // Read before the transaction, which holds the embedded database's one connection.
  const listings = await ownersByIds(ctx, unique, true);
  const missing = unique.filter((t) => !listings.has(t.ownerId));
  if (missing.length > 0) {
    throw new AppError(
      "PROFILE_NOT_FOUND",
      404,
      `No listed ${missing.map((m) => m.ownerType.toLowerCase()).join(", ")} has the id ${missing.map((m) => m.ownerId).join(", ")}.`,
      { missing },
    );
  }
  const { created, existing } = await inTransaction(ctx, async (db) => {
    const request = await findRequirement(db, event.id, requirementId, true);
    if (request.status === "awarded" || request.status === "closed") {
      throw conflict(
        `This request is ${request.status}; it takes no more leads.`,
        "REQUIREMENT_CLOSED",
      );
    }
    const had = await repo.leadsOfOwners(
      db,
      event.id,
      unique.map((t) => t.ownerId),
    );
    const taken = new Set(had.map((l) => l.ownerId));
    const point =
      request.lat !== null && request.lng !== null ? { lat: request.lat, lng: request.lng } : null;
    const created = await repo.insertLeads(
      db,
      unique
        .filter((t) => !taken.has(t.ownerId))
        .map((t) => {
          const l = listings.get(t.ownerId)!;
          return {
            eventId: event.id,
            requirementId: request.id,
            ownerType: t.ownerType,
            ownerId: t.ownerId,
            status: "Open" as const,
            source: "direct" as const,
            score: null,
            reasons: ["Sent directly by the organizer"],
            distanceMiles:
              point && l.lat !== null && l.lng !== null
                ? distanceMiles(point, { lat: l.lat, lng: l.lng })
                : null,
            visibleFrom: now,
            createdDate: now,
            updatedDate: now,
            createdBy: principal.userId,
            updatedBy: principal.userId,
          };
        }),
    );
    await repo.insertHistory(db, creationHistory(created, principal.userId, now));
    return { created, existing: had };
  });
  announceLeads(ctx, event, created, now);
  return {
    created: await presentLeadsById(
      ctx,
      created.map((l) => l.id),
    ),
    existing: existing.map((l) => ({ ownerType: l.ownerType, ownerId: l.ownerId, leadId: l.id })),
  };
}

// ---- lead pages --------------------------------------------------------------------------------

/** Leads with their two ends (from the profiles service) and their owners' response times. */
async function presentViews(ctx: TRfpsContext, views: readonly repo.TLeadView[]) {
  const leads = views.map((v) => v.lead);
  const [times, events, owners] = await Promise.all([
    repo.responseTimes(ctx.db, [...new Set(leads.map((l) => l.ownerId))]),
    ctx.profiles.profilesByIds(
      "event",
      leads.map((l) => l.eventId),
    ),
    ownersByIds(ctx, leads, false),
  ]);
  return views.flatMap((v) => {
    const event = events.get(v.lead.eventId);
    const owner = owners.get(v.lead.ownerId);
    // Both ends cascade their leads away when deleted; one missing here was deleted just now.
    if (!event || !owner) return [];
    const ends: TLeadEnds = { event: eventRowOf(event), owner };
    return [presentLead(v, ends, times.get(v.lead.ownerId) ?? null)];
  });
}

async function presentLeadsById(ctx: TRfpsContext, ids: readonly string[]) {
  const views = await repo.loadLeads(ctx.db, ids);
  const order = new Map(ids.map((id, i) => [id, i]));
  return presentViews(
    ctx,
    [...views].sort((a, b) => order.get(a.lead.id)! - order.get(b.lead.id)!),
  );
}

export async function presentLeadById(ctx: TRfpsContext, id: string) {
  const [lead] = await presentLeadsById(ctx, [id]);
  if (!lead) throw notFound("The lead");
  return lead;
}

const queryOf = (filter: TLeadFilter, principal: TPrincipal): repo.TLeadQuery => ({
  status: filter.status,
  ownerType: filter.ownerType,
  urgency: filter.urgency,
  assignedTo: filter.assignedToMe ? principal.userId : undefined,
  text: filter.text || undefined,
});

export type TLeadListScope =
  | { kind: "event"; eventId: string }
  | { kind: "owner"; ownerId: string }
  | { kind: "member"; eventId: string };

async function scopeOf(
  ctx: TRfpsContext,
  scope: TLeadListScope,
  principal: TPrincipal,
): Promise<repo.TLeadScope> {
  if (scope.kind === "event") return scope;
  if (scope.kind === "owner") return { ...scope, visibleAt: ctx.now() };
  // The event's leads sent to listings the caller belongs to.
  return {
    kind: "owners",
    eventId: scope.eventId,
    ownerIds: await ctx.profiles.memberProfileIds(principal.userId),
    visibleAt: ctx.now(),
  };
}

export async function listLeads(
  ctx: TRfpsContext,
  scope: TLeadListScope,
  principal: TPrincipal,
  filter: TLeadFilter,
  window: TWindow,
) {
  const page = await repo.listLeads(
    ctx.db,
    await scopeOf(ctx, scope, principal),
    queryOf(filter, principal),
    window,
  );
  return { rows: await presentViews(ctx, page.rows), count: page.count };
}

export async function leadStats(
  ctx: TRfpsContext,
  scope: TLeadListScope,
  principal: TPrincipal,
  filter: TLeadFilter,
): Promise<TLeadStats> {
  const where = await scopeOf(ctx, scope, principal);
  const q = queryOf(filter, principal);
  const [counts, median] = await Promise.all([
    repo.statusCounts(ctx.db, where, q),
    repo.medianResponse(ctx.db, where, q),
  ]);
  const byStatus = { ...emptyCounts(), ...Object.fromEntries(counts) };
  return {
    total: Object.values(byStatus).reduce((sum, n) => sum + n, 0),
    byStatus,
    medianResponseMs: median,
    responseTime: responseTimeLabel(median),
  };
}

/** One column per status (in the statuses' order), each with its newest leads. */
export async function pipeline(ctx: TRfpsContext, ownerId: string) {
  const now = ctx.now();
  const scope: repo.TLeadScope = { kind: "owner", ownerId, visibleAt: now };
  const [ids, counts] = await Promise.all([
    repo.pipelineLeadIds(ctx.db, ownerId, now, PIPELINE_COLUMN_SIZE),
    repo.statusCounts(ctx.db, scope, {}),
  ]);
  const leads = await presentLeadsById(ctx, ids);
  return {
    columns: LEAD_STATUSES.map((status) => ({
      status,
      count: counts.get(status) ?? 0,
      leads: leads.filter((l) => l.status === status),
    })),
  };
}

export async function leadHistory(ctx: TRfpsContext, leadId: string) {
  return (await repo.listHistory(ctx.db, leadId)).map(presentHistory);
}

// ---- moving leads ------------------------------------------------------------------------------

const LEAD_PATCH_KEYS = new Set(Object.keys(ZLeadEditable.shape));
const proposalOf = (lead: repo.TLeadRow): TProposal | null =>
  lead.proposal
    ? {
        message: lead.proposal.message,
        dates: lead.proposal.dates,
        price: lead.proposal.price,
        priceUnit: lead.proposal.priceUnit as TProposal["priceUnit"],
      }
    : null;

/** A proposal offers dates among the event's own. */
function checkProposal(event: TEventRow, proposal: TProposal | null): TProposal {
  if (!proposal) {
    throw badRequest(
      "PROPOSAL_REQUIRED",
      "Send a proposal (a message, the dates you can host, a price) with the move to Interested.",
    );
  }
  const outside = proposal.dates.filter((d) => d < event.startDate || d > event.endDate);
  if (outside.length > 0) {
    throw badRequest(
      "DATES_OUTSIDE_EVENT",
      `The event runs from ${event.startDate} to ${event.endDate}; ${outside.join(", ")} ${outside.length === 1 ? "is" : "are"} outside it.`,
      { dates: outside },
    );
  }
  return { ...proposal, dates: [...new Set(proposal.dates)].sort() };
}

const money = (n: number) => `$${n.toLocaleString("en-US", { maximumFractionDigits: 2 })}`;

/** The conversation's message for a proposal: the text, then the dates and the price. */
function proposalMessage(proposal: TProposal, revised: boolean): string {
  const lines = [revised ? `Updated proposal: ${proposal.message}` : proposal.message];
  if (proposal.dates.length) lines.push(`Dates: ${proposal.dates.join(", ")}`);
  if (proposal.price !== null) {
    lines.push(
      `Price: ${money(proposal.price)}${proposal.priceUnit ? ` ${proposal.priceUnit}` : ""}`,
    );
  }
  return lines.join("\n");
}

/**
 * A JSON Patch over {status, reason, proposal}: a change of status moves the lead (with the reason
 * and, for Interested, the proposal); a changed proposal alone revises an Interested lead's one.
 */
export async function patchLead(
  ctx: TRfpsContext,
  granted: TLeadAccess,
  principal: TPrincipal,
  operations: unknown,
) {
  const { lead } = granted;
  const before = { status: lead.status, reason: null, proposal: proposalOf(lead) };
  const after = applyJsonPatch(before, operations) as Record<string, unknown>;
  const unknown = Object.keys(after).filter((key) => !LEAD_PATCH_KEYS.has(key));
  if (unknown.length > 0) {
    throw badRequest(
      "FIELD_NOT_EDITABLE",
      `Only status, reason and proposal change on a lead; not ${unknown.join(", ")}.`,
    );
  }
  const parsed = ZLeadEditable.safeParse(after);
  if (!parsed.success) {
    throw validationFailed("The change does not make a valid lead.", parsed.error.issues);
  }
  const change = parsed.data;
  if (change.status !== lead.status) {
    return moveLead(ctx, granted, principal, change.status, change.reason, change.proposal);
  }
  if (JSON.stringify(change.proposal) !== JSON.stringify(before.proposal)) {
    return reviseProposal(ctx, granted, principal, change.proposal);
  }
  if (change.reason) {
    throw badRequest("VALIDATION_FAILED", "A reason goes with a change of status.");
  }
  return presentLeadById(ctx, lead.id);
}

type TAfterCommit = () => void;

/** The event's organizers: who hear proposals and talk with the responder. */
async function organizerIds(ctx: TRfpsContext, eventId: string) {
  return (await ctx.profiles.listingAudience(eventId))?.managerIds ?? [];
}

export async function moveLead(
  ctx: TRfpsContext,
  granted: TLeadAccess,
  principal: TPrincipal,
  to: TLeadStatus,
  reasonGiven: string | null,
  proposalGiven: TProposal | null,
) {
  const { event, abilities } = granted;
  const reason = reasonGiven?.trim() || null;
  checkLeadMove(abilities, principal, granted.lead.status, to, reason);
  const proposal = to === "Interested" ? checkProposal(event, proposalGiven) : null;
  const organizers = to === "Interested" ? await organizerIds(ctx, event.id) : [];
  // Read before the transaction: the embedded database serves one transaction at a time, so a
  // query on another connection inside it would wait for it forever.
  const owner = await ctx.profiles.listingAudience(granted.lead.ownerId);
  const ownerName = owner?.profile.name ?? "The venue";
  const now = ctx.now();
  const afterCommit: TAfterCommit[] = [];
  await inTransaction(ctx, async (db) => {
    // An award changes every lead of the event: all are locked first, in one order (see
    // lockEventLeads), so a second award waits for the first and then finds its lead Lost.
    const eventLeads = to === "Won" ? await repo.lockEventLeads(db, event.id) : null;
    const lead = eventLeads
      ? eventLeads.find((l) => l.id === granted.lead.id)
      : await repo.findLead(db, event.id, granted.lead.id, true);
    // Withdrawn since access was checked.
    if (!lead) throw notFound("The lead");
    // Another request may have moved it since access was checked: judge the move again.
    if (lead.status !== granted.lead.status)
      checkLeadMove(abilities, principal, lead.status, to, reason);
    const history: repo.THistoryInsert[] = [
      {
        leadId: lead.id,
        fromStatus: lead.status,
        toStatus: to,
        reason,
        byUserId: principal.userId,
        createdDate: now,
      },
    ];
    const values: Partial<repo.TLeadInsert> = {
      status: to,
      statusReason: reason,
      updatedDate: now,
      updatedBy: principal.userId,
    };
    if (to === "Interested" && proposal) {
      values.proposal = { ...proposal, submittedDate: now.toISOString() };
      values.firstResponseDate = lead.firstResponseDate ?? now;
      const talk = await ctx.groups.converse(db, {
        groupId: lead.groupId,
        name: `${event.name} · ${ownerName}`,
        description: `Proposal of ${ownerName} for ${event.name}`,
        authorId: principal.userId,
        memberIds: organizers,
        body: proposalMessage(proposal, false),
      });
      values.groupId = talk.groupId;
      afterCommit.push(talk.announce);
    }
    if (to === "Interested" || to === "Passed") {
      afterCommit.push(() =>
        ctx.events.emit("LeadAnswered", {
          leadId: lead.id,
          eventId: event.id,
          eventName: event.name,
          ownerId: lead.ownerId,
          ownerName,
          status: to,
          reason,
          byUserId: principal.userId,
          groupId: (values.groupId as string | undefined) ?? lead.groupId,
        }),
      );
    }
    if (eventLeads) {
      // An event has one winner; an admin reviving a lost bid takes the win back first.
      const winner = eventLeads.find((l) => l.status === "Won" && l.id !== lead.id);
      if (winner) {
        throw conflict(
          "This event has chosen its venue already; take that win back before awarding another lead.",
          "LEAD_ALREADY_AWARDED",
        );
      }
      // Everyone else still in the running loses, with the organizer's reason.
      const others = eventLeads.filter(
        (l) => l.id !== lead.id && (l.status === "Open" || l.status === "Interested"),
      );
      const lostReason = reason ?? DEFAULT_AWARD_REASON;
      await repo.setLeadsStatus(
        db,
        others.map((o) => o.id),
        { status: "Lost", statusReason: lostReason, updatedDate: now, updatedBy: principal.userId },
      );
      history.push(
        ...others.map((o) => ({
          leadId: o.id,
          fromStatus: o.status,
          toStatus: "Lost",
          reason: lostReason,
          byUserId: principal.userId,
          createdDate: now,
        })),
      );
      await repo.awardRequirements(db, event.id, lead.requirementId, now, principal.userId);
      afterCommit.push(() => {
        ctx.events.emit("LeadDecided", {
          leadId: lead.id,
          eventId: event.id,
          eventName: event.name,
          ownerId: lead.ownerId,
          status: "Won",
          reason,
          anotherWon: false,
        });
        for (const o of others.filter((l) => l.visibleFrom <= now)) {
          ctx.events.emit("LeadDecided", {
            leadId: o.id,
            eventId: event.id,
            eventName: event.name,
            ownerId: o.ownerId,
            status: "Lost",
            reason: lostReason,
            anotherWon: true,
          });
        }
      });
    }
    if (to === "Lost") {
      afterCommit.push(() =>
        ctx.events.emit("LeadDecided", {
          leadId: lead.id,
          eventId: event.id,
          eventName: event.name,
          ownerId: lead.ownerId,
          status: "Lost",
          reason,
          anotherWon: false,
        }),
      );
    }
    await repo.updateLead(db, lead.id, values);
    await repo.insertHistory(db, history);
    // An admin taking back the only win reopens the request.
    if (lead.status === "Won" && lead.requirementId) {
      await repo.reopenIfNoWinner(db, lead.requirementId, now, principal.userId);
    }
  });
  for (const run of afterCommit) run();
  return presentLeadById(ctx, granted.lead.id);
}

async function reviseProposal(
  ctx: TRfpsContext,
  granted: TLeadAccess,
  principal: TPrincipal,
  proposalGiven: TProposal | null,
) {
  const { event, abilities } = granted;
  requireLeadAbility(abilities, "lead.respond", principal);
  const proposal = checkProposal(event, proposalGiven);
  const organizers = await organizerIds(ctx, event.id);
  const now = ctx.now();
  const announce = await inTransaction(ctx, async (db) => {
    const lead = await repo.findLead(db, event.id, granted.lead.id, true);
    if (!lead) throw notFound("The lead");
    if (lead.status !== "Interested") {
      throw conflict(
        `A proposal is sent with the move to Interested; this lead is ${lead.status}.`,
        "LEAD_TRANSITION_REFUSED",
      );
    }
    const talk = await ctx.groups.converse(db, {
      groupId: lead.groupId,
      name: `${event.name} · proposal`,
      description: `Proposal for ${event.name}`,
      authorId: principal.userId,
      memberIds: organizers,
      body: proposalMessage(proposal, true),
    });
    await repo.updateLead(db, lead.id, {
      proposal: { ...proposal, submittedDate: now.toISOString() },
      groupId: talk.groupId,
      updatedDate: now,
      updatedBy: principal.userId,
    });
    return talk.announce;
  });
  announce();
  return presentLeadById(ctx, granted.lead.id);
}

/** Organizers take back an Open lead; admins any. */
export async function withdrawLead(ctx: TRfpsContext, granted: TLeadAccess, principal: TPrincipal) {
  requireLeadAbility(granted.abilities, "lead.withdraw", principal);
  const notOpen = (status: TLeadStatus) =>
    conflict(`Only an Open lead can be withdrawn; this one is ${status}.`, "LEAD_NOT_OPEN");
  if (!principal.isAdmin && granted.lead.status !== "Open") throw notOpen(granted.lead.status);
  // Deleted only while still Open: the recipient may have answered it since access was checked.
  const deleted = await repo.deleteLead(ctx.db, granted.lead.id, principal.isAdmin ? null : "Open");
  if (!deleted) {
    const current = await repo.findLead(ctx.db, granted.event.id, granted.lead.id);
    if (!current) throw notFound("The lead");
    throw notOpen(current.status);
  }
}

/** Assigns the lead to one of the recipient's members (or to nobody). */
export async function assignLead(
  ctx: TRfpsContext,
  granted: TLeadAccess,
  principal: TPrincipal,
  userId: string | null,
) {
  requireLeadAbility(granted.abilities, "lead.assign", principal);
  const { lead } = granted;
  if (userId) {
    const them: TPrincipal = { userId, email: "", roles: [], isAdmin: false };
    const role = recipientRole(
      await abilitiesOn(ctx, OWNER_TYPE_KINDS[lead.ownerType], lead.ownerId, them),
    );
    if (!role) {
      throw badRequest(
        "NOT_A_MEMBER",
        `Assign the lead to a member of the ${ctx.profiles.kind(OWNER_TYPE_KINDS[lead.ownerType]).label} it went to.`,
      );
    }
  }
  await repo.updateLead(ctx.db, lead.id, {
    assignedUserId: userId,
    updatedDate: ctx.now(),
    updatedBy: principal.userId,
  });
  return presentLeadById(ctx, lead.id);
}

// ---- the RFP marketplace -------------------------------------------------------------------------

const HOT_URGENCIES = URGENCY_LEVELS.map((u) => u.priority).filter(isHotRequest);

export type { TMarketplaceAccess } from "./policy";

/** Whether the caller's memberships open the marketplace, and show hot requests at once. */
export async function marketplaceAccessOf(ctx: TRfpsContext, principal: TPrincipal) {
  if (principal.isAdmin) return marketplaceAccess(principal, []);
  const ids = await ctx.profiles.memberProfileIds(principal.userId);
  const memberships = await Promise.all(
    (["destination", "facility"] as const).map(async (kind) =>
      [...(await ctx.profiles.profilesByIds(kind, ids)).values()].map((p) => ({
        kind,
        tier: p.tier as TTier | null,
        isActive: p.isActive,
      })),
    ),
  );
  return marketplaceAccess(principal, memberships.flat());
}

/**
 * Published requests of events still to come; hot requests reach callers without hot leads a day
 * after publishing.
 */
export async function searchMarketplace(
  ctx: TRfpsContext,
  access: TMarketplaceAccess,
  filter: TRfpSearch,
  window: TWindow,
) {
  const now = ctx.now();
  const page = await repo.searchPublished(
    ctx.db,
    {
      ...filter,
      today: now.toISOString().slice(0, 10),
      now,
      hidden: access.hotLeads
        ? null
        : {
            urgencies: HOT_URGENCIES,
            publishedAfter: new Date(now.getTime() - HOT_LEAD_HEAD_START_MS),
          },
    },
    window,
  );
  return {
    rows: page.rows.map((row) =>
      presentListing(row, isHotRequest(row.requirement.urgency as TUrgencyPriority)),
    ),
    count: page.count,
  };
}
