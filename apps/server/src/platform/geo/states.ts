// Maps the data packages' region codes onto the domain package's STATES, the one list of states and provinces.

import { STATES, type TStateEntry } from "@hostfield/domain/reference";
import { normalizeName } from "./normalize";

const byCode = new Map<string, TStateEntry>(STATES.map((s) => [s.code, s]));

/** Codes ("in") and names ("indiana", "quebec") keyed by their normalized form. */
const byKey = new Map<string, TStateEntry>([
  ...STATES.map((s) => [normalizeName(s.name), s] as const),
  ...STATES.map((s) => [s.code.toLowerCase(), s] as const),
]);

/** Longest state name in words ("newfoundland and labrador"), bounding the suffix search. */
export const MAX_STATE_WORDS = Math.max(...[...byKey.keys()].map((k) => k.split(" ").length));

export function stateByCode(code: string): TStateEntry | undefined {
  return byCode.get(code);
}

/** A normalized name or code, e.g. "indiana" or "in". */
export function stateByKey(key: string): TStateEntry | undefined {
  return byKey.get(key);
}

// GeoNames numbers Canada's first-level divisions; 12-14 (Yukon, Northwest Territories,
// Nunavut) are not in STATES and are left out.
const GEONAMES_CANADA: Readonly<Record<string, string>> = {
  "01": "AB",
  "02": "BC",
  "03": "MB",
  "04": "NB",
  "05": "NL",
  "07": "NS",
  "08": "ON",
  "09": "PE",
  "10": "QC",
  "11": "SK",
};

/** The state for a GeoNames country + admin1 code (US admin1 codes are already postal codes). */
export function stateForGeoNames(country: string, adminCode: string): TStateEntry | undefined {
  if (country === "US") return byCode.get(adminCode);
  if (country === "CA") return byCode.get(GEONAMES_CANADA[adminCode] ?? "");
  // GeoNames files Puerto Rico and the US Virgin Islands as countries; STATES lists them as states.
  if (country === "PR" || country === "VI") return byCode.get(country);
  return undefined;
}

// The first letter of a Canadian postal code names the province (Canada Post's fixed allocation);
// the postal data's own province column holds county and town names for some rows.
const FSA_PROVINCE: Readonly<Record<string, string>> = {
  A: "NL",
  B: "NS",
  C: "PE",
  E: "NB",
  G: "QC",
  H: "QC",
  J: "QC",
  K: "ON",
  L: "ON",
  M: "ON",
  N: "ON",
  P: "ON",
  R: "MB",
  S: "SK",
  T: "AB",
  V: "BC",
};

/** The province of a forward sortation area ("K1A"); undefined for X and Y (the territories). */
export function stateForFsa(fsa: string): TStateEntry | undefined {
  return byCode.get(FSA_PROVINCE[fsa.charAt(0)] ?? "");
}
