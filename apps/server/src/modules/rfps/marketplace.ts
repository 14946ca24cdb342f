// The RFP marketplace: published requests of events to come, open to members of destinations and
// facilities whose membership allows it; hot requests reach those without hot leads a day late,
// and until then the marketplace says how many are on their way to the caller's listings, and when.
import type { THeldBackRequests, TRfpSearch } from "@hostfield/domain/contracts";
import { type TTier, type TUrgencyPriority, URGENCY_LEVELS } from "@hostfield/domain/reference";
import { HOT_LEAD_HEAD_START_MS, isHotRequest } from "@hostfield/domain/rules";
import type { TPrincipal } from "../../platform/http/access";
import type { TRfpsContext, TWindow } from "./context";
import { marketplaceAccess, type TMarketplaceAccess } from "./policy";
import { presentListing } from "./presenter";
import * as repo from "./repository/marketplace";

const HOT_URGENCIES = URGENCY_LEVELS.map((u) => u.priority).filter(isHotRequest);

/** The marketplace's access, and the listings whose memberships decided it (their leads' head starts). */
export type TMarketplaceCaller = TMarketplaceAccess & { listingIds: readonly string[] };

/**
 * Whether the caller's memberships open the marketplace, and show hot requests at once. Only
 * listed (approved, active) listings carry a membership: one merely created, pending until an
 * admin approves it, opens nothing, whatever its tier.
 */
export async function marketplaceAccessOf(
  ctx: TRfpsContext,
  principal: TPrincipal,
): Promise<TMarketplaceCaller> {
  if (principal.isAdmin) return { ...marketplaceAccess(principal, []), listingIds: [] };
  const ids = await ctx.profiles.memberProfileIds(principal.userId);
  const listings = (
    await Promise.all(
      (["destination", "facility", "business"] as const).map(async (kind) =>
        [...(await ctx.profiles.profilesByIds(kind, ids, { listedOnly: true })).values()].map(
          (p) => ({ id: p.id, kind, tier: p.tier as TTier | null, isActive: p.isActive }),
        ),
      ),
    )
  ).flat();
  return {
    ...marketplaceAccess(
      principal,
      listings.map(({ kind, tier, isActive }) => ({ kind, tier, isActive })),
    ),
    listingIds: listings.map((l) => l.id),
  };
}

/**
 * The hot requests the head start still holds back from the caller: their listings' leads not
 * visible yet, counted. Null when there are none, and when the caller sees hot requests at once
 * (the marketplace hides none from them, whatever one of their listings waits for).
 */
async function heldBackFor(
  ctx: TRfpsContext,
  caller: TMarketplaceCaller,
  now: Date,
): Promise<THeldBackRequests | null> {
  if (caller.hotLeads) return null;
  const held = await repo.heldBackLeads(ctx.db, caller.listingIds, now);
  if (held.requests === 0 || !held.next) return null;
  return {
    requests: held.requests,
    listings: held.listings,
    nextVisibleFrom: held.next.toISOString(),
  };
}

/**
 * Published requests of events still to come; hot requests reach callers without hot leads a day
 * after publishing, and meanwhile count among those held back for them (whatever the filter).
 */
export async function searchMarketplace(
  ctx: TRfpsContext,
  access: TMarketplaceCaller,
  filter: TRfpSearch,
  window: TWindow,
) {
  const now = ctx.now();
  const heldBack = await heldBackFor(ctx, access, now);
  const page = await repo.searchPublished(
    ctx.db,
    {
      ...filter,
      today: now.toISOString().slice(0, 10),
      now,
      hidden: access.hotLeads
        ? null
        : {
            urgencies: HOT_URGENCIES,
            publishedAfter: new Date(now.getTime() - HOT_LEAD_HEAD_START_MS),
          },
    },
    window,
  );
  return {
    rows: page.rows.map((row) =>
      presentListing(row, isHotRequest(row.requirement.urgency as TUrgencyPriority)),
    ),
    count: page.count,
    heldBack,
  };
}
