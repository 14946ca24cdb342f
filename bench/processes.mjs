// `npm run bench -- processes`: the server as several processes for real (issue 49). Two built
// servers (dist/main.js) on one PostgreSQL database (the demo network at scale 1, reused between
// runs like the search suite's) and one Redis (the hub's adapter), behind a small round-robin HTTP
// proxy (node:http, a child process of this file, so its CPU is its own), loaded with autocannon
// on a public search and a public profile read; then the same loads with one process alone behind
// the same proxy. Per row: requests/s in all and per process (counted at the proxy), p50/p99, and
// the CPU each part used over the run (utime + stime from /proc/<pid>/stat): each server, the
// PostgreSQL backends serving this database, Redis, the proxy and autocannon (this process), and
// what the rest of the machine used meanwhile. On a 2-core machine a second process is not expected
// to add throughput: the CPU split says where the limit is.
//
// BENCH_PROCESSES_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/hostfield_bench_processes),
// BENCH_PROCESSES_REDIS_URL (default redis://127.0.0.1:6379/11), BENCH_PROCESSES_ROUNDS (3: runs of
// each row, the median reported).
import { execSync, fork, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createHostfieldClient } from "@hostfield/client";
import autocannon from "autocannon";
import { freePort } from "./free-port.mjs";
import { prepareSeededDatabase, withClient } from "./seeded-database.mjs";

const DATABASE_URL =
  process.env.BENCH_PROCESSES_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/hostfield_bench_processes";
const REDIS_URL = process.env.BENCH_PROCESSES_REDIS_URL ?? "redis://127.0.0.1:6379/11";
/** Louisville, KY, 100 mi, one sport: the growth suite's radius search. */
const SEARCH_FILTER = { near: { lat: 38.2527, lng: -85.7585, dist: 100 }, sports: ["Basketball"] };
/** The profile read cycles through this many listed facilities. */
const PROFILES = 50;
/** Runs of each row; the median's figures are reported (the machine is shared). */
const ROUNDS = Number(process.env.BENCH_PROCESSES_ROUNDS ?? 3);
const CLOCK_TICKS = Number(execSync("getconf CLK_TCK").toString().trim()) || 100;

// ---- the proxy (this file run as a child with the argument "proxy") ----

/**
 * Round-robin over `backends` (ports), one keep-alive agent; answers IPC messages: {backends}
 * sets the list and zeroes the counts, "counts" replies with the requests sent to each port.
 */
function runProxy() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let backends = [];
  let counts = {};
  let next = 0;
  const server = http.createServer((req, res) => {
    const port = backends[next++ % backends.length];
    counts[port] = (counts[port] ?? 0) + 1;
    const upstream = http.request(
      { host: "127.0.0.1", port, method: req.method, path: req.url, headers: req.headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  process.on("message", (m) => {
    if (m === "counts") process.send({ counts });
    else if (m?.backends) {
      backends = m.backends;
      counts = {};
      process.send({ ok: true });
    }
  });
  server.listen(0, "127.0.0.1", () => process.send({ port: server.address().port }));
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === "proxy") runProxy();

// ---- CPU accounting ----

/** utime + stime of a process in ms, or undefined when it is gone. */
function cpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces), from the third: utime is the 14th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** Busy and total CPU time of the whole machine in ms, from /proc/stat. */
function machineMs() {
  const [, ...ticks] = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/);
  const n = ticks.map(Number);
  const idle = n[3] + n[4];
  const total = n.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: ((total - idle) * 1000) / CLOCK_TICKS, total: (total * 1000) / CLOCK_TICKS };
}

/**
 * Follows the CPU of named groups of processes during a run. `groups()` lists each group's pids
 * now (PostgreSQL's backends come and go with the pools): they are polled every 500 ms, and a
 * process counts from when it was first seen to when it was last seen.
 */
function cpuTracker(groups) {
  const seen = new Map(); // `${group}:${pid}` → { group, first, last }
  const poll = async () => {
    for (const [group, pids] of Object.entries(await groups())) {
      for (const pid of pids) {
        const ms = cpuMs(pid);
        if (ms === undefined) continue;
        const key = `${group}:${pid}`;
        const entry = seen.get(key);
        if (entry) entry.last = ms;
        else seen.set(key, { group, first: ms, last: ms });
      }
    }
  };
  let timer;
  let startedAt;
  let machineStart;
  return {
    async start() {
      startedAt = Date.now();
      machineStart = machineMs();
      await poll();
      timer = setInterval(() => poll().catch(() => undefined), 500);
    },
    async stop() {
      clearInterval(timer);
      await poll();
      const wallMs = Date.now() - startedAt;
      const machine = machineMs();
      const byGroup = {};
      for (const { group, first, last } of seen.values())
        byGroup[group] = (byGroup[group] ?? 0) + (last - first);
      const cores = Object.fromEntries(
        Object.entries(byGroup).map(([group, ms]) => [group, Number((ms / wallMs).toFixed(2))]),
      );
      const ours = Object.values(byGroup).reduce((a, b) => a + b, 0);
      const busy = machine.busy - machineStart.busy;
      const capacity = machine.total - machineStart.total;
      return {
        wallSeconds: Number((wallMs / 1000).toFixed(1)),
        cores,
        oursCores: Number((ours / wallMs).toFixed(2)),
        machineBusyCores: Number(((busy / capacity) * os.cpus().length).toFixed(2)),
        restOfMachineCores: Number(Math.max(0, (busy - ours) / wallMs).toFixed(2)),
      };
    },
  };
}

