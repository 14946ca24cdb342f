// The filter of the marketplaces' search calls (`POST /{kind}/search`, `search/stats`), one shape
// for every kind; a filter a kind does not have (e.g. surfaces for hotels) simply matches nothing
// narrower than the kind itself.
import { z } from "zod";
import { AMENITY_NAMES } from "../reference/amenities";
import { AGE_GROUPS } from "../reference/events";
import { LOCATION_FILTERS, SPACE_TYPE_NAMES, SURFACES } from "../reference/space-types";
import { SPORT_NAMES } from "../reference/sports";
import { REGIONS, STATES } from "../reference/states";
import { TIERS } from "../reference/tiers";
import { diffDays, isIsoDate } from "../rules/dates";
import { ZIsoDate } from "./common";
import { ZPaging } from "./envelope";

export const PROFILE_SEARCH_SORTS = ["relevance", "distance", "name", "newest"] as const;
export type TProfileSearchSort = (typeof PROFILE_SEARCH_SORTS)[number];

/**
 * The deepest a search page may start. A page walks its order's index from the first match, so
 * `offset` costs as many rows; past the count's cap nobody pages by hand, and a deeper offset is a
 * crawl, which a narrower search serves better.
 */
export const SEARCH_MAX_OFFSET = 10_000;

/** The paging of a search: ZPaging with the offset bounded by SEARCH_MAX_OFFSET. */
export const ZSearchPaging = ZPaging.extend({
  offset: z.coerce.number().int().min(0).max(SEARCH_MAX_OFFSET).default(0),
});

/** The largest radius a search accepts, in miles; no radius means nationally. */
export const SEARCH_MAX_RADIUS_MILES = 3000;

/** The most days a free window (`freeFrom`..`freeTo`, both included) may span: a leap year. */
export const SEARCH_MAX_FREE_WINDOW_DAYS = 366;

const list = <T extends z.ZodType>(item: T) => z.array(item).max(50).optional();

/** Where to look: a point or a place name (city, "City, ST", ZIP), and a radius in miles. */
export const ZSearchNear = z
  .object({
    address: z.string().trim().min(1).max(300).optional(),
    lat: z.number().min(-90).max(90).optional(),
    lng: z.number().min(-180).max(180).optional(),
    /** Miles; absent or null looks nationally (the point still orders by distance). */
    dist: z.number().positive().max(SEARCH_MAX_RADIUS_MILES).nullable().optional(),
  })
  .refine((n) => n.address !== undefined || (n.lat !== undefined && n.lng !== undefined), {
    message: "Give an address, or both lat and lng",
  });
export type TSearchNear = z.infer<typeof ZSearchNear>;

/**
 * The part of the map on screen, in degrees. `west` greater than `east` is a box that crosses the
 * antimeridian (e.g. west 170, east -170 spans 20 degrees around 180); west -180 and east 180 take
 * every longitude. Edges are inclusive.
 */
export const ZSearchBounds = z
  .object({
    south: z.number().min(-90).max(90),
    west: z.number().min(-180).max(180),
    north: z.number().min(-90).max(90),
    east: z.number().min(-180).max(180),
  })
  .refine((b) => b.south <= b.north, {
    message: "south must not be greater than north",
    path: ["south"],
  });
export type TSearchBounds = z.infer<typeof ZSearchBounds>;

export const ZProfileSearchFilter = z
  .object({
    /**
     * Free text: every word in the name, city or description (or the text inside the name or
     * city); the name's trigrams only when no listing has the words (a typo).
     */
    text: z.string().trim().max(200).optional(),
    near: ZSearchNear.optional(),
    /** Only what lies in this box (profiles without coordinates never do); with `near`, both apply. */
    bounds: ZSearchBounds.optional(),
    sports: list(z.enum(SPORT_NAMES)),
    spaceTypes: list(z.enum(SPACE_TYPE_NAMES)),
    surfaces: list(z.enum(SURFACES)),
    spaceLocation: z.enum(LOCATION_FILTERS).optional(),
    amenities: list(z.enum(AMENITY_NAMES as unknown as [string, ...string[]])),
    /** The kind's own type list: facility types, destination type, business category, ... */
    types: list(z.string().min(1).max(100)),
    states: list(z.enum(STATES.map((s) => s.name) as unknown as [string, ...string[]])),
    regions: list(z.enum(REGIONS)),
    tiers: list(z.enum(TIERS)),
    /**
     * Events only: those whose days (or, with flexible dates, whose window) overlap these dates,
     * both inclusive; either end may be left open.
     */
    startDate: ZIsoDate.optional(),
    endDate: ZIsoDate.optional(),
    /** Events only: any of these age groups (see the server's rule for the combined groups). */
    ageGroups: list(z.enum(AGE_GROUPS)),
    /**
     * Venues that keep a calendar (facilities, destinations): only those free on every day from
     * `freeFrom` to `freeTo` (both included; give both or neither; at most
     * SEARCH_MAX_FREE_WINDOW_DAYS days). One rule: a venue is left out when a booked or held range
     * for the whole venue shares a day with the window. Ranges about a space type do not (the
     * venue may still have other spaces free), need dates never do, and a venue that keeps no
     * calendar counts as free, as in matching ("calendar not kept"). Other kinds ignore it.
     */
    freeFrom: ZIsoDate.optional(),
    freeTo: ZIsoDate.optional(),
    sort: z.enum(PROFILE_SEARCH_SORTS).optional(),
  })
  .refine((f) => !f.startDate || !f.endDate || f.startDate <= f.endDate, {
    message: "endDate is before startDate",
    path: ["endDate"],
  })
  .refine((f) => (f.freeFrom === undefined) === (f.freeTo === undefined), {
    message: "Give both freeFrom and freeTo, or neither",
    path: ["freeTo"],
  })
  .refine((f) => !f.freeFrom || !f.freeTo || f.freeFrom <= f.freeTo, {
    message: "freeTo is before freeFrom",
    path: ["freeTo"],
  })
  .refine(
    (f) =>
      !f.freeFrom ||
      !f.freeTo ||
      !isIsoDate(f.freeFrom) ||
      !isIsoDate(f.freeTo) ||
      f.freeTo < f.freeFrom ||
      diffDays(f.freeFrom, f.freeTo) < SEARCH_MAX_FREE_WINDOW_DAYS,
    {
      message: `A free window spans at most ${SEARCH_MAX_FREE_WINDOW_DAYS} days`,
      path: ["freeTo"],
    },
  );
export type TProfileSearchFilter = z.infer<typeof ZProfileSearchFilter>;

/** A facet of `search/stats`: how many results carry each value. */
export const ZFacet = z.array(z.object({ value: z.string(), count: z.number().int().min(0) }));
export const ZProfileSearchStats = z.object({
  count: z.number().int().min(0),
  sports: ZFacet,
  states: ZFacet,
  types: ZFacet,
  amenities: ZFacet,
  tiers: ZFacet,
});
export type TProfileSearchStats = z.infer<typeof ZProfileSearchStats>;

/** A saved search of a member (`PUT /{kind}/search/filters`). */
export const ZSearchPreset = z.object({
  name: z.string().trim().min(1).max(100),
  filter: ZProfileSearchFilter,
});
export const ZSearchPresets = z.array(ZSearchPreset).max(50);
export type TSearchPreset = z.infer<typeof ZSearchPreset>;
