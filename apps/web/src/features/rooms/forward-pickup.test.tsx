// The hotel's forward pickup on its blocks page (?view=forward): each open block's nights held
// against booked and to release, the days to its cut-off and the forecast in words; a proposal has
// no forecast; the tab switches the view and the address; empty, failed (with Retry) and phone.
import { screen, within } from "@testing-library/react";
import { http } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildSignedInAuth } from "../../test/factories";
import { errorReply, sent, serveBase, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import {
  buildForwardBlock,
  HOTEL_ID,
  NOW,
  roomsHandlers,
  roomsWorld,
  type TRoomsWorld,
} from "./testing";

const FORWARD = `/hotel-mgmt/api/hotels/${HOTEL_ID}/blocks/forward`;
const LAZY = { timeout: 10_000 };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(NOW));
});

afterEach(() => {
  vi.useRealTimers();
});

async function openForward(world: TRoomsWorld, options: { path?: string; width?: number } = {}) {
  serveBase(...roomsHandlers(world));
  const rendered = await renderApp({
    path: options.path ?? `/hotels/${HOTEL_ID}/blocks?view=forward`,
    auth: buildSignedInAuth(),
    width: options.width,
  });
  return { ...rendered, main: within(screen.getByRole("main")) };
}

/**
 * Accepted 14 days or more ago: 12 of 80 room nights booked, 21 of them in the last 14 days (1.5
 * a day); 18 days to the cut-off at 1.5 is 27: 12 + 27 = 39 booked, 41 back to the hotel.
 */
const selling = buildForwardBlock({
  nights: [
    { night: "2026-04-10", held: 40, booked: 7, toRelease: 33 },
    { night: "2026-04-11", held: 40, booked: 5, toRelease: 35 },
  ],
  booked: 12,
  toRelease: 68,
  pickupPercent: 15,
  pace: { fromDate: "2026-02-17", days: 14, roomNights: 21, perDay: 1.5 },
  forecast: 39,
  forecastRelease: 41,
});

describe("/hotels/:id/blocks?view=forward", () => {
  it("shows each night held against booked, what goes back at the cut-off and the forecast", async () => {
    const { main } = await openForward(roomsWorld({ forward: [selling] }));
    const card = within(await main.findByRole("article", { name: "Spring Hoops Classic" }, LAZY));
    expect(card.getByText("Accepted")).toBeTruthy();
    const figures = card
      .getAllByRole("term")
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(figures).toEqual([
      "Cut-off: Mar 20, 2026 (in 18 days)",
      "Booked: 12 of 80 room nights (15%)",
      "To release at the cut-off: 68 room nights",
      "Forecast at the cut-off: 39 booked, 41 released",
    ]);
    expect(
      card.getByText(
        "At the pace of the last 14 days (1.5 room nights a day), about 39 of 80 room nights will be booked by the cut-off and 41 room nights will go back to the hotel.",
      ),
    ).toBeTruthy();
    const nights = within(
      card.getByRole("table", { name: "Nights of the block for Spring Hoops Classic" }),
    );
    expect(nights.getAllByRole("row").map((r) => r.textContent)).toEqual([
      "NightHeldBookedTo releaseBooked of held",
      "Fri, Apr 1040733",
      "Sat, Apr 1140535",
    ]);
    expect(main.getByRole("tab", { name: "Forward pickup" }).getAttribute("aria-selected")).toBe(
      "true",
    );
  });

  it("gives a proposal no forecast, and says the cut-off is tomorrow the day before", async () => {
    const proposal = buildForwardBlock({
      status: "Proposed",
      daysToCutoff: 1,
      cutoffDate: "2026-03-03",
      pace: null,
      forecast: null,
      forecastRelease: null,
    });
    const { main } = await openForward(roomsWorld({ forward: [proposal] }));
    const card = within(await main.findByRole("article", { name: "Spring Hoops Classic" }, LAZY));
    expect(card.getByText("Proposed")).toBeTruthy();
    expect(card.getByText("(tomorrow)")).toBeTruthy();
    expect(card.getByText("—")).toBeTruthy();
    expect(card.getByText("Nothing can be booked until the block is accepted.")).toBeTruthy();
  });

  it("opens on the blocks, and the tab switches to the forward pickup and back", async () => {
    const { main, user, router } = await openForward(roomsWorld({ forward: [selling] }), {
      path: `/hotels/${HOTEL_ID}/blocks`,
    });
    expect(await main.findByRole("heading", { name: "Room blocks", level: 2 }, LAZY)).toBeTruthy();
    expect(sent.to(FORWARD)).toHaveLength(0);
    await user.click(main.getByRole("tab", { name: "Forward pickup" }));
    expect(await main.findByRole("article", { name: "Spring Hoops Classic" })).toBeTruthy();
    expect(router.state.location.search).toBe("?view=forward");
    expect(sent.to(FORWARD, "GET")).toHaveLength(1);
    await user.click(main.getByRole("tab", { name: "Blocks" }));
    expect(await main.findByRole("heading", { name: "Room blocks", level: 2 })).toBeTruthy();
    expect(router.state.location.search).toBe("");
  });

  it("says so when the hotel has no open blocks", async () => {
    const { main } = await openForward(roomsWorld());
    expect(await main.findByText("No open blocks", {}, LAZY)).toBeTruthy();
  });

  it("offers Retry when the forward pickup fails to load", async () => {
    const world = roomsWorld();
    server.use(http.get(FORWARD, () => errorReply(503, "SERVICE_UNAVAILABLE", "Try later.")));
    const { main, user } = await openForward(world);
    expect(await main.findByText("The forward pickup did not load", {}, LAZY)).toBeTruthy();
    server.resetHandlers();
    world.forward = [selling];
    await user.click(main.getByRole("button", { name: "Retry" }));
    expect(await main.findByRole("article", { name: "Spring Hoops Classic" })).toBeTruthy();
  });

  it("fits a phone: the nights' table scrolls sideways and keeps the figures, not the bars", async () => {
    const { main } = await openForward(roomsWorld({ forward: [selling] }), { width: 375 });
    const table = await main.findByRole(
      "table",
      { name: "Nights of the block for Spring Hoops Classic" },
      LAZY,
    );
    expect(getComputedStyle(table.parentElement!).overflowX).toBe("auto");
    expect(
      within(table)
        .getAllByRole("row")
        .map((r) => r.textContent),
    ).toEqual(["NightHeldBookedTo release", "Fri, Apr 1040733", "Sat, Apr 1140535"]);
  });
});
