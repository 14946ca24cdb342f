// Changing an accepted block from its card: the organizer proposes a change (the nights prefilled
// from the block, none below its bookings) and may withdraw it; the hotel reads what the change
// does, term by term and night by night, and accepts it (or reads why the server refused); the
// organizer gives unbooked rooms back (at most held − booked a night), which closes once the
// cut-off day has ended; and the new-block dialog proposes its peak from the teams' needs, else
// from the awarded request's room nights.
import { type TBlock, type TTeam, ZLead, ZTeamsOverview } from "@hostfield/domain/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildSignedInAuth } from "../../test/factories";
import { dataReply, errorReply, sent, serveBase, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { buildLead, buildRequest } from "../leads/testing";
import {
  blockUrl,
  buildBlock,
  buildEventHotel,
  buildPickup,
  buildRoomType,
  changesBlock,
  EVENT_ID,
  EVENTS,
  HOTEL_ID,
  HOTELS,
  NOW,
  OTHER_HOTEL_ID,
  roomsHandlers,
  roomsWorld,
  type TRoomsWorld,
  uuid,
} from "./testing";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(NOW));
});

afterEach(() => {
  vi.useRealTimers();
});

const LAZY = { timeout: 10_000 };

async function open(world: TRoomsWorld, path: string) {
  serveBase(...roomsHandlers(world));
  const rendered = await renderApp({ path, auth: buildSignedInAuth() });
  return { ...rendered, main: within(screen.getByRole("main")) };
}

const queens = buildRoomType({ name: "Double Queen", beds: "2 Queens", rackRate: 179 });

const night = (n: string, held: number, booked: number, rate = 139) => ({
  roomTypeId: queens.id,
  roomTypeName: "Double Queen",
  night: n,
  held,
  rate,
  booked,
});

/** Harbor Inn holds 5, 10 and 5 queens Thu 9 – Sat 11 April for the event; 3 booked on Friday. */
function heldBlock(overrides: Partial<TBlock> = {}): TBlock {
  return buildBlock({
    status: "Accepted",
    proposedBy: "organizer",
    nights: [night("2026-04-09", 5, 0), night("2026-04-10", 10, 3), night("2026-04-11", 5, 0)],
    held: 20,
    booked: 3,
    ...overrides,
  });
}

const organizerWorld = (block: TBlock) =>
  roomsWorld({
    blocks: [block],
    pickups: { [block.id]: buildPickup({ blockId: block.id, held: block.held }) },
  });

const listed = (region: ReturnType<typeof within>) =>
  region.getAllByRole("listitem").map((li: HTMLElement) => li.textContent);

