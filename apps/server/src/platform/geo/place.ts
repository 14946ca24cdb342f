// The shape of a resolved place, shared by the gazetteer and its data loaders.

export type TPlaceCountry = "US" | "CA";

export type TPlace = {
  readonly name: string;
  /** Two-letter state or province code, always one of the domain package's STATES. */
  readonly state: string;
  readonly country: TPlaceCountry;
  readonly lat: number;
  readonly lng: number;
  /** Absent for places resolved from postal data, which carries no population. */
  readonly population?: number;
  /** The 5-digit ZIP or 3-character Canadian prefix the place was resolved from, if any. */
  readonly postalCode?: string;
  /** "Indianapolis, IN" */
  readonly label: string;
};

export function formatPlace(place: { readonly name: string; readonly state: string }): string {
  return `${place.name}, ${place.state}`;
}

export function makePlace(fields: Omit<TPlace, "label">): TPlace {
  return Object.freeze({ ...fields, label: formatPlace(fields) });
}
