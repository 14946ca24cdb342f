// The home module: what /home reads besides the listings themselves (the summary and the activity
// feed) and what the member is (their roles and the menu's pages they use). The summary's parts come
// from the modules that own them (rfps, profiles, stays, businesses, reports).
import type { TProfileKind } from "@hostfield/domain/reference";
import { todayUtc } from "@hostfield/domain/rules";
import { defineModule } from "../../platform/module";
import { liveDeals } from "../businesses";
import { homeRoutes } from "./routes";

export const homeModule = defineModule({
  name: "home",
  async register(app, platform, services) {
    await app.register(homeRoutes, {
      prefix: "/user-mgmt/api",
      ctx: {
        db: platform.db,
        people: (ids) => services.users.publicUsers(ids),
        listings: (ids) => services.profiles.profileNames(ids),
      },
      summary: {
        leads: (principal) => services.rfps.homeLeads(principal),
        requests: (principal) => services.rfps.homeRequests(principal),
        completeness: (userId, limit) => services.profiles.listingCompleteness(userId, limit),
        memberListings: async (userId) => {
          const ids = await services.profiles.memberProfileIds(userId);
          return [...(await services.profiles.profileNames(ids)).values()].map((p) => ({
            id: p.id,
            kind: p.kind as TProfileKind,
            name: p.name,
          }));
        },
        names: (ids) => services.profiles.profileNames(ids),
        marketplace: async (principal) =>
          (await services.rfps.marketplaceAccess(principal)).allowed,
        blocks: (scope) => services.stays.blocksOf(scope),
        blockNights: (blockIds, from, to) => services.stays.blockNightsIn(blockIds, from, to),
        deals: (businessIds) => liveDeals(platform.db, businessIds, todayUtc(platform.now())),
        reach: (ids, days) => services.reports.recentReach(ids, days),
        manages: async (principal, ids) => {
          const editable = await Promise.all(
            ids.map(async (id) => {
              const { abilities } = await services.profiles.accessProfile(
                "business",
                id,
                principal,
              );
              return abilities.includes("profile.update") ? [id] : [];
            }),
          );
          return new Set(editable.flat());
        },
      },
    });
  },
});
