// The SQL of profile search over what the filter matches (search/filter.ts): the page of listings
// in an order an index gives (in the best match, led by at most SPONSORED_PER_PAGE of those
// boosted today), the count, and the facet counts. The service turns the API filter into
// TSearchCriteria.

import { SPONSORED_PER_PAGE, sponsoredWindow } from "@hostfield/domain/rules";
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  getTableColumns,
  gte,
  inArray,
  isNotNull,
  lte,
  not,
  type SQL,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import { type PgColumn, type PgTable, unionAll } from "drizzle-orm/pg-core";
import type { TDb } from "../../platform/db/database";
import { constant, runBound, statementCache, type TBind } from "../../platform/db/statements";
import { profileAmenities, profileBoosts, profileSports, profiles } from "../schema";
import {
  byWords,
  detailColumn,
  distanceMeters,
  METERS_PER_MILE,
  nameCondition,
  nearness,
  one,
  type TSearchCriteria,
  type TSearchOrder,
  typeField,
  whereOf,
} from "./filter";

export type TProfileRow = typeof profiles.$inferSelect;
/** A match: `boosted` today (a boost that runs), `sponsored` when placed first by its boost. */
export type TSearchRow = TProfileRow & {
  distanceMiles: number | null;
  boosted: boolean;
  sponsored: boolean;
};

/**
 * How far a search counts its matches past the page's start: beyond it the count says "at least"
 * (`capped`). An exact count reads every match, which grows with the network; a page of the
 * first matches in an order an index gives does not.
 */
export const SEARCH_COUNT_CAP = 1000;

/** A boost of the listing runs today (one awaiting its payment does not). */
function boostedToday(db: TDb, today: string, bind: TBind, bucket?: TBucketPick): SQL {
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
          bucket
            ? sql`${boostBucket} ${sql.raw(bucket.in ? "=" : "<>")} ${bind("bucket", bucket.bucket)}`
            : undefined,
        ),
      ),
  );
}

/**
 * The running boosts fall in this many buckets by their listing (`profile_boosts_rotation_idx`
 * gives each bucket's): the sponsored lead of a day reads the day's bucket first, so it costs a
 * bucket's boosts rather than every boost that runs. Each listing's bucket has its day every
 * BOOST_ROTATION_BUCKETS days, and within it the day's hash rotates the lead.
 */
export const BOOST_ROTATION_BUCKETS = 32;
/** The index's expression exactly (a power of two less one: the hash's low bits). */
const boostBucket = sql`(hashtext(${profileBoosts.profileId}::text) & ${sql.raw(String(BOOST_ROTATION_BUCKETS - 1))})`;
/** The day's bucket (`in`), or every other (`in: false`). */
type TBucketPick = { bucket: number; in: boolean };

/** The bucket whose boosts lead on `today` (YYYY-MM-DD): the day's number, round the buckets. */
export function bucketOfDay(today: string): number {
  return Math.floor(Date.parse(`${today}T00:00:00Z`) / 86_400_000) % BOOST_ROTATION_BUCKETS;
}

/**
 * The columns an order reads, from the profiles table or from the narrow page subquery; `nearness`
 * orders as the distance does (in the subquery, the expression the index walks), `textRank` as
 * the text's match does: 0 for its words in the name, 1 elsewhere; fuzzy, the name's trigram
 * distance to it (most similar first).
 */
type TOrderFields = {
  name: SQLWrapper;
  likeCount: SQLWrapper;
  createdDate: SQLWrapper;
  nearness: SQLWrapper;
  textRank: SQLWrapper;
  startsOn: SQLWrapper;
};

/**
 * The order's keys, the id last so that pages stay stable. Nearest first is GiST's ordered search
 * (`profiles_listed_earth_idx`), which gives no second key: two listings at the very same point
 * may swap between pages.
 */
function orderOf(
  order: TSearchOrder,
  f: TOrderFields & { id: SQLWrapper },
  hasPoint: boolean,
): SQL[] {
  if (order === "distance" && hasPoint) return [asc(f.nearness)];
  return [...orderKeys(order, f), asc(f.id)];
}

