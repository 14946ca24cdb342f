// The RFP marketplace: published requests of events to come, open to members of destinations and
// facilities whose membership allows it; hot requests reach those without hot leads a day late.
import type { TRfpSearch } from "@hostfield/domain/contracts";
import { type TTier, type TUrgencyPriority, URGENCY_LEVELS } from "@hostfield/domain/reference";
import { HOT_LEAD_HEAD_START_MS, isHotRequest } from "@hostfield/domain/rules";
import type { TPrincipal } from "../../platform/http/access";
import type { TRfpsContext, TWindow } from "./context";
import { marketplaceAccess, type TMarketplaceAccess } from "./policy";
import { presentListing } from "./presenter";
import * as repo from "./repository";

const HOT_URGENCIES = URGENCY_LEVELS.map((u) => u.priority).filter(isHotRequest);

/**
 * Whether the caller's memberships open the marketplace, and show hot requests at once. Only
 * listed (approved, active) listings carry a membership: one merely created, pending until an
 * admin approves it, opens nothing, whatever its tier.
 */
export async function marketplaceAccessOf(ctx: TRfpsContext, principal: TPrincipal) {
  if (principal.isAdmin) return marketplaceAccess(principal, []);
  const ids = await ctx.profiles.memberProfileIds(principal.userId);
  const memberships = await Promise.all(
    (["destination", "facility"] as const).map(async (kind) =>
      [...(await ctx.profiles.profilesByIds(kind, ids, { listedOnly: true })).values()].map(
        (p) => ({
          kind,
          tier: p.tier as TTier | null,
          isActive: p.isActive,
        }),
      ),
    ),
  );
  return marketplaceAccess(principal, memberships.flat());
}

/**
 * Published requests of events still to come; hot requests reach callers without hot leads a day
 * after publishing.
 */
export async function searchMarketplace(
  ctx: TRfpsContext,
  access: TMarketplaceAccess,
  filter: TRfpSearch,
  window: TWindow,
) {
  const now = ctx.now();
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
  };
}
