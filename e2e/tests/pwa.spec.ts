// The installable app: the page links a valid manifest (served as application/manifest+json) whose
// icons are the sizes it says, the service worker registers and controls the page, and with the
// network gone a navigation shows the offline page while the build's files still load from the
// cache; back online, "Try again" brings the page.
import type { Page } from "@playwright/test";
import { expect, test } from "../support/test";

/** The width and height a PNG's header states. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString("ascii")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function untilControlled(page: Page) {
  // Registered after the page's load in an idle moment; it claims the page as it activates.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 20_000,
  });
}

test("the page links a valid manifest, its icons and the theme colour", async ({ page }) => {
  await page.goto("/facilities/marketplace");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  const themeColor = await page.locator('meta[name="theme-color"]').getAttribute("content");

  const reply = await page.request.get(href!);
  expect(reply.status()).toBe(200);
  expect(reply.headers()["content-type"]).toContain("application/manifest+json");
  const manifest = await reply.json();
  expect(manifest).toMatchObject({
    name: "Hostfield",
    short_name: "Hostfield",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: themeColor,
  });
  expect(manifest.background_color).toMatch(/^#[0-9A-Fa-f]{6}$/);

  // Installable needs a 192 and a 512 icon; maskable ones fill a launcher's shape.
  const purposes = new Set<string>();
  for (const icon of manifest.icons as { src: string; sizes: string; purpose: string }[]) {
    const file = await page.request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()["content-type"]).toBe("image/png");
    const { width, height } = pngSize(await file.body());
    expect(`${width}x${height}`).toBe(icon.sizes);
    purposes.add(`${icon.purpose} ${icon.sizes}`);
  }
  expect([...purposes].sort()).toEqual([
    "any 192x192",
    "any 512x512",
    "maskable 192x192",
    "maskable 512x512",
  ]);

  const touch = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
  const touchFile = await page.request.get(touch!);
  expect(touchFile.status()).toBe(200);
  expect(pngSize(await touchFile.body())).toEqual({ width: 180, height: 180 });
});

test("the service worker controls the page; offline, a navigation shows the offline page and the app's files still load", async ({
  page,
  context,
}) => {
  await page.goto("/");
  await untilControlled(page);
  const worker = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { url: registration.active?.scriptURL, scope: registration.scope };
  });
  expect(new URL(worker.url!).pathname).toBe("/sw.js");
  expect(new URL(worker.scope).pathname).toBe("/");
  // The page's own script, a hashed asset of the build.
  const script = await page.locator('script[type="module"][src^="/assets/"]').getAttribute("src");
  expect(script).toBeTruthy();

  await context.setOffline(true);
  await page.goto("/facilities/marketplace");
  await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
  await expect(page).toHaveTitle("You are offline | Hostfield");
  // The build's files come from the cache; the API is never answered from it.
  const offline = await page.evaluate(async (src) => {
    const asset = await fetch(src).then((r) => r.status);
    const api = await fetch("/status.json").then(
      (r) => r.status,
      () => "failed",
    );
    return { asset, api };
  }, script!);
  expect(offline).toEqual({ asset: 200, api: "failed" });

  await context.setOffline(false);
  await page.getByRole("link", { name: "Try again" }).click();
  await expect(page).toHaveURL(/\/facilities\/marketplace$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Facilities");
});
