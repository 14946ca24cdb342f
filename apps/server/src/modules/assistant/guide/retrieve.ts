// Finding the listings of a destination's area that meet a question's facts, by the rules of
// docs/assistant.md ("What meeting a fact means"), best first, each with the facts an answer cites.
// The built-in guide calls these with what it understood; the language model calls them as tools.
import { findSport, SPACE_TYPE_NAMES, type TLocation } from "@hostfield/domain/reference";
import {
  formatCount,
  GUIDE_AREA_MILES,
  GUIDE_NEAR_MILES,
  spaceFamilyOf,
} from "@hostfield/domain/rules";
import { distanceMiles } from "../../../platform/geo/distance";
import type { TListingSpace } from "../../../profiles";
import type { TAssistantContext } from "../context";
import type { TGuideArea, TGuideListing, TPoint } from "./area";

/** A listing that meets the question, with what to say of it and how it ranks. */
export type TFound = {
  listing: TGuideListing;
  /** The facts that made it: "8 indoor hardwood courts · seats 8,550 · 15 mi from downtown". */
  detail: string;
  /** Miles from the anchor (or the destination). */
  miles: number | null;
  /** Matching spaces, for venues. */
  spaces: number;
  /** A hotel's nightly rate (the stay's, or its lowest listed). */
  rate: number | null;
};

export type TFoundList = { found: TFound[]; total: number };

export type TVenueQuery = {
  sports?: readonly string[];
  spaceTypes?: readonly string[];
  surfaces?: readonly string[];
  location?: TLocation | null;
  minCount?: number | null;
  facilityTypes?: readonly string[];
  minCapacity?: number | null;
  amenities?: readonly string[];
};

/** A price ceiling: "under $150" (exclusive) or "$150 or less" (inclusive). */
export type TRateLimit = { value: number; inclusive: boolean };

export type THotelQuery = {
  /** Where "near" is measured from: a listing of the area; the destination when absent. */
  near?: TGuideListing | null;
  radiusMiles?: number | null;
  maxRate?: TRateLimit | null;
  stay?: { checkIn: string; checkOut: string } | null;
  amenities?: readonly string[];
};

export const PLACE_CATEGORIES = [
  "food",
  "activities",
  "shopping",
  "transport",
  "banquets",
] as const;
export type TPlaceCategory = (typeof PLACE_CATEGORIES)[number];

export type TPlaceQuery = {
  category?: TPlaceCategory | null;
  kids?: boolean;
  groups?: boolean;
  near?: TGuideListing | null;
  radiusMiles?: number | null;
  /** Words to find in names and descriptions ("pizza", "bowling"). */
  text?: string | null;
};

export type TEventQuery = {
  sports?: readonly string[];
  /** Events overlapping these days (YYYY-MM-DD). */
  from?: string | null;
  to?: string | null;
};

const lower = (s: string) => s.toLowerCase();
const plural = (n: number, word: string) =>
  n === 1 ? word : word.endsWith("s") ? word : `${word}s`;
const miles = (m: number) => `${m < 10 ? m.toFixed(1) : Math.round(m)} mi`;
const money = (n: number) => `$${Number.isInteger(n) ? n : n.toFixed(2)}`;

/** Nearest first (those with no distance last), then by name. */
const nearestFirst = (a: TFound, b: TFound) =>
  (a.miles ?? Number.POSITIVE_INFINITY) - (b.miles ?? Number.POSITIVE_INFINITY) ||
  a.listing.name.localeCompare(b.listing.name);

/** "8 indoor hardwood courts" */
export function spaceWords(space: TListingSpace): string {
  const surface = space.surface === "N/A" ? "" : `${lower(space.surface)} `;
  return `${space.count} ${lower(space.location)} ${surface}${plural(space.count, lower(space.name))}`;
}

// ---- venues ------------------------------------------------------------------------------------

/** The space types that answer the question: the named ones' families, else the sports'. */
function familyOf(q: TVenueQuery): readonly string[] | null {
  const named = q.spaceTypes ?? [];
  if (named.length > 0) return [...new Set(named.flatMap((s) => spaceFamilyOf(s)))];
  const sports = (q.sports ?? []).flatMap((name) => {
    const sport = findSport(name);
    return sport ? [sport.spaceType.name] : [];
  });
  if (sports.length > 0) return [...new Set(sports.flatMap((s) => spaceFamilyOf(s)))];
  return null;
}

