// API shapes of requests, leads, their history and the marketplace; rows never leave as they are.
import type {
  TLead,
  TLeadCard,
  TLeadHistoryEntry,
  TProposalVersion,
  TRequestDates,
  TRequirement,
  TRequirementInput,
  TRevisionRequestInput,
  TRfpListing,
} from "@hostfield/domain/contracts";
import { NO_PRICING_ASK } from "@hostfield/domain/contracts";
import {
  LEAD_STATUSES,
  SPORT_NAMES,
  type TDeclineReasonCode,
  type TLeadStatus,
} from "@hostfield/domain/reference";
import { responseTimeLabel } from "@hostfield/domain/rules";
import { presentPerson } from "../groups";
import { storedProposal } from "./proposals";
import type { TLeadCardView, TLeadView, TRequirementShown } from "./repository/lead-reads";
import type { listHistory, listProposalVersions } from "./repository/leads";
import type { searchPublished } from "./repository/marketplace";
import type { TRequirementRow } from "./repository/requests";

const iso = (d: Date) => d.toISOString();
const KNOWN_SPORTS = new Set<string>(SPORT_NAMES);
/** A request's sports that are still in the reference list. */
const knownSports = (list: readonly string[]) =>
  list.filter((s) => KNOWN_SPORTS.has(s)) as TRequirementInput["sportsList"];

/**
 * Stored date options in the contract's key order (jsonb keeps its own), so a PATCH that leaves
 * them compares equal to what it sends.
 */
function dateOptionsOf(stored: TRequestDates | null): TRequestDates | null {
  if (!stored) return null;
  if (stored.kind === "sets") {
    return {
      kind: "sets",
      sets: stored.sets.map((s) => ({ startDate: s.startDate, endDate: s.endDate })),
    };
  }
  const { from, to, days, weekdays } = stored;
  return { kind: "window", from, to, days, weekdays: [...(weekdays ?? [])] };
}

/** The organizer's input fields of a stored request (what a PATCH edits). */
export function requirementInput(row: TRequirementShown): TRequirementInput {
  return {
    sportsList: knownSports(row.sportsList),
    needsSpecificFacilityType: row.needsSpecificFacilityType,
    facilityTypes: row.facilityTypes as TRequirementInput["facilityTypes"],
    needsSpecificSpaceType: row.needsSpecificSpaceType,
    spaceType: row.spaceType as TRequirementInput["spaceType"],
    spaceSurface: row.spaceSurface as TRequirementInput["spaceSurface"],
    spaceTypeCount: row.spaceTypeCount,
    spaceLocation: row.spaceLocation as TRequirementInput["spaceLocation"],
    spaceDescription: row.spaceDescription,
    address: row.address,
    dist: row.dist,
    urgency: row.urgency as TRequirementInput["urgency"],
    attendance: row.attendance,
    roomNights: row.roomNights,
    budget: row.budget,
    decisionDate: row.decisionDate,
    pricing: { ...NO_PRICING_ASK, ...row.pricing },
    dateOptions: dateOptionsOf(row.dateOptions),
  };
}

export const emptyCounts = (): Record<TLeadStatus, number> =>
  Object.fromEntries(LEAD_STATUSES.map((s) => [s, 0])) as Record<TLeadStatus, number>;

export function presentRequirement(
  row: TRequirementRow,
  counts: Partial<Record<TLeadStatus, number>> = {},
): TRequirement {
  return {
    id: row.id,
    eventId: row.eventId,
    status: row.status,
    publishedDate: row.publishedDate ? iso(row.publishedDate) : null,
    lat: row.lat,
    lng: row.lng,
    placeLabel: row.placeLabel,
    placeState: row.placeState,
    leadCounts: { ...emptyCounts(), ...counts },
    ...requirementInput(row),
    createdDate: iso(row.createdDate),
    updatedDate: iso(row.updatedDate),
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
  };
}

/** A user joined by a left join (the assignee, the author of a change): null when there is none. */
const person = (p: { id: string | null; name: string | null; avatarKey: string | null } | null) =>
  p?.id ? presentPerson({ id: p.id, name: p.name ?? "", avatarKey: p.avatarKey }) : null;

/** What a lead shows of the listing it went to (from the profiles service). */
export type TLeadOwner = { name: string; city: string | null; state: string | null };

