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
/** One cell's codes of one state, sorted by latitude; `made` is each one's place in the file. */
type TPostalCell = { lats: Float64Array; lngs: Float64Array; codes: string[]; made: Int32Array };

// Cells of a fifth of a degree (about 14 miles of latitude): few codes to compare in a city,
// and rings reach the codes of a rural county.
const CELLS_PER_DEGREE = 5;
const MAX_RINGS = 15;
const cell = (degrees: number) => Math.floor(degrees * CELLS_PER_DEGREE);
// Numbers, not strings, as map keys: this runs a few times per listing.
const cellKey = (latCell: number, lngCell: number) => (latCell + 1000) * 10_000 + lngCell + 5000;

export function createPostalLocator(): TPostalLocator {
  const data = createRequire(import.meta.url)("zipcodes") as typeof ZipCodes;
  // Each state's codes in their own cells: a point only ever takes a code of its own state, and a
  // border city's cells are full of the neighbour's.
  const rowsByState = new Map<string, Map<number, TPostalRow[]>>();
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
    let cells = rowsByState.get(entry.state);
    if (!cells) {
      cells = new Map();
      rowsByState.set(entry.state, cells);
    }
    const list = cells.get(key);
    if (list) list.push(entry);
    else cells.set(key, [entry]);
  }
  // A city's cell holds hundreds of codes; sorted by latitude, a lookup reads outwards from its
  // own latitude and stops where the latitude alone is further than the nearest code so far.
  const cellsByState = new Map<string, Map<number, TPostalCell>>();
  for (const [state, cells] of rowsByState) {
    const sorted = new Map<number, TPostalCell>();
    for (const [key, list] of cells) {
      const byLat = list.map((_, i) => i).sort((a, b) => list[a]!.lat - list[b]!.lat);
      sorted.set(key, {
        lats: Float64Array.from(byLat, (i) => list[i]!.lat),
        lngs: Float64Array.from(byLat, (i) => list[i]!.lng),
        codes: byLat.map((i) => list[i]!.code),
        made: Int32Array.from(byLat),
      });
    }
    cellsByState.set(state, sorted);
  }
  return (lat, lng, stateCode) => {
    const cells = cellsByState.get(stateCode);
    if (!cells) return null;
    const baseLat = cell(lat);
    const baseLng = cell(lng);
    const cosLat = Math.cos((lat * Math.PI) / 180);
    let best: string | null = null;
    let bestDistance = Number.POSITIVE_INFINITY;
    // Of codes equally near, the first in the walk (ring, row, cell, then the file's order).
    let bestPlace = Number.POSITIVE_INFINITY;
    let place = 0;
    let found = -1;
    for (let ring = 0; ring <= MAX_RINGS; ring++) {
      for (let dLat = -ring; dLat <= ring; dLat++) {
        // The ring's edge: whole rows at its top and bottom, the two ends of the rows between.
        const step = Math.abs(dLat) === ring ? 1 : Math.max(1, 2 * ring);
        for (let dLng = -ring; dLng <= ring; dLng += step) {
          const here = cells.get(cellKey(baseLat + dLat, baseLng + dLng));
          place += 1_000_000;
          if (!here) continue;
          const { lats, lngs, codes, made } = here;
          let lo = 0;
          let hi = lats.length;
          while (lo < hi) {
            const mid = (lo + hi) >>> 1;
            if (lats[mid]! < lat) lo = mid + 1;
            else hi = mid;
          }
          // North from the point's latitude, then south.
          for (let i = lo, way = 1; ; i += way) {
            if (i >= lats.length) {
              way = -1;
              i = lo - 1;
            }
            if (i < 0) break;
            const latPart = (lats[i]! - lat) ** 2;
            if (latPart > bestDistance) {
              if (way < 0) break;
              way = -1;
              i = lo;
              continue;
            }
            const distance = latPart + ((lngs[i]! - lng) * cosLat) ** 2;
            if (
              distance < bestDistance ||
              (distance === bestDistance && place + made[i]! < bestPlace)
            ) {
              best = codes[i]!;
              bestDistance = distance;
              bestPlace = place + made[i]!;
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
    return best;
  };
}