describe("a change to an accepted block", () => {
  it("the organizer proposes one from the block's nights, never below its bookings, and withdraws it", async () => {
    const block = heldBlock();
    const amended = {
      ...block,
      amendment: {
        nights: [
          {
            roomTypeId: queens.id,
            roomTypeName: "Double Queen",
            night: "2026-04-10",
            rooms: 12,
            rate: 139,
          },
          {
            roomTypeId: queens.id,
            roomTypeName: "Double Queen",
            night: "2026-04-11",
            rooms: 5,
            rate: 139,
          },
        ],
        side: "organizer" as const,
        by: null,
        date: "2026-03-02T14:00:00.000Z",
      },
    };
    const world = organizerWorld(block);
    server.use(...changesBlock(world, block, { patched: amended, declined: block }));
    const { main, user } = await open(world, `/events/${EVENT_ID}/hotels`);
    const article = within(await main.findByRole("article", { name: "Harbor Inn" }, LAZY));
    expect(article.queryByRole("region", { name: "Proposed change" })).toBeNull();
    await user.click(article.getByRole("button", { name: "Propose a change" }));
    const dialog = within(
      await screen.findByRole("dialog", { name: "A change to the block at Harbor Inn" }),
    );
    const rooms = (n: string) =>
      dialog.getByRole("spinbutton", { name: `Rooms, Double Queen, ${n}` });
    expect(
      ["Thu, Apr 9", "Fri, Apr 10", "Sat, Apr 11"].map((n) => (rooms(n) as HTMLInputElement).value),
    ).toEqual(["5", "10", "5"]);

    await user.clear(rooms("Fri, Apr 10"));
    await user.type(rooms("Fri, Apr 10"), "2");
    await user.click(dialog.getByRole("button", { name: "Propose change" }));
    expect(
      await dialog.findByText(
        "Rooms on Double Queen, Fri, Apr 10: 3 are booked already, so hold at least 3.",
      ),
    ).toBeTruthy();
    expect(sent.bodies(blockUrl(block.id), "PATCH")).toEqual([]);

    await user.clear(rooms("Fri, Apr 10"));
    await user.type(rooms("Fri, Apr 10"), "12");
    await user.clear(rooms("Thu, Apr 9"));
    await user.type(rooms("Thu, Apr 9"), "0");
    await user.click(dialog.getByRole("button", { name: "Propose change" }));
    await waitFor(() => expect(sent.bodies(blockUrl(block.id), "PATCH")).toHaveLength(1));
    expect(sent.bodies(blockUrl(block.id), "PATCH")[0]).toMatchObject({
      data: {
        nights: [
          { roomTypeId: queens.id, night: "2026-04-10", rooms: 12, rate: 139 },
          { roomTypeId: queens.id, night: "2026-04-11", rooms: 5, rate: 139 },
        ],
        cutoffDate: "2026-03-20",
      },
    });

    const banner = within(await article.findByRole("region", { name: "Proposed change" }));
    expect(
      banner.getByText("You proposed a change; waiting for the hotel to answer."),
    ).toBeTruthy();
    expect(listed(banner)).toEqual([
      "Thu, Apr 9: left out (5 rooms now)",
      "Fri, Apr 10: 10 → 12 rooms",
    ]);
    // Its proposer may withdraw it, not accept it.
    expect(banner.queryByRole("button", { name: "Accept change" })).toBeNull();
    await user.click(banner.getByRole("button", { name: "Withdraw change" }));
    await waitFor(() =>
      expect(sent.to(`${blockUrl(block.id)}/amendment/decline`, "PUT")).toHaveLength(1),
    );
    await waitFor(() =>
      expect(article.queryByRole("region", { name: "Proposed change" })).toBeNull(),
    );
  });

  it("the hotel reads what the organizer's change does, term by term and night by night, and accepts it", async () => {
    const block = heldBlock({
      amendment: {
        nights: [
          {
            roomTypeId: queens.id,
            roomTypeName: "Double Queen",
            night: "2026-04-09",
            rooms: 3,
            rate: 139,
          },
          {
            roomTypeId: queens.id,
            roomTypeName: "Double Queen",
            night: "2026-04-10",
            rooms: 10,
            rate: 129,
          },
          {
            roomTypeId: queens.id,
            roomTypeName: "Double Queen",
            night: "2026-04-12",
            rooms: 4,
            rate: 139,
          },
        ],
        cutoffDate: "2026-03-25",
        attritionPercent: 10,
        side: "organizer",
        by: { id: uuid(77), name: "Casey Park" },
        date: "2026-03-01T14:00:00.000Z",
      },
    });
    const accepted = heldBlock({
      id: block.id,
      nights: [
        night("2026-04-09", 3, 0),
        night("2026-04-10", 10, 3, 129),
        night("2026-04-12", 4, 0),
      ],
      held: 17,
      cutoffDate: "2026-03-25",
      attritionPercent: 10,
    });
    const world = roomsWorld({ blocks: [block] });
    server.use(...changesBlock(world, block, { accepted }));
    const { main, user } = await open(world, `/hotels/${HOTEL_ID}/blocks`);
    const article = within(
      await main.findByRole("article", { name: "Spring Hoops Classic" }, LAZY),
    );
    const banner = within(article.getByRole("region", { name: "Proposed change" }));
    expect(banner.getByText(/^The organizer \(Casey Park\) proposed a change on /)).toBeTruthy();
    expect(listed(banner)).toEqual([
      "Cut-off: Mar 20, 2026 → Mar 25, 2026",
      "Attrition allowance: 20% → 10%",
      "Thu, Apr 9: 5 → 3 rooms",
      "Fri, Apr 10: rate $139 → $129",
      "Sat, Apr 11: left out (5 rooms now)",
      "Sun, Apr 12: 4 rooms at $139 (a new night)",
    ]);
    expect(banner.queryByRole("button", { name: "Withdraw change" })).toBeNull();
    // The hotel changes an accepted block by proposing too; it does not give rooms back alone.
    expect(article.getByRole("button", { name: "Propose a change" })).toBeTruthy();
    expect(article.queryByRole("button", { name: "Release rooms" })).toBeNull();

    await user.click(banner.getByRole("button", { name: "Accept change" }));
    await waitFor(() =>
      expect(sent.to(`${blockUrl(block.id)}/amendment/accept`, "PUT")).toHaveLength(1),
    );
    await waitFor(() =>
      expect(article.queryByRole("region", { name: "Proposed change" })).toBeNull(),
    );
    expect(article.getByText("Mar 25, 2026")).toBeTruthy();
  });

  it("shows why the server refused the change, which stays on the table", async () => {
    const block = heldBlock({
      amendment: {
        nights: [
          {
            roomTypeId: queens.id,
            roomTypeName: "Double Queen",
            night: "2026-04-10",
            rooms: 16,
            rate: 139,
          },
        ],
        side: "organizer",
        by: null,
        date: "2026-03-01T14:00:00.000Z",
      },
    });
    const world = roomsWorld({ blocks: [block] });
    const refusal =
      "The hotel does not have the extra rooms free on 1 night (first: 2026-04-10): add them to its calendar first.";
    server.use(
      http.put(`${blockUrl(block.id)}/amendment/accept`, () =>
        errorReply(409, "ROOMS_UNAVAILABLE", refusal),
      ),
    );
    const { main, user } = await open(world, `/hotels/${HOTEL_ID}/blocks`);
    const article = within(
      await main.findByRole("article", { name: "Spring Hoops Classic" }, LAZY),
    );
    const banner = within(article.getByRole("region", { name: "Proposed change" }));
    await user.click(banner.getByRole("button", { name: "Accept change" }));
    expect((await banner.findByRole("alert")).textContent).toBe(refusal);
    expect(banner.getByRole("button", { name: "Accept change" })).toBeTruthy();
  });
});