function orderKeys(order: TSearchOrder, f: TOrderFields): SQL[] {
  switch (order) {
    case "text":
      return [asc(f.textRank), desc(f.likeCount), asc(f.name)];
    case "distance":
      return [asc(f.name)];
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

/** A page and the number of all matches; `capped`: at least that many (see SEARCH_COUNT_CAP). */
export type TSearchPage = { rows: TSearchRow[]; count: number; capped: boolean };

type TPageOptions = {
  order: TSearchOrder;
  /** The best match: at most SPONSORED_PER_PAGE listings boosted today lead the first page. */
  sponsoredLead: boolean;
  today: string;
  window: { limit: number; offset: number };
  /** How far past the page's start matches are counted (SEARCH_COUNT_CAP unless a test says). */
  countCap?: number | undefined;
};

/** The page's statement is rendered once per shape of the search (see platform/db/statements). */
const pageStatements = statementCache();

/** The narrow page's columns: the id and what its order reads, `textRank` as `rank` says. */
function pageFields(
  criteria: TSearchCriteria,
  order: TSearchOrder,
  bind: TBind,
  rank?: SQL<number | null>,
) {
  const { point, text } = criteria;
  const distance = point
    ? sql<number | null>`${distanceMeters(point, bind)} / ${constant(METERS_PER_MILE)}::float8`
    : sql<number | null>`null::float8`;
  // The text's rank: fuzzy, the name's trigram distance (the words' two parts rank below).
  const textRank =
    rank ??
    (order === "text" && text?.fuzzy
      ? sql<number | null>`${profiles.name} <-> ${bind("fuzzyText", text.value)}`
      : sql<number | null>`null::real`);
  // Kinds with dates (events): the first day, read only when the order needs it.
  const dates = criteria.kind.definition.search?.dates;
  const startsOn =
    order === "soonest" && dates
      ? sql<
          string | null
        >`(select ${detailColumn(criteria.kind, dates.start)} from ${criteria.kind.detail.table} where ${criteria.kind.detail.table.profileId} = ${profiles.id})`
      : sql<string | null>`null::date`;
  const fields = {
    id: profiles.id,
    name: profiles.name,
    likeCount: profiles.likeCount,
    createdDate: profiles.createdDate,
    distanceMiles: distance.as("distance_miles"),
    textRank: textRank.as("text_rank"),
    startsOn: startsOn.as("starts_on"),
  };
  return fields;
}

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
  const fields = pageFields(criteria, options.order, bind);
  const underParent = byParentLikes(criteria, options.order);
  const where = whereOf(
    db,
    underParent ? { ...criteria, parentId: undefined } : criteria,
    bind,
    exclude,
  );
  const page = underParent
    ? db
        .select(fields)
        .from(underParent.child.table)
        .innerJoin(profiles, eq(profiles.id, underParent.child))
        .where(
          and(eq(underParent.parent, sql`${bind("parentId", criteria.parentId)}::uuid`), where),
        )
        .orderBy(desc(underParent.likes.count), asc(underParent.likes.name), asc(underParent.child))
        .limit(bind("limit", options.window.limit))
        .offset(bind("offset", options.window.offset))
        .as("page")
    : options.order === "text" && byWords(text)
      ? wordsPage(db, criteria, where, nameCondition(text, bind), options.window, bind)
      : db
          .select(fields)
          .from(profiles)
          .where(where)
          .orderBy(
            ...orderOf(
              options.order,
              { ...fields, nearness: point ? nearness(point, bind) : fields.distanceMiles },
              hasPoint,
            ),
          )
          .limit(bind("limit", options.window.limit))
          .offset(bind("offset", options.window.offset))
          .as("page");
  // Whether a boost runs is asked of the page's rows only, once they are found.
  return db
    .select({
      ...getTableColumns(profiles),
      distanceMiles: page.distanceMiles,
      boosted: sql<boolean>`${boostedToday(db, options.today, bind)}`,
    })
    .from(page)
    .innerJoin(profiles, eq(profiles.id, page.id))
    .orderBy(
      ...orderOf(
        options.order,
        {
          id: page.id,
          name: page.name,
          likeCount: page.likeCount,
          createdDate: page.createdDate,
          nearness: page.distanceMiles,
          textRank: page.textRank,
          startsOn: page.startsOn,
        },
        hasPoint,
      ),
    );
}

/**
 * The link to walk for a parent's listings most liked first (a destination's facilities), when
 * its table keeps their likes and names: its index from the parent gives the order of every list
 * (likes, name, id), so a page stops at its end where sorting read every listing of the parent.
 * Undefined for any other search, and where the link keeps none.
 */
function byParentLikes(criteria: TSearchCriteria, order: TSearchOrder) {
  const link = criteria.kind.managedThrough?.link;
  if (order !== "likes" || criteria.parentId === undefined || !link?.likes) return undefined;
  return { child: link.child, parent: link.parent, likes: link.likes };
}

/**
 * The best match of a text's words: those with the words in their name (rank 0), then the others
 * (rank 1), each most liked first. Each part walks the listed profiles' likes index and stops at
 * the page's end (the rows before it included), so a common word costs the same on any network;
 * ranking every match by how well it matches would read them all.
 */
function wordsPage(
  db: TDb,
  criteria: TSearchCriteria,
  where: SQL,
  inName: SQL,
  window: { limit: number; offset: number },
  bind: TBind,
) {
  const reach = bind("reach", window.offset + window.limit);
  const part = (rank: 0 | 1) =>
    db
      .select(pageFields(criteria, "text", bind, sql<number>`${constant(rank)}::real`))
      .from(profiles)
      .where(and(where, rank === 0 ? inName : not(inName)))
      .orderBy(desc(profiles.likeCount), asc(profiles.name), asc(profiles.id))
      .limit(reach);
  return part(0)
    .unionAll(part(1))
    .orderBy(sql`text_rank`, desc(profiles.likeCount), asc(profiles.name), asc(profiles.id))
    .limit(bind("limit", window.limit))
    .offset(bind("offset", window.offset))
    .as("page");
}

/**
 * How many matches the sponsored lead looks through for boosts outside the day's bucket: the
 * first this many the search's filter finds (nearest first within a radius), ten pages. Every
 * match on a small network or a narrow search; on a broad one the others' boosts would be every
 * boost that runs, a number that grows with the network (2.6 s within 100 miles at a million
 * facilities, where reading 1,000 matches took 200 ms and 200 about a fifth of it).
 */
export const SPONSORED_OTHERS_REACH = 200;

/**
 * Matches boosted today in `pick`'s bucket (or, among the first SPONSORED_OTHERS_REACH matches,
 * outside it), up to `pick.limit`, in full, in a rotation of the day (a hash of the listing's id
 * and the day), so that the same ones do not always win. The day's bucket is read from the
 * boosts' side (`profile_boosts_rotation_idx`: a 32nd of the boosts that run).
 */
function sponsoredQuery(
  db: TDb,
  criteria: TSearchCriteria,
  today: string,
  pick: TBucketPick & { limit: number },
  bind: TBind,
) {
  const point = criteria.point;
  const distance = point
    ? sql<number | null>`${distanceMeters(point, bind)} / ${constant(METERS_PER_MILE)}::float8`
    : sql<number | null>`null::float8`;
  const reached = pick.in
    ? undefined
    : inArray(profiles.id, firstMatches(db, criteria, bind, SPONSORED_OTHERS_REACH));
  return db
    .select({ ...getTableColumns(profiles), distanceMiles: distance.as("distance_miles") })
    .from(profiles)
    .where(and(whereOf(db, criteria, bind), reached, boostedToday(db, today, bind, pick)))
    .orderBy(sql`md5(${profiles.id}::text || ${bind("today", today)})`, asc(profiles.id))
    .limit(bind("sponsoredLimit", pick.limit));
}

/**
 * The ids of the first `upTo` matches the filter finds: within a radius, nearest first (a walk of
 * the GiST index with the box as its condition stops at `upTo`, where a bitmap of the box would
 * read every match first); else in whatever order the planner reads them cheapest. (A text's
 * matches are read from its indexes' bitmap: walking the likes index instead fetched a row from
 * the table for every listing passed, 14,000 of them to count 1,000 at a million, 3x slower.)
 */
function firstMatches(db: TDb, criteria: TSearchCriteria, bind: TBind, upTo: number) {
  const point = criteria.radiusMiles !== undefined ? criteria.point : undefined;
  return db
    .select({ id: profiles.id })
    .from(profiles)
    .where(whereOf(db, criteria, bind))
    .orderBy(...(point ? [asc(nearness(point, bind))] : []))
    .limit(bind("upTo", upTo));
}

/**
 * The sponsored lead: up to SPONSORED_PER_PAGE matches boosted today, those of the day's bucket
 * first, then, when it holds too few, those of the others (every boosted match, on a small network
 * or a narrow search, where that is cheap).
 */
async function sponsoredLead(db: TDb, criteria: TSearchCriteria, today: string) {
  type TLeadRow = Omit<TSearchRow, "boosted" | "sponsored">;
  const bucket = bucketOfDay(today);
  const first = await pageStatements<TLeadRow>(db, `${criteria.kind.kind}|sponsored|in`, (bind) =>
    sponsoredQuery(db, criteria, today, { bucket, in: true, limit: SPONSORED_PER_PAGE }, bind),
  );
  if (first.length === SPONSORED_PER_PAGE) return first;
  const rest = await pageStatements<TLeadRow>(db, `${criteria.kind.kind}|sponsored|out`, (bind) =>
    sponsoredQuery(
      db,
      criteria,
      today,
      { bucket, in: false, limit: SPONSORED_PER_PAGE - first.length },
      bind,
    ),
  );
  return [...first, ...rest];
}

/**
 * One page of matches, and the number of all matches. With `sponsoredLead` (the best match) the
 * list opens with the sponsored lead (sponsoredQuery, marked `sponsored`) and goes on with every
 * other match in the order asked, boosted or not, the lead left out and the window shifted by it
 * (sponsoredWindow): pages together hold every match once.
 *
 * The page is a narrow subquery (id and sort keys) in an order the listed-profile indexes give
 * (likes, name, newest, nearest: the scan stops at the page's end), joined back to the full rows.
 * A page that ends the matches knows their number; any other page counts them, up to
 * SEARCH_COUNT_CAP past its start (countProfiles).
 *
 * The count starts first, beside the lead and the page (on another connection): the lead's rows
 * are matches too, so the matches but the lead are all the matches less the lead, and counting
 * all of them needs nothing the lead finds. (Counted after the lead, a radius search's count and
 * its lead's two statements ran one after the other: 31 + 15 ms at a million facilities.)
 */
export async function findProfilePage(
  db: TDb,
  criteria: TSearchCriteria,
  options: TPageOptions,
): Promise<TSearchPage> {
  const cap = options.countCap ?? SEARCH_COUNT_CAP;
  const leadAtMost = options.sponsoredLead ? SPONSORED_PER_PAGE : 0;
  // The rest's window starts at most the lead's length before the asked one's (sponsoredWindow),
  // so this bound holds whatever the lead turns out to hold.
  const counting = countProfiles(db, criteria, { upTo: options.window.offset + leadAtMost + cap });
  counting.catch(() => {});
  const lead = options.sponsoredLead ? await sponsoredLead(db, criteria, options.today) : [];
  const split = sponsoredWindow(lead.length, options.window);
  const exclude = lead.map((r) => r.id);
  // What the statement's text depends on beyond the values bound: the kind (its tables and
  // fields), the order, whether a lead is left out and whether a parent's link gives the order.
  const shape = `${criteria.kind.kind}|${options.order}|${exclude.length > 0}|${byParentLikes(criteria, options.order) !== undefined}`;
  const rest = split.rest;
  const rows =
    rest.limit > 0
      ? await pageStatements<Omit<TSearchRow, "sponsored">>(db, shape, (bind) =>
          pageQuery(db, criteria, { ...options, window: rest }, exclude, bind),
        )
      : [];
  // A page that ends the matches knows their number; otherwise the count is waited for.
  const ends = rest.limit > 0 && rows.length < rest.limit && (rows.length > 0 || rest.offset === 0);
  const restCount = ends
    ? { count: rest.offset + rows.length, capped: false }
    : restOfCount(await counting, lead.length, rest.offset + cap);
  return {
    rows: [
      ...lead
        .slice(split.lead.start, split.lead.end)
        .map((row) => ({ ...row, boosted: true, sponsored: true })),
      ...rows.map((row) => ({ ...row, sponsored: false })),
    ],
    count: restCount.count + lead.length,
    capped: restCount.capped,
  };
}

/**
 * The matches but the lead, from the count of all of them (`all`, counted past `upTo` + the
 * lead's length): past `upTo`, `upTo` and `capped`.
 */
export function restOfCount(
  all: { count: number; capped: boolean },
  lead: number,
  upTo: number,
): { count: number; capped: boolean } {
  const rest = all.count - lead;
  return all.capped || rest > upTo ? { count: upTo, capped: true } : { count: rest, capped: false };
}

/** Whether any listing matches: the service asks it of a text's words before their trigrams. */
export async function anyMatch(db: TDb, criteria: TSearchCriteria): Promise<boolean> {
  const rows = await runBound<{ id: string }>((bind) => firstMatches(db, criteria, bind, 1));
  return rows.length > 0;
}

/**
 * How many listings match, counted up to `upTo`: past it, `upTo` and `capped`. The count reads at
 * most `upTo + 1` matches, whatever the size of the network.
 */
export async function countProfiles(
  db: TDb,
  criteria: TSearchCriteria,
  options: { upTo: number },
): Promise<{ count: number; capped: boolean }> {
  const rows = await runBound<{ n: number }>((bind) => {
    const matches = firstMatches(db, criteria, bind, options.upTo + 1).as("matches");
    return db.select({ n: count() }).from(matches);
  });
  const n = rows[0]?.n ?? 0;
  return n > options.upTo ? { count: options.upTo, capped: true } : { count: n, capped: false };
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
