// What the demo network is: the rows generation produces, and the input that makes them repeatable.
import type { TProfileKind } from "@hostfield/domain/reference";
import type { TPlace } from "../../platform/geo/place";
import type { TDemoUser } from "./accounts";
import type { TDemoImages } from "./images";
import type { TPostalLocator } from "./places";
import type * as tables from "./tables";

export type TProfileRow = typeof tables.profiles.$inferInsert & {
  id: string;
  slug: string;
  name: string;
  kind: TProfileKind;
  /**
   * Its sports' names, as `profile_sports` will hold them: the copy a listing keeps of them
   * (`sport_names`, migration 0052), written with the listing so that its trigger has nothing
   * to rewrite when the sports go in. No drizzle column (see repository.ts UNDECLARED).
   */
  sportNames: string[];
};

export type TDemoNetwork = {
  users: TDemoUser[];
  profiles: TProfileRow[];
  facilityDetails: (typeof tables.facilityDetails.$inferInsert)[];
  destinationDetails: (typeof tables.destinationDetails.$inferInsert)[];
  hotelDetails: (typeof tables.hotelDetails.$inferInsert)[];
  businessDetails: (typeof tables.businessDetails.$inferInsert)[];
  businessPromotions: (typeof tables.businessPromotions.$inferInsert)[];
  stories: (typeof tables.stories.$inferInsert)[];
  storyListings: (typeof tables.storyListings.$inferInsert)[];
  companyDetails: (typeof tables.companyDetails.$inferInsert)[];
  organizationDetails: (typeof tables.organizationDetails.$inferInsert)[];
  eventDetails: (typeof tables.eventDetails.$inferInsert)[];
  profileSports: (typeof tables.profileSports.$inferInsert)[];
  profileSpaceTypes: (typeof tables.profileSpaceTypes.$inferInsert)[];
  profileAmenities: (typeof tables.profileAmenities.$inferInsert)[];
  facilityDestinations: (typeof tables.facilityDestinations.$inferInsert)[];
  profileCompanies: (typeof tables.profileCompanies.$inferInsert)[];
  profileMembers: (typeof tables.profileMembers.$inferInsert)[];
  profileReactions: (typeof tables.profileReactions.$inferInsert)[];
  profileBoosts: (typeof tables.profileBoosts.$inferInsert)[];
  roomTypes: (typeof tables.roomTypes.$inferInsert)[];
  roomNights: (typeof tables.roomNights.$inferInsert)[];
  hotelBlocks: (typeof tables.hotelBlocks.$inferInsert)[];
  blockNights: (typeof tables.blockNights.$inferInsert)[];
  blockChanges: (typeof tables.blockChanges.$inferInsert)[];
  reservations: (typeof tables.reservations.$inferInsert)[];
  reservationNights: (typeof tables.reservationNights.$inferInsert)[];
  analyticsDaily: (typeof tables.analyticsDaily.$inferInsert)[];
  analyticsBatches: (typeof tables.analyticsBatches.$inferInsert)[];
  analyticsEvents: (typeof tables.analyticsEvents.$inferInsert)[];
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
