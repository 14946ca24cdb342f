// The marketplace map with every host but ours blocked: it draws its own basemap (land, lakes,
// state, province and country lines on canvas, city names) from files our server serves, asks
// nothing of the internet, and leaves a screenshot at a desktop and a phone size in the report.
// With MAP_PMTILES_URL it draws the vector tiles of a PMTiles archive instead, read by ranges.

import type { Locator, Page } from "@playwright/test";
import { namedFlavor } from "@protomaps/basemaps";
import { startAppServer, type TAppServer } from "../support/app-server";
import {
  archiveOf,
  MAX_ZOOM,
  serveArchive,
  squareTile,
  type TArchiveHost,
} from "../support/pmtiles";
import { expect, test } from "../support/test";

/** Lets through only requests to `origins` (and data: and blob: URLs); returns the refused ones. */
async function blockAllBut(page: Page, origins: string[], requested: string[] = []) {
  const elsewhere: string[] = [];
  await page.route("**/*", (route) => {
    const url = new URL(route.request().url());
    requested.push(url.pathname);
    if (origins.includes(url.origin) || url.protocol === "data:" || url.protocol === "blob:") {
      return route.continue();
    }
    elsewhere.push(url.href);
    return route.abort();
  });
  return elsewhere;
}

/** The colour of a canvas's pixel at a point of the page, as #rrggbb (its canvas scale applied). */
function colourAt(canvas: Locator, pageX: number, pageY: number): Promise<string> {
  return canvas.evaluate(
    (element: HTMLCanvasElement, [x, y]) => {
      const box = element.getBoundingClientRect();
      const px = Math.floor(((x - box.left) * element.width) / box.width);
      const py = Math.floor(((y - box.top) * element.height) / box.height);
      const [r = 0, g = 0, b = 0] = element.getContext("2d")?.getImageData(px, py, 1, 1).data ?? [];
      return `#${[r, g, b].map((c) => c.toString(16).padStart(2, "0")).join("")}`;
    },
    [pageX, pageY] as const,
  );
}

// Every request the page makes goes through page.route below; the service worker would make the
// map's data requests itself (page.route does not see those), so it stays out of this journey.
test.use({ serviceWorkers: "block" });

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
];

for (const viewport of VIEWPORTS) {
  test(`the map draws its offline basemap at ${viewport.width} px with the internet blocked`, async ({
    page,
    baseURL,
  }, testInfo) => {
    const requested: string[] = [];
    const elsewhere = await blockAllBut(page, [new URL(baseURL ?? "").origin], requested);
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    await page.setViewportSize(viewport);
    const placesReply = page.waitForResponse((res) => res.url().includes("/api/map/places"), {
      timeout: 45_000,
    });
    await page.goto("/facilities/marketplace?view=map");

    const map = page.getByRole("region", { name: "Map of facilities" });
    // The map's chunk loads after the page's.
    await expect(map).toBeVisible({ timeout: 30_000 });
    // Land, and the state and country lines, each on a canvas of its own pane.
    // (Leaflet names a pane's element leaflet-<name>-pane.)
    const lines = map.locator(".leaflet-hostfield-lines-pane canvas");
    await expect(map.locator(".leaflet-hostfield-land-pane canvas").first()).toBeAttached();
    await expect(lines.first()).toBeAttached();
    // Something is drawn on the lines canvas: the state lines of the United States on screen.
    await expect
      .poll(() =>
        lines.first().evaluate((canvas: HTMLCanvasElement) => {
          const context = canvas.getContext("2d");
          if (!context) return 0;
          const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
          let drawn = 0;
          for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) drawn += 1;
          return drawn;
        }),
      )
      .toBeGreaterThan(500);
    // City names from our own gazetteer, none under a marker (those are left out: on a phone's
    // view of the country that may be all of them; the journey below reads them without markers).
    await placesReply;
    const boxes = (selector: string) =>
      map.locator(selector).evaluateAll((elements) =>
        elements.map((element) => {
          const { left, top, right, bottom } = element.getBoundingClientRect();
          return { left, top, right, bottom };
        }),
      );
    // The markers come with the search's pages, which may answer after the places do.
    await expect(map.locator(".hostfield-marker, .hostfield-cluster").first()).toBeAttached({
      timeout: 30_000,
    });
    const markers = await boxes(".hostfield-marker, .hostfield-cluster");
    expect(markers.length).toBeGreaterThan(0);
    const covered = (await boxes(".hostfield-city")).filter((label) =>
      markers.some(
        (m) =>
          m.left < label.right &&
          label.left < m.right &&
          m.top < label.bottom &&
          label.top < m.bottom,
      ),
    );
    expect(covered).toEqual([]);
    await expect(page.getByRole("list", { name: "Map legend" })).toBeVisible();
    // Visitors are not told about the server's settings.
    await expect(page.getByText(/No street map is configured/)).toHaveCount(0);

    // The map and its legend on screen, whatever the page holds above them, once the map has
    // stopped zooming to its points (Leaflet marks the map while a zoom is under way).
    await map.scrollIntoViewIfNeeded();
    await expect(map.locator(".leaflet-zoom-anim")).toHaveCount(0);
    const file = testInfo.outputPath(`map-${viewport.width}.png`);
    await page.screenshot({ path: file });
    await testInfo.attach(`map at ${viewport.width} px`, { path: file, contentType: "image/png" });
    expect(elsewhere).toEqual([]);
    // A continent's view needs only the coarse world (1:50m is for zoom 5 and closer).
    expect(requested.filter((path) => /countries-110m/.test(path))).toHaveLength(1);
    expect(requested.filter((path) => /countries-50m/.test(path))).toEqual([]);
    expect(problems).toEqual([]);
  });
}

