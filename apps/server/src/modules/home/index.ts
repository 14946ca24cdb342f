// The home module: what /home reads besides the listings themselves (the summary and the activity
// feed) and what the member is (their roles and the menu's pages they use). The summary's parts come
// from the modules that own them (rfps, profiles, stays).
import type { TProfileKind } from "@hostfield/domain/reference";
import { defineModule } from "../../platform/module";
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
      },
    });
  },
});