const SPACE_TYPE_SET: ReadonlySet<string> = new Set(SPACE_TYPE_NAMES);

/** A facility type asked for: its types, or (for a word that is also a space type) its spaces. */
function hasFacilityType(listing: TGuideListing, type: string): boolean {
  if (listing.facility?.types.includes(type)) return true;
  return SPACE_TYPE_SET.has(type) && listing.spaces.some((s) => s.name === type);
}

export function findVenues(
  facilities: readonly TGuideListing[],
  q: TVenueQuery,
  from: TPoint | null,
): TFoundList {
  const family = familyOf(q);
  const spaceFacts = !!(q.location || q.surfaces?.length || q.minCount || q.spaceTypes?.length);
  const found: TFound[] = [];
  for (const listing of facilities) {
    if (q.sports?.some((sport) => !listing.sports.includes(sport))) continue;
    if (q.facilityTypes?.length && !q.facilityTypes.some((t) => hasFacilityType(listing, t)))
      continue;
    if (q.minCapacity && (listing.facility?.capacity ?? 0) < q.minCapacity) continue;
    if (q.amenities?.some((a) => !listing.amenities.includes(a))) continue;
    const spaces = listing.spaces.filter(
      (s) =>
        (!family || family.includes(s.name)) &&
        (!q.location || s.location === q.location) &&
        (!q.surfaces?.length || q.surfaces.includes(s.surface)),
    );
    const count = spaces.reduce((sum, s) => sum + s.count, 0);
    if (spaceFacts && spaces.length === 0) continue;
    if (q.minCount && count < q.minCount) continue;
    const distance = from && listing.point ? distanceMiles(from, listing.point) : null;
    const shown = spaceFacts || family ? spaces : listing.spaces;
    const parts = [
      shown.slice(0, 2).map(spaceWords).join(", ") || null,
      q.sports?.length ? null : listing.sports.slice(0, 3).join(", ").toLowerCase() || null,
      listing.facility?.capacity ? `seats ${formatCount(listing.facility.capacity)}` : null,
      listing.city,
    ];
    found.push({
      listing,
      detail: parts.filter(Boolean).join(" · "),
      miles: distance,
      spaces: count,
      rate: null,
    });
  }
  found.sort(
    (a, b) =>
      b.spaces - a.spaces ||
      (q.minCapacity
        ? (b.listing.facility?.capacity ?? 0) - (a.listing.facility?.capacity ?? 0)
        : 0) ||
      nearestFirst(a, b),
  );
  return { found, total: found.length };
}

// ---- hotels ------------------------------------------------------------------------------------

const under = (rate: number | null, limit: TRateLimit | null | undefined) =>
  !limit || (rate !== null && (limit.inclusive ? rate <= limit.value : rate < limit.value));

const nearWords = (near: TGuideListing | null | undefined, area: TGuideArea) =>
  near ? `from ${near.name}` : `from ${area.destination.city ?? area.destination.name}`;

export async function findHotels(
  ctx: TAssistantContext,
  area: TGuideArea,
  q: THotelQuery,
): Promise<TFoundList> {
  const from = q.near?.point ?? area.destination.point;
  const radius = q.radiusMiles ?? (q.near ? GUIDE_NEAR_MILES : GUIDE_AREA_MILES);
  const hotels = (await area.hotels()).filter(
    (h) => !q.amenities?.some((a) => !h.amenities.includes(a)),
  );
  const within = hotels
    .map((listing) => ({
      listing,
      distance: from && listing.point ? distanceMiles(from, listing.point) : null,
    }))
    .filter((h) => h.distance === null || h.distance <= radius + 1e-9);
  const ids = within.map((h) => h.listing.id);
  const [rates, prices] = await Promise.all([
    ctx.stays.roomRates(ids),
    q.stay ? ctx.stays.stayPrices(ids, q.stay) : Promise.resolve(null),
  ]);
  const found: TFound[] = [];
  for (const { listing, distance } of within) {
    const listed = rates.get(listing.id) ?? [];
    const price = prices?.get(listing.id);
    const rate = q.stay ? (price?.lowestRate ?? null) : (listed[0]?.rackRate ?? null);
    if (!under(rate, q.maxRate)) continue;
    const parts = [
      rate === null
        ? q.stay
          ? "no rooms priced for those dates in our records"
          : null
        : q.stay
          ? `${money(rate)} a night for your dates, ${price?.roomsLeft ?? 0} ${plural(price?.roomsLeft ?? 0, "room")} left`
          : `rooms from ${money(rate)} a night`,
      distance === null ? null : `${miles(distance)} ${nearWords(q.near, area)}`,
      listing.hotel?.starRating ? `${listing.hotel.starRating}★` : null,
    ];
    found.push({
      listing,
      detail: parts.filter(Boolean).join(" · "),
      miles: distance,
      spaces: 0,
      rate,
    });
  }
  found.sort(nearestFirst);
  return { found, total: found.length };
}