type TPlace = { name: string; lat: number; lng: number };

/**
 * The page pixel of a latitude and longitude on the map, from two of its city labels (Leaflet puts
 * a label's box 3 px up and left of its point) and Web Mercator, which the map draws.
 */
async function projectionOf(map: Locator, places: TPlace[]) {
  const named = new Map<string, TPlace[]>();
  for (const place of places) named.set(place.name, [...(named.get(place.name) ?? []), place]);
  const seen: { place: TPlace; x: number; y: number }[] = [];
  for (const label of await map.locator(".hostfield-city").all()) {
    const [place, ...others] = named.get((await label.innerText()).trim()) ?? [];
    const box = await label.boundingBox();
    if (place && others.length === 0 && box) seen.push({ place, x: box.x + 3, y: box.y + 3 });
  }
  seen.sort((a, b) => a.place.lng - b.place.lng);
  const [west, east] = [seen[0], seen.at(-1)];
  if (!west || !east || east.place.lng - west.place.lng < 10) throw new Error("Too few labels.");
  const mercator = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
  const scale = (east.x - west.x) / (((east.place.lng - west.place.lng) * Math.PI) / 180);
  return (lat: number, lng: number) => ({
    x: west.x + (((lng - west.place.lng) * Math.PI) / 180) * scale,
    y: west.y - (mercator(lat) - mercator(west.place.lat)) * scale,
  });
}

