// `npm run bench -- match` (run through tsx by bench/run.mjs): publishing requests for proposals
// against the scale-1 demo network (15,000 facilities) on PostgreSQL (fixed dates, and a window of
// date options, compared in the same run), and a destination's lead list with 5,000 leads. The app runs in this process on the `hostfield_bench_match` database (seeded on
// first use); publishes go through app.inject, the lead list through HTTP with autocannon. Prints
// progress on stderr and one line `BENCH_RESULT {json}` on stdout.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "../apps/server/src/app.ts";
import { openDatabase } from "../apps/server/src/platform/db/database.ts";
import { runMigrations } from "../apps/server/src/platform/db/migrate.ts";
import { testConfig } from "../apps/server/test/helper.ts";
import { signIn, signUpAndVerify } from "../apps/server/test/oidc-driver.ts";
import { boardView } from "./board-view.mjs";
import { freePort } from "./free-port.mjs";
import { latencySummary } from "./latency.mjs";
import { prepareSeededDatabase } from "./seeded-database.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DATABASE_URL =
  process.env.BENCH_MATCH_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/hostfield_bench_match";
const FACILITIES = 15_000;
const LEADS = 5_000;
const PUBLISHES = Number(process.env.BENCH_MATCH_PUBLISHES ?? 20);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const warmup = Number(process.env.BENCH_WARMUP ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const BOARD_RUNS = Number(process.env.BENCH_BOARD_RUNS ?? 10);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const WEB_DIST = path.join(root, "apps/web/dist");
const V = "api-version=1.0";
const log = (message) => console.error(`# ${message}`);
/** The variant publishing with a window of date options, and the one it is compared with. */
const FIXED = "national, 2 indoor hardwood courts";
const WINDOW = "national, 2 indoor hardwood courts, 60-day window (2 days, Fri-Sun)";
const PASSWORD = "correct horse 42";

/**
 * 5,000 leads of one destination, written in bulk SQL once: an event (profile, details, request)
 * per lead, statuses spread over the pipeline, a third answered. The bench user manages it.
 */
async function prepareDestination(pool, userId) {
  const { rows } = await pool.query(
    "select id, name from profiles where kind = 'destination' and status = 'approved' and is_active order by id limit 1",
  );
  const destination = rows[0];
  await pool.query(
    `insert into profile_members (profile_id, user_id, role) values ($1, $2, 'manager')
     on conflict (profile_id, user_id) do nothing`,
    [destination.id, userId],
  );
  const have = await pool.query("select count(*)::int as n from event_leads where owner_id = $1", [
    destination.id,
  ]);
  // Vacuumed, not only analyzed, as autovacuum would have done within a minute of the bulk writes
  // below and the publishes before (see seeded-database.mjs): it may be off, and counts would read
  // the table instead of an index.
  const settle = () =>
    pool.query("vacuum analyze event_leads, event_requirements, event_details, profiles");
  if (have.rows[0].n >= LEADS) {
    await settle();
    return { ...destination, leads: have.rows[0].n };
  }
  const started = Date.now();
  const client = await pool.connect();
  try {
    await client.query("begin");
    await client.query(
      `create temporary table bench_events on commit drop as
       select gen_random_uuid() as id, n from generate_series(1, $1::int) n`,
      [LEADS],
    );
    await client.query(
      `insert into profiles (id, kind, name, slug, status, city, state)
       select id, 'event', 'Bench Event ' || n, 'bench-event-' || n || '-' || substr(id::text, 1, 8), 'approved', 'Indianapolis', 'Indiana'
       from bench_events`,
    );
    await client.query(
      `insert into event_details (profile_id, type, start_date, end_date)
       select id, 'Tournament', date '2030-01-01' + (n % 300), date '2030-01-03' + (n % 300) from bench_events`,
    );
    await client.query(
      `with requests as (
         insert into event_requirements (event_id, status, sports_list, urgency, address, dist, place_label, published_date)
         select id, 'published', array['Basketball'], n % 3, 'Indianapolis, IN', 100, 'Indianapolis, IN', now() - interval '30 days'
         from bench_events returning id, event_id)
       insert into event_leads (event_id, requirement_id, owner_type, owner_id, status, source, score, reasons,
                                distance_miles, visible_from, created_date, updated_date, first_response_date)
       select r.event_id, r.id, 'Destination', $1, (array['Open','Interested','Won','Lost','Passed'])[1 + n % 5], 'match',
              50 + n % 50, array['1 listed facility qualifies', '1 of 1 sport', (n % 90) || ' mi from Indianapolis, IN'],
              n % 90, now() - interval '30 days' + n * interval '1 minute', now() - interval '30 days' + n * interval '1 minute',
              now() - interval '30 days' + n * interval '1 minute',
              case when n % 3 = 0 then now() - interval '30 days' + n * interval '1 minute' + (n % 48) * interval '1 hour' end
       from requests r join bench_events e on e.id = r.event_id`,
      [destination.id],
    );
    await client.query("commit");
  } catch (error) {
    await client.query("rollback");
    throw error;
  } finally {
    client.release();
  }
  await settle();
  log(`wrote ${LEADS} leads for ${destination.name} in ${Date.now() - started} ms`);
  return { ...destination, leads: LEADS };
}

/**
 * Venue calendars, where the code keeps them (venue_availability): every 4th facility keeps one
 * (a booked week away from the publishes' days), every 20th is booked on those days and every
 * 10th wants them (need dates), so a publish reads, judges and drops real calendars. Made once.
 */
async function prepareCalendars(pool) {
  const table = await pool.query("select to_regclass('venue_availability') as t");
  if (!table.rows[0].t) return;
  const have = await pool.query(
    "select count(*)::int as n from venue_availability where note = 'bench'",
  );
  if (have.rows[0].n > 0) return;
  const started = Date.now();
  await pool.query(`
    with f as (
      select id, row_number() over (order by id) as n from profiles
      where kind = 'facility' and status = 'approved')
    insert into venue_availability (profile_id, kind, start_date, end_date, note)
    select id, 'booked', date '2030-05-01', date '2030-05-07', 'bench' from f where n % 4 = 0
    union all
    select id, 'booked', date '2030-06-12', date '2030-06-14', 'bench' from f where n % 20 = 1
    union all
    select id, 'need', date '2030-06-12', date '2030-06-14', 'bench' from f where n % 10 = 2`);
  await pool.query("vacuum analyze venue_availability");
  const made = await pool.query(
    "select count(*)::int as n from venue_availability where note = 'bench'",
  );
  log(`wrote ${made.rows[0].n} calendar ranges in ${Date.now() - started} ms`);
}

/**
 * CPU time (ms) used so far by PostgreSQL's processes on this machine, from /proc (clock ticks of
 * user and system time, 100 a second); null where there is no /proc or the server is elsewhere.
 */
function postgresCpuMs() {
  try {
    let ticks = 0;
    for (const pid of fs.readdirSync("/proc")) {
      if (!/^\d+$/.test(pid)) continue;
      let stat;
      try {
        stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      } catch {
        continue; // ended meanwhile
      }
      const close = stat.lastIndexOf(")");
      if (!stat.slice(stat.indexOf("(") + 1, close).startsWith("postgres")) continue;
      const fields = stat.slice(close + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    }
    return ticks * 10;
  } catch {
    return null;
  }
}

/** This process's CPU time (ms): the app's, as autocannon runs in a child. */
const appCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * autocannon in a child process: the app serves from this process's event loop, and load
 * generated on the same loop would be measured as the server's own latency.
 */
async function autocannon(url, request, seconds) {
  const args = ["-j", "-c", String(connections), "-d", String(seconds), "-m", request.method];
  for (const [key, value] of Object.entries(request.headers ?? {}))
    args.push("-H", `${key}=${value}`);
  if (request.body) args.push("-b", request.body);
  const child = spawn(
    process.execPath,
    [path.join(root, "node_modules/autocannon/autocannon.js"), ...args, url],
    {
      stdio: ["ignore", "pipe", "ignore"],
    },
  );
  let out = "";
  child.stdout.on("data", (chunk) => {
    out += chunk;
  });
  await new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", resolve);
  });
  return JSON.parse(out);
}

