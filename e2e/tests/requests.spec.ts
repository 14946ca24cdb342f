// Requests for proposals end to end, the deal of issue 44: a newly signed-up organizer describes the
// venue an event needs near Indianapolis and publishes (the event stays pending approval, and
// nothing waits for it); two Silver facilities there each answer with a priced proposal; the
// organizer asks one to revise and it sends a cheaper version 2; the organizer compares them in
// columns, awards the revised one, proposes a block at the hotel nearest the venue, and finds the
// deal on the event page; each venue is told how it went, in the words meant for it. Also: the
// comparison's actions stay in view; a facility's page requests a proposal from it (its manager
// then opens the pending event from the lead) and messages its team.

import { randomInt } from "node:crypto";
import type { TProposalLine } from "@hostfield/domain/contracts";
import type { Page } from "@playwright/test";
import { desktopPage, signedInAs } from "../support/accounts";
import { api } from "../support/api";
import { blocksOfHotel, listedHotel } from "../support/hotels";
import {
  COURTS_NEAR_INDIANAPOLIS,
  draftRequest,
  leadAsSeenBy,
  leadOfFacility,
  notificationsOf,
  reviseProposal,
  sendProposal,
  sendTo,
  type TProposalAnswer,
} from "../support/requests";
import { signedInTogether } from "../support/sign-ins";
import { expect, test } from "../support/test";
import { uniqueStamp } from "../support/unique";
import { managedFacility, silverCourts } from "../support/venues";

/** Four courts every day of the event (12-14 June 2031), a scorer crew on two of them, a fee. */
function courtsProposal(message: string, courtRate: number, extra: TProposalLine) {
  return {
    message,
    dates: ["2031-06-12", "2031-06-13", "2031-06-14"],
    price: null,
    priceUnit: null,
    currency: "USD",
    lines: [
      {
        kind: "space",
        description: "Four hardwood courts",
        dates: [],
        quantity: 4,
        unit: "Per Day",
        unitPrice: courtRate,
      },
      {
        kind: "service",
        description: "Scorer crew",
        dates: ["2031-06-13", "2031-06-14"],
        quantity: 2,
        unit: "Per Day",
        unitPrice: 150,
      },
      extra,
    ],
    concessions: ["Team parking free"],
    deposit: { percent: 25, dueDate: "2030-12-01", refundableUntil: null },
    expiresOn: "2030-12-31",
  } satisfies TProposalAnswer;
}

