// The approval queue end to end: an owner submits two facilities and a hotel; an admin finds them
// by name, keeps the facilities with the kind filter, selects both and approves them at once after
// the confirmation; the hotel waits on. She approves the hotel on its own: nothing is sent for a
// moment, in which she takes it back (Undo) and it still waits; approved again and left alone, it
// goes. A visitor then finds both facilities in the facilities marketplace.
// The admin is the worker's (support/test.ts), on a page of her own.
import type { Page } from "@playwright/test";
import { signedInAs } from "../support/accounts";
import { api } from "../support/api";
import { expect, test } from "../support/test";
import { uniqueStamp } from "../support/unique";

/** Bismarck, North Dakota: far from the small demo network the server is seeded with. */
const BISMARCK = { lat: 46.8083, lng: -100.7837, city: "Bismarck", state: "ND" };

/** Submits a listing as `owner`: it waits for approval. */
async function submit(
  owner: Page,
  path: "facility-mgmt/api/facilities" | "hotel-mgmt/api/hotels",
  name: string,
) {
  const created = await api(
    owner,
    "POST",
    `/${path}`,
    {
      data: {
        name,
        address: {
          street: null,
          city: BISMARCK.city,
          state: BISMARCK.state,
          postalCode: null,
          country: "US",
        },
        lat: BISMARCK.lat + (Math.random() - 0.5) * 0.05,
        lng: BISMARCK.lng + (Math.random() - 0.5) * 0.05,
      },
    },
    201,
  );
  return created!.data.id;
}

test("an admin finds pending listings by name and kind, approves two at once, and both go live", async ({
  browser,
  adminPage: ada,
}) => {
  const stamp = uniqueStamp();
  const words = `Gullwing ${stamp}`;
  const courts = `${words} Courts`;
  const fieldhouse = `${words} Fieldhouse`;
  const inn = `${words} Inn`;
  const context = () => browser.newContext({ viewport: { width: 1280, height: 900 } });

  const olga = await (await context()).newPage();
  await signedInAs(olga, "Olga Owner", `olga-${stamp}@example.com`);
  const courtsId = await submit(olga, "facility-mgmt/api/facilities", courts);
  await submit(olga, "facility-mgmt/api/facilities", fieldhouse);
  await submit(olga, "hotel-mgmt/api/hotels", inn);

  // Not listed yet: a visitor searching the facilities marketplace for them finds none.
  const visitor = await (await context()).newPage();
  const search = `/facilities/marketplace?q=${encodeURIComponent(words)}`;
  await visitor.goto(search);
  await expect(visitor.getByText("No facilities match your search")).toBeVisible();

  await ada.goto("/admin?tab=approvals");
  const main = ada.getByRole("main");

  // By name: the three of them, of two kinds.
  await main.getByRole("searchbox", { name: "Name contains" }).fill(words);
  await main.getByRole("button", { name: "Search", exact: true }).click();
  await expect(
    main.getByText(`3 listings are waiting for approval with "${words}" in the name.`),
  ).toBeVisible();
  // By kind: the facilities only (the filter counts what the search found).
  await main.getByRole("combobox", { name: "Kind" }).selectOption({ label: "Facilities (2)" });
  await expect(
    main.getByText(`2 facilities are waiting for approval with "${words}" in the name.`),
  ).toBeVisible();
  await expect(main.getByRole("listitem", { name: inn })).toHaveCount(0);

  // Both selected, approved at once after the confirmation.
  await main.getByRole("checkbox", { name: `Select: ${courts}` }).check();
  await main.getByRole("checkbox", { name: `Select: ${fieldhouse}` }).check();
  await expect(main.getByText("2 selected")).toBeVisible();
  // The box over the rows says what it would take: the two shown, checked now.
  await expect(main.getByRole("checkbox", { name: "Select all 2 shown" })).toBeChecked();
  await main.getByRole("button", { name: "Approve selected (2)" }).click();
  const dialog = ada.getByRole("dialog", { name: "Approve 2 listings?" });
  await expect(dialog).toContainText(courts);
  await expect(dialog).toContainText(fieldhouse);
  await dialog.getByRole("button", { name: "Approve 2" }).click();
  await expect(main.getByRole("alert")).toContainText("2 listings are approved and now listed.");
  await expect(main.getByText("No pending listings match")).toBeVisible();

  // The hotel still waits.
  await main.getByRole("combobox", { name: "Kind" }).selectOption({ label: "All kinds (1)" });
  await expect(main.getByRole("listitem", { name: inn })).toBeVisible();
  await expect(
    main.getByText(`1 listing is waiting for approval with "${words}" in the name.`),
  ).toBeVisible();

  // One at a time: Approve waits a moment, with an Undo, before anything is sent.
  const innRow = main.getByRole("listitem", { name: inn });
  await innRow.getByRole("button", { name: `Approve: ${inn}` }).click();
  await expect(ada.getByText(`Approving ${inn}…`)).toBeVisible();
  await expect(innRow.getByText("Approving in a few seconds")).toBeVisible();
  await ada.getByRole("button", { name: "Undo", exact: true }).click();
  await expect(innRow.getByRole("button", { name: `Approve: ${inn}` })).toBeVisible();
  // Taken back: once the moment (6 s) is over it was never sent, and it waits on a fresh load too.
  await ada.waitForTimeout(7_000);
  await ada.reload();
  await expect(main.getByRole("listitem", { name: inn })).toBeVisible();
  // Approved again and left alone, it goes once the moment is over.
  await main.getByRole("button", { name: `Approve: ${inn}` }).click();
  await expect(ada.getByText(`${inn} is approved and now listed.`)).toBeVisible();
  await expect(main.getByText("No pending listings match")).toBeVisible();

  // Listed: a visitor finds both in the facilities marketplace, and opens one's page.
  await visitor.goto(search);
  await expect(visitor.getByRole("article", { name: courts })).toBeVisible();
  await expect(visitor.getByRole("article", { name: fieldhouse })).toBeVisible();
  await visitor.goto(`/facilities/${courtsId}`);
  await expect(visitor.getByRole("heading", { level: 1, name: courts })).toBeVisible();
});
