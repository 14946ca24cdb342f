// The `bundle` suite of bench/run.mjs: the JavaScript a signed-out visitor's browser downloads for
// each public page (the facility marketplace, a facility, an event, a state), at desktop and phone
// width, against the built app seeded with a small demo network. The budget is in gzip bytes, so
// each script's body is gzipped here (level 9) whatever the server sent; the bytes it did send
// (brotli to Chromium) are shown beside them. Also says whether sign-in code (oidc-client-ts) came
// down, which a visitor who is not signed in should never need.
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { chromium, devices } from "playwright-core";

const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
/** 0.01 is about 150 facilities and 240 listings in all: seeded in a few seconds. */
const SEED_SCALE = process.env.BUNDLE_SEED_SCALE ?? "0.01";
/** Loads of each page and width; the byte counts barely move, the median is reported. */
const RUNS = Number(process.env.BUNDLE_RUNS ?? 3);
/** Gzipped JavaScript a public page may load, signed out (issue 49). */
const MAX_SCRIPT_KB_GZ = 200;
/**
 * BUNDLE_BUILD=0 measures the build as it is (a rerun right after a build); WEB_DIST_DIR, the
 * server's own setting, measures another web build (a copy of an earlier one), unbuilt too.
 */
const BUILD = process.env.BUNDLE_BUILD !== "0" && !process.env.WEB_DIST_DIR;
const WIDTHS = {
  desktop: { viewport: { width: 1350, height: 940 } },
  // A phone's browser as it presents itself: the server picks the first view's layout by its
  // User-Agent ("Mobi", platform/web/first-view.ts), which a bare 390 px desktop window lacks, so
  // the app would redraw the wide paint it was sent (React's hydration error #418).
  phone: devices["Pixel 7"],
};
/** After the network is first idle: what the page loads when the browser has a moment to spare. */
const SETTLE_MS = 2000;

/** The id of the first listing of a kind that the marketplace search finds. */
async function firstListed(base, service, kindPath) {
  const response = await fetch(`${base}/${service}/api/${kindPath}/search?api-version=1.0&take=1`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ data: {} }),
  });
  const id = response.ok ? (await response.json()).data?.[0]?.id : null;
  if (!id) throw new Error(`no ${kindPath} to load: the seeded search answered ${response.status}`);
  return id;
}

/** The landing state whose page lists the most (the demo network covers only a few states). */
async function fullestState(base) {
  const slugs = ["arizona", "indiana", "michigan", "minnesota", "maryland", "alabama"];
  let best = { slug: slugs[0], count: -1 };
  for (const slug of slugs) {
    const response = await fetch(`${base}/destination-mgmt/api/states/${slug}?api-version=1.0`);
    if (!response.ok) continue;
    const body = (await response.json()).data;
    const count = ["destinations", "facilities", "events"].reduce(
      (sum, section) => sum + (body?.[section]?.count ?? 0),
      0,
    );
    if (count > best.count) best = { slug, count };
  }
  return best.slug;
}

/** The npm packages a built chunk holds, from its source map (sourcemap: true in vite.config.ts). */
function packagesOf(webDistDir, pathname) {
  const map = path.join(webDistDir, `${pathname}.map`);
  if (!map.startsWith(webDistDir) || !fs.existsSync(map)) return [];
  const { sources = [] } = JSON.parse(fs.readFileSync(map, "utf8"));
  const names = new Set();
  for (const source of sources) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
    if (match) names.add(match[1]);
  }
  return [...names];
}

/** One signed-out load of `url` in a fresh context: every script it fetched, sized. */
async function loadOnce(browser, url, width, webDistDir) {
  // No service worker: it would precache the whole app once idle, which is not the page's JS.
  const context = await browser.newContext({ ...WIDTHS[width], serviceWorkers: "block" });
  const page = await context.newPage();
  const scripts = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response);
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await page.waitForTimeout(SETTLE_MS);
  await page.waitForLoadState("networkidle");
  let gzipBytes = 0;
  let sentBytes = 0;
  const encodings = new Set();
  const files = [];
  for (const response of scripts) {
    const { pathname } = new URL(response.url());
    const body = await response.body().catch(() => null);
    if (!body) continue;
    const gzip = zlib.gzipSync(body, { level: 9 }).length;
    const sizes = await response.request().sizes();
    encodings.add((await response.headerValue("content-encoding")) ?? "identity");
    gzipBytes += gzip;
    sentBytes += sizes.responseBodySize;
    files.push({ pathname, gzip, packages: packagesOf(webDistDir, pathname) });
  }
  await context.close();
  const oidc = files.filter((f) => f.packages.includes("oidc-client-ts")).map((f) => f.pathname);
  return {
    requests: files.length,
    kbGzip: Math.round(gzipBytes / 1024),
    kbSent: Math.round(sentBytes / 1024),
    encodings: [...encodings],
    oidcChunks: oidc,
    files: files.sort((a, b) => b.gzip - a.gzip),
  };
}

