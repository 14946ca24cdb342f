// The floor of the free-window search bench (bench/search-window.mjs): a bare Fastify route that
// sends the statements of `POST /facility-mgmt/api/facilities/search` (the page, then the page's
// details and sports) as hand-written SQL through `pg`, for the filters that bench sends: national
// (best match: boosted, then likes) or within a radius of a point, sports if given (nearest first),
// each with or without a free window. Keep it in step with profiles/search/repository.ts and the availability
// module's `freeInWindow`.
import Fastify from "fastify";
import pg from "pg";

const MILE = 1609.344;
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
});

/** The page statement for one filter: its text and its values. */
function pageOf(filter, take, offset) {
  const values = [new Date().toISOString().slice(0, 10)];
  const param = (value) => {
    values.push(value);
    return `$${values.length}`;
  };
  const where = ["kind = 'facility'", "status = 'approved'", "is_active = true"];
  let distance = "null::float8";
  let order = "boosted desc, like_count desc, name asc, id asc";
  if (filter.near) {
    const [lat, lng, meters] = [
      param(filter.near.lat),
      param(filter.near.lng),
      param(filter.near.dist * MILE),
    ];
    const centre = `ll_to_earth(${lat}::float8, ${lng}::float8)`;
    distance = `earth_distance(${centre}, ll_to_earth(lat, lng))`;
    where.push(
      `earth_box(${centre}, ${meters}::float8) @> ll_to_earth(lat, lng)`,
      `${distance} <= ${meters}::float8`,
    );
    distance = `${distance} / ${MILE}::float8`;
    order = "boosted desc, distance_miles asc, name asc, id asc";
  }
  if (filter.sports?.length) {
    where.push(
      `exists (select 1 from profile_sports s where s.profile_id = profiles.id and s.kind = 'facility' and s.name = any(${param(filter.sports)}))`,
    );
  }
  if (filter.freeFrom && filter.freeTo) {
    const [from, to] = [param(filter.freeFrom), param(filter.freeTo)];
    where.push(`not exists (select 1 from venue_availability taken
      where taken.profile_id = profiles.id and taken.kind <> 'need' and taken.space_type_id is null
        and taken.start_date <= ${to}::date and taken.end_date >= ${from}::date)`);
  }
  const [limit, skip] = [param(take), param(offset)];
  const text = `
select p.*, page.distance_miles, page.boosted, page.total
from (
  select id, name, like_count,
    exists (select 1 from profile_boosts b
            where b.profile_id = profiles.id and b.start_date <= $1 and b.end_date >= $1) as boosted,
    ${distance} as distance_miles,
    (count(*) over ())::int as total
  from profiles
  where ${where.join("\n    and ")}
  order by ${order}
  limit ${limit} offset ${skip}
) page join profiles p on p.id = page.id
order by ${order.replaceAll(/\b(boosted|like_count|distance_miles|name|id)\b/g, "page.$1")}`;
  return { text, values };
}

const DETAILS = `
select p.id, d.facility_types, d.capacity, d.staff, d.availability,
  coalesce((select array_agg(s.name order by s.name) from profile_sports s where s.profile_id = p.id), '{}') as sports
from profiles p left join facility_details d on d.profile_id = p.id
where p.id = any($1)`;

const app = Fastify({ logger: false });
app.post("/search", async (request) => {
  const filter = request.body?.data ?? {};
  const take = Number(request.query.take ?? 20);
  const offset = Number(request.query.offset ?? 0);
  const page = await pool.query(pageOf(filter, take, offset));
  const ids = page.rows.map((r) => r.id);
  const details = new Map((await pool.query(DETAILS, [ids])).rows.map((r) => [r.id, r]));
  const data = page.rows.map(({ total: _, ...row }) => ({ ...row, ...details.get(row.id) }));
  return { data, _meta: { stats: { count: page.rows[0]?.total ?? 0 } } };
});
/** The page statement's plan, run (the bench reports which index the window's check used). */
app.post("/explain", async (request) => {
  const { text, values } = pageOf(request.body?.data ?? {}, 20, 0);
  const plan = await pool.query({ text: `explain (analyze, buffers, costs off) ${text}`, values });
  return { plan: plan.rows.map((r) => r["QUERY PLAN"]) };
});
await app.listen({ port: 0, host: "127.0.0.1" });
process.send?.({ port: app.server.address().port });
