// The floor of the free-window search bench (bench/search-window.mjs): a bare Fastify route that
// sends the statements of `POST /facility-mgmt/api/facilities/search` as hand-written SQL through
// `pg`, for the filters that bench sends: nationally (best match: the sponsored lead, then the most
// liked) or within a radius of a point (the lead, then nearest first), each with or without a free
// window. As the API: the capped count starts first, beside the lead (two statements: the day's
// bucket, then the others among the first matches) and the page without the lead, then the page's
// details. Keep it in step with profiles/search/repository.ts and the availability module's
// `freeInWindow`.
import Fastify from "fastify";
import pg from "pg";

const MILE = 1609.344;
/** profiles/search/repository.ts SEARCH_COUNT_CAP, BOOST_ROTATION_BUCKETS, SPONSORED_OTHERS_REACH. */
const COUNT_CAP = 1000;
const BUCKETS = 32;
const OTHERS_REACH = 200;
/** rules/boosts.ts SPONSORED_PER_PAGE. */
const LEAD = 3;

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
  // As the app's connections (platform/db/database.ts).
  options: "-c jit=off",
});

/**
 * The statements of one search: `values` shared ($1 today unless `today` is false, then the
 * filter's), the matching condition, the distance in miles and the nearest-first order (null
 * nationally).
 */
function searchOf(filter, today = true) {
  const values = today ? [new Date().toISOString().slice(0, 10)] : [];
  const param = (value) => {
    values.push(value);
    return `$${values.length}`;
  };
  const where = ["kind = 'facility'", "status = 'approved'", "is_active"];
  let distance = "null::float8";
  let nearest = null;
  if (filter.near) {
    const [lat, lng, meters] = [
      param(filter.near.lat),
      param(filter.near.lng),
      param(filter.near.dist * MILE),
    ];
    const centre = `ll_to_earth(${lat}::float8, ${lng}::float8)`;
    where.push(
      `earth_box(${centre}, ${meters}::float8) @> ll_to_earth(lat, lng)`,
      `earth_distance(${centre}, ll_to_earth(lat, lng)) <= ${meters}::float8`,
    );
    distance = `earth_distance(${centre}, ll_to_earth(lat, lng)) / ${MILE}::float8`;
    nearest = `ll_to_earth(lat, lng) <-> ${centre}`;
  }
  if (filter.sports?.length) {
    // Near a place, the listing's copy of its sports, which the nearest-first index carries.
    where.push(
      filter.near
        ? `sport_names && ${param(filter.sports)}::text[]`
        : `exists (select 1 from profile_sports s where s.profile_id = profiles.id and s.kind = 'facility' and s.name = any(${param(filter.sports)}))`,
    );
  }
  if (filter.freeFrom && filter.freeTo) {
    const [from, to] = [param(filter.freeFrom), param(filter.freeTo)];
    where.push(`not exists (select 1 from venue_availability taken
      where taken.profile_id = profiles.id and taken.kind <> 'need' and taken.space_type_id is null
        and taken.start_date <= ${to}::date and taken.end_date >= ${from}::date)`);
  }
  return { values, param, matches: where.join("\n    and "), distance, nearest };
}

/** The first `upTo` matches' ids: nearest first within a radius, else as the planner reads them. */
const firstMatches = (s, upTo) =>
  `select id from profiles where ${s.matches} ${s.nearest ? `order by ${s.nearest}` : ""} limit ${upTo}`;

/** All matches, counted up to `upTo` (+1 tells that there are more). */
function countOf(filter, upTo) {
  const s = searchOf(filter, false);
  const text = `select count(*)::int as n from (${firstMatches(s, s.param(upTo + 1))}) matches`;
  return { text, values: s.values };
}

