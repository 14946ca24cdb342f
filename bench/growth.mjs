// `npm run bench -- growth`: what a bigger network costs the public lists. Every public list and
// search call of the five marketplaces (no filter, each filter alone, text, a place without a
// radius, each sort) and the pages around a place (a state's, a destination's facilities), at
// 15,000, 100,000 and 1,000,000 facilities on PostgreSQL (bench/growth-database.mjs builds them),
// one call at a time (the latency of a call, not the machine's throughput): p50 of each at each
// size, and the largest size's p50 over the smallest's (target at most 2x). A server per size runs
// for the whole bench and each call is timed at every size in turn, so the sizes of a row are
// measured seconds apart, not a run's length apart (the machine's drift once made a 3 ms row read
// 2x). Beside them, in the same run: the radius search against the same SQL through bare `pg`
// (bench/bare-search.mjs; target at most 1.3x, median of 3 runs), and each marketplace's
// server-painted first view, HTML alone (target under 300 ms p50 at the largest size).
//
// GROWTH_SIZES (comma-separated facility counts), GROWTH_ROUNDS (calls per row, after warm-up),
// GROWTH_ONLY (a substring of the rows to run), BENCH_GROWTH_DATABASE_URL (the base database).
import { execSync } from "node:child_process";
import { MARKETPLACE_PAGES } from "./first-view.mjs";
import { prepareGrowthDatabases } from "./growth-database.mjs";
import { latencySummary } from "./latency.mjs";

const BASE_URL =
  process.env.BENCH_GROWTH_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/hostfield_growth_base";
const SIZES = (process.env.GROWTH_SIZES ?? "15000,100000,1000000").split(",").map(Number);
const ROUNDS = Number(process.env.GROWTH_ROUNDS ?? 25);
/** Calls made before the timed ones, not counted (caches, plans, connections). */
const WARMUP = Number(process.env.GROWTH_WARMUP ?? 2);
const ONLY = process.env.GROWTH_ONLY;
const LOUISVILLE = { lat: 38.2527, lng: -85.7585 };
/** The radius search the raw SQL floor answers too (bench/bare-search.mjs). */
const FLOOR_FILTER = { near: { ...LOUISVILLE, dist: 100 }, sports: ["Basketball"] };

const SORTS = { "sort name": { sort: "name" }, "sort newest": { sort: "newest" } };
const NEAR = {
  "near, no radius": { near: { address: "Louisville, KY" } },
  "near 100 mi": { near: { ...LOUISVILLE, dist: 100 } },
  "near, sort distance": { near: { address: "Louisville, KY" }, sort: "distance" },
};
const PLACES = {
  states: { states: ["California"] },
  regions: { regions: ["Midwest"] },
  tiers: { tiers: ["Gold"] },
};

/** Each marketplace's search and the filters it offers (apps/web's marketplace sections). */
const MARKETPLACES = [
  {
    name: "facilities",
    path: "/facility-mgmt/api/facilities/search",
    filters: {
      sports: { sports: ["Basketball"] },
      types: { types: ["Sports Complex"] },
      spaceTypes: { spaceTypes: ["Court"] },
      surfaces: { surfaces: ["Hardwood"] },
      location: { spaceLocation: "Indoor" },
      amenities: { amenities: ["Wheelchair Accessible"] },
      available: { freeFrom: "2031-03-06", freeTo: "2031-03-09" },
      text: { text: "sports center" },
      ...PLACES,
      ...NEAR,
      ...SORTS,
      "sports + near 100 mi": FLOOR_FILTER,
    },
  },
  {
    name: "destinations",
    path: "/destination-mgmt/api/destinations/search",
    filters: {
      sports: { sports: ["Basketball"] },
      types: { types: ["Convention & Visitors Bureau"] },
      available: { freeFrom: "2031-03-06", freeTo: "2031-03-09" },
      text: { text: "louisville" },
      ...PLACES,
      ...NEAR,
      ...SORTS,
    },
  },
  {
    name: "events",
    path: "/event-mgmt/api/events/search",
    filters: {
      sports: { sports: ["Basketball"] },
      types: { types: ["Tournament"] },
      ageGroups: { ageGroups: ["Youth"] },
      dates: { startDate: "2027-03-01", endDate: "2027-05-31" },
      amenities: { amenities: ["Parking"] },
      text: { text: "classic" },
      ...PLACES,
      ...NEAR,
      ...SORTS,
    },
  },
  {
    name: "businesses",
    path: "/business-mgmt/api/businesses/search",
    filters: {
      types: { types: ["Food & Beverage"] },
      amenities: { amenities: ["Parking"] },
      text: { text: "grill" },
      ...PLACES,
      ...NEAR,
      ...SORTS,
    },
  },
  {
    name: "organizations",
    path: "/event-mgmt/api/organizations/search",
    filters: {
      sports: { sports: ["Basketball"] },
      types: { types: ["Event Organization"] },
      text: { text: "athletics" },
      ...PLACES,
      ...NEAR,
      ...SORTS,
    },
  },
];