// ---- the servers ----

async function waitFor(url, child, timeoutMs = 120_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`a server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`not ready: ${url}`);
}

async function startServer(serverRoot, dataDir) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(serverRoot, "apps/server/dist/main.js")], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      // One DATA_DIR for both, as a shared volume would be.
      DATA_DIR: dataDir,
      DATABASE_URL,
      REDIS_URL,
      // The database outlives runs, so its signing keys must be sealed with the same key each time.
      SECRET_KEY: "hostfield-bench-processes-not-a-secret-0123456789",
      LOG_LEVEL: "warn",
      RATE_LIMIT_MAX: "100000000",
      SEED_ON_START: "false",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitFor(`http://127.0.0.1:${port}/readyz`, child);
  return {
    port,
    pid: child.pid,
    stop: async () => {
      child.kill("SIGTERM");
      if (child.exitCode === null) await new Promise((r) => child.once("exit", r));
    },
  };
}

function startProxy() {
  const child = fork(fileURLToPath(import.meta.url), ["proxy"], { stdio: "inherit" });
  const replies = [];
  child.on("message", (m) => replies.shift()?.(m));
  const ask = (message) =>
    new Promise((resolve) => {
      replies.push(resolve);
      if (message !== undefined) child.send(message);
    });
  return ask().then(({ port }) => ({
    base: `http://127.0.0.1:${port}`,
    pid: child.pid,
    ask,
    stop: () => child.kill(),
  }));
}

/** PostgreSQL backends connected to the bench database, from pg_stat_activity. */
function backendPids(client, database) {
  return client
    .query("select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [
      database,
    ])
    .then((r) => r.rows.map((row) => row.pid));
}

function redisPids() {
  try {
    return execSync("pidof redis-server").toString().trim().split(/\s+/).map(Number);
  } catch {
    return [];
  }
}

