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

/** How the API addresses a kind: its catalogue service, collection path, reaction and member words. */
export type TProfileApi = {
  service: string;
  path: string;
  reaction: "likes" | "followers";
  memberWord: "members" | "managers";
};

/**
 * The one table of kind addresses: the server's kind descriptors and the web's kind tables both
 * read it, so a path or a reaction word cannot drift between them.
 */
export const PROFILE_API: Record<TProfileKind, TProfileApi> = {
  hotel: { service: "hotel-mgmt", path: "hotels", reaction: "likes", memberWord: "members" },
  destination: {
    service: "destination-mgmt",
    path: "destinations",
    reaction: "followers",
    memberWord: "members",
  },
  facility: {
    service: "facility-mgmt",
    path: "facilities",
    reaction: "likes",
    memberWord: "managers",
  },
  business: {
    service: "business-mgmt",
    path: "businesses",
    reaction: "likes",
    memberWord: "members",
  },
  company: {
    service: "company-mgmt",
    path: "companies",
    reaction: "followers",
    memberWord: "members",
  },
  organization: {
    service: "event-mgmt",
    path: "organizations",
    reaction: "followers",
    memberWord: "members",
  },
  event: { service: "event-mgmt", path: "events", reaction: "likes", memberWord: "managers" },
};

/** Owners of requests and leads; a Vendor is shown as an organization. */
export const OWNER_TYPES = ["Destination", "Facility", "Vendor"] as const;
export type TOwnerType = (typeof OWNER_TYPES)[number];

export const PROFILE_STATUSES = ["pending", "approved"] as const;
export type TProfileStatus = (typeof PROFILE_STATUSES)[number];