/**
 * One call under load: `warmup` seconds first, not counted (the call's code compiled by V8 and its
 * statements prepared on every connection, as on a server that has been up a while), then
 * `duration` seconds measured.
 */
async function measure(name, url, request) {
  if (warmup > 0) await autocannon(url, request, warmup);
  const cpuBefore = { app: appCpuMs(), postgres: postgresCpuMs() };
  const result = await autocannon(url, request, duration);
  const postgresMs = postgresCpuMs();
  const requests = result.requests.total || 1;
  const perRequest = (ms) => Number((ms / requests).toFixed(2));
  const row = {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    non2xx: result.non2xx,
    errors: result.errors,
    // Where a request's time goes: the app's CPU and PostgreSQL's (every backend's, so anything
    // else using the server counts too) over the run, divided by the requests answered.
    cpuMsPerRequest: {
      app: perRequest(appCpuMs() - cpuBefore.app),
      postgres:
        postgresMs === null || cpuBefore.postgres === null
          ? null
          : perRequest(postgresMs - cpuBefore.postgres),
    },
  };
  log(
    `${name}: ${row.requestsPerSecond} req/s, p50 ${row.latencyMs.p50} ms, p99 ${row.latencyMs.p99} ms, non-2xx ${row.non2xx}; CPU per request: app ${row.cpuMsPerRequest.app} ms, PostgreSQL ${row.cpuMsPerRequest.postgres ?? "?"} ms`,
  );
  return row;
}

