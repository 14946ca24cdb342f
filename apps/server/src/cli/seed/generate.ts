// The demo network, built in memory from a seed: pure and deterministic (same seed, scale, date
// and city list give the same rows), with no database or file access. repository.ts writes it.
import {
  AMENITY_NAMES,
  AUDIENCE_TAGS,
  DESTINATION_SERVICES,
  EVENT_CATEGORY_MARKETED,
  EVENT_INTEREST_TYPES,
  findSpaceType,
  findSport,
  SPORTS,
  STATES,
  type TAgeGroup,
  type TCompetitionLevel,
  type TDestinationType,
  type TEventType,
  type TFacilityType,
  type TLocation,
  type TProfileKind,
  type TSpaceTypeName,
  type TSportName,
  type TSurface,
  type TTier,
  VENDOR_CATEGORIES,
} from "@hostfield/domain/reference";
import { addDays, isSpaceTypeCombinationAllowed } from "@hostfield/domain/rules";
import type { businessDetails } from "../../modules/businesses/schema";
import type { companyDetails } from "../../modules/companies/schema";
import type { destinationDetails } from "../../modules/destinations/schema";
import type { eventDetails } from "../../modules/events/schema";
import type { facilityDestinations, facilityDetails } from "../../modules/facilities/schema";
import type { hotelDetails } from "../../modules/hotels/schema";
import type { organizationDetails } from "../../modules/organizations/schema";
import { distanceMiles } from "../../platform/geo/distance";
import type { TPlace } from "../../platform/geo/place";
import type {
  profileAmenities,
  profileBoosts,
  profileCompanies,
  profileMembers,
  profileReactions,
  profileSpaceTypes,
  profileSports,
  profiles,
} from "../../profiles/schema";
import type { TDemoImages, THeaderTheme } from "./images";
import type { TPostalLocator } from "./places";
import { createRandom, createWeightedPicker, hashUuid, pickWeighted, type TRandom } from "./random";
import {
  businessDescription,
  companyDescription,
  destinationDescription,
  eventDescription,
  eventName,
  facilityDescription,
  hotelDescription,
  organizationDescription,
  slugify,
  sportWord,
} from "./text";
import {
  AMENITY_BASE,
  BRAND_ENDINGS,
  BRAND_WORDS,
  BUSINESS_KINDS,
  COMPANY_KINDS,
  FACILITY_PROFILES,
  FRENCH_STREET_NAMES,
  FRENCH_STREET_TYPES,
  HOTEL_AREAS,
  HOTEL_BRANDS,
  NICKNAMES,
  PREFIXES,
  SINGLE_SPACES,
  SPACE_FEATURES,
  STREET_NAMES,
  STREET_SUFFIXES,
  SURFACE_SWAPS,
  SURNAMES,
  type TCompanyKind,
  type TFacilityProfile,
  type TNameWords,
} from "./vocabulary";

/** How many of each kind scale 1 builds; `--scale` multiplies them. */
export const SCALE_ONE_COUNTS = {
  facility: 15_000,
  destination: 800,
  event: 2_000,
  hotel: 3_000,
  business: 2_000,
  company: 300,
  organization: 500,
} as const satisfies Record<TProfileKind, number>;

export const DEMO_EMAIL_DOMAIN = "demo.hostfield.test";
/** Printed by the seed and documented in the README; every demo account signs in with it. */
export const DEMO_PASSWORD = "hostfield-demo-1";

export type TDemoUser = {
  id: string;
  email: string;
  name: string;
  accountType: string;
  roles: string[];
};

const demoUser = (local: string, name: string, accountType: string, roles: string[] = []) => ({
  // Fixed whatever the seed, so `--force` finds the accounts of any earlier seed.
  id: hashUuid(`hostfield-demo-user:${local}`),
  email: `${local}@${DEMO_EMAIL_DOMAIN}`,
  name,
  accountType,
  roles,
});

export const DEMO_USERS = {
  admin: demoUser("admin", "Avery Admin", "Other", ["admin"]),
  organizer: demoUser("organizer", "Jordan Rivera", "Event Organizer"),
  facility: demoUser("facility", "Casey Morgan", "Facility"),
  destination: demoUser("destination", "Taylor Brooks", "Destination"),
  hotel: demoUser("hotel", "Morgan Lee", "Company"),
  business: demoUser("business", "Riley Chen", "Local Business"),
  vendor: demoUser("vendor", "Sam Patel", "Vendor"),
  coach: demoUser("coach", "Drew Parker", "Coach"),
} as const satisfies Record<string, TDemoUser>;

export type TProfileRow = typeof profiles.$inferInsert & {
  id: string;
  slug: string;
  name: string;
  kind: TProfileKind;
};