/** The event's line as read with the lead (details as the profiles service reads them). */
const eventLineOf = (event: TLeadView["event"]) => ({
  name: event.name,
  startDate: event.startDate ?? "",
  endDate: event.endDate ?? "",
  hasFlexibleDates: event.hasFlexibleDates ?? false,
});

/** A lead as a pipeline card shows it (what its card reads). */
export function presentLeadCard(
  { lead, request, assigned, event }: TLeadCardView,
  owner: TLeadOwner,
): TLeadCard {
  return {
    id: lead.id,
    eventId: lead.eventId,
    event: {
      ...eventLineOf(event),
      urgency: request ? (request.urgency as TLead["event"]["urgency"]) : null,
    },
    owner: { ownerType: lead.ownerType, ownerId: lead.ownerId, name: owner.name },
    status: lead.status,
    score: lead.score,
    reasons: lead.reasons,
    assignedUser: person(assigned),
    createdDate: iso(lead.createdDate),
  };
}

/** A lead with its event, request and owner (the owner's median time to answer included). */
export function presentLead(view: TLeadView, owner: TLeadOwner): TLead {
  const { lead, request } = view;
  const proposal = lead.proposal;
  return {
    id: lead.id,
    eventId: lead.eventId,
    requirementId: lead.requirementId,
    event: {
      id: lead.eventId,
      ...eventLineOf(view.event),
      sports: request ? knownSports(request.sportsList) : [],
      urgency: request ? (request.urgency as TLead["event"]["urgency"]) : null,
      placeLabel: request?.placeLabel ?? null,
    },
    request: request
      ? { id: request.id, status: request.status, ...requirementInput(request) }
      : null,
    owner: {
      ownerType: lead.ownerType,
      ownerId: lead.ownerId,
      name: owner.name,
      city: owner.city,
      state: owner.state,
      responseTime: responseTimeLabel(view.ownerResponseMs),
    },
    status: lead.status,
    source: lead.source,
    score: lead.score,
    reasons: lead.reasons,
    distanceMiles: lead.distanceMiles === null ? null : Math.round(lead.distanceMiles * 10) / 10,
    visibleFrom: iso(lead.visibleFrom),
    assignedUser: person(view.assigned),
    groupId: lead.groupId,
    firstResponseDate: lead.firstResponseDate ? iso(lead.firstResponseDate) : null,
    proposal: proposal ? storedProposal(proposal) : null,
    proposalVersion: lead.proposalVersion,
    acceptedVersion: lead.acceptedVersion,
    revisionRequest: lead.revisionRequest
      ? {
          message: lead.revisionRequest.message,
          changes: lead.revisionRequest.changes as TRevisionRequestInput["changes"],
          requestedDate: lead.revisionRequest.requestedDate,
        }
      : null,
    statusReason: lead.statusReason,
    statusReasonCode: lead.statusReasonCode as TDeclineReasonCode | null,
    createdDate: iso(lead.createdDate),
    updatedDate: iso(lead.updatedDate),
  };
}

export function presentProposalVersion(
  row: Awaited<ReturnType<typeof listProposalVersions>>[number],
): TProposalVersion {
  const { submittedDate: _stored, ...proposal } = storedProposal(row.proposal);
  return {
    version: row.version,
    proposal,
    submittedBy: person(row.by),
    submittedDate: iso(row.submittedDate),
  };
}

export function presentHistory(
  row: Awaited<ReturnType<typeof listHistory>>[number],
): TLeadHistoryEntry {
  return {
    id: row.entry.id,
    fromStatus: row.entry.fromStatus as TLeadStatus | null,
    toStatus: row.entry.toStatus as TLeadStatus,
    reason: row.entry.reason,
    reasonCode: row.entry.reasonCode as TDeclineReasonCode | null,
    by: person(row.by),
    at: iso(row.entry.createdDate),
  };
}

export function presentListing(
  row: Awaited<ReturnType<typeof searchPublished>>["rows"][number],
  isHot: boolean,
): TRfpListing {
  const {
    leadCounts: _counts,
    createdBy: _by,
    updatedBy: _up,
    ...requirement
  } = presentRequirement(row.requirement);
  return {
    ...requirement,
    event: {
      ...row.event,
      type: row.event.type as TRfpListing["event"]["type"],
      ageGroup: row.event.ageGroup as TRfpListing["event"]["ageGroup"],
      eventLevel: row.event.eventLevel as TRfpListing["event"]["eventLevel"],
    },
    isHot,
  };
}
