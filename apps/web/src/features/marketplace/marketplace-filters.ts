// The marketplace filters as URL state: their query codecs, the search body they make for a kind
// (event dates, age group and venues' free window included: the server applies them), and the
// chips that name the active ones.
import type {
  TProfileSearchFilter,
  TProfileSearchSort,
  TSearchNear,
} from "@hostfield/domain/contracts";
import {
  AGE_GROUPS,
  AMENITY_NAMES,
  LOCATION_FILTERS,
  REGIONS,
  SPACE_TYPE_NAMES,
  SPORT_NAMES,
  STATE_NAMES,
  SURFACES,
} from "@hostfield/domain/reference";
import {
  addDays,
  dateCodec,
  enumArrayCodec,
  enumCodec,
  formatEventDateRange,
  numberCodec,
  stringArrayCodec,
  stringCodec,
  type TQueryValues,
} from "@hostfield/domain/rules";
import type { TFilterName, TMarketplaceKind } from "./marketplace-kinds";

// PROFILE_SEARCH_SORTS, SEARCH_MAX_RADIUS_MILES and SEARCH_MAX_FREE_WINDOW_DAYS of the domain
// contracts, restated: the module
// that holds them builds zod schemas at load, which would put zod (23 KB) in every marketplace's
// first load. A test keeps the two in step.
export const SEARCH_SORTS = [
  "relevance",
  "distance",
  "name",
  "newest",
] as const satisfies readonly TProfileSearchSort[];
export const MAX_RADIUS_MILES = 3000;
export const MAX_FREE_WINDOW_DAYS = 366;

export const SORT_LABELS: Record<TProfileSearchSort, string> = {
  relevance: "Best match",
  distance: "Nearest",
  name: "Name (A-Z)",
  newest: "Newest",
};

/** Radius choices in miles; no radius looks nationally (still nearest first). */
export const RADIUS_OPTIONS = [10, 25, 50, 100, 250, 500] as const;
export const DEFAULT_RADIUS = 50;

export const VIEWS = ["list", "map"] as const;
export type TView = (typeof VIEWS)[number];

/** The label a search "near my location" carries in the address. */
export const MY_LOCATION = "My location";

export const MARKETPLACE_QUERY_CODECS = {
  q: stringCodec,
  near: stringCodec,
  lat: numberCodec,
  lng: numberCodec,
  dist: numberCodec,
  sports: enumArrayCodec(SPORT_NAMES),
  types: stringArrayCodec,
  spaceTypes: enumArrayCodec(SPACE_TYPE_NAMES),
  surfaces: enumArrayCodec(SURFACES),
  location: enumCodec(LOCATION_FILTERS),
  amenities: enumArrayCodec(AMENITY_NAMES),
  states: enumArrayCodec(STATE_NAMES),
  regions: enumArrayCodec(REGIONS),
  ageGroup: enumCodec(AGE_GROUPS),
  from: dateCodec,
  to: dateCodec,
  /** Venues free on every day from `freeFrom` to `freeTo` (one of them: that day alone). */
  freeFrom: dateCodec,
  freeTo: dateCodec,
  sort: enumCodec(SEARCH_SORTS),
  view: enumCodec(VIEWS),
};

export type TMarketplaceQuery = TQueryValues<typeof MARKETPLACE_QUERY_CODECS>;

/** The keys that narrow the results (not the view, not the order). */
export const FILTER_KEYS = [
  "q",
  "near",
  "lat",
  "lng",
  "dist",
  "sports",
  "types",
  "spaceTypes",
  "surfaces",
  "location",
  "amenities",
  "states",
  "regions",
  "ageGroup",
  "from",
  "to",
  "freeFrom",
  "freeTo",
] as const satisfies readonly (keyof TMarketplaceQuery)[];

/** A patch that removes every filter (keeps the view and the order). */
export const CLEAR_FILTERS = Object.fromEntries(FILTER_KEYS.map((key) => [key, undefined])) as {
  [K in (typeof FILTER_KEYS)[number]]: undefined;
};

const has = (kind: TMarketplaceKind, filter: TFilterName) => kind.filters.includes(filter);

function validRadius(dist: number | undefined): number | undefined {
  return dist !== undefined && dist > 0 && dist <= MAX_RADIUS_MILES ? dist : undefined;
}

/** Where the search looks, from the address or the coordinates of "my location". */
export function nearOf(query: TMarketplaceQuery): TSearchNear | undefined {
  const dist = validRadius(query.dist);
  const coordinates =
    query.lat !== undefined &&
    query.lng !== undefined &&
    Math.abs(query.lat) <= 90 &&
    Math.abs(query.lng) <= 180;
  if (coordinates) {
    return { lat: query.lat, lng: query.lng, ...(dist ? { dist } : {}) };
  }
  const address = query.near?.trim();
  if (!address || address === MY_LOCATION) return undefined;
  return { address, ...(dist ? { dist } : {}) };
}

/** The place shown in "Looking within ... of {address}". */
export function nearLabel(query: TMarketplaceQuery): string | null {
  const near = nearOf(query);
  if (!near) return null;
  if (near.address) return near.address;
  return query.near?.trim() && query.near !== MY_LOCATION ? query.near.trim() : "your location";
}

/**
 * The window venues must be free in, as the server takes it: one end alone is that one day, ends
 * the wrong way round mean the same days, and a window longer than the server allows keeps its
 * first MAX_FREE_WINDOW_DAYS days. Null when no end is set.
 */
