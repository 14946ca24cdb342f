// Which destinations and facilities a published request reaches, how well each fits (0-100) and
// why, in the words the recipient reads. Pure: the repository's SQL only narrows the candidates,
// every decision is taken here.
import type { TTier } from "@hostfield/domain/reference";
import {
  calendarReasons,
  dateSetsFit,
  LEAD_SCORE_PARTS,
  qualifyingFacilitiesReason,
  sportsReason,
  type TCalendarRange,
  type TDateSet,
  type TSetFit,
  tierAllowsHotLeads,
  tierAllowsRfpMarketplace,
  workableSets,
} from "@hostfield/domain/rules";
import { distanceMiles, type TLatLng } from "../../platform/geo/distance";

/** The parts of a request that matching reads. */
export type TMatchRequest = {
  sportsList: readonly string[];
  needsSpecificFacilityType: boolean;
  facilityTypes: readonly string[];
  needsSpecificSpaceType: boolean;
  spaceType: string | null;
  spaceSurface: string | null;
  spaceTypeCount: number | null;
  spaceLocation: string | null;
  /** The resolved address; null looks nationally. */
  point: TLatLng | null;
  /** Miles around the point. */
  dist: number | null;
  /** "Indianapolis, IN", for the distance reason. */
  placeLabel: string | null;
  /**
   * The date sets the request accepts (rules/request-dates.ts `requestDateSets`: its alternative
   * sets, its window's sets, or the event's dates), in date order; a venue's calendar must leave
   * one of them free. Empty: dates are not checked.
   */
  dateSets: readonly TDateSet[];
};

export type TSpace = {
  id: string;
  name: string;
  surface: string;
  count: number;
  location: string;
};

/** A facility's own data: what it offers, wherever it is. */
export type TFacilityFacts = {
  id: string;
  name: string;
  sports: readonly string[];
  facilityTypes: readonly string[];
  spaces: readonly TSpace[];
  /** Its calendar's ranges over the request's date sets; null (or absent) when it keeps none. */
  calendar?: readonly TCalendarRange[] | null;
};

/** A listing that may receive a lead: where it is and the membership that gates it. */
export type TRecipient = {
  id: string;
  name: string;
  lat: number | null;
  lng: number | null;
  tier: string | null;
  isActive: boolean;
  /** A destination's own calendar over the request's date sets; null (or absent) when it keeps none. */
  calendar?: readonly TCalendarRange[] | null;
};

export type TFacilityCandidate = TRecipient & { facts: TFacilityFacts };
/** A destination with the (approved, active) facilities listed under it. */
export type TDestinationCandidate = TRecipient & { facilities: readonly TFacilityFacts[] };

export type TMatch = {
  ownerType: "Facility" | "Destination";
  ownerId: string;
  score: number;
  reasons: string[];
  distanceMiles: number | null;
  /** The recipient's tier has hot leads: a hot request reaches it at once. */
  hotLeads: boolean;
};

/** How a facility meets the request on its own data; null when it does not. */
export type TFacilityFit = {
  facility: TFacilityFacts;
  sportsOffered: number;
  /** Spaces of the asked type, surface and location (0 when no space type is asked). */
  spaceCount: number;
  facilityTypes: string[];
  /**
   * How its calendar meets each of the request's date sets, in their order (one free at least);
   * null when it keeps none or dates are not checked.
   */
  availability: TSetFit[] | null;
};

/**
 * What one matching pass remembers: each venue's calendar judged once (a facility is judged as a
 * candidate and again under each destination that lists it; a window holds up to a year of sets).
 */
export type TMatchMemo = Map<string, TSetFit[] | null>;

const SPORTS_WEIGHT = LEAD_SCORE_PARTS.sports.points;
const DISTANCE_WEIGHT = LEAD_SCORE_PARTS.distance.points;

const membershipOf = (r: TRecipient) => ({ isActive: r.isActive, tier: r.tier as TTier | null });

/** "Both" (or nothing) takes either location. */
const locationMatches = (asked: string | null, location: string) =>
  !asked || asked === "Both" || asked === location;

/**
 * A facility qualifies on its data when it offers at least one of the requested sports; when a
 * specific space type is needed, its spaces of that name, surface (if given) and location (if not
 * Both) add up to the count asked (at least one); when a specific facility type is needed, it is
 * one of them.
 */
