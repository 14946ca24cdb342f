// What a profile search matches (TSearchCriteria, the service's resolution of the API filter) as
// one SQL condition, `whereOf`, and the geometry and text pieces its orders read: the page, the
// count, the sponsored lead and the facets (search/repository.ts) all filter with it.

import type { TTier } from "@hostfield/domain/reference";
import {
  and,
  arrayOverlaps,
  eq,
  exists,
  getTableColumns,
  gte,
  ilike,
  lte,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { TDb } from "../../platform/db/database";
import { constant, type TBind } from "../../platform/db/statements";
import { isListedUnder, type TKindDescriptor } from "../descriptor";
import { BULK_KIND, profileAmenities, profileSpaceTypes, profileSports, profiles } from "../schema";

export const METERS_PER_MILE = 1609.344;

/** Below this many characters trigrams say nothing useful, so text is matched by ILIKE alone. */
export const MIN_TRIGRAM_TEXT = 3;

/**
 * A text to match and how: by its words (`fuzzy` false: every word in the name, city or
 * description, the last one also as the start of a word), or, when no listing of the search has
 * them (the service asks `anyMatch` first), by the name's trigram similarity, which forgives typos.
 */
export type TSearchText = { value: string; fuzzy: boolean };

/**
 * What to match, already resolved from the API filter: a list that is undefined does not filter;
 * an empty `stateNames` matches nothing (states and regions that do not overlap).
 */
export type TSearchCriteria = {
  /** The kind searched: its definition says which of its fields the detail filters read. */
  kind: TKindDescriptor;
  text?: TSearchText | undefined;
  /** The search centre: measures every row and may order by distance, with or without a radius. */
  point?: { lat: number; lng: number } | undefined;
  radiusMiles?: number | undefined;
  sports?: readonly string[] | undefined;
  amenities?: readonly string[] | undefined;
  /** One space of the profile must satisfy every given part. */
  space?:
    | {
        names?: readonly string[] | undefined;
        surfaces?: readonly string[] | undefined;
        location?: string | undefined;
      }
    | undefined;
  types?: readonly string[] | undefined;
  stateNames?: readonly string[] | undefined;
  tiers?: readonly TTier[] | undefined;
  /** Only points in this box; `west > east` crosses the antimeridian. */
  bounds?: { south: number; west: number; north: number; east: number } | undefined;
  /** Kinds with dates (events): days that overlap this window (either end open), ends inclusive. */
  dates?: { from?: string | undefined; to?: string | undefined } | undefined;
  /** Kinds with an age group: the stored groups that match (already widened by the service). */
  ageGroups?: readonly string[] | undefined;
  /** Kinds with a category: only this one (the Marketed events marketplace). */
  category?: string | undefined;
  /** Kinds managed through other listings (facilities): only those listed under this one. */
  parentId?: string | undefined;
  /** Venues with a calendar: only those free on every day of this window (see TFreeInWindow). */
  free?: { from: string; to: string; condition: TFreeInWindow } | undefined;
};

/**
 * The condition that keeps listings of `kind` free on every day from `from` to `to` (placeholders
 * the search binds), over the listing's id; undefined for a kind that keeps no calendar. The
 * availability module's, handed over by the composition (profiles/ reads no module's tables).
 */
export type TFreeInWindow = (
  kind: TKindDescriptor["kind"],
  profileId: SQLWrapper,
  from: SQLWrapper,
  to: SQLWrapper,
) => SQL | undefined;

/** The order of the matches (before the id that keeps pages stable). */
export type TSearchOrder = "text" | "distance" | "likes" | "name" | "newest" | "soonest";

const some = <T>(list: readonly T[] | undefined): list is readonly T[] => !!list && list.length > 0;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Matches the GiST index `profiles_earth_idx` expression exactly. */
const profileEarth = sql`ll_to_earth(${profiles.lat}, ${profiles.lng})`;
const pointEarth = (p: { lat: number; lng: number }, bind: TBind) =>
  sql`ll_to_earth(${bind("lat", p.lat)}::float8, ${bind("lng", p.lng)}::float8)`;
/** Great-circle metres on earthdistance's sphere (see platform/geo/distance.ts). */
export const distanceMeters = (p: { lat: number; lng: number }, bind: TBind) =>
  sql`earth_distance(${pointEarth(p, bind)}, ${profileEarth})`;
/**
 * Nearest first, as the GiST index `profiles_listed_earth_idx` walks it (kind, then the point): the
 * straight-line distance through the sphere, which orders points as the great-circle one does.
 */
export const nearness = (p: { lat: number; lng: number }, bind: TBind) =>
  sql`${profileEarth} <-> ${pointEarth(p, bind)}`;

/** `column = any($n)`: one array value whatever the list's length, so one statement serves all. */
const anyOf = (column: SQLWrapper, label: string, values: readonly unknown[], bind: TBind) =>
  sql`${column} = any(${bind(label, [...values])})`;

/**
 * A listing with a row in `table` (its sports, its amenities) naming one of `names`. Another kind
 * than facilities asks the row's kind too (its reference makes it the listing's), for its own
 * index (schema.ts, NOT_FACILITY); facilities' rows are read from the whole table's index by name
 * and listing, which has no kind to check.
 */
const namesOne = (
  db: TDb,
  table: typeof profileSports | typeof profileAmenities,
  kind: string,
  label: string,
  names: readonly string[],
  bind: TBind,
) =>
  exists(
    db
      .select({ one })
      .from(table)
      .where(
        and(
          eq(table.profileId, profiles.id),
          kind === BULK_KIND ? undefined : sql`${table.kind} = ${constant(kind)}`,
          anyOf(table.name, label, names, bind),
        ),
      ),
  );

/** Matches the GiST index `profiles_point_idx` expression exactly: x is longitude, y latitude. */
const profilePoint = sql`point(${profiles.lng}, ${profiles.lat})`;
const lngLatBox = (west: number, south: number, east: number, north: number, bind: TBind) =>
  sql`box(point(${bind("west", west)}::float8, ${bind("south", south)}::float8), point(${bind("east", east)}::float8, ${bind("north", north)}::float8))`;

/**
 * In the box, edges included. `point <@ box` is what the GiST index answers (a 2-D search, where a
 * B-tree on lat or lng would scan a whole band of the globe); a point with a null coordinate is
 * null and never matches. A box across the antimeridian is the two boxes either side of it, which
 * the planner answers with one index scan each.
 */
function boundsCondition(b: NonNullable<TSearchCriteria["bounds"]>, bind: TBind): SQL {
  if (b.west <= b.east)
    return sql`${profilePoint} <@ ${lngLatBox(b.west, b.south, b.east, b.north, bind)}`;
  return or(
    sql`${profilePoint} <@ ${lngLatBox(b.west, b.south, 180, b.north, bind)}`,
    sql`${profilePoint} <@ ${lngLatBox(-180, b.south, b.east, b.north, bind)}`,
  )!;
}

/**
 * The listing's words (`profiles_search_vector_idx`): its name weighted A, city B, description C,
 * a stored column that migration 0045 declares (profiles/schema.ts says why not drizzle).
 */
const searchVector = sql`${profiles}.search_vector`;

/**
 * The names of the listing's sports, in no set order: a copy PostgreSQL keeps of its
 * `profile_sports` rows (triggers of migration 0052, which declares it, as 0045 does the words).
 */
const sportNames = sql`${profiles}.sport_names`;

export const one = sql`1`;

/**
 * The words of a text as a tsquery's source: letters and digits only (nothing of the query
 * syntax gets through), each required, each restricted to `weights` if given ("A": the name's).
 * Stemming and stop words are to_tsquery('english')'s. No word is a prefix: `center:*` read
 * 70,000 index entries at a million listings where `center` read 24,000; a word being typed is
 * found inside a name or city by ILIKE. Undefined when the text has no word.
 */
export function wordsQuery(text: string, weights = ""): string | undefined {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu);
  if (!words) return undefined;
  return words.map((w) => (weights ? `${w}:${weights}` : w)).join(" & ");
}

