// Test-only leads, requests and listings in the contract shapes, and a small in-memory event
// service for stubApi that answers the lead calls the way the server does (status machine,
// reasons, proposals, history, assignment, the marketplace gate).
import {
  type TLead,
  type TLeadHistoryEntry,
  type TProfileMember,
  type TProposal,
  type TRfpListing,
  type TRfpSearch,
  ZLead,
  ZLeadEditable,
  ZRfpListing,
} from "@hostfield/domain/contracts";
import { LEAD_STATUSES, type TLeadStatus, type TTier } from "@hostfield/domain/reference";
import { canMoveLead, LEAD_STATUS_SIDE, leadStatusNeedsReason } from "@hostfield/domain/rules";
import type { TApiCall } from "../../test/api-stub";
import { buildUser } from "../../test/factories";
import type { TListing } from "../account/listing-kinds";

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

export function buildListing(
  overrides: Partial<TListing> & { id: string; name: string },
): TListing {
  return {
    status: "approved",
    tier: "Silver" as TTier,
    isActive: true,
    address: { city: "Indianapolis", state: "Indiana" },
    ...overrides,
  };
}

export function buildLead(
  overrides: Partial<Omit<TLead, "event">> & { event?: Partial<TLead["event"]> } = {},
): TLead {
  const id = overrides.id ?? testUuid(next++);
  const eventId = overrides.eventId ?? overrides.event?.id ?? testUuid(next++);
  const { event, ...rest } = overrides;
  const lead: TLead = {
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
    createdDate: "2025-03-10T09:00:00.000Z",
    updatedDate: "2025-03-10T09:00:00.000Z",
    ...rest,
  };
  // The builder's output must be what the server may send.
  return ZLead.parse(lead);
}