describe("giving rooms back before the cut-off", () => {
  it("sends each night's rooms, at most those nobody booked", async () => {
    // Thursday: 1 of 5 booked; Friday: all 10 booked; Saturday: none of 5.
    const block = heldBlock({
      nights: [night("2026-04-09", 5, 1), night("2026-04-10", 10, 10), night("2026-04-11", 5, 0)],
      booked: 11,
    });
    const released = heldBlock({
      id: block.id,
      nights: [night("2026-04-09", 3, 1), night("2026-04-10", 10, 10)],
      held: 13,
      booked: 11,
    });
    const world = organizerWorld(block);
    server.use(...changesBlock(world, block, { released }));
    const { main, user } = await open(world, `/events/${EVENT_ID}/hotels`);
    const article = within(await main.findByRole("article", { name: "Harbor Inn" }, LAZY));
    await user.click(article.getByRole("button", { name: "Release rooms" }));
    const dialog = within(
      await screen.findByRole("dialog", { name: "Release rooms at Harbor Inn" }),
    );
    const field = (n: string) =>
      dialog.getByRole("spinbutton", { name: `Rooms to give back, ${n}` }) as HTMLInputElement;
    expect(field("Fri, Apr 10").disabled).toBe(true);
    expect(dialog.getByText("All booked")).toBeTruthy();
    expect(dialog.getByText("At most 4")).toBeTruthy();

    await user.clear(field("Thu, Apr 9"));
    await user.type(field("Thu, Apr 9"), "5");
    await user.click(dialog.getByRole("button", { name: "Release rooms" }));
    expect(
      await dialog.findByText("Rooms to give back on Thu, Apr 9: a whole number from 0 to 4."),
    ).toBeTruthy();
    await user.clear(field("Thu, Apr 9"));
    await user.click(dialog.getByRole("button", { name: "Release rooms" }));
    expect(await dialog.findByText(/a whole number from 0 to 4/)).toBeTruthy();
    await user.type(field("Thu, Apr 9"), "0");
    await user.click(dialog.getByRole("button", { name: "Release rooms" }));
    expect(await dialog.findByText("Give back at least one room.")).toBeTruthy();
    expect(sent.bodies(`${blockUrl(block.id)}/release`, "PUT")).toEqual([]);

    await user.clear(field("Thu, Apr 9"));
    await user.type(field("Thu, Apr 9"), "2");
    await user.clear(field("Sat, Apr 11"));
    await user.type(field("Sat, Apr 11"), "5");
    await user.click(dialog.getByRole("button", { name: "Release rooms" }));
    await waitFor(() =>
      expect(sent.bodies(`${blockUrl(block.id)}/release`, "PUT")).toEqual([
        {
          data: {
            nights: [
              { roomTypeId: queens.id, night: "2026-04-09", rooms: 2 },
              { roomTypeId: queens.id, night: "2026-04-11", rooms: 5 },
            ],
          },
        },
      ]),
    );
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Release rooms at Harbor Inn" })).toBeNull(),
    );
  });

  it("is closed once the cut-off day has ended, saying why", async () => {
    // Today is March 2: a cut-off on March 1 has passed.
    const block = heldBlock({ cutoffDate: "2026-03-01" });
    const { main } = await open(organizerWorld(block), `/events/${EVENT_ID}/hotels`);
    const article = within(await main.findByRole("article", { name: "Harbor Inn" }, LAZY));
    const button = article.getByRole("button", { name: "Release rooms" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const reason = document.getElementById(button.getAttribute("aria-describedby") ?? "");
    expect(reason?.textContent).toBe(
      "The cut-off has passed: the rooms nobody booked go back to the hotel on their own.",
    );
    expect(article.queryByRole("button", { name: "Propose a change" })).toBeNull();
  });
});

// ---- the new block's peak ----

function team(n: number, roomsNeeded: number): TTeam {
  return {
    id: uuid(700 + n),
    eventId: EVENT_ID,
    name: `Team ${n}`,
    contactName: `Coach ${n}`,
    contactEmail: `coach${n}@example.com`,
    contactPhone: null,
    roomsNeeded,
    bookingPath: `/team-booking/token-${n}`,
    reservations: 0,
    roomsBooked: 0,
    roomNights: 0,
    outsideRoomNights: 0,
    status: "Not booked",
    remindedDate: null,
    createdDate: "2026-02-01T09:00:00.000Z",
    updatedDate: "2026-02-01T09:00:00.000Z",
  };
}

const TEAMS_URL = `${HOTELS}/events/:eventId/teams`;

/** Opens the organizer's new-block dialog on Lakeview Suites' queens (the page's own, or `query`). */
async function proposeDialog(query = "") {
  const hotelQueens = buildRoomType({
    name: "Double Queen",
    beds: "2 Queens",
    hotelId: OTHER_HOTEL_ID,
  });
  const world = roomsWorld({
    roomTypes: [hotelQueens],
    eventHotels: [buildEventHotel({ id: OTHER_HOTEL_ID, name: "Lakeview Suites" })],
  });
  const { main, user } = await open(world, `/events/${EVENT_ID}/hotels${query}`);
  if (!query) await user.click(await main.findByRole("button", { name: "Propose a block" }, LAZY));
  const dialog = within(
    await screen.findByRole("dialog", { name: "Propose a block to a hotel" }, LAZY),
  );
  await user.click(dialog.getByRole("combobox", { name: "Hotel" }));
  await user.click(await screen.findByRole("option", { name: /Lakeview Suites/ }));
  await user.click(dialog.getByRole("combobox", { name: "Room type" }));
  await user.click(await screen.findByRole("option", { name: "Double Queen (2 Queens)" }));
  const peak = () =>
    dialog.getByRole("spinbutton", { name: "Rooms on the peak night" }) as HTMLInputElement;
  const nights = () =>
    dialog
      .getAllByRole("spinbutton", { name: /^Rooms, Double Queen, / })
      .map((f) => (f as HTMLInputElement).value);
  return { dialog, user, peak, nights };
}

describe("the new block's peak", () => {
  it("is the sum of the rooms the event's teams need, and says so until it is changed", async () => {
    server.use(
      http.get(TEAMS_URL, () =>
        dataReply(ZTeamsOverview, {
          eventId: EVENT_ID,
          stayToPlay: true,
          teams: [team(1, 4), team(2, 5), team(3, 3)],
          counts: { teams: 3, booked: 0, partlyBooked: 0, notBooked: 3 },
        }),
      ),
    );
    const { dialog, user, peak, nights } = await proposeDialog();
    await waitFor(() => expect(peak().value).toBe("12"));
    expect(
      dialog.getByText("From your 3 teams' needs. The first and last nights get half, rounded up."),
    ).toBeTruthy();
    // The event runs Apr 10 – 12: the arrival night, the peak night, the departure shoulder.
    expect(nights()).toEqual(["6", "12", "6"]);

    await user.clear(peak());
    await user.type(peak(), "8");
    expect(nights()).toEqual(["4", "8", "4"]);
    expect(dialog.queryByText(/From your 3 teams' needs/)).toBeNull();
  });

  it("stays 10 when the teams cannot be read", async () => {
    server.use(
      http.get(TEAMS_URL, () =>
        errorReply(403, "FORBIDDEN", "Only the event's organizers may do this."),
      ),
    );
    const { dialog, peak, nights } = await proposeDialog();
    await waitFor(() =>
      expect(sent.to(`${HOTELS}/events/${EVENT_ID}/teams`, "GET").length).toBeGreaterThan(0),
    );
    expect(peak().value).toBe("10");
    expect(nights()).toEqual(["5", "10", "5"]);
    expect(dialog.getByText("The first and last nights get half, rounded up.")).toBeTruthy();
  });

  it("without teams, spreads the awarded request's room nights over the event's nights", async () => {
    const leadId = uuid(880);
    server.use(
      http.get(`${EVENTS}/:id/leads/:leadId`, () =>
        dataReply(
          ZLead,
          buildLead({
            id: leadId,
            eventId: EVENT_ID,
            status: "Won",
            request: buildRequest({ roomNights: 40 }),
          }),
        ),
      ),
    );
    const { dialog, peak, nights } = await proposeDialog(`?leadId=${leadId}`);
    // 40 room nights over the event's 2 nights: 20 on the peak.
    await waitFor(() => expect(peak().value).toBe("20"));
    expect(
      dialog.getByText(
        "From the 40 room nights your request estimated. The first and last nights get half, rounded up.",
      ),
    ).toBeTruthy();
    expect(nights()).toEqual(["10", "20", "10"]);
  });
});