/** The text's words are the listing's (see wordsQuery); `weights` "A": its name's. */
function hasWords(text: string, bind: TBind, label: string, weights = ""): SQL | undefined {
  const query = wordsQuery(text, weights);
  if (!query) return undefined;
  return sql`${searchVector} @@ to_tsquery('english', ${bind(label, query)})`;
}

const containing = (text: string) => `%${escapeLike(text)}%`;

/**
 * The text's condition: short texts (under MIN_TRIGRAM_TEXT) as a part of the name or city; else
 * its words, or the whole text inside the name or city, or, `fuzzy`, the name's trigrams (typos).
 */
function textCondition(text: TSearchText, bind: TBind): SQL | undefined {
  const { value } = text;
  if (value.length < MIN_TRIGRAM_TEXT) {
    return or(
      ilike(profiles.name, bind("shortPattern", containing(value))),
      ilike(profiles.city, bind("shortPattern", containing(value))),
    );
  }
  if (text.fuzzy) return sql`${profiles.name} % ${bind("fuzzyText", value)}`;
  return or(
    hasWords(value, bind, "words"),
    ilike(profiles.name, bind("pattern", containing(value))),
    ilike(profiles.city, bind("pattern", containing(value))),
  );
}

/** The text (of words) is in the listing's name: the best match lists those first. */
export function nameCondition(text: TSearchText, bind: TBind): SQL {
  return or(
    hasWords(text.value, bind, "nameWords", "A"),
    ilike(profiles.name, bind("pattern", containing(text.value))),
  )!;
}

