// Profile search (`POST /{kind}/search`, `search/stats`): turns the API filter into criteria (the
// place, the radius, regions as states, the sort) and shapes what the repository finds.
import type { TProfileSearchFilter, TProfileSearchStats } from "@hostfield/domain/contracts";
import { STATES, type TAgeGroup } from "@hostfield/domain/reference";
import type { TDb } from "../../platform/db/database";
import { AppError } from "../../platform/http/errors";
import type { TKindDescriptor } from "../descriptor";
import {
  MIN_TRIGRAM_TEXT,
  type TFreeInWindow,
  type TSearchCriteria,
  type TSearchOrder,
} from "./filter";
import {
  anyMatch,
  countFacets,
  findProfilePage,
  type TFacetName,
  type TSearchRow,
} from "./repository";

export type { TSearchRow } from "./repository";

/** Resolves a place name to a point and a label (the gazetteer's resolve, in the app). */
export type TGeocode = (address: string) => { lat: number; lng: number; label: string } | null;

/** The search centre as applied: the point, how it is named, and the radius in miles (null: national). */
export type TSearchNearResult = { lat: number; lng: number; label: string; dist: number | null };

export type TSearchProfilesInput = {
  kind: TKindDescriptor;
  filter: TProfileSearchFilter;
  window: { limit: number; offset: number };
  /** YYYY-MM-DD (UTC): profiles boosted on this day may lead the best match (sponsored). */
  today: string;
  geocode: TGeocode;
  /** Kinds with a category field: just those of this one (the Marketed events marketplace). */
  category?: string;
  /** What a free window (`freeFrom`, `freeTo`) asks of a venue's calendar; needed for one. */
  freeInWindow?: TFreeInWindow;
  /** How far past the page's start matches are counted (the repository's cap unless a test says). */
  countCap?: number;
};

export type TSearchProfilesResult = {
  rows: TSearchRow[];
  count: number;
  /** `count` is a lower bound (see SEARCH_COUNT_CAP). */
  capped: boolean;
  near: TSearchNearResult | null;
};

export type TSearchStatsInput = Omit<TSearchProfilesInput, "window">;

export const PLACE_NOT_FOUND = "PLACE_NOT_FOUND";

/**
 * Where the search is centred. Given coordinates win over an address (they are what a picked
 * suggestion or the browser's location sends), the address then only labels them.
 */
export function resolveNear(
  near: TProfileSearchFilter["near"],
  geocode: TGeocode,
): TSearchNearResult | null {
  if (!near) return null;
  const dist = near.dist ?? null;
  if (near.lat !== undefined && near.lng !== undefined) {
    const label = near.address ?? `${near.lat.toFixed(4)}, ${near.lng.toFixed(4)}`;
    return { lat: near.lat, lng: near.lng, label, dist };
  }
  const address = near.address ?? "";
  const place = address ? geocode(address) : null;
  if (!place) {
    throw new AppError(PLACE_NOT_FOUND, 400, `No place called "${address}" was found.`);
  }
  return { lat: place.lat, lng: place.lng, label: place.label, dist };
}

/**
 * The state names both `states` and `regions` allow (each filter narrows, so they intersect);
 * undefined when neither is given.
 */
export function stateNamesOf(filter: TProfileSearchFilter): string[] | undefined {
  const named = filter.states?.length ? new Set<string>(filter.states) : undefined;
  const regions = filter.regions?.length ? new Set<string>(filter.regions) : undefined;
  if (!named && !regions) return undefined;
  return STATES.filter(
    (s) => (!named || named.has(s.name)) && (!regions || regions.has(s.region)),
  ).map((s) => s.name);
}

const COMBINED_AGE_GROUP: TAgeGroup = "Youth & High School";
const COMBINED_PARTS: readonly TAgeGroup[] = ["Youth", "High School"];

/**
 * The stored age groups that answer a search for `wanted` (any of them): each group itself, "All
 * Ages" (open to every group), and "Youth & High School" for either of its parts and either part
 * for it. "All Ages" wanted finds only events open to all ages. Undefined when no group is wanted.
 */
export function ageGroupsMatching(
  wanted: readonly TAgeGroup[] | undefined,
): TAgeGroup[] | undefined {
  if (!wanted?.length) return undefined;
  const groups = new Set<TAgeGroup>();
  for (const group of wanted) {
    groups.add(group);
    if (group === "All Ages") continue;
    groups.add("All Ages");
    if (COMBINED_PARTS.includes(group)) groups.add(COMBINED_AGE_GROUP);
    if (group === COMBINED_AGE_GROUP) for (const part of COMBINED_PARTS) groups.add(part);
  }
  return [...groups];
}

