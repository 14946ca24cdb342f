import { type TBlock, type THotelMatch, ZBlock, ZHotelMatch } from "@hostfield/domain/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setAccessTokenGetter } from "../../lib/api";
import { buildSignedInAuth } from "../../test/factories";
import { dataReply, listReply, sent, serveBase, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import {
  answersBlock,
  BLOCKS,
  blockUrl,
  buildBlock,
  buildEventHotel,
  buildManagedListing,
  buildPickup,
  buildReservation,
  buildRoomType,
  EVENT_ID,
  HOTELS,
  NOW,
  OTHER_HOTEL_ID,
  RESERVATIONS,
  roomsHandlers,
  roomsWorld,
  type TRoomsWorld,
  VISITOR_ABILITIES,
} from "./testing";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(NOW));
});

afterEach(() => {
  vi.useRealTimers();
  setAccessTokenGetter(null);
});

const LAZY = { timeout: 10_000 };

async function openDashboard(world: TRoomsWorld, width?: number, query = "") {
  serveBase(...roomsHandlers(world));
  const rendered = await renderApp({
    path: `/events/${EVENT_ID}/hotels${query}`,
    auth: buildSignedInAuth(),
    width,
  });
  return { ...rendered, main: within(screen.getByRole("main")) };
}

const WARNING =
  "Pickup is 50%: 24 more room nights must be booked by the cut-off (in 18 days) to stay within the 20% attrition allowance.";

/** Harbor Inn holds 40 kings on two nights for the event; 30 and 10 are booked. */
function sellingBlock(): TBlock {
  return buildBlock({ status: "Accepted", proposedBy: "organizer", held: 80, booked: 40 });
}

function sellingWorld(warning: string | null) {
  const block = sellingBlock();
  return roomsWorld({
    blocks: [block],
    pickups: {
      [block.id]: buildPickup({
        blockId: block.id,
        nights: [
          { night: "2026-04-10", held: 40, booked: 30 },
          { night: "2026-04-11", held: 40, booked: 10 },
        ],
        held: 80,
        booked: 40,
        pickupPercent: 50,
        attritionWarning: warning,
        compNights: 1,
      }),
    },
  });
}

