// The assistant end to end: a visitor who is not signed in asks a destination's guide about indoor
// volleyball courts, reads the answer with its sources and follows the cited facility to its page;
// an organizer describes an event in a sentence, sees what was understood field by field, corrects
// one field in the wizard and publishes the request.
import type { Page } from "@playwright/test";
import { signedInAs } from "../support/accounts";
import { api, type TApiCaller } from "../support/api";
import { expect, test } from "../support/test";
import { uniqueStamp } from "../support/unique";

/** Duluth, Minnesota: far from the small demo network the server is seeded with. */
const DULUTH = { lat: 46.7867, lng: -92.1005, city: "Duluth", state: "MN" };

async function listing(
  owner: Page,
  admin: TApiCaller,
  path: "destination-mgmt/api/destinations" | "facility-mgmt/api/facilities",
  data: Record<string, unknown>,
): Promise<string> {
  const created = await api(
    owner,
    "POST",
    `/${path}`,
    {
      data: {
        address: {
          street: null,
          city: DULUTH.city,
          state: DULUTH.state,
          postalCode: null,
          country: "US",
        },
        lat: DULUTH.lat + (Math.random() - 0.5) * 0.05,
        lng: DULUTH.lng + (Math.random() - 0.5) * 0.05,
        ...data,
      },
    },
    201,
  );
  const id = created!.data.id;
  await api(admin, "PUT", `/${path}/${id}/approve`);
  return id;
}

test("a visitor asks a destination's guide about indoor volleyball courts and follows the cited facility", async ({
  browser,
  admin: ada,
}) => {
  const stamp = uniqueStamp();
  const destinationName = `Twin Ports Sports Commission ${stamp}`;
  const courtsName = `Lakewalk Fieldhouse ${stamp}`;
  const fieldsName = `Harbor Soccer Park ${stamp}`;
  const context = (width: number) =>
    browser.newContext({ viewport: { width, height: width > 900 ? 900 : 800 } });

  const dora = await (await context(1280)).newPage();
  await signedInAs(dora, "Dora Destination", `dora-${stamp}@example.com`);

  // The destination lists two venues: one with indoor volleyball courts, one with soccer fields.
  const destinationId = await listing(dora, ada, "destination-mgmt/api/destinations", {
    name: destinationName,
  });
  const courts = await listing(dora, ada, "facility-mgmt/api/facilities", {
    name: courtsName,
    sports: ["Volleyball", "Basketball"],
  });
  await api(
    dora,
    "POST",
    `/facility-mgmt/api/facilities/${courts}/spaceTypes`,
    {
      data: {
        name: "Court",
        surface: "Hardwood",
        count: 8,
        location: "Indoor",
        additionalFeatures: [],
      },
    },
    201,
  );
  const fields = await listing(dora, ada, "facility-mgmt/api/facilities", {
    name: fieldsName,
    sports: ["Soccer"],
  });
  for (const facility of [courts, fields]) {
    await api(
      ada,
      "POST",
      `/facility-mgmt/api/facilities/${facility}/destinations`,
      { data: { destinationId } },
      201,
    );
  }

  // A visitor, not signed in, on a phone: the guide opens full screen.
  const visitor = await (await context(390)).newPage();
  await visitor.goto(`/destinations/${destinationId}`);
  await expect(visitor.getByRole("heading", { name: destinationName })).toBeVisible();
  await visitor.getByRole("button", { name: "Ask the Duluth guide" }).click();
  const chat = visitor.getByRole("dialog", { name: "Ask the Duluth guide" });
  await expect(chat).toBeVisible();
  await chat
    .getByRole("textbox", { name: "Your question" })
    .fill("Where can our teams play volleyball indoors?");
  await chat.getByRole("button", { name: "Send" }).click();

  const sources = chat.getByRole("list", { name: "Sources" }).last();
  await expect(sources).toContainText(courtsName);
  await expect(sources).toContainText("8 indoor hardwood courts");
  // Only the venue that has what was asked is cited.
  await expect(sources).not.toContainText(fieldsName);
  await expect(chat.getByRole("log", { name: "Conversation" })).toContainText(`${courtsName} [1]`);
  await visitor.screenshot({ path: "artifacts/assistant-guide-390.png" });

  await sources.getByRole("link", { name: new RegExp(courtsName) }).click();
  await expect(visitor).toHaveURL(new RegExp(`/facilities/${courts}$`));
  await expect(visitor.getByRole("heading", { name: courtsName })).toBeVisible();
});

