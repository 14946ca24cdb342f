// The marketplace map with every host but ours blocked: it draws its own basemap (land, state and
// country lines on canvas, city names) from files our server serves, asks nothing of the internet,
// and leaves a screenshot at a desktop and a phone size in the report.
import { expect, test } from "@playwright/test";

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
];

for (const viewport of VIEWPORTS) {
  test(`the map draws its offline basemap at ${viewport.width} px with the internet blocked`, async ({
    page,
    baseURL,
  }, testInfo) => {
    const ours = new URL(baseURL ?? "").origin;
    const elsewhere: string[] = [];
    const requested: string[] = [];
    await page.route("**/*", (route) => {
      const url = new URL(route.request().url());
      requested.push(url.pathname);
      if (url.origin === ours || url.protocol === "data:" || url.protocol === "blob:") {
        return route.continue();
      }
      elsewhere.push(url.href);
      return route.abort();
    });
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    await page.setViewportSize(viewport);
    await page.goto("/facilities/marketplace?view=map");

    const map = page.getByRole("region", { name: "Map of facilities" });
    await expect(map).toBeVisible();
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
    // The biggest cities are named at this zoom, from our own gazetteer.
    await expect(map.locator(".hostfield-city").first()).toBeVisible();
    await expect(page.getByRole("list", { name: "Map legend" })).toBeVisible();
    // Visitors are not told about the server's settings.
    await expect(page.getByText(/No map tiles are configured/)).toHaveCount(0);

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
