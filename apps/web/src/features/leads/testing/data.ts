// Test-only leads, requests, RFP listings and venues in the contract shapes (each checked as it is
// built), and the world the lead handlers answer from: my destinations and facilities, their
// staff, the leads they received with their histories and proposal versions, and the open requests
// of the marketplace with what it says the hot-lead head start holds back.
import {
  type THeldBackRequests,
  type TLead,
  type TLeadHistoryEntry,
  type TLeadStats,
  type TProfileMember,
  type TProposal,
  type TProposalVersion,
  type TRequirement,
  type TRfpListing,
  ZLead,
  ZLeadStats,
  ZProfileMember,
  ZProposal,
  ZProposalVersion,
  ZRequirement,
  ZRfpListing,
} from "@hostfield/domain/contracts";
import { LEAD_STATUSES, type TLeadStatus } from "@hostfield/domain/reference";
import { buildUser } from "../../../test/factories";
import type { TProfile } from "../../profiles";
import { buildListing } from "../../profiles/testing";

/** A valid (version 4) uuid made from a number, so tests can name their records. */
export function testUuid(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
}

export const ME = buildUser();
export const DESTINATION_ID = testUuid(100);
export const FACILITY_ID = testUuid(200);
export const STAFF = {
  sam: { id: testUuid(301), name: "Sam Rivera" },
  alex: { id: testUuid(302), name: "Alex Kim" },
};

export const NOW = "2025-03-12T15:00:00.000Z";

let next = 1000;

/** One of my venues (a destination unless told): approved, Silver, in Indianapolis. */
export function buildVenue(
  kind: "destination" | "facility",
  overrides: Partial<TProfile> & { id: string; name: string },
): TProfile {
  return buildListing(kind, {
    slug: "a-venue",
    status: "approved",
    tier: "Silver",
    address: {
      street: null,
      city: "Indianapolis",
      state: "Indiana",
      postalCode: null,
      country: "US",
    },
    ...overrides,
  });
}

export function buildLead(
  overrides: Partial<Omit<TLead, "event">> & { event?: Partial<TLead["event"]> } = {},
): TLead {
  const id = overrides.id ?? testUuid(next++);
  const eventId = overrides.eventId ?? overrides.event?.id ?? testUuid(next++);
  const { event, ...rest } = overrides;
  return ZLead.parse({
    id,
    eventId,
    requirementId: testUuid(next++),
    event: {
      id: eventId,
      name: `Event ${id.slice(-4)}`,
      startDate: "2025-06-06",
      endDate: "2025-06-08",
      hasFlexibleDates: false,
      sports: ["Basketball"],
      urgency: 1,
      placeLabel: "Indianapolis, IN",
      ...event,
    },
    request: null,
    owner: {
      ownerType: "Destination",
      ownerId: DESTINATION_ID,
      name: "Visit Indy Sports",
      city: "Indianapolis",
      state: "Indiana",
      responseTime: null,
    },
    status: "Open",
    source: "match",
    score: 87,
    reasons: ["3 of 3 sports", "4 hardwood courts, needs 4", "38 mi from Indianapolis, IN"],
    distanceMiles: 38,
    visibleFrom: "2025-03-10T09:00:00.000Z",
    assignedUser: null,
    groupId: null,
    firstResponseDate: null,
    proposal: null,
    statusReason: null,
    statusReasonCode: null,
    proposalVersion: null,
    acceptedVersion: null,
    revisionRequest: null,
    createdDate: "2025-03-10T09:00:00.000Z",
    updatedDate: "2025-03-10T09:00:00.000Z",
    ...rest,
  } satisfies TLead);
}

export function buildRequest(
  overrides: Partial<NonNullable<TLead["request"]>> = {},
): NonNullable<TLead["request"]> {
  return {
    id: testUuid(next++),
    status: "published",
    sportsList: ["Basketball", "Volleyball"],
    needsSpecificFacilityType: false,
    needsSpecificSpaceType: true,
    spaceType: "Court",
    spaceSurface: "Hardwood",
    spaceTypeCount: 4,
    spaceLocation: "Indoor",
    spaceDescription: "Bleachers for 300 and a warm-up court.",
    facilityTypes: [],
    address: "Indianapolis, IN",
    dist: 50,
    urgency: 0,
    attendance: 400,
    roomNights: 250,
    budget: null,
    decisionDate: null,
    pricing: { spaces: false, rooms: false, extras: [] },
    dateOptions: null,
    ...overrides,
  };
}

export function buildRfpListing(
  overrides: Partial<Omit<TRfpListing, "event">> & { event?: Partial<TRfpListing["event"]> } = {},
): TRfpListing {
  const id = overrides.id ?? testUuid(next++);
  const eventId = overrides.event?.id ?? testUuid(next++);
  const { event, ...rest } = overrides;
  const { id: _requestId, status: _requestStatus, ...request } = buildRequest();
  return ZRfpListing.parse({
    ...request,
    id,
    eventId,
    status: "published",
    publishedDate: "2025-03-11T15:00:00.000Z",
    lat: 39.77,
    lng: -86.16,
    placeLabel: "Indianapolis, IN",
    placeState: "Indiana",
    createdDate: "2025-03-11T14:00:00.000Z",
    updatedDate: "2025-03-11T15:00:00.000Z",
    event: {
      id: eventId,
      name: `Request ${id.slice(-4)}`,
      type: "Tournament",
      startDate: "2025-03-07",
      endDate: "2025-03-09",
      hasFlexibleDates: false,
      ageGroup: "Youth",
      eventLevel: "Amateur",
      ...event,
    },
    isHot: false,
    ...rest,
  });
}

