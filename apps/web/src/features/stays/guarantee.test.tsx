// A reservation's card guarantee as its guest meets it: the reservation page with the terms and
// "Card needed to hold this booking" (Add a card opens the provider's card page, coming back to
// the reservation), or "Guaranteed by Visa ending 4242"; back from the card page it says the card
// is on its way until the server confirms it; and the reserve page, right after a booking that
// needs a card, says so and opens the card page at once.
import type { TRoomOffer } from "@hostfield/domain/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildSignedInAuth } from "../../test/factories";
import { sent, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import {
  buildGuarantee,
  CARD_PAGE_URL,
  guaranteeCheckoutHandler,
  guaranteePaymentsUrl,
  securedGuarantee,
} from "../payments/testing";
import { addListing, buildListing, EVENT_ID, serveProfiles } from "../profiles/testing";
import {
  buildOffer,
  buildReservation,
  buildStayInfo,
  INN_ID,
  RESERVATIONS_URL,
  serveStays,
  staysWorld,
  stayUuid,
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
const SLOW = { timeout: 10_000 };
const main = () => within(screen.getByRole("main"));
const TERMS =
  "Free cancellation until the end of 2025-05-20 (UTC). After that, a late cancellation or a no-show may be charged up to $139.00 (the first night's rate, $139.00, × 1 room).";

/** Replaces window.location with one whose assign is recorded. */
function stubAssign() {
  const assign = vi.fn();
  vi.stubGlobal("location", { ...window.location, assign });
  return assign;
}

function serveReservation(overrides: Parameters<typeof buildReservation>[0] = {}) {
  const world = staysWorld();
  world.reservations = [buildReservation({ id: ID, ...overrides })];
  return serveStays(world);
}

const guaranteeRegion = async () =>
  within(await main().findByRole("region", { name: "Card guarantee" }, SLOW));

describe("the guest's card guarantee on /reservations/:id", () => {
  it("asks for a card to hold the booking, with the terms, and opens the card page", async () => {
    serveReservation({ guarantee: buildGuarantee() });
    server.use(guaranteeCheckoutHandler(ID));
    const assign = stubAssign();
    const { user } = await renderApp({ path: `/reservations/${ID}`, auth: buildSignedInAuth() });
    const region = await guaranteeRegion();
    expect(region.getByText("Card needed to hold this booking")).toBeTruthy();
    expect(region.getByText(/Add one by Mar 12, 2025/)).toBeTruthy();
    expect(region.getByText(TERMS)).toBeTruthy();
    await user.click(region.getByRole("button", { name: "Add a card" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(CARD_PAGE_URL));
    expect(sent.bodies(guaranteePaymentsUrl(ID, "/checkout"), "POST")).toEqual([
      { data: { returnPath: `/reservations/${ID}` } },
    ]);
  });

  it("says which card guarantees it once one does, and asks for none", async () => {
    serveReservation({ guarantee: securedGuarantee() });
    await renderApp({ path: `/reservations/${ID}`, auth: buildSignedInAuth() });
    const region = await guaranteeRegion();
    expect(region.getByText("Guaranteed by Visa ending 4242")).toBeTruthy();
    expect(region.getByText(TERMS)).toBeTruthy();
    expect(region.queryByRole("button", { name: "Add a card" })).toBeNull();
  });

  it("says the card is on its way when back from the card page, until the server confirms it", async () => {
    const world = serveReservation({ guarantee: buildGuarantee() });
    await renderApp({
      path: `/reservations/${ID}?guarantee=saved`,
      auth: buildSignedInAuth(),
    });
    const region = await guaranteeRegion();
    expect(
      region.getByText(
        "Card saved; the booking shows as guaranteed as soon as the payment service confirms it.",
      ),
    ).toBeTruthy();
    // The provider's webhook arrives: the next reading shows the card.
    world.reservations = [buildReservation({ id: ID, guarantee: securedGuarantee() })];
    expect(
      await region.findByText("Guaranteed by Visa ending 4242", {}, { timeout: 5_000 }),
    ).toBeTruthy();
  });

  it("shows no guarantee for a hotel that asks none", async () => {
    serveReservation({ guarantee: null });
    await renderApp({ path: `/reservations/${ID}`, auth: buildSignedInAuth() });
    expect(await main().findByText("HF-7Q2K9", {}, SLOW)).toBeTruthy();
    expect(main().queryByRole("region", { name: "Card guarantee" })).toBeNull();
  });

  it("says a booking was cancelled for want of a card, and asks for none then", async () => {
    serveReservation({
      status: "Cancelled",
      cancelledDate: "2025-03-12T15:31:00.000Z",
      guarantee: buildGuarantee({ state: "released", secureBy: null }),
    });
    await renderApp({ path: `/reservations/${ID}`, auth: buildSignedInAuth() });
    const region = await guaranteeRegion();
    expect(region.getByText("No card came in time: the booking was cancelled")).toBeTruthy();
    expect(region.queryByRole("button", { name: "Add a card" })).toBeNull();
  });
});

describe("booking at a hotel that requires a card", () => {
  it("says a card is needed right after booking and opens the card page", async () => {
    const king: TRoomOffer = buildOffer({ quote: "quote-king-1" });
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
    world.nextReservation = { ...world.nextReservation, guarantee: buildGuarantee() };
    serveStays(world);
    server.use(guaranteeCheckoutHandler(world.nextReservation.id));
    const assign = stubAssign();
    const { user } = await renderApp({
      path: `/hotels/${INN_ID}/reserve?eventId=${EVENT_ID}&checkIn=2025-06-06&checkOut=2025-06-08&rooms=1&guests=2`,
      auth: buildSignedInAuth(),
    });
    await user.click(await main().findByRole("button", { name: "Choose the King room" }, SLOW));
    const form = within(await main().findByRole("form", { name: "Guest details" }));
    await user.type(form.getByRole("textbox", { name: "Phone" }), "+1 317 555 0100");
    await user.click(form.getByRole("button", { name: "Review" }));
    const book = await main().findByRole("button", { name: "Book for $238" });
    await waitFor(() => expect((book as HTMLButtonElement).disabled).toBe(false));
    await user.click(book);

    const region = await guaranteeRegion();
    expect(region.getByText("Card needed to hold this booking")).toBeTruthy();
    expect(main().getByText(/Booked: confirmation HF-NEW01/)).toBeTruthy();
    await waitFor(() => expect(assign).toHaveBeenCalledWith(CARD_PAGE_URL));
    expect(sent.bodies(RESERVATIONS_URL, "POST")).toHaveLength(1);
    expect(
      sent.bodies(guaranteePaymentsUrl(world.nextReservation.id, "/checkout"), "POST"),
    ).toEqual([{ data: { returnPath: `/reservations/${world.nextReservation.id}` } }]);
  });
});
