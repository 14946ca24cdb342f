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

const PAGE = `
select p.*, page.distance_miles, page.boosted, page.total
from (
  select id, name,
    exists (select 1 from profile_boosts b
            where b.profile_id = profiles.id and b.start_date <= $1 and b.end_date >= $1) as boosted,
    earth_distance(ll_to_earth($2::float8, $3::float8), ll_to_earth(lat, lng)) / ${MILE}::float8 as distance_miles,
    (count(*) over ())::int as total
  from profiles
  where kind = 'facility' and status = 'approved' and is_active
    and earth_box(ll_to_earth($2::float8, $3::float8), $4::float8) @> ll_to_earth(lat, lng)
    and earth_distance(ll_to_earth($2::float8, $3::float8), ll_to_earth(lat, lng)) <= $4::float8
    and exists (select 1 from profile_sports s where s.profile_id = profiles.id and s.name = any($5))
  order by boosted desc, distance_miles asc, name asc, id asc
  limit $6 offset $7
) page join profiles p on p.id = page.id
order by page.boosted desc, page.distance_miles asc, page.name asc, page.id asc`;

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
  const page = await pool.query(PAGE, [
    today,
    near.lat,
    near.lng,
    near.dist * MILE,
    sports,
    take,
    offset,
  ]);
  const ids = page.rows.map((r) => r.id);
  const details = new Map((await pool.query(DETAILS, [ids])).rows.map((r) => [r.id, r]));
  const data = page.rows.map(({ total: _, ...row }) => ({ ...row, ...details.get(row.id) }));
  return { data, _meta: { stats: { count: page.rows[0]?.total ?? 0 } } };
});
await app.listen({ port: 0, host: "127.0.0.1" });
process.send?.({ port: app.server.address().port });
