// The seven listing kinds, described once for the web: where their calls live, what they hold,
// which facts their page shows and which fields their forms edit. The page, the hooks and the forms
// are written against this table only, so a kind is one entry here (it mirrors the server's
// descriptors in apps/server/src/modules/*/descriptor.ts, which the web cannot import).
import {
  AGE_GROUPS,
  AUDIENCE_TAGS,
  AVAILABILITY,
  BUSINESS_CATEGORIES,
  COMPETITION_LEVELS,
  DESTINATION_SERVICES,
  DESTINATION_TYPES,
  EVENT_INTEREST_TYPES,
  EVENT_TYPES,
  FACILITY_TYPES,
  LOCATIONS,
  ORGANIZATION_TYPES,
  PLACE_ATTRIBUTE_TAGS,
  PLACE_CATEGORY_NAMES,
  PROFILE_API,
  SPACE_TYPE_NAMES,
  SURFACES,
  type TProfileKind,
  VENDOR_CATEGORIES,
  VENDOR_SERVICE_TAGS,
} from "@hostfield/domain/reference";
import {
  formatCost,
  formatCount,
  formatEventDates,
  PROFILE_BASE_PATHS,
  sportsSummary,
} from "@hostfield/domain/rules";
import AttractionsIcon from "@mui/icons-material/Attractions";
import BusinessIcon from "@mui/icons-material/Business";
import EmojiEventsIcon from "@mui/icons-material/EmojiEvents";
import GroupsIcon from "@mui/icons-material/Groups";
import HotelIcon from "@mui/icons-material/Hotel";
import StadiumIcon from "@mui/icons-material/Stadium";
import TravelExploreIcon from "@mui/icons-material/TravelExplore";
import type SvgIcon from "@mui/material/SvgIcon";
import type { TFieldSpec } from "./profile-fields";
import type { TProfile } from "./profiles-api";

/** The shared child collections a page can show, by their API path segment. */
export type TChildSegment =
  | "images"
  | "documents"
  | "sports"
  | "amenities"
  | "spaceTypes"
  | "boosts"
  | "partners";

/** Other listings a page links to, where the API names them. */
export type TRelatedSource = "facilityDestinations" | "organization" | "partners";

/** One line of a listing's facts: a text, or a list shown as chips. */
export type TFact = { label: string; value: string | readonly string[] };

export type TKindConfig = {
  kind: TProfileKind;
  /** "Facility": headings, buttons and messages. */
  label: string;
  plural: string;
  /** The web pages: `/facilities/{id}`. */
  pagePath: string;
  /** The API collection: `/facility-mgmt/api/facilities`. */
  apiBase: string;
  reaction: "likes" | "followers";
  memberWord: "members" | "managers";
  children: readonly TChildSegment[];
  related: readonly TRelatedSource[];
  /** Fields of the kind a new listing must have (they have no server default). */
  required: readonly string[];
  /** The kind's own inputs, in form order. */
  fields: readonly TFieldSpec[];
  /** Rules across fields (the server's descriptor has the same): field and message. */
  check?: (values: Record<string, unknown>) => { field: string; message: string } | null;
  facts: (profile: TProfile) => TFact[];
  Icon: typeof SvgIcon;
  /** One line on the kind-choice step of the create flow. */
  pitch: string;
};

const str = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== "" ? value : null;
const num = (value: unknown): number | null => (typeof value === "number" ? value : null);
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];

/** Drops facts without a value, so a sparse listing shows no empty lines. */
function facts(...entries: (TFact | null)[]): TFact[] {
  return entries.filter(
    (f): f is TFact =>
      f !== null && (typeof f.value === "string" ? f.value !== "" : f.value.length > 0),
  );
}
const fact = (label: string, value: string | readonly string[] | null): TFact | null =>
  value === null ? null : { label, value };

const sportsFact = (p: TProfile) => fact("Sports", sportsSummary(p.sports) || null);

/** A field's value under the field's label: tags as chips, a choice or a text as text. */
function fieldFact(spec: TFieldSpec, p: TProfile): TFact | null {
  const value = p[spec.name];
  if (spec.type === "tags") return fact(spec.label, strings(value));
  if (spec.type === "select" || spec.type === "text") return fact(spec.label, str(value));
  return null;
}

/**
 * Facts that are fields shown as they are, in this order; "sports" is the listing's sports.
 * Fields that need their own wording (a unit, a date range) are written as facts directly.
 */
function factsOf(fields: readonly TFieldSpec[], names: readonly string[]) {
  const lines = names.map((name): ((p: TProfile) => TFact | null) => {
    if (name === "sports") return sportsFact;
    const spec = fields.find((field) => field.name === name);
    if (!spec) throw new Error(`"${name}" is not a field of this kind.`);
    return (p) => fieldFact(spec, p);
  });
  return (p: TProfile): TFact[] => facts(...lines.map((line) => line(p)));
}

/** Every kind has a gallery, documents and boosts; kinds add their own collections. */
const SHARED_CHILDREN: readonly TChildSegment[] = ["images", "documents", "boosts"];

