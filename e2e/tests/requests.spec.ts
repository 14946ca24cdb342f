// Requests for proposals end to end: an organizer describes the venue an event needs near
// Indianapolis and publishes; two Silver facilities there receive the lead; one manager answers from
// the pipeline with a proposal; the organizer compares and awards it; the other bidder is told it
// lost, with the reason. Also: the comparison's actions stay in view; a facility's page requests a
// proposal from it (its manager then opens the pending event from the lead) and messages its team.
import type { Page } from "@playwright/test";
import { desktopPage, signedInAs } from "../support/accounts";
import { api } from "../support/api";
import { COURTS_NEAR_INDIANAPOLIS, draftRequest, sendTo } from "../support/requests";
import { expect, test } from "../support/test";
import { uniqueStamp } from "../support/unique";
import { managedFacility, silverCourts } from "../support/venues";

test("an organizer requests proposals, a Silver facility answers, the organizer awards it and the other bidder hears why it lost", async ({
  browser,
  admin: ada,
}) => {
  const stamp = uniqueStamp();
  const eventName = `Hoosier Hoops ${stamp}`;
  const fayVenue = `Fay Fieldhouse ${stamp}`;
  const gusVenue = `Gus Gym ${stamp}`;
  const context = () => browser.newContext({ viewport: { width: 1280, height: 900 } });

  const fay = await (await context()).newPage();
  await signedInAs(fay, "Fay Facility", `fay-${stamp}@example.com`);
  const gus = await (await context()).newPage();
  await signedInAs(gus, "Gus Gym", `gus-${stamp}@example.com`);
  const fayFacility = await silverCourts(fay, ada, fayVenue);
  const gusFacility = await silverCourts(gus, ada, gusVenue);

  // The organizer describes the event and what the venue needs, then publishes.
  const olive = await (await context()).newPage();
  await signedInAs(olive, "Olive Organizer", `olive-${stamp}@example.com`);
  await olive.goto("/requests/new");
  const step = olive.getByRole("form");
  // The wizard offers to read a description first; this journey fills the form itself.
  await expect(olive.getByRole("heading", { name: "Describe your event" })).toBeVisible();
  await step.getByRole("button", { name: "Skip" }).click();
  await step.getByRole("textbox", { name: "Event name" }).fill(eventName);
  await step.getByRole("combobox", { name: "Event type" }).selectOption("Tournament");
  await step.getByLabel(/^Start date/).fill("2031-06-12");
  await step.getByLabel(/^End date/).fill("2031-06-14");
  await step.getByRole("combobox", { name: "Sports" }).fill("Baske");
  await olive.getByRole("option", { name: "Basketball", exact: true }).click();
  await step.getByRole("button", { name: "Next" }).click();

  await expect(olive.getByRole("heading", { name: "What the venue needs" })).toBeVisible();
  await step.getByLabel("Needs a specific space").check();
  await step.getByRole("combobox", { name: "Space type" }).selectOption("Court");
  await step.getByRole("combobox", { name: "Surface" }).selectOption("Hardwood");
  await step.getByRole("spinbutton", { name: "How many" }).fill("4");
  await step.getByRole("combobox", { name: "Indoor or outdoor" }).selectOption("Indoor");
  await step.getByRole("button", { name: "Next" }).click();

  await expect(olive.getByRole("heading", { name: "Where the event should be" })).toBeVisible();
  await step.getByRole("radio", { name: /Near a place/ }).check();
  await step.getByRole("textbox", { name: "City, state or ZIP code" }).fill("Indianapolis, IN");
  await step.getByRole("spinbutton", { name: "Radius (miles)" }).fill("50");
  await step.getByRole("button", { name: "Next" }).click();

  await expect(olive.getByRole("heading", { name: "How soon, and how big" })).toBeVisible();
  await step.getByRole("radio", { name: /Exploring/ }).check();
  await step.getByRole("button", { name: "Next" }).click();

  await expect(olive.getByRole("heading", { name: "Review and send" })).toBeVisible();
  await olive.getByRole("button", { name: "Publish request" }).click();
  await expect(olive.getByRole("heading", { name: "Your request is published" })).toBeVisible();

  // Fay finds it on her pipeline, with why it reached her, and answers with a proposal. The
  // address names the kind, as the app's own links do: the board is asked for as the page loads.
  await fay.goto(`/pipeline?profile=${fayFacility}&kind=facility`);
  const open = fay.getByRole("region", { name: "Open" });
  const card = open.getByRole("listitem", { name: eventName });
  await expect(card).toBeVisible();
  await expect(card).toContainText("4 hardwood courts, needs 4");
  await card.getByRole("button", { name: "Move to…" }).click();
  await fay.getByRole("menuitem", { name: "Interested (send a proposal)" }).click();
  const proposal = fay.getByRole("dialog", { name: "Respond with a proposal" });
  await proposal
    .getByRole("textbox", { name: "Message" })
    .fill("All four courts are free that weekend; locker rooms included.");
  await proposal.getByRole("checkbox").first().check();
  await proposal.getByRole("spinbutton", { name: "Price (USD)" }).fill("4800");
  await proposal.getByLabel("Attach files").setInputFiles({
    name: "floor-plan.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n"),
  });
  await proposal.getByRole("button", { name: "Send proposal" }).click();
  await expect(
    fay.getByRole("region", { name: "Interested" }).getByRole("listitem", { name: eventName }),
  ).toBeVisible();
  await expect(fay.getByText(`Proposal sent for ${eventName}.`)).toBeVisible();
  await expect(fay.getByText(/some files could not be shared/)).toHaveCount(0);

  // Olive compares the answers side by side and awards Fay's.
  await olive.getByRole("link", { name: "Compare proposals" }).click();
  const table = olive.getByRole("table", { name: "Proposals side by side" });
  await expect(table).toContainText(fayVenue);
  await expect(table).toContainText(gusVenue);
  // The attachment went to the conversation the proposal opened.
  await table.getByRole("link", { name: `Conversation with ${fayVenue}` }).click();
  await expect(olive.getByRole("log", { name: "Messages" })).toContainText("floor-plan.pdf");
  await olive.goBack();
  await olive.getByRole("button", { name: `Award ${fayVenue}` }).click();
  const award = olive.getByRole("dialog", { name: `Award the event to ${fayVenue}?` });
  await award
    .getByRole("textbox", { name: "Reason shown to the other venues" })
    .fill("Closer to the team hotels");
  await award.getByRole("button", { name: "Award" }).click();
  await expect(table.getByText("Won · final")).toBeVisible();
  await olive.screenshot({ path: test.info().outputPath("proposals-1280.png") });

  // Gus, who never answered, sees the lead Lost on his board and is told why.
  await gus.goto(`/pipeline?profile=${gusFacility}`);
  await expect(
    gus.getByRole("region", { name: "Lost" }).getByRole("listitem", { name: eventName }),
  ).toBeVisible();
  await gus.goto("/notifications");
  await expect(gus.getByRole("main")).toContainText("Closer to the team hotels");
});