function printTable(rows) {
  const header = ["page", "width", "JS kB gz", "kB sent", "scripts", "oidc"];
  const lines = rows.map((r) => [
    r.page,
    r.width,
    r.kbGzip,
    r.kbSent,
    r.requests,
    r.oidcLoaded ? "yes" : "no",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => String(l[i]).length)));
  const format = (cells) =>
    cells
      .map((c, i) => (i < 2 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i])))
      .join("  ");
  console.log(format(header));
  for (const line of lines) console.log(format(line));
}

/** `startHostfield(env, options)` is the runner's: it starts the built server on a private data dir. */
export async function bundleSuite({ root, startHostfield }) {
  // The server serves apps/web/dist; rebuilt so the bytes are today's web app's.
  if (BUILD) execSync("npm run build", { cwd: root, stdio: "inherit" });
  const webDistDir = path.resolve(process.env.WEB_DIST_DIR ?? path.join(root, "apps/web/dist"));
  const hostfield = await startHostfield(
    { SEED_ON_START: "true", SEED_SCALE, MAP_TILE_URL: "" },
    { build: false },
  );
  let browser;
  try {
    // Debian's chromium, never a downloaded browser.
    browser = await chromium.launch({ executablePath: CHROME_PATH, args: ["--no-sandbox"] });
    const { base } = hostfield;
    const pages = {
      marketplace: "/facilities/marketplace",
      facility: `/facilities/${await firstListed(base, "facility-mgmt", "facilities")}`,
      event: `/events/${await firstListed(base, "event-mgmt", "events")}`,
      state: `/states/${await fullestState(base)}`,
    };
    const rows = [];
    for (const [page, pathname] of Object.entries(pages)) {
      for (const width of Object.keys(WIDTHS)) {
        // The first load also has the server make the page's image sizes: not counted.
        await loadOnce(browser, `${base}${pathname}`, width, webDistDir);
        const runs = [];
        for (let run = 0; run < RUNS; run++)
          runs.push(await loadOnce(browser, `${base}${pathname}`, width, webDistDir));
        runs.sort((a, b) => a.kbGzip - b.kbGzip);
        const median = runs[Math.floor((runs.length - 1) / 2)];
        rows.push({
          page,
          width,
          url: pathname,
          kbGzip: median.kbGzip,
          kbSent: median.kbSent,
          requests: median.requests,
          encodings: median.encodings,
          oidcLoaded: median.oidcChunks.length > 0 || runs.some((r) => r.oidcChunks.length > 0),
          runsKbGzip: runs.map((r) => r.kbGzip),
          largest: median.files
            .slice(0, 8)
            .map((f) => ({ file: f.pathname, kbGzip: Number((f.gzip / 1024).toFixed(1)) })),
        });
        console.log(
          `${page} ${width}: ${median.kbGzip} kB gz in ${median.requests} scripts (runs ${rows.at(-1).runsKbGzip.join(", ")}); sent ${median.kbSent} kB (${median.encodings.join(", ")})`,
        );
      }
    }
    console.log("");
    printTable(rows);
    const problems = [];
    for (const row of rows) {
      if (row.kbGzip > MAX_SCRIPT_KB_GZ)
        problems.push(`${row.page} ${row.width}: ${row.kbGzip} kB gz > ${MAX_SCRIPT_KB_GZ}`);
      if (row.oidcLoaded) problems.push(`${row.page} ${row.width}: oidc-client-ts loaded`);
    }
    console.log(
      problems.length ? `\nover budget:\n  ${problems.join("\n  ")}` : "\nall within budget",
    );
    return {
      seedScale: Number(SEED_SCALE),
      runsPerPage: RUNS,
      gzipLevel: 9,
      maxScriptKbGzip: MAX_SCRIPT_KB_GZ,
      meetsBudget: problems.length === 0,
      problems,
      rows,
    };
  } finally {
    await browser?.close();
    await hostfield.stop();
  }
}
