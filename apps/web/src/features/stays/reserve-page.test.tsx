import type { TRoomOffer } from "@hostfield/domain/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildSignedInAuth, buildSignedOutAuth } from "../../test/factories";
import { errorReply, sent, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { addListing, buildListing, EVENT_ID, serveProfiles } from "../profiles/testing";
import {
  availabilityUrl,
  buildOffer,
  buildRoomType,
  buildStayInfo,
  buildVerification,
  INN_ID,
  RESERVATIONS_URL,
  SUITE_ID,
  serveStays,
  staysWorld,
  verifyUrl,
} from "./testing";

const NOW = "2025-03-12T15:00:00.000Z";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(NOW));
});

afterEach(() => {
  vi.useRealTimers();
});

const king = buildOffer({ quote: "quote-king-1" });
const suite = buildOffer({
  roomType: buildRoomType({
    id: SUITE_ID,
    name: "Family suite",
    beds: "2 queen beds",
    maxOccupancy: 4,
  }),
  nights: [
    { night: "2025-06-06", rate: 189, source: "live", roomsLeft: 2 },
    { night: "2025-06-07", rate: 199, source: "calendar", roomsLeft: 0 },
  ],
  available: false,
  reason: "Sold out on Jun 7",
  quote: null,
});

function hotelWithRooms(offers: TRoomOffer[] = [king, suite]) {
  const profiles = serveProfiles();
  addListing(profiles, buildListing("hotel", { id: INN_ID, name: "Riverside Inn" }));
  addListing(profiles, buildListing("event", { id: EVENT_ID, name: "Spring Hoops Classic" }));
  const world = staysWorld();
  world.events.set(
    EVENT_ID,
    buildStayInfo({ eventId: EVENT_ID, checkIn: "2025-06-06", checkOut: "2025-06-08" }),
  );
  world.roomTypes.set(INN_ID, [king.roomType, suite.roomType]);
  world.offers.set(INN_ID, offers);
  return serveStays(world);
}

const reserveUrl = (query: string) => `/hotels/${INN_ID}/reserve?${query}`;
const FROM_EVENT = `eventId=${EVENT_ID}&checkIn=2025-06-06&checkOut=2025-06-08&rooms=1&guests=2`;

const main = () => within(screen.getByRole("main"));

/** Pages load their own code and wait on calls in turn: more than a second on a busy machine. */
const LAZY = { timeout: 10_000 };

/** From the offers to the review: choose the king room, give a phone number, review. */
async function chooseKingAndReview(user: Awaited<ReturnType<typeof renderApp>>["user"]) {
  await user.click(await main().findByRole("button", { name: "Choose the King room" }, LAZY));
  const form = within(await main().findByRole("form", { name: "Guest details" }));
  await user.type(form.getByRole("textbox", { name: "Phone" }), "+1 317 555 0100");
  await user.type(form.getByRole("textbox", { name: "Team (optional)" }), "Indy Flyers 14U");
  await user.click(form.getByRole("button", { name: "Review" }));
}

