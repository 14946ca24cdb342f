// `npm run bench -- memory`: what the server on the embedded database (PGlite) holds in memory
// (issue 49: 710 MB idle after the first start, 1.04-1.15 GB after 20 s of search load, and it
// stayed there). The built server is started twice on one fresh DATA_DIR: the first start seeds the
// demo network (scale 1) in its own process, as `npm start` does; the second finds it seeded. Each
// time: RSS idle after the start, the peak and the end of ~20 s of facility searches (a few filters
// in turn), and a minute later.
//
// RSS comes from /proc/<pid>/status (VmRSS, and its anonymous and file-backed parts); Node's own
// figures (heapUsed, external, arrayBuffers) from process.memoryUsage() in the server, asked over an
// IPC channel by a few lines loaded with `--import` (below): the server has no debug endpoint and
// main.ts is not touched. PGlite's WASM heap is one ArrayBuffer, so it shows in arrayBuffers.
//
// BENCH_MEMORY_LOAD_SECONDS (20), BENCH_MEMORY_SETTLE_SECONDS (60), BENCH_MEMORY_SEED_SCALE (1);
// BENCH_MEMORY_SNAPSHOT=dir writes a heap snapshot there after the load (v8.writeHeapSnapshot).
// BENCH_MEMORY_NODE_OPTIONS adds Node flags to the server (e.g. --max-semi-space-size=8).
import { execSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freePort } from "./free-port.mjs";

const LOAD_SECONDS = Number(process.env.BENCH_MEMORY_LOAD_SECONDS ?? 20);
const SETTLE_SECONDS = Number(process.env.BENCH_MEMORY_SETTLE_SECONDS ?? 60);
const SEED_SCALE = process.env.BENCH_MEMORY_SEED_SCALE ?? "1";
/** The target for the embedded server after the search load. */
export const TARGET_RSS_MB = 600;

/** The facility searches the load cycles through (the web's marketplace filters). */
const FILTERS = [
  { near: { lat: 38.2527, lng: -85.7585, dist: 100 }, sports: ["Basketball"] },
  { sports: ["Soccer"], types: ["Sports Complex"] },
  { states: ["California"], sort: "name" },
  { text: "sports center" },
  { amenities: ["Wheelchair Accessible"], spaceLocation: "Indoor" },
  { regions: ["Midwest"], sort: "newest" },
];

// Runs inside the server (a data: URL module given to --import): answers "memory" with
// process.memoryUsage() and the size of every WebAssembly memory (PGlite's heap: the constructor is
// wrapped to note each one made), "gc" by a full garbage collection (the last, diagnostic sample:
// what of the heap was garbage), and {snapshot: dir} with a heap snapshot's path, over the IPC
// channel the bench opens. Nothing else in the server hears these messages.
const PROBE = `
import v8 from "node:v8";
import vm from "node:vm";
const memories = [];
WebAssembly.Memory = new Proxy(WebAssembly.Memory, {
  construct(target, args) {
    const memory = new target(...args);
    memories.push(new WeakRef(memory));
    return memory;
  },
});
let gc;
process.on("message", (m) => {
  if (m === "gc") {
    v8.setFlagsFromString("--expose-gc");
    gc ??= vm.runInNewContext("gc");
    gc();
    process.send({ done: true });
  } else if (m === "memory") {
    const wasm = memories.map((r) => r.deref()?.buffer.byteLength ?? 0).reduce((a, b) => a + b, 0);
    process.send({ memory: { ...process.memoryUsage(), wasm } });
  } else if (m && m.snapshot) {
    const file = m.snapshot + "/" + process.pid + "-" + Date.now() + ".heapsnapshot";
    process.send({ snapshot: v8.writeHeapSnapshot(file) });
  }
});
`;

const mb = (bytes) => Math.round(bytes / 1024 / 1024);

/** VmRSS, VmHWM (its peak), RssAnon and RssFile of a process, in MB. */
function procMemory(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (key) => Number(status.match(new RegExp(`^${key}:\\s+(\\d+) kB`, "m"))?.[1] ?? 0);
  return {
    rssMb: Math.round(kb("VmRSS") / 1024),
    peakRssMb: Math.round(kb("VmHWM") / 1024),
    anonMb: Math.round(kb("RssAnon") / 1024),
    fileMb: Math.round(kb("RssFile") / 1024),
    wasmResidentMb: wasmResidentMb(pid),
  };
}

