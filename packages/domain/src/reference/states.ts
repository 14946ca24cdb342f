// US states and territories and Canadian provinces, each placed in one marketing region.

export const REGIONS = [
  "Northeast",
  "Southeast",
  "Midwest",
  "Northwest",
  "Southwest",
  "Pacific",
  "Caribbean",
  "Prairie Provinces",
  "Western Canada",
  "Atlantic Canada",
  "Central Canada",
] as const;
export type TRegion = (typeof REGIONS)[number];

export const COUNTRIES = ["US", "CA"] as const;
export type TCountry = (typeof COUNTRIES)[number];

export type TStateEntry = {
  readonly name: string;
  readonly code: string;
  readonly country: TCountry;
  readonly region: TRegion;
};

export const STATES = [
  { name: "Alabama", code: "AL", country: "US", region: "Southeast" },
  { name: "Alaska", code: "AK", country: "US", region: "Pacific" },
  { name: "Arizona", code: "AZ", country: "US", region: "Southwest" },
  { name: "Arkansas", code: "AR", country: "US", region: "Southeast" },
  { name: "California", code: "CA", country: "US", region: "Pacific" },
  { name: "Colorado", code: "CO", country: "US", region: "Southwest" },
  { name: "Connecticut", code: "CT", country: "US", region: "Northeast" },
  { name: "Delaware", code: "DE", country: "US", region: "Northeast" },
  { name: "District of Columbia", code: "DC", country: "US", region: "Northeast" },
  { name: "Florida", code: "FL", country: "US", region: "Southeast" },
  { name: "Georgia", code: "GA", country: "US", region: "Southeast" },
  { name: "Hawaii", code: "HI", country: "US", region: "Pacific" },
  { name: "Idaho", code: "ID", country: "US", region: "Northwest" },
  { name: "Illinois", code: "IL", country: "US", region: "Midwest" },
  { name: "Indiana", code: "IN", country: "US", region: "Midwest" },
  { name: "Iowa", code: "IA", country: "US", region: "Midwest" },
  { name: "Kansas", code: "KS", country: "US", region: "Midwest" },
  { name: "Kentucky", code: "KY", country: "US", region: "Southeast" },
  { name: "Louisiana", code: "LA", country: "US", region: "Southeast" },
  { name: "Maine", code: "ME", country: "US", region: "Northeast" },
  { name: "Maryland", code: "MD", country: "US", region: "Northeast" },
  { name: "Massachusetts", code: "MA", country: "US", region: "Northeast" },
  { name: "Michigan", code: "MI", country: "US", region: "Midwest" },
  { name: "Minnesota", code: "MN", country: "US", region: "Midwest" },
  { name: "Mississippi", code: "MS", country: "US", region: "Southeast" },
  { name: "Missouri", code: "MO", country: "US", region: "Midwest" },
  { name: "Montana", code: "MT", country: "US", region: "Northwest" },
  { name: "Nebraska", code: "NE", country: "US", region: "Midwest" },
  { name: "Nevada", code: "NV", country: "US", region: "Southwest" },
  { name: "New Hampshire", code: "NH", country: "US", region: "Northeast" },
  { name: "New Jersey", code: "NJ", country: "US", region: "Northeast" },
  { name: "New Mexico", code: "NM", country: "US", region: "Southwest" },
  { name: "New York", code: "NY", country: "US", region: "Northeast" },
  { name: "North Carolina", code: "NC", country: "US", region: "Southeast" },
  { name: "North Dakota", code: "ND", country: "US", region: "Midwest" },
  { name: "Ohio", code: "OH", country: "US", region: "Midwest" },
  { name: "Oklahoma", code: "OK", country: "US", region: "Southwest" },
  { name: "Oregon", code: "OR", country: "US", region: "Northwest" },
  { name: "Pennsylvania", code: "PA", country: "US", region: "Northeast" },
  { name: "Puerto Rico", code: "PR", country: "US", region: "Caribbean" },
  { name: "Rhode Island", code: "RI", country: "US", region: "Northeast" },
  { name: "South Carolina", code: "SC", country: "US", region: "Southeast" },
  { name: "South Dakota", code: "SD", country: "US", region: "Midwest" },
  { name: "Tennessee", code: "TN", country: "US", region: "Southeast" },
  { name: "Texas", code: "TX", country: "US", region: "Southwest" },
  { name: "Utah", code: "UT", country: "US", region: "Southwest" },
  { name: "Vermont", code: "VT", country: "US", region: "Northeast" },
  { name: "Virgin Islands", code: "VI", country: "US", region: "Caribbean" },
  { name: "Virginia", code: "VA", country: "US", region: "Southeast" },
  { name: "Washington", code: "WA", country: "US", region: "Northwest" },
  { name: "West Virginia", code: "WV", country: "US", region: "Southeast" },
  { name: "Wisconsin", code: "WI", country: "US", region: "Midwest" },
  { name: "Wyoming", code: "WY", country: "US", region: "Northwest" },
  { name: "Alberta", code: "AB", country: "CA", region: "Prairie Provinces" },
  { name: "British Columbia", code: "BC", country: "CA", region: "Western Canada" },
  { name: "Manitoba", code: "MB", country: "CA", region: "Prairie Provinces" },
  { name: "New Brunswick", code: "NB", country: "CA", region: "Atlantic Canada" },
  { name: "Newfoundland and Labrador", code: "NL", country: "CA", region: "Atlantic Canada" },
  { name: "Nova Scotia", code: "NS", country: "CA", region: "Atlantic Canada" },
  { name: "Ontario", code: "ON", country: "CA", region: "Central Canada" },
  { name: "Prince Edward Island", code: "PE", country: "CA", region: "Atlantic Canada" },
  { name: "Quebec", code: "QC", country: "CA", region: "Central Canada" },
  { name: "Saskatchewan", code: "SK", country: "CA", region: "Prairie Provinces" },
] as const satisfies readonly TStateEntry[];

export type TStateName = (typeof STATES)[number]["name"];
export type TStateCode = (typeof STATES)[number]["code"];
export const STATE_NAMES = STATES.map((s) => s.name) as readonly TStateName[];

/** US codes and Canadian codes do not collide, so a code alone identifies the entry. */
export function findState(nameOrCode: string): TStateEntry | undefined {
  const key = nameOrCode.trim().toLowerCase();
  return STATES.find((s) => s.code.toLowerCase() === key || s.name.toLowerCase() === key);
}