/** The sponsored lead's matches of the day's bucket (`in`) or, among the first matches, the others. */
function leadOf(filter, inBucket, limit) {
  const s = searchOf(filter);
  const bucket = Math.floor(Date.parse(`${s.values[0]}T00:00:00Z`) / 86_400_000) % BUCKETS;
  const reached = inBucket ? "" : `and profiles.id in (${firstMatches(s, s.param(OTHERS_REACH))})`;
  const text = `
select profiles.*, ${s.distance} as distance_miles
from profiles
where ${s.matches} ${reached}
  and exists (select 1 from profile_boosts b
              where b.profile_id = profiles.id and b.start_date <= $1 and b.end_date >= $1
                and b.state = 'active'
                and (hashtext(b.profile_id::text) & ${BUCKETS - 1}) ${inBucket ? "=" : "<>"} ${s.param(bucket)})
order by md5(profiles.id::text || $1), profiles.id
limit ${s.param(limit)}`;
  return { text, values: s.values };
}

/** The page without the lead: nearest first, or the most liked, as a narrow subquery. */
function pageOf(filter, leadIds, take, offset) {
  const s = searchOf(filter);
  const exclude = leadIds.length ? `and not (id = any(${s.param(leadIds)}::uuid[]))` : "";
  const order = s.nearest ? s.nearest : "like_count desc, name asc, id asc";
  const outer = s.nearest
    ? "page.distance_miles asc"
    : "page.like_count desc, page.name asc, page.id asc";
  const text = `
select p.*, page.distance_miles,
  exists (select 1 from profile_boosts b where b.profile_id = p.id and b.start_date <= $1
          and b.end_date >= $1 and b.state = 'active') as boosted
from (
  select id, name, like_count, ${s.distance} as distance_miles
  from profiles
  where ${s.matches} ${exclude}
  order by ${order}
  limit ${s.param(take)} offset ${s.param(offset)}
) page join profiles p on p.id = page.id
order by ${outer}`;
  return { text, values: s.values };
}

const DETAILS = `
select p.id, d.facility_types, d.capacity, d.staff, d.availability,
  coalesce((select json_agg(s.name order by s.name) from profile_sports s where s.profile_id = p.id), '[]') as sports
from profiles p left join facility_details d on d.profile_id = p.id
where p.id = any($1)`;

const app = Fastify({ logger: false });
app.post("/search", async (request) => {
  const filter = request.body?.data ?? {};
  const take = Number(request.query.take ?? 20);
  const offset = Number(request.query.offset ?? 0);
  const upTo = offset + LEAD + COUNT_CAP;
  const counting = pool.query(countOf(filter, upTo));
  counting.catch(() => {});
  const first = (await pool.query(leadOf(filter, true, LEAD))).rows;
  const lead =
    first.length < LEAD
      ? [...first, ...(await pool.query(leadOf(filter, false, LEAD - first.length))).rows]
      : first;
  const shown = lead.slice(Math.min(offset, lead.length), Math.min(offset + take, lead.length));
  const restOffset = Math.max(0, offset - lead.length);
  const restLimit = take - shown.length;
  const page =
    restLimit > 0
      ? (
          await pool.query(
            pageOf(
              filter,
              lead.map((r) => r.id),
              restLimit,
              restOffset,
            ),
          )
        ).rows
      : [];
  const rows = [...shown, ...page];
  const details = new Map(
    (await pool.query(DETAILS, [rows.map((r) => r.id)])).rows.map((r) => [r.id, r]),
  );
  const data = rows.map((row) => ({ ...row, ...details.get(row.id) }));
  // The rest's count, from all matches (profiles/search/repository.ts restOfCount).
  const all = (await counting).rows[0].n;
  const restUpTo = restOffset + COUNT_CAP;
  const rest = all - lead.length;
  const stats =
    all > upTo || rest > restUpTo
      ? { count: restUpTo + lead.length, capped: true }
      : { count: all, capped: false };
  return { data, _meta: { stats } };
});
/** The page statement's plan, run (the bench reports which index the window's check used). */
app.post("/explain", async (request) => {
  const { text, values } = pageOf(request.body?.data ?? {}, [], 20, 0);
  const plan = await pool.query({ text: `explain (analyze, buffers, costs off) ${text}`, values });
  return { plan: plan.rows.map((r) => r["QUERY PLAN"]) };
});
await app.listen({ port: 0, host: "127.0.0.1" });
process.send?.({ port: app.server.address().port });
