// Reports end to end, on the seeded demo network (180 days of traffic for the demo listings): the
// demo facility manager opens Reports from a facility's page, switches to 90 days, sees its unique
// views and leads, and downloads the report as CSV (the file says the same range and figures); the demo
// destination manager opens a destination's economic impact and downloads its one-page PDF. The demo
// accounts log in over HTTP (support/session.ts): the journeys through the popup are identity's.
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { loggedInAs } from "../support/accounts";
import { api } from "../support/api";
import { expect, test } from "../support/test";

/** The seed's demo accounts (apps/server/src/cli/seed/accounts.ts) all share this password. */
const DEMO_PASSWORD = "hostfield-demo-1";
const demoEmail = (local: string) => `${local}@demo.hostfield.test`;

const day = (offset: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

/** Logs a demo account in; ends on /home. */
async function logInAsDemo(page: Page, local: string) {
  await loggedInAs(page, demoEmail(local), DEMO_PASSWORD);
}

/** The first listing of a kind the page's user belongs to. */
async function firstOfMine(page: Page, collection: string): Promise<{ id: string; name: string }> {
  const reply = (await api(page, "GET", `${collection}/my?offset=0&take=5`)) as unknown as {
    data: { id: string; name: string }[];
  };
  expect(reply.data.length, `the demo account has listings at ${collection}`).toBeGreaterThan(0);
  return reply.data[0]!;
}

/** Opens the listing's page and its manage menu's "Reports". */
async function openReportsFromListing(page: Page, listingPath: string) {
  await page.goto(listingPath);
  await page.getByRole("button", { name: "More listing actions" }).click();
  await page.getByRole("menuitem", { name: "Reports" }).click();
}

/** A headline tile's label and figure: its first two lines ("Unique profile views", "1,234"). */
async function tileOf(tile: ReturnType<Page["getByRole"]>) {
  const lines = (await tile.innerText())
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const [label = "", figure = ""] = lines;
  return { label, total: Number(figure.replace(/[^\d.]/g, "")) };
}

test("a facility manager opens Reports from the listing, switches to 90 days, sees views and leads, and downloads the CSV", async ({
  browser,
}) => {
  const page = await (
    await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true })
  ).newPage();
  await logInAsDemo(page, "facility");
  const facility = await firstOfMine(page, "/facility-mgmt/api/facilities");

  await openReportsFromListing(page, `/facilities/${facility.id}`);
  await expect(page).toHaveURL(new RegExp(`/reports/facility/${facility.id}$`));
  const main = page.getByRole("main");
  await expect(main.getByText(`For ${facility.name}`)).toBeVisible();

  await main.getByRole("button", { name: "Last 90 days" }).click();
  await expect(page).toHaveURL(/\?days=90$/);
  // Views count each visitor once a day, and say so; there is no separate visitors figure.
  const views = main.getByRole("group", { name: "Unique profile views", exact: true });
  await expect(views).toContainText("vs. the previous 90 days");
  const shown = await tileOf(views);
  expect(shown.label).toBe("Unique profile views");
  await expect(main.getByRole("group", { name: /visitors/i })).toHaveCount(0);
  // 180 days of seeded traffic: the last 90 days of a demo facility were visited.
  expect(shown.total).toBeGreaterThan(0);
  const leads = main.getByRole("group", { name: "Leads received", exact: true });
  await expect(leads).toContainText("vs. the previous 90 days");
  expect(Number.isFinite((await tileOf(leads)).total)).toBe(true);
  // The daily chart's figures, as a table for screen readers, cover the 90 days.
  await expect(
    main
      .getByRole("table", { name: /by day$/ })
      .first()
      .getByRole("row"),
  ).toHaveCount(91);

  const download = page.waitForEvent("download");
  await main.getByRole("button", { name: "Download CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const csv = fs.readFileSync(await file.path(), "utf8");
  expect(csv).toContain(`From,${day(-89)},To,${day(0)}`);
  expect(csv).toContain(`${shown.label},${shown.total},`);
});

test("a destination manager opens the Economic impact tab and downloads the PDF", async ({
  browser,
}) => {
  const page = await (
    await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true })
  ).newPage();
  await logInAsDemo(page, "destination");
  // The rest on a phone: tabs scroll, figures wrap.
  await page.setViewportSize({ width: 375, height: 800 });
  const destination = await firstOfMine(page, "/destination-mgmt/api/destinations");

  await openReportsFromListing(page, `/destinations/${destination.id}`);
  await expect(page).toHaveURL(new RegExp(`/reports/destination/${destination.id}$`));
  const main = page.getByRole("main");
  await main.getByRole("tab", { name: "Economic impact" }).click();
  await expect(page).toHaveURL(new RegExp(`/reports/destination/${destination.id}/impact$`));
  await expect(main.getByRole("group", { name: "Total economic impact" })).toContainText("$");
  await expect(main.getByRole("heading", { name: "How it is figured" })).toBeVisible();

  const download = page.waitForEvent("download");
  await main.getByRole("button", { name: "Download PDF" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  const pdf = fs.readFileSync(await file.path());
  expect(pdf.subarray(0, 4).toString("latin1")).toBe("%PDF");
});
