// Offline place-name and postal-code lookup for the US and Canada: geocoding, "near" autocomplete and labels.

import { byPopulation, loadCities } from "./city-data";
import { distanceMiles, EARTH_RADIUS_MILES } from "./distance";
import { normalizeName } from "./normalize";
import { makePlace, type TPlace, type TPlaceCountry } from "./place";
import { lookupFsa, lookupTown, lookupZip, type TPostalHit } from "./postal-data";
import { MAX_STATE_WORDS, stateByCode, stateByKey } from "./states";

export { formatPlace, type TPlace, type TPlaceCountry } from "./place";

export const MAX_QUERY_LENGTH = 200;
export const DEFAULT_SUGGESTIONS = 10;
export const MAX_SUGGESTIONS = 25;
/** Beyond this a "near X" label would mislead (abroad, or in the territories, which are not listed). */
export const NEAREST_MAX_MILES = 100;

export type TCitiesOptions = { country?: TPlaceCountry; minPopulation?: number };

export type TGazetteer = {
  /**
   * "Indianapolis, IN", "indianapolis indiana", "46204", "46204-1234", "K1A 0B1", "K1A", or a bare
   * name. A bare name that several places share resolves to the most populous of them, because
   * that is the one most people typing it mean ("Springfield" → Springfield, MO); adding the state
   * picks another. Null when nothing matches, never throws.
   */
  resolve(query: string): TPlace | null;
  /** Places whose name starts with the prefix, most populous first; "Springfield, I" narrows by state. */
  suggest(prefix: string, limit?: number): TPlace[];
  /**
   * The city a point is in, judged by distance and each city's size (see placeAt), else the
   * closest; null beyond NEAREST_MAX_MILES or for invalid coordinates.
   */
  nearest(lat: number, lng: number): TPlace | null;
  /** Population descending, then name. */
  cities(options?: TCitiesOptions): readonly TPlace[];
};

type TKeyed = { readonly key: string; readonly place: TPlace };

type TIndex = {
  readonly all: readonly TPlace[];
  /** reachMiles() of each place in `all`, and the largest of them. */
  readonly reach: Float64Array;
  readonly maxReach: number;
  /** Indexes into `all` ordered by latitude, and those latitudes, for placeAt(). */
  readonly latOrder: Uint32Array;
  readonly latSorted: Float64Array;
  /** Normalized name → places, most populous first. */
  readonly byName: ReadonlyMap<string, readonly TPlace[]>;
  /** Every (key, place) sorted by key, for prefix ranges. */
  readonly sorted: readonly TKeyed[];
};

let cached: TIndex | undefined;

function buildIndex(): TIndex {
  const { entries } = loadCities();
  const byName = new Map<string, TPlace[]>();
  const sorted: TKeyed[] = [];
  for (const { place, keys } of entries) {
    for (const key of keys) {
      const list = byName.get(key);
      if (list) list.push(place);
      else byName.set(key, [place]);
      sorted.push({ key, place });
    }
  }
  sorted.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : byPopulation(a.place, b.place)));
  const all = Object.freeze(entries.map((e) => e.place));
  const reach = Float64Array.from(all, (p) => reachMiles(p.population));
  const latOrder = Uint32Array.from(all.keys()).sort((a, b) => all[a]!.lat - all[b]!.lat);
  const latSorted = Float64Array.from(latOrder, (i) => all[i]!.lat);
  return { all, reach, maxReach: Math.max(...reach), latOrder, latSorted, byName, sorted };
}

/** Built on first use and shared by every gazetteer: a few tenths of a second, once per process. */
function index(): TIndex {
  cached ??= buildIndex();
  return cached;
}

// Countries a query may end with; ", CA" is left alone, as it means California.
const COUNTRY_SUFFIXES: ReadonlyArray<readonly [string, TPlaceCountry]> = [
  ["united states of america", "US"],
  ["united states", "US"],
  ["usa", "US"],
  ["us", "US"],
  ["canada", "CA"],
];

const ZIP = /(?:^| )(\d{5})(?: ?\d{4})?$/;
const FSA = /(?:^| )([a-z]\d[a-z])(?: ?\d[a-z]\d)?$/;

type TQuery = { segments: string[]; country?: TPlaceCountry };

/** Splits on commas, normalizes each part and takes off a trailing country. */
function parseQuery(query: string): TQuery {
  const segments = query.split(",").map(normalizeName).filter(Boolean);
  const last = segments.at(-1);
  if (last === undefined) return { segments };
  for (const [suffix, country] of COUNTRY_SUFFIXES) {
    if (last === suffix && segments.length > 1) {
      return { segments: segments.slice(0, -1), country };
    }
    // Without a comma only the unambiguous spellings count: "toronto on canada", not "... us".
    if (suffix !== "us" && last.endsWith(` ${suffix}`)) {
      segments[segments.length - 1] = last.slice(0, -suffix.length - 1);
      return { segments, country };
    }
  }
  return { segments };
}

