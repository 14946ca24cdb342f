// The event service's lead calls as the destination's and facility's staff make them: the RFP
// marketplace, a listing's pipeline, one lead (read, move, assign, history, its proposal's
// versions), and the listing's staff and my own listings, which the pipeline and the assignment
// controls choose from.
import {
  type THeldBackRequests,
  type TLead,
  type TLeadHistoryEntry,
  type TLeadStats,
  type TMyPipeline,
  type TPatchOperation,
  type TPipeline,
  type TProfileMember,
  type TProposalVersion,
  type TRfpListing,
  type TRfpSearch,
  ZLead,
  ZLeadHistoryEntry,
  ZLeadStats,
  ZMyPipeline,
  ZPipeline,
  ZProfileMember,
  ZProposalVersion,
  ZRfpMarketplacePage,
} from "@hostfield/domain/contracts";
import {
  PROFILE_API,
  type TErrorCode,
  type TLeadStatus,
  type TOwnerType,
  type TProfileKind,
} from "@hostfield/domain/reference";
import { OWNER_TYPE_KINDS, type TVenueKind, VENUE_KINDS } from "@hostfield/domain/rules";
import { z } from "zod";
import {
  apiFetch,
  apiGet,
  apiGetList,
  apiPatch,
  apiPost,
  apiPostList,
  apiPut,
  type TListResult,
} from "../../lib/api";
import { getListingKind, loadMyListings, type TListing } from "../account";
import { BOARD_STATUSES } from "./lead-rules";

const enc = encodeURIComponent;
const EVENTS = "/event-mgmt/api";

/** The server's error code when none of my memberships opens the RFP marketplace. */
export const RFP_MARKETPLACE_LOCKED = "RFP_MARKETPLACE_LOCKED" satisfies TErrorCode;

export const RFP_PAGE_SIZE = 20;

/**
 * Leads per column the board shows at first (the destination's pipeline call answers as many), and
 * per "Show more" after that.
 */
export const BOARD_COLUMN_SIZE = 20;

/** One of my destinations or facilities. */
export type TRecipient = TListing & { kind: TVenueKind };

export const leadKeys = {
  all: ["leads"] as const,
  rfps: (viewer: string, filter: TRfpSearch) => ["leads", "rfps", viewer, filter] as const,
  recipients: (viewer: string) => ["leads", "recipients", viewer] as const,
  boards: ["leads", "board"] as const,
  /** A venue board's further pages of one column ("Show more"); apart from the boards' own data. */
  columnPages: ["leads", "column"] as const,
  columnPage: (kind: TVenueKind, id: string, status: TLeadStatus, page: number) =>
    ["leads", "column", kind, id, status, page] as const,
  board: (kind: TVenueKind, id: string) => ["leads", "board", kind, id] as const,
  /** The board of all my venues. */
  myBoard: (viewer: string) => ["leads", "board", "mine", viewer] as const,
  stats: (kind: TVenueKind, id: string) => ["leads", "stats", kind, id] as const,
  lead: (eventId: string, leadId: string) => ["leads", "lead", eventId, leadId] as const,
  history: (eventId: string, leadId: string) =>
    ["leads", "lead", eventId, leadId, "history"] as const,
  versions: (eventId: string, leadId: string) =>
    ["leads", "lead", eventId, leadId, "versions"] as const,
  staff: (kind: TProfileKind, id: string) => ["leads", "staff", kind, id] as const,
  abilities: (kind: TProfileKind, id: string, viewer: string) =>
    ["leads", "abilities", kind, id, viewer] as const,
};

// ---- the RFP marketplace ----

/** A page of the marketplace, and the hot requests the head start still holds back from me. */
export type TRfpPage = TListResult<TRfpListing> & { heldBack: THeldBackRequests | null };

export async function searchRfps(
  filter: TRfpSearch,
  page: { offset: number; take: number },
  signal?: AbortSignal,
): Promise<TRfpPage> {
  // The whole reply, not only its list: `_meta` carries the held-back requests beside the count.
  const reply = await apiFetch(
    "POST",
    `${EVENTS}/events/search/rfps`,
    { data: filter },
    { query: page, signal, schema: ZRfpMarketplacePage },
  );
  return { items: reply.data, count: reply._meta.stats.count, heldBack: reply._meta.heldBack };
}

// ---- my listings and their pipelines ----

/** My destinations, then my facilities (pending ones included: their leads may still come). */
export async function listMyRecipients(signal?: AbortSignal): Promise<TRecipient[]> {
  const lists = await Promise.all(
    VENUE_KINDS.map(async (kind) => {
      const page = await loadMyListings(getListingKind(kind), { offset: 0, take: 100 }, signal);
      return page.items.map((listing): TRecipient => ({ ...listing, kind }));
    }),
  );
  return lists.flat();
}

