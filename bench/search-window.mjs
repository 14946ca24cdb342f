// `npm run bench -- search-window`: the facilities' search with a free window (`freeFrom`/`freeTo`)
// and without, at national scale (the scale-1 demo network on PostgreSQL: 15,000 facilities),
// each beside its floor in the same run: the same SQL sent through `pg` from a bare Fastify route
// (bench/bare-search-window.mjs). About 30% of the facilities keep a calendar of 3 to 5 ranges
// over 2031 (booked, held and need dates, some about a space type), and 40% of those are booked on
// one weekend, the window searched, so the window leaves out about one facility in eight.
import { createHostfieldClient } from "@hostfield/client";
import { prepareSeededDatabase, withClient } from "./seeded-database.mjs";

const DATABASE_URL =
  process.env.BENCH_WINDOW_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/hostfield_bench_window";
const FACILITIES = 15_000;
/** The ranges this bench writes carry this note, so a reused database is not given them twice. */
const NOTE = "bench-window";
/** The weekend many calendars have booked, and the window searched (Thursday to Sunday). */
const HOT = { start: "2031-03-07", end: "2031-03-09" };
const WINDOW = { freeFrom: "2031-03-06", freeTo: "2031-03-09" };

/** The marketplace as it opens (best match, nationally), and 100 mi around Louisville, nearest first. */
const FILTERS = {
  national: {},
  "100 mi": { near: { lat: 38.2527, lng: -85.7585, dist: 100 } },
};

/**
 * About 30% of the listed facilities get 3 to 5 ranges, one in each fifth of 2031 (so none
 * overlap): half booked, a quarter held, a quarter need dates, a quarter of the taken ones about
 * one of the facility's space types; and 40% of them are booked on the hot weekend.
 */
async function giveCalendars(client, log) {
  const { rows } = await client.query(
    "select count(*)::int as n from venue_availability where note = $1",
    [NOTE],
  );
  if (rows[0].n > 0) {
    log(`reusing the calendars: ${rows[0].n} ranges`);
    return;
  }
  const started = Date.now();
  await client.query("select setseed(0.45)");
  await client.query(
    `create temporary table bench_calendars as
     select p.id, (select s.id from profile_space_types s where s.profile_id = p.id order by s.id limit 1) as space_type_id,
       3 + floor(random() * 3)::int as ranges, random() < 0.4 as hot
     from profiles p
     where p.kind = 'facility' and p.status = 'approved' and p.is_active and random() < 0.3`,
  );
  await client.query(
    `insert into venue_availability (profile_id, kind, start_date, end_date, space_type_id, note)
     select c.id, r.kind, r.start_date, r.start_date + r.days - 1,
       case when r.kind <> 'need' and r.spaced then c.space_type_id end, $1
     from bench_calendars c
     cross join lateral (
       select case when x < 0.5 then 'booked' when x < 0.75 then 'held' else 'need' end as kind,
         -- Slot i of five 73-day slots of 2031; the hot weekend's slot (the second) stays clear.
         date '2031-01-01' + (case when i = 1 then 80 else i * 73 end) + floor(random() * 60)::int as start_date,
         1 + floor(random() * 4)::int as days, random() < 0.25 as spaced
       from (select i, random() as x from generate_series(0, c.ranges - 1) i) slots
     ) r`,
    [NOTE],
  );
  await client.query(
    `insert into venue_availability (profile_id, kind, start_date, end_date, note)
     select id, 'booked', $1, $2, $3 from bench_calendars where hot`,
    [HOT.start, HOT.end, NOTE],
  );
  await client.query("drop table bench_calendars");
  await client.query("vacuum analyze venue_availability");
  const counts = await client.query(
    `select count(*)::int as ranges, count(distinct profile_id)::int as venues
     from venue_availability where note = $1`,
    [NOTE],
  );
  log(
    `gave ${counts.rows[0].venues} facilities ${counts.rows[0].ranges} ranges in ${Date.now() - started} ms`,
  );
}