export type TDemoNetwork = {
  users: TDemoUser[];
  profiles: TProfileRow[];
  facilityDetails: (typeof facilityDetails.$inferInsert)[];
  destinationDetails: (typeof destinationDetails.$inferInsert)[];
  hotelDetails: (typeof hotelDetails.$inferInsert)[];
  businessDetails: (typeof businessDetails.$inferInsert)[];
  companyDetails: (typeof companyDetails.$inferInsert)[];
  organizationDetails: (typeof organizationDetails.$inferInsert)[];
  eventDetails: (typeof eventDetails.$inferInsert)[];
  profileSports: (typeof profileSports.$inferInsert)[];
  profileSpaceTypes: (typeof profileSpaceTypes.$inferInsert)[];
  profileAmenities: (typeof profileAmenities.$inferInsert)[];
  facilityDestinations: (typeof facilityDestinations.$inferInsert)[];
  profileCompanies: (typeof profileCompanies.$inferInsert)[];
  profileMembers: (typeof profileMembers.$inferInsert)[];
  profileReactions: (typeof profileReactions.$inferInsert)[];
  profileBoosts: (typeof profileBoosts.$inferInsert)[];
};

export type TGenerateInput = {
  seed: number;
  scale: number;
  /** YYYY-MM-DD: events start after it, boosts cover it, listings were created before it. */
  today: string;
  /** Most populous first, as the gazetteer lists them. */
  cities: readonly TPlace[];
  postal: TPostalLocator;
  images: TDemoImages;
  /** Slugs and hotel partner ids already used by listings that are not demo data. */
  takenSlugs?: ReadonlySet<string>;
  takenPartnerIds?: ReadonlySet<string>;
};

export function scaledCounts(scale: number): Record<TProfileKind, number> {
  return Object.fromEntries(
    Object.entries(SCALE_ONE_COUNTS).map(([kind, n]) => [kind, Math.max(1, Math.round(n * scale))]),
  ) as Record<TProfileKind, number>;
}

/** 1st, 2nd, 3rd, 4th, 11th, 21st */
function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  return `${n}${teen ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th")}`;
}

const STATE_BY_CODE = new Map<string, (typeof STATES)[number]>(STATES.map((s) => [s.code, s]));
const DAY_MS = 86_400_000;
const CA_LETTERS = "ABCEGHJKLMNPRSTVWXYZ";

type TPoint = { lat: number; lng: number };
type TSpace = {
  name: TSpaceTypeName;
  location: TLocation;
  surface: TSurface;
  count: number;
  additionalFeatures: string[];
};

const SPACE_THEMES: Partial<Record<TSpaceTypeName, THeaderTheme>> = {
  Field: "field",
  Stadium: "field",
  Court: "court",
  Gymnasium: "court",
  "Arena Floor": "court",
  Studio: "court",
  "Mat Room": "court",
  Lanes: "court",
  Ring: "court",
  Diamond: "diamond",
  "Batting Cage": "diamond",
  Pool: "pool",
  Natatorium: "pool",
  "Diving Well": "pool",
  "Open Water": "waterfront",
  Rink: "ice",
  Sheet: "ice",
  Track: "track",
  Velodrome: "track",
  Raceway: "track",
  "Road Course": "track",
  Trail: "mountains",
  "Golf Course": "mountains",
  "Disc Golf Course": "mountains",
  "Ski Slope": "mountains",
  "Equestrian Arena": "mountains",
  Range: "mountains",
};

const themeOfSport = (sport: TSportName): THeaderTheme =>
  SPACE_THEMES[findSport(sport)!.spaceType.name] ?? "abstract";

/** Top sports are played far more often than the long tail. */
const SPORT_POPULARITY: readonly (readonly [TSportName, number])[] = SPORTS.map((s) => [
  s.name,
  "ranking" in s ? 12 - s.ranking : s.name === "Other Sport or Activity" ? 0.1 : 0.35,
]);

const RACE_SPORTS = new Set<TSportName>([
  "Running",
  "Trail Running",
  "Triathlon",
  "Cycling",
  "Mountain Biking",
  "Open Water Swimming",
  "Rowing",
  "Dragon Boat Racing",
  "Cross Country",
  "Obstacle Course Racing",
]);

const NON_SPORT_EVENTS = new Set<TEventType>([
  "Expo",
  "Conference",
  "Networking",
  "Webinar",
  "Virtual Events",
  "Trade Show",
  "Corporate Meeting",
  "Concert",
]);

const EVENT_TYPE_WEIGHTS: readonly (readonly [TEventType, number])[] = [
  ["Tournament", 40],
  ["Championship", 8],
  ["Camp", 9],
  ["Clinic", 5],
  ["Showcase", 6],
  ["League", 5],
  ["Tryout", 3],
  ["Game", 3],
  ["Competition", 6],
  ["Practice", 1],
  ["Personal Training", 1],
  ["Expo", 1],
  ["Conference", 1],
  ["Networking", 1],
  ["Webinar", 0.5],
  ["Virtual Events", 0.5],
  ["Trade Show", 0.5],
  ["Corporate Meeting", 0.3],
  ["Concert", 0.2],
  ["Other", 1],
];

