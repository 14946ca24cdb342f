// Reading leads: one lead as the API shows it, an event's or a listing's lists and stats, a
// destination's pipeline board, the board of all my venues and a lead's history.
import type { TLead, TLeadFilter, TLeadStats, TMyPipeline } from "@hostfield/domain/contracts";
import { LEAD_STATUSES } from "@hostfield/domain/reference";
import { responseTimeLabel, VENUE_KINDS, VENUE_OWNER_TYPES } from "@hostfield/domain/rules";
import type { TPrincipal } from "../../platform/http/access";
import { notFound } from "../../platform/http/errors";
import type { TProfileName } from "../../profiles";
import type { TRfpsContext, TWindow } from "./context";
import { recipientRole } from "./policy";
import { emptyCounts, presentHistory, presentLead, presentLeadCard } from "./presenter";
import * as boardRepo from "./repository/board";
import * as repo from "./repository/lead-reads";
import * as leadRepo from "./repository/leads";

/** Pipeline columns show this many leads each, newest first. */
export const PIPELINE_COLUMN_SIZE = 20;

/** Whole leads with their venues' names and places (from the profiles service). */
async function presentViews(
  ctx: TRfpsContext,
  views: readonly repo.TLeadView[],
  knownOwner?: TProfileName,
): Promise<TLead[]> {
  const owners = await venuesOf(ctx, views, knownOwner);
  return views.flatMap((v) => {
    const owner = owners.get(v.lead.ownerId);
    return owner ? [presentLead(v, owner)] : [];
  });
}

/**
 * The venues of some leads, by id: the one the route's access check read, or the profiles
 * service's names. A venue deleted meanwhile is missing (it cascades its leads away).
 */
async function venuesOf(
  ctx: TRfpsContext,
  views: readonly { lead: { ownerId: string } }[],
  knownOwner: TProfileName | undefined,
) {
  const ownerIds = new Set(views.map((v) => v.lead.ownerId));
  if (knownOwner) ownerIds.delete(knownOwner.id);
  const owners = await ctx.profiles.profileNames([...ownerIds]);
  if (knownOwner) owners.set(knownOwner.id, knownOwner);
  return owners;
}

/** The leads as the API shows them, in the order of `ids`. */
export async function presentLeadsById(ctx: TRfpsContext, ids: readonly string[]) {
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
  /** A listing's leads: the listing as the route's access check read it. */
  | { kind: "owner"; owner: TProfileName }
  | { kind: "member"; eventId: string };

async function scopeOf(
  ctx: TRfpsContext,
  scope: TLeadListScope,
  principal: TPrincipal,
): Promise<repo.TLeadScope> {
  if (scope.kind === "event") return scope;
  if (scope.kind === "owner")
    return {
      kind: "owner",
      ownerId: scope.owner.id,
      ownerName: scope.owner.name,
      visibleAt: ctx.now(),
    };
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
  const owner = scope.kind === "owner" ? scope.owner : undefined;
  return { rows: await presentViews(ctx, page.rows, owner), count: page.count };
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
    boardRepo.statusCounts(ctx.db, where, q),
    boardRepo.medianResponse(ctx.db, where, q),
  ]);
  const byStatus = { ...emptyCounts(), ...Object.fromEntries(counts) };
  return {
    total: Object.values(byStatus).reduce((sum, n) => sum + n, 0),
    byStatus,
    medianResponseMs: median,
    responseTime: responseTimeLabel(median),
  };
}

/** One column per status (in the statuses' order), each with the scope's newest leads. */
async function board(
  ctx: TRfpsContext,
  ownerIds: readonly string[],
  now: Date,
  knownOwner?: TProfileName,
) {
  const { leads: views, counts } = await boardRepo.pipelineLeads(
    ctx.db,
    ownerIds,
    now,
    PIPELINE_COLUMN_SIZE,
  );
  const owners = await venuesOf(ctx, views, knownOwner);
  const leads = views.flatMap((view) => {
    const owner = owners.get(view.lead.ownerId);
    return owner ? [presentLeadCard(view, owner)] : [];
  });
  return LEAD_STATUSES.map((status) => ({
    status,
    count: counts.get(status) ?? 0,
    leads: leads.filter((l) => l.status === status),
  }));
}

/** A listing's board (the listing as the route's access check read it). */
export async function pipeline(ctx: TRfpsContext, owner: TProfileName) {
  return { columns: await board(ctx, [owner.id], ctx.now(), owner) };
}

/**
 * The destinations and facilities whose leads I may read (those `GET …/my` lists that make me a
 * member or manager, by the lead rules' own `recipientRole`), in the order of my listings.
 */
export async function myLeadVenues(ctx: TRfpsContext, principal: TPrincipal) {
  return (
    await Promise.all(
      VENUE_KINDS.map(async (kind) =>
        (
          await ctx.profiles.myListings(kind, principal)
        ).flatMap((listing) => {
          const role = recipientRole(listing.abilities);
          if (!role) return [];
          return [
            {
              ownerType: VENUE_OWNER_TYPES[kind],
              ownerId: listing.id,
              canManage: role === "manager",
            },
          ];
        }),
      ),
    )
  ).flat();
}

/**
 * The board of every destination and facility whose leads I may read (those `GET …/my` lists
 * that make me a member or manager, by the lead rules' own `recipientRole`), and those venues, the
 * newest lead first, then those without a lead. The same statements whatever the number of venues.
 */
export async function myPipeline(ctx: TRfpsContext, principal: TPrincipal): Promise<TMyPipeline> {
  const now = ctx.now();
  const mine = await myLeadVenues(ctx, principal);
  const ownerIds = mine.map((venue) => venue.ownerId);
  const [columns, perOwner] = await Promise.all([
    board(ctx, ownerIds, now),
    boardRepo.leadsPerOwner(ctx.db, ownerIds, now),
  ]);
  const venues = mine.map((venue) => {
    const leads = perOwner.get(venue.ownerId);
    return { ...venue, leadCount: leads?.count ?? 0, newest: leads?.newest ?? null };
  });
  // Ties (and venues without leads) keep the order of my listings.
  venues.sort((a, b) => (b.newest?.getTime() ?? 0) - (a.newest?.getTime() ?? 0));
  return {
    columns,
    venues: venues.map(({ newest, ...venue }) => ({
      ...venue,
      newestLeadDate: newest ? newest.toISOString() : null,
    })),
  };
}

export async function leadHistory(ctx: TRfpsContext, leadId: string) {
  return (await leadRepo.listHistory(ctx.db, leadId)).map(presentHistory);
}
