// Facilities: venues with spaces and sports; managed by their managers and by the managers of the
// destinations that list them. Their own calls: reviews and ratings, the destinations that list
// them, the destinations near them, onboarding lists and admin counts.
import { kindModule } from "../../profiles";
import { facilityRoutes } from "./routes";
import { facilityDestinations, facilityDetails } from "./schema";

export { destinationFacilityIds, facilityDestinationIds } from "./report-queries";

export const facilitiesModule = kindModule("facility", {
  table: facilityDetails,
  managedThrough: {
    link: {
      child: facilityDestinations.facilityId,
      parent: facilityDestinations.destinationId,
      likes: { count: facilityDestinations.likeCount, name: facilityDestinations.facilityName },
    },
    membersRead: false,
  },
  routes: facilityRoutes,
});
