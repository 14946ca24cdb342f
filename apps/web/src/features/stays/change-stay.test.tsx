import type { TReservation } from "@hostfield/domain/contracts";
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
  buildReservation,
  buildStayInfo,
  buildVerification,
  INN_ID,
  LODGE_ID,
  RESERVATIONS_URL,
  reservationUrl,
  serveStays,
  staysWorld,
  stayUuid,
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

const ID = stayUuid(501);

/** Three nights, Jun 5 to Jun 8, at $119: $357 for one room. */
const longer = buildOffer({
  quote: "quote-king-3n",
  nights: [
    { night: "2025-06-05", rate: 119, source: "block", roomsLeft: 4 },
    { night: "2025-06-06", rate: 119, source: "block", roomsLeft: 5 },
    { night: "2025-06-07", rate: 119, source: "block", roomsLeft: 3 },
  ],
});

/** The guest's booking (Jun 6 to Jun 8, $238, for the event) at a hotel with a longer offer. */
function bookedStay(overrides: Partial<TReservation> = {}) {
  const profiles = serveProfiles();
  addListing(profiles, buildListing("hotel", { id: INN_ID, name: "Riverside Inn" }));
  addListing(profiles, buildListing("event", { id: EVENT_ID, name: "Spring Hoops Classic" }));
  const world = staysWorld();
  world.events.set(
    EVENT_ID,
    buildStayInfo({ eventId: EVENT_ID, checkIn: "2025-06-05", checkOut: "2025-06-09" }),
  );
  world.roomTypes.set(INN_ID, [longer.roomType]);
  world.offers.set(INN_ID, [longer]);
  world.reservations = [
    buildReservation({
      id: ID,
      event: { id: EVENT_ID, name: "Spring Hoops Classic" },
      changeableUntil: "2025-05-20",
      ...overrides,
    }),
  ];
  return serveStays(world);
}

const CHANGE_URL = `/hotels/${INN_ID}/reserve?change=${ID}&eventId=${EVENT_ID}&checkIn=2025-06-06&checkOut=2025-06-08&rooms=1&guests=2`;

const main = () => within(screen.getByRole("main"));

/** Pages load their own code and wait on calls in turn: more than a second on a busy machine. */
const LAZY = { timeout: 10_000 };

type TUser = Awaited<ReturnType<typeof renderApp>>["user"];

/** Step 1 in change mode: move check-in a night earlier, search, and choose the king room. */
async function chooseLongerStay(user: TUser) {
  const form = within(await main().findByRole("form", { name: "Dates and rooms" }, LAZY));
  const checkIn = form.getByLabelText<HTMLInputElement>("Check-in");
  await user.clear(checkIn);
  await user.type(checkIn, "2025-06-05");
  await user.click(form.getByRole("button", { name: "See rooms" }));
  await waitFor(() =>
    expect(sent.bodies(availabilityUrl(INN_ID), "POST")).toContainEqual({
      data: {
        checkIn: "2025-06-05",
        checkOut: "2025-06-08",
        rooms: 1,
        guests: 2,
        eventId: EVENT_ID,
      },
    }),
  );
  await user.click(await main().findByRole("button", { name: "Choose the King room" }, LAZY));
}

