// `npm run bench -- first-view`: how long each marketplace's page takes to come from the server,
// HTML alone, one load at a time, on the demo network in the embedded database (seeded at start).
// A page comes painted (its first view made in the budget, FIRST_VIEW_TIMEOUT_MS) or without it,
// carrying the call it makes first, which its start-up script sends at once: for those, also when
// that call's answer is in (asked as the script asks it, the moment the HTML is), which is when
// the page's results could show. Target: every page's HTML under 300 ms p50.
//
// FIRST_VIEW_ROUNDS (loads per page, after two not counted), FIRST_VIEW_SEED_SCALE (the demo
// network's size, 1: 15,000 facilities), FIRST_VIEW_PAGES (other pages, comma-separated),
// FIRST_VIEW_BASE (measure the server running there instead of starting one, e.g.
// http://127.0.0.1:3000). Run alone: `node bench/first-view.mjs` with FIRST_VIEW_BASE set.
import { execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const ROUNDS = Number(process.env.FIRST_VIEW_ROUNDS ?? 25);
const SEED_SCALE = process.env.FIRST_VIEW_SEED_SCALE ?? "1";
const TARGET_P50_MS = 300;
/** Every marketplace, and the facilities near a place without a radius (every row by distance). */
export const MARKETPLACE_PAGES = [
  "/facilities/marketplace",
  "/facilities/marketplace?near=Louisville%2C%20KY",
  "/destinations/marketplace",
  "/events/marketplace",
  "/businesses/marketplace",
  "/organizations/directory",
];
const PAGES = process.env.FIRST_VIEW_PAGES?.split(",") ?? MARKETPLACE_PAGES;
/** A browser's headers: it takes compressed pages, as the server's budget assumes. */
const HEADERS = {
  accept: "text/html",
  "accept-encoding": "gzip, br",
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36",
};

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : null;
};
const round1 = (ms) => (ms === null ? null : Number(ms.toFixed(1)));

const ENTITIES = { "&quot;": '"', "&#39;": "'", "&lt;": "<", "&gt;": ">", "&amp;": "&" };

/** The call a page sent without its first view starts at once (its data-call), or null. */
function startedCall(html) {
  const attribute = html.match(/<script data-call="([^"]*)">/)?.[1];
  if (attribute === undefined) return null;
  return JSON.parse(attribute.replace(/&(?:quot|#39|lt|gt|amp);/g, (e) => ENTITIES[e] ?? e));
}

/** One load: the HTML's time, what came, and (without a first view) when its call's answer came. */
async function load(base, page) {
  const started = performance.now();
  const response = await fetch(`${base}${page}`, { headers: HEADERS });
  const html = await response.text();
  const htmlMs = performance.now() - started;
  if (response.status !== 200) return { htmlMs, kind: `HTTP ${response.status}` };
  if (html.includes('id="first-view-state"')) return { htmlMs, kind: "painted" };
  const call = startedCall(html);
  if (!call) return { htmlMs, kind: "plain" };
  const headers = { accept: "application/json" };
  if (call.body !== undefined) headers["content-type"] = "application/json";
  if (call.handover) headers["x-first-view-call"] = call.handover;
  const answer = await fetch(`${base}${call.url}`, {
    method: call.method,
    headers,
    body: call.body,
  });
  await answer.text();
  return {
    htmlMs,
    kind: "shell",
    dataMs: performance.now() - started,
    handedOver: !!call.handover,
  };
}

/** Each page `ROUNDS` times after two loads not counted: p50 and p90 of each, and what came. */
export async function measureFirstViews(base, log = console.log) {
  const rows = [];
  for (const page of PAGES) {
    const loads = [];
    for (let i = 0; i < ROUNDS + 2; i++) {
      const result = await load(base, page);
      if (i >= 2) loads.push(result);
    }
    const html = loads.map((l) => l.htmlMs);
    const data = loads.filter((l) => l.dataMs !== undefined).map((l) => l.dataMs);
    const kinds = {};
    for (const l of loads) kinds[l.kind] = (kinds[l.kind] ?? 0) + 1;
    const row = {
      page,
      htmlMs: { p50: round1(percentile(html, 0.5)), p90: round1(percentile(html, 0.9)) },
      kinds,
      handedOver: loads.filter((l) => l.handedOver).length,
      // Without a first view: until the answer to the page's started call was in.
      shellDataMs: data.length
        ? { p50: round1(percentile(data, 0.5)), p90: round1(percentile(data, 0.9)) }
        : null,
    };
    rows.push(row);
    const came = Object.entries(kinds)
      .map(([kind, n]) => `${n} ${kind}`)
      .join(", ");
    const shells = row.shellDataMs
      ? `; without it, its call answered at p50 ${row.shellDataMs.p50} ms (${row.handedOver} handed over)`
      : "";
    log(
      `${page.padEnd(50)} HTML p50 ${String(row.htmlMs.p50).padStart(6)} ms  p90 ${String(row.htmlMs.p90).padStart(6)} ms  (${came}${shells})`,
    );
  }
  const over = rows.filter((row) => row.htmlMs.p50 >= TARGET_P50_MS).map((row) => row.page);
  log(
    over.length
      ? `over ${TARGET_P50_MS} ms p50: ${over.join("; ")}`
      : `every page's HTML under ${TARGET_P50_MS} ms p50`,
  );
  return { rounds: ROUNDS, targetP50Ms: TARGET_P50_MS, rows, overTarget: over };
}

/**
 * A data folder holding the demo network at SEED_SCALE in the embedded database, seeded once and
 * kept between runs (seeding takes minutes; the server would not answer meanwhile).
 */
export function seededDataDir(root, log) {
  const dir = path.join(os.tmpdir(), `hostfield-bench-first-view-scale-${SEED_SCALE}`);
  const done = path.join(dir, ".seeded");
  if (fs.existsSync(done)) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const started = Date.now();
  const tsx = `"${process.execPath}" "${path.join(root, "node_modules/tsx/dist/cli.mjs")}"`;
  const env = { ...process.env, DATA_DIR: dir };
  delete env.DATABASE_URL;
  execSync(`${tsx} apps/server/src/cli/seed.ts --scale ${SEED_SCALE}`, {
    cwd: root,
    stdio: ["ignore", process.stderr, "inherit"],
    env,
  });
  fs.writeFileSync(done, "");
  log(`seeded ${dir} in ${Math.round((Date.now() - started) / 1000)} s`);
  return dir;
}

/** `startHostfield(env)` is the runner's (bench/run.mjs): it builds the server and starts it. */
export async function firstViewSuite({ root, startHostfield, log }) {
  // The web's renderer paints the first views: today's, not yesterday's.
  execSync("npm run build -w @hostfield/web", { cwd: root, stdio: "inherit" });
  const hostfield = await startHostfield({ DATA_DIR: seededDataDir(root, log), DATABASE_URL: "" });
  try {
    log(`demo network at scale ${SEED_SCALE} (embedded database), ${ROUNDS} loads per page`);
    return { seedScale: Number(SEED_SCALE), ...(await measureFirstViews(hostfield.base, log)) };
  } finally {
    await hostfield.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const base = process.env.FIRST_VIEW_BASE;
  if (!base)
    throw new Error(
      "set FIRST_VIEW_BASE to a running server, or run `npm run bench -- first-view`",
    );
  await measureFirstViews(base);
}
