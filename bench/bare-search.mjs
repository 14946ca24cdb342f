// The search baseline: a bare Fastify route that sends the statements of
// `POST /facility-mgmt/api/facilities/search` (the page, then the page's details and sports) as
// hand-written SQL through `pg`, with none of the platform (no api-version, access, validation,
// envelope schema or drizzle). Keep it in step with profiles/search/repository.ts.
import Fastify from "fastify";
import pg from "pg";

const MILE = 1609.344;
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
  // As the app's connections (platform/db/database.ts): no JIT, whose compiling costs more than
  // it saves on statements this short.
  options: "-c jit=off",
});

/** The filter and the distance, their parameters from $n: lat, lng, radius (m), sports. */
const matches = (n) => `kind = 'facility' and status = 'approved' and is_active
    and earth_box(ll_to_earth($${n}::float8, $${n + 1}::float8), $${n + 2}::float8) @> ll_to_earth(lat, lng)
    and earth_distance(ll_to_earth($${n}::float8, $${n + 1}::float8), ll_to_earth(lat, lng)) <= $${n + 2}::float8
    and sport_names && $${n + 3}::text[]`;
const distance = (n) =>
  `earth_distance(ll_to_earth($${n}::float8, $${n + 1}::float8), ll_to_earth(lat, lng)) / ${MILE}::float8`;

/** Nearest first, as the GiST index walks it. */
const nearest = (n) => `ll_to_earth(lat, lng) <-> ll_to_earth($${n}::float8, $${n + 1}::float8)`;
/** search/repository.ts BOOST_ROTATION_BUCKETS and SPONSORED_OTHERS_REACH. */
const BUCKETS = 32;
const OTHERS_REACH = 200;
// The sponsored lead (rules/boosts.ts SPONSORED_PER_PAGE): up to 3 matches boosted today, in the
// day's rotation: those whose boosts are in the day's bucket ($6, `=`), then, when they are too
// few, the other buckets' among the nearest OTHERS_REACH matches (`<>`, up to $7).
const lead = (compare, reach) => `
select profiles.*, ${distance(2)} as distance_miles
from profiles
where ${matches(2)}
  ${reach ? `and profiles.id in (select id from profiles where ${matches(2)} order by ${nearest(2)} limit ${OTHERS_REACH})` : ""}
  and exists (select 1 from profile_boosts b
              where b.profile_id = profiles.id and b.state = 'active'
                and b.start_date <= $1 and b.end_date >= $1
                and (hashtext(b.profile_id::text) & ${BUCKETS - 1}) ${compare} $6)
order by md5(profiles.id::text || $1), profiles.id
limit $7`;
const LEAD_IN = lead("=", false);
const LEAD_OUT = lead("<>", true);

// Every other match nearest first (the GiST index's ordered search), the lead left out ($7), the
// window shifted by it; no count in the page (see COUNT).
const PAGE = `
select p.*, page.distance_miles
from (
  select id, ${distance(1)} as distance_miles
  from profiles
  where ${matches(1)} and not (id = any($7::uuid[]))
  order by ll_to_earth(lat, lng) <-> ll_to_earth($1::float8, $2::float8)
  limit $5 offset $6
) page join profiles p on p.id = page.id
order by page.distance_miles asc`;

// The matches other than the lead, counted up to the cap past the page's start ($5), nearest
// first (the walk stops at the cap).
const COUNT = `
select count(*)::int as n from (
  select 1 from profiles where ${matches(1)} and not (id = any($6::uuid[]))
  order by ${nearest(1)} limit $5
) matches`;
/** profiles/search/repository.ts SEARCH_COUNT_CAP. */
const COUNT_CAP = 1000;

const DETAILS = `
select p.id, d.facility_types, d.capacity, d.staff, d.availability,
  coalesce((select array_agg(s.name order by s.name) from profile_sports s where s.profile_id = p.id), '{}') as sports
from profiles p left join facility_details d on d.profile_id = p.id
where p.id = any($1)`;

const app = Fastify({ logger: false });
app.post("/search", async (request) => {
  const { near, sports } = request.body.data;
  const take = Number(request.query.take ?? 20);
  const offset = Number(request.query.offset ?? 0);
  const today = new Date().toISOString().slice(0, 10);
  const place = [near.lat, near.lng, near.dist * MILE, sports];
  const bucket = Math.floor(Date.parse(`${today}T00:00:00Z`) / 86_400_000) % BUCKETS;
  const first = (await pool.query(LEAD_IN, [today, ...place, bucket, 3])).rows;
  const lead =
    first.length < 3
      ? [
          ...first,
          ...(await pool.query(LEAD_OUT, [today, ...place, bucket, 3 - first.length])).rows,
        ]
      : first;
  const shown = lead.slice(Math.min(offset, lead.length), Math.min(offset + take, lead.length));
  const restOffset = Math.max(0, offset - lead.length);
  const upTo = restOffset + COUNT_CAP;
  const leadIds = lead.map((r) => r.id);
  const [page, counted] = await Promise.all([
    pool.query(PAGE, [...place, take - shown.length, restOffset, leadIds]),
    pool.query(COUNT, [...place, upTo + 1, leadIds]),
  ]);
  const rows = [...shown, ...page.rows];
  const ids = rows.map((r) => r.id);
  const details = new Map((await pool.query(DETAILS, [ids])).rows.map((r) => [r.id, r]));
  const data = rows.map((row) => ({ ...row, ...details.get(row.id) }));
  const n = counted.rows[0].n;
  const stats = n > upTo ? { count: upTo + lead.length, capped: true } : { count: n + lead.length };
  return { data, _meta: { stats } };
});
await app.listen({ port: 0, host: "127.0.0.1" });
process.send?.({ port: app.server.address().port });
