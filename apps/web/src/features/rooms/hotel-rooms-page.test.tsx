import { ZCalendar, ZRoomType } from "@hostfield/domain/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildSignedInAuth, buildSignedOutAuth } from "../../test/factories";
import {
  dataOf,
  dataReply,
  deletedReply,
  errorReply,
  sent,
  serveBase,
  server,
} from "../../test/msw";
import { renderApp } from "../../test/render-app";
import {
  buildCell,
  buildRoomType,
  calendarOf,
  calendarUrl,
  HOTEL_ID,
  NOW,
  roomsHandlers,
  roomsUrl,
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
});

// The page's code loads on first visit; a cold transform can take longer than findBy's second.
const LAZY = { timeout: 10_000 };

async function openRooms(world: TRoomsWorld, width?: number) {
  serveBase(...roomsHandlers(world));
  const rendered = await renderApp({
    path: `/hotels/${HOTEL_ID}/rooms`,
    auth: buildSignedInAuth(),
    width,
  });
  return { ...rendered, main: within(screen.getByRole("main")) };
}

const king = buildRoomType({ name: "King Suite", rackRate: 249 });
const queens = buildRoomType({ name: "Double Queen", beds: "2 Queens", maxOccupancy: 4 });

describe("/hotels/:id/rooms", () => {
  it("adds a room type with what the manager typed, and lists it", async () => {
    const world = roomsWorld();
    const { main, user } = await openRooms(world);
    expect(await main.findByText("No room types yet", {}, LAZY)).toBeTruthy();

    await user.click(main.getByRole("button", { name: "Add room type" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Add a room type" }));
    await user.type(dialog.getByRole("textbox", { name: "Name" }), "Harbor View King");
    await user.type(dialog.getByRole("textbox", { name: "Beds" }), "1 King");
    const occupancy = dialog.getByRole("spinbutton", { name: "Max occupancy" });
    await user.clear(occupancy);
    await user.type(occupancy, "3");
    await user.type(dialog.getByRole("spinbutton", { name: "Rack rate ($ a night)" }), "219.5");
    await user.type(dialog.getByRole("textbox", { name: "Description" }), "Faces the water.");
    await user.click(dialog.getByRole("button", { name: "Add room type" }));

    await waitFor(() => expect(sent.bodies(roomsUrl(HOTEL_ID), "POST")).toHaveLength(1));
    expect(sent.bodies(roomsUrl(HOTEL_ID), "POST")[0]).toEqual({
      data: {
        name: "Harbor View King",
        beds: "1 King",
        maxOccupancy: 3,
        rackRate: 219.5,
        description: "Faces the water.",
      },
    });
    const list = within(await main.findByRole("list", { name: "Room types" }));
    const item = within(list.getByRole("listitem", { name: "Harbor View King" }));
    expect(item.getByText("1 King · sleeps 3 guests · rack rate $219.50")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("edits a room type with a PATCH of {data: what changed} (not a JSON Patch)", async () => {
    const world = roomsWorld({ roomTypes: [king] });
    server.use(
      http.patch(`${roomsUrl(HOTEL_ID)}/${king.id}`, async ({ request }) => {
        const change = await dataOf<{ rackRate: number; name: string }>(request);
        return dataReply(ZRoomType, { ...king, ...change });
      }),
    );
    const { main, user } = await openRooms(world);
    await user.click(await main.findByRole("button", { name: "Edit King Suite" }, LAZY));
    const dialog = within(await screen.findByRole("dialog", { name: "Edit King Suite" }));
    const rate = dialog.getByRole("spinbutton", { name: "Rack rate ($ a night)" });
    await user.clear(rate);
    await user.type(rate, "259");
    await user.click(dialog.getByRole("button", { name: "Save" }));

    await waitFor(() =>
      expect(sent.to(`${roomsUrl(HOTEL_ID)}/${king.id}`, "PATCH")).toHaveLength(1),
    );
    // Only what changed: a field another manager changed meanwhile stays theirs.
    expect(sent.bodies(`${roomsUrl(HOTEL_ID)}/${king.id}`, "PATCH")[0]).toEqual({
      data: { rackRate: 259 },
    });
    const item = within(await main.findByRole("listitem", { name: "King Suite" }));
    expect(await item.findByText("1 King · sleeps 2 guests · rack rate $259")).toBeTruthy();
  });

  it("deletes a room type after asking, unless it has reservations", async () => {
    const world = roomsWorld({ roomTypes: [king, queens] });
    server.use(
      http.delete(`${roomsUrl(HOTEL_ID)}/${king.id}`, () =>
        errorReply(409, "CONFLICT", "King Suite has reservations; it cannot be deleted."),
      ),
      http.delete(`${roomsUrl(HOTEL_ID)}/${queens.id}`, () => deletedReply(queens.id)),
    );
    const { main, user } = await openRooms(world);
    await user.click(await main.findByRole("button", { name: "Delete King Suite" }, LAZY));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Delete King Suite?" })).getByRole(
        "button",
        { name: "Delete room type" },
      ),
    );
    expect(
      await screen.findByText("King Suite has reservations; it cannot be deleted."),
    ).toBeTruthy();
    expect(await main.findByRole("listitem", { name: "King Suite" })).toBeTruthy();

    await user.click(main.getByRole("button", { name: "Delete Double Queen" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Delete Double Queen?" })).getByRole(
        "button",
        { name: "Delete room type" },
      ),
    );
    expect(await screen.findByText("Double Queen was deleted.")).toBeTruthy();
    // Once the confirmation has closed (the page is hidden from queries while it is open).
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(main.getByRole("listitem", { name: "King Suite" })).toBeTruthy();
    expect(main.queryByRole("listitem", { name: "Double Queen" })).toBeNull();
    expect(sent.to(`${roomsUrl(HOTEL_ID)}/${queens.id}`, "DELETE")).toHaveLength(1);
  });

  it("keeps the dialog open and names what is missing instead of sending", async () => {
    const { main, user } = await openRooms(roomsWorld());
    await user.click(await main.findByRole("button", { name: "Add room type" }, LAZY));
    const dialog = within(await screen.findByRole("dialog", { name: "Add a room type" }));
    await user.click(dialog.getByRole("button", { name: "Add room type" }));
    expect(dialog.getByText("Give the room type a name.")).toBeTruthy();
    expect(dialog.getByText("A nightly rate in dollars, 0 or more.")).toBeTruthy();
    expect(sent.to(roomsUrl(HOTEL_ID), "POST")).toHaveLength(0);
  });

  it("shows the nights from today with rooms to sell, rate, held and booked per room type", async () => {
    const world = roomsWorld({
      roomTypes: [king, queens],
      cells: [
        buildCell({
          roomTypeId: king.id,
          night: "2026-03-02",
          roomsToSell: 8,
          rate: 229,
          held: 2,
          booked: 1,
        }),
        buildCell({ roomTypeId: queens.id, night: "2026-03-03", roomsToSell: 20, rate: 159.5 }),
      ],
    });
    const { main } = await openRooms(world);

    const grid = await main.findByRole("table", { name: "Rate grid" }, LAZY);
    const heads = within(grid).getAllByRole("columnheader");
    expect(heads).toHaveLength(15);
    expect(heads[1]?.textContent).toBe("MonMar 2");
    expect(heads[14]?.textContent).toBe("SunMar 15");
    expect(
      within(grid)
        .getAllByRole("rowheader")
        .map((h) => h.textContent),
    ).toEqual(["King Suite", "Double Queen"]);
    expect(
      within(grid).getByRole("button", {
        name: "King Suite, Mon, Mar 2: 8 rooms to sell at $229, 2 held, 1 booked. Edit",
      }),
    ).toBeTruthy();
    expect(
      within(grid).getByRole("button", {
        name: "Double Queen, Tue, Mar 3: 20 rooms to sell at $159.50, 0 held, 0 booked. Edit",
      }),
    ).toBeTruthy();
    // A night the calendar has no cell for sells nothing.
    expect(
      within(grid).getByRole("button", {
        name: "King Suite, Tue, Mar 3: 0 rooms to sell at no rate, 0 held, 0 booked. Edit",
      }),
    ).toBeTruthy();
    // The calendar was asked for exactly the nights shown.
    const asked = sent.to(calendarUrl(HOTEL_ID), "GET")[0]?.url.searchParams;
    expect([asked?.get("from"), asked?.get("to")]).toEqual(["2026-03-02", "2026-03-15"]);
  });

  it("pages 28 nights at a time, later and back to today", async () => {
    const world = roomsWorld({ roomTypes: [king] });
    const { main, user } = await openRooms(world);
    const grid = await main.findByRole("table", { name: "Rate grid" }, LAZY);
    expect(main.getByRole("button", { name: "Earlier" })).toHaveProperty("disabled", true);

    await user.click(main.getByRole("button", { name: "28 nights" }));
    await waitFor(() => expect(within(grid).getAllByRole("columnheader")).toHaveLength(29));
    await user.click(main.getByRole("button", { name: "Later" }));
    await waitFor(() =>
      expect(within(grid).getAllByRole("columnheader")[1]?.textContent).toBe("MonMar 30"),
    );
    const last = sent.to(calendarUrl(HOTEL_ID), "GET").at(-1)?.url.searchParams;
    expect([last?.get("from"), last?.get("to")]).toEqual(["2026-03-30", "2026-04-26"]);
    await user.click(main.getByRole("button", { name: "Earlier" }));
    await waitFor(() =>
      expect(within(grid).getAllByRole("columnheader")[1]?.textContent).toBe("MonMar 2"),
    );
  });

  it("edits one night from its cell", async () => {
    const world = roomsWorld({
      roomTypes: [king],
      cells: [
        buildCell({ roomTypeId: king.id, night: "2026-03-04", roomsToSell: 8, rate: 229, held: 3 }),
      ],
    });
    server.use(
      http.put(calendarUrl(HOTEL_ID), async ({ request }) => {
        const fill = await dataOf<{ roomsToSell: number; rate: number }>(request);
        world.cells = [
          buildCell({
            roomTypeId: king.id,
            night: "2026-03-04",
            roomsToSell: fill.roomsToSell,
            rate: fill.rate,
            held: 3,
          }),
        ];
        return dataReply(ZCalendar, calendarOf(world, HOTEL_ID, "2026-03-04", "2026-03-04"));
      }),
    );
    const { main, user } = await openRooms(world);
    await user.click(
      await main.findByRole(
        "button",
        { name: "King Suite, Wed, Mar 4: 8 rooms to sell at $229, 3 held, 0 booked. Edit" },
        LAZY,
      ),
    );
    const dialog = within(await screen.findByRole("dialog", { name: "King Suite, Wed, Mar 4" }));
    expect(dialog.getByText("At least 3 (held and booked).")).toBeTruthy();
    const rooms = dialog.getByRole("spinbutton", { name: "Rooms to sell" });
    await user.clear(rooms);
    await user.type(rooms, "12");
    const rate = dialog.getByRole("spinbutton", { name: "Rate ($ a night)" });
    await user.clear(rate);
    await user.type(rate, "199");
    await user.click(dialog.getByRole("button", { name: "Save night" }));

    await waitFor(() => expect(sent.bodies(calendarUrl(HOTEL_ID), "PUT")).toHaveLength(1));
    expect(sent.bodies(calendarUrl(HOTEL_ID), "PUT")[0]).toEqual({
      data: {
        roomTypeIds: [king.id],
        from: "2026-03-04",
        to: "2026-03-04",
        roomsToSell: 12,
        rate: 199,
      },
    });
    expect(
      await main.findByRole("button", {
        name: "King Suite, Wed, Mar 4: 12 rooms to sell at $199, 3 held, 0 booked. Edit",
      }),
    ).toBeTruthy();
  });

  it("bulk fills chosen room types and weekdays, and shows why the server refused", async () => {
    const world = roomsWorld({ roomTypes: [king, queens] });
    server.use(
      http.put(calendarUrl(HOTEL_ID), () =>
        errorReply(
          409,
          "INVENTORY_BELOW_COMMITTED",
          "Rooms to sell would drop below the rooms held and booked on 2 nights.",
          { nights: ["2026-03-06", "2026-03-07"] },
        ),
      ),
    );
    const { main, user } = await openRooms(world);
    await main.findByRole("table", { name: "Rate grid" }, LAZY);
    await user.click(main.getByRole("button", { name: "Fill nights" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Fill nights" }));

    await user.click(dialog.getByRole("checkbox", { name: "Double Queen" }));
    fireEvent.change(dialog.getByLabelText("First night"), { target: { value: "2026-03-05" } });
    fireEvent.change(dialog.getByLabelText("Last night"), { target: { value: "2026-03-31" } });
    for (const day of ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday"]) {
      await user.click(dialog.getByRole("button", { name: day }));
    }
    await user.type(dialog.getByRole("spinbutton", { name: "Rooms to sell" }), "4");
    await user.type(dialog.getByRole("spinbutton", { name: "Rate ($ a night)" }), "299");
    await user.click(dialog.getByRole("button", { name: "Fill nights" }));

    await waitFor(() => expect(sent.bodies(calendarUrl(HOTEL_ID), "PUT")).toHaveLength(1));
    expect(sent.bodies(calendarUrl(HOTEL_ID), "PUT")[0]).toEqual({
      data: {
        roomTypeIds: [king.id],
        from: "2026-03-05",
        to: "2026-03-31",
        roomsToSell: 4,
        rate: 299,
        weekdays: [5, 6],
      },
    });
    const alert = await dialog.findByRole("alert");
    expect(alert.textContent).toBe(
      "Rooms to sell would drop below the rooms held and booked on 2 nights. (Fri, Mar 6; Sat, Mar 7)",
    );
    // The form stays as typed, to correct and send again.
    expect(screen.getByRole("dialog", { name: "Fill nights" })).toBeTruthy();
  });

  it("asks for rooms or a rate before filling", async () => {
    const { main, user } = await openRooms(roomsWorld({ roomTypes: [king] }));
    await user.click(await main.findByRole("button", { name: "Fill nights" }, LAZY));
    const dialog = within(await screen.findByRole("dialog", { name: "Fill nights" }));
    await user.click(dialog.getByRole("button", { name: "Fill nights" }));
    expect(dialog.getByRole("alert").textContent).toBe("Give rooms to sell, a rate or both.");
    expect(sent.to(calendarUrl(HOTEL_ID), "PUT")).toHaveLength(0);
  });

  it("scrolls the grid sideways on a phone with the room types kept in view", async () => {
    const { main } = await openRooms(roomsWorld({ roomTypes: [king] }), 375);
    const grid = await main.findByRole("table", { name: "Rate grid" }, LAZY);
    expect(getComputedStyle(grid.parentElement!).overflowX).toBe("auto");
    expect(
      getComputedStyle(within(grid).getByRole("rowheader", { name: "King Suite" })).position,
    ).toBe("sticky");
  });

  it("tells someone who does not manage the hotel that only its managers can, and loads nothing", async () => {
    const world = roomsWorld({ roomTypes: [king] });
    world.abilities[HOTEL_ID] = VISITOR_ABILITIES;
    const { main } = await openRooms(world);
    expect(
      await main.findByText("Only the hotel's managers can manage its rooms and rates", {}, LAZY),
    ).toBeTruthy();
    expect(main.getByRole("link", { name: "Back to Harbor Inn" }).getAttribute("href")).toBe(
      `/hotels/${HOTEL_ID}`,
    );
    expect(sent.to(roomsUrl(HOTEL_ID))).toHaveLength(0);
    expect(sent.to(calendarUrl(HOTEL_ID))).toHaveLength(0);
  });

  it("asks a signed-out visitor to sign in, and loads nothing of the hotel's", async () => {
    serveBase(...roomsHandlers(roomsWorld({ roomTypes: [king] })));
    await renderApp({ path: `/hotels/${HOTEL_ID}/rooms`, auth: buildSignedOutAuth() });
    expect(
      await screen.findByText("Sign in to see the hotel's rooms and rates", {}, LAZY),
    ).toBeTruthy();
    expect(sent.all().filter((c) => c.path.startsWith("/hotel-mgmt/"))).toEqual([]);
  });

  it("offers Retry when the room types fail to load", async () => {
    const world = roomsWorld();
    server.use(
      http.get(roomsUrl(HOTEL_ID), () => errorReply(503, "SERVICE_UNAVAILABLE", "Try later.")),
    );
    const { main, user } = await openRooms(world);
    expect(await main.findByText("The room types did not load", {}, LAZY)).toBeTruthy();
    server.resetHandlers();
    world.roomTypes = [king];
    await user.click(main.getAllByRole("button", { name: "Retry" })[0]!);
    expect(await main.findByRole("listitem", { name: "King Suite" })).toBeTruthy();
  });
});