function postalPlace(hit: TPostalHit, idx: TIndex): TPlace | null {
  let name = hit.town;
  if (hit.town) {
    // Prefer the city list's spelling ("St. Louis") to the postal service's ("Saint Louis").
    const city = idx.byName.get(normalizeName(hit.town))?.find((p) => p.state === hit.state);
    if (city) name = city.name;
  } else {
    // Canadian prefixes name districts ("Plateau Mont-royal Southeast"); label by the nearest city.
    const accept = (p: TPlace) => p.state === hit.state;
    name = placeAt(idx, hit.lat, hit.lng, Number.POSITIVE_INFINITY, accept)?.place.name;
  }
  if (!name) return null;
  const { postalCode, state, country, lat, lng } = hit;
  return makePlace({ name, state, country, lat, lng, postalCode });
}

/** Takes a postal code off the end of the last segment: the place, or what text is left. */
function resolvePostal(q: TQuery, idx: TIndex): TPlace | null | undefined {
  const last = q.segments.at(-1) ?? "";
  const zip = ZIP.exec(last);
  const fsa = zip ? null : FSA.exec(last);
  const match = zip ?? fsa;
  if (!match) return undefined;
  const code = match[1]!;
  const hit = zip ? lookupZip(code) : lookupFsa(code.toUpperCase());
  if (hit && (!q.country || q.country === hit.country)) return postalPlace(hit, idx);
  // An unknown code after a city name ("Indianapolis, IN 00000") still leaves the city.
  const rest = last.slice(0, match.index).trim();
  q.segments = rest ? [...q.segments.slice(0, -1), rest] : q.segments.slice(0, -1);
  return q.segments.length ? undefined : null;
}

function inState(name: string, stateCode: string, idx: TIndex): TPlace | undefined {
  return idx.byName.get(name)?.find((p) => p.state === stateCode);
}

function townInState(name: string, stateCode: string): TPlace | undefined {
  const state = stateByCode(stateCode);
  if (!name || state?.country !== "US") return undefined;
  const town = lookupTown(name, state.code);
  return town && makePlace({ ...town, state: state.code, country: "US" });
}

function mostPopulous(name: string, country: TPlaceCountry | undefined, idx: TIndex) {
  return idx.byName.get(name)?.find((p) => !country || p.country === country);
}

function resolveName(q: TQuery, idx: TIndex): TPlace | null {
  const { segments, country } = q;
  const allowed = (p: TPlace | undefined) => (p && (!country || p.country === country) ? p : null);

  // "Indianapolis, IN" or "123 Main St, Indianapolis, Indiana": the state is explicit, so a miss
  // is a miss rather than a guess in another state.
  const explicit = segments.length > 1 ? stateByKey(segments.at(-1)!) : undefined;
  if (explicit) {
    const names = segments.slice(0, -1).reverse();
    for (const name of names) {
      const hit = inState(name, explicit.code, idx);
      if (hit) return allowed(hit);
    }
    return allowed(townInState(names[0]!, explicit.code));
  }

  // "indianapolis in", "toronto ontario": a trailing state without a comma.
  const text = segments.at(-1)!;
  const words = text.split(" ");
  const splits: { name: string; stateCode: string }[] = [];
  for (let k = 1; k <= Math.min(MAX_STATE_WORDS, words.length - 1); k++) {
    const state = stateByKey(words.slice(-k).join(" "));
    if (state) splits.push({ name: words.slice(0, -k).join(" "), stateCode: state.code });
  }
  for (const { name, stateCode } of splits) {
    const hit = allowed(inState(name, stateCode, idx));
    if (hit) return hit;
  }

  const bare = mostPopulous(text, country, idx);
  if (bare) return bare;

  // Small US towns are only in the postal data, and only found with their state.
  for (const { name, stateCode } of splits) {
    const hit = allowed(townInState(name, stateCode));
    if (hit) return hit;
  }
  return null;
}

// People per square mile of a typical US or Canadian city, to turn a population into a radius.
const URBAN_DENSITY = 3000;

/** The radius, in miles, of a round city of this population at URBAN_DENSITY (at least a mile). */
function reachMiles(population: number | undefined): number {
  return Math.max(1, Math.sqrt((population ?? 0) / (Math.PI * URBAN_DENSITY)));
}

/** No two points a degree of latitude apart are closer than this. */
const MILES_PER_DEGREE_LAT = (Math.PI / 180) * EARTH_RADIUS_MILES;

type TNearby = { readonly place: TPlace; readonly miles: number };

