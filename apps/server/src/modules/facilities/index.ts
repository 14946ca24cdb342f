// Facilities: venues with spaces and sports; their own calls are reviews, ratings and the
// destinations that list them.
import type { TKindModule } from "../../profiles";
import { facilityDescriptor } from "./descriptor";
import { facilityRoutes } from "./routes";
export const facilitiesModule: TKindModule = {
  descriptor: facilityDescriptor,
  routes: facilityRoutes,
};
