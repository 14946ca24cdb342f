// Test-only leads, requests and listings in the contract shapes, and the one in-memory fake of the
// event service's lead calls for stubApi, for both sides: it answers them the way the server does
// (who moves a lead where, reasons, proposals, the award, history, assignment, the marketplace
// gate). The organizer's pages use it through fake-requests-server.
import {
  type TLead,
  type TLeadHistoryEntry,
  type TProfileMember,
  type TRfpListing,
  type TRfpSearch,
  ZLead,
  ZLeadEditable,
  ZRfpListing,
} from "@hostfield/domain/contracts";
import { LEAD_STATUSES, type TLeadStatus, type TTier } from "@hostfield/domain/reference";
import {
  canMoveLead,
  FINAL_LEAD_STATUSES,
  LEAD_STATUS_SIDE,
  leadStatusNeedsReason,
  type TLeadSide,
} from "@hostfield/domain/rules";
import type { TApiCall } from "../../test/api-stub";
import { buildUser } from "../../test/factories";
import type { TListing } from "../account";
import { AWARD_LOSER_STATUSES, DEFAULT_AWARD_REASON } from "./lead-rules";

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

export const json = (data: unknown, status = 200) => Response.json(data, { status });
export const list = (items: unknown[], count = items.length) =>
  json({ data: items, _meta: { stats: { count } } });
export const fail = (status: number, code: string, message: string, details?: unknown) =>
  json({ error: { code, message, details } }, status);

