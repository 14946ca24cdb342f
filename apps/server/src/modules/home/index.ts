// The home module: what /home reads besides the listings themselves (the activity feed).
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
    });
  },
});
