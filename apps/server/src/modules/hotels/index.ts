// Hotels: places to stay near events. Their own calls find a hotel by its partner-system id and
// claim one from a place or partner id.
import { kindModule } from "../../profiles";
import { hotelRoutes } from "./routes";
import { hotelDetails } from "./schema";

export const hotelsModule = kindModule("hotel", { table: hotelDetails, routes: hotelRoutes });
