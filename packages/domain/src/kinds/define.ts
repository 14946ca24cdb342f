// What a listing kind is, said once: how the API addresses it, what it is called, which shared
// collections it has, its own fields and rules, how marketplaces search it and which facts its
// cards and pages show. No I/O: the server adds a table, the web an icon and a map marker.
import type { TMapMarkerKind, TMarkerColor } from "../reference/constants";
import type { TMarketplaceSectionId } from "../reference/marketplaces";
import type { TReportSection } from "../reference/report-sections";
import type { TFields } from "./fields";

/** The shared child collections a kind can have, by their path segment. */
export type TChildName =
  | "images"
  | "documents"
  | "boosts"
  | "partners"
  | "sports"
  | "amenities"
  | "spaceTypes";

/** Calls some kinds share: `places/{placeId}`, `{id}/companies/{companyId}`, `ai/description`. */
export type TKindExtra = "placeLookup" | "companyLinks" | "descriptionDraft";

/** Other listings a page links to, where the API names them. */
export type TRelatedSource = "facilityDestinations" | "organization" | "partners";

/** The filter controls a marketplace can offer; each kind's marketplace picks its own. */
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
  | "dates"
  /** Venues free on every day of a window (`freeFrom`/`freeTo` of the search). */
  | "available";

/** One line of a listing's facts: a text, or a list shown as chips. */
export type TFact = { label: string; value: string | readonly string[] };

/** A listing as the facts read it: the API shape, loosely. */
export type TFactSource = Record<string, unknown> & { sports?: readonly string[] };

/** How the API addresses a kind. */
export type TKindApi = {
  /** Catalogue service whose base path serves it: `facility-mgmt`. */
  service: string;
  /** Collection path segment, also the web path of its pages: `facilities`. */
  path: string;
  /** `likes` (my/liked) or `followers` (my/followed). */
  reaction: "likes" | "followers";
  /** The member collection: `members` or `managers`. */
  memberWord: "members" | "managers";
  /** Other paths the catalogue uses for the member filter (organizations: `managers`). */
  memberFilterAliases?: readonly string[];
  extras?: readonly TKindExtra[];
};

export type TKindDefinition = {
  /** How the API addresses the kind. */
  api: TKindApi;
  /** "Facility": headings and buttons; messages use it in lower case. */
  label: string;
  plural: string;
  /** The names of the account and admin lists, when not the label and plural. */
  listNames?: { one: string; many: string };
  /** One line on the kind-choice step of the create flow. */
  pitch: string;
  /**
   * The map marker it wears (spec §3 names the shapes and allows a colour, not who wears them),
   * one of its own per kind: the places people travel to (venues, events, destinations) a pin,
   * secondary places the small circle, each kind in its colour. The star is no kind's: a sponsored
   * listing (its boost placed it at the head of the best match) wears it, whatever its kind.
   */
  marker: { shape: Exclude<TMapMarkerKind, "star">; color: TMarkerColor };
  children: readonly TChildName[];
  related?: readonly TRelatedSource[];
  /** The kind's own fields, in form order. */
  fields: TFields;
  /** Rules across fields, on the detail as it will be stored: the field to blame and why. */
  check?: (detail: Record<string, unknown>) => { field: string; message: string } | null;
  /** Signed-in visitors may review a listed one (facilities). */
  reviews?: boolean;
  /** What the search filters of the marketplaces read among the kind's fields. */
  search?: TKindSearch<string>;
  /** The kind's marketplace, when one of the sections (sections.ts) lists it. */
  marketplace?: {
    section: TMarketplaceSectionId;
    noun: { one: string; many: string };
    filters: readonly TFilterName[];
    /** The label of the `types` filter. */
    typesLabel: string;
    /** Whether the sport categories make sense as entry points. */
    sportCategories: boolean;
  };
  /** Its reports: the catalogue's report calls for it, and who reads them. */
  reports: {
    /** The sections it has, overview (`profile`) first, in the catalogue's order. */
    sections: readonly TReportSection[];
    /** Who reads them, in the API document's words (the rule itself is the server's). */
    readers: string;
  };
  /** Its demo data (`npm run db:seed`), at scale 1. */
  demo: {
    /** How many listings; `--scale` multiplies it (0: none). */
    count: number;
    /** Expected views a day of a typical listing, before the long tail's spread. */
    views: number;
    /** Views a day of a demo account's own listing (each draws within ±30%). */
    ownedViews: number;
  };
  facts: {
    /** The facts of its page. */
    page: (profile: TFactSource) => TFact[];
    /** The few facts of a result card, most telling first. */
    card: (profile: TFactSource) => string[];
  };
};

/** Which of the kind's fields (`N`: their names) the marketplace filters read. */
export type TKindSearch<N extends string> = {
  /** The kind's own type list, filtered and counted as `types` (a choice or tags field). */
  types?: N;
  /** Listings whose [start, end] overlaps the searched dates. */
  dates?: { start: N; end: N };
  /** The age groups filter. */
  ageGroup?: N;
  /** A narrower marketplace of one category (the Marketed events). */
  category?: N;
};

/** A kind's definition, its field types kept exact and its search naming only its own fields. */
export function defineKind<const F extends TFields>(
  definition: Omit<TKindDefinition, "fields" | "search"> & {
    fields: F;
    search?: TKindSearch<Extract<keyof F, string>>;
  },
) {
  return definition;
}

export const reactionOf = (d: Pick<TKindDefinition, "api">): "like" | "follow" =>
  d.api.reaction === "likes" ? "like" : "follow";

export const myReactionPath = (d: Pick<TKindDefinition, "api">) =>
  d.api.reaction === "likes" ? "my/liked" : "my/followed";

/** The fields a new listing must be given (they have no default). */
export const requiredFields = (d: Pick<TKindDefinition, "fields">): string[] =>
  Object.entries(d.fields)
    .filter(([, f]) => f.required)
    .map(([name]) => name);
