// An awarded event's page as the deal's home: its organizers see the venue, the offer they accepted
// (its version, price and terms, its lines on demand), every hotel block of the event (hotel,
// status, room nights held in all and per night, pickup, cut-off) with the way to hold more, the
// conversation with the venue and the calendar file; the winning venue's people see the same deal
// from their side, with the rooms held as the event's page offers them. Before an award, and for
// anyone who may not list the event's leads, there is no deal and no error: the venue alone shows.
import { type TBlock, type TLead, ZBlock } from "@hostfield/domain/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { delay, http } from "msw";
import { describe, expect, it } from "vitest";
import { eventHotelBlocksPath } from "../../lib/event-paths";
import { leadConversationPath } from "../../lib/paths";
import { buildSignedInAuth, buildSignedOutAuth } from "../../test/factories";
import { errorReply, listReply, sent, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { buildLead } from "../leads/testing";
import { BLOCKS, buildBlock } from "../rooms/testing";
import { buildStayInfo, serveStays, staysWorld } from "../stays/testing";
import { ADD_TO_CALENDAR, icalUrl } from "./event-request-actions";
import {
  addListing,
  apiBase,
  buildListing,
  EVENT_ID,
  eventLeadsHandlers,
  FACILITY_ID,
  HOTEL_ID,
  OWNER_ABILITIES,
  serveProfiles,
  setChildren,
  T0,
  uuid,
  VISITOR_ABILITIES,
} from "./testing";

const LEAD_ID = uuid(71);
const GROUP_ID = uuid(72);
const BLOCK_ID = uuid(73);
const INN_ID = uuid(74);
const WON_LEADS_PATH = `${apiBase("event")}/${EVENT_ID}/leads/filtered`;
const MY_LEADS_PATH = `${apiBase("event")}/${EVENT_ID}/leads/my`;

/**
 * The Capitol Fieldhouse's second proposal, accepted: four courts every day of the three-day
 * event at CA$250 (CA$3,000) and scorekeepers once (CA$400), CA$3,400 in all.
 */
function wonLead(overrides: Partial<TLead> = {}): TLead {
  return buildLead({
    id: LEAD_ID,
    eventId: EVENT_ID,
    event: {
      id: EVENT_ID,
      name: "Capitol Classic",
      startDate: "2026-06-05",
      endDate: "2026-06-07",
    },
    owner: {
      ownerType: "Facility",
      ownerId: FACILITY_ID,
      name: "Capitol Fieldhouse",
      city: "Indianapolis",
      state: "Indiana",
      responseTime: null,
    },
    status: "Won",
    groupId: GROUP_ID,
    proposalVersion: 2,
    acceptedVersion: 2,
    proposal: {
      message: "All four courts are yours for the weekend.",
      dates: ["2026-06-05", "2026-06-06", "2026-06-07"],
      price: null,
      priceUnit: null,
      currency: "CAD",
      lines: [
        {
          kind: "space",
          description: "Court rental",
          dates: [],
          quantity: 4,
          unit: "Per Day",
          unitPrice: 250,
        },
        {
          kind: "service",
          description: "Scorekeepers",
          dates: [],
          quantity: 1,
          unit: "Each",
          unitPrice: 400,
        },
      ],
      concessions: ["Free parking for teams"],
      deposit: { percent: 25, dueDate: "2026-04-01", refundableUntil: null },
      expiresOn: "2026-03-01",
      attachments: [],
      submittedDate: "2026-02-20T10:00:00.000Z",
    },
    ...overrides,
  });
}

/** The Capitol Classic, awarded to the Capitol Fieldhouse (its partner now), viewed with `abilities`. */
function awardedEvent(abilities: string[]) {
  const world = serveProfiles();
  addListing(world, buildListing("facility", { id: FACILITY_ID, name: "Capitol Fieldhouse" }));
  addListing(world, buildListing("hotel", { id: HOTEL_ID, name: "Capitol Suites" }));
  addListing(world, buildListing("event", { id: EVENT_ID, name: "Capitol Classic" }), abilities);
  setChildren(world, EVENT_ID, "partners", [
    {
      id: uuid(61),
      profileId: EVENT_ID,
      partner: { id: FACILITY_ID, kind: "facility", name: "Capitol Fieldhouse", logo: null },
      image: null,
      createdDate: T0,
    },
  ]);
  return world;
}

/** Eighteen rooms left at the Capitol Suites, bookable at the group rate until May 15th. */
function roomsHeld() {
  const stays = staysWorld();
  stays.events.set(
    EVENT_ID,
    buildStayInfo({
      eventId: EVENT_ID,
      blocks: [{ id: BLOCK_ID, hotelId: HOTEL_ID, cutoffDate: "2026-05-15", roomsLeft: 18 }],
    }),
  );
  serveStays(stays);
}

const CAPITOL_CLASSIC = {
  id: EVENT_ID,
  name: "Capitol Classic",
  startDate: "2026-06-05",
  endDate: "2026-06-07",
};

const night = (
  date: string,
  roomTypeId: string,
  roomTypeName: string,
  held: number,
  booked = 0,
) => ({
  roomTypeId,
  roomTypeName,
  night: date,
  held,
  rate: 139,
  booked,
});

/**
 * The Capitol Classic's blocks as its organizers list them: at the Capitol Suites, accepted, two
 * nights of kings and doubles (30 then 20 room nights, 20 booked); at the Canal Inn, the hotel's
 * counter to the organizers' proposal, 10 rooms on the first night.
 */
function eventBlocks(): TBlock[] {
  return [
    buildBlock({
      id: BLOCK_ID,
      event: CAPITOL_CLASSIC,
      hotel: { id: HOTEL_ID, name: "Capitol Suites", logo: null },
      status: "Accepted",
      cutoffDate: "2026-05-15",
      nights: [
        night("2026-06-05", uuid(81), "King", 20, 12),
        night("2026-06-05", uuid(82), "Double", 10, 3),
        night("2026-06-06", uuid(81), "King", 20, 5),
      ],
      held: 50,
      booked: 20,
    }),
    buildBlock({
      event: CAPITOL_CLASSIC,
      hotel: { id: INN_ID, name: "Canal Inn", logo: null },
      status: "Proposed",
      proposedBy: "hotel",
      cutoffDate: "2026-05-20",
      nights: [night("2026-06-05", uuid(83), "Queen", 10)],
      held: 10,
      booked: 0,
      history: [
        {
          date: T0,
          side: "organizer",
          by: null,
          action: "proposed",
          summary: "12 rooms a night",
        },
        { date: T0, side: "hotel", by: null, action: "changed", summary: "10 rooms a night" },
      ],
    }),
  ];
}

/** The hotel service's block list for the event (its organizers' to read), answered after `wait` ms. */
function serveBlocks(blocks: readonly TBlock[], wait = 0) {
  server.use(
    http.get(BLOCKS, async ({ request }) => {
      if (wait > 0) await delay(wait);
      const eventId = new URL(request.url).searchParams.get("eventId");
      return listReply(
        ZBlock,
        blocks.filter((block) => block.event.id === eventId),
      );
    }),
  );
}

const dealSection = async (name: string) =>
  within(await screen.findByRole("region", { name }, { timeout: 5000 }));

const hrefOf = (element: HTMLElement) => element.getAttribute("href");

describe("an awarded event's deal", () => {
  it("shows its organizers the venue, the accepted offer, the rooms held and the ways on", async () => {
    awardedEvent(OWNER_ABILITIES);
    roomsHeld();
    serveBlocks(eventBlocks());
    server.use(...eventLeadsHandlers({ leads: [wonLead(), buildLead({ eventId: EVENT_ID })] }));
    await renderApp({ path: `/events/${EVENT_ID}`, auth: buildSignedInAuth() });

    const deal = await dealSection("Your deal");
    expect(hrefOf(await deal.findByRole("link", { name: "Capitol Fieldhouse" }))).toBe(
      `/facilities/${FACILITY_ID}`,
    );
    expect(deal.getByText("Version 2, sent Fri, Feb 20th, 2026")).toBeTruthy();
    expect(deal.getByText("CA$3,400 total")).toBeTruthy();
    expect(deal.getByText("Free parking for teams")).toBeTruthy();
    expect(deal.getByText("25% due by Wed, Apr 1st, 2026")).toBeTruthy();
    // An accepted offer no longer runs out.
    expect(deal.queryByText(/Sun, Mar 1st, 2026/)).toBeNull();

    expect(hrefOf(await deal.findByRole("link", { name: "Capitol Suites" }))).toBe(
      `/hotels/${HOTEL_ID}`,
    );
    expect(hrefOf(deal.getByRole("link", { name: "Hold more rooms" }))).toBe(
      eventHotelBlocksPath(EVENT_ID, LEAD_ID),
    );
    expect(hrefOf(deal.getByRole("link", { name: "Message Capitol Fieldhouse" }))).toBe(
      leadConversationPath(GROUP_ID),
    );
    expect(hrefOf(deal.getByRole("link", { name: ADD_TO_CALENDAR }))).toBe(icalUrl(EVENT_ID));

    // Organizers find the award by asking for the event's Won leads.
    expect(sent.bodies(WON_LEADS_PATH, "POST")).toEqual([{ data: { status: ["Won"] } }]);
    expect(sent.to(MY_LEADS_PATH)).toEqual([]);
  });

  it("unfolds the offer's words and priced lines on demand", async () => {
    awardedEvent(OWNER_ABILITIES);
    roomsHeld();
    serveBlocks(eventBlocks());
    server.use(...eventLeadsHandlers({ leads: [wonLead()] }));
    await renderApp({ path: `/events/${EVENT_ID}`, auth: buildSignedInAuth() });

    const deal = await dealSection("Your deal");
    const toggle = await deal.findByRole("button", { name: "Show the offer" });
    expect(deal.queryByRole("table", { name: "Priced lines" })).toBeNull();
    expect(toggle.getAttribute("aria-expanded")).toBe("false");

    await userEvent.click(toggle);
    const lines = within(await deal.findByRole("table", { name: "Priced lines" }));
    expect(lines.getByRole("rowheader", { name: /Court rental/ })).toBeTruthy();
    expect(lines.getByText("CA$3,000")).toBeTruthy();
    expect(deal.getByText("All four courts are yours for the weekend.")).toBeTruthy();
    expect(deal.getByRole("button", { name: "Hide the offer" }).getAttribute("aria-expanded")).toBe(
      "true",
    );
  });

  it("shows the winning venue's people the same deal from their side", async () => {
    awardedEvent(VISITOR_ABILITIES);
    roomsHeld();
    server.use(
      ...eventLeadsHandlers({
        leads: "refused",
        mine: [wonLead(), buildLead({ eventId: EVENT_ID, status: "Lost" })],
      }),
    );
    await renderApp({ path: `/events/${EVENT_ID}`, auth: buildSignedInAuth() });

    const deal = await dealSection("The deal");
    expect(deal.getByText("CA$3,400 total")).toBeTruthy();
    expect(await deal.findByRole("link", { name: "Capitol Suites" })).toBeTruthy();
    expect(hrefOf(deal.getByRole("link", { name: "Message the organizer" }))).toBe(
      leadConversationPath(GROUP_ID),
    );
    expect(deal.getByText("18 rooms left · cut-off Fri, May 15th, 2026")).toBeTruthy();
    // Holding rooms, and the blocks' terms and pickup, are the organizers'.
    expect(deal.queryByRole("link", { name: /Hold/ })).toBeNull();
    expect(sent.to(BLOCKS)).toEqual([]);
    expect(screen.queryByRole("region", { name: "Your deal" })).toBeNull();
    expect(sent.to(WON_LEADS_PATH)).toEqual([]);
  });
});

describe("the deal's hotel rooms, for its organizers", () => {
  const rooms = async () => {
    const deal = await dealSection("Your deal");
    return within(await deal.findByRole("region", { name: "Hotel rooms" }));
  };

  it("lists every block of the event: hotel, status, room nights in all and per night, pickup and cut-off", async () => {
    awardedEvent(OWNER_ABILITIES);
    serveBlocks(eventBlocks());
    server.use(...eventLeadsHandlers({ leads: [wonLead()] }));
    await renderApp({ path: `/events/${EVENT_ID}`, auth: buildSignedInAuth() });

    const part = await rooms();
    const suites = within(await part.findByRole("listitem", { name: "Capitol Suites" }));
    expect(hrefOf(suites.getByRole("link", { name: "Capitol Suites" }))).toBe(
      `/hotels/${HOTEL_ID}`,
    );
    expect(suites.getByText("Accepted")).toBeTruthy();
    expect(suites.getByText("50 room nights held over 2 nights")).toBeTruthy();
    const suitesNights = within(suites.getByRole("list", { name: "Nights at Capitol Suites" }));
    expect(suitesNights.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "Fri, Jun 5: 30 rooms · 15 booked",
      "Sat, Jun 6: 20 rooms · 5 booked",
    ]);
    expect(suites.getByText("Booked so far: 20 of 50 room nights (40%)")).toBeTruthy();
    expect(suites.getByText("Cut-off Fri, May 15th, 2026")).toBeTruthy();

    // The hotel answered the organizers' proposal with new terms: theirs to answer.
    const inn = within(part.getByRole("listitem", { name: "Canal Inn" }));
    expect(hrefOf(inn.getByRole("link", { name: "Canal Inn" }))).toBe(`/hotels/${INN_ID}`);
    expect(inn.getByText("Countered")).toBeTruthy();
    expect(inn.getByText("Waiting for your answer")).toBeTruthy();
    expect(inn.getByText("10 room nights asked over 1 night")).toBeTruthy();
    expect(
      within(inn.getByRole("list", { name: "Nights at Canal Inn" }))
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Fri, Jun 5: 10 rooms"]);
    // Nothing is held before the hotel and the organizers agree, so nothing is booked yet.
    expect(inn.queryByText(/Booked so far/)).toBeNull();
    expect(inn.getByText("Cut-off Wed, May 20th, 2026")).toBeTruthy();

    expect(hrefOf(part.getByRole("link", { name: "Hold more rooms" }))).toBe(
      eventHotelBlocksPath(EVENT_ID, LEAD_ID),
    );
    // The organizers' own block list, the event's only.
    const asked = sent.to(BLOCKS, "GET");
    expect(asked.map((call) => call.url.searchParams.get("eventId"))).toEqual([EVENT_ID]);
  });

  it("says no rooms are held yet, with the way to hold them", async () => {
    awardedEvent(OWNER_ABILITIES);
    serveBlocks([]);
    server.use(...eventLeadsHandlers({ leads: [wonLead()] }));
    await renderApp({ path: `/events/${EVENT_ID}`, auth: buildSignedInAuth() });

    const part = await rooms();
    expect(await part.findByText("No rooms held yet")).toBeTruthy();
    expect(part.queryByRole("listitem")).toBeNull();
    expect(hrefOf(part.getByRole("link", { name: "Hold rooms" }))).toBe(
      eventHotelBlocksPath(EVENT_ID, LEAD_ID),
    );
  });

  it("shows the rooms loading until the blocks come, then the blocks", async () => {
    awardedEvent(OWNER_ABILITIES);
    serveBlocks(eventBlocks(), 400);
    server.use(...eventLeadsHandlers({ leads: [wonLead()] }));
    await renderApp({ path: `/events/${EVENT_ID}`, auth: buildSignedInAuth() });

    const part = await rooms();
    expect(await part.findByRole("status", { name: "Loading the hotel rooms" })).toBeTruthy();
    expect(part.queryByText("No rooms held yet")).toBeNull();
    expect(await part.findByRole("listitem", { name: "Capitol Suites" })).toBeTruthy();
    expect(part.queryByRole("status", { name: "Loading the hotel rooms" })).toBeNull();
  });

  it("tells its organizers when the rooms did not load, with a retry", async () => {
    awardedEvent(OWNER_ABILITIES);
    server.use(
      http.get(BLOCKS, () => errorReply(500, "INTERNAL_ERROR", "Something went wrong.")),
      ...eventLeadsHandlers({ leads: [wonLead()] }),
    );
    await renderApp({ path: `/events/${EVENT_ID}`, auth: buildSignedInAuth() });

    const part = await rooms();
    expect(await part.findByText("The hotel rooms held for the event did not load.")).toBeTruthy();
    serveBlocks(eventBlocks());
    await userEvent.click(part.getByRole("button", { name: "Retry" }));
    expect(await part.findByRole("listitem", { name: "Capitol Suites" })).toBeTruthy();
  });
});

/**
 * Lets the deal section load and any reply land: where it shows nothing either way, nothing on the
 * page says when it is done.
 */
async function settle() {
  await import("./event-deal");
  await new Promise((resolve) => setTimeout(resolve, 100));
}

describe("no deal to show", () => {
  it("shows nothing of a deal before any award, and asks for no leads", async () => {
    const world = awardedEvent(OWNER_ABILITIES);
    setChildren(world, EVENT_ID, "partners", []);
    server.use(...eventLeadsHandlers({ leads: [wonLead({ status: "Interested" })] }));
    await renderApp({ path: `/events/${EVENT_ID}`, auth: buildSignedInAuth() });

    // The organizers are asked for proposals instead.
    expect(await screen.findByRole("link", { name: "Request proposals" })).toBeTruthy();
    await settle();
    expect(screen.queryByRole("region", { name: "Your deal" })).toBeNull();
    expect(screen.queryByRole("status", { name: "Loading the deal" })).toBeNull();
    expect(sent.to(WON_LEADS_PATH)).toEqual([]);
  });

  it("shows nothing when the event's venue was not awarded here (no Won lead)", async () => {
    awardedEvent(OWNER_ABILITIES);
    server.use(...eventLeadsHandlers({ leads: [wonLead({ status: "Lost" })] }));
    await renderApp({ path: `/events/${EVENT_ID}`, auth: buildSignedInAuth() });

    await expect.poll(() => sent.to(WON_LEADS_PATH).length, { timeout: 5000 }).toBe(1);
    await waitFor(() =>
      expect(screen.queryByRole("status", { name: "Loading the deal" })).toBeNull(),
    );
    expect(screen.queryByRole("region", { name: "Your deal" })).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows a signed-in visitor who may not list the event's leads only the venue, with no error", async () => {
    awardedEvent(VISITOR_ABILITIES);
    server.use(...eventLeadsHandlers({ leads: "refused", mine: "refused" }));
    await renderApp({ path: `/events/${EVENT_ID}`, auth: buildSignedInAuth() });

    const venue = within(await screen.findByRole("region", { name: "Venue" }));
    expect(await venue.findByRole("link", { name: "Capitol Fieldhouse" })).toBeTruthy();
    await expect.poll(() => sent.to(MY_LEADS_PATH).length, { timeout: 5000 }).toBe(1);
    await settle();
    expect(screen.queryByRole("region", { name: "The deal" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Your deal" })).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
    // Not an organizer: it never asked for the organizers' list.
    expect(sent.to(WON_LEADS_PATH)).toEqual([]);
  });

  it("asks nothing about leads for a signed-out visitor, who sees the venue alone", async () => {
    awardedEvent(VISITOR_ABILITIES);
    server.use(...eventLeadsHandlers({ leads: [wonLead()], mine: [wonLead()] }));
    await renderApp({ path: `/events/${EVENT_ID}`, auth: buildSignedOutAuth() });

    const venue = within(await screen.findByRole("region", { name: "Venue" }));
    expect(await venue.findByRole("link", { name: "Capitol Fieldhouse" })).toBeTruthy();
    await settle();
    expect(screen.queryByRole("region", { name: "The deal" })).toBeNull();
    expect(sent.to(WON_LEADS_PATH)).toEqual([]);
    expect(sent.to(MY_LEADS_PATH)).toEqual([]);
  });

  it("tells its organizers when the deal did not load, with a retry", async () => {
    awardedEvent(OWNER_ABILITIES);
    // The server failing, not refusing: this one is worth telling.
    server.use(
      http.post(WON_LEADS_PATH, () => errorReply(500, "INTERNAL_ERROR", "Something went wrong.")),
    );
    await renderApp({ path: `/events/${EVENT_ID}`, auth: buildSignedInAuth() });

    const deal = await dealSection("Your deal");
    expect(await deal.findByText("The deal did not load.")).toBeTruthy();
    expect(deal.getByRole("button", { name: "Retry" })).toBeTruthy();
  });
});
