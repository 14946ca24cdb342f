// The shortlists module: organizers' named lists of facilities and destinations, compared side by
// side, shared by a read-only link; the request wizard sends one request to everyone on one.
import { defineModule } from "../../platform/module";
import { shortlistRoutes } from "./routes";
import type { TShortlistsContext } from "./service";

export const shortlistsModule = defineModule({
  name: "shortlists",
  context: (platform, services): TShortlistsContext => ({
    db: platform.db,
    geocode: platform.geocode,
    // Read when called: both register before any request arrives, in whatever order.
    profiles: () => services.profiles,
    rfps: () => services.rfps,
  }),
  routes: [[shortlistRoutes, { prefix: "/user-mgmt/api" }]],
});