describe("/hotels/:hotelId/reserve", () => {
  it("books a room: offers for the event's dates, guest details, a price check, the confirmation", async () => {
    const world = hotelWithRooms();
    const { user, router } = await renderApp({
      path: reserveUrl(FROM_EVENT),
      auth: buildSignedInAuth(),
    });
    expect(await screen.findByRole("link", { name: "Spring Hoops Classic" })).toBeTruthy();
    const offers = within(await main().findByRole("list", { name: "Room offers" }, LAZY));
    const kingCard = within(offers.getByRole("listitem", { name: "King room" }));
    expect(kingCard.getByText("$238")).toBeTruthy();
    expect(kingCard.getByText("1 king bed · Sleeps 2")).toBeTruthy();
    expect(kingCard.getAllByText("Group rate").length).toBeGreaterThan(0);
    expect(kingCard.getByText("3 rooms left")).toBeTruthy();
    const suiteCard = within(offers.getByRole("listitem", { name: "Family suite" }));
    expect(suiteCard.getByText("Sold out on Jun 7")).toBeTruthy();
    expect(suiteCard.getAllByText("Live rate").length).toBeGreaterThan(0);
    expect(suiteCard.getAllByText("Hotel rate").length).toBeGreaterThan(0);
    expect(
      (suiteCard.getByRole("button", { name: "Choose the Family suite" }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    expect(sent.bodies(availabilityUrl(INN_ID), "POST")).toEqual([
      {
        data: {
          checkIn: "2025-06-06",
          checkOut: "2025-06-08",
          rooms: 1,
          guests: 2,
          eventId: EVENT_ID,
        },
      },
    ]);

    await user.click(kingCard.getByRole("button", { name: "Choose the King room" }));
    const form = within(await main().findByRole("form", { name: "Guest details" }));
    // Prefilled from the signed-in member.
    expect(form.getByRole<HTMLInputElement>("textbox", { name: "Guest name" }).value).toBe(
      "Jordan Lee",
    );
    expect(form.getByRole<HTMLInputElement>("textbox", { name: "E-mail" }).value).toBe(
      "jordan.lee@riverside-sports.example",
    );
    await user.click(form.getByRole("button", { name: "Review" }));
    expect(form.getByText("Enter a phone number (at least 3 characters).")).toBeTruthy();
    await user.type(form.getByRole("textbox", { name: "Phone" }), "+1 317 555 0100");
    await user.click(form.getByRole("button", { name: "Review" }));

    const book = await main().findByRole("button", { name: "Book for $238" });
    await waitFor(() => expect((book as HTMLButtonElement).disabled).toBe(false));
    expect(sent.bodies(verifyUrl(INN_ID), "POST")).toEqual([{ data: { quote: "quote-king-1" } }]);
    await user.click(book);

    await waitFor(
      () =>
        expect(router.state.location.pathname).toBe(`/reservations/${world.nextReservation.id}`),
      LAZY,
    );
    expect(await screen.findByText("HF-NEW01", {}, LAZY)).toBeTruthy();
    expect(sent.bodies(RESERVATIONS_URL, "POST")).toEqual([
      {
        data: {
          quote: "quote-king-1",
          guestName: "Jordan Lee",
          email: "jordan.lee@riverside-sports.example",
          phone: "+1 317 555 0100",
          team: null,
        },
      },
    ]);
  });

  it("asks to accept a changed price before booking, and books the new quote", async () => {
    const world = hotelWithRooms();
    const dearer = buildOffer({
      quote: "quote-king-2",
      nights: [
        { night: "2025-06-06", rate: 129, source: "block", roomsLeft: 5 },
        { night: "2025-06-07", rate: 129, source: "block", roomsLeft: 3 },
      ],
    });
    world.verifications.set(
      "quote-king-1",
      buildVerification(dearer, { status: "changed", previousTotal: 238 }),
    );
    const { user } = await renderApp({ path: reserveUrl(FROM_EVENT), auth: buildSignedInAuth() });
    await chooseKingAndReview(user);

    const warning = within(await main().findByRole("alert"));
    expect(warning.getByText("The price changed")).toBeTruthy();
    expect(warning.getByText(/Was \$238, now \$258/)).toBeTruthy();
    const book = main().getByRole<HTMLButtonElement>("button", { name: "Book for $258" });
    expect(book.disabled).toBe(true);

    await user.click(warning.getByRole("button", { name: "Accept $258" }));
    expect(main().queryByText("The price changed")).toBeNull();
    expect(book.disabled).toBe(false);
    await user.click(book);
    expect(await screen.findByText("HF-NEW01", {}, LAZY)).toBeTruthy();
    expect(sent.bodies(RESERVATIONS_URL, "POST")).toEqual([
      {
        data: {
          quote: "quote-king-2",
          guestName: "Jordan Lee",
          email: "jordan.lee@riverside-sports.example",
          phone: "+1 317 555 0100",
          team: "Indy Flyers 14U",
        },
      },
    ]);
  });

  it("treats a 409 QUOTE_CHANGED at booking like a changed price", async () => {
    const world = hotelWithRooms();
    const dearer = buildOffer({
      quote: "quote-king-3",
      nights: [
        { night: "2025-06-06", rate: 139, source: "live", roomsLeft: 5 },
        { night: "2025-06-07", rate: 119, source: "block", roomsLeft: 3 },
      ],
    });
    // The server knows the new quote: booking it goes through.
    world.verifications.set("quote-king-3", buildVerification(dearer));
    server.use(
      http.post(
        RESERVATIONS_URL,
        () => errorReply(409, "QUOTE_CHANGED", "The price changed.", dearer),
        { once: true },
      ),
    );
    const { user } = await renderApp({ path: reserveUrl(FROM_EVENT), auth: buildSignedInAuth() });
    await chooseKingAndReview(user);
    const book = await main().findByRole<HTMLButtonElement>("button", { name: "Book for $238" });
    await waitFor(() => expect(book.disabled).toBe(false));
    await user.click(book);

    const warning = within(await main().findByRole("alert"));
    expect(warning.getByText(/Was \$238, now \$258/)).toBeTruthy();
    await user.click(warning.getByRole("button", { name: "Accept $258" }));
    await user.click(main().getByRole("button", { name: "Book for $258" }));
    expect(await screen.findByText("HF-NEW01", {}, LAZY)).toBeTruthy();
    expect(
      sent
        .bodies(RESERVATIONS_URL, "POST")
        .map((body) => (body as { data: { quote: string } }).data.quote),
    ).toEqual(["quote-king-1", "quote-king-3"]);
  });

  it("re-checks an expired quote and shows the figures it gets back", async () => {
    const world = hotelWithRooms();
    const fresh = buildOffer({ quote: "quote-king-fresh" });
    world.verifications.set("quote-king-1", buildVerification(fresh, { status: "expired" }));
    world.verifications.set("quote-king-fresh", buildVerification(fresh));
    const { user } = await renderApp({ path: reserveUrl(FROM_EVENT), auth: buildSignedInAuth() });
    await chooseKingAndReview(user);
    const book = await main().findByRole<HTMLButtonElement>("button", { name: "Book for $238" });
    await waitFor(() => expect(book.disabled).toBe(false));
    expect(main().getByText(/The price you chose had expired/)).toBeTruthy();
    expect(sent.bodies(verifyUrl(INN_ID), "POST")).toEqual([
      { data: { quote: "quote-king-1" } },
      { data: { quote: "quote-king-fresh" } },
    ]);
  });

  it("goes back to the dates with the reason when the rooms are gone at the price check", async () => {
    const world = hotelWithRooms();
    world.verifications.set(
      "quote-king-1",
      buildVerification(
        buildOffer({ available: false, reason: "Sold out on Jun 6", quote: null }),
        { status: "unavailable" },
      ),
    );
    const { user } = await renderApp({ path: reserveUrl(FROM_EVENT), auth: buildSignedInAuth() });
    await chooseKingAndReview(user);
    expect((await main().findByRole("alert")).textContent).toContain("Sold out on Jun 6");
    expect(main().getByRole("heading", { name: "Dates and rooms" })).toBeTruthy();
    expect(sent.to(RESERVATIONS_URL, "POST")).toEqual([]);
  });

  it("keeps the nights inside the event's stay window", async () => {
    hotelWithRooms();
    const { user } = await renderApp({
      path: reserveUrl(`eventId=${EVENT_ID}`),
      auth: buildSignedInAuth(),
    });
    const form = within(await main().findByRole("form", { name: "Dates and rooms" }, LAZY));
    // Prefilled with the event's window, and searched only when asked.
    const checkOut = form.getByLabelText<HTMLInputElement>("Check-out");
    expect(form.getByLabelText<HTMLInputElement>("Check-in").value).toBe("2025-06-06");
    expect(checkOut.value).toBe("2025-06-08");
    await user.clear(checkOut);
    await user.type(checkOut, "2025-06-10");
    await user.click(form.getByRole("button", { name: "See rooms" }));
    expect(form.getByText("Check out on Jun 8, 2025 or earlier: the event's stay.")).toBeTruthy();
    expect(sent.to(availabilityUrl(INN_ID), "POST")).toEqual([]);

    await user.clear(checkOut);
    await user.type(checkOut, "2025-06-07");
    await user.click(form.getByRole("button", { name: "See rooms" }));
    await main().findByRole("list", { name: "Room offers" }, LAZY);
    expect(sent.bodies(availabilityUrl(INN_ID), "POST")).toEqual([
      {
        data: {
          checkIn: "2025-06-06",
          checkOut: "2025-06-07",
          rooms: 1,
          guests: 1,
          eventId: EVENT_ID,
        },
      },
    ]);
  });

  it("judges dates from a link at once, and searches nothing outside the event's window", async () => {
    hotelWithRooms();
    await renderApp({
      path: reserveUrl(`eventId=${EVENT_ID}&checkIn=2025-06-05&checkOut=2025-06-08`),
      auth: buildSignedInAuth(),
    });
    const form = within(await main().findByRole("form", { name: "Dates and rooms" }, LAZY));
    expect(form.getByText("Check in on Jun 6, 2025 or later: the event's stay.")).toBeTruthy();
    expect(main().queryByRole("list", { name: "Room offers" })).toBeNull();
    expect(sent.to(availabilityUrl(INN_ID), "POST")).toEqual([]);
  });

  it("asks a visitor to sign in before the guest details", async () => {
    hotelWithRooms();
    const { user } = await renderApp({
      path: reserveUrl(FROM_EVENT),
      auth: buildSignedOutAuth(),
      width: 375,
    });
    await user.click(await main().findByRole("button", { name: "Choose the King room" }, LAZY));
    expect(await main().findByText("Sign in to book")).toBeTruthy();
    expect(main().queryByRole("form", { name: "Guest details" })).toBeNull();
    expect(main().getByRole("button", { name: "Log in" })).toBeTruthy();
  });
});
