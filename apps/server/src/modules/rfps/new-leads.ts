// Where leads come from: publishing a request matches it to listings and writes one lead per match;
// a direct send writes one for each listing the organizer chose. Both announce them as they appear.
import type { TLeadBulkResult } from "@hostfield/domain/contracts";
import { isTier, TIERS, type TOwnerType, type TUrgencyPriority } from "@hostfield/domain/reference";
import {
  dateSetsSpan,
  leadVisibleFrom,
  requestDateSets,
  tierAllowsHotLeads,
  tierAllowsRfpMarketplace,
} from "@hostfield/domain/rules";
import type { TDb } from "../../platform/db/database";
import type { TSubscriber } from "../../platform/events/bus";
import { distanceMiles } from "../../platform/geo/distance";
import type { TPrincipal } from "../../platform/http/access";
import { AppError, conflict } from "../../platform/http/errors";
import type { TLoadedProfile } from "../../profiles";
import type { TEventAccess } from "./access";
import { inTransaction, type TRfpsContext } from "./context";
import { ownersByIds, type TEventRow } from "./lead-ends";
import { presentLeadsById } from "./lead-lists";
import { matchRequest, type TMatch, type TMatchRequest } from "./matching";
import * as repo from "./repository/leads";
import * as matchingRepo from "./repository/matching";
import * as requestRepo from "./repository/requests";
import { checkDateOptions, findRequirement, presentWithCounts } from "./requirements";

/** The tiers whose members may receive leads at all, from the domain's rule. */
const MARKETPLACE_TIERS = TIERS.filter((tier) =>
  tierAllowsRfpMarketplace({ isActive: true, tier }),
);

function matchRequestOf(row: requestRepo.TRequirementRow, event: TEventRow): TMatchRequest {
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
    dateSets: requestDateSets({
      dateOptions: row.dateOptions,
      startDate: event.startDate || null,
      endDate: event.endDate || null,
      hasFlexibleDates: event.hasFlexibleDates,
    }),
  };
}

/**
 * The listings a request reaches: the SQL narrows, matching.ts decides, with each candidate's
 * calendar over the request's date sets (from the availability module, read once over their span:
 * a window or the sets span 366 days at most; none kept: absent).
 */
