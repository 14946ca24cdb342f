// The requests-for-proposals module: an event's requests, matching them to listings (leads), the
// lead pipeline and the marketplace of open requests.
import { defineModule } from "../../platform/module";
import { rfpRoutes } from "./routes";

export const rfpsModule = defineModule({
  name: "rfps",
  async register(app, platform, services) {
    await app.register(rfpRoutes, {
      prefix: "/event-mgmt/api",
      ctx: {
        db: platform.db,
        profiles: services.profiles,
        groups: services.groups,
        events: platform.events,
        geocode: platform.geocode,
        now: platform.now,
      },
    });
  },
});
