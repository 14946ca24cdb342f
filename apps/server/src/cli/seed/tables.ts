// The tables the demo network fills, from the modules that own them.
export { businessDetails, businessPromotions } from "../../modules/businesses/schema";
export { companyDetails } from "../../modules/companies/schema";
export { destinationDetails } from "../../modules/destinations/schema";
export { eventDetails } from "../../modules/events/schema";
export { facilityDestinations, facilityDetails } from "../../modules/facilities/schema";
export { hotelDetails } from "../../modules/hotels/schema";
export { organizationDetails } from "../../modules/organizations/schema";
export {
  analyticsBatches,
  analyticsDaily,
  analyticsEvents,
} from "../../modules/reports/schema";
export {
  blockChanges,
  blockNights,
  hotelBlocks,
  reservationNights,
  reservations,
  roomNights,
  roomTypes,
} from "../../modules/stays/schema";
export { stories, storyListings } from "../../modules/stories/schema";
export { users } from "../../modules/users/schema";
export {
  profileAmenities,
  profileBoosts,
  profileCompanies,
  profileMembers,
  profileReactions,
  profileSpaceTypes,
  profileSports,
  profiles,
} from "../../profiles/schema";
