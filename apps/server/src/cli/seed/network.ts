// What the demo network is: the rows generation produces, and the input that makes them repeatable.
import type { TProfileKind } from "@hostfield/domain/reference";
import type { businessDetails } from "../../modules/businesses/schema";
import type { companyDetails } from "../../modules/companies/schema";
import type { destinationDetails } from "../../modules/destinations/schema";
import type { eventDetails } from "../../modules/events/schema";
import type { facilityDestinations, facilityDetails } from "../../modules/facilities/schema";
import type { hotelDetails } from "../../modules/hotels/schema";
import type { organizationDetails } from "../../modules/organizations/schema";
import type { TPlace } from "../../platform/geo/place";
import type {
  profileAmenities,
  profileBoosts,
  profileCompanies,
  profileMembers,
  profileReactions,
  profileSpaceTypes,
  profileSports,
  profiles,
} from "../../profiles/schema";
import type { TDemoUser } from "./accounts";
import type { TDemoImages } from "./images";
import type { TPostalLocator } from "./places";

export type TProfileRow = typeof profiles.$inferInsert & {
  id: string;
  slug: string;
  name: string;
  kind: TProfileKind;
};

export type TDemoNetwork = {
  users: TDemoUser[];
  profiles: TProfileRow[];
  facilityDetails: (typeof facilityDetails.$inferInsert)[];
  destinationDetails: (typeof destinationDetails.$inferInsert)[];
  hotelDetails: (typeof hotelDetails.$inferInsert)[];
  businessDetails: (typeof businessDetails.$inferInsert)[];
  companyDetails: (typeof companyDetails.$inferInsert)[];
  organizationDetails: (typeof organizationDetails.$inferInsert)[];
  eventDetails: (typeof eventDetails.$inferInsert)[];
  profileSports: (typeof profileSports.$inferInsert)[];
  profileSpaceTypes: (typeof profileSpaceTypes.$inferInsert)[];
  profileAmenities: (typeof profileAmenities.$inferInsert)[];
  facilityDestinations: (typeof facilityDestinations.$inferInsert)[];
  profileCompanies: (typeof profileCompanies.$inferInsert)[];
  profileMembers: (typeof profileMembers.$inferInsert)[];
  profileReactions: (typeof profileReactions.$inferInsert)[];
  profileBoosts: (typeof profileBoosts.$inferInsert)[];
};

export type TGenerateInput = {
  seed: number;
  scale: number;
  /** YYYY-MM-DD: events start after it, boosts cover it, listings were created before it. */
  today: string;
  /** Most populous first, as the gazetteer lists them. */
  cities: readonly TPlace[];
  postal: TPostalLocator;
  images: TDemoImages;
  /** Slugs and hotel partner ids already used by listings that are not demo data. */
  takenSlugs?: ReadonlySet<string>;
  takenPartnerIds?: ReadonlySet<string>;
};