export function freeWindowOf(query: TMarketplaceQuery): { from: string; to: string } | null {
  const first = query.freeFrom ?? query.freeTo;
  const last = query.freeTo ?? query.freeFrom;
  if (!first || !last) return null;
  const [from, to] = first <= last ? [first, last] : [last, first];
  const latest = addDays(from, MAX_FREE_WINDOW_DAYS - 1);
  return { from, to: to < latest ? to : latest };
}

const list = <T>(values: readonly T[] | undefined): T[] | undefined =>
  values && values.length > 0 ? [...values] : undefined;

/** The body of `POST .../search` for this kind: only the filters the kind offers. */
export function toSearchFilter(
  query: TMarketplaceQuery,
  kind: TMarketplaceKind,
): TProfileSearchFilter {
  const filter: TProfileSearchFilter = {};
  const text = query.q?.trim();
  if (text) filter.text = text.slice(0, 200);
  const near = nearOf(query);
  if (near) filter.near = near;
  if (has(kind, "sports")) filter.sports = list(query.sports);
  if (has(kind, "types") && kind.types) {
    const allowed = kind.types.options;
    filter.types = list(query.types?.filter((type) => allowed.includes(type)));
  }
  if (has(kind, "spaceTypes")) filter.spaceTypes = list(query.spaceTypes);
  if (has(kind, "surfaces")) filter.surfaces = list(query.surfaces);
  if (has(kind, "location") && query.location) filter.spaceLocation = query.location;
  if (has(kind, "amenities")) filter.amenities = list(query.amenities);
  if (has(kind, "states")) filter.states = list(query.states);
  if (has(kind, "regions")) filter.regions = list(query.regions);
  if (has(kind, "ageGroup") && query.ageGroup) filter.ageGroups = [query.ageGroup];
  if (has(kind, "dates")) {
    // The server refuses an end before the start; dates typed the other way round mean the same days.
    const [from, to] =
      query.from && query.to && query.from > query.to
        ? [query.to, query.from]
        : [query.from, query.to];
    filter.startDate = from;
    filter.endDate = to;
  }
  const free = has(kind, "available") ? freeWindowOf(query) : null;
  if (free) {
    filter.freeFrom = free.from;
    filter.freeTo = free.to;
  }
  if (query.sort) filter.sort = query.sort;
  // Leave out what is unset, so the body (and the cache key) names only what was chosen.
  for (const key of Object.keys(filter) as (keyof TProfileSearchFilter)[]) {
    if (filter[key] === undefined) delete filter[key];
  }
  return filter;
}

export type TFilterChip = {
  key: string;
  label: string;
  /** The patch that removes this chip's value. */
  remove: Partial<Record<keyof TMarketplaceQuery, unknown>>;
};

/** One chip per active value, in the order of the controls, each with the patch removing it. */
export function activeFilterChips(query: TMarketplaceQuery, kind: TMarketplaceKind): TFilterChip[] {
  const chips: TFilterChip[] = [];
  if (query.q?.trim())
    chips.push({ key: "q", label: `"${query.q.trim()}"`, remove: { q: undefined } });
  const place = nearLabel(query);
  if (place) {
    const dist = validRadius(query.dist);
    chips.push({
      key: "near",
      label: dist ? `Within ${dist} mi of ${place}` : `Near ${place}`,
      remove: { near: undefined, lat: undefined, lng: undefined, dist: undefined },
    });
  }
  const each = (key: keyof TMarketplaceQuery, values: readonly string[] | undefined) => {
    for (const value of values ?? []) {
      chips.push({
        key: `${key}:${value}`,
        label: value,
        remove: { [key]: (values ?? []).filter((v) => v !== value) },
      });
    }
  };
  if (has(kind, "sports")) each("sports", query.sports);
  if (has(kind, "types"))
    each(
      "types",
      query.types?.filter((t) => kind.types?.options.includes(t)),
    );
  if (has(kind, "spaceTypes")) each("spaceTypes", query.spaceTypes);
  if (has(kind, "surfaces")) each("surfaces", query.surfaces);
  if (has(kind, "location") && query.location) {
    chips.push({
      key: "location",
      label: query.location === "Both" ? "Indoor & Outdoor" : query.location,
      remove: { location: undefined },
    });
  }
  if (has(kind, "amenities")) each("amenities", query.amenities);
  if (has(kind, "states")) each("states", query.states);
  if (has(kind, "regions")) each("regions", query.regions);
  if (has(kind, "ageGroup") && query.ageGroup) {
    chips.push({ key: "ageGroup", label: query.ageGroup, remove: { ageGroup: undefined } });
  }
  if (has(kind, "dates") && query.from) {
    chips.push({ key: "from", label: `From ${query.from}`, remove: { from: undefined } });
  }
  if (has(kind, "dates") && query.to) {
    chips.push({ key: "to", label: `Until ${query.to}`, remove: { to: undefined } });
  }
  const free = has(kind, "available") ? freeWindowOf(query) : null;
  if (free) {
    chips.push({
      key: "free",
      label: `Available ${formatEventDateRange(free.from, free.to)}`,
      remove: { freeFrom: undefined, freeTo: undefined },
    });
  }
  return chips;
}

/** Whether any filter is set: without one, the page opens with the states and sport categories. */
export function hasActiveFilters(query: TMarketplaceQuery, kind: TMarketplaceKind): boolean {
  return activeFilterChips(query, kind).length > 0;
}