const AGE_GROUP_WEIGHTS: readonly (readonly [TAgeGroup, number])[] = [
  ["Youth", 35],
  ["High School", 15],
  ["Youth & High School", 15],
  ["All Ages", 12],
  ["Adult", 15],
  ["College", 8],
];
const LEVEL_WEIGHTS: readonly (readonly [TCompetitionLevel, number])[] = [
  ["Amateur", 70],
  ["Collegiate", 15],
  ["Semi-Professional", 10],
  ["Professional", 5],
];
const TIER_WEIGHTS: readonly (readonly [TTier, number])[] = [
  ["Legacy", 15],
  ["Bronze", 40],
  ["Silver", 30],
  ["Gold", 15],
];
const DESTINATION_TYPE_WEIGHTS: readonly (readonly [TDestinationType, number])[] = [
  ["Convention & Visitors Bureau", 45],
  ["Sports Commission", 30],
  ["Destination Management Organization", 15],
  ["Management Group", 10],
];
const DESTINATION_NAMES: Record<TDestinationType, readonly ((city: string) => string)[]> = {
  "Convention & Visitors Bureau": [
    (c) => `Visit ${c}`,
    (c) => `${c} Convention & Visitors Bureau`,
    (c) => `${c} Area CVB`,
  ],
  "Sports Commission": [
    (c) => `${c} Sports Commission`,
    (c) => `Greater ${c} Sports Commission`,
    (c) => `${c} Sports Authority`,
  ],
  "Destination Management Organization": [
    (c) => `Explore ${c}`,
    (c) => `Discover ${c}`,
    (c) => `Destination ${c}`,
  ],
  "Management Group": [(c) => `${c} Sports & Events`, (c) => `${c} Sports & Entertainment Group`],
};