/** Whether the text is matched by its words (see TSearchText): ranked in two parts, name first. */
export const byWords = (text: TSearchText | undefined): text is TSearchText =>
  !!text && !text.fuzzy && text.value.length >= MIN_TRIGRAM_TEXT;

/** A column of the kind's detail table, by the field's name (columns are named as the API names them). */
export function detailColumn(d: TKindDescriptor, field: string): PgColumn {
  const column: PgColumn | undefined = getTableColumns(d.detail.table)[field];
  if (!column) throw new Error(`The ${d.label} has no detail column "${field}".`);
  return column;
}

/** The `types` filter's field of the kind: its column and whether it holds a list (tags). */
export function typeField(d: TKindDescriptor): { column: PgColumn; many: boolean } | null {
  const name = d.definition.search?.types;
  if (!name) return null;
  return { column: detailColumn(d, name), many: d.definition.fields[name]?.type === "tags" };
}

/**
 * What the filter asks of the kind's own fields, as one EXISTS on its detail table: its type list,
 * a date window, age groups, a category; each only where the definition names such a field.
 *
 * Listings whose [start, end] overlaps the window match: one with flexible dates will be held on
 * some days within [start, end] (spec §2, "Flexible b/w {start} - {end}"), so its window
 * overlapping the searched one is the same test: it may take place then, and hiding it would hide
 * exactly the organizers open to those dates. `event_details_dates_idx` (start_date, end_date)
 * serves the window when it drives the join. An empty list of age groups matches nothing.
 */
function detailCondition(db: TDb, c: TSearchCriteria, bind: TBind): SQL | undefined {
  const d = c.kind;
  const search = d.definition.search ?? {};
  const parts: (SQL | undefined)[] = [];
  const type = typeField(d);
  if (type && some(c.types)) {
    parts.push(
      type.many
        ? arrayOverlaps(type.column, bind("typesOverlap", [...c.types]))
        : anyOf(type.column, "types", c.types, bind),
    );
  }
  if (search.dates && (c.dates?.from || c.dates?.to)) {
    const { from, to } = c.dates;
    if (from) parts.push(gte(detailColumn(d, search.dates.end), bind("from", from)));
    if (to) parts.push(lte(detailColumn(d, search.dates.start), bind("to", to)));
  }
  if (search.ageGroup && c.ageGroups) {
    parts.push(anyOf(detailColumn(d, search.ageGroup), "ageGroups", c.ageGroups, bind));
  }
  if (search.category && c.category)
    parts.push(eq(detailColumn(d, search.category), bind("category", c.category)));
  if (parts.length === 0) return undefined;
  return exists(
    db
      .select({ one })
      .from(d.detail.table)
      .where(and(eq(d.detail.table.profileId, profiles.id), ...parts)),
  );
}