export function facilityFit(
  request: TMatchRequest,
  facility: TFacilityFacts,
  memo: TMatchMemo = new Map(),
): TFacilityFit | null {
  const sports = new Set(request.sportsList);
  const sportsOffered = new Set(facility.sports.filter((s) => sports.has(s))).size;
  if (sportsOffered === 0) return null;
  const asked = qualifyingSpaces(request, facility);
  const spaceCount = asked ? asked.spaces.reduce((sum, s) => sum + s.count, 0) : 0;
  if (asked && spaceCount < asked.needed) return null;
  const facilityTypes = request.needsSpecificFacilityType
    ? facility.facilityTypes.filter((t) => request.facilityTypes.includes(t))
    : [];
  if (request.needsSpecificFacilityType && facilityTypes.length === 0) return null;
  let availability = memo.get(facility.id);
  if (availability === undefined) {
    availability = calendarFit(request, facility.calendar, asked);
    memo.set(facility.id, availability);
  }
  if (availability && !availability.some((f) => f.free)) return null;
  return { facility, sportsOffered, spaceCount, facilityTypes, availability };
}

/** The asked spaces a facility has, by space type, and how many are needed (none asked: null). */
function qualifyingSpaces(request: TMatchRequest, facility: TFacilityFacts) {
  if (!request.needsSpecificSpaceType) return null;
  const spaces = facility.spaces.filter(
    (s) =>
      s.name === request.spaceType &&
      (!request.spaceSurface || s.surface === request.spaceSurface) &&
      locationMatches(request.spaceLocation, s.location),
  );
  return { spaces, needed: Math.max(1, request.spaceTypeCount ?? 1) };
}

/**
 * How a calendar meets each of the request's date sets (rules/request-dates.ts: each day judged
 * once); null when the venue keeps no calendar or the request's dates are not checked.
 */
function calendarFit(
  request: TMatchRequest,
  calendar: readonly TCalendarRange[] | null | undefined,
  ask: ReturnType<typeof qualifyingSpaces>,
): TSetFit[] | null {
  if (request.dateSets.length === 0 || !calendar) return null;
  return dateSetsFit(request.dateSets, calendar, ask);
}

/**
 * A destination's sets: its own calendar's when it keeps one; else, set by set, its best
 * facility that can take the set (by `byFit`; one without a calendar takes every set, unjudged).
 * Null when the best facility keeps no calendar: the destination's lead says "Calendar not kept".
 */
function destinationSets(
  request: TMatchRequest,
  own: TSetFit[] | null,
  fits: readonly TFacilityFit[],
): TSetFit[] | null {
  if (own) return own;
  const best = fits[0]?.availability;
  if (!best) return null;
  return request.dateSets.map((set, i) => {
    for (const fit of fits) {
      const onSet = fit.availability?.[i];
      if (!onSet) return { set, free: true, takenDays: [], needDays: [], discountPercent: null };
      if (onSet.free) return onSet;
    }
    return best[i]!;
  });
}

/**
 * The calendar's reasons around the others: need dates first (what the venue most wants to see),
 * which sets are free (or "Calendar not kept") last.
 */
function withAvailability(
  request: TMatchRequest,
  reasons: string[],
  fits: readonly TSetFit[] | null,
): string[] {
  if (request.dateSets.length === 0) return reasons;
  const { first, last } = calendarReasons(
    fits ? workableSets(fits) : null,
    request.dateSets.length,
  );
  return [...first, ...reasons, ...last];
}

/** Distance from the request's point, or null when looking nationally or the listing has no point. */
function distanceFrom(request: TMatchRequest, r: TRecipient): number | null {
  if (!request.point || r.lat === null || r.lng === null) return null;
  return distanceMiles(request.point, { lat: r.lat, lng: r.lng });
}

/** Nationally everywhere is in reach; with a radius, only points within it. */
function inReach(request: TMatchRequest, distance: number | null): boolean {
  if (!request.point) return true;
  return distance !== null && distance <= (request.dist ?? 0);
}

/**
 * LEAD_SCORE_PARTS: points for the share of the requested sports offered, and for closeness: the
 * whole part at the request's point (or nationally), falling linearly to 0 at the edge of the radius.
 */
export function matchScore(request: TMatchRequest, sportsOffered: number, distance: number | null) {
  const sports = sportsOffered / Math.max(1, new Set(request.sportsList).size);
  const closeness =
    request.point && request.dist && distance !== null ? 1 - distance / request.dist : 1;
  const score = SPORTS_WEIGHT * Math.min(1, sports) + DISTANCE_WEIGHT * Math.max(0, closeness);
  return Math.max(0, Math.min(100, Math.round(score)));
}

// ---- reasons ----

/** "court" → "courts", "golf course" → "golf courses", "class" → "classes", "facility" → "facilities". */
export function plural(noun: string, count: number): string {
  if (count === 1) return noun;
  if (/(s|x|z|ch|sh)$/.test(noun)) return `${noun}es`;
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  return `${noun}s`;
}

