// Hotels: places to stay near events; their own calls find a hotel by partner or place id.
import type { TKindModule } from "../../profiles";
import { hotelDescriptor } from "./descriptor";
import { hotelRoutes } from "./routes";
export const hotelsModule: TKindModule = {
  descriptor: hotelDescriptor,
  routes: hotelRoutes,
};