describe("changing a stay: /hotels/:hotelId/reserve?change=", () => {
  it("from the reservation page, changes the dates: no guest form, old vs new total, one PATCH, back with a note", async () => {
    const world = bookedStay();
    const { user, router } = await renderApp({
      path: `/reservations/${ID}`,
      auth: buildSignedInAuth(),
      width: 375,
    });
    await user.click(await main().findByRole("link", { name: "Change dates or rooms" }, LAZY));

    // Prefilled from the reservation, with the event's window still applied.
    const form = within(await main().findByRole("form", { name: "Dates and rooms" }, LAZY));
    expect(form.getByLabelText<HTMLInputElement>("Check-in").value).toBe("2025-06-06");
    expect(form.getByLabelText<HTMLInputElement>("Check-out").value).toBe("2025-06-08");
    expect(form.getByLabelText<HTMLInputElement>("Rooms").value).toBe("1");
    expect(form.getByLabelText<HTMLInputElement>("Guests").value).toBe("2");
    expect(main().getByText("Changing reservation HF-7Q2K9")).toBeTruthy();

    await chooseLongerStay(user);

    // Straight to the review: the guest details are the reservation's, shown but not asked for.
    expect(await main().findByRole("heading", { name: "Review and change" }, LAZY)).toBeTruthy();
    expect(main().queryByRole("form", { name: "Guest details" })).toBeNull();
    expect(main().getByText("Jordan Lee")).toBeTruthy();
    expect(main().queryByRole("button", { name: "Edit" })).toBeNull();
    const totals = within(main().getByRole("group", { name: "Old and new totals" }));
    expect(totals.getByText("Current total")).toBeTruthy();
    expect(totals.getByText("$238")).toBeTruthy();
    expect(totals.getByText("New total")).toBeTruthy();
    expect(totals.getByText("$357")).toBeTruthy();
    expect(main().getByText("$119 more than now.")).toBeTruthy();

    const change = await main().findByRole<HTMLButtonElement>("button", {
      name: "Change for $357",
    });
    await waitFor(() => expect(change.disabled).toBe(false));
    expect(sent.bodies(verifyUrl(INN_ID), "POST")).toEqual([{ data: { quote: "quote-king-3n" } }]);
    await user.click(change);

    await waitFor(() => expect(router.state.location.pathname).toBe(`/reservations/${ID}`), LAZY);
    expect(await screen.findByText("Reservation changed", {}, LAZY)).toBeTruthy();
    expect(sent.bodies(reservationUrl(ID), "PATCH")).toEqual([
      { data: { quote: "quote-king-3n" } },
    ]);
    expect(sent.to(RESERVATIONS_URL, "POST")).toEqual([]);
    const stay = within(await main().findByRole("region", { name: "The stay" }, LAZY));
    expect(stay.getByText("Jun 5, 2025 – Jun 8, 2025 (3 nights)")).toBeTruthy();
    expect(stay.getByText("Total $357")).toBeTruthy();
    expect(world.reservations[0]?.total).toBe(357);
  });

  it("asks to accept a changed price, then sends the new quote", async () => {
    const world = bookedStay();
    const dearer = buildOffer({
      quote: "quote-king-3n-b",
      nights: [
        { night: "2025-06-05", rate: 129, source: "live", roomsLeft: 4 },
        { night: "2025-06-06", rate: 119, source: "block", roomsLeft: 5 },
        { night: "2025-06-07", rate: 119, source: "block", roomsLeft: 3 },
      ],
    });
    world.verifications.set(
      "quote-king-3n",
      buildVerification(dearer, { status: "changed", previousTotal: 357 }),
    );
    const { user, router } = await renderApp({ path: CHANGE_URL, auth: buildSignedInAuth() });
    await chooseLongerStay(user);

    const warning = within(await main().findByRole("alert", {}, LAZY));
    expect(warning.getByText(/Was \$357, now \$367/)).toBeTruthy();
    const change = main().getByRole<HTMLButtonElement>("button", { name: "Change for $367" });
    expect(change.disabled).toBe(true);
    await user.click(warning.getByRole("button", { name: "Accept $367" }));
    expect(change.disabled).toBe(false);
    await user.click(change);

    await waitFor(() => expect(router.state.location.pathname).toBe(`/reservations/${ID}`), LAZY);
    expect(sent.bodies(reservationUrl(ID), "PATCH")).toEqual([
      { data: { quote: "quote-king-3n-b" } },
    ]);
  });

  it("treats a 409 QUOTE_CHANGED (details.offer, as the server sends it) like a changed price", async () => {
    const world = bookedStay();
    const cheaper = buildOffer({
      quote: "quote-king-3n-c",
      nights: [
        { night: "2025-06-05", rate: 99, source: "live", roomsLeft: 4 },
        { night: "2025-06-06", rate: 119, source: "block", roomsLeft: 5 },
        { night: "2025-06-07", rate: 119, source: "block", roomsLeft: 3 },
      ],
    });
    // The server knows the new quote it handed out.
    world.verifications.set("quote-king-3n-c", buildVerification(cheaper));
    server.use(
      http.patch(
        reservationUrl(ID),
        () => errorReply(409, "QUOTE_CHANGED", "The price changed.", { offer: cheaper }),
        { once: true },
      ),
    );
    const { user, router } = await renderApp({ path: CHANGE_URL, auth: buildSignedInAuth() });
    await chooseLongerStay(user);
    const first = await main().findByRole<HTMLButtonElement>(
      "button",
      { name: "Change for $357" },
      LAZY,
    );
    await waitFor(() => expect(first.disabled).toBe(false));
    await user.click(first);

    const warning = within(await main().findByRole("alert", {}, LAZY));
    expect(warning.getByText(/Was \$357, now \$337/)).toBeTruthy();
    await user.click(warning.getByRole("button", { name: "Accept $337" }));
    await user.click(main().getByRole("button", { name: "Change for $337" }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/reservations/${ID}`), LAZY);
    expect(sent.bodies(reservationUrl(ID), "PATCH")).toEqual([
      { data: { quote: "quote-king-3n" } },
      { data: { quote: "quote-king-3n-c" } },
    ]);
  });

  it("says plainly when the change is refused past the cut-off, and offers no retry", async () => {
    bookedStay();
    server.use(
      http.patch(reservationUrl(ID), () =>
        errorReply(409, "PAST_CUTOFF", "Changes closed on 2025-03-11."),
      ),
    );
    const { user, router } = await renderApp({ path: CHANGE_URL, auth: buildSignedInAuth() });
    await chooseLongerStay(user);
    const change = await main().findByRole<HTMLButtonElement>(
      "button",
      { name: "Change for $357" },
      LAZY,
    );
    await waitFor(() => expect(change.disabled).toBe(false));
    await user.click(change);

    expect((await main().findByRole("alert", {}, LAZY)).textContent).toContain(
      "only the hotel can change it now",
    );
    expect(change.disabled).toBe(true);
    expect(sent.to(reservationUrl(ID), "PATCH")).toHaveLength(1);
    expect(main().getByRole("link", { name: "Back to the reservation" }).getAttribute("href")).toBe(
      `/reservations/${ID}`,
    );
    expect(router.state.location.pathname).toBe(`/hotels/${INN_ID}/reserve`);
  });

  it("goes back to the dates with the reason when the rooms are gone", async () => {
    bookedStay();
    server.use(
      http.patch(reservationUrl(ID), () =>
        errorReply(409, "ROOMS_UNAVAILABLE", "No King room left on Jun 5."),
      ),
    );
    const { user } = await renderApp({ path: CHANGE_URL, auth: buildSignedInAuth() });
    await chooseLongerStay(user);
    const change = await main().findByRole<HTMLButtonElement>(
      "button",
      { name: "Change for $357" },
      LAZY,
    );
    await waitFor(() => expect(change.disabled).toBe(false));
    await user.click(change);

    expect((await main().findByRole("alert", {}, LAZY)).textContent).toContain(
      "No King room left on Jun 5.",
    );
    expect(main().getByRole("heading", { name: "New dates and rooms" })).toBeTruthy();
  });

  it("does not open the change flow once the reservation can no longer be changed", async () => {
    bookedStay({ changeableUntil: "2025-03-11" });
    await renderApp({ path: CHANGE_URL, auth: buildSignedInAuth() });
    expect(await main().findByText("This stay can no longer be changed", {}, LAZY)).toBeTruthy();
    expect(main().queryByRole("form", { name: "Dates and rooms" })).toBeNull();
    expect(sent.to(availabilityUrl(INN_ID), "POST")).toEqual([]);
  });

  it("refuses to change a reservation at another hotel's address", async () => {
    bookedStay();
    await renderApp({
      path: `/hotels/${LODGE_ID}/reserve?change=${ID}`,
      auth: buildSignedInAuth(),
    });
    expect(await main().findByText("This reservation is at another hotel", {}, LAZY)).toBeTruthy();
    expect(main().queryByRole("form", { name: "Dates and rooms" })).toBeNull();
  });

  it("asks a visitor to sign in before loading the reservation", async () => {
    bookedStay();
    await renderApp({ path: CHANGE_URL, auth: buildSignedOutAuth() });
    expect(await main().findByText("Sign in to see this reservation", {}, LAZY)).toBeTruthy();
    expect(sent.to(reservationUrl(ID))).toEqual([]);
  });
});
