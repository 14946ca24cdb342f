// The admin module: site settings and the mail log, for admins.
import { defineModule } from "../../platform/module";
import { adminRoutes } from "./routes";

export const adminModule = defineModule({
  name: "admin",
  async register(app) {
    await app.register(adminRoutes);
  },
});
