// A pipeline board as its manager sees it open: Debian's chromium (CHROMIUM_PATH), signed in
// through the top bar's Log in window (the journeys' own helper), opens the board's address `runs`
// times (the first not counted: it fills the browser's cache and the server's first statements),
// each a full load of the page. Times from the navigation's start to every column showing its first
// card, and that less the page's first paint (what sign-in restore, the venue list, the board's
// calls and drawing its cards take).
import { chromium } from "playwright-core";
import { logInWithPopup } from "../e2e/support/accounts.ts";
import { latencySummary } from "./latency.mjs";

export async function boardView({ base, email, password, path, columns, runs }) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await (await logInWithPopup(page, email, password)).closed;
    await page.waitForURL(/\/home$/);

    const shown = [];
    const afterPaint = [];
    for (let i = 0; i < runs + 1; i++) {
      const started = performance.now();
      await page.goto(`${base}${path}`, { waitUntil: "commit" });
      // Every column (a section named by its heading) holds a card (a list item named by its title).
      const sections = page.locator("section[aria-labelledby]");
      await sections.nth(columns - 1).waitFor({ timeout: 30_000 });
      for (let c = 0; c < columns; c++) {
        await sections.nth(c).locator("li[aria-labelledby]").first().waitFor({ timeout: 30_000 });
      }
      const ms = performance.now() - started;
      const firstPaint = await page.evaluate(
        () => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
      );
      if (i === 0) continue;
      shown.push(ms);
      if (firstPaint !== null) afterPaint.push(Math.max(0, ms - firstPaint));
    }
    return { runs, shownMs: latencySummary(shown), afterFirstPaintMs: latencySummary(afterPaint) };
  } finally {
    await browser.close();
  }
}
