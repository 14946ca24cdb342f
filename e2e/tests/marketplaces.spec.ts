// Every marketplace on a 375 px phone and a 1440 px desktop (one page per marketplace, made wide
// after the phone's checks): it loads its results from the small demo network the e2e server
// seeds, fits the screen, raises no error, and leaves a full-page screenshot at each width in the
// report (test-results/…/marketplace-*.png) for a person to look at. Then Back to a marketplace
// returns to the card left, also when the results come only after the page is back.
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../support/test";

const MARKETPLACES = [
  { slug: "events", title: "Events", path: "/events/marketplace" },
  { slug: "organizations", title: "Event Organizations", path: "/organizations/directory" },
  { slug: "facilities", title: "Facilities", path: "/facilities/marketplace" },
  { slug: "destinations", title: "Destinations", path: "/destinations/marketplace" },
  { slug: "businesses", title: "Attractions & Things to Do", path: "/businesses/marketplace" },
];

const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
];

/** Loads every picture now (lazy ones too, so the full-page shot has them) and waits for them. */
async function loadPictures(page: Page) {
  await page.evaluate(() => {
    for (const image of document.images) image.loading = "eager";
  });
  // The server resizes each picture on its first request: give a busy machine time.
  await expect
    .poll(
      () => page.evaluate(() => [...document.images].filter((image) => !image.complete).length),
      { timeout: 30_000 },
    )
    .toBe(0);
}

/**
 * The whole page as someone scrolling down it sees it. Result cards off screen are not drawn until
 * scrolled near (content-visibility in result-list.tsx), and a full-page shot does not scroll, so
 * the window is made as tall as the page for the shot.
 */
async function screenshotWholePage(page: Page, file: string) {
  const viewport = page.viewportSize();
  if (!viewport) throw new Error("the page has no viewport");
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height });
  await page.screenshot({ path: file, fullPage: true });
  await page.setViewportSize(viewport);
}

/** The marketplace's heading, title and results at the page's present width. */
async function expectResults(page: Page, title: string) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page).toHaveTitle(`${title} | Hostfield`);
  // Results, or the empty state when the demo network has nothing to show here.
  const cards = page.getByRole("article");
  const empty = page.getByText(/match your search/);
  await expect(cards.first().or(empty)).toBeVisible();
  if ((await cards.count()) > 0) {
    // A card names its listing and links to its page.
    const first = cards.first();
    await expect(first.getByRole("heading")).toHaveText(/\S/);
    await expect(first.getByRole("link").first()).toHaveAttribute("href", /^\/[a-z]+\/.+/);
  }
}

for (const marketplace of MARKETPLACES) {
  test(`${marketplace.title} at ${VIEWPORTS.map((v) => `${v.width} px`).join(" and ")}: results, no sideways scroll, screenshots`, async ({
    page,
  }, testInfo) => {
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    const [first, ...others] = VIEWPORTS;
    await page.setViewportSize(first!);
    await page.goto(marketplace.path);
    // The same page at each width in turn: the phone's as it loads, then made wider.
    for (const viewport of [first!, ...others]) {
      await page.setViewportSize(viewport);
      await expectResults(page, marketplace.title);
      // On a phone the search is one line, so the first result starts in the first screen
      // (issue 50: four fields, Search, Filters and Sort pushed it to y≈670 of 812).
      if (viewport.width < 600 && (await page.getByRole("article").count()) > 0) {
        const top = await page
          .getByRole("article")
          .first()
          .evaluate((card) => card.getBoundingClientRect().top + window.scrollY);
        expect(top, "the first result's top on a phone").toBeLessThan(viewport.height - 120);
      }
      await loadPictures(page);

      // Nothing is wider than the screen (a phone would scroll sideways).
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, `at ${viewport.width} px`).toBeLessThanOrEqual(viewport.width);

      const file = testInfo.outputPath(`marketplace-${marketplace.slug}-${viewport.width}.png`);
      await screenshotWholePage(page, file);
      await testInfo.attach(`${marketplace.slug} at ${viewport.width} px`, {
        path: file,
        contentType: "image/png",
      });
    }
    expect(problems).toEqual([]);
  });
}

