// The organizer's calls for requests for proposals (event service): my events, my events with their
// requests (one call for a page of "My requests"), an event's requests and leads, direct sends and
// the venue search for them, and the ask to revise a venue's proposal. Replies are checked against
// the domain contracts. A lead's other calls (its move, the organizer's award and decline
// included, its history and proposal versions) are the pipeline's, in leads-api; an
// organization's calendar is its page's (profiles/events-api).

import {
  PAGING_MAX_TAKE,
  type TLead,
  type TLeadBulk,
  type TLeadBulkResult,
  type TLeadStats,
  type TMyEventRequests,
  type TRequirement,
  type TRequirementInput,
  type TRevisionRequestInput,
  ZLead,
  ZLeadBulkResult,
  ZLeadStats,
  ZMyEventRequests,
  ZRequirement,
} from "@hostfield/domain/contracts";
import { kindApiBase } from "@hostfield/domain/kinds";
import type { TOwnerType } from "@hostfield/domain/reference";
import { type TVenueKind, VENUE_OWNER_TYPES } from "@hostfield/domain/rules";
import { z } from "zod";
import { apiGet, apiGetList, apiPost, apiPostList, apiPut, type TListResult } from "../../lib/api";
import { type TEventListing, ZEventListing } from "../profiles";
import { getShortlist } from "../shortlists";

export type { TEventListing, TMyEventRequests };

const enc = encodeURIComponent;
const EVENTS = "/event-mgmt/api/events";
const event = (id: string) => `${EVENTS}/${enc(id)}`;

/** What a venue search result needs to be chosen: who it is and where. */
const ZVenue = z
  .object({
    id: z.uuid(),
    name: z.string(),
    address: z.object({ city: z.string(), state: z.string() }).loose().nullable(),
  })
  .loose();
export type TVenue = z.infer<typeof ZVenue> & { ownerType: TOwnerType };

/** One of my organizations, as the wizard offers it. */
const ZMyOrganization = z
  .object({ id: z.uuid(), name: z.string(), status: z.string().optional() })
  .loose();
export type TMyOrganization = z.infer<typeof ZMyOrganization>;
const ORGANIZATIONS = kindApiBase("organization");

export const requestKeys = {
  all: ["requests"] as const,
  myOrganizations: ["requests", "my-organizations"] as const,
  myEvents: (page: { offset: number; take: number }) => ["requests", "my-events", page] as const,
  /** "My requests": every page under the first key, one page under the second. */
  myRequests: (page?: { offset: number; take: number }) =>
    page ? (["requests", "my-requests", page] as const) : (["requests", "my-requests"] as const),
  event: (eventId: string) => ["requests", "event", eventId] as const,
  venue: (kind: string, id: string) => ["requests", "venue", kind, id] as const,
  shortlist: (id: string) => ["requests", "shortlist", id] as const,
  leads: (eventId: string, page?: { offset: number; take: number }) =>
    page
      ? (["requests", "event", eventId, "leads", page] as const)
      : (["requests", "event", eventId, "leads"] as const),
  stats: (eventId: string) => ["requests", "event", eventId, "stats"] as const,
  history: (eventId: string, leadId: string) =>
    ["requests", "event", eventId, "history", leadId] as const,
  versions: (eventId: string, leadId: string) =>
    ["requests", "event", eventId, "versions", leadId] as const,
  venues: (ownerType: TOwnerType, text: string) => ["requests", "venues", ownerType, text] as const,
};

// ---- events ----

export function listMyEvents(
  page: { offset: number; take: number },
  signal?: AbortSignal,
): Promise<TListResult<TEventListing>> {
  return apiGetList(`${EVENTS}/my`, { query: page, schema: ZEventListing, signal });
}

export function getEvent(id: string, signal?: AbortSignal): Promise<TEventListing> {
  return apiGet(event(id), { schema: ZEventListing, signal });
}

export function createEvent(body: Record<string, unknown>): Promise<TEventListing> {
  return apiPost(EVENTS, body, { schema: ZEventListing });
}

// ---- organizations ----

/** The organizations I belong to (pending ones included), up to 100: whom an event may be under. */
export async function listMyOrganizations(signal?: AbortSignal): Promise<TMyOrganization[]> {
  const page = await apiGetList(`${ORGANIZATIONS}/my`, {
    query: { offset: 0, take: 100 },
    schema: ZMyOrganization,
    signal,
  });
  return page.items;
}

/** A new organization of mine, by its name (it waits for approval like any listing). */
export function createOrganization(name: string): Promise<TMyOrganization> {
  return apiPost(ORGANIZATIONS, { name }, { schema: ZMyOrganization });
}

// ---- requests for proposals ----

/**
 * A page of my events whose requests I may read, each with all its requests and their lead
 * counts, in the server's order (the newest request activity first, then events without one).
 */
export function listMyRequests(
  page: { offset: number; take: number },
  signal?: AbortSignal,
): Promise<TListResult<TMyEventRequests>> {
  return apiGetList(`${EVENTS}/my/requests`, { query: page, schema: ZMyEventRequests, signal });
}

export function createRequirement(
  eventId: string,
  input: TRequirementInput,
): Promise<TRequirement> {
  return apiPost(`${event(eventId)}/requirements`, input, { schema: ZRequirement });
}