/** What a kind says about itself; the rest of its entry comes from the domain's tables. */
type TKindSpec = Omit<
  TKindConfig,
  | "kind"
  | "apiBase"
  | "reaction"
  | "memberWord"
  | "pagePath"
  | "children"
  | "related"
  | "required"
  | "facts"
> & {
  /** Child collections besides the shared ones. */
  children?: readonly TChildSegment[];
  related?: readonly TRelatedSource[];
  required?: readonly string[];
  /** The facts: field names (see factsOf), or a function for kinds that word them. */
  facts: readonly string[] | TKindConfig["facts"];
};

/**
 * One kind's entry: its addresses and reaction and member words from PROFILE_API, its page path
 * from the domain, the shared collections, and what `spec` adds.
 */
function defineKind(kind: TProfileKind, spec: TKindSpec): TKindConfig {
  const { service, path, reaction, memberWord } = PROFILE_API[kind];
  return {
    ...spec,
    kind,
    apiBase: `/${service}/api/${path}`,
    reaction,
    memberWord,
    pagePath: PROFILE_BASE_PATHS[kind],
    children: [...SHARED_CHILDREN, ...(spec.children ?? [])],
    related: spec.related ?? [],
    required: spec.required ?? [],
    facts: typeof spec.facts === "function" ? spec.facts : factsOf(spec.fields, spec.facts),
  };
}

const FACILITY_TYPES_FIELD: TFieldSpec = {
  name: "facilityTypes",
  label: "Facility types",
  type: "tags",
  options: FACILITY_TYPES,
};

