// What the home summary asks of requests for proposals: a venue's new leads and the leads waiting
// for its answer, and an organizer's open requests and newest proposals. Each is a fixed number of
// statements whatever the number of listings, events or leads.
import {
  HOME_LIST_SIZE,
  HOME_NEW_LEAD_DAYS,
  type THomeRequest,
  type TLead,
} from "@hostfield/domain/contracts";
import type { TPrincipal } from "../../platform/http/access";
import type { TRfpsContext } from "./context";
import { myLeadVenues, presentLeadsById } from "./lead-lists";
import { organizes } from "./policy";
import * as repo from "./repository/home";
import { withCounts } from "./requirements";

const DAY_MS = 24 * 60 * 60 * 1000;

export type THomeLeads = {
  /** How many listings of mine receive leads. */
  venueCount: number;
  newLeads: { count: number; since: string; leads: TLead[] };
  waitingLeads: { count: number; leads: TLead[] };
};

/**
 * The leads of the destinations and facilities whose leads I may read: those that arrived in the
 * last HOME_NEW_LEAD_DAYS days (newest first), and the Open ones of events not yet over, waiting
 * for an answer (the soonest event first).
 */
export async function homeLeads(ctx: TRfpsContext, principal: TPrincipal): Promise<THomeLeads> {
  const now = ctx.now();
  const at = {
    now,
    since: new Date(now.getTime() - HOME_NEW_LEAD_DAYS * DAY_MS),
    today: now.toISOString().slice(0, 10),
  };
  const venues = await myLeadVenues(ctx, principal);
  const ownerIds = venues.map((v) => v.ownerId);
  const [counts, freshIds, waitingIds] = await Promise.all([
    repo.homeLeadCounts(ctx.db, ownerIds, at),
    repo.newestArrivedLeadIds(ctx.db, ownerIds, at, HOME_LIST_SIZE),
    repo.waitingLeadIds(ctx.db, ownerIds, at, HOME_LIST_SIZE),
  ]);
  const leads = new Map(
    (await presentLeadsById(ctx, [...new Set([...freshIds, ...waitingIds])])).map((l) => [l.id, l]),
  );
  const pick = (ids: string[]) => ids.flatMap((id) => leads.get(id) ?? []);
  return {
    venueCount: venues.length,
    newLeads: { count: counts.fresh, since: at.since.toISOString(), leads: pick(freshIds) },
    waitingLeads: { count: counts.waiting, leads: pick(waitingIds) },
  };
}

export type THomeRequests = {
  openRequests: { count: number; requests: THomeRequest[] };
  newestProposals: TLead[];
};

const ANSWERED_WITH_PROPOSAL = ["Interested", "Won", "Lost"] as const;

/**
 * The open requests (draft or published) of the events I organize (by the organizer routes' rule, `organizes`),
 * the newest published first, with their proposal counts, and the newest proposals on any of my
 * events. Null when I organize no event.
 */
export async function homeRequests(
  ctx: TRfpsContext,
  principal: TPrincipal,
): Promise<THomeRequests | null> {
  const eventIds = (await ctx.profiles.myListings("event", principal))
    .filter((event) => organizes(principal, event.abilities))
    .map((event) => event.id);
  if (eventIds.length === 0) return null;
  const [open, proposalIds] = await Promise.all([
    repo.openRequirementsOf(ctx.db, eventIds, HOME_LIST_SIZE),
    repo.newestProposalLeadIds(ctx.db, eventIds, HOME_LIST_SIZE),
  ]);
  const [requests, events, proposals] = await Promise.all([
    withCounts(ctx, open.rows),
    ctx.profiles.profileHeads(
      "event",
      [...new Set(open.rows.map((r) => r.eventId))],
      ["startDate"],
    ),
    presentLeadsById(ctx, proposalIds),
  ]);
  return {
    openRequests: {
      count: open.count,
      requests: requests.flatMap((request) => {
        const event = events.get(request.eventId);
        if (!event) return [];
        const startDate = event.detail?.startDate;
        return [
          {
            event: {
              id: event.id,
              name: event.name,
              startDate: typeof startDate === "string" ? startDate : null,
            },
            request,
            proposalCount: ANSWERED_WITH_PROPOSAL.reduce(
              (sum, status) => sum + (request.leadCounts[status] ?? 0),
              0,
            ),
          },
        ];
      }),
    },
    newestProposals: proposals,
  };
}