async function findMatches(
  ctx: TRfpsContext,
  db: TDb,
  row: requestRepo.TRequirementRow,
  event: TEventRow,
): Promise<TMatch[]> {
  const request = matchRequestOf(row, event);
  const query: matchingRepo.TCandidateQuery = {
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
  const facilities = await matchingRepo.facilityCandidates(db, query);
  const destinations = await matchingRepo.destinationCandidates(db, query);
  const span = dateSetsSpan(request.dateSets);
  if (span) {
    const ids = new Set<string>();
    for (const f of facilities) ids.add(f.id);
    for (const d of destinations) {
      ids.add(d.id);
      for (const f of d.facilities) ids.add(f.id);
    }
    const calendars = await ctx.availability.calendarsFor(db, [...ids], span);
    const calendarOf = (id: string) => calendars.get(id) ?? null;
    return matchRequest(request, {
      facilities: facilities.map((f) => ({
        ...f,
        facts: { ...f.facts, calendar: calendarOf(f.id) },
      })),
      destinations: destinations.map((d) => ({
        ...d,
        calendar: calendarOf(d.id),
        facilities: d.facilities.map((f) => ({ ...f, calendar: calendarOf(f.id) })),
      })),
    });
  }
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
 * Records the leads' announcement in the caller's transaction: the ones their recipients may see
 * now at once, and the ones a hot request's head start holds back for when they appear.
 */
async function announceLeads(
  ctx: TRfpsContext,
  db: TDb,
  event: TEventRow,
  leads: readonly repo.TLeadRow[],
  now: Date,
) {
  const visible = leads.filter((l) => l.visibleFrom <= now);
  if (visible.length > 0) {
    await ctx.events.record(db, "LeadsCreated", {
      eventId: event.id,
      eventName: event.name,
      leads: visible.map((l) => ({ leadId: l.id, ownerId: l.ownerId })),
    });
  }
  const later = new Map<number, repo.TLeadRow[]>();
  for (const lead of leads.filter((l) => l.visibleFrom > now)) {
    const at = lead.visibleFrom.getTime();
    later.set(at, [...(later.get(at) ?? []), lead]);
  }
  for (const [at, held] of later) {
    await ctx.events.record(
      db,
      "LeadsReleased",
      { eventId: event.id, eventName: event.name, leadIds: held.map((l) => l.id) },
      { availableDate: new Date(at) },
    );
  }
}

/**
 * Held-back leads appear: the ones still Open are announced as new (an award in the meantime
 * withdrew the others, which their recipients never saw).
 */
export const releaseLeads =
  (ctx: TRfpsContext): TSubscriber<"LeadsReleased"> =>
  async (e, delivery) => {
    await delivery.once(async (db) => {
      // A lead released early (its listing's tier gained hot leads) was announced then.
      const open = (await repo.openLeadsOf(db, e.leadIds)).filter(
        (l) => l.visibleFrom.getTime() > l.createdDate.getTime(),
      );
      if (open.length === 0) return;
      await ctx.events.record(db, "LeadsCreated", {
        eventId: e.eventId,
        eventName: e.eventName,
        leads: open.map((l) => ({ leadId: l.id, ownerId: l.ownerId })),
      });
    });
  };

/**
 * The listing's leads still held back by a hot request's head start appear now, as if it had had hot
 * leads when they were published (visible from their publish), in `db` (the caller's transaction);
 * the Open ones are announced as new. How many appeared.
 */
export async function releaseHeldLeads(
  ctx: TRfpsContext,
  db: TDb,
  ownerId: string,
): Promise<number> {
  const released = await repo.releaseHeldLeads(db, ownerId, ctx.now());
  const byEvent = new Map<string, typeof released>();
  for (const lead of released.filter((l) => l.status === "Open")) {
    byEvent.set(lead.eventId, [...(byEvent.get(lead.eventId) ?? []), lead]);
  }
  for (const [eventId, leads] of byEvent) {
    await ctx.events.record(db, "LeadsCreated", {
      eventId,
      eventName: leads[0]!.eventName,
      leads: leads.map((l) => ({ leadId: l.id, ownerId: l.ownerId })),
    });
  }
  return released.length;
}

/** A listing's tier changed to one with hot leads: its held-back leads appear at once. */
export const releaseOnHotLeadTier =
  (ctx: TRfpsContext): TSubscriber<"ListingTierChanged"> =>
  async (e, delivery) => {
    if (!tierAllowsHotLeads({ isActive: true, tier: isTier(e.tier) ? e.tier : null })) return;
    await delivery.once((db) => releaseHeldLeads(ctx, db, e.profileId));
  };

/** What every new lead of a request starts as: Open, written now by the caller. */
const newLead = (request: requestRepo.TRequirementRow, principal: TPrincipal, now: Date) => ({
  eventId: request.eventId,
  requirementId: request.id,
  status: "Open" as const,
  createdDate: now,
  updatedDate: now,
  createdBy: principal.userId,
  updatedBy: principal.userId,
});

/** A closed event takes no more leads, matched or sent. */
function refuseClosedEvent(event: TEventRow) {
  if (event.isClosed) {
    throw conflict("The event is closed: it takes no more proposals.", "EVENT_CLOSED");
  }
}

// ---- publishing --------------------------------------------------------------------------------

/** A matched lead, with its score and reasons; hot requests reach some listings a day late. */
function matchedLead(
  request: requestRepo.TRequirementRow,
  match: TMatch,
  principal: TPrincipal,
  now: Date,
): repo.TLeadInsert {
  return {
    ...newLead(request, principal, now),
    ownerType: match.ownerType,
    ownerId: match.ownerId,
    source: "match",
    score: match.score,
    reasons: match.reasons,
    distanceMiles: match.distanceMiles,
    visibleFrom: leadVisibleFrom(now, request.urgency as TUrgencyPriority, match.hotLeads),
  };
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
  const row = await inTransaction(ctx, async (db) => {
    const current = await findRequirement(db, event.id, id, true);
    if (current.status !== "draft") {
      throw conflict(
        current.publishedDate
          ? `This request was published on ${current.publishedDate.toISOString().slice(0, 10)} and is ${current.status}.`
          : `This request is ${current.status}; only a draft is published.`,
        "ALREADY_PUBLISHED",
      );
    }
    // Checked again: a draft's window may have begun since it was written.
    checkDateOptions(ctx, current.dateOptions);
    const matches = await findMatches(ctx, db, current, event);
    const leads = await repo.insertLeads(
      db,
      matches.map((m) => matchedLead(current, m, principal, now)),
    );
    await repo.insertHistory(db, creationHistory(leads, principal.userId, now));
    const row = await requestRepo.updateRequirement(db, current.id, {
      status: "published",
      publishedDate: now,
      updatedDate: now,
      updatedBy: principal.userId,
    });
    await announceLeads(ctx, db, event, leads, now);
    return row;
  });
  return presentWithCounts(ctx, row);
}

// ---- direct sends ------------------------------------------------------------------------------

type TTarget = { ownerType: TOwnerType; ownerId: string };

/** The targets, once each, with their listings; 404 PROFILE_NOT_FOUND names those not listed. */
async function listedTargets(ctx: TRfpsContext, targets: readonly TTarget[]) {
  const unique = [...new Map(targets.map((t) => [t.ownerId, t])).values()];
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
  return { unique, listings };
}

/** A directly sent lead: no score, visible at once, its distance from the request's place. */
function directLead(
  request: requestRepo.TRequirementRow,
  target: TTarget,
  listing: TLoadedProfile,
  principal: TPrincipal,
  now: Date,
): repo.TLeadInsert {
  const point =
    request.lat !== null && request.lng !== null ? { lat: request.lat, lng: request.lng } : null;
  return {
    ...newLead(request, principal, now),
    ownerType: target.ownerType,
    ownerId: target.ownerId,
    source: "direct",
    score: null,
    reasons: ["Sent directly by the organizer"],
    distanceMiles:
      point && listing.lat !== null && listing.lng !== null
        ? distanceMiles(point, { lat: listing.lat, lng: listing.lng })
        : null,
    visibleFrom: now,
  };
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
  targets: readonly TTarget[],
): Promise<TLeadBulkResult> {
  const { event } = granted;
  const now = ctx.now();
  refuseClosedEvent(event);
  // Read before the transaction, which holds the embedded database's one connection.
  const { unique, listings } = await listedTargets(ctx, targets);
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
    const created = await repo.insertLeads(
      db,
      unique
        .filter((t) => !taken.has(t.ownerId))
        .map((t) => directLead(request, t, listings.get(t.ownerId)!, principal, now)),
    );
    await repo.insertHistory(db, creationHistory(created, principal.userId, now));
    await announceLeads(ctx, db, event, created, now);
    return { created, existing: had };
  });
  return {
    created: await presentLeadsById(
      ctx,
      created.map((l) => l.id),
    ),
    existing: existing.map((l) => ({ ownerType: l.ownerType, ownerId: l.ownerId, leadId: l.id })),
  };
}