export async function searchWindowSuite({ root, startHostfield, startBare, measure, log }) {
  await prepareSeededDatabase({ url: DATABASE_URL, scale: 1, facilities: FACILITIES, root, log });
  const calendars = await withClient(DATABASE_URL, async (client) => {
    await giveCalendars(client, log);
    const { rows } = await client.query(
      `select count(distinct profile_id)::int as venues, count(*)::int as ranges
       from venue_availability a join profiles p on p.id = a.profile_id where p.kind = 'facility'`,
    );
    return rows[0];
  });
  // The database outlives runs, so its signing keys must be sealed with the same key each time.
  const env = {
    DATABASE_URL,
    SECRET_KEY: "hostfield-bench-window-not-a-secret-0123456789",
  };
  const hostfield = await startHostfield(env);
  const bare = await startBare("bare-search-window.mjs", env);
  const post = (filter) => ({
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ data: filter }),
  });
  const paging = "offset=0&take=20";
  const api = `${hostfield.base}/facility-mgmt/api/facilities/search?api-version=1.0&${paging}`;
  const floor = `${bare.base}/search?${paging}`;
  // The API's answers through its typed client; the timed load sends raw requests (measure).
  const hostfieldApi = createHostfieldClient({ baseUrl: hostfield.base });
  const cases = [];
  try {
    for (const [name, base] of Object.entries(FILTERS)) {
      for (const windowed of [false, true]) {
        const filter = windowed ? { ...base, ...WINDOW } : base;
        const label = `${name}${windowed ? " + window" : ""}`;
        const [{ data: fromApi, error }, fromSql] = await Promise.all([
          hostfieldApi.POST("/facility-mgmt/api/facilities/search", {
            params: { query: { offset: 0, take: 20 } },
            body: { data: filter },
          }),
          fetch(floor, post(filter)).then((r) => r.json()),
        ]);
        if (!fromApi)
          throw new Error(`${label}: the API refused the search: ${JSON.stringify(error)}`);
        const { count, capped } = fromApi._meta.stats;
        // A capped count ("1,000+") says at least that many; the floor counts them all.
        const exact = fromSql._meta.stats.count;
        const counted = capped ? exact >= count : exact === count;
        const apiIds = fromApi.data.map((p) => p.id);
        const sqlIds = fromSql.data.map((p) => p.id);
        if (!counted || JSON.stringify(apiIds) !== JSON.stringify(sqlIds)) {
          throw new Error(
            `${label}: the API and the raw SQL disagree: ${count}${capped ? "+" : ""} vs ${exact} matches; pages ${apiIds.slice(0, 3)}… vs ${sqlIds.slice(0, 3)}…`,
          );
        }
        const rows = {
          floor: await measure(`floor ${label}`.slice(0, 28), floor, post(filter)),
          api: await measure(`API ${label}`.slice(0, 28), api, post(filter)),
        };
        const ratio = rows.api.latencyMs.p50 / rows.floor.latencyMs.p50;
        log(`${label}: ${count} matches; API p50 / floor p50: ${ratio.toFixed(2)}x`);
        cases.push({
          name: label,
          filter,
          matches: count,
          p50Ratio: Number(ratio.toFixed(2)),
          rows,
        });
      }
    }
    const explained = await fetch(`${bare.base}/explain`, post(WINDOW)).then((r) => r.json());
    const plan = explained.plan;
    const usesIndex = plan.some((line) => line.includes("venue_availability_taken_idx"));
    log(`the window's check ${usesIndex ? "uses" : "DOES NOT use"} venue_availability_taken_idx:`);
    for (const line of plan.filter((l) => /venue_availability|Anti|Execution Time/.test(l)))
      log(`  ${line.trim()}`);
    const by = Object.fromEntries(cases.map((c) => [c.name, c]));
    for (const name of Object.keys(FILTERS)) {
      const without = by[name];
      const withWindow = by[`${name} + window`];
      log(
        `${name}: window p50 ${withWindow.rows.api.latencyMs.p50} ms (floor ${withWindow.rows.floor.latencyMs.p50}) against ${without.rows.api.latencyMs.p50} ms without (floor ${without.rows.floor.latencyMs.p50}); ratios ${withWindow.p50Ratio}x and ${without.p50Ratio}x`,
      );
    }
    return { calendars, window: WINDOW, cases, windowPlan: plan, windowUsesIndex: usesIndex };
  } finally {
    await hostfield.stop();
    await bare.stop();
  }
}
