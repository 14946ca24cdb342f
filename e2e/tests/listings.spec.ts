// Listings end to end: a manager lists a facility and adds pictures; an admin approves it; a
// visitor finds it by sport within 50 miles of a city, on the map and on its page; a member likes it
// and finds it under "Liked and followed".
import { signedInAs } from "../support/accounts";
import { expect, test } from "../support/test";
import { uniqueStamp } from "../support/unique";

/** A small PNG made in the page's own canvas (no files on disk). */
async function pngOf(page: import("@playwright/test").Page, color: string): Promise<Buffer> {
  const base64 = await page.evaluate((fill) => {
    const canvas = document.createElement("canvas");
    canvas.width = 320;
    canvas.height = 200;
    const context = canvas.getContext("2d")!;
    context.fillStyle = fill;
    context.fillRect(0, 0, 320, 200);
    return canvas.toDataURL("image/png").split(",")[1]!;
  }, color);
  return Buffer.from(base64, "base64");
}

test("a facility is listed, approved, found by sport and radius, on the map and its page, and liked", async ({
  browser,
  adminPage: ada,
}) => {
  const stamp = uniqueStamp();
  const name = `Riverside Fieldhouse ${stamp}`;
  const context = () => browser.newContext({ viewport: { width: 1280, height: 900 } });

  // A manager lists the facility with the guided form; it shows as pending.
  const mia = await (await context()).newPage();
  await signedInAs(mia, "Mia Manager", `mia-${stamp}@example.com`);
  await mia.goto("/listings/new?kind=facility");
  await mia.getByRole("textbox", { name: "Name" }).fill(name);
  await mia.getByRole("button", { name: "Next" }).click();
  await expect(mia.getByRole("heading", { level: 2 })).not.toHaveText("Basics of your facility");
  // Through the remaining steps to the address, then to the review.
  for (let step = 0; step < 6; step++) {
    if (await mia.getByRole("button", { name: "Create listing" }).isVisible()) break;
    const city = mia.getByRole("textbox", { name: "City" });
    if (await city.isVisible()) {
      await mia.getByRole("textbox", { name: "Street" }).fill("500 W Main St");
      await city.fill("Louisville");
      await mia.getByRole("combobox", { name: "State or province" }).selectOption("Kentucky");
      await mia.getByRole("textbox", { name: "Postal code" }).fill("40202");
    }
    await mia.getByRole("button", { name: "Next" }).click();
  }
  await mia.getByRole("button", { name: "Create listing" }).click();
  await expect(mia).toHaveURL(/\/facilities\/[0-9a-f-]{36}$/);
  const facilityPath = new URL(mia.url()).pathname;
  await expect(mia.getByText("Pending approval").first()).toBeVisible();

  // Two pictures, then the second moved first.
  const upload = mia.getByLabel("Upload images");
  await upload.setInputFiles([
    { name: "court.png", mimeType: "image/png", buffer: await pngOf(mia, "#1554d1") },
  ]);
  await expect(mia.getByRole("button", { name: "Move court.png later" })).toBeVisible();
  await upload.setInputFiles([
    { name: "stands.png", mimeType: "image/png", buffer: await pngOf(mia, "#d1551f") },
  ]);
  await mia.getByRole("button", { name: "Move stands.png earlier" }).click();
  const gallery = mia.getByRole("list", { name: "Gallery in order" });
  await expect(gallery.getByRole("listitem").first()).toContainText("stands.png");

  // A sport, so the sport filter finds it.
  const sport = mia.getByRole("combobox", { name: "Add a sport" });
  await sport.fill("Basketb");
  await mia.getByRole("option", { name: "Basketball", exact: true }).click();
  const sports = mia.getByRole("region", { name: "Sports" });
  await sports.getByRole("button", { name: "Add", exact: true }).click();
  await expect(sports.getByText("No sports yet.")).toHaveCount(0);

  // An admin (granted from the shell: the worker's) approves it from the queue.
  await ada.goto("/admin?tab=approvals");
  const row = ada.getByRole("listitem").filter({ hasText: name });
  await row.getByRole("button", { name: /Approve/ }).click();
  await expect(row).toHaveCount(0);

  // A visitor finds it: Basketball within 50 miles of Louisville, KY.
  const visitor = await (await context()).newPage();
  await visitor.goto("/facilities/marketplace");
  await visitor.getByRole("textbox", { name: "Near" }).fill("Louisville, KY");
  await visitor.getByRole("combobox", { name: "Within" }).selectOption({ label: "50 mi" });
  await visitor.getByRole("button", { name: "Search", exact: true }).last().click();
  await expect(visitor.getByText(/Looking within 50 mi of Louisville/)).toBeVisible();
  await visitor.getByRole("button", { name: "Sports" }).click();
  const sportsPanel = visitor.getByRole("dialog", { name: "Sports" });
  await sportsPanel.getByRole("searchbox", { name: "Find sports" }).fill("Basketball");
  await sportsPanel.getByRole("checkbox", { name: "Basketball", exact: true }).click();
  await visitor.keyboard.press("Escape");
  await expect(visitor).toHaveURL(/sports=Basketball/);
  const card = visitor.getByRole("article", { name });
  await expect(card).toBeVisible();

  // On the map: its marker's info window links to its page.
  await visitor
    .getByRole("group", { name: "Show results as" })
    .getByRole("button", { name: "Map" })
    .click();
  await expect(visitor.getByLabel("Map of facilities")).toBeVisible();
  await visitor.locator(".leaflet-marker-icon").first().click();
  const popup = visitor.locator(".leaflet-popup");
  await expect(popup).toBeVisible();
  await visitor.screenshot({ path: test.info().outputPath("facilities-map-1280.png") });
  await visitor
    .getByRole("group", { name: "Show results as" })
    .getByRole("button", { name: "List" })
    .click();
  await visitor.getByRole("article", { name }).getByRole("link").first().click();
  await expect(visitor).toHaveURL(new RegExp(`${facilityPath}$`));
  await expect(visitor.getByRole("heading", { level: 1, name })).toBeVisible();
  await visitor.screenshot({ path: test.info().outputPath("facility-page-1280.png") });

  // A member likes it and finds it under "Liked and followed".
  const mo = await (await context()).newPage();
  await signedInAs(mo, "Mo Member", `mo-${stamp}@example.com`);
  await mo.goto(facilityPath);
  await mo.getByRole("button", { name: /^Like/ }).click();
  await expect(mo.getByRole("button", { name: /Unlike|Liked/ })).toBeVisible();
  await mo.goto("/account?tab=liked");
  await expect(mo.getByRole("link", { name })).toBeVisible();
});
