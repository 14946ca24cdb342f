// Event organizations: who runs events; their own calls list their events.
import type { TKindModule } from "../../profiles";
import { organizationDescriptor } from "./descriptor";
import { organizationRoutes } from "./routes";
export const organizationsModule: TKindModule = {
  descriptor: organizationDescriptor,
  routes: organizationRoutes,
};