/** The free window as criteria: the availability module's condition over both dates. */
function freeOf(
  filter: TProfileSearchFilter,
  condition: TFreeInWindow | undefined,
): TSearchCriteria["free"] {
  if (!filter.freeFrom || !filter.freeTo) return undefined;
  if (!condition) throw new Error("A free window was asked of a search without calendars.");
  return { from: filter.freeFrom, to: filter.freeTo, condition };
}

function criteriaOf(
  kind: TKindDescriptor,
  filter: TProfileSearchFilter,
  near: TSearchNearResult | null,
): TSearchCriteria {
  const text = filter.text?.trim();
  // "Both" allows either location, i.e. it does not constrain the space.
  const location = filter.spaceLocation === "Both" ? undefined : filter.spaceLocation;
  return {
    kind,
    text: text ? { value: text, fuzzy: false } : undefined,
    point: near ? { lat: near.lat, lng: near.lng } : undefined,
    radiusMiles: near?.dist ?? undefined,
    sports: filter.sports,
    amenities: filter.amenities,
    // Spaces are what kinds with space types offer (facilities); others have no such filter.
    space: kind.children.includes("spaceTypes")
      ? { names: filter.spaceTypes, surfaces: filter.surfaces, location }
      : undefined,
    types: filter.types,
    stateNames: stateNamesOf(filter),
    tiers: filter.tiers,
    bounds: filter.bounds,
    // Dates and age groups apply where the kind has such fields (events).
    dates: { from: filter.startDate, to: filter.endDate },
    ageGroups: ageGroupsMatching(filter.ageGroups),
  };
}

/**
 * A text's words match unless no listing of the search has them all: then the name's trigrams do
 * (a typo: "Alpah Arena" finds Alpha Arena). One question of the search (LIMIT 1) decides it, for
 * every page alike. Texts too short for trigrams keep their words.
 */
async function withTextMatch(db: TDb, criteria: TSearchCriteria): Promise<TSearchCriteria> {
  const text = criteria.text;
  if (!text || text.value.length < MIN_TRIGRAM_TEXT || (await anyMatch(db, criteria)))
    return criteria;
  return { ...criteria, text: { ...text, fuzzy: true } };
}

/**
 * relevance: a text's match (its words in the name first), else nearness, else popularity;
 * distance needs a point.
 */
function orderOf(filter: TProfileSearchFilter, criteria: TSearchCriteria): TSearchOrder {
  switch (filter.sort ?? "relevance") {
    case "relevance":
      if (criteria.text) return "text";
      return criteria.point ? "distance" : "likes";
    case "distance":
      return criteria.point ? "distance" : "name";
    case "name":
      return "name";
    case "newest":
      return "newest";
  }
}

export async function searchProfiles(
  db: TDb,
  input: TSearchProfilesInput,
): Promise<TSearchProfilesResult> {
  const near = resolveNear(input.filter.near, input.geocode);
  const criteria = await withTextMatch(db, {
    ...criteriaOf(input.kind, input.filter, near),
    category: input.category,
    free: freeOf(input.filter, input.freeInWindow),
  });
  const page = await findProfilePage(db, criteria, {
    order: orderOf(input.filter, criteria),
    // Boosts buy a place at the head of the best match (SPONSORED_PER_PAGE of them), not a place
    // out of an order asked for.
    sponsoredLead: (input.filter.sort ?? "relevance") === "relevance",
    today: input.today,
    window: input.window,
    countCap: input.countCap,
  });
  return { ...page, near };
}

const byCountThenValue = (a: { value: string; count: number }, b: typeof a) =>
  b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);

/** Facet counts over every match (not only a page), each facet most common value first. */
export async function searchProfileStats(
  db: TDb,
  input: TSearchStatsInput,
): Promise<TProfileSearchStats> {
  const near = resolveNear(input.filter.near, input.geocode);
  const { count, facets } = await countFacets(
    db,
    await withTextMatch(db, {
      ...criteriaOf(input.kind, input.filter, near),
      category: input.category,
      free: freeOf(input.filter, input.freeInWindow),
    }),
  );
  const stats: TProfileSearchStats = {
    count,
    sports: [],
    states: [],
    types: [],
    amenities: [],
    tiers: [],
  };
  for (const { facet, value, n } of facets)
    stats[facet satisfies TFacetName].push({ value, count: n });
  for (const key of ["sports", "states", "types", "amenities", "tiers"] as const) {
    stats[key].sort(byCountThenValue);
  }
  return stats;
}