/** Builds the whole network; see TGenerateInput for what makes it repeatable. */
export function generateDemoNetwork(input: TGenerateInput): TDemoNetwork {
  const counts = scaledCounts(input.scale);
  const root = createRandom(`hostfield-demo/${input.seed}`);
  const todayMs = Date.parse(`${input.today}T12:00:00Z`);
  const slugs = new Set(input.takenSlugs ?? []);
  const { images } = input;

  // ---- places ----------------------------------------------------------------------------------
  const cities = input.cities;
  if (cities.length === 0) throw new Error("no cities to place the demo network in");
  // Slightly flatter than population, so suburbs and small towns get their share of venues.
  const pickCityIndex = createWeightedPicker(cities.map((c) => (c.population ?? 1000) ** 0.85));
  const pickCity = (r: TRandom) => cities[pickCityIndex(r)]!;

  const stateOf = (city: TPlace) => STATE_BY_CODE.get(city.state)!;

  /** A point a few miles from the city centre, further for larger cities. */
  function pointNear(r: TRandom, city: TPlace, maxMiles?: number): TPoint {
    const reach = Math.sqrt((city.population ?? 1000) / (Math.PI * 3000));
    const radius = maxMiles ?? Math.min(8, 1.5 + reach);
    const miles = radius * Math.sqrt(r.next());
    const bearing = r.next() * 2 * Math.PI;
    const lat = city.lat + (miles / 69.05) * Math.cos(bearing);
    const lng =
      city.lng + (miles / (69.17 * Math.cos((city.lat * Math.PI) / 180))) * Math.sin(bearing);
    return { lat: Math.round(lat * 1e6) / 1e6, lng: Math.round(lng * 1e6) / 1e6 };
  }

  function street(r: TRandom, city: TPlace): string {
    const number = r.chance(0.7) ? r.int(100, 9999) : r.int(10, 24999);
    if (city.state === "QC") {
      return `${number} ${r.pick(FRENCH_STREET_TYPES)} ${r.pick(FRENCH_STREET_NAMES)}`;
    }
    const direction = r.chance(0.2) ? `${r.pick(["N", "S", "E", "W"])} ` : "";
    if (r.chance(0.2))
      return `${number} ${direction}${ordinal(r.int(1, 60))} ${r.pick(["St", "Ave"])}`;
    return `${number} ${direction}${r.pick(STREET_NAMES)} ${r.pick(STREET_SUFFIXES)}`;
  }

  function postalCode(r: TRandom, city: TPlace, point: TPoint): string | null {
    const code = input.postal(point.lat, point.lng, city.state);
    if (!code || city.country !== "CA") return code;
    // The local delivery unit: digit, letter, digit (Canada Post skips D, F, I, O, Q and U).
    return `${code} ${r.int(0, 9)}${r.pick([...CA_LETTERS])}${r.int(0, 9)}`;
  }

  const words = (r: TRandom, city: TPlace): TNameWords => ({
    city: city.name,
    prefix: r.pick(PREFIXES),
    surname: r.pick(SURNAMES),
    state: stateOf(city).name,
  });

  function uniqueSlug(name: string, stateCode: string): string {
    const base = slugify(name);
    let slug = base;
    if (slugs.has(slug)) slug = `${base}-${stateCode.toLowerCase()}`;
    for (let n = 2; slugs.has(slug); n++) slug = `${base}-${stateCode.toLowerCase()}-${n}`;
    slugs.add(slug);
    return slug;
  }

  // ---- the shared profile row ------------------------------------------------------------------
  const network: TDemoNetwork = {
    users: Object.values(DEMO_USERS),
    profiles: [],
    facilityDetails: [],
    destinationDetails: [],
    hotelDetails: [],
    businessDetails: [],
    companyDetails: [],
    organizationDetails: [],
    eventDetails: [],
    profileSports: [],
    profileSpaceTypes: [],
    profileAmenities: [],
    facilityDestinations: [],
    profileCompanies: [],
    profileMembers: [],
    profileReactions: [],
    profileBoosts: [],
  };

  function logoFor(r: TRandom, name: string): string | null {
    const roll = r.next();
    if (roll < 0.04) return null;
    if (roll < 0.16) return r.pick(images.emblemLogos);
    const letter = name
      .replace(/^(The|\d+) /, "")
      .normalize("NFKD")
      .toUpperCase()
      .replace(/[^A-Z]/g, "")
      .charCodeAt(0);
    const index = Number.isNaN(letter) ? 0 : letter - 65;
    return images.letterLogos[index] ?? r.pick(images.emblemLogos);
  }

  function profile(
    r: TRandom,
    kind: TProfileKind,
    name: string,
    city: TPlace,
    point: TPoint,
    theme: THeaderTheme,
    options: { tierShare?: number } = {},
  ): TProfileRow {
    const slug = uniqueSlug(name, city.state);
    const ageDays = r.int(1, 730);
    const created = todayMs - ageDays * DAY_MS - r.int(0, 43_200) * 1000;
    const updated = created + r.int(0, Math.min(ageDays - 1, 120)) * DAY_MS;
    const status = r.chance(0.02) ? "pending" : "approved";
    const label = slug.slice(0, 50).replace(/-+$/, "");
    const row: TProfileRow = {
      id: r.uuid(),
      kind,
      name,
      slug,
      description: null,
      street: street(r, city),
      city: city.name,
      state: stateOf(city).name,
      postalCode: postalCode(r, city, point),
      country: city.country,
      lat: point.lat,
      lng: point.lng,
      placeId: null,
      logo: logoFor(r, name),
      headerImage: r.chance(0.04) ? null : r.pick(images.headers[theme]),
      featuredVideo: null,
      website: r.chance(0.75) ? `https://www.${label}.example` : null,
      phone: r.chance(0.8)
        ? `(${r.int(2, 9)}${r.int(0, 8)}${r.int(0, 9)}) 555-01${String(r.int(0, 99)).padStart(2, "0")}`
        : null,
      email: r.chance(0.7) ? `info@${label}.example` : null,
      status,
      tier: options.tierShare && r.chance(options.tierShare) ? pickWeighted(r, TIER_WEIGHTS) : null,
      isActive: status === "pending" || !r.chance(0.01),
      likeCount: 0,
      followerCount: 0,
      createdDate: new Date(created),
      updatedDate: new Date(updated),
      createdBy: DEMO_USERS.admin.id,
      updatedBy: DEMO_USERS.admin.id,
    };
    network.profiles.push(row);
    return row;
  }

  const addSports = (profileId: string, sports: readonly TSportName[]) => {
    for (const name of sports) network.profileSports.push({ profileId, name });
  };

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

  // ---- facilities ------------------------------------------------------------------------------
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
        if (location === "Indoor" && surface === "Grass" && allowed.includes("Turf"))
          surface = "Turf";
        if (location === "Outdoor" && surface === "Hardwood") {
          surface =
            (["Concrete", "Synthetic", "Asphalt"] as const).find((s) => allowed.includes(s)) ??
            surface;
        }
      }
      for (const [name, from, to, probability] of SURFACE_SWAPS) {
        if (
          name === preset.name &&
          surface === from &&
          allowed.includes(to) &&
          r.chance(probability)
        ) {
          surface = to;
          break;
        }
      }
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

  function amenitiesFor(r: TRandom, kind: TFacilityProfile, indoor: boolean): string[] {
    const favourites = new Set<string>(kind.amenities ?? []);
    const chosen = AMENITY_NAMES.filter((name) => {
      let p = AMENITY_BASE[name];
      if (favourites.has(name)) p = Math.max(p, 0.55);
      if (name === "Air Conditioning" || name === "Heating") p = indoor ? 0.6 : Math.min(p, 0.03);
      if (name === "Field Lights") p = indoor ? 0.02 : Math.max(p, 0.55);
      return r.chance(p);
    });
    return chosen;
  }

  const facilityRandom = root.fork("facilities");
  const pickFacilityProfile = createWeightedPicker(FACILITY_PROFILES.map((p) => p.weight));
  const facilityPoints: { id: string; point: TPoint }[] = [];
  for (let i = 0; i < counts.facility; i++) {
    const r = facilityRandom;
    const kind = FACILITY_PROFILES[pickFacilityProfile(r)]!;
    const city = pickCity(r);
    const point = pointNear(r, city);
    const name = r.pick(kind.names)(words(r, city));
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
    const row = profile(r, "facility", name, city, point, theme, { tierShare: 0.1 });
    const [low, high] = kind.capacity;
    const capacity = Math.round(r.int(low, high) / 50) * 50 || low;
    const types: TFacilityType[] = [kind.type];
    if (r.chance(0.12)) {
      const other = FACILITY_PROFILES.filter(
        (p) => p.type !== kind.type && p.sports.some((s) => sports.includes(s)),
      );
      if (other.length) types.push(r.pick(other).type);
    }
    network.facilityDetails.push({
      profileId: row.id,
      facilityTypes: types,
      capacity,
      staff: null,
      availability: pickWeighted(r, [
        ["Available to host", 80],
        ["Limited availability to host", 15],
        [null, 5],
      ]),
    });
    addSports(row.id, sports);
    for (const space of spaces) network.profileSpaceTypes.push({ profileId: row.id, ...space });
    for (const name of amenitiesFor(r, kind, indoor)) {
      network.profileAmenities.push({ profileId: row.id, name });
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
    facilityPoints.push({ id: row.id, point });
  }

  // ---- destinations, and the facilities near each ----------------------------------------------
  const destinationRandom = root.fork("destinations");
  const destinationCities = distinctCities(destinationRandom, cities, counts.destination);
  const destinations: { row: TProfileRow; point: TPoint }[] = [];
  for (const city of destinationCities) {
    const r = destinationRandom;
    const type = pickWeighted(r, DESTINATION_TYPE_WEIGHTS);
    const name = r.pick(DESTINATION_NAMES[type])(city.name);
    const point = pointNear(r, city, 1.5);
    const theme: THeaderTheme =
      (city.population ?? 0) > 250_000
        ? r.pick(["skyline", "waterfront"] as const)
        : r.pick(["skyline", "waterfront", "mountains", "abstract"] as const);
    const row = profile(r, "destination", name, city, point, theme, { tierShare: 0.45 });
    const services = r.sample(DESTINATION_SERVICES, r.int(3, 7));
    const liveRates = r.chance(0.3);
    network.destinationDetails.push({
      profileId: row.id,
      destinationType: type,
      services,
      hotelLiveRatesEnabled: liveRates,
      hotelLiveRatesVisibleAfter: liveRates ? addDays(input.today, -r.int(0, 60)) : null,
      hotelSpecialsHiddenAfter: r.chance(0.2) ? addDays(input.today, r.int(30, 365)) : null,
    });
    row.description = destinationDescription(r, {
      name,
      city: city.name,
      stateName: stateOf(city).name,
      services,
    });
    destinations.push({ row, point });
  }

  // Half-degree cells keyed by number; a destination looks at the cells around its own.
  const grid = new Map<number, { id: string; point: TPoint }[]>();
  const gridKey = (latCell: number, lngCell: number) => (latCell + 1000) * 10_000 + lngCell + 5000;
  for (const facility of facilityPoints) {
    const key = gridKey(Math.floor(facility.point.lat * 2), Math.floor(facility.point.lng * 2));
    const cell = grid.get(key);
    if (cell) cell.push(facility);
    else grid.set(key, [facility]);
  }
  const linkRandom = root.fork("facility-destinations");
  const LINK_MILES = 25;
  for (const { row, point } of destinations) {
    const near: string[] = [];
    const latReach = LINK_MILES / 68;
    const lngReach = LINK_MILES / (68 * Math.cos((point.lat * Math.PI) / 180));
    const latCell = Math.floor(point.lat * 2);
    const lngCell = Math.floor(point.lng * 2);
    for (let dLat = -1; dLat <= 1; dLat++) {
      for (let dLng = -2; dLng <= 2; dLng++) {
        for (const facility of grid.get(gridKey(latCell + dLat, lngCell + dLng)) ?? []) {
          // A cheap box first: most of a cell is further than the radius.
          if (Math.abs(facility.point.lat - point.lat) > latReach) continue;
          if (Math.abs(facility.point.lng - point.lng) > lngReach) continue;
          if (distanceMiles(point, facility.point) <= LINK_MILES) near.push(facility.id);
        }
      }
    }
    for (const facilityId of linkRandom.sample(near, 40)) {
      network.facilityDestinations.push({
        facilityId,
        destinationId: row.id,
        createdBy: DEMO_USERS.admin.id,
        updatedBy: DEMO_USERS.admin.id,
      });
    }
  }

  // ---- companies (before hotels and businesses, which link to them) ----------------------------
  const companyRandom = root.fork("companies");
  const companiesByKind = new Map<TCompanyKind["key"], string[]>();
  const companyNames = new Set<string>();
  for (let i = 0; i < counts.company; i++) {
    const r = companyRandom;
    // The first two are a hotel group and a hospitality group, so even a tiny network has links.
    const kind =
      i < 2
        ? COMPANY_KINDS.find((k) => k.key === (i === 0 ? "hotels" : "hospitality"))!
        : pickWeighted(
            r,
            COMPANY_KINDS.map((k) => [k, k.weight] as const),
          );
    const city = pickCity(r);
    let name = "";
    for (let attempt = 0; attempt < 6 && (!name || companyNames.has(name)); attempt++) {
      const word = `${r.pick(BRAND_WORDS)}${r.pick(BRAND_ENDINGS)}`;
      name = r.pick(kind.names)({ ...words(r, city), word });
    }
    if (companyNames.has(name)) name = `${name} ${city.name}`;
    companyNames.add(name);
    const row = profile(r, "company", name, city, pointNear(r, city), "abstract");
    const tags = r.sample(kind.tags, r.int(2, Math.min(5, kind.tags.length)));
    const categories = [kind.category];
    if (r.chance(0.1)) {
      const extra = r.pick(VENDOR_CATEGORIES);
      if (extra !== kind.category) categories.push(extra);
    }
    network.companyDetails.push({
      profileId: row.id,
      vendorCategories: categories,
      serviceTags: tags,
      audienceTags: r.sample(AUDIENCE_TAGS, r.int(1, 4)),
    });
    row.description = companyDescription(r, { name, pitch: kind.pitch, tags });
    const list = companiesByKind.get(kind.key) ?? [];
    list.push(row.id);
    companiesByKind.set(kind.key, list);
  }
  /** A company of this kind, the first few (the big groups) more often. */
  const companyPicker = (key: TCompanyKind["key"]) => {
    const ids = companiesByKind.get(key) ?? [];
    if (ids.length === 0) return null;
    const pick = createWeightedPicker(ids.map((_, i) => 1 / (1 + i)));
    return (r: TRandom) => ids[pick(r)]!;
  };

  // ---- hotels ----------------------------------------------------------------------------------
  const hotelRandom = root.fork("hotels");
  const hotelGroup = companyPicker("hotels");
  const partnerIds = new Set(input.takenPartnerIds ?? []);
  let nextPartnerId = 9_000_001;
  const hotelNames = new Set<string>();
  for (let i = 0; i < counts.hotel; i++) {
    const r = hotelRandom;
    const city = pickCity(r);
    const independent = r.chance(0.15);
    const brand = r.pick(HOTEL_BRANDS);
    const w = words(r, city);
    let name = "";
    for (let attempt = 0; attempt < 8 && (!name || hotelNames.has(name)); attempt++) {
      name = independent
        ? r.pick([
            `The ${w.surname} Hotel`,
            `${w.prefix} Inn & Suites`,
            `${city.name} Grand Hotel`,
            `${w.prefix} Lodge`,
            `Hotel ${w.prefix}`,
          ])
        : `${brand.name} ${city.name} ${r.chance(0.8) ? r.pick(HOTEL_AREAS) : r.pick(PREFIXES)}`;
    }
    hotelNames.add(name);
    const stars = independent ? r.pick([2, 2.5, 3, 3.5, 4, 4.5]) : brand.stars;
    const rooms = independent ? r.int(20, 260) : r.int(brand.rooms[0], brand.rooms[1]);
    const theme = r.pick(["skyline", "waterfront", "abstract"] as const);
    const row = profile(r, "hotel", name, city, pointNear(r, city), theme);
    while (partnerIds.has(String(nextPartnerId))) nextPartnerId++;
    const partnerId = String(nextPartnerId++);
    partnerIds.add(partnerId);
    network.hotelDetails.push({ profileId: row.id, starRating: stars, rooms, partnerId });
    row.description = hotelDescription(r, {
      name,
      city: city.name,
      stateName: stateOf(city).name,
      rooms,
    });
    if (hotelGroup && r.chance(0.45)) {
      network.profileCompanies.push({
        profileId: row.id,
        companyId: hotelGroup(r),
        createdBy: DEMO_USERS.admin.id,
      });
    }
  }

  // ---- businesses ------------------------------------------------------------------------------
  const businessRandom = root.fork("businesses");
  const hospitalityGroup = companyPicker("hospitality");
  const businessNames = new Set<string>();
  for (let i = 0; i < counts.business; i++) {
    const r = businessRandom;
    const kind = pickWeighted(
      r,
      BUSINESS_KINDS.map((k) => [k, k.weight] as const),
    );
    const city = pickCity(r);
    let name = "";
    for (
      let attempt = 0;
      attempt < 6 && (!name || businessNames.has(`${name}|${city.name}`));
      attempt++
    ) {
      name = r.pick(kind.names)(words(r, city));
    }
    businessNames.add(`${name}|${city.name}`);
    const theme = r.pick(["abstract", "waterfront", "skyline"] as const);
    const row = profile(r, "business", name, city, pointNear(r, city), theme, { tierShare: 0.08 });
    network.businessDetails.push({
      profileId: row.id,
      businessCategory: kind.category,
      placeAttributes: r.sample(kind.attributes, r.int(2, Math.min(5, kind.attributes.length))),
      placeCategories: [...kind.placeCategories],
    });
    row.description = businessDescription(r, { name, city: city.name, offer: kind.offer });
    if (hospitalityGroup && r.chance(0.15)) {
      network.profileCompanies.push({
        profileId: row.id,
        companyId: hospitalityGroup(r),
        createdBy: DEMO_USERS.admin.id,
      });
    }
  }

  // ---- organizations ---------------------------------------------------------------------------
  const organizationRandom = root.fork("organizations");
  type TOrganization = { row: TProfileRow; city: TPlace; sports: TSportName[]; nickname: string };
  const eventOrganizations: TOrganization[] = [];
  const organizationNames = new Set<string>();
  for (let i = 0; i < counts.organization; i++) {
    const r = organizationRandom;
    const city = pickCity(r);
    const w = words(r, city);
    const region = stateOf(city).region;
    const nickname = r.pick(NICKNAMES);
    const main = pickWeighted(r, SPORT_POPULARITY);
    const sports = [main];
    const more = pickWeighted(r, [
      [0, 70],
      [1, 20],
      [2, 10],
    ]);
    while (sports.length < 1 + more) {
      const sport = pickWeighted(r, SPORT_POPULARITY);
      if (!sports.includes(sport)) sports.push(sport);
    }
    // Most are event owners; some are industry partners (officials, coaches' groups).
    const eventOwner = i === 0 || r.chance(0.85);
    const sport = sportWord(main);
    let name = "";
    for (let attempt = 0; attempt < 6 && (!name || organizationNames.has(name)); attempt++) {
      name = eventOwner
        ? r.pick([
            `${city.name} ${sport} Club`,
            `${city.name} ${nickname} ${sport}`,
            `${w.prefix} ${sport} Academy`,
            `${w.state} ${sport} Association`,
            `${region} Youth ${sport} League`,
            `${w.prefix} Elite ${sport}`,
            `${w.state} ${sport} Tournament Series`,
            `${region} ${sport} Showcase Series`,
          ])
        : r.pick([
            `${w.state} ${sport} Officials Association`,
            `${region} Sports Events Council`,
            `${w.prefix} Coaches Alliance`,
            `${w.state} Athletic Trainers Network`,
          ]);
    }
    if (organizationNames.has(name)) name = `${name} of ${city.name}`;
    organizationNames.add(name);
    const row = profile(r, "organization", name, city, pointNear(r, city), themeOfSport(main));
    network.organizationDetails.push({
      profileId: row.id,
      organizationType: eventOwner ? "Event Organization" : "Industry Partner",
      eventInterestTypes: r.sample(EVENT_INTEREST_TYPES, r.int(2, 4)),
    });
    addSports(row.id, sports);
    row.description = organizationDescription(r, {
      name,
      city: city.name,
      stateName: stateOf(city).name,
      sports,
    });
    if (eventOwner) eventOrganizations.push({ row, city, sports, nickname });
  }

  // ---- events ----------------------------------------------------------------------------------
  const eventRandom = root.fork("events");
  const facilityTypesBySport = new Map<TSportName, TFacilityType[]>();
  for (const p of FACILITY_PROFILES) {
    for (const sport of p.sports) {
      const list = facilityTypesBySport.get(sport) ?? [];
      list.push(p.type);
      facilityTypesBySport.set(sport, list);
    }
  }
  const eventsByOrganization = new Map<string, string[]>();
  for (let i = 0; i < counts.event; i++) {
    const r = eventRandom;
    const organization = r.pick(eventOrganizations);
    const sports = r.chance(0.8) ? [organization.sports[0]!] : organization.sports.slice(0, 2);
    const main = sports[0]!;
    const city = r.chance(0.45) ? organization.city : pickCity(r);
    const type: TEventType = RACE_SPORTS.has(main)
      ? pickWeighted(r, [
          ["Race", 70],
          ["Championship", 20],
          ["Camp", 10],
        ])
      : pickWeighted(r, EVENT_TYPE_WEIGHTS);
    let startDate = addDays(input.today, r.int(3, 548));
    let days = 1;
    if (["Tournament", "Championship", "Showcase", "Competition", "Race", "Game"].includes(type)) {
      // Weekend events: move to the Friday (multi-day) or Saturday (one day) of that week.
      days = type === "Race" || type === "Game" ? 1 : r.int(2, 3);
      const weekday = new Date(`${startDate}T00:00:00Z`).getUTCDay();
      const target = days > 1 ? 5 : 6;
      startDate = addDays(startDate, (target - weekday + 7) % 7);
    } else if (type === "Camp") days = r.int(3, 5);
    else if (type === "League") days = r.int(42, 84);
    else if (type === "Expo" || type === "Conference" || type === "Trade Show") days = r.int(2, 3);
    const endDate = addDays(startDate, days - 1);
    const stateName = stateOf(city).name;
    const name = eventName(r, {
      type,
      sport: main,
      city: city.name,
      stateName,
      region: stateOf(city).region,
      prefix: r.pick(PREFIXES),
      nickname: organization.nickname,
      startDate,
    });
    const row = profile(r, "event", name, city, pointNear(r, city), themeOfSport(main));
    // Meetings, shows and concerts are for adults and have no competition level.
    const competitive = !NON_SPORT_EVENTS.has(type);
    const ageGroup = competitive
      ? pickWeighted(r, AGE_GROUP_WEIGHTS)
      : r.pick(["Adult", "All Ages"] as const);
    const youth =
      ageGroup === "Youth" || ageGroup === "High School" || ageGroup === "Youth & High School";
    const teamEvent = type === "Tournament" || type === "League" || type === "Championship";
    const marketed = r.chance(0.2);
    const preset = findSport(main)!.spaceType;
    network.eventDetails.push({
      profileId: row.id,
      type,
      startDate,
      endDate,
      hasFlexibleDates: r.chance(0.05),
      hotelLink: marketed && r.chance(0.5) ? `https://hotels.example/${row.slug}` : null,
      category: marketed ? EVENT_CATEGORY_MARKETED : null,
      ageGroup,
      eventLevel: !competitive ? null : youth ? "Amateur" : pickWeighted(r, LEVEL_WEIGHTS),
      individualCost: teamEvent ? null : r.int(1, 16) * 25,
      teamCost: teamEvent ? r.int(12, 60) * 25 : null,
      facilityTypes: [r.pick(facilityTypesBySport.get(main) ?? ["Sports Complex"])],
      spaceName: preset.name,
      location: preset.location,
      surface: preset.surface,
      organizationId: organization.row.id,
      isClosed: r.chance(0.03),
    });
    addSports(row.id, sports);
    network.profileSpaceTypes.push({
      profileId: row.id,
      name: preset.name,
      location: preset.location,
      surface: preset.surface,
      count: preset.count,
      additionalFeatures: [],
    });
    row.description = eventDescription(r, { name, type, city: city.name, stateName, sports });
    const list = eventsByOrganization.get(organization.row.id) ?? [];
    list.push(row.id);
    eventsByOrganization.set(organization.row.id, list);
  }

  // ---- demo accounts: what they own, like and follow -------------------------------------------
  const byKind = (kind: TProfileKind) => network.profiles.filter((p) => p.kind === kind);
  const owned = new Set<string>();
  const own = (user: TDemoUser, rows: readonly TProfileRow[]) => {
    for (const row of rows) {
      if (network.profileMembers.some((m) => m.profileId === row.id && m.userId === user.id))
        continue;
      row.status = "approved";
      row.isActive = true;
      row.createdBy = user.id;
      row.updatedBy = user.id;
      owned.add(row.id);
      network.profileMembers.push({
        profileId: row.id,
        userId: user.id,
        role: "owner",
        createdBy: DEMO_USERS.admin.id,
        updatedBy: DEMO_USERS.admin.id,
      });
    }
  };
  const destinationRows = byKind("destination");
  own(DEMO_USERS.destination, destinationRows.slice(0, 2));
  const homeDestination = destinationRows[0];
  const linkedFacilities = new Set(
    network.facilityDestinations
      .filter((link) => link.destinationId === homeDestination?.id)
      .map((link) => link.facilityId),
  );
  const facilityRows = byKind("facility");
  const homeFacilities = facilityRows.filter((f) => linkedFacilities.has(f.id)).slice(0, 5);
  own(DEMO_USERS.facility, homeFacilities.length >= 3 ? homeFacilities : facilityRows.slice(0, 5));
  const hotelGroupId = companiesByKind.get("hotels")?.[0];
  const groupHotels = new Set(
    network.profileCompanies.filter((l) => l.companyId === hotelGroupId).map((l) => l.profileId),
  );
  const hotelRows = byKind("hotel");
  own(
    DEMO_USERS.hotel,
    network.profiles.filter((p) => p.id === hotelGroupId),
  );
  own(DEMO_USERS.hotel, hotelRows.filter((h) => groupHotels.has(h.id)).slice(0, 5));
  own(DEMO_USERS.business, byKind("business").slice(0, 3));
  own(
    DEMO_USERS.vendor,
    byKind("company")
      .filter((c) => c.id !== hotelGroupId)
      .slice(0, 2),
  );
  const ownedOrganizations = eventOrganizations.slice(0, 3).map((o) => o.row);
  own(DEMO_USERS.organizer, ownedOrganizations);
  own(
    DEMO_USERS.organizer,
    ownedOrganizations
      .flatMap((o) => eventsByOrganization.get(o.id) ?? [])
      .slice(0, 10)
      .map((id) => network.profiles.find((p) => p.id === id)!),
  );

  const reactionRandom = root.fork("reactions");
  const visible = network.profiles.filter((p) => p.status === "approved" && p.isActive);
  for (const user of Object.values(DEMO_USERS)) {
    if (user.roles.includes("admin")) continue;
    const picks = reactionRandom.sample(visible, 18);
    picks.forEach((row, i) => {
      const kind = i < 12 ? "like" : "follow";
      network.profileReactions.push({
        profileId: row.id,
        userId: user.id,
        kind,
        createdDate: new Date(todayMs - reactionRandom.int(1, 90) * DAY_MS),
      });
      if (kind === "like") row.likeCount = (row.likeCount ?? 0) + 1;
      else row.followerCount = (row.followerCount ?? 0) + 1;
    });
  }

  const boostRandom = root.fork("boosts");
  const BOOST_SHARE: Partial<Record<TProfileKind, number>> = {
    facility: 0.006,
    destination: 0.03,
    hotel: 0.01,
    business: 0.01,
  };
  for (const row of visible) {
    const share = BOOST_SHARE[row.kind];
    if (!share) continue;
    const boosted = boostRandom.chance(share) || (owned.has(row.id) && row.kind === "destination");
    if (!boosted) continue;
    network.profileBoosts.push({
      profileId: row.id,
      startDate: addDays(input.today, -boostRandom.int(0, 7)),
      endDate: addDays(input.today, boostRandom.int(14, 42)),
      createdBy: DEMO_USERS.admin.id,
      updatedBy: DEMO_USERS.admin.id,
    });
  }

  return network;
}

/**
 * `count` different cities, drawn in proportion to population without replacement (Efraimidis
 * and Spirakis: the smallest -ln(u)/weight keys); cities repeat only when there are too few.
 */
function distinctCities(r: TRandom, cities: readonly TPlace[], count: number): TPlace[] {
  const keyed = cities.map((city, i) => ({
    i,
    key: -Math.log(1 - r.next()) / (city.population ?? 1000),
  }));
  keyed.sort((a, b) => a.key - b.key || a.i - b.i);
  return Array.from({ length: count }, (_, n) => cities[keyed[n % keyed.length]!.i]!);
}
