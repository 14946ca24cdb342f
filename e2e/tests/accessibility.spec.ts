// The app's pages at a phone's width and a desktop's, each checked with axe-core (issue 50: an
// outside audit found 15 serious rules on 57 elements). The other journeys check every page they
// visit at the width they use, mostly a desktop's; this one walks the pages a visitor, a member
// and an admin reach from the menus, at both widths, so no page is checked at one width only.
// A serious or critical violation fails it (support/axe.ts); the fixture lists what it found.
import type { Page } from "@playwright/test";
import { signedInAs } from "../support/accounts";
import { injectSession, logInByHttp } from "../support/session";
import { expect, test } from "../support/test";
import { uniqueStamp } from "../support/unique";

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
];

/** Pages anyone may open. */
const PUBLIC_PAGES = [
  "/",
  "/events/marketplace",
  "/organizations/directory",
  "/facilities/marketplace",
  "/destinations/marketplace",
  "/businesses/marketplace",
  "/stories",
  "/help",
  "/how-it-works",
  "/contact",
  "/states/indiana",
  "/no-such-page",
];

/** A member's own pages (an organizer who has just signed up: their empty states). */
const MEMBER_PAGES = [
  "/home",
  "/account",
  "/notifications",
  "/groups",
  "/requests",
  "/requests/new",
  "/listings/new",
  "/shortlists",
  "/rfps",
  "/pipeline",
  "/reports",
  "/stories/new",
];

/** Opens `path` and waits for its heading (every page has one h1) and for the network to settle. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState("networkidle").catch(() => undefined);
}

/** The first result's page of a marketplace: a listing's own page, as a visitor reaches it. */
async function firstListing(page: Page, marketplace: string): Promise<string> {
  await open(page, marketplace);
  const link = page.getByRole("article").first().getByRole("link").first();
  await expect(link).toBeVisible();
  const href = await link.getAttribute("href");
  if (!href) throw new Error(`no listing on ${marketplace}`);
  return href;
}

for (const size of WIDTHS) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: size });

    test("a visitor's pages and a listing of each kind", async ({ page, accessible }) => {
      const listings = [];
      for (const marketplace of [
        "/facilities/marketplace",
        "/destinations/marketplace",
        "/events/marketplace",
        "/businesses/marketplace",
      ]) {
        listings.push(await firstListing(page, marketplace));
        await accessible(page);
      }
      for (const path of [...PUBLIC_PAGES, ...listings]) {
        await open(page, path);
        await accessible(page);
      }
    });

    test("a member's own pages", async ({ page, accessible }) => {
      const stamp = uniqueStamp();
      await signedInAs(page, "Ari Access", `ari-${stamp}@example.com`);
      for (const path of MEMBER_PAGES) {
        await open(page, path);
        await accessible(page);
      }
      // The Me menu open: its items, headings and the roles' pages.
      await page
        .getByRole("navigation", { name: "Main" })
        .getByRole("button", { name: "Open menu" })
        .click();
      await expect(page.getByRole("menu")).toBeVisible();
      await accessible(page, "menu open");
    });

    test("an admin's page", async ({ page, admin, accessible }) => {
      await injectSession(page, await logInByHttp(admin.email));
      await open(page, "/admin");
      await accessible(page);
    });
  });
}