/** Matches the request to destinations and facilities and creates their leads. */
export function publishRequirement(eventId: string, requirementId: string): Promise<TRequirement> {
  return apiPut(`${event(eventId)}/requirements/${enc(requirementId)}/publish`, undefined, {
    schema: ZRequirement,
  });
}

/** Sends the request straight to chosen destinations and facilities. */
export function sendToVenues(eventId: string, bulk: TLeadBulk): Promise<TLeadBulkResult> {
  return apiPost(`${event(eventId)}/leads/bulk`, bulk, { schema: ZLeadBulkResult });
}

// ---- leads ----

export function listLeads(
  eventId: string,
  page: { offset: number; take: number },
  signal?: AbortSignal,
): Promise<TListResult<TLead>> {
  return apiGetList(`${event(eventId)}/leads`, { query: page, schema: ZLead, signal });
}

export function getLeadStats(eventId: string, signal?: AbortSignal): Promise<TLeadStats> {
  return apiPost(`${event(eventId)}/leads/stats`, {}, { schema: ZLeadStats, signal });
}

/**
 * Asks the lead's venue to revise its proposal (what to change, in words); the server keeps the ask
 * on the lead until the venue's next version, and answers the lead (409 REVISION_NOT_OPEN unless
 * it is Interested with a proposal).
 */
export function requestRevision(
  lead: Pick<TLead, "eventId" | "id">,
  input: TRevisionRequestInput,
): Promise<TLead> {
  return apiPost(`${event(lead.eventId)}/leads/${enc(lead.id)}/revision-request`, input, {
    schema: ZLead,
  });
}

// ---- venues to send a request to ----

const VENUE_SEARCH: Record<Exclude<TOwnerType, "Vendor">, string> = {
  Facility: `${kindApiBase("facility")}/search`,
  Destination: `${kindApiBase("destination")}/search`,
};
export type TVenueType = keyof typeof VENUE_SEARCH;

/** One facility or destination, as the venue picker shows it (for a request sent to it directly). */
export async function getVenue(
  kind: TVenueKind,
  id: string,
  signal?: AbortSignal,
): Promise<TVenue> {
  const venue = await apiGet(`${kindApiBase(kind)}/${enc(id)}`, { schema: ZVenue, signal });
  return { ...venue, ownerType: VENUE_OWNER_TYPES[kind] };
}

/** The listed venues of one of my shortlists, as the venue picker shows them, in its order. */
export async function getShortlistVenues(
  id: string,
  signal?: AbortSignal,
): Promise<{ name: string; venues: TVenue[] }> {
  const list = await getShortlist(id, "", signal);
  const venues = list.rows
    .filter((row) => row.listed)
    .map((row) => ({
      id: row.id,
      name: row.name ?? "",
      address: row.city && row.state ? { city: row.city, state: row.state } : null,
      ownerType: VENUE_OWNER_TYPES[row.kind],
    }));
  return { name: list.name, venues };
}

export async function searchVenues(
  ownerType: TVenueType,
  text: string,
  signal?: AbortSignal,
): Promise<TVenue[]> {
  const found = await apiPostList(
    VENUE_SEARCH[ownerType],
    { text },
    { query: { offset: 0, take: 10 }, schema: ZVenue, signal },
  );
  return found.items.map((venue) => ({ ...venue, ownerType }));
}

// ---- every proposal of an event (the comparison) ----

/**
 * The statuses of leads that carry a proposal (a proposal makes its lead Interested; Won and Lost
 * keep theirs), as the server counts answers with a proposal: Open and Passed leads, most of an
 * event's leads while its venues decide, are not read. Which leads are compared is proposedLeads'.
 */
const PROPOSAL_STATUSES = ["Interested", "Won", "Lost"] as const;
/** Leads read: a page of the most the API gives, and at most this many pages (1,000 leads). */
const COMPARE_PAGE = PAGING_MAX_TAKE;
const COMPARE_MAX_PAGES = 10;

/** The event's leads the comparison read, and how many the filter matched (more when capped). */
export type TComparedLeads = { leads: TLead[]; count: number };

/**
 * Every lead of the event whose status may carry a proposal: the first page, then the others at
 * once (one round trip for up to 100, two for up to 1,000). A lead that moved between two pages
 * while they were read is kept once.
 */
export async function listProposalLeads(
  eventId: string,
  signal?: AbortSignal,
): Promise<TComparedLeads> {
  const url = `${event(eventId)}/leads/filtered`;
  const page = (offset: number) =>
    apiPostList(
      url,
      { status: [...PROPOSAL_STATUSES] },
      { query: { offset, take: COMPARE_PAGE }, schema: ZLead, signal },
    );
  const first = await page(0);
  const pages = Math.min(Math.ceil(first.count / COMPARE_PAGE), COMPARE_MAX_PAGES);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, pages - 1) }, (_, i) => page((i + 1) * COMPARE_PAGE)),
  );
  const byId = new Map<string, TLead>();
  for (const lead of [first, ...rest].flatMap((reply) => reply.items)) {
    if (!byId.has(lead.id)) byId.set(lead.id, lead);
  }
  return { leads: [...byId.values()], count: first.count };
}