export const KIND_CONFIGS: Record<TProfileKind, TKindConfig> = {
  facility: defineKind("facility", {
    label: "Facility",
    plural: "Facilities",
    children: ["sports", "amenities", "spaceTypes"],
    related: ["facilityDestinations"],
    fields: [
      FACILITY_TYPES_FIELD,
      { name: "capacity", label: "Capacity (people)", type: "number", integer: true, min: 0 },
      { name: "availability", label: "Availability", type: "select", options: AVAILABILITY },
    ],
    facts: (p) =>
      facts(
        fieldFact(FACILITY_TYPES_FIELD, p),
        sportsFact(p),
        fact(
          "Capacity",
          num(p.capacity) === null ? null : `${formatCount(Number(p.capacity))} people`,
        ),
        fact("Availability", str(p.availability)),
      ),
    Icon: StadiumIcon,
    pitch: "A venue with spaces and sports that hosts events.",
  }),
  destination: defineKind("destination", {
    label: "Destination",
    plural: "Destinations",
    children: ["sports"],
    fields: [
      {
        name: "destinationType",
        label: "Destination type",
        type: "select",
        options: DESTINATION_TYPES,
      },
      { name: "services", label: "Services", type: "tags", options: DESTINATION_SERVICES },
      { name: "hotelLiveRatesEnabled", label: "Show live hotel rates", type: "boolean" },
      { name: "hotelLiveRatesVisibleAfter", label: "Live rates visible after", type: "date" },
      { name: "hotelSpecialsHiddenAfter", label: "Hotel specials hidden after", type: "date" },
    ],
    facts: ["destinationType", "sports", "services"],
    Icon: TravelExploreIcon,
    pitch: "A visitors bureau or sports commission that brings events to its area.",
  }),
  hotel: defineKind("hotel", {
    label: "Hotel",
    plural: "Hotels",
    children: ["amenities", "partners"],
    related: ["partners"],
    fields: [
      {
        name: "starRating",
        label: "Star rating",
        type: "number",
        step: 0.5,
        min: 0,
        max: 5,
      },
      { name: "rooms", label: "Rooms", type: "number", integer: true, min: 0 },
      {
        name: "partnerId",
        label: "Partner-system id",
        type: "text",
        helper: "The hotel's id in the booking partner's system, for live rates.",
      },
    ],
    facts: (p) =>
      facts(
        fact("Star rating", num(p.starRating) === null ? null : `${num(p.starRating)} stars`),
        fact("Rooms", num(p.rooms) === null ? null : String(num(p.rooms))),
      ),
    Icon: HotelIcon,
    pitch: "A place to stay near events, with deals for teams and fans.",
  }),
  business: defineKind("business", {
    label: "Business",
    plural: "Businesses",
    children: ["amenities", "partners"],
    related: ["partners"],
    fields: [
      { name: "businessCategory", label: "Category", type: "select", options: BUSINESS_CATEGORIES },
      {
        name: "placeCategories",
        label: "Place categories",
        type: "tags",
        options: PLACE_CATEGORY_NAMES,
      },
      {
        name: "placeAttributes",
        label: "Good to know",
        type: "tags",
        options: PLACE_ATTRIBUTE_TAGS,
      },
    ],
    facts: ["businessCategory", "placeCategories", "placeAttributes"],
    Icon: AttractionsIcon,
    pitch: "An attraction, restaurant or thing to do near events.",
  }),
  company: defineKind("company", {
    label: "Company",
    plural: "Companies",
    fields: [
      {
        name: "vendorCategories",
        label: "Vendor categories",
        type: "tags",
        options: VENDOR_CATEGORIES,
      },
      { name: "serviceTags", label: "Services", type: "tags", options: VENDOR_SERVICE_TAGS },
      { name: "audienceTags", label: "Who it serves", type: "tags", options: AUDIENCE_TAGS },
    ],
    facts: ["vendorCategories", "serviceTags", "audienceTags"],
    Icon: BusinessIcon,
    pitch: "An industry partner or vendor serving the sports-event world.",
  }),
  organization: defineKind("organization", {
    label: "Organization",
    plural: "Organizations",
    children: ["sports"],
    fields: [
      {
        name: "organizationType",
        label: "Organization type",
        type: "select",
        options: ORGANIZATION_TYPES,
      },
      {
        name: "eventInterestTypes",
        label: "Event interests",
        type: "tags",
        options: EVENT_INTEREST_TYPES,
      },
    ],
    facts: ["organizationType", "sports", "eventInterestTypes"],
    Icon: GroupsIcon,
    pitch: "An event organizer or industry partner that runs events.",
  }),
  event: defineKind("event", {
    label: "Event",
    plural: "Events",
    children: ["sports", "amenities"],
    related: ["organization"],
    required: ["type", "startDate", "endDate"],
    fields: [
      { name: "type", label: "Event type", type: "select", options: EVENT_TYPES },
      { name: "startDate", label: "Start date", type: "date" },
      { name: "endDate", label: "End date", type: "date" },
      { name: "hasFlexibleDates", label: "The dates are flexible", type: "boolean" },
      { name: "ageGroup", label: "Age group", type: "select", options: AGE_GROUPS },
      {
        name: "eventLevel",
        label: "Competition level",
        type: "select",
        options: COMPETITION_LEVELS,
      },
      {
        name: "individualCost",
        label: "Cost per participant ($)",
        type: "number",
        step: 0.01,
        min: 0,
      },
      { name: "teamCost", label: "Cost per team ($)", type: "number", step: 0.01, min: 0 },
      FACILITY_TYPES_FIELD,
      { name: "spaceName", label: "Space", type: "select", options: SPACE_TYPE_NAMES },
      { name: "location", label: "Indoor or outdoor", type: "select", options: LOCATIONS },
      { name: "surface", label: "Surface", type: "select", options: SURFACES },
      { name: "organizationId", label: "Organization", type: "profile", kind: "organization" },
      { name: "category", label: "Category", type: "text" },
      { name: "hotelLink", label: "Hotel booking link", type: "url" },
      { name: "isClosed", label: "Registration is closed", type: "boolean" },
    ],
    check: (v) =>
      typeof v.startDate === "string" && typeof v.endDate === "string" && v.endDate < v.startDate
        ? { field: "endDate", message: "An event cannot end before it starts." }
        : null,
    facts: (p) => {
      const start = str(p.startDate);
      const space = [str(p.spaceName), str(p.location), str(p.surface)].filter(Boolean).join(" · ");
      const costs = [
        num(p.individualCost) === null ? null : formatCost(num(p.individualCost)!, "Participant"),
        num(p.teamCost) === null ? null : formatCost(num(p.teamCost)!, "Team"),
      ].filter((c): c is string => c !== null);
      return facts(
        fact(
          "Dates",
          start
            ? formatEventDates({
                startDate: start,
                endDate: str(p.endDate),
                hasFlexibleDates: p.hasFlexibleDates === true,
              })
            : null,
        ),
        fact("Event type", str(p.type)),
        sportsFact(p),
        fact("Cost", costs.length ? costs.join(" · ") : null),
        fact("Age group", str(p.ageGroup)),
        fact("Level", str(p.eventLevel)),
        fact("Space", space || null),
        fieldFact(FACILITY_TYPES_FIELD, p),
        fact("Registration", p.isClosed === true ? "Closed" : null),
      );
    },
    Icon: EmojiEventsIcon,
    pitch: "A tournament, camp, league or other event you run.",
  }),
};

/** The kinds in the order the create flow offers them. */
export const KIND_ORDER: readonly TProfileKind[] = [
  "event",
  "facility",
  "destination",
  "organization",
  "business",
  "hotel",
  "company",
];

export function kindConfig(kind: TProfileKind): TKindConfig {
  return KIND_CONFIGS[kind];
}

export function isProfileKind(value: string | null | undefined): value is TProfileKind {
  return typeof value === "string" && Object.hasOwn(KIND_CONFIGS, value);
}

/** "a facility", "an event". */
export function withArticle(config: TKindConfig): string {
  const word = config.label.toLowerCase();
  return /^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`;
}

export const reactionWords = (config: TKindConfig) =>
  config.reaction === "likes"
    ? { verb: "Like", done: "Liked", undo: "Unlike", count: "likes", one: "like" }
    : {
        verb: "Follow",
        done: "Following",
        undo: "Unfollow",
        count: "followers",
        one: "follower",
      };