/**
 * The place a point is in, else the closest. Plain nearest-centre labels Times Square
 * "Weehawken, NJ" and downtown Toronto "East York, ON", because a big city's centre point can be
 * miles from a given street while a small neighbour's is close. So places whose estimated radius
 * covers the point come first, the one the point is deepest inside (distance / radius) winning.
 * Places are scanned outward in latitude from the point and the scan stops once no place further
 * out could be nearer than the best so far or cover the point.
 */
function placeAt(
  idx: TIndex,
  lat: number,
  lng: number,
  maxMiles: number,
  accept: (place: TPlace) => boolean = () => true,
): TNearby | undefined {
  const { all, reach, latOrder, latSorted, maxReach } = idx;
  const here = { lat, lng };
  let nearest: TNearby | undefined;
  let inside: TNearby | undefined;
  let insideDepth = Number.POSITIVE_INFINITY;
  let below = lowerBoundNumber(latSorted, lat) - 1;
  let above = below + 1;
  while (below >= 0 || above < latSorted.length) {
    const belowDegrees = below >= 0 ? lat - latSorted[below]! : Number.POSITIVE_INFINITY;
    const aboveDegrees =
      above < latSorted.length ? latSorted[above]! - lat : Number.POSITIVE_INFINITY;
    const degrees = Math.min(belowDegrees, aboveDegrees);
    const bound = Math.min(maxMiles, Math.max(nearest?.miles ?? maxMiles, maxReach));
    if (degrees * MILES_PER_DEGREE_LAT > bound) break;
    const i = belowDegrees <= aboveDegrees ? latOrder[below--]! : latOrder[above++]!;
    const place = all[i]!;
    if (!accept(place)) continue;
    const miles = distanceMiles(here, place);
    if (!nearest || miles < nearest.miles) nearest = { place, miles };
    const depth = miles / reach[i]!;
    if (depth <= 1 && depth < insideDepth) {
      inside = { place, miles };
      insideDepth = depth;
    }
  }
  const found = inside ?? nearest;
  return found && found.miles <= maxMiles ? found : undefined;
}

function lowerBoundNumber(sorted: Float64Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index whose key is >= prefix. */
function lowerBound(sorted: readonly TKeyed[], prefix: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]!.key < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function clampLimit(limit: number): number {
  if (!Number.isFinite(limit)) return DEFAULT_SUGGESTIONS;
  return Math.max(0, Math.min(MAX_SUGGESTIONS, Math.floor(limit)));
}

export function createGazetteer(): TGazetteer {
  return {
    resolve(query) {
      if (typeof query !== "string" || query.length > MAX_QUERY_LENGTH) return null;
      const q = parseQuery(query);
      if (!q.segments.length) return null;
      const idx = index();
      const postal = resolvePostal(q, idx);
      if (postal !== undefined) return postal;
      return resolveName(q, idx);
    },

    suggest(prefix, limit = DEFAULT_SUGGESTIONS) {
      if (typeof prefix !== "string" || prefix.length > MAX_QUERY_LENGTH) return [];
      const max = clampLimit(limit);
      const comma = prefix.lastIndexOf(",");
      const name = normalizeName(comma < 0 ? prefix : prefix.slice(0, comma));
      const statePrefix = comma < 0 ? "" : normalizeName(prefix.slice(comma + 1));
      if (!name || max === 0) return [];
      const { sorted } = index();
      const top: TPlace[] = [];
      for (let i = lowerBound(sorted, name); i < sorted.length; i++) {
        const { key, place } = sorted[i]!;
        if (!key.startsWith(name)) break;
        if (statePrefix && !matchesState(place, statePrefix)) continue;
        if (top.includes(place)) continue;
        // Keep the best `max` seen so far; ranges for one letter run to a few thousand places.
        if (top.length === max && byPopulation(place, top[max - 1]!) >= 0) continue;
        let at = top.length === max ? max - 1 : top.length;
        while (at > 0 && byPopulation(place, top[at - 1]!) < 0) at--;
        top.splice(at, 0, place);
        if (top.length > max) top.pop();
      }
      return top;
    },

    nearest(lat, lng) {
      if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
      if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
      return placeAt(index(), lat, lng, NEAREST_MAX_MILES)?.place ?? null;
    },

    cities(options = {}) {
      const { all } = index();
      const { country, minPopulation } = options;
      if (!country && !minPopulation) return all;
      return all.filter(
        (p) => (!country || p.country === country) && (p.population ?? 0) >= (minPopulation ?? 0),
      );
    },
  };
}

/** "i" or "in" matches Indiana by code, "ind" by name. */
function matchesState(place: TPlace, statePrefix: string): boolean {
  if (place.state.toLowerCase().startsWith(statePrefix)) return true;
  const state = stateByCode(place.state);
  return !!state && normalizeName(state.name).startsWith(statePrefix);
}
