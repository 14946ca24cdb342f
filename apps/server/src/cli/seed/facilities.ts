// The demo facilities: a kind of venue in a city, its sports, spaces, amenities and capacity.
import {
  AMENITY_NAMES,
  findSpaceType,
  findSport,
  type TFacilityType,
  type TLocation,
  type TSpaceTypeName,
  type TSportName,
  type TSurface,
} from "@hostfield/domain/reference";
import { isSpaceTypeCombinationAllowed } from "@hostfield/domain/rules";
import { pointNear, stateOf, type TPoint } from "./addresses";
import { addProfile, addSports, nameWords, SPACE_THEMES, type TBuilder } from "./builder";
import { createWeightedPicker, pickWeighted, type TRandom } from "./random";
import { facilityDescription } from "./text";
import {
  AMENITY_BASE,
  FACILITY_PROFILES,
  SINGLE_SPACES,
  SPACE_FEATURES,
  SURFACE_SWAPS,
  type TFacilityProfile,
} from "./vocabulary";

/** Where a facility is, for linking it to the destinations around it. */
export type TFacilityPoint = { id: string; point: TPoint };

type TSpace = {
  name: TSpaceTypeName;
  location: TLocation;
  surface: TSurface;
  count: number;
  additionalFeatures: string[];
};

/** Facilities drawn between two yields of addFacilities: some milliseconds' work. */
const FACILITIES_PER_STEP = 500;

/**
 * Adds the facilities, yielding now and then (the seed draws its images meanwhile); answers
 * where they are.
 */
export function* addFacilities(b: TBuilder): Generator<undefined, TFacilityPoint[], undefined> {
  const r = b.root.fork("facilities");
  const pickFacilityProfile = createWeightedPicker(FACILITY_PROFILES.map((p) => p.weight));
  const facilityPoints: TFacilityPoint[] = [];
  for (let i = 0; i < b.counts.facility; i++) {
    facilityPoints.push(addFacility(b, r, FACILITY_PROFILES[pickFacilityProfile(r)]!));
    if ((i + 1) % FACILITIES_PER_STEP === 0) yield;
  }
  return facilityPoints;
}

function addFacility(b: TBuilder, r: TRandom, kind: TFacilityProfile): TFacilityPoint {
  const city = b.pickCity(r);
  const point = pointNear(r, city);
  const name = r.pick(kind.names)(nameWords(r, city));
  const sports = pickSports(
    r,
    kind.sports,
    pickWeighted(r, [
      [1, 30],
      [2, 35],
      [3, 20],
      [4, 15],
    ]),
  );
  const size = pickWeighted(r, [
    [1, 40],
    [1.5 + r.next() * 0.5, 40],
    [2.5 + r.next() * 1.5, 20],
  ]);
  const spaces = spacesFor(r, kind, sports, size);
  const indoor = spaces.filter((s) => s.location === "Indoor").length * 2 > spaces.length;
  const theme = SPACE_THEMES[spaces[0]?.name ?? "Field"] ?? "abstract";
  const row = addProfile(b, r, { kind: "facility", name, city, point, theme, tierShare: 0.1 });
  const [low, high] = kind.capacity;
  const capacity = Math.round(r.int(low, high) / 50) * 50 || low;
  b.network.facilityDetails.push({
    profileId: row.id,
    facilityTypes: facilityTypes(r, kind, sports),
    capacity,
    staff: null,
    availability: pickWeighted(r, [
      ["Available to host", 80],
      ["Limited availability to host", 15],
      [null, 5],
    ]),
  });
  addSports(b, row, sports);
  for (const space of spaces) b.network.profileSpaceTypes.push({ profileId: row.id, ...space });
  for (const name of amenitiesFor(r, kind, indoor)) {
    b.network.profileAmenities.push({ profileId: row.id, kind: row.kind, name });
  }
  row.description = facilityDescription(r, {
    name,
    type: kind.type,
    city: city.name,
    stateName: stateOf(city).name,
    sports,
    spaces,
    capacity,
  });
  return { id: row.id, point };
}

