// The help centre, contact and 'How it works' pages (issue 50): the journeys' server names no site
// of its own (MARKETING_SITE_URL unset), so the menus open the app's own pages, in the same tab;
// and a visitor reads them on a phone, painted by the server, without sideways scrolling.
import { signedInAs } from "../support/accounts";
import { expect, test } from "../support/test";
import { uniqueStamp } from "../support/unique";

test("a member opens How it works and the Me menu's Help and Contact: the app's own pages", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedInAs(page, "Hana Help", `hana-${uniqueStamp()}@example.com`);
  await page.goto("/home");
  const bar = page.getByRole("navigation", { name: "Main" });

  await bar.getByRole("button", { name: "How it works" }).click();
  await page.getByRole("menu").getByRole("menuitem", { name: "Facilities" }).click();
  await expect(page).toHaveURL(/\/how-it-works#facilities$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("How it works");
  await expect(page.getByRole("region", { name: "For facilities" })).toBeInViewport();
  // One tab: the app's own page opened in place.
  expect(page.context().pages()).toHaveLength(1);

  await bar.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("menu").getByRole("menuitem", { name: "Help" }).click();
  await expect(page).toHaveURL(/\/help$/);
  await expect(page).toHaveTitle("Help Center | Hostfield");
  await expect(page.getByRole("region", { name: "Proposals and awards" })).toBeVisible();

  await bar.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("menu").getByRole("menuitem", { name: "Contact" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact us");
  // SUPPORT_EMAIL is not set for the journeys: the page says so rather than inventing one.
  await expect(
    page
      .getByRole("region", { name: "Write to the team" })
      .getByText(/has not published a support address/),
  ).toBeVisible();
});

test("a visitor reads the help, contact and How it works pages on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  for (const [path, title] of [
    ["/help", "Help Center"],
    ["/contact", "Contact us"],
    ["/how-it-works#mobile", "How it works"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    // Nothing wider than the phone.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  }
  // Opened at the section its address names.
  await expect(page.getByRole("region", { name: "On your phone" })).toBeInViewport();
});