/** "4 hardwood courts, needs 4"; with `at`: "6 hardwood courts at Hoosier Courts, needs 4". */
export function spaceReason(request: TMatchRequest, count: number, at?: string): string {
  const surface = request.spaceSurface ? `${request.spaceSurface.toLowerCase()} ` : "";
  const name = plural((request.spaceType ?? "space").toLowerCase(), count);
  const needs = request.spaceTypeCount ? `, needs ${request.spaceTypeCount}` : "";
  return `${count} ${surface}${name}${at ? ` at ${at}` : ""}${needs}`;
}

export function distanceReason(request: TMatchRequest, distance: number | null): string {
  if (!request.point) return "Looking nationally";
  const place = request.placeLabel ?? "the requested place";
  if (distance === null) return `Near ${place}`;
  return distance < 1 ? `Under 1 mi from ${place}` : `${Math.round(distance)} mi from ${place}`;
}

/** The reasons a facility's own data gives: sports, space, location, facility type. */
function fitReasons(request: TMatchRequest, fit: TFacilityFit, at?: string): string[] {
  const reasons = [sportsReason(fit.sportsOffered, new Set(request.sportsList).size, at)];
  if (request.needsSpecificSpaceType) {
    reasons.push(spaceReason(request, fit.spaceCount, at));
    if (request.spaceLocation === "Indoor" || request.spaceLocation === "Outdoor") {
      reasons.push(request.spaceLocation);
    }
  }
  if (request.needsSpecificFacilityType) reasons.push(fit.facilityTypes.join(", "));
  return reasons;
}

/** Best first: more of the requested sports, then more of the asked spaces, then by name. */
const byFit = (a: TFacilityFit, b: TFacilityFit) =>
  b.sportsOffered - a.sportsOffered ||
  b.spaceCount - a.spaceCount ||
  a.facility.name.localeCompare(b.facility.name);

export function matchFacility(
  request: TMatchRequest,
  c: TFacilityCandidate,
  memo: TMatchMemo = new Map(),
): TMatch | null {
  if (!tierAllowsRfpMarketplace(membershipOf(c))) return null;
  const distance = distanceFrom(request, c);
  if (!inReach(request, distance)) return null;
  const fit = facilityFit(request, c.facts, memo);
  if (!fit) return null;
  return {
    ownerType: "Facility",
    ownerId: c.id,
    score: matchScore(request, fit.sportsOffered, distance),
    reasons: withAvailability(
      request,
      [...fitReasons(request, fit), distanceReason(request, distance)],
      fit.availability,
    ),
    distanceMiles: distance,
    hotLeads: tierAllowsHotLeads(membershipOf(c)),
  };
}

/**
 * A destination qualifies when it is in reach and at least one facility listed under it
 * qualifies on its own data (that facility's tier and place do not matter: the destination
 * answers for it). It is scored on its best facility's sports and its own distance.
 */
export function matchDestination(
  request: TMatchRequest,
  c: TDestinationCandidate,
  memo: TMatchMemo = new Map(),
): TMatch | null {
  if (!tierAllowsRfpMarketplace(membershipOf(c))) return null;
  const distance = distanceFrom(request, c);
  if (!inReach(request, distance)) return null;
  const fits = c.facilities
    .map((f) => facilityFit(request, f, memo))
    .filter((f): f is TFacilityFit => f !== null)
    .sort(byFit);
  const best = fits[0];
  if (!best) return null;
  // Its own calendar speaks for the whole destination; without one, its facilities' do, set by set.
  const own = calendarFit(request, c.calendar, null);
  if (own && !own.some((f) => f.free)) return null;
  return {
    ownerType: "Destination",
    ownerId: c.id,
    score: matchScore(request, best.sportsOffered, distance),
    reasons: withAvailability(
      request,
      [
        qualifyingFacilitiesReason(fits.length),
        ...fitReasons(request, best, best.facility.name),
        distanceReason(request, distance),
      ],
      destinationSets(request, own, fits),
    ),
    distanceMiles: distance,
    hotLeads: tierAllowsHotLeads(membershipOf(c)),
  };
}

/** Every qualifying recipient, best score first. */
export function matchRequest(
  request: TMatchRequest,
  candidates: {
    facilities: readonly TFacilityCandidate[];
    destinations: readonly TDestinationCandidate[];
  },
): TMatch[] {
  const memo: TMatchMemo = new Map();
  const matches = [
    ...candidates.facilities.map((c) => matchFacility(request, c, memo)),
    ...candidates.destinations.map((c) => matchDestination(request, c, memo)),
  ].filter((m): m is TMatch => m !== null);
  return matches.sort((a, b) => b.score - a.score || a.ownerId.localeCompare(b.ownerId));
}
