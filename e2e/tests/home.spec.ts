// /home is role-aware: a new Event Organizer account is pointed to requesting proposals (not to
// listing a venue); once it organizes an event and runs a facility, it shows a section per role,
// the organizer's first with its main action, then the venue's leads and the listing checklist, on
// a 375 px phone without sideways scrolling.
import { signedInAs } from "../support/accounts";
import { api } from "../support/api";
import { expect, test } from "../support/test";
import { uniqueStamp } from "../support/unique";

test("home shows where to start by account type, then a section per role, on a phone too", async ({
  page,
}) => {
  const stamp = uniqueStamp();
  await signedInAs(page, "Hana Home", `hana-${stamp}@example.com`);
  await expect(page.getByText("Welcome to your home page")).toBeVisible();
  // Signed up as an Event Organizer: requesting proposals is the main button, no venue to list.
  await expect(page.getByRole("link", { name: "Request proposals for an event" })).toHaveAttribute(
    "href",
    "/requests/new",
  );
  await expect(page.getByRole("link", { name: "List your venue" })).toHaveCount(0);

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
  const requests = page.getByRole("region", { name: "Your events and requests", exact: true });
  await expect(requests).toBeVisible();
  // Nothing waits yet: the organizer's section leads, with its main action; the leads follow.
  await expect(page.getByRole("main").getByRole("heading", { level: 2 }).first()).toHaveText(
    "Your events and requests",
  );
  await expect(requests.getByRole("link", { name: "Request proposals" })).toHaveAttribute(
    "href",
    "/requests/new",
  );
  await expect(page.getByRole("region", { name: "Your leads", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Open your pipeline" })).toHaveCount(1);
  const listings = page.getByRole("region", { name: "Complete your listings", exact: true });
  await expect(listings).toBeVisible();
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