/** An event of `olive`'s whose draft request went straight to the first three listed facilities. */
async function eventWithThreeLeads(olive: Page, eventName: string): Promise<string> {
  // Sent directly, so any facility will do: the request needs no particular space.
  const draft = await draftRequest(olive, eventName, {
    ...COURTS_NEAR_INDIANAPOLIS,
    needsSpecificSpaceType: false,
    spaceType: null,
    spaceSurface: null,
    spaceTypeCount: null,
    spaceLocation: null,
    spaceDescription: null,
    address: null,
    dist: null,
  });
  const found = (await api(olive, "POST", "/facility-mgmt/api/facilities/search?take=3", {
    data: {},
  })) as unknown as { data: { id: string }[] };
  await sendTo(
    olive,
    draft,
    found.data.map((f) => ({ ownerType: "Facility", ownerId: f.id })),
  );
  return draft.eventId;
}

test("compare proposals: every row's actions are inside the window at 1440 px, and on a phone", async ({
  browser,
}) => {
  const stamp = uniqueStamp();
  const olive = await (
    await browser.newContext({ viewport: { width: 1440, height: 900 } })
  ).newPage();
  await signedInAs(olive, "Olive Organizer", `olive-compare-${stamp}@example.com`);
  const eventId = await eventWithThreeLeads(olive, `Compare Cup ${stamp}`);

  await olive.goto(`/events/${eventId}/proposals`);
  const table = olive.getByRole("table", { name: "Proposals side by side" });
  const histories = table.getByRole("button", { name: /^History of / });
  await expect(histories).toHaveCount(3);
  // What the table's scrolling box shows: an action outside it is clipped, however wide the page.
  const shown = (await table.evaluate((el) => {
    const box = el.parentElement!.getBoundingClientRect();
    return { left: box.left, right: Math.min(box.right, window.innerWidth) };
  })) as { left: number; right: number };
  for (const target of [
    table.getByRole("columnheader", { name: "Actions" }),
    ...(await histories.all()),
  ]) {
    const box = (await target.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(shown.left);
    expect(box.x + box.width).toBeLessThanOrEqual(shown.right);
  }

  await olive.setViewportSize({ width: 375, height: 800 });
  const cards = olive.getByRole("list", { name: "Proposals" });
  await expect(cards.getByRole("button", { name: /^History of / })).toHaveCount(3);
  for (const button of await cards.getByRole("button", { name: /^History of / }).all()) {
    const box = (await button.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
  }
  expect(await olive.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test("an organizer asks a facility from its page; its manager opens the pending event from the lead", async ({
  browser,
  admin: ada,
}) => {
  const stamp = uniqueStamp();
  const venue = `Ivy Arena ${stamp}`;
  const { page: ivy, facility } = await managedFacility(browser, ada, {
    name: "Ivy Manager",
    email: `ivy-${stamp}@example.com`,
    venue,
  });

  // From the facility's page, the wizard opens with the facility chosen.
  const { page: olive } = await desktopPage(browser);
  await signedInAs(olive, "Olive Organizer", `olive-${stamp}@example.com`);
  await olive.goto(`/facilities/${facility}`);
  await olive.getByRole("link", { name: "Request a proposal" }).click();
  await expect(olive).toHaveURL(new RegExp(`/requests/new\\?facility=${facility}`));
  await expect(olive.getByText(`This request goes straight to ${venue}`)).toBeVisible();

  // The wizard's event stays pending; its request goes to the facility directly.
  const eventName = `Pending Classic ${stamp}`;
  const draft = await draftRequest(olive, eventName);
  const { eventId } = draft;
  const [leadId] = await sendTo(olive, draft, [{ ownerType: "Facility", ownerId: facility }]);

  await ivy.goto(`/leads/${eventId}/${leadId}`);
  await ivy.getByRole("link", { name: "See the event page" }).click();
  await expect(ivy.getByRole("heading", { level: 1, name: eventName })).toBeVisible();
  await expect(ivy.getByText("Event not found")).toHaveCount(0);
});

test("an organizer messages a facility from its page; its manager finds the conversation and answers", async ({
  browser,
  admin: ada,
}) => {
  const stamp = uniqueStamp();
  const venue = `Juniper Hall ${stamp}`;
  const { page: ivy, facility } = await managedFacility(browser, ada, {
    name: "Ivy Manager",
    email: `ivy-${stamp}@example.com`,
    venue,
  });

  const { page: olive } = await desktopPage(browser);
  await signedInAs(olive, "Olive Organizer", `olive-${stamp}@example.com`);
  await olive.goto(`/facilities/${facility}`);
  await olive.getByRole("button", { name: "Message" }).click();
  await expect(olive).toHaveURL(/\/groups\/[0-9a-f-]{36}$/);
  const conversation = new URL(olive.url()).pathname;
  await expect(olive.getByRole("heading", { level: 2, name: venue })).toBeVisible();
  await olive.getByRole("textbox", { name: "Message" }).fill("Are your courts free in June?");
  await olive.getByRole("button", { name: "Send message" }).click();
  await expect(
    olive.getByRole("log", { name: "Messages" }).getByText("Are your courts free in June?"),
  ).toBeVisible();

  // Messaging the facility again comes back to the same conversation.
  await olive.goto(`/facilities/${facility}`);
  await olive.getByRole("button", { name: "Message" }).click();
  await expect(olive).toHaveURL(new RegExp(`${conversation}$`));

  // Its manager finds it among their conversations, named after the facility, and answers.
  await ivy.goto("/groups");
  await ivy.getByRole("main").getByText(venue).first().click();
  await expect(ivy).toHaveURL(new RegExp(`${conversation}$`));
  const ivyLog = ivy.getByRole("log", { name: "Messages" });
  await expect(ivyLog.getByText("Are your courts free in June?")).toBeVisible();
  await ivy.getByRole("textbox", { name: "Message" }).fill("Yes, all four courts.");
  await ivy.getByRole("button", { name: "Send message" }).click();
  await expect(
    olive.getByRole("log", { name: "Messages" }).getByText("Yes, all four courts."),
  ).toBeVisible();
});