function pickSports(r: TRandom, candidates: readonly TSportName[], count: number): TSportName[] {
  // Earlier candidates are the more typical ones.
  const weighted = candidates.map((sport, i) => [sport, 1 / (1 + i * 0.35)] as const);
  const chosen: TSportName[] = [];
  while (chosen.length < Math.min(count, candidates.length)) {
    const sport = pickWeighted(r, weighted);
    if (!chosen.includes(sport)) chosen.push(sport);
  }
  return chosen;
}

/** The profile's own type, and now and then another type that plays one of its sports. */
function facilityTypes(
  r: TRandom,
  kind: TFacilityProfile,
  sports: readonly TSportName[],
): TFacilityType[] {
  const types: TFacilityType[] = [kind.type];
  if (r.chance(0.12)) {
    const other = FACILITY_PROFILES.filter(
      (p) => p.type !== kind.type && p.sports.some((s) => sports.includes(s)),
    );
    if (other.length) types.push(r.pick(other).type);
  }
  return types;
}

function spacesFor(
  r: TRandom,
  kind: TFacilityProfile,
  sports: readonly TSportName[],
  size: number,
): TSpace[] {
  const spaces = new Map<string, TSpace>();
  const add = (space: Omit<TSpace, "additionalFeatures">) => {
    // Belt and braces: only combinations the reference lists allow ever reach the database.
    if (!isSpaceTypeCombinationAllowed(space)) return;
    const key = `${space.name}|${space.location}|${space.surface}`;
    const existing = spaces.get(key);
    if (existing) {
      existing.count = Math.max(existing.count, space.count);
      return;
    }
    const features = SPACE_FEATURES[space.name] ?? [];
    spaces.set(key, {
      ...space,
      additionalFeatures: r.sample(features, r.int(0, Math.min(2, features.length))),
    });
  };
  for (const sport of sports) {
    const preset = findSport(sport)!.spaceType;
    const { location, surface } = sportSpace(r, kind, preset);
    const count = SINGLE_SPACES.has(preset.name)
      ? 1
      : Math.min(1000, Math.max(1, Math.round(preset.count * size * (0.75 + r.next() * 0.5))));
    add({ name: preset.name, location, surface, count });
  }
  for (const extra of kind.extraSpaces ?? []) {
    if (r.chance(extra.probability)) {
      add({
        name: extra.name,
        location: extra.location,
        surface: extra.surface,
        count: r.int(extra.count[0], extra.count[1]),
      });
    }
  }
  return [...spaces.values()];
}

/**
 * Where and on what a sport is played here: its usual space, moved indoors or outdoors to suit
 * the kind of facility, and sometimes on another surface.
 */
function sportSpace(
  r: TRandom,
  kind: TFacilityProfile,
  preset: { name: TSpaceTypeName; location: TLocation; surface: TSurface },
): { location: TLocation; surface: TSurface } {
  const type = findSpaceType(preset.name)!;
  let location: TLocation = preset.location;
  let surface: TSurface = preset.surface;
  const allowed = type.surfaces as readonly TSurface[];
  if (
    kind.setting !== "any" &&
    location !== kind.setting &&
    (type.locations as readonly string[]).includes(kind.setting)
  ) {
    location = kind.setting;
    if (location === "Indoor" && surface === "Grass" && allowed.includes("Turf")) surface = "Turf";
    if (location === "Outdoor" && surface === "Hardwood") {
      surface =
        (["Concrete", "Synthetic", "Asphalt"] as const).find((s) => allowed.includes(s)) ?? surface;
    }
  }
  for (const [name, from, to, probability] of SURFACE_SWAPS) {
    if (name === preset.name && surface === from && allowed.includes(to) && r.chance(probability)) {
      return { location, surface: to };
    }
  }
  return { location, surface };
}

function amenitiesFor(r: TRandom, kind: TFacilityProfile, indoor: boolean): string[] {
  const favourites = new Set<string>(kind.amenities ?? []);
  return AMENITY_NAMES.filter((name) => {
    let p = AMENITY_BASE[name];
    if (favourites.has(name)) p = Math.max(p, 0.55);
    if (name === "Air Conditioning" || name === "Heating") p = indoor ? 0.6 : Math.min(p, 0.03);
    if (name === "Field Lights") p = indoor ? 0.02 : Math.max(p, 0.55);
    return r.chance(p);
  });
}