/**
 * Every call of the table: a name, and how to make it against a server at `base` (`forDestination`:
 * the call for a size's own destination).
 */
function calls() {
  const list = [];
  for (const m of MARKETPLACES) {
    for (const [filter, body] of Object.entries({ "no filter": {}, ...m.filters })) {
      list.push({
        name: `${m.name}: ${filter}`,
        url: `${m.path}?api-version=1.0&offset=0&take=20`,
        init: {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ data: body }),
        },
      });
    }
    list.push({
      name: `${m.name}: no filter, page 6`,
      url: `${m.path}?api-version=1.0&offset=100&take=20`,
      init: {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ data: {} }),
      },
    });
  }
  list.push({
    name: "state page (New York)",
    url: "/destination-mgmt/api/states/new-york?api-version=1.0",
  });
  // Each size's own largest destination (bench/growth-database.mjs grows its facilities' links).
  const destinationCall = (id) => ({
    name: "a destination's facilities",
    url: `/destination-mgmt/api/destinations/${id}/facilities?api-version=1.0&offset=0&take=20`,
  });
  list.push({ ...destinationCall("(each size's)"), forDestination: destinationCall });
  for (const page of MARKETPLACE_PAGES) {
    list.push({ name: `first view ${page}`, url: page, firstView: true });
  }
  return ONLY ? list.filter((c) => c.name.includes(ONLY)) : list;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** `rounds` calls one after another (after WARMUP more): the p50 in ms, and what came back. */
async function timeCall(base, call, rounds) {
  const times = [];
  let last;
  for (let i = 0; i < rounds + WARMUP; i++) {
    const started = performance.now();
    const response = await fetch(`${base}${call.url}`, call.init);
    const body = await response.text();
    const ms = performance.now() - started;
    if (i >= WARMUP) times.push(ms);
    last = { status: response.status, body };
  }
  let note = "";
  if (last.status !== 200) note = `HTTP ${last.status}`;
  else if (call.firstView) note = last.body.includes("first-view-state") ? "painted" : "shell";
  else {
    const reply = JSON.parse(last.body);
    const count = reply._meta?.stats?.count ?? reply.data?.facilities?.count;
    if (count !== undefined) note = `${count}${reply._meta?.stats?.capped ? "+" : ""} matches`;
  }
  return { p50: latencySummary(times).p50, note };
}

export async function growthSuite({ root, startHostfield, startBare, measure, log }) {
  const urls = await prepareGrowthDatabases({ baseUrl: BASE_URL, sizes: SIZES, root, log });
  // The web's renderer paints the first views; the server is built by startHostfield (both of
  // the checkout whose server is measured, see BENCH_SERVER_ROOT in run.mjs).
  const serverRoot = process.env.BENCH_SERVER_ROOT ?? root;
  execSync("npm run build -w @hostfield/web", { cwd: serverRoot, stdio: "inherit" });
  const table = new Map();
  const floors = {};
  // One server per size, all started first: each call is then timed at every size back to back,
  // so that the machine's drift over the run (this one is shared) does not land on one size.
  const servers = {};
  const context = { serverRoot, startHostfield, startBare, log };
  try {
    for (const size of SIZES)
      servers[size] = await startSize(size, urls[size], !servers[SIZES[0]], context);
    // A network without destinations has no destination's facilities to ask for.
    const withDestinations = SIZES.every((size) => servers[size].destinationId);
    for (const call of calls()) {
      if (call.forDestination && !withDestinations) continue;
      const bySize = {};
      for (const size of SIZES) {
        // The destination with the most facilities in that size's network.
        const sized = call.forDestination ? call.forDestination(servers[size].destinationId) : call;
        bySize[size] = await timeCall(servers[size].hostfield.base, sized, ROUNDS);
      }
      table.set(call.name, bySize);
      log(
        `  ${call.name.padEnd(48)} ${SIZES.map((size) => `${bySize[size].p50}`.padStart(7)).join(" ")} ms  ${bySize[SIZES.at(-1)].note}`,
      );
    }
    for (const size of SIZES) {
      const { hostfield, bareSearch } = servers[size];
      floors[size] = await apiOverFloor(hostfield.base, bareSearch.base, measure);
      log(
        `  ${size}: radius search, API p50 / raw SQL p50 (median of 3): ${floors[size].ratio}x (${floors[size].runs.map((r) => `${r.api}/${r.sql} ms`).join(", ")})`,
      );
    }
  } finally {
    for (const server of Object.values(servers)) {
      await server.hostfield.stop();
      await server.bareSearch.stop();
    }
  }
  return report(table, floors, log);
}

