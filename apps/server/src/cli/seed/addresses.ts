// Where a demo listing is: its state, a point near its city, a street and a postal code.
import { STATES } from "@hostfield/domain/reference";
import type { TPlace } from "../../platform/geo/place";
import type { TPostalLocator } from "./places";
import type { TRandom } from "./random";
import {
  FRENCH_STREET_NAMES,
  FRENCH_STREET_TYPES,
  STREET_NAMES,
  STREET_SUFFIXES,
} from "./vocabulary";

export type TPoint = { lat: number; lng: number };

const STATE_BY_CODE = new Map<string, (typeof STATES)[number]>(STATES.map((s) => [s.code, s]));
const CA_LETTERS = "ABCEGHJKLMNPRSTVWXYZ";

export const stateOf = (city: TPlace) => STATE_BY_CODE.get(city.state)!;

/** 1st, 2nd, 3rd, 4th, 11th, 21st */
function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  return `${n}${teen ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th")}`;
}

/** A point a few miles from the city centre, further for larger cities. */
export function pointNear(r: TRandom, city: TPlace, maxMiles?: number): TPoint {
  const reach = Math.sqrt((city.population ?? 1000) / (Math.PI * 3000));
  const radius = maxMiles ?? Math.min(8, 1.5 + reach);
  const miles = radius * Math.sqrt(r.next());
  const bearing = r.next() * 2 * Math.PI;
  const lat = city.lat + (miles / 69.05) * Math.cos(bearing);
  const lng =
    city.lng + (miles / (69.17 * Math.cos((city.lat * Math.PI) / 180))) * Math.sin(bearing);
  return { lat: Math.round(lat * 1e6) / 1e6, lng: Math.round(lng * 1e6) / 1e6 };
}

export function street(r: TRandom, city: TPlace): string {
  const number = r.chance(0.7) ? r.int(100, 9999) : r.int(10, 24999);
  if (city.state === "QC") {
    return `${number} ${r.pick(FRENCH_STREET_TYPES)} ${r.pick(FRENCH_STREET_NAMES)}`;
  }
  const direction = r.chance(0.2) ? `${r.pick(["N", "S", "E", "W"])} ` : "";
  if (r.chance(0.2))
    return `${number} ${direction}${ordinal(r.int(1, 60))} ${r.pick(["St", "Ave"])}`;
  return `${number} ${direction}${r.pick(STREET_NAMES)} ${r.pick(STREET_SUFFIXES)}`;
}

export function postalCode(
  postal: TPostalLocator,
  r: TRandom,
  city: TPlace,
  point: TPoint,
): string | null {
  const code = postal(point.lat, point.lng, city.state);
  if (!code || city.country !== "CA") return code;
  // The local delivery unit: digit, letter, digit (Canada Post skips D, F, I, O, Q and U).
  return `${code} ${r.int(0, 9)}${r.pick([...CA_LETTERS])}${r.int(0, 9)}`;
}
