// Rooms per night in the block dialogs and on the block cards: the organizer's dialog checks the
// nights before sending (naming the night), the hotel's counter leaves out a night set to 0 (on a
// phone's width too), and both sides' cards read the nights: an offer's shape, a held block's
// held and booked figures.
import type { TBlock } from "@hostfield/domain/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildSignedInAuth } from "../../test/factories";
import { sent, serveBase } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import {
  BLOCKS,
  blockUrl,
  buildBlock,
  buildEventHotel,
  buildPickup,
  buildRoomType,
  EVENT_ID,
  HOTEL_ID,
  NOW,
  OTHER_HOTEL_ID,
  roomsHandlers,
  roomsWorld,
  type TRoomsWorld,
} from "./testing";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(NOW));
});

afterEach(() => {
  vi.useRealTimers();
});

const LAZY = { timeout: 10_000 };

async function open(world: TRoomsWorld, path: string, width?: number) {
  serveBase(...roomsHandlers(world));
  const rendered = await renderApp({ path, auth: buildSignedInAuth(), width });
  return { ...rendered, main: within(screen.getByRole("main")) };
}

const queens = buildRoomType({
  name: "Double Queen",
  beds: "2 Queens",
  hotelId: OTHER_HOTEL_ID,
  rackRate: 179,
});

const night = (n: string, held: number, booked: number, rate = 139) => ({
  roomTypeId: queens.id,
  roomTypeName: "Double Queen",
  night: n,
  held,
  rate,
  booked,
});

/** Thu 9 – Sat 11 April, the shoulders at half: 5, 10, 5. */
const shaped = (status: TBlock["status"], proposedBy: TBlock["proposedBy"], booked = [0, 0, 0]) =>
  buildBlock({
    status,
    proposedBy,
    nights: [
      night("2026-04-09", 5, booked[0]!),
      night("2026-04-10", 10, booked[1]!),
      night("2026-04-11", 5, booked[2]!),
    ],
    held: 20,
    booked: booked.reduce((s, b) => s + b, 0),
  });

describe("the organizer's block dialog", () => {
  it("checks every night before sending, naming the night, and sends only once they are right", async () => {
    const world = roomsWorld({
      roomTypes: [queens],
      eventHotels: [buildEventHotel({ id: OTHER_HOTEL_ID, name: "Lakeview Suites" })],
    });
    const { main, user } = await open(world, `/events/${EVENT_ID}/hotels`);
    await user.click(await main.findByRole("button", { name: "Propose a block" }, LAZY));
    const dialog = within(
      await screen.findByRole("dialog", { name: "Propose a block to a hotel" }),
    );
    await user.click(dialog.getByRole("combobox", { name: "Hotel" }));
    await user.click(await screen.findByRole("option", { name: /Lakeview Suites/ }));
    await user.click(dialog.getByRole("combobox", { name: "Room type" }));
    await user.click(await screen.findByRole("option", { name: "Double Queen (2 Queens)" }));
    const rooms = (n: string) =>
      dialog.getByRole("spinbutton", { name: `Rooms, Double Queen, ${n}` });
    const propose = () => user.click(dialog.getByRole("button", { name: "Propose block" }));

    await user.clear(rooms("Fri, Apr 10"));
    await user.type(rooms("Fri, Apr 10"), "2.5");
    await propose();
    expect(
      await dialog.findByText(
        "Rooms on Double Queen, Fri, Apr 10: a whole number from 0 to 10,000 (0 leaves the night out).",
      ),
    ).toBeTruthy();

    await user.clear(rooms("Fri, Apr 10"));
    await user.type(rooms("Fri, Apr 10"), "10001");
    await propose();
    expect(
      await dialog.findByText(
        "Rooms on Double Queen, Fri, Apr 10: a whole number from 0 to 10,000 (0 leaves the night out).",
      ),
    ).toBeTruthy();

    for (const n of ["Thu, Apr 9", "Fri, Apr 10", "Sat, Apr 11"]) {
      await user.clear(rooms(n));
      await user.type(rooms(n), "0");
    }
    await propose();
    expect(
      await dialog.findByText("Hold rooms on at least one night (0 leaves a night out)."),
    ).toBeTruthy();

    await user.clear(rooms("Sat, Apr 11"));
    await user.type(rooms("Sat, Apr 11"), "3");
    await user.clear(dialog.getByRole("spinbutton", { name: "Rate, Double Queen, Sat, Apr 11" }));
    await propose();
    expect(
      await dialog.findByText("Rate on Double Queen, Sat, Apr 11: give a rate of $0 or more."),
    ).toBeTruthy();
    expect(sent.bodies(BLOCKS, "POST")).toEqual([]);

    await user.type(
      dialog.getByRole("spinbutton", { name: "Rate, Double Queen, Sat, Apr 11" }),
      "0",
    );
    await propose();
    await waitFor(() => expect(sent.bodies(BLOCKS, "POST")).toHaveLength(1));
    expect(sent.bodies(BLOCKS, "POST")[0]).toMatchObject({
      data: { nights: [{ roomTypeId: queens.id, night: "2026-04-11", rooms: 3, rate: 0 }] },
    });
  });

  it("holds the night of the last day too when asked, as the departure shoulder", async () => {
    const world = roomsWorld({
      roomTypes: [queens],
      eventHotels: [buildEventHotel({ id: OTHER_HOTEL_ID, name: "Lakeview Suites" })],
    });
    const { main, user } = await open(world, `/events/${EVENT_ID}/hotels`);
    await user.click(await main.findByRole("button", { name: "Propose a block" }, LAZY));
    const dialog = within(
      await screen.findByRole("dialog", { name: "Propose a block to a hotel" }),
    );
    await user.click(dialog.getByRole("combobox", { name: "Hotel" }));
    await user.click(await screen.findByRole("option", { name: /Lakeview Suites/ }));
    await user.click(dialog.getByRole("combobox", { name: "Room type" }));
    await user.click(await screen.findByRole("option", { name: "Double Queen (2 Queens)" }));
    await user.click(dialog.getByRole("checkbox", { name: "Also hold the night of the last day" }));
    const grid = within(dialog.getByRole("group", { name: "Rooms and rate per night" }));
    expect(
      grid
        .getAllByRole("spinbutton", { name: /^Rooms, / })
        .map((f) => [f.getAttribute("aria-label"), (f as HTMLInputElement).value]),
    ).toEqual([
      ["Rooms, Double Queen, Thu, Apr 9", "5"],
      ["Rooms, Double Queen, Fri, Apr 10", "10"],
      ["Rooms, Double Queen, Sat, Apr 11", "10"],
      ["Rooms, Double Queen, Sun, Apr 12", "5"],
    ]);
    expect(grid.getByText("30 room nights. 0 rooms leaves a night out.")).toBeTruthy();
  });
});