export function buildRequest(overrides: Partial<NonNullable<TLead["request"]>> = {}) {
  return {
    id: testUuid(next++),
    status: "published" as const,
    sportsList: ["Basketball", "Volleyball"] as TLead["event"]["sports"],
    needsSpecificFacilityType: false,
    needsSpecificSpaceType: true,
    spaceType: "Court" as const,
    spaceSurface: "Hardwood" as const,
    spaceTypeCount: 4,
    spaceLocation: "Indoor" as const,
    spaceDescription: "Bleachers for 300 and a warm-up court.",
    facilityTypes: [],
    address: "Indianapolis, IN",
    dist: 50,
    urgency: 0 as const,
    attendance: 400,
    roomNights: 250,
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

export function buildMember(person: { id: string; name: string }, profileId = DESTINATION_ID) {
  const member: TProfileMember = {
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
  };
  return member;
}

const json = (data: unknown, status = 200) => Response.json(data, { status });
const list = (items: unknown[], count = items.length) =>
  json({ data: items, _meta: { stats: { count } } });
const fail = (status: number, code: string, message: string) =>
  json({ error: { code, message } }, status);

export type TLeadsState = {
  destinations: TListing[];
  facilities: TListing[];
  leads: TLead[];
  history: Record<string, TLeadHistoryEntry[]>;
  /** My abilities on each listing (by id); managers have profile.update. */
  abilities: Record<string, string[]>;
  staff: TProfileMember[];
  rfps: TRfpListing[];
  rfpLocked: boolean;
  /** Calls that fail with a 500 once, by "METHOD path". */
  failOnce: Set<string>;
};

export function leadsState(overrides: Partial<TLeadsState> = {}): TLeadsState {
  return {
    destinations: [buildListing({ id: DESTINATION_ID, name: "Visit Indy Sports" })],
    facilities: [],
    leads: [],
    history: {},
    abilities: {
      [DESTINATION_ID]: ["profile.read", "profile.readPrivate", "profile.update"],
      [FACILITY_ID]: ["profile.read", "profile.readPrivate", "profile.update"],
    },
    staff: [buildMember(STAFF.sam), buildMember(STAFF.alex)],
    rfps: [],
    rfpLocked: false,
    failOnce: new Set(),
    ...overrides,
  };
}

const EVENTS = "/event-mgmt/api";

function paged(call: TApiCall, items: unknown[]) {
  const offset = Number(call.url.searchParams.get("offset") ?? 0);
  const take = Number(call.url.searchParams.get("take") ?? 20);
  return list(items.slice(offset, offset + take), items.length);
}

/** The lead calls only ever replace top-level fields; anything else is refused like a bad patch. */
function replaceAll(
  document: Record<string, unknown>,
  ops: unknown,
): Record<string, unknown> | null {
  if (!Array.isArray(ops)) return null;
  const next = { ...document };
  for (const op of ops as { op?: string; path?: string; value?: unknown }[]) {
    const field = op.path?.slice(1) ?? "";
    if (op.op !== "replace" || !(field in next) || op.value === undefined) return null;
    next[field] = op.value;
  }
  return next;
}

function applyPatch(state: TLeadsState, lead: TLead, ops: unknown): Response {
  const start = {
    status: lead.status,
    reason: null,
    proposal: lead.proposal
      ? {
          message: lead.proposal.message,
          dates: lead.proposal.dates,
          price: lead.proposal.price,
          priceUnit: lead.proposal.priceUnit,
        }
      : null,
  };
  const after = replaceAll(start, ops);
  if (!after) return fail(400, "OPERATION_PATH_UNRESOLVABLE", "The patch does not apply.");
  const parsed = ZLeadEditable.safeParse(after);
  if (!parsed.success)
    return fail(400, "VALIDATION_FAILED", "The change does not make a valid lead.");
  const change = parsed.data;
  const index = state.leads.indexOf(lead);
  if (change.status !== lead.status) {
    const to = change.status;
    if (LEAD_STATUS_SIDE[to] !== "recipient") {
      return fail(403, "FORBIDDEN", "Only the event's organizers award or decline a lead.");
    }
    if (!canMoveLead(lead.status, to)) {
      return fail(
        409,
        "LEAD_TRANSITION_REFUSED",
        `A lead cannot move from ${lead.status} to ${to}.`,
      );
    }
    if (leadStatusNeedsReason(to) && !change.reason?.trim()) {
      return fail(400, "REASON_REQUIRED", "Say briefly why you pass on this request.");
    }
    if (to === "Interested" && !change.proposal) {
      return fail(400, "PROPOSAL_REQUIRED", "Send a proposal with the move to Interested.");
    }
    const updated: TLead = {
      ...lead,
      status: to,
      statusReason: change.reason,
      proposal:
        to === "Interested" && change.proposal
          ? { ...(change.proposal as TProposal), submittedDate: NOW }
          : lead.proposal,
      groupId: to === "Interested" ? (lead.groupId ?? testUuid(9999)) : lead.groupId,
      updatedDate: NOW,
    };
    state.leads[index] = updated;
    state.history[lead.id] = [
      ...(state.history[lead.id] ?? []),
      {
        id: testUuid(next++),
        fromStatus: lead.status,
        toStatus: to,
        reason: change.reason,
        by: { id: ME.id, name: ME.name ?? "Jordan Lee", avatarUrl: null },
        at: NOW,
      },
    ];
    return json({ data: updated });
  }
  const updated: TLead = {
    ...lead,
    proposal: change.proposal ? { ...change.proposal, submittedDate: NOW } : lead.proposal,
  };
  state.leads[index] = updated;
  return json({ data: updated });
}

function stats(leads: TLead[]) {
  const byStatus = Object.fromEntries(
    LEAD_STATUSES.map((status) => [status, leads.filter((l) => l.status === status).length]),
  );
  return {
    total: leads.length,
    byStatus,
    medianResponseMs: 4 * 3_600_000,
    responseTime: "usually responds within 4 h",
  };
}

/** Answers the lead calls over `state`, which it changes in place; undefined for other calls. */
export function leadsService(state: TLeadsState) {
  return (call: TApiCall): Response | undefined => {
    const key = `${call.method} ${call.path}`;
    if (state.failOnce.has(key)) {
      state.failOnce.delete(key);
      return fail(500, "INTERNAL_ERROR", "Something went wrong on our side.");
    }
    const { path, method } = call;
    if (path === "/status.json") return json({});
    if (path === "/destination-mgmt/api/destinations/my") return list(state.destinations);
    if (path === "/facility-mgmt/api/facilities/my") return list(state.facilities);

    const entitlements = path.match(
      /^\/(destination|facility)-mgmt\/api\/(destinations|facilities)\/([^/]+)\/my\/entitlements$/,
    );
    if (entitlements) return json({ data: state.abilities[entitlements[3]!] ?? ["profile.read"] });
    if (
      /^\/(destination|facility)-mgmt\/api\/(destinations\/[^/]+\/members|facilities\/[^/]+\/managers)$/.test(
        path,
      )
    ) {
      return list(state.staff);
    }

    if (path === `${EVENTS}/events/search/rfps` && method === "POST") {
      if (state.rfpLocked) {
        return fail(
          403,
          "RFP_MARKETPLACE_LOCKED",
          "The RFP marketplace is part of destination and facility memberships.",
        );
      }
      const filter = ((call.body as { data?: TRfpSearch }).data ?? {}) as TRfpSearch;
      const matching = state.rfps.filter(
        (r) =>
          (!filter.sports || r.sportsList.some((s) => filter.sports?.includes(s))) &&
          (!filter.states ||
            (r.placeState !== null && filter.states.includes(r.placeState as never))) &&
          (!filter.urgency || filter.urgency.includes(r.urgency)) &&
          (!filter.text || r.event.name.toLowerCase().includes(filter.text.toLowerCase())),
      );
      return paged(call, matching);
    }

    const pipeline = path.match(/^\/event-mgmt\/api\/destinations\/([^/]+)\/pipeline$/);
    if (pipeline && method === "GET") {
      const mine = state.leads.filter((l) => l.owner.ownerId === pipeline[1]);
      return json({
        data: {
          columns: LEAD_STATUSES.map((status) => {
            const leads = mine.filter((l) => l.status === status);
            return { status, count: leads.length, leads };
          }),
        },
      });
    }
    const ownerLeads = path.match(
      /^\/event-mgmt\/api\/(destinations|facilities)\/([^/]+)\/leads(\/stats)?$/,
    );
    if (ownerLeads && method === "POST") {
      const filter = ((call.body as { data?: { status?: TLeadStatus[] } } | undefined)?.data ??
        {}) as { status?: TLeadStatus[] };
      const mine = state.leads
        .filter((l) => l.owner.ownerId === ownerLeads[2])
        .filter((l) => !filter.status || filter.status.includes(l.status));
      return ownerLeads[3] ? json({ data: stats(mine) }) : paged(call, mine);
    }

    const one = path.match(
      /^\/event-mgmt\/api\/events\/([^/]+)\/leads\/([^/]+)(\/history|\/member)?$/,
    );
    if (one) {
      const lead = state.leads.find((l) => l.eventId === one[1] && l.id === one[2]);
      if (!lead) return fail(404, "NOT_FOUND", "The lead was not found.");
      if (one[3] === "/history") return json({ data: state.history[lead.id] ?? [] });
      if (one[3] === "/member" && method === "PUT") {
        const userId = (call.body as { data: { userId: string | null } }).data.userId;
        const member = state.staff.find((m) => m.userId === userId);
        if (userId && !member) return fail(400, "NOT_A_MEMBER", "Assign the lead to a member.");
        const updated: TLead = {
          ...lead,
          assignedUser: member ? { id: member.userId, name: member.name, avatarUrl: null } : null,
        };
        state.leads[state.leads.indexOf(lead)] = updated;
        return json({ data: updated });
      }
      if (method === "GET") return json({ data: lead });
      if (method === "PATCH") return applyPatch(state, lead, call.body);
    }
    return undefined;
  };
}
