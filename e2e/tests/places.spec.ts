// Places end to end: a visitor opens Maine's page from the state tiles on their home page, opens a
// destination there, sees the facilities listed under it and follows one; then writes a review of
// it, which the facility's header counts. The destination and facility are made through the API.
import { signedInAs } from "../support/accounts";
import { api } from "../support/api";
import { expect, test } from "../support/test";
import { uniqueStamp } from "../support/unique";

const PORTLAND = { lat: 43.6591, lng: -70.2568 };
const address = (street: string) => ({
  street,
  city: "Portland",
  state: "Maine",
  postalCode: "04101",
  country: "US",
});

test("a visitor opens a state page from home's tiles, a destination's facilities, and reviews one", async ({
  browser,
  admin,
  adminPage,
}) => {
  const stamp = uniqueStamp();
  const destinationName = `Casco Bay Sports ${stamp}`;
  const facilityName = `Back Cove Fieldhouse ${stamp}`;
  const context = () => browser.newContext({ viewport: { width: 1280, height: 900 } });

  // An admin (the worker's) lists a destination in Maine and a facility under it.
  const destination = await api(
    admin,
    "POST",
    "/destination-mgmt/api/destinations",
    { data: { name: destinationName, address: address("14 Ocean Ave"), ...PORTLAND } },
    201,
  );
  const facility = await api(
    admin,
    "POST",
    "/facility-mgmt/api/facilities",
    { data: { name: facilityName, address: address("200 Baxter Blvd"), ...PORTLAND } },
    201,
  );
  for (const [path, id] of [
    ["destination-mgmt/api/destinations", destination!.data.id],
    ["facility-mgmt/api/facilities", facility!.data.id],
  ]) {
    await api(admin, "PUT", `/${path}/${id}/approve`);
  }
  await api(
    admin,
    "POST",
    `/facility-mgmt/api/facilities/${facility!.data.id}/destinations`,
    { data: { destinationId: destination!.data.id } },
    201,
  );
  // The state page shows its top six destinations: this journey needs Maine to have room for ours.
  const maine = await api(admin, "GET", "/destination-mgmt/api/states/maine");
  const shown = (maine!.data as unknown as { destinations: { items: { name: string }[] } })
    .destinations.items;
  expect(shown.map((d) => d.name)).toContain(destinationName);

  // A visitor, signed in, starts from the state tiles on their home page.
  const vera = await (await context()).newPage();
  await signedInAs(vera, "Vera Visitor", `vera-places-${stamp}@example.com`);
  await vera.getByRole("link", { name: "Maine", exact: true }).click();
  await expect(vera).toHaveURL(/\/states\/maine$/);
  await expect(vera.getByRole("heading", { level: 1, name: "Maine" })).toBeVisible();
  await expect(vera).toHaveTitle(/^Maine \|/);
  await vera
    .getByRole("region", { name: /^Top destinations/ })
    .getByRole("link", { name: new RegExp(destinationName) })
    .click();

  await expect(vera.getByRole("heading", { level: 1, name: destinationName })).toBeVisible();
  const facilities = vera.getByRole("region", { name: "Facilities (1)" });
  await expect(facilities).toBeVisible();
  await facilities.getByRole("link", { name: new RegExp(facilityName) }).click();
  await expect(vera.getByRole("heading", { level: 1, name: facilityName })).toBeVisible();

  // Vera reviews it: four stars and a line.
  const reviews = vera.getByRole("region", { name: "Reviews" });
  await expect(reviews.getByText("Nobody has reviewed")).toBeVisible();
  const form = reviews.getByRole("form", { name: "Your review" });
  // The fourth star (its label holds the star drawn and the words read out).
  await form.locator("label").filter({ hasText: "4 Stars" }).click();
  await form.getByLabel("Your review").fill("Bright courts, easy parking.");
  await form.getByRole("button", { name: "Post review" }).click();
  await expect(reviews.getByRole("heading", { name: "Your review" })).toBeVisible();
  await expect(
    reviews.getByRole("listitem").filter({ hasText: "Bright courts, easy parking." }),
  ).toContainText("Vera Visitor");
  await expect(vera.getByText("4.0 out of 5 from 1 review").first()).toBeVisible();

  // The admin lists it as its owner: the facility's own people are not asked to review it.
  await adminPage.goto(`/facilities/${facility!.data.id}`);
  // A full page load on a busy machine: the page, then its sections, may take a while.
  await expect(adminPage.getByRole("heading", { level: 1, name: facilityName })).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    adminPage
      .getByRole("region", { name: "Reviews" })
      .getByText(/You manage .*, so you cannot review it\./),
  ).toBeVisible();
});

test("a state page fits a phone's width and says when a state has no page", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  await page.goto("/states/indiana");
  await expect(page.getByRole("heading", { level: 1, name: "Indiana" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Play the Indiana video" })).toBeVisible();
  // The video is offered, never loaded on its own.
  expect(await page.locator("video, iframe").count()).toBe(0);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.goto("/states/illinois");
  await expect(page.getByText("We have no page for this state")).toBeVisible();
});
