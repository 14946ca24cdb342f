// /home is role-aware: a new account is pointed to listing a venue or requesting proposals; once it
// runs a facility and organizes an event, it shows both panels, on a 375 px phone without sideways
// scrolling.
import { signedInAs } from "../support/accounts";
import { api } from "../support/api";
import { expect, test } from "../support/test";
import { uniqueStamp } from "../support/unique";

test("home shows where to start, then the manager and organizer panels, on a phone too", async ({
  page,
}) => {
  const stamp = uniqueStamp();
  await signedInAs(page, "Hana Home", `hana-${stamp}@example.com`);
  await expect(page.getByText("Welcome to your home page")).toBeVisible();
  await expect(page.getByRole("link", { name: "List your venue" })).toHaveAttribute(
    "href",
    "/listings/new",
  );

  const facility = (await api(
    page,
    "POST",
    "/facility-mgmt/api/facilities",
    {
      data: {
        name: `Hana Courts ${stamp}`,
        address: { street: null, city: "Carmel", state: "IN", postalCode: null, country: "US" },
        lat: 39.97837,
        lng: -86.11804,
      },
    },
    201,
  ))!.data.id as string;
  await api(
    page,
    "POST",
    "/event-mgmt/api/events",
    {
      data: {
        name: `Hana Cup ${stamp}`,
        type: "Tournament",
        startDate: "2031-06-12",
        endDate: "2031-06-14",
      },
    },
    201,
  );

  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  const listings = page.getByRole("region", { name: "Your listings", exact: true });
  await expect(listings).toBeVisible();
  await expect(page.getByRole("region", { name: "Your requests", exact: true })).toBeVisible();
  await expect(listings.getByRole("link", { name: "Add photos" })).toHaveAttribute(
    "href",
    `/facilities/${facility}#images`,
  );
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(375);
  await page.screenshot({ path: test.info().outputPath("home-375.png"), fullPage: true });

  // The checklist's link opens the listing on its photos.
  await listings.getByRole("link", { name: "Add photos" }).click();
  await expect(page).toHaveURL(new RegExp(`/facilities/${facility}#images$`));
  await expect(page.locator("#images")).toBeInViewport();
});