/**
 * The board of a listing, a column per status. Destinations have a pipeline call; for a facility
 * each column is its leads filtered by that status (the list's count is the column's).
 */
export async function loadBoard(
  kind: TVenueKind,
  id: string,
  signal?: AbortSignal,
): Promise<TPipeline> {
  if (kind === "destination") {
    return apiGet(`${EVENTS}/destinations/${enc(id)}/pipeline`, { schema: ZPipeline, signal });
  }
  const columns = await Promise.all(
    BOARD_STATUSES.map(async (status) => {
      const page = await loadColumnLeads(kind, id, status, 0, signal);
      return { status, count: page.count, leads: page.items };
    }),
  );
  return { columns };
}

/** A column's leads after the first `offset` of it: the venue's leads in that status, newest first. */
export function loadColumnLeads(
  kind: TVenueKind,
  id: string,
  status: TLeadStatus,
  offset: number,
  signal?: AbortSignal,
): Promise<TListResult<TLead>> {
  return apiPostList(
    `${EVENTS}/${PROFILE_API[kind].path}/${enc(id)}/leads`,
    { status: [status] },
    { query: { offset, take: BOARD_COLUMN_SIZE }, schema: ZLead, signal },
  );
}

/**
 * The board of every destination and facility I belong to, each lead naming its venue, and those
 * venues, the newest lead first (one call, whatever the number of venues).
 */
export function loadMyBoard(signal?: AbortSignal): Promise<TMyPipeline> {
  return apiGet(`${EVENTS}/leads/my/pipeline`, { schema: ZMyPipeline, signal });
}

/** A listing's leads per status and how fast it usually answers. */
export function loadLeadStats(kind: TVenueKind, id: string): Promise<TLeadStats> {
  return apiPost(
    `${EVENTS}/${PROFILE_API[kind].path}/${enc(id)}/leads/stats`,
    {},
    {
      schema: ZLeadStats,
    },
  );
}

// ---- one lead ----

const leadUrl = (eventId: string, leadId: string, rest = "") =>
  `${EVENTS}/events/${enc(eventId)}/leads/${enc(leadId)}${rest}`;

export function getLead(eventId: string, leadId: string, signal?: AbortSignal): Promise<TLead> {
  return apiGet(leadUrl(eventId, leadId), { schema: ZLead, signal });
}

export function getLeadHistory(
  eventId: string,
  leadId: string,
  signal?: AbortSignal,
): Promise<TLeadHistoryEntry[]> {
  return apiGet(leadUrl(eventId, leadId, "/history"), {
    schema: z.array(ZLeadHistoryEntry),
    signal,
  });
}

/** Every version of the lead's proposal, as the server lists them (the first first); both sides. */
export function getProposalVersions(
  eventId: string,
  leadId: string,
  signal?: AbortSignal,
): Promise<TProposalVersion[]> {
  return apiGet(leadUrl(eventId, leadId, "/proposals"), {
    schema: z.array(ZProposalVersion),
    signal,
  });
}

/** Moves a lead or changes its proposal: a JSON Patch over {status, reason, proposal}. */
export function patchLead(
  lead: Pick<TLead, "eventId" | "id">,
  operations: TPatchOperation[],
): Promise<TLead> {
  return apiPatch(leadUrl(lead.eventId, lead.id), operations, { schema: ZLead });
}

/** Gives the lead to one of the listing's staff, or to nobody. */
export function assignLead(
  lead: Pick<TLead, "eventId" | "id">,
  userId: string | null,
): Promise<TLead> {
  return apiPut(leadUrl(lead.eventId, lead.id, "/member"), { userId }, { schema: ZLead });
}

// ---- the listing a lead went to ----

export const ownerKind = (ownerType: TOwnerType): TProfileKind => OWNER_TYPE_KINDS[ownerType];

const listingUrl = (kind: TProfileKind, id: string, rest: string) =>
  `/${PROFILE_API[kind].service}/api/${PROFILE_API[kind].path}/${enc(id)}${rest}`;

/** The people a lead can be assigned to: the listing's members (a facility's managers). */
export function listStaff(kind: TProfileKind, id: string): Promise<TListResult<TProfileMember>> {
  return apiGetList(listingUrl(kind, id, `/${PROFILE_API[kind].memberWord}`), {
    query: { offset: 0, take: 100 },
    schema: ZProfileMember,
  });
}

/** What I may do on the listing; its managers answer and assign its leads. */
export function getListingAbilities(kind: TProfileKind, id: string): Promise<string[]> {
  return apiGet(listingUrl(kind, id, "/my/entitlements"), { schema: z.array(z.string()) });
}