/** The server (and the raw SQL floor's) for one size's database, migrated ahead of its start. */
async function startSize(size, url, build, { serverRoot, startHostfield, startBare, log }) {
  const env = { DATABASE_URL: url, SECRET_KEY: "hostfield-bench-growth-not-a-secret-0123456789" };
  // Migrated ahead of the server (whose start would wait on a large database's new indexes).
  const migrating = Date.now();
  execSync(`"${process.execPath}" node_modules/tsx/dist/cli.mjs apps/server/src/cli/migrate.ts`, {
    cwd: serverRoot,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, DATABASE_URL: url },
  });
  const migrateSeconds = Math.round((Date.now() - migrating) / 1000);
  if (migrateSeconds > 1) log(`migrated ${size} in ${migrateSeconds} s`);
  const destinationId = await firstDestination(url);
  const hostfield = await startHostfield(env, { build });
  const bareSearch = await startBare("bare-search.mjs", env);
  return { hostfield, bareSearch, destinationId };
}

async function firstDestination(url) {
  const { withClient } = await import("./seeded-database.mjs");
  return withClient(url, async (client) => {
    const { rows } = await client.query(
      `select d.destination_id as id from facility_destinations d
       group by 1 order by count(*) desc, 1 limit 1`,
    );
    return rows[0]?.id;
  });
}

/** The API's radius search against the same SQL through bare pg, 3 runs each, alternating. */
async function apiOverFloor(apiBase, sqlBase, measure) {
  const post = {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ data: FLOOR_FILTER }),
    duration: 3,
  };
  const runs = [];
  for (let i = 0; i < 3; i++) {
    const sql = await measure("raw SQL", `${sqlBase}/search?offset=0&take=20`, post);
    const api = await measure(
      "API",
      `${apiBase}/facility-mgmt/api/facilities/search?api-version=1.0&offset=0&take=20`,
      post,
    );
    runs.push({ api: api.latencyMs.p50, sql: sql.latencyMs.p50 });
  }
  const ratio = median(runs.map((r) => r.api / Math.max(r.sql, 0.5)));
  return { ratio: Number(ratio.toFixed(2)), runs };
}

function report(table, floors, log) {
  const [small, ...rest] = SIZES;
  const large = SIZES.at(-1);
  const rows = [];
  const over = [];
  log(`\n${"call".padEnd(48)} ${SIZES.map((s) => `${s}`.padStart(9)).join(" ")}  ratio`);
  for (const [name, bySize] of table) {
    const ratio = bySize[large].p50 / Math.max(bySize[small].p50, 0.1);
    const firstView = name.startsWith("first view");
    const fails = firstView ? bySize[large].p50 > 300 : ratio > 2;
    if (fails) over.push(name);
    rows.push({ name, bySize, ratio: Number(ratio.toFixed(2)) });
    log(
      `${name.padEnd(48)} ${SIZES.map((s) => `${bySize[s].p50}`.padStart(9)).join(" ")}  ${ratio.toFixed(2)}x${fails ? "  over target" : ""}`,
    );
  }
  log(
    `radius search, API over raw SQL: ${SIZES.map((s) => `${s}: ${floors[s].ratio}x`).join(", ")} (target at most 1.3x)`,
  );
  log(
    over.length
      ? `over target (${over.length}): ${over.join("; ")}`
      : `every call within target at ${large} against ${small}`,
  );
  void rest;
  return { sizes: SIZES, rounds: ROUNDS, rows, floors, overTarget: over };
}
