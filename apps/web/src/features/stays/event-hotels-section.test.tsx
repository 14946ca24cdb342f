import { screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { describe, expect, it } from "vitest";
import { buildSignedOutAuth } from "../../test/factories";
import { errorReply, sent, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { addListing, buildListing, EVENT_ID, serveProfiles } from "../profiles/testing";
import {
  BLOCK_ID,
  buildMatch,
  buildStayInfo,
  INN_ID,
  LODGE_ID,
  MATCHES_URL,
  serveStays,
  staysWorld,
  type TStaysWorld,
} from "./testing";

function eventWithStays(fill: (world: TStaysWorld) => void) {
  const profiles = serveProfiles();
  addListing(
    profiles,
    buildListing("event", {
      id: EVENT_ID,
      name: "Spring Hoops Classic",
      startDate: "2025-06-06",
      endDate: "2025-06-08",
    }),
  );
  const world = staysWorld();
  world.events.set(
    EVENT_ID,
    buildStayInfo({
      eventId: EVENT_ID,
      banner: "Last-Minute Hotel Deals!",
      checkIn: "2025-06-06",
      checkOut: "2025-06-08",
      specials: true,
      specialsCount: 3,
      blocks: [{ id: BLOCK_ID, hotelId: INN_ID, cutoffDate: "2025-05-20", roomsLeft: 8 }],
      venue: { name: "Riverside Fieldhouse", lat: 39.77, lng: -86.16 },
    }),
  );
  fill(world);
  return serveStays(world);
}

const hotelsSection = () => within(screen.getByRole("region", { name: "Hotels for this event" }));

/** The section loads with its own code, only on event pages: more than a second on a busy machine. */
const LAZY = { timeout: 10_000 };

/** Waits for the section's code to load, and hands back the section. */
async function findSection() {
  await screen.findByRole("region", { name: "Hotels for this event" }, LAZY);
  return hotelsSection();
}

describe("the event page's hotels", () => {
  it("shows the banner, specials, stay window and the matching hotels with a Reserve link", async () => {
    eventWithStays((world) => {
      world.matches.set(EVENT_ID, [
        buildMatch({
          hotel: { id: INN_ID, name: "Riverside Inn" },
          distanceMiles: 0.9,
          lowestRate: 119,
          blockId: BLOCK_ID,
          score: 92,
          reasons: ["0.9 mi from the venue", "Group rate negotiated for the event"],
          nights: [
            { night: "2025-06-06", roomsLeft: 5, rate: 119 },
            { night: "2025-06-07", roomsLeft: 0, rate: 119 },
          ],
        }),
        buildMatch({
          hotel: { id: LODGE_ID, name: "Canal Lodge", lat: 39.8, lng: -86.2 },
          // A night the hotel has put no rate on is not sold out: nothing is on sale yet.
          nights: [
            { night: "2025-06-06", roomsLeft: 3, rate: 99.5 },
            // Rooms counted but no rate: still nothing on sale.
            { night: "2025-06-07", roomsLeft: 4, rate: null },
          ],
          distanceMiles: 3.4,
          lowestRate: 99.5,
          blockId: null,
          score: 61,
          reasons: ["3.4 mi from the venue"],
        }),
      ]);
    });
    await renderApp({ path: `/events/${EVENT_ID}#hotels`, auth: buildSignedOutAuth() });
    const section = await findSection();
    expect(screen.getByRole("region", { name: "Hotels for this event" }).id).toBe("hotels");
    expect(await section.findByText("Last-Minute Hotel Deals!")).toBeTruthy();
    expect(section.getByText("3 hotel specials")).toBeTruthy();
    expect(section.getByText("Stay: Jun 6, 2025 – Jun 8, 2025 (2 nights)")).toBeTruthy();
    expect(section.getByText("Venue: Riverside Fieldhouse")).toBeTruthy();

    const inn = await section.findByRole("link", { name: "Riverside Inn" });
    expect(inn.getAttribute("href")).toBe(`/hotels/${INN_ID}`);
    const innRow = within(inn.closest("li") as HTMLElement);
    expect(innRow.getByText("Group rate")).toBeTruthy();
    expect(
      innRow.getByText("Group rate when booked by May 20, 2025 (8 rooms left in the block)"),
    ).toBeTruthy();
    expect(innRow.getByText("0.9 mi from the venue · From $119 a night")).toBeTruthy();
    expect(innRow.getByText("Fri, Jun 6: 5 left")).toBeTruthy();
    expect(innRow.getByText("Sat, Jun 7: sold out")).toBeTruthy();
    // The distance and the rate are written once, on the facts line; the other reasons follow.
    expect(innRow.getByText("Group rate negotiated for the event")).toBeTruthy();
    expect(innRow.getAllByText(/0\.9 mi from the venue/)).toHaveLength(1);
    expect(innRow.getByRole("button", { name: "Match 92/100" })).toBeTruthy();
    const reserve = new URL(
      innRow.getByRole("link", { name: "Reserve at Riverside Inn" }).getAttribute("href") ?? "",
      "http://localhost",
    );
    expect(reserve.pathname).toBe(`/hotels/${INN_ID}/reserve`);
    expect(Object.fromEntries(reserve.searchParams)).toEqual({
      eventId: EVENT_ID,
      checkIn: "2025-06-06",
      checkOut: "2025-06-08",
      rooms: "1",
      guests: "1",
    });

    const lodgeRow = within(
      section.getByRole("link", { name: "Canal Lodge" }).closest("li") as HTMLElement,
    );
    expect(lodgeRow.queryByText("Group rate")).toBeNull();
    expect(lodgeRow.getByText("Sat, Jun 7: no rates yet")).toBeTruthy();
    expect(lodgeRow.getByText("3.4 mi from the venue · From $99.50 a night")).toBeTruthy();
    expect(lodgeRow.getAllByText(/3\.4 mi from the venue/)).toHaveLength(1);
    expect(section.getByText("2 hotels suit this stay.")).toBeTruthy();
    expect(sent.bodies(MATCHES_URL, "POST")).toEqual([
      { data: { eventId: EVENT_ID, offset: 0, take: 20 } },
    ]);
  });

  it("lists the hotels nearest the venue first, and a far one as far from the venue, not a match", async () => {
    const FAR_ID = "00000000-0000-4000-9000-000000000013";
    eventWithStays((world) => {
      world.matches.set(EVENT_ID, [
        buildMatch({ hotel: { id: INN_ID, name: "Riverside Inn" }, distanceMiles: 0.6, score: 74 }),
        buildMatch({
          hotel: { id: LODGE_ID, name: "Canal Lodge" },
          distanceMiles: 14.2,
          score: 41,
        }),
        buildMatch({
          hotel: { id: FAR_ID, name: "Trinity River Lodge", lat: 32.78, lng: -96.8 },
          distanceMiles: 763.4,
          blockId: BLOCK_ID,
          score: null,
          reasons: ["Far from the venue, 763 mi"],
        }),
      ]);
    });
    await renderApp({ path: `/events/${EVENT_ID}`, auth: buildSignedOutAuth() });
    const section = await findSection();
    await section.findByRole("link", { name: "Trinity River Lodge" });
    const hotelLinks = section
      .getAllByRole("link")
      .filter((link) => /^\/hotels\/[^/]+$/.test(link.getAttribute("href") ?? ""));
    expect(hotelLinks.map((link) => link.textContent)).toEqual([
      "Riverside Inn",
      "Canal Lodge",
      "Trinity River Lodge",
    ]);
    const row = (name: string) =>
      within(section.getByRole("link", { name }).closest("li") as HTMLElement);
    expect(row("Riverside Inn").getByText(/^0\.6 mi from the venue/)).toBeTruthy();
    expect(row("Canal Lodge").getByText(/^14 mi from the venue/)).toBeTruthy();
    expect(row("Canal Lodge").getByRole("button", { name: "Match 41/100" })).toBeTruthy();
    const far = row("Trinity River Lodge");
    expect(far.getAllByText("Far from the venue, 763 mi").length).toBeGreaterThan(0);
    expect(far.getByText(/^763 mi from the venue/)).toBeTruthy();
    expect(far.queryByRole("button", { name: /^Match / })).toBeNull();
    expect(far.queryByText(/^Match /)).toBeNull();
  });

  it("explains a match score on hover, on keyboard focus and on tap: what makes it, and this hotel's reasons", async () => {
    eventWithStays((world) => {
      world.matches.set(EVENT_ID, [
        buildMatch({
          hotel: { id: INN_ID, name: "Riverside Inn" },
          distanceMiles: 0.9,
          score: 92,
          reasons: ["0.9 mi from the venue", "Group rate negotiated for the event"],
        }),
      ]);
    });
    const { user } = await renderApp({
      path: `/events/${EVENT_ID}`,
      auth: buildSignedOutAuth(),
    });
    const section = await findSection();
    const chip = await section.findByRole("button", { name: "Match 92/100" });
    expect(chip.textContent).toBe("Match 92/100");
    expect(screen.queryByRole("tooltip")).toBeNull();

    // Hover: the parts of the score (distance 40, rooms 25, group rate 10, rate 15, amenities 10).
    await user.hover(chip);
    const tip = within(await screen.findByRole("tooltip"));
    const parts = tip.getAllByRole("listitem").map((li) => li.textContent);
    expect(parts.slice(0, 5).map((p) => p?.match(/^Up to (\d+)/)?.[1])).toEqual([
      "40",
      "25",
      "10",
      "15",
      "10",
    ]);
    expect(parts[0]).toMatch(/distance to the venue/);
    expect(parts.slice(5)).toEqual([
      "0.9 mi from the venue",
      "Group rate negotiated for the event",
    ]);
    expect(chip.getAttribute("aria-describedby")).toBe(screen.getByRole("tooltip").id);
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("tooltip")).toBeNull());
    await user.unhover(chip);

    // A tap (a click) opens it too, and a tap elsewhere closes it.
    await user.click(chip);
    expect(await screen.findByRole("tooltip")).toBeTruthy();
    await user.click(section.getByText("Venue: Riverside Fieldhouse"));
    await waitFor(() => expect(screen.queryByRole("tooltip")).toBeNull());

    // From the keyboard: tabbing onto it from the hotel's link.
    section.getByRole("link", { name: "Riverside Inn" }).focus();
    await user.tab();
    expect(document.activeElement).toBe(chip);
    expect(await screen.findByRole("tooltip")).toBeTruthy();
  });

  it("shows the hotels and the venue on a map, each hotel a numbered link", async () => {
    eventWithStays((world) => {
      world.matches.set(EVENT_ID, [
        buildMatch({ hotel: { id: INN_ID, name: "Riverside Inn" }, distanceMiles: 0.9 }),
        buildMatch({
          hotel: { id: LODGE_ID, name: "Canal Lodge", lat: null, lng: null },
          distanceMiles: null,
        }),
      ]);
    });
    const { user } = await renderApp({ path: `/events/${EVENT_ID}`, auth: buildSignedOutAuth() });
    await (await findSection()).findByRole("link", { name: "Riverside Inn" });
    await user.click(hotelsSection().getByRole("button", { name: "Map" }));
    const map = within(screen.getByRole("region", { name: "Map of the hotels and the venue" }));
    expect(
      map
        .getByRole("link", { name: "1. Riverside Inn, 0.9 mi from the venue" })
        .getAttribute("href"),
    ).toBe(`/hotels/${INN_ID}`);
    expect(map.getByRole("img", { name: "Venue: Riverside Fieldhouse" })).toBeTruthy();
    // The lodge has no coordinates: it is counted out, not drawn.
    expect(map.queryByRole("link", { name: /Canal Lodge/ })).toBeNull();
    expect(hotelsSection().getByText("1 hotel has no location and is not drawn.")).toBeTruthy();
    await user.click(hotelsSection().getByRole("button", { name: "List" }));
    expect(hotelsSection().getByRole("link", { name: "Canal Lodge" })).toBeTruthy();
  });

  it("names the venue only when the event has one: its place alone is no venue", async () => {
    eventWithStays((world) => {
      world.events.set(
        EVENT_ID,
        buildStayInfo({
          eventId: EVENT_ID,
          venue: { name: null, lat: 39.77, lng: -86.16 },
          destination: { id: LODGE_ID, name: "Visit Indy" },
        }),
      );
    });
    await renderApp({ path: `/events/${EVENT_ID}`, auth: buildSignedOutAuth() });
    const section = await findSection();
    expect(await section.findByText("Destination: Visit Indy")).toBeTruthy();
    expect(section.queryByText(/Venue:/)).toBeNull();
  });

  it("says so when no hotel suits the stay", async () => {
    eventWithStays(() => {});
    await renderApp({ path: `/events/${EVENT_ID}`, auth: buildSignedOutAuth() });
    expect(await (await findSection()).findByText("No hotels for this event yet")).toBeTruthy();
    expect(hotelsSection().getByText("Last-Minute Hotel Deals!")).toBeTruthy();
    expect(hotelsSection().queryByRole("link", { name: /Reserve/ })).toBeNull();
  });

  it("offers Retry when the hotels fail to load, and shows them once they do", async () => {
    eventWithStays((w) => {
      w.matches.set(EVENT_ID, [buildMatch({ hotel: { id: INN_ID, name: "Riverside Inn" } })]);
    });
    // Not a 503: an outage's answer is asked again by itself once the server answers
    // (lib/connection), which races the Retry this test presses.
    server.use(
      http.post(MATCHES_URL, () => errorReply(500, "INTERNAL_ERROR", "Hotels are resting."), {
        once: true,
      }),
    );
    const { user } = await renderApp({ path: `/events/${EVENT_ID}`, auth: buildSignedOutAuth() });
    const alert = await (await findSection()).findByRole("alert");
    expect(alert.textContent).toContain("Hotels are resting.");
    await user.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await hotelsSection().findByRole("link", { name: "Riverside Inn" })).toBeTruthy();
    await waitFor(() => expect(sent.to(MATCHES_URL, "POST")).toHaveLength(2));
  });
});
