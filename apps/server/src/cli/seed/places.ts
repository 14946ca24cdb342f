// Where demo listings go: the gazetteer's real US and Canadian cities, and the postal code nearest a
// point (ZIPs and Canadian forward sortation areas from the zipcodes package), within its state.
import { createRequire } from "node:module";
import type * as ZipCodes from "zipcodes";
import { createGazetteer, type TPlace } from "../../platform/geo/gazetteer";
import { stateByCode, stateForFsa } from "../../platform/geo/states";

/**
 * The ZIP (US) or forward sortation area (Canada, "K1A") nearest a point in the given state,
 * or null when the state has none near.
 */
export type TPostalLocator = (lat: number, lng: number, stateCode: string) => string | null;

/** Cities with a population, most populous first. */
export function loadSeedCities(): readonly TPlace[] {
  return createGazetteer()
    .cities()
    .filter((city) => (city.population ?? 0) > 0);
}

type TPostalRow = { code: string; state: string; lat: number; lng: number };

// Cells of a fifth of a degree (about 14 miles of latitude): few codes to compare in a city,
// and rings reach the codes of a rural county.
const CELLS_PER_DEGREE = 5;
const MAX_RINGS = 15;
const cell = (degrees: number) => Math.floor(degrees * CELLS_PER_DEGREE);
// Numbers, not strings, as map keys: this runs a few times per listing.
const cellKey = (latCell: number, lngCell: number) => (latCell + 1000) * 10_000 + lngCell + 5000;

export function createPostalLocator(): TPostalLocator {
  const data = createRequire(import.meta.url)("zipcodes") as typeof ZipCodes;
  const cells = new Map<number, TPostalRow[]>();
  for (const row of Object.values(data.codes)) {
    if (!Number.isFinite(row.latitude) || (row.latitude === 0 && row.longitude === 0)) continue;
    const state =
      row.country === "US"
        ? stateByCode(row.state)
        : row.country === "Canada"
          ? stateForFsa(row.zip)
          : undefined;
    if (!state) continue;
    const entry = { code: row.zip, state: state.code, lat: row.latitude, lng: row.longitude };
    const key = cellKey(cell(entry.lat), cell(entry.lng));
    const list = cells.get(key);
    if (list) list.push(entry);
    else cells.set(key, [entry]);
  }
  return (lat, lng, stateCode) => {
    const baseLat = cell(lat);
    const baseLng = cell(lng);
    const cosLat = Math.cos((lat * Math.PI) / 180);
    let best = null as TPostalRow | null;
    let bestDistance = Number.POSITIVE_INFINITY;
    let found = -1;
    for (let ring = 0; ring <= MAX_RINGS; ring++) {
      for (let dLat = -ring; dLat <= ring; dLat++) {
        for (let dLng = -ring; dLng <= ring; dLng++) {
          if (Math.max(Math.abs(dLat), Math.abs(dLng)) !== ring) continue;
          for (const row of cells.get(cellKey(baseLat + dLat, baseLng + dLng)) ?? []) {
            if (row.state !== stateCode) continue;
            const distance = (row.lat - lat) ** 2 + ((row.lng - lng) * cosLat) ** 2;
            if (distance < bestDistance) {
              best = row;
              bestDistance = distance;
            }
          }
        }
      }
      // One ring past the first hit (a nearer code may sit just across the cell edge), then stop.
      if (best) {
        if (found >= 0) break;
        found = ring;
      }
    }
    return best?.code ?? null;
  };
}