/**
 * The filter; every value the criteria give goes through `bind` (kind and status are constants of
 * the text). `exclude`: listings left out (the sponsored lead, placed apart).
 */
export function whereOf(
  db: TDb,
  c: TSearchCriteria,
  bind: TBind,
  exclude: readonly string[] = [],
): SQL {
  const conditions: (SQL | undefined)[] = [
    sql`${profiles.kind} = ${constant(c.kind.kind)}`,
    sql`${profiles.status} = ${constant("approved")}`,
    sql`${profiles.isActive} = ${constant(true)}`,
  ];
  if (c.text) conditions.push(textCondition(c.text, bind));
  if (c.point && c.radiusMiles !== undefined) {
    const meters = c.radiusMiles * METERS_PER_MILE;
    // The box finds candidates through the GiST index; the distance trims the box's corners.
    conditions.push(
      sql`earth_box(${pointEarth(c.point, bind)}, ${bind("meters", meters)}::float8) @> ${profileEarth}`,
      sql`${distanceMeters(c.point, bind)} <= ${bind("meters", meters)}::float8`,
    );
  }
  if (c.bounds) conditions.push(boundsCondition(c.bounds, bind));
  conditions.push(detailCondition(db, c, bind));
  if (some(c.sports)) {
    // Nearest first, the walk of `profiles_listed_earth_idx` checks each point's sports in the
    // index's own copy of them (migration 0052); in another order, the sports' own index.
    conditions.push(
      c.point
        ? sql`${sportNames} && ${bind("sports", [...c.sports])}::text[]`
        : namesOne(db, profileSports, c.kind.kind, "sports", c.sports, bind),
    );
  }
  if (some(c.amenities)) {
    conditions.push(namesOne(db, profileAmenities, c.kind.kind, "amenities", c.amenities, bind));
  }
  const space = c.space;
  if (space && (some(space.names) || some(space.surfaces) || space.location)) {
    conditions.push(
      exists(
        db
          .select({ one })
          .from(profileSpaceTypes)
          .where(
            and(
              eq(profileSpaceTypes.profileId, profiles.id),
              some(space.names)
                ? anyOf(profileSpaceTypes.name, "spaceNames", space.names, bind)
                : undefined,
              some(space.surfaces)
                ? anyOf(profileSpaceTypes.surface, "surfaces", space.surfaces, bind)
                : undefined,
              space.location
                ? eq(profileSpaceTypes.location, bind("location", space.location))
                : undefined,
            ),
          ),
      ),
    );
  }
  // An empty list here is deliberate (nothing can match): `= any('{}')` is false.
  if (c.stateNames) conditions.push(anyOf(profiles.state, "states", c.stateNames, bind));
  if (some(c.tiers)) conditions.push(anyOf(profiles.tier, "tiers", c.tiers, bind));
  if (c.free) {
    const { from, to, condition } = c.free;
    conditions.push(
      condition(c.kind.kind, profiles.id, bind("freeFrom", from), bind("freeTo", to)),
    );
  }
  if (exclude.length > 0) {
    conditions.push(sql`not (${profiles.id} = any(${bind("exclude", [...exclude])}))`);
  }
  if (c.parentId !== undefined) {
    const through = c.kind.managedThrough;
    // A kind listed under nothing has nothing under a parent.
    conditions.push(
      through
        ? isListedUnder(through, sql`${profiles.id}`, sql`${bind("parentId", c.parentId)}::uuid`)
        : sql`false`,
    );
  }
  return and(...conditions)!;
}
