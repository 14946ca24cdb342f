// `npm run bench [-- names...]`: load tests against the built server on a private data dir; JSON results in bench/results/.
import { execSync, fork, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

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

async function startHostfield() {
  if (!fs.existsSync(path.join(root, "apps/server/dist/main.js"))) {
    execSync("npm run build -w @hostfield/server", { cwd: root, stdio: "inherit" });
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hostfield-bench-"));
  const child = spawn(process.execPath, [path.join(root, "apps/server/dist/main.js")], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      RATE_LIMIT_MAX: "100000000",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitFor(`http://127.0.0.1:${port}/readyz`);
  return {
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function startBare() {
  const child = fork(path.join(root, "bench/bare-server.mjs"), { stdio: "inherit" });
  const port = await new Promise((resolve) => child.once("message", (m) => resolve(m.port)));
  return { base: `http://127.0.0.1:${port}`, stop: async () => child.kill() };
}

async function measure(name, url) {
  const result = await autocannon({ url, connections, duration });
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

const suites = {
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
