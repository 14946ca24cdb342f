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
});

/** The filter and the distance, their parameters from $n: lat, lng, radius (m), sports. */
const matches = (n) => `kind = 'facility' and status = 'approved' and is_active
    and earth_box(ll_to_earth($${n}::float8, $${n + 1}::float8), $${n + 2}::float8) @> ll_to_earth(lat, lng)
    and earth_distance(ll_to_earth($${n}::float8, $${n + 1}::float8), ll_to_earth(lat, lng)) <= $${n + 2}::float8
    and exists (select 1 from profile_sports s where s.profile_id = profiles.id and s.name = any($${n + 3}))`;
const distance = (n) =>
  `earth_distance(ll_to_earth($${n}::float8, $${n + 1}::float8), ll_to_earth(lat, lng)) / ${MILE}::float8`;

// The sponsored lead (rules/boosts.ts SPONSORED_PER_PAGE): up to 3 matches boosted today, in the
// day's rotation.
const LEAD = `
select profiles.*, ${distance(2)} as distance_miles
from profiles
where ${matches(2)}
  and exists (select 1 from profile_boosts b
              where b.profile_id = profiles.id and b.state = 'active'
                and b.start_date <= $1 and b.end_date >= $1)
order by md5(profiles.id::text || $1), profiles.id
limit 3`;

// Every other match by distance, the lead left out ($7), the window shifted by it.
const PAGE = `
select p.*, page.distance_miles, page.total
from (
  select id, name, ${distance(1)} as distance_miles, (count(*) over ())::int as total
  from profiles
  where ${matches(1)} and not (id = any($7::uuid[]))
  order by distance_miles asc, name asc, id asc
  limit $5 offset $6
) page join profiles p on p.id = page.id
order by page.distance_miles asc, page.name asc, page.id asc`;

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
  const lead = (await pool.query(LEAD, [today, ...place])).rows;
  const shown = lead.slice(Math.min(offset, lead.length), Math.min(offset + take, lead.length));
  const page = await pool.query(PAGE, [
    ...place,
    take - shown.length,
    Math.max(0, offset - lead.length),
    lead.map((r) => r.id),
  ]);
  const rows = [...shown, ...page.rows];
  const ids = rows.map((r) => r.id);
  const details = new Map((await pool.query(DETAILS, [ids])).rows.map((r) => [r.id, r]));
  const data = rows.map(({ total: _, ...row }) => ({ ...row, ...details.get(row.id) }));
  const total = (page.rows[0]?.total ?? 0) + lead.length;
  return { data, _meta: { stats: { count: total } } };
});
await app.listen({ port: 0, host: "127.0.0.1" });
process.send?.({ port: app.server.address().port });
