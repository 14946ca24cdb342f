import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { buildSignedInAuth } from "../../test/factories";
import { renderApp } from "../../test/render-app";
import {
  addListing,
  buildListing,
  EVENT_ID,
  HOTEL_ID,
  OWNER_ABILITIES,
  serveProfiles,
  VISITOR_ABILITIES,
} from "./testing";

// The manage menu loads on demand for editors; its first import can outlast findBy's second.
const LAZY = { timeout: 10_000 };

function hotelWorld(abilities: string[]) {
  const world = serveProfiles();
  addListing(
    world,
    buildListing("hotel", { id: HOTEL_ID, name: "Harbor Inn", slug: "harbor-inn" }),
    abilities,
  );
  return world;
}

async function openMenu(path: string) {
  const rendered = await renderApp({ path, auth: buildSignedInAuth() });
  await rendered.user.click(
    await screen.findByRole("button", { name: "More listing actions" }, LAZY),
  );
  return within(await screen.findByRole("menu"));
}

describe("the rooms pages in a listing's manage menu", () => {
  it("a hotel's manager finds its rooms and rates, reservations and blocks", async () => {
    hotelWorld(["profile.read", "profile.update"]);
    const menu = await openMenu(`/hotels/${HOTEL_ID}`);
    const links = menu
      .getAllByRole("menuitem")
      .map((item) => [item.textContent, item.getAttribute("href")]);
    expect(links).toEqual([
      ["Rooms and rates", `/hotels/${HOTEL_ID}/rooms`],
      ["Reservations", `/hotels/${HOTEL_ID}/reservations`],
      ["Room blocks", `/hotels/${HOTEL_ID}/blocks`],
      ["Reports", `/reports/hotel/${HOTEL_ID}`],
    ]);
  });

  it("an owner gets the same links above the listing's delete", async () => {
    hotelWorld(OWNER_ABILITIES);
    const menu = await openMenu(`/hotels/${HOTEL_ID}`);
    expect(menu.getAllByRole("menuitem").map((item) => item.textContent)).toEqual([
      "Rooms and rates",
      "Reservations",
      "Room blocks",
      "Reports",
      "Delete listing",
    ]);
  });

  it("an event's organizer finds its hotel room blocks", async () => {
    const world = serveProfiles();
    addListing(
      world,
      buildListing("event", { id: EVENT_ID, name: "Spring Classic", slug: "spring-classic" }),
      ["profile.read", "profile.update"],
    );
    const menu = await openMenu(`/events/${EVENT_ID}`);
    const item = menu.getByRole("menuitem", { name: "Hotel room blocks" });
    expect(item.getAttribute("href")).toBe(`/events/${EVENT_ID}/hotels`);
  });

  it("a visitor who does not manage the hotel sees no manage links", async () => {
    hotelWorld(VISITOR_ABILITIES);
    await renderApp({ path: `/hotels/${HOTEL_ID}`, auth: buildSignedInAuth() });
    expect(await screen.findByRole("button", { name: "Like" }, LAZY)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "More listing actions" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Rooms and rates" })).toBeNull();
    expect(screen.queryByRole("menuitem", { name: "Room blocks" })).toBeNull();
    expect(document.querySelector(`a[href^="/hotels/${HOTEL_ID}/"]`)).toBeNull();
  });
});
