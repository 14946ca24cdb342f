// A team's booking link, signed out: /team-booking/{token} shows the event, the team and the
// event's open blocks, each Book button opening the reserve flow for the block's nights with the
// link; a replaced link and an unknown one say so; no blocks yet says so. Then the reserve flow
// through the link: it names the team, asks no team, sends the link with the booking, and says
// clearly when the server refuses a night outside the blocks.
import type { TRoomOffer } from "@hostfield/domain/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildSignedInAuth, buildSignedOutAuth } from "../../test/factories";
import { errorReply, sent, serveBase, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { addListing, buildListing, EVENT_ID, serveProfiles } from "../profiles/testing";
import { HOTEL_ID, NOW, EVENT_ID as ROOMS_EVENT_ID } from "../rooms/testing/data";
import {
  buildOffer,
  buildStayInfo,
  INN_ID,
  RESERVATIONS_URL,
  serveStays,
  staysWorld,
} from "../stays/testing";
import { buildTeamBooking, teamLinkUrl, teamsHandlers, teamsWorld } from "./testing";

const LAZY = { timeout: 10_000 };
const main = () => within(screen.getByRole("main"));

afterEach(() => {
  vi.useRealTimers();
});

describe("/team-booking/:token", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(NOW));
  });

  const open = async (links: ReturnType<typeof teamsWorld>["links"], token = "lakeside-token") => {
    serveBase(...teamsHandlers(teamsWorld({ links })));
    return renderApp({ path: `/team-booking/${token}`, auth: buildSignedOutAuth() });
  };

  it("shows the team and the event's blocks to a visitor, each Book carrying the link", async () => {
    await open(new Map([["lakeside-token", buildTeamBooking()]]));
    expect(await main().findByRole("heading", { name: "Lakeside 14U" }, LAZY)).toBeTruthy();
    expect(main().getByText(/Spring Hoops Classic/)).toBeTruthy();
    expect(main().getByText("Your team needs 8 rooms; 0 booked so far.")).toBeTruthy();
    expect(main().getByRole("note").textContent).toMatch(/^Stay-to-play/);
    const block = within(main().getByRole("article", { name: "Harbor Inn" }));
    const nights = within(block.getByRole("table", { name: "Nights held at Harbor Inn" }));
    expect(nights.getAllByRole("row").map((row) => row.textContent)).toEqual([
      "NightRoom typeRateRooms left",
      "Fri, Apr 10King$13912",
      "Sat, Apr 11King$149Sold out",
    ]);
    const book = block.getByRole("link", { name: "Book at Harbor Inn" });
    expect(book.getAttribute("href")).toBe(
      `/hotels/${HOTEL_ID}/reserve?eventId=${ROOMS_EVENT_ID}&checkIn=2026-04-10&checkOut=2026-04-12&teamLink=lakeside-token`,
    );
    // Only this link's page was asked for: nothing of the organizers' teams.
    expect(sent.all().filter((call) => call.path.includes("/teams"))).toHaveLength(0);
    expect(sent.to(teamLinkUrl("lakeside-token"), "GET")).toHaveLength(1);
  });

  it("says when the organizer replaced the link", async () => {
    await open(new Map([["old-token", 410 as const]]), "old-token");
    expect(
      await main().findByText(
        "This booking link was replaced by the organizer: ask them for the new one",
        {},
        LAZY,
      ),
    ).toBeTruthy();
  });

  it("says when the link is not valid", async () => {
    await open(new Map(), "no-such-token");
    expect(await main().findByText("This booking link is not valid", {}, LAZY)).toBeTruthy();
  });

  it("says when no rooms are held for the event yet", async () => {
    await open(new Map([["lakeside-token", buildTeamBooking({ blocks: [] })]]));
    expect(await main().findByText("No rooms are held for this event yet", {}, LAZY)).toBeTruthy();
  });
});

