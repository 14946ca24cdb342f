// Businesses: attractions, restaurants and things to do near events. Their own calls are their
// promotions (the deals they offer visiting teams, one of them the card's default) and the search
// for promotions near a place or an event.
import { kindModule } from "../../profiles";
import { businessRoutes } from "./routes";
import { businessDetails } from "./schema";
import { featuredDeals } from "./service";

export { promotionTitles } from "./report-queries";
// Read only, for home's business section (kind modules offer no services).
export { liveDeals, type TLiveDeals } from "./service";

export const businessesModule = kindModule("business", {
  table: businessDetails,
  // Its card shows its featured deal.
  cardExtras: featuredDeals,
  routes: (app, { descriptor, ctx }) => businessRoutes(app, { descriptor, ctx }),
});
