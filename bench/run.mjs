// `npm run bench [-- names...]`: load tests and Lighthouse against the built server on a private data dir; JSON results in bench/results/.
import { execSync, fork, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createHostfieldClient } from "@hostfield/client";
import autocannon from "autocannon";
import { firstViewSuite } from "./first-view.mjs";
import { freePort } from "./free-port.mjs";
import { growthSuite } from "./growth.mjs";
import { mediaSuite } from "./media.mjs";
import { memorySuite } from "./memory.mjs";
import { processesSuite } from "./processes.mjs";
import { searchWindowSuite } from "./search-window.mjs";
import { prepareSeededDatabase } from "./seeded-database.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/**
 * The checkout whose server the suites start: this one, or another (BENCH_SERVER_ROOT, e.g. a
 * worktree of an earlier commit) to measure "before" with the same bench.
 */
const serverRoot = process.env.BENCH_SERVER_ROOT ?? root;
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** TypeScript entry points run on this Node (22), not whatever `node` is first on the PATH. */
const tsx = `"${process.execPath}" "${path.join(root, "node_modules/tsx/dist/cli.mjs")}"`;

async function waitFor(url, timeoutMs = 60_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`not ready: ${url}`);
}

async function startHostfield(env = {}, { build = true } = {}) {
  // Rebuilt unless this run built it already: a stale bundle would measure yesterday's server.
  if (build) execSync("npm run build -w @hostfield/server", { cwd: serverRoot, stdio: "inherit" });
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hostfield-bench-"));
  const child = spawn(process.execPath, [path.join(serverRoot, "apps/server/dist/main.js")], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      RATE_LIMIT_MAX: "100000000",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitFor(`http://127.0.0.1:${port}/readyz`);
  return {
    base: `http://127.0.0.1:${port}`,
    dataDir,
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function startBare(file = "bare-server.mjs", env = {}) {
  const child = fork(path.join(root, "bench", file), {
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  const port = await new Promise((resolve) => child.once("message", (m) => resolve(m.port)));
  return { base: `http://127.0.0.1:${port}`, stop: async () => child.kill() };
}

/** `request` adds autocannon options such as method, headers and body. */
async function measure(name, url, request = {}) {
  const result = await autocannon({ url, connections, duration, ...request });
  const row = {
    name,
    url: url.replace(/^http:\/\/127\.0\.0\.1:\d+/, ""),
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
  console.log(
    `${name.padEnd(28)} ${String(row.requestsPerSecond).padStart(7)} req/s  p50 ${row.latencyMs.p50} ms  p99 ${row.latencyMs.p99} ms  non-2xx ${row.non2xx}`,
  );
  return row;
}

// ---- search: the facility search on a 100,000-facility PostgreSQL database ----

const SEARCH_DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/hostfield_bench_search";
const SEARCH_FACILITIES = 100_000;
/** Louisville, KY: a mid-sized market, 50 mi around it, one sport. */
const SEARCH_FILTER = {
  near: { lat: 38.2527, lng: -85.7585, dist: 50 },
  sports: [process.env.BENCH_SPORT ?? "Basketball"],
};

/** Runs a TypeScript bench that prints `BENCH_RESULT {json}`; a failed check still shows its figures. */
function tsBench(file, env = {}) {
  let out;
  try {
    out = execSync(`${tsx} ${file}`, {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, ...env },
    });
  } catch (error) {
    // It exits 1 when a check failed or a target was missed: still show its figures.
    if (!error.stdout) throw error;
    out = error.stdout;
  }
  const line = out
    .toString()
    .split("\n")
    .find((l) => l.startsWith("BENCH_RESULT "));
  if (!line) throw new Error(`${file} printed no result`);
  return JSON.parse(line.slice("BENCH_RESULT ".length));
}

const suites = {
  async assistant() {
    // The guide's first answer token on the demo network, in process with its visitors in a child
    // (bench/assistant.ts), beside a destination page read the same way.
    const result = tsBench("bench/assistant.ts", { BENCH_CONNECTIONS: String(connections) });
    const row = (name, r, ms) =>
      console.log(
        `${name.padEnd(44)} ${String(r.answersPerSecond ?? r.requestsPerSecond).padStart(6)} /s  p50 ${ms.p50} ms  p99 ${ms.p99} ms  failed ${r.failed}`,
      );
    console.log(
      `${result.questions} questions to ${result.destinations} destinations (${result.database}); target: first token p50 under ${result.targetP50Ms} ms alone`,
    );
    row("first answer token, one at a time", result.alone, result.alone.firstTokenMs);
    row("whole answer, one at a time", result.alone, result.alone.answerMs);
    row(
      "destination page (baseline), one at a time",
      result.baselineAlone,
      result.baselineAlone.latencyMs,
    );
    row(
      `first answer token, ${result.connections} at once`,
      result.loaded,
      result.loaded.firstTokenMs,
    );
    row(`whole answer, ${result.connections} at once`, result.loaded, result.loaded.answerMs);
    row(
      `destination page, ${result.connections} at once`,
      result.baselineLoaded,
      result.baselineLoaded.latencyMs,
    );
    if (result.problems.length) throw new Error(`assistant: ${result.problems.join("; ")}`);
    return result;
  },
  async compare() {
    // The organizer's comparison of 50 proposals of 30 lines, on PGlite or PostgreSQL
    // (DATABASE_URL), in process (bench/compare.ts), beside the same rows read by one statement.
    const result = tsBench("bench/compare.ts");
    const ms = (s) => `p50 ${s.p50} ms, p90 ${s.p90} ms, p99 ${s.p99} ms`;
    console.log(
      `${result.proposals} proposals of ${result.linesEach} lines (${result.database}), ${result.rounds} calls one at a time; target p50 under ${result.targetP50Ms} ms`,
    );
    console.log(
      `  POST …/leads/filtered?take=100, ${result.proposals} proposals (${result.replyBytes} bytes): ${ms(result.compareMs)}`,
    );
    console.log(`  floor, the same rows by one SQL statement: ${ms(result.floorMs)}`);
    console.log(`  p50 / the floor's: ${result.p50OverFloor}x`);
    if (!(result.compareMs.p50 < result.targetP50Ms))
      throw new Error(`compare: p50 ${result.compareMs.p50} ms, over ${result.targetP50Ms} ms`);
    return result;
  },
  async hub() {
    // In-process server and a child process of sockets (bench/hub.ts), and the same sockets on a
    // bare server (bench/bare-hub.mjs, the floor).
    const floor = tsBench("bench/bare-hub.mjs");
    // A latency over the deliveries that arrived says nothing of those that did not.
    const floorMissing = floor.rounds.filter((r) => r.deliveries !== floor.sockets).length;
    if (floorMissing) throw new Error(`hub floor: ${floorMissing} rounds lost deliveries`);
    const result = tsBench("bench/hub.ts");
    result.floor = floor;
    console.log(
      `${result.sockets} sockets, ${result.deliveries}/${result.expectedDeliveries} delivered: p50 ${result.latencyMs.p50.toFixed(1)} ms, p99 ${result.latencyMs.p99.toFixed(1)} ms, ${result.deliveriesPerSecond} deliveries/s`,
    );
    console.log(
      `  first send to last delivery ${result.windowMs} ms; CPU meanwhile: server ${result.serverCpuMs} ms, sockets ${result.clientCpuMs} ms`,
    );
    for (const [kind, ms] of Object.entries(result.byKindMs))
      console.log(`  by ${kind}: p50 ${ms.p50.toFixed(1)} ms, p99 ${ms.p99.toFixed(1)} ms`);
    const broadcast = result.broadcastServerMs;
    console.log(
      `  the broadcast on the server: answered at ${broadcast.answered} ms, ${broadcast.usersPushed} users' notifications pushed from ${broadcast.firstPushed} to ${broadcast.lastPushed} ms`,
    );
    const floorP99 = floor.rounds.map((r) => r.latencyMs.p99).sort((a, b) => a - b);
    console.log(
      `  floor, a bare server's one message to each of the same ${floor.sockets} sockets: p99 ${floorP99.map((ms) => ms.toFixed(1)).join(", ")} ms; written in ${floor.rounds.map((r) => r.pushedMs).join(", ")} ms; sockets' CPU ${floor.rounds.map((r) => r.clientCpuMs).join(", ")} ms`,
    );
    const medianFloor = floorP99[Math.floor(floorP99.length / 2)];
    // No broadcast delivery at all is reported below as deliveries missing.
    result.groupP99OverFloor = (result.byKindMs.group?.p99 ?? Number.NaN) / medianFloor;
    console.log(
      `  the broadcast's p99 / the floor's (median round): ${result.groupP99OverFloor.toFixed(2)}x`,
    );
    // A latency over the deliveries that arrived says nothing of those that did not.
    if (result.deliveries !== result.expectedDeliveries)
      throw new Error(
        `hub: ${result.deliveries} of ${result.expectedDeliveries} deliveries arrived`,
      );
    return result;
  },
  async bundle() {
    // The JavaScript a signed-out visitor downloads for each public page (bench/bundle.mjs).
    const { bundleSuite } = await import("./bundle.mjs");
    return bundleSuite({ root, startHostfield });
  },
  async lighthouse() {
    // Imported here: Lighthouse takes a while to load and the other suites do not need it.
    const { lighthouseSuite } = await import("./lighthouse.mjs");
    return lighthouseSuite({ root, startHostfield });
  },
  async jobs() {
    // The job queue and the outbox on PGlite and PostgreSQL, in process (bench/jobs.mjs).
    const out = execSync(`${tsx} bench/jobs.mjs`, {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
      env: process.env,
    });
    const line = out
      .toString()
      .split("\n")
      .find((l) => l.startsWith("BENCH_RESULT "));
    if (!line) throw new Error("bench/jobs.mjs printed no result");
    const result = JSON.parse(line.slice("BENCH_RESULT ".length));
    for (const [kind, { queue, outbox }] of Object.entries(result)) {
      console.log(
        `${kind.padEnd(9)} queue: ${queue.sendsPerSecond} sends/s, ${queue.completedPerSecond} jobs/s completed (${queue.jobs} jobs)`,
      );
      const ms = outbox.commitToHandlerMs;
      console.log(
        `${kind.padEnd(9)} outbox: commit to subscriber p50 ${ms.p50} ms  p99 ${ms.p99} ms  max ${ms.max} ms (${outbox.events} events)`,
      );
    }
    return result;
  },
  async media() {
    // 20 clients asking for new image variants of large photos while /healthz is timed (bench/media.mjs).
    const variants = execSync(
      `${tsx} -e 'import("@hostfield/domain/reference").then((m) => console.log(JSON.stringify(m.MEDIA_VARIANTS)))'`,
      { cwd: root },
    );
    return mediaSuite({ startHostfield, duration, variants: JSON.parse(variants.toString()) });
  },
  async match() {
    // In-process app on a seeded scale-1 database (bench/match.mjs); its last line is the result.
    // It serves apps/web/dist to open the board in a browser: rebuilt, so it is today's web app.
    execSync("npm run build -w @hostfield/web", { cwd: root, stdio: "inherit" });
    const out = execSync(`${tsx} bench/match.mjs`, {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
      maxBuffer: 64 * 1024 * 1024,
      env: {
        ...process.env,
        BENCH_DURATION: String(duration),
        BENCH_CONNECTIONS: String(connections),
      },
    });
    const line = out
      .toString()
      .split("\n")
      .find((l) => l.startsWith("BENCH_RESULT "));
    if (!line) throw new Error("bench/match.mjs printed no result");
    const result = JSON.parse(line.slice("BENCH_RESULT ".length));
    for (const [name, row] of Object.entries(result.publishing)) {
      console.log(
        `publish ${name.padEnd(50)} ${String(row.leads).padStart(5)} leads  p50 ${row.publishMs.p50} ms  p99 ${row.publishMs.p99} ms`,
      );
    }
    for (const row of [...result.destinationLeads.rows, result.signedInFloor]) {
      console.log(
        `${row.name.padEnd(56)} ${String(row.requestsPerSecond).padStart(6)} req/s  p50 ${row.latencyMs.p50} ms  p99 ${row.latencyMs.p99} ms  non-2xx ${row.non2xx}`,
      );
    }
    const board = result.boardInBrowser;
    if (board)
      console.log(
        `${"pipeline in a browser, every column's first card".padEnd(56)} ${String(board.runs).padStart(6)} loads  p50 ${board.shownMs.p50} ms  p99 ${board.shownMs.p99} ms  (after the first paint p50 ${board.afterFirstPaintMs.p50} ms; the board's reply in at p50 ${board.boardReplyMs.p50} ms, its first cards shown p50 ${board.afterBoardReplyMs.p50} ms later; every card drawn p50 ${board.allCardsMs.p50} ms; selecting a card ${board.selectMs ? `p50 ${board.selectMs.p50} ms` : "not measured"})`,
      );
    return result;
  },
  async reserve() {
    // Bookings of one hot night and availability near an event, on PGlite or PostgreSQL
    // (DATABASE_URL), in process with its clients in a child (bench/reserve.ts).
    let out;
    try {
      out = execSync(`${tsx} bench/reserve.ts`, {
        cwd: root,
        stdio: ["ignore", "pipe", "inherit"],
        maxBuffer: 64 * 1024 * 1024,
        env: {
          ...process.env,
          BENCH_DURATION: String(duration),
          BENCH_CONNECTIONS: String(connections),
        },
      });
    } catch (error) {
      // It exits 1 when a check failed (oversold, too many bookings): still show its figures.
      if (!error.stdout) throw error;
      out = error.stdout;
    }
    const line = out
      .toString()
      .split("\n")
      .find((l) => l.startsWith("BENCH_RESULT "));
    if (!line) throw new Error("bench/reserve.ts printed no result");
    const result = JSON.parse(line.slice("BENCH_RESULT ".length));
    const { sellOut: s, lastRooms: l } = result;
    console.log(
      `${result.database}: sold ${s.booked}/${s.rooms} rooms with ${s.clients} clients in ${s.seconds} s: ${s.bookingsPerSecond} bookings/s, booking p50 ${s.bookMs.p50} ms p99 ${s.bookMs.p99} ms, ${s.roomsUnavailable} × 409 ROOMS_UNAVAILABLE; oversold ${s.database.oversold}, confirmed ${s.database.confirmed} = booked ${s.database.booked}`,
    );
    console.log(
      `${result.database}: last ${l.roomsLeft} rooms, ${l.attempts} attempts at once: ${l.booked} booked, ${l.roomsUnavailable} × 409 ROOMS_UNAVAILABLE, booking p50 ${l.bookMs.p50} ms p99 ${l.bookMs.p99} ms`,
    );
    for (const row of result.availability.rows) {
      console.log(
        `${result.database}: ${row.name.padEnd(42)} ${String(row.requestsPerSecond).padStart(6)} req/s  p50 ${row.latencyMs.p50} ms  p99 ${row.latencyMs.p99} ms  non-2xx ${row.non2xx}`,
      );
    }
    if (result.problems.length) {
      throw new Error(`reserve: the checks failed: ${result.problems.join("; ")}`);
    }
    return result;
  },
  async reports() {
    // Tracking ingest, a 365-day dashboard over 10 million raw events and the facility leaderboard
    // over 100,000 facilities, on a PostgreSQL database of its own (bench/reports.ts).
    let out;
    try {
      out = execSync(`${tsx} bench/reports.ts`, {
        cwd: root,
        stdio: ["ignore", "pipe", "inherit"],
        maxBuffer: 64 * 1024 * 1024,
        env: {
          ...process.env,
          BENCH_DURATION: String(duration),
          BENCH_CONNECTIONS: String(connections),
        },
      });
    } catch (error) {
      // It exits 1 when a check failed or a target was missed: still show its figures.
      if (!error.stdout) throw error;
      out = error.stdout;
    }
    const line = out
      .toString()
      .split("\n")
      .find((l) => l.startsWith("BENCH_RESULT "));
    if (!line) throw new Error("bench/reports.ts printed no result");
    const result = JSON.parse(line.slice("BENCH_RESULT ".length));
    const { ingest, dashboard, leaderboard } = result;
    console.log(
      `ingest: ${ingest.eventsPerSecond} events/s accepted by one process (${ingest.connections} connections; ${ingest.eventsAccepted} accepted, ${ingest.rowsStored} rows stored); bare INSERT per batch ${ingest.baselineEventsPerSecond} events/s`,
    );
    console.log(
      `dashboard: ${dashboard.rawEvents} raw events inserted in ${dashboard.insertSeconds} s, rolled up in ${dashboard.rollupSeconds} s into ${dashboard.counterRows} counters`,
    );
    console.log(
      `leaderboard: ${leaderboard.facilities} facilities, ${leaderboard.counterRows} counters, standings computed in ${leaderboard.standingsSeconds} s`,
    );
    for (const row of [...ingest.rows, ...dashboard.rows, ...leaderboard.rows]) {
      console.log(
        `${row.name.padEnd(50)} ${String(row.requestsPerSecond).padStart(6)} req/s  p50 ${row.latencyMs.p50} ms  p99 ${row.latencyMs.p99} ms  non-2xx ${row.non2xx}`,
      );
    }
    if (result.problems.length) {
      throw new Error(`reports: ${result.problems.join("; ")}`);
    }
    return result;
  },
  async search() {
    await prepareSeededDatabase({
      url: SEARCH_DATABASE_URL,
      scale: 7,
      facilities: SEARCH_FACILITIES,
      root,
      log: console.log,
    });
    // The database outlives runs, so its signing keys must be sealed with the same key each time.
    const env = {
      DATABASE_URL: SEARCH_DATABASE_URL,
      SECRET_KEY: "hostfield-bench-search-not-a-secret-0123456789",
    };
    const hostfield = await startHostfield(env);
    const bareSearch = await startBare("bare-search.mjs", env);
    const bare = await startBare();
    const post = {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ data: SEARCH_FILTER }),
    };
    const api = `${hostfield.base}/facility-mgmt/api/facilities/search?api-version=1.0&offset=0&take=20`;
    const baseline = `${bareSearch.base}/search?offset=0&take=20`;
    try {
      // The API's answer through its typed client (the filter checked against the contract where
      // the editor types it); the load below sends the same body as raw requests.
      const [{ data: fromApi, error }, fromSql] = await Promise.all([
        createHostfieldClient({ baseUrl: hostfield.base }).POST(
          "/facility-mgmt/api/facilities/search",
          { params: { query: { offset: 0, take: 20 } }, body: { data: SEARCH_FILTER } },
        ),
        fetch(baseline, post).then((r) => r.json()),
      ]);
      if (!fromApi) throw new Error(`the API refused the search: ${JSON.stringify(error)}`);
      const count = fromApi._meta.stats.count;
      if (count !== fromSql._meta.stats.count || fromApi.data[0]?.id !== fromSql.data[0]?.id) {
        throw new Error(
          `the API and the raw SQL disagree: ${count} vs ${fromSql._meta.stats.count} matches`,
        );
      }
      console.log(`${count} facilities match; both answer the same first page`);
      const rows = [
        await measure("bare fastify route (no db)", `${bare.base}/bare`),
        await measure("raw SQL via pg, bare route", baseline, post),
        await measure("POST facilities/search", api, post),
      ];
      const ratio = rows[2].latencyMs.p50 / rows[1].latencyMs.p50;
      console.log(`API p50 / raw SQL p50: ${ratio.toFixed(2)}x (target <= 1.3x)`);
      return { matches: count, filter: SEARCH_FILTER, p50Ratio: Number(ratio.toFixed(2)), rows };
    } finally {
      await hostfield.stop();
      await bareSearch.stop();
      await bare.stop();
    }
  },
  "first-view"() {
    // Each marketplace's page, HTML alone, painted or sent with its first call started, on the
    // demo network in the embedded database (bench/first-view.mjs).
    return firstViewSuite({ root, startHostfield, log: console.log });
  },
  growth() {
    // Every public list and search at 15k, 100k and 1M facilities on PostgreSQL (bench/growth.mjs).
    return growthSuite({ root, startHostfield, startBare, measure, log: console.log });
  },
  memory() {
    // RSS of the server on the embedded database: the first (seeding) start and a restart, idle,
    // after ~20 s of searches and a minute later (bench/memory.mjs).
    return memorySuite({ serverRoot, connections, log: console.log });
  },
  processes() {
    // Two server processes behind a round-robin proxy on one PostgreSQL and Redis, against one
    // alone: requests/s per process and the CPU split (bench/processes.mjs).
    return processesSuite({ root, serverRoot, duration, connections, log: console.log });
  },
  "search-window"() {
    // The facilities' search with a free window and without, at national scale, each beside the
    // same SQL through bare pg (bench/search-window.mjs).
    return searchWindowSuite({ root, startHostfield, startBare, measure, log: console.log });
  },

  async status() {
    const hostfield = await startHostfield();
    const bare = await startBare();
    try {
      return [
        await measure("bare fastify route", `${bare.base}/bare`),
        await measure(
          "GET /status.json",
          `${hostfield.base}/status.json?timestamp=1&api-version=1.0`,
        ),
        await measure("GET /healthz", `${hostfield.base}/healthz`),
      ];
    } finally {
      await hostfield.stop();
      await bare.stop();
    }
  },
};

const wanted = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(suites);
const results = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: os.cpus().length,
  duration,
  connections,
  suites: {},
};
for (const name of wanted) {
  if (!suites[name])
    throw new Error(`unknown benchmark ${name}; known: ${Object.keys(suites).join(", ")}`);
  console.log(`\n# ${name} (${duration} s, ${connections} connections)`);
  results.suites[name] = await suites[name]();
}
const outDir = path.join(root, "bench/results");
fs.mkdirSync(outDir, { recursive: true });
const file = path.join(outDir, `${results.date.replace(/[:.]/g, "-")}.json`);
fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
fs.writeFileSync(path.join(outDir, "latest.json"), `${JSON.stringify(results, null, 2)}\n`);
console.log(`\nresults: ${path.relative(root, file)}`);
