// What the parts of one generation share (input, random stream, rows so far); adding a profile.
import {
  findSport,
  type TProfileKind,
  type TSpaceTypeName,
  type TSportName,
  type TTier,
} from "@hostfield/domain/reference";
import type { TPlace } from "../../platform/geo/place";
import { DEMO_USERS } from "./accounts";
import { postalCode, stateOf, street, type TPoint } from "./addresses";
import type { THeaderTheme } from "./images";
import type { TDemoNetwork, TGenerateInput, TProfileRow } from "./network";
import { createRandom, createWeightedPicker, pickWeighted, type TRandom } from "./random";
import { slugify } from "./text";
import { PREFIXES, SURNAMES, type TNameWords } from "./vocabulary";

export type TBuilder = {
  readonly input: TGenerateInput;
  readonly counts: Readonly<Record<TProfileKind, number>>;
  /** Each part forks its own stream from it, so adding draws to one never shifts another. */
  readonly root: TRandom;
  /** Noon UTC of input.today, in milliseconds. */
  readonly todayMs: number;
  /** The rows so far, in the order they are written. */
  readonly network: TDemoNetwork;
  /** Every slug taken so far, demo or not. */
  readonly slugs: Set<string>;
  /** A city in proportion to (a little less than) its population. */
  readonly pickCity: (r: TRandom) => TPlace;
};

export const DAY_MS = 86_400_000;

const TIER_WEIGHTS: readonly (readonly [TTier, number])[] = [
  ["Legacy", 15],
  ["Bronze", 40],
  ["Silver", 30],
  ["Gold", 15],
];

export function createBuilder(
  input: TGenerateInput,
  counts: Readonly<Record<TProfileKind, number>>,
): TBuilder {
  const { cities } = input;
  if (cities.length === 0) throw new Error("no cities to place the demo network in");
  // Slightly flatter than population, so suburbs and small towns get their share of venues.
  const pickCityIndex = createWeightedPicker(cities.map((c) => (c.population ?? 1000) ** 0.85));
  return {
    input,
    counts,
    root: createRandom(`hostfield-demo/${input.seed}`),
    todayMs: Date.parse(`${input.today}T12:00:00Z`),
    network: {
      users: Object.values(DEMO_USERS),
      profiles: [],
      facilityDetails: [],
      destinationDetails: [],
      hotelDetails: [],
      businessDetails: [],
      businessPromotions: [],
      stories: [],
      storyListings: [],
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
      roomTypes: [],
      roomNights: [],
      hotelBlocks: [],
      blockNights: [],
      blockChanges: [],
      reservations: [],
      reservationNights: [],
      analyticsDaily: [],
      analyticsBatches: [],
      analyticsEvents: [],
    },
    slugs: new Set(input.takenSlugs ?? []),
    pickCity: (r) => cities[pickCityIndex(r)]!,
  };
}

export const SPACE_THEMES: Partial<Record<TSpaceTypeName, THeaderTheme>> = {
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

export const themeOfSport = (sport: TSportName): THeaderTheme =>
  SPACE_THEMES[findSport(sport)!.spaceType.name] ?? "abstract";

/** The words a listing's name is made of, for a listing in this city. */
export const nameWords = (r: TRandom, city: TPlace): TNameWords => ({
  city: city.name,
  prefix: r.pick(PREFIXES),
  surname: r.pick(SURNAMES),
  state: stateOf(city).name,
});

function uniqueSlug(b: TBuilder, name: string, stateCode: string): string {
  const base = slugify(name);
  let slug = base;
  if (b.slugs.has(slug)) slug = `${base}-${stateCode.toLowerCase()}`;
  for (let n = 2; b.slugs.has(slug); n++) slug = `${base}-${stateCode.toLowerCase()}-${n}`;
  b.slugs.add(slug);
  return slug;
}

function logoFor(b: TBuilder, r: TRandom, name: string): string | null {
  const { images } = b.input;
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

export type TNewProfile = {
  kind: TProfileKind;
  name: string;
  city: TPlace;
  point: TPoint;
  theme: THeaderTheme;
  /** The share of these listings that pay for a tier; none when absent. */
  tierShare?: number;
};

/** A listing's profile row, added to the network; its description comes later, from its details. */
export function addProfile(b: TBuilder, r: TRandom, listing: TNewProfile): TProfileRow {
  const { kind, name, city, point, theme, tierShare } = listing;
  const slug = uniqueSlug(b, name, city.state);
  const ageDays = r.int(1, 730);
  const created = b.todayMs - ageDays * DAY_MS - r.int(0, 43_200) * 1000;
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
    postalCode: postalCode(b.input.postal, r, city, point),
    country: city.country,
    lat: point.lat,
    lng: point.lng,
    placeId: null,
    logo: logoFor(b, r, name),
    headerImage: r.chance(0.04) ? null : r.pick(b.input.images.headers[theme]),
    featuredVideo: null,
    website: r.chance(0.75) ? `https://www.${label}.example` : null,
    phone: r.chance(0.8)
      ? `(${r.int(2, 9)}${r.int(0, 8)}${r.int(0, 9)}) 555-01${String(r.int(0, 99)).padStart(2, "0")}`
      : null,
    email: r.chance(0.7) ? `info@${label}.example` : null,
    status,
    tier: tierShare && r.chance(tierShare) ? pickWeighted(r, TIER_WEIGHTS) : null,
    isActive: status === "pending" || !r.chance(0.01),
    likeCount: 0,
    followerCount: 0,
    createdDate: new Date(created),
    updatedDate: new Date(updated),
    createdBy: DEMO_USERS.admin.id,
    updatedBy: DEMO_USERS.admin.id,
    sportNames: [],
  };
  b.network.profiles.push(row);
  return row;
}

export const addSports = (b: TBuilder, profile: TProfileRow, sports: readonly TSportName[]) => {
  profile.sportNames.push(...sports);
  for (const name of sports) {
    b.network.profileSports.push({ profileId: profile.id, kind: profile.kind, name });
  }
};