describe("/hotels/:hotelId/reserve?teamLink=", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2025-03-12T15:00:00.000Z"));
  });

  const king: TRoomOffer = buildOffer({ quote: "quote-king-1" });
  const PATH = `/hotels/${INN_ID}/reserve?eventId=${EVENT_ID}&checkIn=2025-06-06&checkOut=2025-06-08&rooms=1&guests=2&teamLink=lakeside-token`;

  function hotelWithRooms() {
    const profiles = serveProfiles();
    addListing(profiles, buildListing("hotel", { id: INN_ID, name: "Riverside Inn" }));
    addListing(profiles, buildListing("event", { id: EVENT_ID, name: "Spring Hoops Classic" }));
    const world = staysWorld();
    world.events.set(
      EVENT_ID,
      buildStayInfo({ eventId: EVENT_ID, checkIn: "2025-06-06", checkOut: "2025-06-08" }),
    );
    world.roomTypes.set(INN_ID, [king.roomType]);
    world.offers.set(INN_ID, [king]);
    serveStays(world);
    // Ahead of the profiles' and stays' handlers, which take /hotels/team-links/… for a listing.
    server.use(
      ...teamsHandlers(teamsWorld({ links: new Map([["lakeside-token", buildTeamBooking()]]) })),
    );
    return world;
  }

  async function bookKing(user: Awaited<ReturnType<typeof renderApp>>["user"]) {
    await user.click(await main().findByRole("button", { name: "Choose the King room" }, LAZY));
    const form = within(await main().findByRole("form", { name: "Guest details" }));
    expect(form.queryByRole("textbox", { name: "Team (optional)" })).toBeNull();
    await user.type(form.getByRole("textbox", { name: "Phone" }), "+1 317 555 0100");
    await user.click(form.getByRole("button", { name: "Review" }));
    const book = await main().findByRole("button", { name: /^Book for/ });
    await waitFor(() => expect((book as HTMLButtonElement).disabled).toBe(false));
    await user.click(book);
  }

  it("books for the team of the link, sending the link with the booking", async () => {
    const world = hotelWithRooms();
    const { user, router } = await renderApp({ path: PATH, auth: buildSignedInAuth() });
    expect(await main().findByText("Booking for team Lakeside 14U", {}, LAZY)).toBeTruthy();
    await bookKing(user);
    await waitFor(
      () =>
        expect(router.state.location.pathname).toBe(`/reservations/${world.nextReservation.id}`),
      LAZY,
    );
    expect(sent.bodies(RESERVATIONS_URL, "POST")).toEqual([
      {
        data: {
          quote: "quote-king-1",
          guestName: "Jordan Lee",
          email: "jordan.lee@riverside-sports.example",
          phone: "+1 317 555 0100",
          team: null,
          teamLink: "lakeside-token",
        },
      },
    ]);
  });

  it("says clearly when a night is not from the event's blocks", async () => {
    hotelWithRooms();
    server.use(
      http.post(RESERVATIONS_URL, () =>
        errorReply(409, "TEAM_LINK_BLOCK_ONLY", "Sat, Jun 7 is not from the event's blocks."),
      ),
    );
    const { user } = await renderApp({ path: PATH, auth: buildSignedInAuth() });
    await bookKing(user);
    expect(
      (
        await main().findByText(
          /Your team's link books only rooms held in the event's hotel blocks/,
        )
      ).textContent,
    ).toMatch(/Choose the block's nights/);
  });

  it("lets a visitor see the rooms, and asks to sign in to book", async () => {
    hotelWithRooms();
    const { user } = await renderApp({ path: PATH, auth: buildSignedOutAuth() });
    expect(await main().findByText("Booking for team Lakeside 14U", {}, LAZY)).toBeTruthy();
    await user.click(await main().findByRole("button", { name: "Choose the King room" }, LAZY));
    expect(await main().findByText("Sign in to book")).toBeTruthy();
  });
});
