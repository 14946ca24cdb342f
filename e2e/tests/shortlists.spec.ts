// Shortlists: an organizer saves three facilities from the map's info windows into a new
// shortlist, compares them side by side, and sends one request to all three; each facility's
// manager finds the lead on their pipeline.
import type { Page } from "@playwright/test";
import { desktopPage, signedInAs } from "../support/accounts";
import { expect, test } from "../support/test";
import { uniqueStamp } from "../support/unique";
import { managedFacility, type TVenuePlace } from "../support/venues";

// Far apart, so that each stands as its own marker on the country-wide map.
const PLACES: TVenuePlace[] = [
  { city: "Denver", state: "CO", postalCode: "80202", lat: 39.7392, lng: -104.9903 },
  { city: "Seattle", state: "WA", postalCode: "98101", lat: 47.6062, lng: -122.3321 },
  { city: "Boston", state: "MA", postalCode: "02108", lat: 42.3601, lng: -71.0589 },
];

/** Opens the venue's info window from its marker and saves it to `list` (made on the first). */
async function saveFromMap(page: Page, venue: string, list: string, create: boolean) {
  const popup = page.locator(".leaflet-popup");
  // A click made while the map still pans (to fit the last info window) can miss its marker: click
  // again until the venue's info window is open.
  await expect(async () => {
    await page.locator(`.leaflet-marker-icon[title="${venue}"]`).click();
    await expect(popup.getByText(venue)).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await popup.getByRole("button", { name: `Save ${venue} to a shortlist` }).click();
  if (create) {
    await page.getByRole("menuitem", { name: "New shortlist…" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("textbox", { name: "Shortlist name" }).fill(list);
    await dialog.getByRole("button", { name: "Create and save" }).click();
  } else {
    await page.getByRole("menuitemcheckbox", { name: new RegExp(list) }).click();
  }
  await expect(page.getByText(`Saved to ${list}.`).last()).toBeVisible();
  await page.keyboard.press("Escape");
}

test("an organizer shortlists three facilities from the map, compares them and sends one request to all three", async ({
  browser,
  admin: ada,
}) => {
  const stamp = uniqueStamp();
  const managers = [];
  for (const [n, place] of PLACES.entries()) {
    const venue = `${place.city} Courts ${stamp}`;
    const managed = await managedFacility(browser, ada, {
      name: `Manager ${n + 1}`,
      email: `manager${n + 1}-${stamp}@example.com`,
      venue,
      place,
    });
    managers.push({ ...managed, venue });
  }

  const { page: olive } = await desktopPage(browser);
  await signedInAs(olive, "Olive Organizer", `olive-${stamp}@example.com`);
  await olive.goto("/facilities/marketplace?view=map");
  await expect(olive.getByRole("region", { name: "Map of facilities" })).toBeVisible();
  // The demo data's facilities would cluster around ours: the journey's stamp finds only its three.
  const keyword = olive.getByPlaceholder("Name or keyword");
  await keyword.fill(String(stamp));
  await keyword.press("Enter");
  await expect(olive.getByText("3 facilities in this area")).toBeVisible();
  const list = `Summer hoops ${stamp}`;
  for (const [n, manager] of managers.entries()) {
    await saveFromMap(olive, manager.venue, list, n === 0);
  }

  // The comparison, from the Me menu's Shortlists.
  await olive.goto("/shortlists");
  await olive.getByRole("link", { name: new RegExp(list) }).click();
  const table = olive.getByRole("table", { name: "Shortlisted venues compared" });
  for (const manager of managers) await expect(table.getByText(manager.venue)).toBeVisible();
  await expect(table.getByRole("rowheader", { name: "Spaces" })).toBeVisible();
  await olive.getByRole("textbox", { name: /Distances from/ }).fill("Denver, CO");
  await olive.getByRole("button", { name: "Measure" }).click();
  await expect(olive.getByText("Distances from Denver, CO")).toBeVisible();
  await olive.screenshot({ path: test.info().outputPath("shortlist-compare-1280.png") });

  // One request to all three, through the wizard.
  await olive.getByRole("link", { name: "Send a request to all 3" }).click();
  await expect(olive.getByText(/This request goes straight to the 3 venues on/)).toBeVisible();
  const eventName = `Shortlist Classic ${stamp}`;
  const step = olive.getByRole("form");
  await step.getByRole("button", { name: "Skip" }).click();
  await step.getByRole("textbox", { name: "Event name" }).fill(eventName);
  await step.getByRole("combobox", { name: "Event type" }).selectOption("Tournament");
  await step.getByLabel(/^Start date/).fill("2031-06-12");
  await step.getByLabel(/^End date/).fill("2031-06-14");
  await step.getByRole("combobox", { name: "Sports" }).fill("Baske");
  await olive.getByRole("option", { name: "Basketball", exact: true }).click();
  await step.getByRole("button", { name: "Next" }).click();
  await expect(olive.getByRole("heading", { name: "What the venue needs" })).toBeVisible();
  await step.getByRole("button", { name: "Next" }).click();
  await expect(olive.getByRole("heading", { name: "Where the event should be" })).toBeVisible();
  await step.getByRole("button", { name: "Next" }).click();
  await expect(olive.getByRole("heading", { name: "How soon, and how big" })).toBeVisible();
  await step.getByRole("radio", { name: /Exploring/ }).check();
  await step.getByRole("button", { name: "Next" }).click();
  await expect(
    olive.getByRole("heading", { name: "Budget, decision and what to price" }),
  ).toBeVisible();
  await step.getByRole("button", { name: "Next" }).click();
  await expect(olive.getByRole("heading", { name: "Review and send" })).toBeVisible();
  await olive.getByRole("button", { name: "Send to 3 venues" }).click();
  await expect(olive.getByRole("heading", { name: "Your request is sent" })).toBeVisible();

  // Each manager finds the lead on their pipeline.
  for (const manager of managers) {
    await manager.page.goto(`/pipeline?profile=${manager.facility}`);
    await expect(
      manager.page.getByRole("region", { name: "Open" }).getByRole("listitem", { name: eventName }),
    ).toBeVisible();
  }
});