test("an organizer describes an event, corrects one field and publishes the request", async ({
  browser,
}) => {
  const stamp = uniqueStamp();
  const olive = await (
    await browser.newContext({ viewport: { width: 1440, height: 900 } })
  ).newPage();
  await signedInAs(olive, "Olive Organizer", `olive-${stamp}@example.com`);
  await olive.goto("/requests/new");

  const describe = olive.getByRole("form", { name: "Describe your event" });
  await expect(olive.getByRole("heading", { name: "Describe your event" })).toBeVisible();
  await describe
    .getByRole("textbox", { name: "Your event, in your own words" })
    .fill(
      "12U girls volleyball tournament, 8 indoor hardwood courts within 30 miles of Indianapolis, the weekend of June 12 2027, about 200 room nights, urgent",
    );
  await describe.getByRole("button", { name: "Read my description" }).click();

  // What was understood, field by field.
  const understood = olive.getByRole("region", { name: /understood/i });
  await expect(understood).toContainText("Volleyball");
  await expect(understood).toContainText("Indianapolis, IN");
  await expect(understood).toContainText("Court");
  await expect(understood).toContainText("Hardwood");
  await olive.getByRole("button", { name: "Use these details" }).click();

  // The wizard's steps hold what was understood; the organizer names the event and corrects the
  // number of courts.
  const step = olive.getByRole("form");
  await expect(olive.getByRole("heading", { name: "Which event is it for?" })).toBeVisible();
  await expect(step.getByLabel(/^Start date/)).toHaveValue("2027-06-12");
  await expect(step.getByLabel(/^End date/)).toHaveValue("2027-06-13");
  const name = step.getByRole("textbox", { name: "Event name" });
  await name.fill(`Lakeshore Volleyball Classic ${stamp}`);
  await step.getByRole("button", { name: "Next" }).click();

  await expect(olive.getByRole("heading", { name: "What the venue needs" })).toBeVisible();
  await expect(step.getByRole("combobox", { name: "Space type" })).toHaveValue("Court");
  const count = step.getByRole("spinbutton", { name: "How many" });
  await expect(count).toHaveValue("8");
  await count.fill("10");
  await step.getByRole("button", { name: "Next" }).click();

  await expect(olive.getByRole("heading", { name: "Where the event should be" })).toBeVisible();
  await expect(step.getByRole("textbox", { name: "City, state or ZIP code" })).toHaveValue(
    "Indianapolis, IN",
  );
  await expect(step.getByRole("spinbutton", { name: "Radius (miles)" })).toHaveValue("30");
  await step.getByRole("button", { name: "Next" }).click();

  await expect(olive.getByRole("heading", { name: "How soon, and how big" })).toBeVisible();
  await expect(step.getByRole("radio", { name: /Urgent Need/ })).toBeChecked();
  await step.getByRole("button", { name: "Next" }).click();
  // No budget or decision date given: the request goes without them.
  await expect(
    olive.getByRole("heading", { name: "Budget, decision and what to price" }),
  ).toBeVisible();
  await step.getByRole("button", { name: "Next" }).click();

  await expect(olive.getByRole("heading", { name: "Review and send" })).toBeVisible();
  await expect(olive.getByText("Court × 10 · Indoor · Hardwood")).toBeVisible();
  await olive.getByRole("button", { name: "Publish request" }).click();
  await expect(olive.getByRole("heading", { name: "Your request is published" })).toBeVisible();
});