test("the deal end to end: a pending event's request, two priced proposals, a revision, the award in columns, a hotel block near the venue, the deal on the event page and each venue told how it went", async ({
  browser,
  admin: ada,
}) => {
  const stamp = uniqueStamp();
  const eventName = `Hoosier Hoops ${stamp}`;
  const fayVenue = `Fay Fieldhouse ${stamp}`;
  const gusVenue = `Gus Gym ${stamp}`;
  const hotelName = `Fishers Court Inn ${stamp}`;
  const page = async () => (await desktopPage(browser)).page;
  const [fay, gus, hattie, olive] = await Promise.all([page(), page(), page(), page()]);
  await signedInTogether([
    { page: fay, name: "Fay Facility", email: `fay-${stamp}@example.com` },
    { page: gus, name: "Gus Gym", email: `gus-${stamp}@example.com` },
    { page: hattie, name: "Hattie Hotel", email: `hattie-${stamp}@example.com` },
    { page: olive, name: "Olive Organizer", email: `olive-${stamp}@example.com` },
  ]);
  // Fay's fieldhouse stands in Fishers, 17 mi from downtown (a spot of its own, a little off each
  // run: no other journey's hotel is nearer to it than the one this journey lists beside it).
  const fishers = {
    city: "Fishers",
    state: "IN",
    postalCode: "46038",
    lat: 39.9568 + randomInt(-200, 200) / 10_000,
    lng: -86.0134 + randomInt(-200, 200) / 10_000,
  };
  const [fayFacility, gusFacility, hotel] = await Promise.all([
    silverCourts(fay, ada, fayVenue, fishers),
    silverCourts(gus, ada, gusVenue),
    // 20 queens a night on sale around the event, 0.1 mi from the fieldhouse.
    listedHotel(
      hattie,
      ada,
      hotelName,
      { street: "9 Municipal Dr", ...fishers, lat: fishers.lat + 0.0015 },
      { from: "2031-06-11", to: "2031-06-15", rooms: 20, rate: 169 },
    ),
  ]);

  // The organizer describes the event and what the venue needs, then publishes.
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
  // Her organization is new: the wizard makes it with the event.
  await step.getByRole("combobox", { name: "Organization" }).selectOption("A new organization…");
  await step.getByRole("textbox", { name: "Name of the new organization" }).fill(`Hoops ${stamp}`);
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

  // A budget, when she decides, and what each venue should price.
  await expect(
    olive.getByRole("heading", { name: "Budget, decision and what to price" }),
  ).toBeVisible();
  await step.getByRole("spinbutton", { name: "Budget from" }).fill("4500");
  await step.getByRole("spinbutton", { name: "Budget up to" }).fill("6000");
  await step.getByLabel(/^Decision by/).fill("2030-11-30");
  await step.getByRole("textbox", { name: "Extras to price" }).fill("Scorer crew");
  await step.getByRole("button", { name: "Next" }).click();

  await expect(olive.getByRole("heading", { name: "Review and send" })).toBeVisible();
  await expect(step.getByText("$4,500 – $6,000 for the event")).toBeVisible();
  await olive.getByRole("button", { name: "Publish request" }).click();
  await expect(olive.getByRole("heading", { name: "Your request is published" })).toBeVisible();

  // Both facilities got the lead and answer it with priced lines, terms and an expiry date:
  // Fay $5,650 (courts 4 x $400 x 3 days, scorers 2 x $150 x 2 days, $250 cleaning), Gus $5,460
  // (courts at $360, the same scorers, $540 security).
  const [fayLead, gusLead] = await Promise.all([
    leadOfFacility(fay, fayFacility, eventName),
    leadOfFacility(gus, gusFacility, eventName),
  ]);
  const cleaning: TProposalLine = {
    kind: "extra",
    description: "Cleaning",
    dates: [],
    quantity: 1,
    unit: "Each",
    unitPrice: 250,
  };
  await Promise.all([
    sendProposal(
      fay,
      fayLead,
      courtsProposal(
        "All four courts are free that weekend; locker rooms included.",
        400,
        cleaning,
      ),
    ),
    sendProposal(
      gus,
      gusLead,
      courtsProposal("Our four courts, with security on the doors.", 360, {
        kind: "service",
        description: "Security",
        dates: [],
        quantity: 1,
        unit: "Each",
        unitPrice: 540,
      }),
    ),
  ]);

  // The organizer compares the proposals in columns, cheapest first, and asks Fay to revise.
  await olive.getByRole("link", { name: "Compare proposals" }).click();
  await expect(olive).toHaveURL(new RegExp(`/events/${fayLead.eventId}/proposals$`));
  // On a 1366 px laptop the list's table fits its box: nothing (the reasons least of all) lies
  // under the Actions column that stays in view when the table scrolls sideways.
  const desktop = olive.viewportSize();
  await olive.setViewportSize({ width: 1366, height: 900 });
  const list = olive.getByRole("table", { name: "Proposals side by side" });
  await expect(list.getByRole("list", { name: "Why it reached them" }).first()).toBeVisible();
  expect(
    await list.evaluate((table) => {
      const box = table.parentElement!;
      return box.scrollWidth - box.clientWidth;
    }),
  ).toBeLessThanOrEqual(0);
  if (desktop) await olive.setViewportSize(desktop);
  await olive
    .getByRole("group", { name: "Show the proposals" })
    .getByRole("button", { name: "Compare", exact: true })
    .click();
  const columns = olive.getByRole("table", { name: "Proposals compared" });
  const venues = columns.getByRole("columnheader");
  const totals = columns
    .getByRole("row")
    .filter({ has: olive.getByRole("rowheader", { name: "Total", exact: true }) })
    .getByRole("cell");
  await expect(venues).toHaveCount(2);
  await expect(venues.nth(0)).toContainText(gusVenue);
  await expect(venues.nth(1)).toContainText(fayVenue);
  await expect(totals).toHaveText(["$5,460", "$5,650"]);
  // Each column says why its venue got the request.
  await expect(columns.getByRole("list", { name: `Why ${fayVenue} matched` })).toContainText(
    "4 hardwood courts, needs 4",
  );
  await columns.getByRole("button", { name: `Ask to revise: ${fayVenue}` }).click();
  const revise = olive.getByRole("dialog", { name: `Ask ${fayVenue} to revise its proposal` });
  await revise.getByRole("checkbox", { name: "Price" }).check();
  await revise
    .getByRole("textbox", { name: "Message" })
    .fill("Could the courts come down a little? Gus is cheaper.");
  await revise.getByRole("button", { name: "Send" }).click();
  await expect(revise).toBeHidden();
  await expect(columns).toContainText("Revision asked");

  // Fay reads the ask on her lead and answers with version 2: courts at $350 a day, $5,050 in all.
  expect((await leadAsSeenBy(fay, fayLead)).revisionRequest).toMatchObject({
    message: "Could the courts come down a little? Gus is cheaper.",
    changes: ["price"],
  });
  const revised = await reviseProposal(
    fay,
    fayLead,
    courtsProposal("The courts at $350 a day; the rest as before.", 350, cleaning),
  );
  expect(revised).toEqual({ proposalVersion: 2, revisionRequest: null });

  // Reloaded, Fay's version 2 comes first; the organizer awards it, with words for each side.
  await olive.reload();
  await expect(venues.nth(0)).toContainText(fayVenue);
  await expect(venues.nth(1)).toContainText(gusVenue);
  await expect(totals).toHaveText(["$5,050", "$5,460"]);
  await expect(columns).toContainText("Version 2");
  await columns.getByRole("button", { name: `Award ${fayVenue}` }).click();
  const award = olive.getByRole("dialog", { name: `Award the event to ${fayVenue}?` });
  await award
    .getByRole("textbox", { name: `A word to ${fayVenue}` })
    .fill("Thanks for the sharper price, see you in June");
  await award
    .getByRole("textbox", { name: "Reason shown to the other venues" })
    .fill("Closer to the team hotels");
  await award.getByRole("button", { name: "Award" }).click();
  await expect(award).toBeHidden();
  await expect(venues.nth(0)).toContainText("Won · final");
  await expect(venues.nth(1)).toContainText("Lost · final");
  await olive.screenshot({ path: test.info().outputPath("proposals-compared-1280.png") });

  // Hold hotel rooms: the block dialog offers the hotels nearest the venue first; the organizer
  // picks the one beside Fay's fieldhouse and proposes queens at $149, 10 on the peak night
  // and half on the first and last nights (the dialog's shape).
  await olive.getByRole("link", { name: "Hold hotel rooms" }).click();
  const block = olive.getByRole("dialog", { name: "Propose a block to a hotel" });
  await block.getByRole("combobox", { name: "Hotel" }).click();
  const nearest = olive.getByRole("listbox").getByRole("option").first();
  await expect(nearest).toContainText(hotelName);
  await expect(nearest).toContainText("from the venue");
  await nearest.click();
  await block.getByRole("combobox", { name: "Room type" }).click();
  await olive.getByRole("option", { name: "Double Queen (2 Queen)" }).click();
  await block.getByRole("spinbutton", { name: "Group rate ($ a night)" }).fill("149");
  await block.getByRole("button", { name: "Propose block" }).click();
  await expect(block).toBeHidden();
  await expect(olive.getByText(`The block was proposed to ${hotelName}.`)).toBeVisible();

  // The hotel accepts it (its side, through the API): the rooms are held for the event.
  const [proposed] = await blocksOfHotel(hattie, hotel.hotelId);
  await api(hattie, "PUT", `/hotel-mgmt/api/hotels/blocks/${proposed!.id}/accept`);

  // The event page is the deal's home: the venue, the accepted offer and its total, the rooms
  // held; and the event, still pending, says approval only lists it publicly.
  await olive.goto(`/events/${fayLead.eventId}`);
  await expect(olive.getByRole("status").filter({ hasText: "Pending approval" })).toContainText(
    "Approval only lists this event publicly",
  );
  const deal = olive.getByRole("region", { name: "Your deal" });
  await expect(deal).toContainText(fayVenue);
  await expect(deal).toContainText("Version 2");
  await expect(deal).toContainText("$5,050");
  await expect(deal.getByRole("region", { name: "Hotel rooms" })).toContainText(hotelName);

  // Each venue is told how it went, in the words meant for it alone: the winner with the words
  // written for it (not the others' reason), the other venue with the reason given for the others.
  const decisions = async (venue: Page) =>
    (await notificationsOf(venue)).filter(
      ({ title }) =>
        title === `You won ${eventName}` ||
        title.startsWith(`${eventName} chose another venue`) ||
        title.startsWith(`${eventName} declined`),
    );
  await expect
    .poll(() => decisions(fay))
    .toEqual([
      {
        title: `You won ${eventName}`,
        contents: `The organizer chose ${fayVenue}: Thanks for the sharper price, see you in June`,
      },
    ]);
  await expect
    .poll(() => decisions(gus))
    .toEqual([
      {
        title: `${eventName} chose another venue: Closer to the team hotels`,
        contents: `The lead of ${gusVenue} is now Lost.`,
      },
    ]);
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
