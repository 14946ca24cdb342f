// The admin module: site settings, the mail log and the background jobs, for admins.
import { defineModule } from "../../platform/module";
import { adminRoutes } from "./routes";

export const adminModule = defineModule({
  name: "admin",
  async register(app) {
    await app.register(adminRoutes);
  },
});
