// The reports baseline: bare Fastify routes doing by hand-written SQL through `pg` what the reports
// calls do, with none of the platform (no api-version, access, validation, envelope schema, drizzle,
// group commit). bench/reports.ts measures each beside its real call.
// - POST /track: the batch id once (analytics_batches), the visitor's day's bound (the events it
//   offered, analytics_visitor_days), then its events up to that bound in one INSERT, per request.
// - GET /dashboard?id&startDate&endDate: a listing's unique views, impressions and clicks (the
//   daily counters, each a visitor once a day: the roll-up's) per day over the range and the
//   previous period of the same length (totals and a daily series).
// - GET /leaderboard?id: the top 10 of the facility board by unique views, and the listing's
//   standing by each metric of the board (views, follows, leads).
import { createHash } from "node:crypto";
import Fastify from "fastify";
import pg from "pg";

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
});
/** The recorded counters the dashboard reads (the server's rollup.ts RECORDED_METRICS). */
const METRICS = ["views", "impressions", "clicks"];
/** What a facility board ranks by (the domain's LEADERBOARD_METRICS). */
const BOARD_METRICS = ["views", "follows", "leads"];
/** Most events one visitor stores a UTC day (the domain's TRACK_VISITOR_DAY_MAX_EVENTS). */
const VISITOR_DAY_MAX_EVENTS = 500;
const DAY_MS = 86_400_000;
const addDays = (day, n) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

const app = Fastify({ logger: false });
app.addContentTypeParser(
  "text/plain",
  { parseAs: "string" },
  app.getDefaultJsonParser("error", "error"),
);

app.post("/track", async (request, reply) => {
  const { batchId, events } = request.body.data;
  const receivedAt = new Date();
  const visitor = createHash("sha256")
    .update(`${request.headers["x-forwarded-for"]} ${request.headers["user-agent"]}`)
    .digest("hex")
    .slice(0, 32);
  // A new batch adds its events to the visitor's day and stores those still under the bound.
  const { rowCount } = await pool.query(
    `with batch as (insert into analytics_batches (batch_id, received_at) values ($1, $2)
                    on conflict do nothing returning batch_id),
          claim as (insert into analytics_visitor_days (day, visitor, offered)
                    select $3::date, $4, $6::int from batch
                    on conflict (day, visitor)
                      do update set offered = analytics_visitor_days.offered + excluded.offered
                    returning offered)
     insert into analytics_events (received_at, day, subject_kind, subject_id, type, target, ref, visitor, batch_id)
     select $2, $3::date, e.kind, e.id, e.type, e.target, e.ref, $4, $1
       from batch, claim,
            rows from (json_to_recordset($5::json) as (kind text, id uuid, type text, target text, ref uuid))
              with ordinality as e(kind, id, type, target, ref, n)
      where e.n <= $7::int - (claim.offered - $6::int)`,
    [
      batchId,
      receivedAt,
      receivedAt.toISOString().slice(0, 10),
      visitor,
      JSON.stringify(events),
      events.length,
      VISITOR_DAY_MAX_EVENTS,
    ],
  );
  reply.code(202);
  return { data: { accepted: rowCount } };
});

app.get("/dashboard", async (request) => {
  const { id, startDate, endDate } = request.query;
  const days = Math.round((Date.parse(endDate) - Date.parse(startDate)) / DAY_MS) + 1;
  const previousStart = addDays(startDate, -days);
  const { rows } = await pool.query(
    `select metric, day::text as day, sum(count)::int as n from analytics_daily
      where subject_id = $1 and day between $2 and $3 and (metric = any($4) or metric like 'clicks.%')
      group by metric, day`,
    [id, previousStart, endDate, METRICS],
  );
  const dates = Array.from({ length: days }, (_, i) => addDays(startDate, i));
  const index = new Map(dates.map((d, i) => [d, i]));
  const kpis = METRICS.map((metric) => ({ metric, total: 0, previous: 0 }));
  const series = METRICS.map((metric) => ({ metric, values: new Array(days).fill(0) }));
  for (const row of rows) {
    const m = METRICS.indexOf(row.metric);
    if (m < 0) continue;
    const i = index.get(row.day);
    if (i === undefined) kpis[m].previous += row.n;
    else {
      kpis[m].total += row.n;
      series[m].values[i] = row.n;
    }
  }
  return { data: { kpis, daily: { dates, series } } };
});

app.get("/leaderboard", async (request) => {
  const top = await pool.query(
    `select s.national_rank as rank, p.id, p.name, p.city, p.state from report_standings s
       join profiles p on p.id = s.subject_id
      where s.board = 'facility' and s.metric = 'views' order by s.national_rank, s.subject_id limit 10`,
  );
  const mine = await pool.query(
    `select s.metric, s.value, s.national_rank, s.national_of, s.region, s.region_rank, s.region_of,
            s.state, s.state_rank, s.state_of
       from report_standings s where s.board = 'facility' and s.metric = any($2) and s.subject_id = $1`,
    [request.query.id, BOARD_METRICS],
  );
  return { data: { top: top.rows, mine: mine.rows } };
});

await app.listen({ port: 0, host: "127.0.0.1" });
process.send?.({ port: app.server.address().port });
