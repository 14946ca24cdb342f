// The kinds of listing (profile) and the owner types that can publish requests and leads.

export const PROFILE_KINDS = [
  "hotel",
  "destination",
  "facility",
  "business",
  "company",
  "organization",
  "event",
] as const;
export type TProfileKind = (typeof PROFILE_KINDS)[number];

/** Owners of requests and leads; a Vendor is shown as an organization. */
export const OWNER_TYPES = ["Destination", "Facility", "Vendor"] as const;
export type TOwnerType = (typeof OWNER_TYPES)[number];

export const PROFILE_STATUSES = ["pending", "approved"] as const;
export type TProfileStatus = (typeof PROFILE_STATUSES)[number];