/** Every status present (the contract's record is exhaustive). */
export function counts(partial: Partial<Record<TLeadStatus, number>> = {}) {
  return Object.fromEntries(LEAD_STATUSES.map((s) => [s, partial[s] ?? 0])) as Record<
    TLeadStatus,
    number
  >;
}

/**
 * A published request for proposals (of the event uuid(1)): the request of buildRequest for 600
 * basketball players, with where the server placed it.
 */
export function buildRequirement(overrides: Partial<TRequirement> = {}): TRequirement {
  const {
    id: _id,
    status: _status,
    ...request
  } = buildRequest({
    sportsList: ["Basketball"],
    spaceDescription: null,
    attendance: 600,
    roomNights: 120,
  });
  return ZRequirement.parse({
    ...request,
    id: testUuid(100),
    eventId: testUuid(1),
    status: "published",
    publishedDate: "2026-01-10T09:00:00.000Z",
    lat: 39.77,
    lng: -86.16,
    placeLabel: "Indianapolis, IN",
    placeState: "Indiana",
    leadCounts: counts(),
    createdDate: "2026-01-10T09:00:00.000Z",
    updatedDate: "2026-01-10T09:00:00.000Z",
    createdBy: ME.id,
    updatedBy: ME.id,
    ...overrides,
  } satisfies TRequirement);
}

/** A member of one of my venues, who can be assigned leads. */
export function buildStaffMember(person: { id: string; name: string }, profileId = DESTINATION_ID) {
  return ZProfileMember.parse({
    id: testUuid(next++),
    profileId,
    userId: person.id,
    name: person.name,
    email: null,
    avatarUrl: null,
    role: "member",
    staffRole: null,
    inherited: false,
    createdDate: "2025-01-01T00:00:00.000Z",
  } satisfies TProfileMember);
}

/** A history entry of `lead`'s move from `from` to `to`, by me, now. */
export function historyEntry(
  from: TLeadStatus | null,
  to: TLeadStatus,
  reason: string | null = null,
  by: TLeadHistoryEntry["by"] = { id: ME.id, name: ME.name ?? "Jordan Lee", avatarUrl: null },
): TLeadHistoryEntry {
  return {
    id: testUuid(next++),
    fromStatus: from,
    toStatus: to,
    reason,
    reasonCode: null,
    by,
    at: NOW,
  };
}

/**
 * Version `version` of a proposal as the versions call lists it: the contract's defaults under
 * `proposal` (a message of its own unless told), sent by Sam on Mar 1, 2025 unless told.
 */
export function proposalVersion(
  version: number,
  proposal: Partial<TProposal> = {},
  overrides: Partial<Omit<TProposalVersion, "version" | "proposal">> = {},
): TProposalVersion {
  return ZProposalVersion.parse({
    version,
    proposal: ZProposal.parse({ message: `Version ${version} of our proposal.`, ...proposal }),
    submittedBy: { ...STAFF.sam, avatarUrl: null },
    submittedDate: "2025-03-01T15:00:00.000Z",
    ...overrides,
  } satisfies TProposalVersion);
}

/**
 * Leads per status and how fast the venues answer, as the stats call reports them for `leads`
 * (the response time is a fixed four hours here).
 */
export function leadStats(leads: readonly TLead[]): TLeadStats {
  return ZLeadStats.parse({
    total: leads.length,
    byStatus: Object.fromEntries(
      LEAD_STATUSES.map((status) => [status, leads.filter((l) => l.status === status).length]),
    ),
    medianResponseMs: 4 * 3_600_000,
    responseTime: "usually responds within 4 h",
  });
}

/** What the lead handlers answer from. */
export type TLeadsWorld = {
  destinations: TProfile[];
  facilities: TProfile[];
  leads: TLead[];
  history: Record<string, TLeadHistoryEntry[]>;
  /** Each lead's proposal versions (by lead id), the first first as the server lists them. */
  versions: Record<string, TProposalVersion[]>;
  /** My abilities on each venue (by id); managers have profile.update. */
  abilities: Record<string, string[]>;
  staff: TProfileMember[];
  rfps: TRfpListing[];
  /** What the marketplace says the hot-lead head start holds back from me (null: nothing). */
  heldBack: THeldBackRequests | null;
};

/** Visit Indy Sports (a destination I manage, with Sam and Alex on its staff) and no leads. */
export function leadsWorld(overrides: Partial<TLeadsWorld> = {}): TLeadsWorld {
  return {
    destinations: [buildVenue("destination", { id: DESTINATION_ID, name: "Visit Indy Sports" })],
    facilities: [],
    leads: [],
    history: {},
    versions: {},
    abilities: {
      [DESTINATION_ID]: ["profile.read", "profile.readPrivate", "profile.update"],
      [FACILITY_ID]: ["profile.read", "profile.readPrivate", "profile.update"],
    },
    staff: [buildStaffMember(STAFF.sam), buildStaffMember(STAFF.alex)],
    rfps: [],
    heldBack: null,
    ...overrides,
  };
}