// ---- businesses --------------------------------------------------------------------------------

const PLACE_CATEGORY_OF: Record<TPlaceCategory, (l: TGuideListing) => boolean> = {
  food: (l) => !!l.business?.placeCategories.includes("Food & Drink"),
  activities: (l) => !!l.business?.placeCategories.includes("Entertainment"),
  shopping: (l) => !!l.business?.placeCategories.includes("Shopping"),
  transport: (l) => !!l.business?.placeCategories.includes("Transport"),
  banquets: (l) => l.business?.category === "Hospitality",
};

export const KIDS_ATTRIBUTE = "Good For Kids";
export const GROUPS_ATTRIBUTE = "Good for Groups";

export async function findPlaces(
  ctx: TAssistantContext,
  area: TGuideArea,
  q: TPlaceQuery,
): Promise<TFoundList> {
  const from = q.near?.point ?? area.destination.point;
  const radius = q.radiusMiles ?? (q.near ? GUIDE_NEAR_MILES : GUIDE_AREA_MILES);
  let places = (await area.businesses()).filter(
    (b) =>
      (!q.category || PLACE_CATEGORY_OF[q.category](b)) &&
      (!q.kids || !!b.business?.attributes.includes(KIDS_ATTRIBUTE)) &&
      (!q.groups || !!b.business?.attributes.includes(GROUPS_ATTRIBUTE)),
  );
  if (q.text?.trim()) {
    const matched = new Set(
      (
        await ctx.profiles.textMatches(
          places.map((p) => p.id),
          q.text,
        )
      ).map((m) => m.id),
    );
    places = places.filter((p) => matched.has(p.id));
  }
  const found: TFound[] = [];
  for (const listing of places) {
    const distance = from && listing.point ? distanceMiles(from, listing.point) : null;
    if (distance !== null && distance > radius + 1e-9) continue;
    const attributes = (listing.business?.attributes ?? []).filter(
      (a) => a === KIDS_ATTRIBUTE || a === GROUPS_ATTRIBUTE,
    );
    const parts = [
      listing.business?.category,
      attributes.length ? attributes.join(", ").toLowerCase() : null,
      distance === null ? listing.city : `${miles(distance)} ${nearWords(q.near, area)}`,
    ];
    found.push({
      listing,
      detail: parts.filter(Boolean).join(" · "),
      miles: distance,
      spaces: 0,
      rate: null,
    });
  }
  found.sort(nearestFirst);
  return { found, total: found.length };
}

// ---- events ------------------------------------------------------------------------------------

export async function findEvents(
  area: TGuideArea,
  q: TEventQuery,
  today: string,
): Promise<TFoundList> {
  const from = q.from && q.from > today ? q.from : today;
  const found: TFound[] = [];
  for (const listing of await area.events()) {
    const event = listing.event;
    if (!event || event.endDate < from) continue;
    if (q.to && event.startDate > q.to) continue;
    if (q.sports?.length && !q.sports.some((s) => listing.sports.includes(s))) continue;
    const days =
      event.startDate === event.endDate
        ? event.startDate
        : `${event.startDate} to ${event.endDate}`;
    found.push({
      listing,
      detail: [event.type, days, listing.sports.slice(0, 2).join(", "), listing.city]
        .filter(Boolean)
        .join(" · "),
      miles: listing.distanceMiles,
      spaces: 0,
      rate: null,
    });
  }
  found.sort(
    (a, b) =>
      a.listing.event!.startDate.localeCompare(b.listing.event!.startDate) ||
      a.listing.name.localeCompare(b.listing.name),
  );
  return { found, total: found.length };
}