/**
 * How much of PGlite's WASM heap is resident. V8 reserves a WebAssembly memory with its guard
 * region (about 10 GB of address space, unreadable) and makes the part in use readable, so it is
 * the read-write mapping that ends where an unreadable reservation of 4 GB or more begins.
 */
function wasmResidentMb(pid) {
  const maps = [];
  let current;
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const head = line.match(/^([0-9a-f]+)-([0-9a-f]+) (\S+) /);
    if (head) {
      current = {
        start: BigInt(`0x${head[1]}`),
        end: BigInt(`0x${head[2]}`),
        perm: head[3],
        kb: 0,
      };
      maps.push(current);
    } else if (line.startsWith("Rss:")) current.kb = Number(line.split(/\s+/)[1]);
  }
  const guards = new Set(
    maps.filter((m) => m.perm === "---p" && m.end - m.start >= 4n << 30n).map((m) => m.start),
  );
  const kb = maps
    .filter((m) => m.perm.startsWith("rw") && guards.has(m.end))
    .reduce((sum, m) => sum + m.kb, 0);
  return Math.round(kb / 1024);
}

async function waitFor(url, child, timeoutMs) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`not ready: ${url}`);
}

/** Starts dist/main.js on `dataDir` with the probe loaded; `ask(message)` answers over IPC. */
async function startServer({ serverRoot, dataDir, seed }) {
  const port = await freePort();
  const extraFlags = (process.env.BENCH_MEMORY_NODE_OPTIONS ?? "").split(" ").filter(Boolean);
  // The embedded database, and one process: a DATABASE_URL or REDIS_URL from the shell is dropped.
  const { DATABASE_URL, REDIS_URL, ...inherited } = process.env;
  const started = Date.now();
  const child = spawn(
    process.execPath,
    [
      ...extraFlags,
      "--import",
      `data:text/javascript,${encodeURIComponent(PROBE)}`,
      path.join(serverRoot, "apps/server/dist/main.js"),
    ],
    {
      env: {
        ...inherited,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        RATE_LIMIT_MAX: "100000000",
        SEED_ON_START: seed ? "true" : "false",
        SEED_SCALE,
      },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    },
  );
  const replies = [];
  child.on("message", (m) => replies.shift()?.(m));
  const ask = (message) =>
    new Promise((resolve) => {
      replies.push(resolve);
      child.send(message);
    });
  // Seeding 15,000 facilities into PGlite takes minutes on this machine.
  await waitFor(`http://127.0.0.1:${port}/readyz`, child, 30 * 60_000);
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid,
    startSeconds: Math.round((Date.now() - started) / 1000),
    ask,
    stop: async () => {
      child.kill("SIGTERM");
      if (child.exitCode === null) await new Promise((r) => child.once("exit", r));
    },
  };
}

/** RSS from /proc and Node's own figures, in MB. */
async function sample(server) {
  const { memory } = await server.ask("memory");
  return {
    ...procMemory(server.pid),
    heapTotalMb: mb(memory.heapTotal),
    heapUsedMb: mb(memory.heapUsed),
    externalMb: mb(memory.external),
    arrayBuffersMb: mb(memory.arrayBuffers),
    wasmMb: mb(memory.wasm),
  };
}

/** ~LOAD_SECONDS of searches cycling through FILTERS; RSS is polled meanwhile for its peak. */
async function searchLoad(server, connections) {
  const url = `${server.base}/facility-mgmt/api/facilities/search?api-version=1.0&offset=0&take=20`;
  const bodies = FILTERS.map((data) => JSON.stringify({ data }));
  let next = 0;
  let peakRssMb = 0;
  const poll = setInterval(() => {
    peakRssMb = Math.max(peakRssMb, procMemory(server.pid).rssMb);
  }, 250);
  try {
    const result = await autocannon({
      url,
      connections,
      duration: LOAD_SECONDS,
      requests: [
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }),
        },
      ],
    });
    return {
      requests: result.requests.total,
      requestsPerSecond: Math.round(result.requests.average),
      latencyMs: { p50: result.latency.p50, p99: result.latency.p99 },
      non2xx: result.non2xx,
      errors: result.errors,
      peakRssMb,
    };
  } finally {
    clearInterval(poll);
  }
}