describe("/events/:id/hotels", () => {
  it("charts each night's pickup, the totals and comp nights, and warns of attrition", async () => {
    const { main } = await openDashboard(sellingWorld(WARNING));
    const article = within(await main.findByRole("article", { name: "Harbor Inn" }, LAZY));
    const chart = within(await article.findByRole("list", { name: "Pickup per night" }));
    expect(chart.getAllByRole("listitem").map((bar) => bar.getAttribute("aria-label"))).toEqual([
      "Fri, Apr 10: 30 of 40 booked",
      "Sat, Apr 11: 10 of 40 booked",
    ]);
    const pickup = within(article.getByRole("region", { name: "Pickup" }));
    expect(pickup.getByText("50%")).toBeTruthy();
    expect(pickup.getByText("40 of 80 room nights")).toBeTruthy();
    expect(pickup.getByText("Comp nights earned").nextSibling?.textContent).toBe("1");
    expect(pickup.getByRole("alert").textContent).toBe(WARNING);
  });

  it("shows no warning when the pickup is on track", async () => {
    const { main } = await openDashboard(sellingWorld(null));
    const article = within(await main.findByRole("article", { name: "Harbor Inn" }, LAZY));
    await article.findByRole("list", { name: "Pickup per night" });
    expect(article.queryByRole("alert")).toBeNull();
  });

  it("accepts the hotel's proposal", async () => {
    const offered = buildBlock({ status: "Proposed", proposedBy: "hotel", held: 60 });
    const world = roomsWorld({ blocks: [offered] });
    server.use(...answersBlock(world, offered, { ...offered, status: "Accepted" }));
    const { main, user } = await openDashboard(world);
    const article = within(await main.findByRole("article", { name: "Harbor Inn" }, LAZY));
    expect(
      article.getByText("The hotel proposed these terms. Accept, decline or propose a change."),
    ).toBeTruthy();
    // No pickup before the block is accepted.
    expect(article.queryByRole("region", { name: "Pickup" })).toBeNull();
    await user.click(article.getByRole("button", { name: "Accept" }));
    await waitFor(() => expect(sent.to(`${blockUrl(offered.id)}/accept`, "PUT")).toHaveLength(1));
    expect(await article.findByText("Accepted")).toBeTruthy();
  });

  it("copies the booking link of the event's hotels", async () => {
    const { main, user } = await openDashboard(roomsWorld());
    await user.click(await main.findByRole("button", { name: "Share booking link" }, LAZY));
    expect(await screen.findByText("Booking link copied. Send it to your teams.")).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(
      `${window.location.origin}/events/${EVENT_ID}#hotels`,
    );
  });

  it("proposes a block to one of the event's linked hotels", async () => {
    const queens = buildRoomType({
      name: "Double Queen",
      beds: "2 Queens",
      hotelId: OTHER_HOTEL_ID,
      rackRate: 179,
    });
    const world = roomsWorld({
      roomTypes: [queens],
      eventHotels: [buildEventHotel({ id: OTHER_HOTEL_ID, name: "Lakeview Suites" })],
    });
    server.use(
      http.post(BLOCKS, () =>
        dataReply(
          ZBlock,
          buildBlock({ hotel: { id: OTHER_HOTEL_ID, name: "Lakeview Suites", logo: null } }),
          { status: 201 },
        ),
      ),
    );
    const { main, user } = await openDashboard(world);
    await user.click(await main.findByRole("button", { name: "Propose a block" }, LAZY));
    const dialog = within(
      await screen.findByRole("dialog", { name: "Propose a block to a hotel" }),
    );
    await user.click(dialog.getByRole("combobox", { name: "Hotel" }));
    await user.click(await screen.findByRole("option", { name: /Lakeview Suites/ }));
    await user.click(dialog.getByRole("combobox", { name: "Room type" }));
    await user.click(await screen.findByRole("option", { name: "Double Queen (2 Queens)" }));
    // The rate starts from the room type's rack rate.
    expect(dialog.getByRole("spinbutton", { name: "Group rate ($ a night)" })).toHaveProperty(
      "value",
      "179",
    );
    // The event runs Fri Apr 10 – Sun Apr 12: Thu 9 to Sat 11, half (rounded up) on the shoulders.
    const rooms = (night: string) =>
      dialog.getByRole("spinbutton", { name: `Rooms, Double Queen, ${night}` });
    expect(["Thu, Apr 9", "Fri, Apr 10", "Sat, Apr 11"].map((n) => rooms(n))).toMatchObject([
      { value: "5" },
      { value: "10" },
      { value: "5" },
    ]);
    // 8 on the peak night reshapes: 4, 8, 4; then Saturday is left out and Friday costs less.
    const peak = dialog.getByRole("spinbutton", { name: "Rooms on the peak night" });
    await user.clear(peak);
    await user.type(peak, "8");
    expect(rooms("Thu, Apr 9")).toHaveProperty("value", "4");
    await user.clear(rooms("Sat, Apr 11"));
    await user.type(rooms("Sat, Apr 11"), "0");
    const friday = dialog.getByRole("spinbutton", { name: "Rate, Double Queen, Fri, Apr 10" });
    await user.clear(friday);
    await user.type(friday, "169");
    await user.click(dialog.getByRole("button", { name: "Propose block" }));

    await waitFor(() => expect(sent.bodies(BLOCKS, "POST")).toHaveLength(1));
    expect(sent.bodies(BLOCKS, "POST")[0]).toMatchObject({
      data: {
        eventId: EVENT_ID,
        hotelId: OTHER_HOTEL_ID,
        nights: [
          { roomTypeId: queens.id, night: "2026-04-09", rooms: 4, rate: 179 },
          { roomTypeId: queens.id, night: "2026-04-10", rooms: 8, rate: 169 },
        ],
      },
    });
    expect(sent.bodies(BLOCKS, "POST")[0]).not.toHaveProperty("data.perNight");
    expect(await screen.findByText("The block was proposed to Lakeview Suites.")).toBeTruthy();
  });

  it("offers the hotels nearest the event's venue first, with their distance, then its linked hotels", async () => {
    const venue = { lat: 39.7601, lng: -86.1639 };
    // The hotel service's suggestions for the event's stay (none sold out on every night of it:
    // the server leaves those out); a hotel that has not priced its nights says so.
    const match = (
      id: string,
      name: string,
      distanceMiles: number,
      rate: number | null,
    ): THotelMatch => ({
      hotel: {
        id,
        name,
        logo: null,
        address: null,
        lat: null,
        lng: null,
        starRating: null,
        amenities: [],
      },
      distanceMiles,
      lowestRate: rate,
      nights: [{ night: "2026-04-10", roomsLeft: rate === null ? 0 : 12, rate }],
      blockId: null,
      score: 70,
      reasons: [],
    });
    const world = roomsWorld({
      eventHotels: [
        buildEventHotel({ id: OTHER_HOTEL_ID, name: "Lakeview Suites" }),
        buildEventHotel({ id: "00000000-0000-4000-8000-000000000013", name: "Gulf Shores Resort" }),
      ],
    });
    world.listings.set(
      EVENT_ID,
      buildManagedListing("event", { id: EVENT_ID, name: "Spring Hoops Classic", ...venue }),
    );
    const matches = `${HOTELS}/search/matches`;
    server.use(
      http.post(matches, () =>
        listReply(ZHotelMatch, [
          match("00000000-0000-4000-8000-000000000011", "Capitol Inn", 0.64, 139),
          match(OTHER_HOTEL_ID, "Lakeview Suites", 14.2, null),
        ]),
      ),
    );
    const { main, user } = await openDashboard(world);
    await user.click(await main.findByRole("button", { name: "Propose a block" }, LAZY));
    const dialog = within(
      await screen.findByRole("dialog", { name: "Propose a block to a hotel" }),
    );
    await user.click(dialog.getByRole("combobox", { name: "Hotel" }));
    await screen.findByRole("option", { name: /Capitol Inn/ });
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([
      "Capitol Inn0.6 mi from the venue",
      "Lakeview Suites14 mi from the venue · No rates yet · Linked to the event",
      "Gulf Shores ResortLinked to the event",
    ]);
    // Asked for the event's stay, within the hotels' reach of its place, nearest first.
    expect(sent.bodies(matches, "POST")).toEqual([
      { data: { eventId: EVENT_ID, radius: 50, take: 10 } },
    ]);
  });

  it("opens with a block for an awarded lead, which the block carries", async () => {
    const queens = buildRoomType({
      name: "Double Queen",
      beds: "2 Queens",
      hotelId: OTHER_HOTEL_ID,
    });
    const world = roomsWorld({
      roomTypes: [queens],
      eventHotels: [buildEventHotel({ id: OTHER_HOTEL_ID, name: "Lakeview Suites" })],
    });
    server.use(http.post(BLOCKS, () => dataReply(ZBlock, buildBlock(), { status: 201 })));
    const leadId = "00000000-0000-4000-8000-00000000a11d";
    await openDashboard(world, undefined, `?leadId=${leadId}`);
    // The page opens on the proposal, without a click.
    const dialog = within(
      await screen.findByRole("dialog", { name: "Propose a block to a hotel" }, LAZY),
    );
    expect(dialog.getByText(/For the awarded proposal/)).toBeTruthy();
    await userEvent.click(dialog.getByRole("combobox", { name: "Hotel" }));
    await userEvent.click(await screen.findByRole("option", { name: /Lakeview Suites/ }));
    await userEvent.click(dialog.getByRole("combobox", { name: "Room type" }));
    await userEvent.click(await screen.findByRole("option", { name: "Double Queen (2 Queens)" }));
    await userEvent.click(dialog.getByRole("button", { name: "Propose block" }));
    await waitFor(() => expect(sent.bodies(BLOCKS, "POST")).toHaveLength(1));
    expect(sent.bodies(BLOCKS, "POST")[0]).toMatchObject({
      data: { eventId: EVENT_ID, hotelId: OTHER_HOTEL_ID, leadId },
    });
  });

  it("exports the event's reservations as CSV, with no cancel for organizers", async () => {
    const world = roomsWorld({
      reservations: [buildReservation({ guestName: "Morgan Diaz" })],
      csv: "confirmation,guest\r\nHF-0001,Morgan Diaz\r\n",
    });
    const saved: { href: string; download: string }[] = [];
    const create = vi.fn((_blob: Blob) => "blob:reservations");
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ href: this.href, download: this.download });
    });
    // The signed-in app hands its token to the api client; the export goes with it.
    setAccessTokenGetter(async () => "organizer-token");
    const { main, user } = await openDashboard(world);
    const section = within(
      await main.findByRole("region", { name: /Reservations for the event/ }, LAZY),
    );
    expect(await section.findByText("Morgan Diaz")).toBeTruthy();
    expect(section.queryByRole("button", { name: /Cancel reservation/ })).toBeNull();

    await user.click(section.getByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const csvCall = sent.to(RESERVATIONS).find((c) => c.url.searchParams.get("format") === "csv");
    expect(csvCall?.url.searchParams.get("scope")).toBe("event");
    expect(csvCall?.url.searchParams.get("eventId")).toBe(EVENT_ID);
    expect(csvCall?.headers.authorization).toBe("Bearer organizer-token");
    expect(saved[0]).toEqual({
      href: "blob:reservations",
      download: `reservations-event-${EVENT_ID}.csv`,
    });
    expect(await create.mock.calls[0]?.[0].text()).toBe(
      "confirmation,guest\r\nHF-0001,Morgan Diaz\r\n",
    );
  });

  it("tells someone who does not organize the event that only its organizers can", async () => {
    const world = roomsWorld();
    world.abilities[EVENT_ID] = VISITOR_ABILITIES;
    const { main } = await openDashboard(world);
    expect(
      await main.findByText("Only the event's organizers can manage its hotel blocks", {}, LAZY),
    ).toBeTruthy();
    expect(sent.to(BLOCKS)).toHaveLength(0);
  });
});
