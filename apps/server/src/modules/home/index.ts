// The home module: what /home reads besides the listings themselves (the summary and the activity
// feed). The summary's parts come from the modules that own them (rfps, profiles).
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
      },
    });
  },
});