await prepareSeededDatabase({ url: DATABASE_URL, scale: 1, facilities: FACILITIES, root, log });
// Named before the app is built: sign-in in a browser goes to the address the app calls its own.
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const config = testConfig({
  DATABASE_URL,
  PUBLIC_URL: origin,
  WEB_DIST_DIR: WEB_DIST,
  // The database outlives runs, so its signing keys must be sealed with the same key each time.
  SECRET_KEY: "hostfield-bench-match-not-a-secret-0123456789",
  LOG_LEVEL: "warn",
  RATE_LIMIT_MAX: "100000000",
});
const database = await openDatabase({
  databaseUrl: DATABASE_URL,
  dataDir: undefined,
  poolSize: 10,
});
await runMigrations(database.pool);
await prepareCalendars(database.pool);
const app = await buildApp({ config, database });
await app.ready();
try {
  const key = `bench${Date.now().toString(36)}`;
  const email = `${key}@example.com`;
  await signUpAndVerify(app, app.db, { name: "Bench Person", email, password: PASSWORD }, origin);
  const tokens = await signIn(app, email, PASSWORD, origin);
  const auth = { authorization: `Bearer ${tokens.access_token}` };
  const call = async (method, url, payload, status = 200) => {
    const res = await app.inject({
      method,
      url: `/event-mgmt/api${url}?${V}`,
      headers: auth,
      ...(payload ? { payload } : {}),
    });
    if (res.statusCode !== status)
      throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const me = (
    await app.inject({ method: "GET", url: `/user-mgmt/api/users/my?${V}`, headers: auth })
  ).json().data;

  // (a) Publishing: a fresh event and draft each time, so every publish writes all its leads.
  const courts = {
    sportsList: ["Basketball"],
    needsSpecificFacilityType: false,
    facilityTypes: [],
    needsSpecificSpaceType: true,
    spaceType: "Court",
    spaceSurface: "Hardwood",
    spaceTypeCount: 2,
    spaceLocation: "Indoor",
    spaceDescription: null,
    urgency: 1,
  };
  const variants = {
    [FIXED]: { ...courts, address: null, dist: null },
    "100 mi of Indianapolis, 2 indoor hardwood courts": {
      ...courts,
      address: "Indianapolis, IN",
      dist: 100,
    },
    // The same as the first, with flexible dates: a window of 60 days (1 May to 29 June 2030,
    // around the calendars' booked week and the event's days), 2 days in a row on Friday to Sunday,
    // so each calendar is judged on every such pair (17 sets) instead of the event's 3 days.
    [WINDOW]: {
      ...courts,
      address: null,
      dist: null,
      dateOptions: {
        kind: "window",
        from: "2030-05-01",
        to: "2030-06-29",
        days: 2,
        weekdays: [5, 6, 0],
      },
    },
    "national, any basketball venue": {
      ...courts,
      needsSpecificSpaceType: false,
      spaceType: null,
      spaceSurface: null,
      spaceTypeCount: null,
      spaceLocation: null,
      address: null,
      dist: null,
    },
  };
  const publishing = {};
  for (const [name, input] of Object.entries(variants)) {
    const ms = [];
    const settle = [];
    let leads = 0;
    for (let i = 0; i < PUBLISHES + 2; i++) {
      const event = await call(
        "POST",
        "/events",
        {
          data: {
            name: `Bench ${name} ${i}`,
            type: "Tournament",
            startDate: "2030-06-12",
            endDate: "2030-06-14",
          },
        },
        201,
      );
      const draft = await call("POST", `/events/${event.id}/requirements`, { data: input }, 201);
      const started = performance.now();
      const published = await call("PUT", `/events/${event.id}/requirements/${draft.id}/publish`);
      const took = performance.now() - started;
      const settling = performance.now();
      await app.events.settled();
      // The first two warm the caches and the planner; they are not counted.
      if (i >= 2) {
        ms.push(took);
        settle.push(performance.now() - settling);
      }
      leads = Object.values(published.leadCounts).reduce((a, b) => a + b, 0);
    }
    publishing[name] = {
      leads,
      publishMs: latencySummary(ms),
      notificationsMs: latencySummary(settle),
    };
    log(
      `publish (${name}): ${leads} leads, p50 ${publishing[name].publishMs.p50} ms, p99 ${publishing[name].publishMs.p99} ms`,
    );
  }

  // The window's publish against the fixed dates' in this run (the issue's bound: at most 1.5x).
  const windowRatio = Number(
    (publishing[WINDOW].publishMs.p50 / publishing[FIXED].publishMs.p50).toFixed(2),
  );
  log(`publish with a 60-day window: ${windowRatio}x the fixed dates' p50`);

  // (b) A destination's lead list with 5,000 leads, over HTTP.
  const destination = await prepareDestination(database.pool, me.id);
  await app.listen({ port, host: "127.0.0.1" });
  const base = `${origin}/event-mgmt/api/destinations/${destination.id}`;
  const post = (data) => ({
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ data }),
  });
  const first = await fetch(`${base}/leads?${V}&take=20`, post({}));
  const count = (await first.json())._meta?.stats?.count;
  log(`${destination.name}: ${count} visible leads`);
  const list = [
    await measure(
      "POST destinations/{id}/leads (first page of 20)",
      `${base}/leads?${V}&take=20`,
      post({}),
    ),
    await measure(
      "POST destinations/{id}/leads (Open+Interested, text)",
      `${base}/leads?${V}&take=20&offset=40`,
      post({ status: ["Open", "Interested"], text: "Bench Event 1" }),
    ),
    await measure("POST destinations/{id}/leads/stats", `${base}/leads/stats?${V}`, post({})),
    await measure("GET destinations/{id}/pipeline", `${base}/pipeline?${V}`, {
      method: "GET",
      headers: auth,
    }),
  ];
  // Not a lead call: the cheapest signed-in read (the caller's own account), whose token check,
  // account read and reply every lead call pays too; what a lead call's throughput can approach.
  const signedInFloor = await measure(
    "GET users/my (signed-in floor)",
    `${origin}/user-mgmt/api/users/my?${V}`,
    { method: "GET", headers: auth },
  );
  // (c) The board in a browser, as its manager opens it (needs chromium and the built web app).
  let board = null;
  const missing = [
    fs.existsSync(CHROMIUM) ? null : `no chromium at ${CHROMIUM}`,
    fs.existsSync(path.join(WEB_DIST, "index.html")) ? null : "the web app is not built",
  ].filter(Boolean);
  if (missing.length > 0) log(`pipeline in a browser: skipped (${missing.join("; ")})`);
  else {
    // The cards the board holds: each column's newest, as its own reply has them.
    const reply = await fetch(`${base}/pipeline?${V}`, { headers: auth });
    const { columns } = (await reply.json()).data;
    board = await boardView({
      base: origin,
      email,
      password: PASSWORD,
      path: `/pipeline?profile=${destination.id}&kind=destination`,
      columns: columns.length,
      cards: columns.reduce((sum, column) => sum + column.leads.length, 0),
      runs: BOARD_RUNS,
    });
    log(
      `pipeline in a browser (${BOARD_RUNS} loads): every column's first card p50 ${board.shownMs.p50} ms, p99 ${board.shownMs.p99} ms; after the first paint p50 ${board.afterFirstPaintMs.p50} ms; the board's reply in at p50 ${board.boardReplyMs.p50} ms, its first cards shown p50 ${board.afterBoardReplyMs.p50} ms later; every card drawn p50 ${board.allCardsMs.p50} ms; selecting a card ${board.selectMs ? `p50 ${board.selectMs.p50} ms, p99 ${board.selectMs.p99} ms` : "not measured (no card to select)"}`,
    );
  }
  // Marked: the app's own log lines share stdout.
  console.log(
    `BENCH_RESULT ${JSON.stringify({
      facilities: FACILITIES,
      publishes: PUBLISHES,
      publishing,
      windowRatio,
      destinationLeads: {
        destination: destination.name,
        leads: count,
        duration,
        warmup,
        connections,
        rows: list,
      },
      signedInFloor,
      boardInBrowser: board,
    })}`,
  );
} finally {
  await app.close();
  await database.close();
  fs.rmSync(config.dataDir, { recursive: true, force: true });
}