const settle = (seconds) => new Promise((r) => setTimeout(r, seconds * 1000));

function show(log, label, s) {
  log(
    `  ${label.padEnd(34)} RSS ${String(s.rssMb).padStart(5)} MB (anon ${s.anonMb}, file ${s.fileMb})  heapUsed ${s.heapUsedMb} / ${s.heapTotalMb} MB  external ${s.externalMb} MB  arrayBuffers ${s.arrayBuffersMb} MB  PGlite's WASM heap ${s.wasmMb} MB (resident ${s.wasmResidentMb})`,
  );
}

async function measureStart(log, { serverRoot, dataDir, seed, connections }) {
  const server = await startServer({ serverRoot, dataDir, seed });
  try {
    log(
      `${seed ? "first start (seeds the demo network)" : "second start (already seeded)"}: ready in ${server.startSeconds} s`,
    );
    // A few seconds for the start's timers (jobs' first runs) before "idle".
    await settle(5);
    const idle = await sample(server);
    show(log, "idle after the start", idle);
    const load = await searchLoad(server, connections);
    const afterLoad = await sample(server);
    log(
      `  ${LOAD_SECONDS} s of searches: ${load.requestsPerSecond} req/s, p50 ${load.latencyMs.p50} ms, p99 ${load.latencyMs.p99} ms, non-2xx ${load.non2xx}; RSS peak ${load.peakRssMb} MB`,
    );
    show(log, "right after the load", afterLoad);
    // A load whose searches failed measures an error path, not the search.
    if (load.non2xx || load.errors || !load.requests)
      throw new Error(
        `memory: the search load got ${load.non2xx} non-2xx answers and ${load.errors} errors of ${load.requests}`,
      );
    if (process.env.BENCH_MEMORY_SNAPSHOT) {
      fs.mkdirSync(process.env.BENCH_MEMORY_SNAPSHOT, { recursive: true });
      const { snapshot } = await server.ask({ snapshot: process.env.BENCH_MEMORY_SNAPSHOT });
      log(`  heap snapshot: ${snapshot}`);
    }
    await settle(SETTLE_SECONDS);
    const later = await sample(server);
    show(log, `${SETTLE_SECONDS} s later`, later);
    await server.ask("gc");
    const afterGc = await sample(server);
    show(log, "then after a forced full GC", afterGc);
    return { startSeconds: server.startSeconds, idle, load, afterLoad, later, afterGc };
  } finally {
    await server.stop();
  }
}

export async function memorySuite({ serverRoot, connections, log }) {
  execSync("npm run build -w @hostfield/server", { cwd: serverRoot, stdio: "inherit" });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hostfield-bench-memory-"));
  try {
    // BENCH_MEMORY_SEEDED_DIR: a DATA_DIR seeded before, copied, for the second start alone (quicker).
    const seeded = process.env.BENCH_MEMORY_SEEDED_DIR;
    if (seeded) {
      fs.cpSync(seeded, dataDir, { recursive: true });
      const second = await measureStart(log, { serverRoot, dataDir, seed: false, connections });
      return {
        seedScale: null,
        loadSeconds: LOAD_SECONDS,
        second,
        worstRssMb: second.afterLoad.rssMb,
        targetRssMb: TARGET_RSS_MB,
      };
    }
    const first = await measureStart(log, { serverRoot, dataDir, seed: true, connections });
    const second = await measureStart(log, { serverRoot, dataDir, seed: false, connections });
    const worst = Math.max(
      first.afterLoad.rssMb,
      first.later.rssMb,
      second.afterLoad.rssMb,
      second.later.rssMb,
    );
    log(
      `RSS after the search load, worst of both starts: ${worst} MB: ${worst < TARGET_RSS_MB ? "under" : "OVER"} the target of ${TARGET_RSS_MB} MB`,
    );
    return {
      seedScale: Number(SEED_SCALE),
      loadSeconds: LOAD_SECONDS,
      first,
      second,
      worstRssMb: worst,
      targetRssMb: TARGET_RSS_MB,
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