test("the offline basemap paints the Great Lakes in the sea's colour and draws Canada's provinces", async ({
  page,
  baseURL,
}) => {
  const elsewhere = await blockAllBut(page, [new URL(baseURL ?? "").origin]);
  await page.setViewportSize({ width: 1440, height: 900 });
  const placesReply = page.waitForResponse((res) => res.url().includes("/api/map/places"), {
    timeout: 45_000,
  });
  // A search that finds nothing: no markers, so the map stays on the United States and every city
  // big enough at this zoom is named.
  await page.goto("/facilities/marketplace?view=map&q=zzqxnothing");
  await expect(page.getByText(/No facilities match/)).toBeVisible({ timeout: 30_000 });
  const places: TPlace[] = await (await placesReply).json().then((body) => body.data);
  const map = page.getByRole("region", { name: "Map of facilities" });
  await map.scrollIntoViewIfNeeded();
  await expect(map.locator(".leaflet-zoom-anim")).toHaveCount(0);
  await expect(map.locator(".hostfield-city").nth(1)).toBeVisible();
  const at = await projectionOf(map, places);
  const land = map.locator(".leaflet-hostfield-land-pane canvas").first();
  const sea = await map
    .locator(".leaflet-container")
    .evaluate((element) => getComputedStyle(element).backgroundColor);
  const hex = (rgb: string) =>
    `#${(rgb.match(/\d+/g) ?? [])
      .slice(0, 3)
      .map((c) => Number(c).toString(16).padStart(2, "0"))
      .join("")}`;
  // Mid Lake Michigan and mid Lake Superior are water; the land between them (Michigan's Upper
  // Peninsula) and Iowa are not.
  for (const [lat, lng] of [
    [43.6, -87.1],
    [47.6, -87.6],
  ] as const) {
    const { x, y } = at(lat, lng);
    await expect.poll(() => colourAt(land, x, y), `${lat}, ${lng}`).toBe(hex(sea));
  }
  for (const [lat, lng] of [
    [46.3, -86.0],
    [42.0, -93.5],
  ] as const) {
    const { x, y } = at(lat, lng);
    expect(await colourAt(land, x, y), `${lat}, ${lng}`).not.toBe(hex(sea));
  }
  // Between 50° and 57° N, 110° and 90° W (Saskatchewan, Manitoba, western Ontario) the only lines
  // are the provinces' borders: the US border lies further south, the coast is no line.
  const lines = map.locator(".leaflet-hostfield-lines-pane canvas").first();
  const [northWest, southEast] = [at(57, -110), at(50, -90)];
  const drawn = await lines.evaluate(
    (canvas: HTMLCanvasElement, box) => {
      const rect = canvas.getBoundingClientRect();
      const sx = canvas.width / rect.width;
      const sy = canvas.height / rect.height;
      const x = Math.max(0, Math.floor((box.left - rect.left) * sx));
      const y = Math.max(0, Math.floor((box.top - rect.top) * sy));
      const w = Math.min(canvas.width - x, Math.ceil((box.right - box.left) * sx));
      const h = Math.min(canvas.height - y, Math.ceil((box.bottom - box.top) * sy));
      const { data } = canvas.getContext("2d")!.getImageData(x, y, w, h);
      let count = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) count += 1;
      return count;
    },
    { left: northWest.x, top: northWest.y, right: southEast.x, bottom: southEast.y },
  );
  expect(drawn).toBeGreaterThan(30);
  expect(elsewhere).toEqual([]);
});

test.describe("with a PMTiles archive (MAP_PMTILES_URL)", () => {
  let archive: TArchiveHost;
  let app: TAppServer;
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    archive = await serveArchive(
      archiveOf(squareTile("earth"), {
        vector_layers: [{ id: "earth", minzoom: 0, maxzoom: MAX_ZOOM }],
      }),
      "basemap.pmtiles",
    );
    app = await startAppServer({ MAP_PMTILES_URL: archive.url });
  });
  test.afterAll(async () => {
    await app?.close();
    await archive?.close();
  });

  test("draws the archive's vector tiles, read by byte ranges, instead of the offline basemap", async ({
    page,
  }) => {
    const requested: string[] = [];
    const elsewhere = await blockAllBut(page, [app.url, new URL(archive.url).origin], requested);
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${app.url}/facilities/marketplace?view=map`);
    const map = page.getByRole("region", { name: "Map of facilities" });
    // The map's chunk loads after the page's.
    await expect(map).toBeVisible({ timeout: 30_000 });
    // protomaps-leaflet's tiles are canvases in Leaflet's tile pane, painted with the light
    // flavour's land (the archive's one polygon), not just its background.
    const tile = map.locator(".leaflet-tile-pane canvas").first();
    await expect(tile).toBeAttached();
    const box = await tile.boundingBox();
    if (!box) throw new Error("The tile has no box.");
    await expect
      .poll(() => colourAt(tile, box.x + box.width / 2, box.y + box.height / 2))
      .toBe(namedFlavor("light").earth);
    // The archive was read by ranges: its header first (the first 16 kB), then the tile.
    expect(archive.ranges[0]).toBe("bytes=0-16383");
    expect(archive.ranges.length).toBeGreaterThan(1);
    // None of the offline basemap: no land pane, none of its data files.
    await expect(map.locator(".leaflet-hostfield-land-pane canvas")).toHaveCount(0);
    expect(requested.filter((path) => /countries-|states-10m|provinces-lakes/.test(path))).toEqual(
      [],
    );
    expect(elsewhere).toEqual([]);
    expect(problems).toEqual([]);
  });
});
