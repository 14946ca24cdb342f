// The admin module: the approval queue, site settings, the mail log and the background jobs, for
// admins.
import { defineModule } from "../../platform/module";
import { approvalRoutes } from "./approval-routes";
import { adminRoutes } from "./routes";

export const adminModule = defineModule({
  name: "admin",
  async register(app, _platform, services) {
    await app.register(adminRoutes);
    // Read when called: the listing machinery may register after this module.
    await app.register(approvalRoutes, { profiles: () => services.profiles });
  },
});