describe("the hotel's counter, night by night", () => {
  it("on a phone: sends the nights as edited, leaving out the one set to 0", async () => {
    const block = shaped("Proposed", "organizer");
    const world = roomsWorld({ roomTypes: [queens], blocks: [block] });
    const { main, user } = await open(world, `/hotels/${HOTEL_ID}/blocks`, 390);
    const article = within(
      await main.findByRole("article", { name: "Spring Hoops Classic" }, LAZY),
    );
    await user.click(article.getByRole("button", { name: "Counter-propose" }));
    const dialog = within(await screen.findByRole("dialog", { name: "New terms for Harbor Inn" }));
    const thursday = dialog.getByRole("spinbutton", { name: "Rooms, Double Queen, Thu, Apr 9" });
    await user.clear(thursday);
    await user.type(thursday, "0");
    const saturday = dialog.getByRole("spinbutton", { name: "Rooms, Double Queen, Sat, Apr 11" });
    await user.clear(saturday);
    await user.type(saturday, "4");
    await user.click(dialog.getByRole("button", { name: "Send terms" }));
    await waitFor(() => expect(sent.bodies(blockUrl(block.id), "PATCH")).toHaveLength(1));
    expect(sent.bodies(blockUrl(block.id), "PATCH")[0]).toMatchObject({
      data: {
        nights: [
          { roomTypeId: queens.id, night: "2026-04-10", rooms: 10, rate: 139 },
          { roomTypeId: queens.id, night: "2026-04-11", rooms: 4, rate: 139 },
        ],
      },
    });
  });
});

describe("the block cards", () => {
  it("the hotel reads an offer's shape night by night", async () => {
    const world = roomsWorld({ blocks: [shaped("Proposed", "organizer")] });
    const { main } = await open(world, `/hotels/${HOTEL_ID}/blocks`);
    const article = within(
      await main.findByRole("article", { name: "Spring Hoops Classic" }, LAZY),
    );
    const list = within(article.getByRole("list", { name: "Rooms per night" }));
    expect(list.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "Thu, Apr 9: 5 rooms at $139",
      "Fri, Apr 10: 10 rooms at $139",
      "Sat, Apr 11: 5 rooms at $139",
    ]);
  });

  it("the organizer reads a held block's held and booked figures per night", async () => {
    const block = shaped("Accepted", "organizer", [1, 3, 5]);
    const world = roomsWorld({
      blocks: [block],
      pickups: { [block.id]: buildPickup({ blockId: block.id, held: 20, booked: 9 }) },
    });
    const { main } = await open(world, `/events/${EVENT_ID}/hotels`);
    const article = within(await main.findByRole("article", { name: "Harbor Inn" }, LAZY));
    const list = within(article.getByRole("list", { name: "Held and booked per night" }));
    expect(list.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "Thu, Apr 9: 5 held · 1 booked",
      "Fri, Apr 10: 10 held · 3 booked",
      "Sat, Apr 11: 5 held · 5 booked",
    ]);
  });
});
