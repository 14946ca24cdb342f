// What each marketplace section lists and how: the profile kind, its search and reaction calls
// (as the server's kind descriptors name them), the filters that make sense for it, its type list.
import {
  BUSINESS_CATEGORIES,
  DESTINATION_TYPES,
  EVENT_TYPES,
  FACILITY_TYPES,
  ORGANIZATION_TYPES,
  PROFILE_API,
  type TProfileKind,
} from "@hostfield/domain/reference";
import type { TMarketplaceSectionId } from "./marketplace-sections";

/** The filter controls a marketplace can offer; each section picks the ones its kind has. */
export type TFilterName =
  | "sports"
  | "types"
  | "spaceTypes"
  | "surfaces"
  | "location"
  | "amenities"
  | "states"
  | "regions"
  | "ageGroup"
  | "dates";

export type TMarketplaceKind = {
  sectionId: TMarketplaceSectionId;
  kind: TProfileKind;
  /** Service base, e.g. `facility-mgmt`: calls go to `/{service}/api/{path}`. */
  service: string;
  path: string;
  /** The reaction word of the kind's descriptor: `likes` or `followers`. */
  reaction: "likes" | "followers";
  noun: { one: string; many: string };
  filters: readonly TFilterName[];
  /** The kind's own type list, sent as `types`. */
  types: { label: string; options: readonly string[] } | null;
  /** Whether the sport categories make sense as entry points (businesses have no sports). */
  sportCategories: boolean;
};

/** How the API addresses the kind, from the domain's one table. */
const api = (kind: TProfileKind) => {
  const { service, path, reaction } = PROFILE_API[kind];
  return { service, path, reaction };
};

const LOCATION_FILTERS: readonly TFilterName[] = ["states", "regions"];

export const MARKETPLACE_KINDS: Record<TMarketplaceSectionId, TMarketplaceKind> = {
  events: {
    sectionId: "events",
    kind: "event",
    ...api("event"),
    noun: { one: "event", many: "events" },
    filters: ["sports", "types", "ageGroup", "dates", "amenities", ...LOCATION_FILTERS],
    types: { label: "Event type", options: EVENT_TYPES },
    sportCategories: true,
  },
  organizations: {
    sectionId: "organizations",
    kind: "organization",
    ...api("organization"),
    noun: { one: "organization", many: "organizations" },
    filters: ["sports", "types", ...LOCATION_FILTERS],
    types: { label: "Organization type", options: ORGANIZATION_TYPES },
    sportCategories: true,
  },
  facilities: {
    sectionId: "facilities",
    kind: "facility",
    ...api("facility"),
    noun: { one: "facility", many: "facilities" },
    filters: [
      "sports",
      "types",
      "spaceTypes",
      "surfaces",
      "location",
      "amenities",
      ...LOCATION_FILTERS,
    ],
    types: { label: "Facility type", options: FACILITY_TYPES },
    sportCategories: true,
  },
  destinations: {
    sectionId: "destinations",
    kind: "destination",
    ...api("destination"),
    noun: { one: "destination", many: "destinations" },
    filters: ["sports", "types", ...LOCATION_FILTERS],
    types: { label: "Destination type", options: DESTINATION_TYPES },
    sportCategories: true,
  },
  businesses: {
    sectionId: "businesses",
    kind: "business",
    ...api("business"),
    noun: { one: "place", many: "places" },
    filters: ["types", "amenities", ...LOCATION_FILTERS],
    types: { label: "Category", options: BUSINESS_CATEGORIES },
    sportCategories: false,
  },
};

export function marketplaceKind(sectionId: TMarketplaceSectionId): TMarketplaceKind {
  return MARKETPLACE_KINDS[sectionId];
}

/** `/{service}/api/{path}`: the base of a kind's calls. */
export function kindApiBase(kind: Pick<TMarketplaceKind, "service" | "path">): string {
  return `/${kind.service}/api/${kind.path}`;
}
