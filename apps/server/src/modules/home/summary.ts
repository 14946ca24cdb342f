// The home summary (`GET /users/my/home`): what I am (my roles, the most pressing first), the
// manager's part (new leads, leads waiting for an answer, listings to complete), the organizer's
// part (open requests, newest proposals), my events' hotel blocks and my hotels' blocks with their
// pickup, my businesses' live deals and reach, each asked of the module that owns it, each null when
// the user has no such role. And `GET /users/my/roles`: my roles and the menu's pages they use, the
// tier-locked ones marked.
import {
  HOME_LIST_SIZE,
  HOME_REACH_DAYS,
  type THomeBlocks,
  type THomeBusiness,
  type THomeManager,
  type THomeOrganizer,
  type THomeRole,
  type THomeSummary,
  type TListingCompleteness,
  type TMemberRoles,
} from "@hostfield/domain/contracts";
import type { TProfileKind } from "@hostfield/domain/reference";
import {
  memberFeatures,
  pickupPercent,
  pressingRoles,
  rolesOfKinds,
} from "@hostfield/domain/rules";
import type { TPrincipal } from "../../platform/http/access";

/** The widest span of nights a block may hold (the date pickers' bounds). */
const ALL_NIGHTS = { from: "1900-01-01", to: "2099-12-31" } as const;

type TBlockRow = {
  id: string;
  eventId: string | null;
  hotelId: string;
  status: string;
  cutoffDate: string | null;
};

export type THomeSummaryContext = {
  /** My venues' new and waiting leads, and how many of my listings receive leads (rfps). */
  leads: (
    principal: TPrincipal,
  ) => Promise<Omit<THomeManager, "completeness"> & { venueCount: number }>;
  /** My events' open requests and newest proposals; null when I organize none (rfps). */
  requests: (principal: TPrincipal) => Promise<THomeOrganizer | null>;
  /** The listings I own or manage as checklists, the least complete first (profiles). */
  completeness: (
    userId: string,
    limit: number,
  ) => Promise<{ listingCount: number; incompleteCount: number; listings: TListingCompleteness[] }>;
  /** The listings I belong to (owner, manager or member), any status, with their kinds (profiles). */
  memberListings: (userId: string) => Promise<{ id: string; kind: TProfileKind; name: string }[]>;
  /** Listings' names by id (profiles). */
  names: (ids: readonly string[]) => Promise<Map<string, { name: string }>>;
  /** Whether my memberships open the RFP marketplace, as its routes judge it (rfps). */
  marketplace: (principal: TPrincipal) => Promise<boolean>;
  /** Blocks of the events or at the hotels, nearest cut-off first (stays). */
  blocks: (scope: { hotelIds?: string[]; eventIds?: string[] }) => Promise<TBlockRow[]>;
  /** Rooms held and booked per block and night (stays). */
  blockNights: (
    blockIds: readonly string[],
    from: string,
    to: string,
  ) => Promise<{ blockId: string; held: number; booked: number }[]>;
  /** Per business, its promotions good today and the one that ends first (businesses). */
  deals: (
    businessIds: readonly string[],
  ) => Promise<Map<string, { count: number; nextEnding: THomeBusiness["nextEnding"] }>>;
  /** The listings of these whose owners or managers I am: who reads their reports (profiles). */
  manages: (principal: TPrincipal, ids: readonly string[]) => Promise<Set<string>>;
  /** Per listing, its page's views and its promotions' clicks over the last days (reports). */
  reach: (
    ids: readonly string[],
    days: number,
  ) => Promise<Map<string, { views: number; promotionClicks: number }>>;
};

const idsOf = (listings: { id: string; kind: string }[], kind: string) =>
  listings.filter((l) => l.kind === kind).map((l) => l.id);

