// ZIP code and Canadian postal-prefix coordinates from the zipcodes package, loaded on first use.

import { createRequire } from "node:module";
import type * as ZipCodes from "zipcodes";
import { normalizeName } from "./normalize";
import { stateByCode, stateForFsa } from "./states";

export type TPostalHit = {
  /** The 5-digit ZIP or the 3-character forward sortation area. */
  readonly postalCode: string;
  readonly state: string;
  readonly country: "US" | "CA";
  readonly lat: number;
  readonly lng: number;
  /** The town the US Postal Service files the ZIP under; Canadian rows name districts, not towns. */
  readonly town?: string;
};

type TZipCodes = typeof ZipCodes;

// The package is a 5 MB JavaScript object literal (about 0.3 s and 70 MB while parsing), so it is
// not loaded until somebody asks for a postal code.
let zipcodes: TZipCodes | undefined;
function data(): TZipCodes {
  zipcodes ??= createRequire(import.meta.url)("zipcodes") as TZipCodes;
  return zipcodes;
}

function usable(row: ZipCodes.ZipCode | undefined): row is ZipCodes.ZipCode {
  // Military (APO/FPO) rows are filed at 0,0.
  return !!row && Number.isFinite(row.latitude) && !(row.latitude === 0 && row.longitude === 0);
}

/** A US ZIP ("46204"), or undefined when unknown or outside STATES (military, Guam, ...). */
export function lookupZip(zip: string): TPostalHit | undefined {
  const row = data().codes[zip];
  if (!usable(row) || row.country !== "US") return undefined;
  const state = stateByCode(row.state);
  if (!state) return undefined;
  return {
    postalCode: zip,
    state: state.code,
    country: "US",
    lat: row.latitude,
    lng: row.longitude,
    town: row.city,
  };
}

/** A Canadian forward sortation area ("K1A"), or undefined when unknown or in the territories. */
export function lookupFsa(fsa: string): TPostalHit | undefined {
  const row = data().codes[fsa];
  if (!usable(row) || row.country !== "Canada") return undefined;
  const state = stateForFsa(fsa);
  if (!state) return undefined;
  return {
    postalCode: fsa,
    state: state.code,
    country: "CA",
    lat: row.latitude,
    lng: row.longitude,
  };
}

type TTown = { readonly name: string; readonly lat: number; readonly lng: number };
let towns: Map<string, TTown> | undefined;

/**
 * US towns too small for the city list (under 1,000 people) still have a ZIP; a town with several
 * ZIPs is placed at their average.
 */
export function lookupTown(normalizedName: string, stateCode: string): TTown | undefined {
  if (!towns) {
    const sums = new Map<string, { name: string; lat: number; lng: number; n: number }>();
    for (const row of Object.values(data().codes)) {
      if (row.country !== "US" || !usable(row)) continue;
      const key = `${normalizeName(row.city)}|${row.state}`;
      const sum = sums.get(key) ?? { name: row.city, lat: 0, lng: 0, n: 0 };
      sum.lat += row.latitude;
      sum.lng += row.longitude;
      sum.n += 1;
      sums.set(key, sum);
    }
    towns = new Map(
      [...sums].map(([key, s]) => [key, { name: s.name, lat: s.lat / s.n, lng: s.lng / s.n }]),
    );
  }
  return towns.get(`${normalizedName}|${stateCode}`);
}
