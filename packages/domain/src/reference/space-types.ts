// Playing-surface vocabulary: surfaces, indoor/outdoor locations and the space types that combine them.

export const SURFACES = [
  "N/A",
  "Asphalt",
  "Concrete",
  "Grass",
  "Hardwood",
  "Ice",
  "Multi-purpose",
  "Sand",
  "Synthetic",
  "Turf",
  "Water",
] as const;
export type TSurface = (typeof SURFACES)[number];

/** The surface recorded for a space type that offers no surface choice (pools, golf courses). */
export const NO_SURFACE: TSurface = "N/A";

export const LOCATIONS = ["Outdoor", "Indoor"] as const;
export type TLocation = (typeof LOCATIONS)[number];

/** Filters also accept "Both", which matches either location. */
export const LOCATION_FILTERS = ["Outdoor", "Indoor", "Both"] as const;
export type TLocationFilter = (typeof LOCATION_FILTERS)[number];

export type TSpaceTypeEntry = {
  readonly name: string;
  readonly locations: readonly TLocation[];
  /** Empty when the space offers no surface choice; such spaces record "N/A". */
  readonly surfaces: readonly TSurface[];
};

const BOTH = ["Indoor", "Outdoor"] as const;
const INDOOR = ["Indoor"] as const;
const OUTDOOR = ["Outdoor"] as const;

export const SPACE_TYPES = [
  {
    name: "Court",
    locations: BOTH,
    surfaces: ["Hardwood", "Concrete", "Multi-purpose", "Synthetic", "Sand"],
  },
  { name: "Field", locations: BOTH, surfaces: ["Grass", "Turf", "Multi-purpose", "Synthetic"] },
  { name: "Diamond", locations: BOTH, surfaces: ["Grass", "Turf", "Synthetic"] },
  { name: "Rink", locations: BOTH, surfaces: ["Ice", "Concrete", "Synthetic", "Multi-purpose"] },
  { name: "Pool", locations: BOTH, surfaces: [] },
  { name: "Diving Well", locations: BOTH, surfaces: [] },
  { name: "Natatorium", locations: INDOOR, surfaces: [] },
  { name: "Golf Course", locations: OUTDOOR, surfaces: [] },
  { name: "Disc Golf Course", locations: OUTDOOR, surfaces: [] },
  { name: "Track", locations: BOTH, surfaces: ["Synthetic", "Asphalt", "Concrete"] },
  { name: "Gymnasium", locations: INDOOR, surfaces: ["Hardwood", "Synthetic", "Multi-purpose"] },
  { name: "Mat Room", locations: INDOOR, surfaces: ["Synthetic", "Multi-purpose"] },
  { name: "Studio", locations: INDOOR, surfaces: ["Hardwood", "Synthetic", "Multi-purpose"] },
  { name: "Fitness Center", locations: INDOOR, surfaces: [] },
  { name: "Ring", locations: INDOOR, surfaces: [] },
  { name: "Ballroom", locations: INDOOR, surfaces: [] },
  { name: "Exhibit Hall", locations: INDOOR, surfaces: ["Concrete", "Multi-purpose"] },
  { name: "Meeting Room", locations: INDOOR, surfaces: [] },
  {
    name: "Arena Floor",
    locations: INDOOR,
    surfaces: ["Concrete", "Hardwood", "Ice", "Multi-purpose", "Synthetic", "Turf"],
  },
  { name: "Stadium", locations: BOTH, surfaces: ["Grass", "Turf", "Synthetic"] },
  { name: "Lanes", locations: INDOOR, surfaces: ["Synthetic", "Hardwood"] },
  { name: "Range", locations: BOTH, surfaces: [] },
  { name: "Velodrome", locations: BOTH, surfaces: ["Hardwood", "Concrete", "Asphalt"] },
  { name: "Sheet", locations: INDOOR, surfaces: ["Ice"] },
  { name: "Open Water", locations: OUTDOOR, surfaces: ["Water"] },
  { name: "Road Course", locations: OUTDOOR, surfaces: ["Asphalt", "Concrete"] },
  { name: "Trail", locations: OUTDOOR, surfaces: [] },
  { name: "Raceway", locations: OUTDOOR, surfaces: ["Asphalt", "Concrete"] },
  { name: "Equestrian Arena", locations: BOTH, surfaces: ["Sand", "Grass", "Synthetic"] },
  { name: "Climbing Wall", locations: BOTH, surfaces: [] },
  { name: "Skate Park", locations: BOTH, surfaces: ["Concrete", "Asphalt", "Hardwood"] },
  { name: "Ski Slope", locations: OUTDOOR, surfaces: [] },
  { name: "Batting Cage", locations: BOTH, surfaces: ["Turf", "Synthetic"] },
] as const satisfies readonly TSpaceTypeEntry[];

export type TSpaceTypeName = (typeof SPACE_TYPES)[number]["name"];
export const SPACE_TYPE_NAMES = SPACE_TYPES.map((s) => s.name) as readonly TSpaceTypeName[];

export function findSpaceType(name: string): TSpaceTypeEntry | undefined {
  return SPACE_TYPES.find((s) => s.name === name);
}