/** The accepted (still held) blocks of a scope, the nearest cut-off first, with their pickup. */
async function openBlocks(
  ctx: THomeSummaryContext,
  scope: { hotelIds?: string[]; eventIds?: string[] },
): Promise<THomeBlocks> {
  const open = (await ctx.blocks(scope)).filter((b) => b.status === "Accepted");
  const shown = open.slice(0, HOME_LIST_SIZE);
  const [nights, names] = await Promise.all([
    ctx.blockNights(
      shown.map((b) => b.id),
      ALL_NIGHTS.from,
      ALL_NIGHTS.to,
    ),
    ctx.names([
      ...new Set(shown.flatMap((b) => (b.eventId ? [b.hotelId, b.eventId] : [b.hotelId]))),
    ]),
  ]);
  return {
    count: open.length,
    blocks: shown.map((block) => {
      const own = nights.filter((n) => n.blockId === block.id);
      const held = own.reduce((sum, n) => sum + n.held, 0);
      const booked = own.reduce((sum, n) => sum + n.booked, 0);
      const nameOf = (id: string) => names.get(id)?.name ?? "";
      return {
        id: block.id,
        hotel: { id: block.hotelId, name: nameOf(block.hotelId) },
        event: block.eventId ? { id: block.eventId, name: nameOf(block.eventId) } : null,
        cutoffDate: block.cutoffDate,
        held,
        booked,
        pickupPercent: pickupPercent(held, booked),
      };
    }),
  };
}

/** My businesses, by name, each with its live deals and its reach (one read of each for all). */
async function myBusinesses(
  ctx: THomeSummaryContext,
  principal: TPrincipal,
  businesses: { id: string; name: string }[],
): Promise<THomeBusiness[] | null> {
  if (businesses.length === 0) return null;
  const ids = businesses.map((b) => b.id);
  // A business's reach is its reports' figure: only its owners and managers read it.
  const [deals, managed] = await Promise.all([ctx.deals(ids), ctx.manages(principal, ids)]);
  const reach = await ctx.reach(
    ids.filter((id) => managed.has(id)),
    HOME_REACH_DAYS,
  );
  return [...businesses]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map(({ id, name }) => ({
      id,
      name,
      liveDeals: deals.get(id)?.count ?? 0,
      nextEnding: deals.get(id)?.nextEnding ?? null,
      manages: managed.has(id),
      views: managed.has(id) ? (reach.get(id)?.views ?? 0) : null,
      dealClicks: managed.has(id) ? (reach.get(id)?.promotionClicks ?? 0) : null,
    }));
}

/** My roles from the listings I belong to, and the menu's pages they use (GET /users/my/roles). */
export async function memberRoles(
  ctx: THomeSummaryContext,
  principal: TPrincipal,
): Promise<TMemberRoles> {
  const [listings, rfpMarketplace] = await Promise.all([
    ctx.memberListings(principal.userId),
    ctx.marketplace(principal),
  ]);
  const roles = rolesOfKinds(listings.map((l) => l.kind));
  return { roles, features: memberFeatures(roles, { rfpMarketplace }) };
}

export async function homeSummary(
  ctx: THomeSummaryContext,
  principal: TPrincipal,
): Promise<THomeSummary> {
  const [leads, organizer, completeness, listings] = await Promise.all([
    ctx.leads(principal),
    ctx.requests(principal),
    ctx.completeness(principal.userId, HOME_LIST_SIZE),
    ctx.memberListings(principal.userId),
  ]);
  const hotelIds = idsOf(listings, "hotel");
  const [eventBlocks, hotelBlocks, businesses] = await Promise.all([
    openBlocks(ctx, { eventIds: idsOf(listings, "event") }),
    openBlocks(ctx, { hotelIds }),
    myBusinesses(
      ctx,
      principal,
      listings.filter((l) => l.kind === "business"),
    ),
  ]);
  const held = rolesOfKinds([
    ...listings.map((l) => l.kind),
    ...(organizer ? ["event"] : []),
    ...(leads.venueCount > 0 ? ["facility"] : []),
  ]);
  // What waits: leads to read or answer, proposals to decide on, blocks whose pickup runs.
  const waiting: Partial<Record<THomeRole, number>> = {
    venue: leads.newLeads.count + leads.waitingLeads.count,
    organizer: organizer?.openRequests.requests.reduce((n, r) => n + r.proposalCount, 0) ?? 0,
    hotel: hotelBlocks.count,
  };
  const manages = leads.venueCount > 0 || completeness.listingCount > 0;
  return {
    roles: pressingRoles(held, waiting),
    listings: listings.map(({ id, kind, name }) => ({ id, kind, name })),
    manager: manages
      ? { newLeads: leads.newLeads, waitingLeads: leads.waitingLeads, completeness }
      : null,
    organizer,
    eventBlocks,
    hotel: hotelIds.length > 0 ? hotelBlocks : null,
    businesses,
  };
}