export type TLeadsState = {
  destinations: TListing[];
  facilities: TListing[];
  leads: TLead[];
  history: Record<string, TLeadHistoryEntry[]>;
  /** The side the signed-in user plays on these leads: a recipient answers, an organizer decides. */
  side: TLeadSide;
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
    side: "recipient",
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

export function paged(call: TApiCall, items: unknown[]) {
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

const byMe = () => ({ id: ME.id, name: ME.name ?? "Jordan Lee", avatarUrl: null });

function record(state: TLeadsState, lead: TLead, to: TLeadStatus, reason: string | null) {
  state.history[lead.id] = [
    ...(state.history[lead.id] ?? []),
    { id: testUuid(next++), fromStatus: lead.status, toStatus: to, reason, by: byMe(), at: NOW },
  ];
}

function replaceLead(state: TLeadsState, updated: TLead) {
  state.leads = state.leads.map((l) => (l.id === updated.id ? updated : l));
}

/**
 * A JSON Patch of a lead, judged as the server's checkLeadMove judges it: the side that owns the
 * target status, then the status machine, then the reason; a move to Interested carries a
 * proposal of the event's dates, and an award takes every other lead still in the running.
 */
function applyPatch(state: TLeadsState, lead: TLead, ops: unknown): Response {
  const before = {
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
  const after = replaceAll(before, ops);
  if (!after) return fail(400, "OPERATION_PATH_UNRESOLVABLE", "The patch does not apply.");
  const parsed = ZLeadEditable.safeParse(after);
  if (!parsed.success) {
    return fail(400, "VALIDATION_FAILED", "The change does not make a valid lead.");
  }
  const change = parsed.data;
  const proposal = change.proposal;
  if (proposal?.dates.some((d) => d < lead.event.startDate || d > lead.event.endDate)) {
    return fail(400, "DATES_OUTSIDE_EVENT", "Some dates are outside the event.");
  }
  if (change.status === lead.status) {
    if (JSON.stringify(proposal) === JSON.stringify(before.proposal)) return json({ data: lead });
    if (state.side !== "recipient" || !proposal) {
      return fail(403, "FORBIDDEN", "Only the venue the lead went to changes its proposal.");
    }
    if (lead.status !== "Interested") {
      return fail(
        409,
        "LEAD_TRANSITION_REFUSED",
        `A proposal is sent with the move to Interested; this lead is ${lead.status}.`,
      );
    }
    const updated: TLead = { ...lead, proposal: { ...proposal, submittedDate: NOW } };
    replaceLead(state, updated);
    return json({ data: updated });
  }

  const to = change.status;
  const reason = change.reason?.trim() || null;
  if (LEAD_STATUS_SIDE[to] !== state.side) {
    return fail(
      403,
      "FORBIDDEN",
      state.side === "recipient"
        ? "Only the event's organizers award or decline a lead."
        : "Only the managers of the destination or facility the lead went to answer it.",
    );
  }
  if (!canMoveLead(lead.status, to)) {
    return fail(
      409,
      "LEAD_TRANSITION_REFUSED",
      FINAL_LEAD_STATUSES.includes(lead.status)
        ? `This lead is ${lead.status}, which is final; it cannot move to ${to}.`
        : `A lead cannot move from ${lead.status} to ${to}.`,
    );
  }
  if (leadStatusNeedsReason(to) && !reason) {
    return fail(
      400,
      "REASON_REQUIRED",
      to === "Passed"
        ? "Say briefly why you pass on this request; the organizer reads it."
        : "Say briefly why this proposal lost; the bidder reads it.",
    );
  }
  if (to === "Interested" && !proposal) {
    return fail(400, "PROPOSAL_REQUIRED", "Send a proposal with the move to Interested.");
  }
  const updated: TLead = {
    ...lead,
    status: to,
    statusReason: reason,
    proposal: to === "Interested" && proposal ? { ...proposal, submittedDate: NOW } : lead.proposal,
    groupId: to === "Interested" ? (lead.groupId ?? testUuid(9999)) : lead.groupId,
    firstResponseDate:
      to === "Interested" ? (lead.firstResponseDate ?? NOW) : lead.firstResponseDate,
    updatedDate: NOW,
  };
  record(state, lead, to, reason);
  replaceLead(state, updated);
  if (to === "Won") {
    const lostReason = reason ?? DEFAULT_AWARD_REASON;
    for (const other of state.leads) {
      if (other.eventId !== lead.eventId || other.id === lead.id) continue;
      if (!AWARD_LOSER_STATUSES.includes(other.status)) continue;
      record(state, other, "Lost", lostReason);
      replaceLead(state, { ...other, status: "Lost", statusReason: lostReason, updatedDate: NOW });
    }
  }
  return json({ data: updated });
}

/** Leads per status and how fast the recipients answer (a fixed four hours here). */
export function leadStats(leads: readonly TLead[]) {
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

const ONE_LEAD = /^\/event-mgmt\/api\/events\/([^/]+)\/leads\/([^/]+)(\/history|\/member)?$/;

/**
 * One lead's calls (`/events/{id}/leads/{leadId}`: read, move or decide, history, assignment),
 * which both sides make; undefined for other calls.
 */
export function oneLeadCalls(state: TLeadsState) {
  return (call: TApiCall): Response | undefined => {
    const one = ONE_LEAD.exec(call.path);
    if (!one || one[2] === "stats" || one[2] === "bulk") return undefined;
    const lead = state.leads.find((l) => l.eventId === one[1] && l.id === one[2]);
    if (!lead) return fail(404, "NOT_FOUND", "The lead was not found.");
    const { method } = call;
    if (one[3] === "/history" && method === "GET") {
      return json({ data: state.history[lead.id] ?? [] });
    }
    if (one[3] === "/member" && method === "PUT") {
      const userId = (call.body as { data: { userId: string | null } }).data.userId;
      const member = state.staff.find((m) => m.userId === userId);
      if (userId && !member) return fail(400, "NOT_A_MEMBER", "Assign the lead to a member.");
      const updated: TLead = {
        ...lead,
        assignedUser: member ? { id: member.userId, name: member.name, avatarUrl: null } : null,
      };
      replaceLead(state, updated);
      return json({ data: updated });
    }
    if (one[3] === undefined && method === "GET") return json({ data: lead });
    if (one[3] === undefined && method === "PATCH") return applyPatch(state, lead, call.body);
    return undefined;
  };
}

/** Answers the recipient's lead calls over `state`, which it changes in place; undefined for others. */
export function leadsService(state: TLeadsState) {
  const leadCalls = oneLeadCalls(state);
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
      return ownerLeads[3] ? json({ data: leadStats(mine) }) : paged(call, mine);
    }
    return leadCalls(call);
  };
}
