// Event organizations: who runs events. Their own calls list their events (and a calendar of
// them), count them, and report across organizations for admins.
import { kindModule } from "../../profiles";
import { organizationRoutes } from "./routes";
import { organizationDetails } from "./schema";

export const organizationsModule = kindModule("organization", {
  table: organizationDetails,
  routes: organizationRoutes,
});
