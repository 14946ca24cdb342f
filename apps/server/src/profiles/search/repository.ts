// Only this file holds the SQL of profile search: the filtered page of listings (in the best match,
// led by at most SPONSORED_PER_PAGE of those boosted today) and the facet counts over the same
// filter. The service turns the API filter into TSearchCriteria.

import type { TTier } from "@hostfield/domain/reference";
import { SPONSORED_PER_PAGE, sponsoredWindow } from "@hostfield/domain/rules";
import {
  and,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  exists,
  getTableColumns,
  gte,
  ilike,
  isNotNull,
  lte,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import { type PgColumn, type PgTable, unionAll } from "drizzle-orm/pg-core";
import type { TDb } from "../../platform/db/database";
import { constant, runBound, statementCache, type TBind } from "../../platform/db/statements";
import type { TKindDescriptor } from "../descriptor";
import {
  profileAmenities,
  profileBoosts,
  profileSpaceTypes,
  profileSports,
  profiles,
} from "../schema";

export type TProfileRow = typeof profiles.$inferSelect;
/** A match: `boosted` today (a boost that runs), `sponsored` when placed first by its boost. */
export type TSearchRow = TProfileRow & {
  distanceMiles: number | null;
  boosted: boolean;
  sponsored: boolean;
};

export const METERS_PER_MILE = 1609.344;

/** Below this many characters trigrams say nothing useful, so text is matched by ILIKE alone. */
export const MIN_TRIGRAM_TEXT = 3;

/**
 * What to match, already resolved from the API filter: a list that is undefined does not filter;
 * an empty `stateNames` matches nothing (states and regions that do not overlap).
 */
export type TSearchCriteria = {
  /** The kind searched: its definition says which of its fields the detail filters read. */
  kind: TKindDescriptor;
  text?: string | undefined;
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
export type TSearchOrder = "similarity" | "distance" | "likes" | "name" | "newest" | "soonest";

const some = <T>(list: readonly T[] | undefined): list is readonly T[] => !!list && list.length > 0;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Matches the GiST index `profiles_earth_idx` expression exactly. */
const profileEarth = sql`ll_to_earth(${profiles.lat}, ${profiles.lng})`;
const pointEarth = (p: { lat: number; lng: number }, bind: TBind) =>
  sql`ll_to_earth(${bind("lat", p.lat)}::float8, ${bind("lng", p.lng)}::float8)`;
/** Great-circle metres on earthdistance's sphere (see platform/geo/distance.ts). */
const distanceMeters = (p: { lat: number; lng: number }, bind: TBind) =>
  sql`earth_distance(${pointEarth(p, bind)}, ${profileEarth})`;

/** `column = any($n)`: one array value whatever the list's length, so one statement serves all. */
const anyOf = (column: SQLWrapper, label: string, values: readonly unknown[], bind: TBind) =>
  sql`${column} = any(${bind(label, [...values])})`;

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

// For the text match on descriptions; an index on this exact expression would serve it.
const descriptionVector = sql`to_tsvector('english', coalesce(${profiles.description}, ''))`;

const one = sql`1`;

function textCondition(text: string, bind: TBind): SQL | undefined {
  const pattern = `%${escapeLike(text)}%`;
  if (text.length < MIN_TRIGRAM_TEXT) {
    return or(
      ilike(profiles.name, bind("shortPattern", pattern)),
      ilike(profiles.city, bind("shortPattern", pattern)),
    );
  }
  return or(
    sql`${profiles.name} % ${bind("text", text)}`,
    ilike(profiles.name, bind("pattern", pattern)),
    ilike(profiles.city, bind("pattern", pattern)),
    sql`${descriptionVector} @@ plainto_tsquery('english', ${bind("text", text)})`,
  );
}

/** A column of the kind's detail table, by the field's name (columns are named as the API names them). */
function detailColumn(d: TKindDescriptor, field: string): PgColumn {
  const column = (d.detail.table as unknown as Record<string, PgColumn | undefined>)[field];
  if (!column) throw new Error(`The ${d.label} has no detail column "${field}".`);
  return column;
}

/** The `types` filter's field of the kind: its column and whether it holds a list (tags). */
function typeField(d: TKindDescriptor): { column: PgColumn; many: boolean } | null {
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
function whereOf(db: TDb, c: TSearchCriteria, bind: TBind, exclude: readonly string[] = []): SQL {
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
    conditions.push(
      exists(
        db
          .select({ one })
          .from(profileSports)
          .where(
            and(
              eq(profileSports.profileId, profiles.id),
              anyOf(profileSports.name, "sports", c.sports, bind),
            ),
          ),
      ),
    );
  }
  if (some(c.amenities)) {
    conditions.push(
      exists(
        db
          .select({ one })
          .from(profileAmenities)
          .where(
            and(
              eq(profileAmenities.profileId, profiles.id),
              anyOf(profileAmenities.name, "amenities", c.amenities, bind),
            ),
          ),
      ),
    );
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
    const parents = c.kind.managedThrough?.parents;
    // A kind listed under nothing has nothing under a parent.
    conditions.push(
      parents
        ? sql`${bind("parentId", c.parentId)}::uuid in (${parents(sql`${profiles.id}`)})`
        : sql`false`,
    );
  }
  return and(...conditions)!;
}

/** A boost of the listing runs today (one awaiting its payment does not). */
function boostedToday(db: TDb, today: string, bind: TBind): SQL {
  return exists(
    db
      .select({ one })
      .from(profileBoosts)
      .where(
        and(
          eq(profileBoosts.profileId, profiles.id),
          lte(profileBoosts.startDate, bind("today", today)),
          gte(profileBoosts.endDate, bind("today", today)),
          sql`${profileBoosts.state} = ${constant("active")}`,
        ),
      ),
  );
}

/** The columns an order reads, from the profiles table or from the narrow page subquery. */
type TOrderFields = {
  name: SQLWrapper;
  likeCount: SQLWrapper;
  createdDate: SQLWrapper;
  distanceMiles: SQLWrapper;
  similarity: SQLWrapper;
  startsOn: SQLWrapper;
};

function orderOf(order: TSearchOrder, f: TOrderFields, hasPoint: boolean): SQL[] {
  switch (order) {
    case "similarity":
      return [
        desc(f.similarity),
        ...(hasPoint ? [asc(f.distanceMiles)] : []),
        desc(f.likeCount),
        asc(f.name),
      ];
    case "distance":
      return hasPoint ? [asc(f.distanceMiles), asc(f.name)] : [asc(f.name)];
    case "likes":
      return [desc(f.likeCount), asc(f.name)];
    case "name":
      return [asc(f.name)];
    case "newest":
      return [desc(f.createdDate)];
    case "soonest":
      return [asc(f.startsOn), asc(f.name)];
  }
}

export type TSearchPage = { rows: TSearchRow[]; count: number };

type TPageOptions = {
  order: TSearchOrder;
  /** The best match: at most SPONSORED_PER_PAGE listings boosted today lead the first page. */
  sponsoredLead: boolean;
  today: string;
  window: { limit: number; offset: number };
};

/** The page's statement is rendered once per shape of the search (see platform/db/statements). */
const pageStatements = statementCache();

/**
 * The page query: a narrow, filtered and ordered subquery of ids joined back to the full rows;
 * `exclude` leaves the sponsored lead out.
 */
function pageQuery(
  db: TDb,
  criteria: TSearchCriteria,
  options: Omit<TPageOptions, "sponsoredLead">,
  exclude: readonly string[],
  bind: TBind,
) {
  const { point, text } = criteria;
  const hasPoint = point !== undefined;
  const distance = point
    ? sql<number | null>`${distanceMeters(point, bind)} / ${constant(METERS_PER_MILE)}::float8`
    : sql<number | null>`null::float8`;
  const similarity =
    options.order === "similarity" && text
      ? sql<number | null>`similarity(${profiles.name}, ${bind("text", text)})`
      : sql<number | null>`null::real`;
  // Kinds with dates (events): the first day, read only when the order needs it.
  const dates = criteria.kind.definition.search?.dates;
  const startsOn =
    options.order === "soonest" && dates
      ? sql<
          string | null
        >`(select ${detailColumn(criteria.kind, dates.start)} from ${criteria.kind.detail.table} where ${criteria.kind.detail.table.profileId} = ${profiles.id})`
      : sql<string | null>`null::date`;
  const fields = {
    id: profiles.id,
    name: profiles.name,
    likeCount: profiles.likeCount,
    createdDate: profiles.createdDate,
    boosted: sql<boolean>`${boostedToday(db, options.today, bind)}`.as("boosted"),
    distanceMiles: distance.as("distance_miles"),
    similarity: similarity.as("similarity"),
    startsOn: startsOn.as("starts_on"),
    total: sql<number>`(count(*) over ())::int`.as("total"),
  };
  const page = db
    .select(fields)
    .from(profiles)
    .where(whereOf(db, criteria, bind, exclude))
    .orderBy(...orderOf(options.order, fields, hasPoint), asc(profiles.id))
    .limit(bind("limit", options.window.limit))
    .offset(bind("offset", options.window.offset))
    .as("page");
  return db
    .select({
      ...getTableColumns(profiles),
      distanceMiles: page.distanceMiles,
      boosted: page.boosted,
      total: page.total,
    })
    .from(page)
    .innerJoin(profiles, eq(profiles.id, page.id))
    .orderBy(...orderOf(options.order, page, hasPoint), asc(page.id));
}

/**
 * The sponsored lead: up to SPONSORED_PER_PAGE matches boosted today, in full, in a rotation of the
 * day (a hash of the listing's id and the day), so that the same ones do not always win. Reads
 * only the matches with a boost running (the EXISTS on the boosts' dates), with no window over
 * every match.
 */
function sponsoredQuery(db: TDb, criteria: TSearchCriteria, today: string, bind: TBind) {
  const point = criteria.point;
  const distance = point
    ? sql<number | null>`${distanceMeters(point, bind)} / ${constant(METERS_PER_MILE)}::float8`
    : sql<number | null>`null::float8`;
  return db
    .select({ ...getTableColumns(profiles), distanceMiles: distance.as("distance_miles") })
    .from(profiles)
    .where(and(whereOf(db, criteria, bind), boostedToday(db, today, bind)))
    .orderBy(sql`md5(${profiles.id}::text || ${bind("today", today)})`, asc(profiles.id))
    .limit(bind("sponsoredLimit", SPONSORED_PER_PAGE));
}

/**
 * One page of matches, and the number of all matches. With `sponsoredLead` (the best match) the
 * list opens with the sponsored lead (sponsoredQuery, marked `sponsored`) and goes on with every
 * other match in the order asked, boosted or not, the lead left out and the window shifted by it
 * (sponsoredWindow): pages together hold every match once.
 *
 * The filter runs once, in a narrow subquery (id, sort keys, `count(*) over ()`), whose page of ids
 * is then joined back to the full rows: the total rides on the page's own query, and the window
 * only buffers narrow rows, which keeps a search matching most of the table cheap. Only a page with
 * no row of its own to carry the total costs a second (count) query.
 */
export async function findProfilePage(
  db: TDb,
  criteria: TSearchCriteria,
  options: TPageOptions,
): Promise<TSearchPage> {
  const lead = options.sponsoredLead
    ? await pageStatements<Omit<TSearchRow, "boosted" | "sponsored">>(
        db,
        `${criteria.kind.kind}|sponsored`,
        (bind) => sponsoredQuery(db, criteria, options.today, bind),
      )
    : [];
  const split = sponsoredWindow(lead.length, options.window);
  const exclude = lead.map((r) => r.id);
  // What the statement's text depends on beyond the values bound: the kind (its tables and
  // fields), the order and whether a lead is left out.
  const shape = `${criteria.kind.kind}|${options.order}|${exclude.length > 0}`;
  const rows =
    split.rest.limit > 0
      ? await pageStatements<Omit<TSearchRow, "sponsored"> & { total: number }>(db, shape, (bind) =>
          pageQuery(db, criteria, { ...options, window: split.rest }, exclude, bind),
        )
      : [];
  const first = rows[0];
  const total = first
    ? first.total + lead.length
    : lead.length > 0 || options.window.offset > 0
      ? await countProfiles(db, criteria)
      : 0;
  return {
    rows: [
      ...lead
        .slice(split.lead.start, split.lead.end)
        .map((row) => ({ ...row, boosted: true, sponsored: true })),
      ...rows.map(({ total: _, ...row }) => ({ ...row, sponsored: false })),
    ],
    count: total,
  };
}

export async function countProfiles(db: TDb, criteria: TSearchCriteria): Promise<number> {
  const rows = await runBound<{ n: number }>((bind) =>
    db
      .select({ n: count() })
      .from(profiles)
      .where(whereOf(db, criteria, bind)),
  );
  return rows[0]?.n ?? 0;
}

export type TFacetName = "sports" | "states" | "types" | "amenities" | "tiers";
export type TFacetCounts = {
  count: number;
  facets: { facet: TFacetName; value: string; n: number }[];
};

/**
 * How many matches carry each sport, state, type, amenity and tier, and how many match at all, in
 * one statement: the filter runs once into a CTE that every facet groups.
 */
export async function countFacets(db: TDb, criteria: TSearchCriteria): Promise<TFacetCounts> {
  const rows = await runBound<{ facet: TFacetName | "count"; value: string | null; n: number }>(
    (bind) => {
      const matched = db.$with("matched").as(
        db
          .select({ id: profiles.id, state: profiles.state, tier: profiles.tier })
          .from(profiles)
          .where(whereOf(db, criteria, bind)),
      );
      const facetOf = (name: TFacetName | "count") => sql<string>`${name}::text`.as("facet");
      const valueAs = (value: SQL | PgColumn) => sql<string | null>`${value}`.as("value");
      const n = sql<number>`count(*)::int`.as("n");

      // A single value per profile (state, tier, destination type, ...), else a child row per value.
      const byColumn = (name: TFacetName, table: PgTable, profileId: PgColumn, column: PgColumn) =>
        db
          .select({ facet: facetOf(name), value: valueAs(column), n })
          .from(table)
          .innerJoin(matched, eq(matched.id, profileId))
          .where(isNotNull(column))
          .groupBy(column);
      const byArray = (table: PgTable, profileId: PgColumn, column: PgColumn) => {
        const t = db
          .select({ id: profileId, value: sql<string>`unnest(${column})`.as("value") })
          .from(table)
          .innerJoin(matched, eq(matched.id, profileId))
          .as("t");
        return db
          .select({
            facet: facetOf("types"),
            value: valueAs(sql`${t.value}`),
            n: sql<number>`count(distinct ${t.id})::int`.as("n"),
          })
          .from(t)
          .groupBy(t.value);
      };
      const byState = db
        .select({ facet: facetOf("states"), value: valueAs(sql`${matched.state}`), n })
        .from(matched)
        .where(isNotNull(matched.state))
        .groupBy(matched.state);
      const byTier = db
        .select({ facet: facetOf("tiers"), value: valueAs(sql`${matched.tier}`), n })
        .from(matched)
        .where(isNotNull(matched.tier))
        .groupBy(matched.tier);
      const total = db
        .select({ facet: facetOf("count"), value: valueAs(sql`null::text`), n })
        .from(matched);

      const type = typeField(criteria.kind);
      const types = type
        ? type.many
          ? byArray(criteria.kind.detail.table, criteria.kind.detail.table.profileId, type.column)
          : byColumn(
              "types",
              criteria.kind.detail.table,
              criteria.kind.detail.table.profileId,
              type.column,
            )
        : undefined;
      const facets = unionAll(
        total,
        byColumn("sports", profileSports, profileSports.profileId, profileSports.name),
        byColumn("amenities", profileAmenities, profileAmenities.profileId, profileAmenities.name),
        byState,
        byTier,
        ...(types ? [types] : []),
      ).as("facets");
      return db.with(matched).select().from(facets);
    },
  );

  let matches = 0;
  const out: TFacetCounts["facets"] = [];
  for (const row of rows) {
    if (row.facet === "count") matches = row.n;
    else if (row.value !== null)
      out.push({ facet: row.facet as TFacetName, value: row.value, n: row.n });
  }
  return { count: matches, facets: out };
}