export async function processesSuite({ root, serverRoot, duration, connections, log }) {
  await prepareSeededDatabase({ url: DATABASE_URL, scale: 1, facilities: 15_000, root, log });
  execSync("npm run build -w @hostfield/server", { cwd: serverRoot, stdio: "inherit" });
  const database = new URL(DATABASE_URL).pathname.slice(1);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hostfield-bench-processes-"));
  const servers = [];
  let proxy;
  try {
    servers.push(await startServer(serverRoot, dataDir));
    servers.push(await startServer(serverRoot, dataDir));
    proxy = await startProxy();
    const search = {
      name: "POST facilities/search (100 mi, one sport)",
      url: `${proxy.base}/facility-mgmt/api/facilities/search?api-version=1.0&offset=0&take=20`,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ data: SEARCH_FILTER }),
    };
    await proxy.ask({ backends: servers.map((s) => s.port) });
    const { data: listed } = await createHostfieldClient({ baseUrl: proxy.base }).POST(
      "/facility-mgmt/api/facilities/search",
      { params: { query: { offset: 0, take: PROFILES } }, body: { data: {} } },
    );
    const ids = (listed?.data ?? []).map((p) => p.id);
    if (!ids.length) throw new Error("processes: the search listed no facility to read");
    let nextId = 0;
    const profile = {
      name: `GET facilities/:id/public (${ids.length} facilities in turn)`,
      url: `${proxy.base}/facility-mgmt/api/facilities/${ids[0]}/public?api-version=1.0`,
      requests: [
        {
          method: "GET",
          setupRequest: (request) => ({
            ...request,
            path: `/facility-mgmt/api/facilities/${ids[nextId++ % ids.length]}/public?api-version=1.0`,
          }),
        },
      ],
    };

    const rows = [];
    await withClient(DATABASE_URL, async (client) => {
      /** One measured run of `load` with the first `count` servers behind the proxy. */
      const run = async (load, count) => {
        const behind = servers.slice(0, count);
        await proxy.ask({ backends: behind.map((s) => s.port) });
        const tracker = cpuTracker(async () => ({
          ...Object.fromEntries(behind.map((s, i) => [`server ${i + 1}`, [s.pid]])),
          postgres: await backendPids(client, database),
          redis: redisPids(),
          proxy: [proxy.pid],
          autocannon: [process.pid],
        }));
        await tracker.start();
        const result = await autocannon({ ...load, connections, duration });
        const cpu = await tracker.stop();
        const { counts } = await proxy.ask("counts");
        const requests = result.requests.total;
        return {
          requestsPerSecond: Math.round(result.requests.average),
          perProcess: behind.map((s) => Math.round((counts[s.port] ?? 0) / duration)),
          latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99 },
          non2xx: result.non2xx,
          errors: result.errors,
          cpu,
          // CPU each part spent per request: what bounds requests/s once the cores are full.
          cpuMsPerRequest: Object.fromEntries(
            Object.entries(cpu.cores).map(([group, cores]) => [
              group,
              Number(((cores * cpu.wallSeconds * 1000) / Math.max(requests, 1)).toFixed(2)),
            ]),
          ),
        };
      };
      for (const load of [search, profile]) {
        for (const count of [1, 2]) {
          await proxy.ask({ backends: servers.slice(0, count).map((s) => s.port) });
          // Warm-up: each process's first statements and plans, not measured.
          await autocannon({ ...load, connections, duration: 2 });
          const rounds = [];
          for (let i = 0; i < ROUNDS; i++) rounds.push(await run(load, count));
          // The round of median throughput stands for the row; every round's figure is kept.
          const median = [...rounds].sort((x, y) => x.requestsPerSecond - y.requestsPerSecond)[
            Math.floor(rounds.length / 2)
          ];
          const row = {
            name: load.name,
            processes: count,
            ...median,
            roundsRequestsPerSecond: rounds.map((r) => r.requestsPerSecond),
          };
          rows.push(row);
          log(
            `${load.name.padEnd(50)} ${count} process${count > 1 ? "es" : "  "} ${String(row.requestsPerSecond).padStart(6)} req/s (per process ${row.perProcess.join(" + ")}; rounds ${row.roundsRequestsPerSecond.join(", ")})  p50 ${row.latencyMs.p50} ms  p99 ${row.latencyMs.p99} ms  non-2xx ${row.non2xx}`,
          );
          const split = (values, unit) =>
            Object.entries(values)
              .map(([group, v]) => `${group} ${v}${unit}`)
              .join(", ");
          log(
            `    CPU over ${row.cpu.wallSeconds} s, in cores: ${split(row.cpu.cores, "")}; ours ${row.cpu.oursCores}, the rest of the machine ${row.cpu.restOfMachineCores}, machine busy ${row.cpu.machineBusyCores} of ${os.cpus().length}`,
          );
          log(`    CPU per request: ${split(row.cpuMsPerRequest, " ms")}`);
          if (row.non2xx || row.errors)
            throw new Error(`processes: ${row.non2xx} non-2xx and ${row.errors} errors`);
        }
      }
    });
    for (const load of [search, profile]) {
      const [one, two] = rows.filter((r) => r.name === load.name);
      log(
        `${load.name}: two processes / one: ${(two.requestsPerSecond / one.requestsPerSecond).toFixed(2)}x. ${limitOf(two)}`,
      );
    }
    return { database, redis: REDIS_URL, cpus: os.cpus().length, rows };
  } finally {
    proxy?.stop();
    for (const server of servers) await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Where the limit is, from a row's CPU split: when the machine's cores are full, requests/s is
 * bounded by the CPU a request costs in all (the machine's cores over it), and the part that spends
 * most of it is where to look; otherwise the run waited on something other than CPU.
 */
function limitOf(row) {
  const cores = os.cpus().length;
  const perRequest = Object.entries(row.cpuMsPerRequest).sort((a, b) => b[1] - a[1]);
  const total = perRequest.reduce((sum, [, ms]) => sum + ms, 0);
  const servers = perRequest
    .filter(([group]) => group.startsWith("server"))
    .reduce((sum, [, ms]) => sum + ms, 0);
  const share = (ms) => `${Math.round((ms / total) * 100)}%`;
  const [top] = perRequest;
  const parts = `a request costs ${total.toFixed(1)} ms of CPU: the servers ${servers.toFixed(1)} ms (${share(servers)}), ${top[0]} ${top[1]} ms (${share(top[1])}) the largest single part`;
  if (row.cpu.machineBusyCores >= cores * 0.9)
    return `The machine's ${cores} cores were full (${row.cpu.machineBusyCores} busy, ${row.cpu.restOfMachineCores} of it not ours): CPU-bound; ${parts}; ${cores} idle cores would serve at most ~${Math.round((cores * 1000) / total)} req/s.`;
  return `The machine was not full (${row.cpu.machineBusyCores} of ${cores} cores busy): the run waited on something other than CPU; ${parts}.`;
}