/**
 * The facilities of three states no other journey lists, likes or edits in: the journeys run
 * side by side on one server, and a facility another one approves or likes meanwhile moves the
 * cards (CI once saw a card come back 21 px off its place). 33 facilities, two pages.
 */
const QUIET_FACILITIES = "/facilities/marketplace?states=Texas,California,Florida";

/** How far down the window is scrolled. */
const scrollYOf = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** Where a result card's top is in the window, in whole pixels. */
const topOf = (card: Locator) => card.evaluate((el) => Math.round(el.getBoundingClientRect().top));

/** Scrolls the window so `card` starts 300 px below its top edge; answers the window's scrollY. */
async function leaveCardAt300(page: Page, card: Locator): Promise<number> {
  await card.evaluate((el) => {
    window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 300);
  });
  await expect.poll(() => topOf(card)).toBe(300);
  return scrollYOf(page);
}

/** Back on the marketplace, the card named `name` is where the visitor left it, give or take. */
async function expectCardBackAt300(page: Page, name: string, scrollY: number) {
  const card = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name, exact: true }) });
  await expect
    .poll(async () => Math.abs((await topOf(card)) - 300), { timeout: 15_000 })
    .toBeLessThanOrEqual(10);
  expect(Math.abs((await scrollYOf(page)) - scrollY)).toBeLessThanOrEqual(10);
}

test("Back from a listing opened after Load more returns to its card; another marketplace from the top bar starts at the top", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(QUIET_FACILITIES);
  const cards = page.getByRole("article");
  await expect(cards.first()).toBeVisible();
  const firstPage = await cards.count();
  await page.getByRole("button", { name: "Load more" }).click();
  await expect.poll(() => cards.count()).toBeGreaterThan(firstPage);

  // A card of the second page.
  const card = cards.nth(firstPage + 1);
  const name = (await card.getByRole("heading").textContent())!;
  const left = await leaveCardAt300(page, card);
  expect(left).toBeGreaterThan(1000);

  await card.getByRole("link").first().click();
  // The listing page loads its own data: a busy machine can take a while.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name, { timeout: 30_000 });
  await page.goBack();
  await expect(page).toHaveURL(QUIET_FACILITIES);
  await expectCardBackAt300(page, name, left);

  // Another marketplace from the top bar's Search menu starts at its top.
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("button", { name: "Search" })
    .click();
  await page
    .getByRole("menu")
    .getByRole("menuitem", { name: /^Destinations / })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Destinations");
  await expect(page.getByRole("status").filter({ hasText: /^Showing / })).toBeVisible();
  expect(await scrollYOf(page)).toBe(0);
});

test("Back to a marketplace the browser loads again returns to the card, however slowly its results come", async ({
  page,
}) => {
  // The page's clock, to let its time pass while the results are held (it ticks as usual until
  // moved on).
  await page.clock.install();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(QUIET_FACILITIES);
  const cards = page.getByRole("article");
  await expect(cards.first()).toBeVisible();
  const card = cards.nth(10);
  const name = (await card.getByRole("heading").textContent())!;
  const left = await leaveCardAt300(page, card);
  expect(left).toBeGreaterThan(1000);

  await card.getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name, { timeout: 30_000 });
  // Reloading the listing leaves the app's page behind: Back loads the marketplace afresh.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name, { timeout: 30_000 });
  // A slow connection: the results come only when the test lets them, once the page has been back
  // without them for a while.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = 0;
  await page.route("**/facility-mgmt/api/facilities/search*", async (route) => {
    held += 1;
    await released;
    await route.continue();
  });
  await page.goBack();
  await expect(page).toHaveURL(QUIET_FACILITIES);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Facilities");
  await expect.poll(() => held).toBeGreaterThan(0);
  // Still waiting: no card to return to yet, and the window cannot be scrolled that far.
  await expect(page.getByRole("article")).toHaveCount(0);
  expect(await scrollYOf(page)).toBeLessThan(left);
  // The rest of the page has come meanwhile (its files, its typeface), and 3 s of the page's time
  // pass (its timers and frames run, the restore keeps trying) before the results come.
  await page.waitForLoadState("load");
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.clock.runFor(3000);
  // Already looking for the card when they come, as a visitor would be.
  const back = expectCardBackAt300(page, name, left);
  release();
  await back;
});
