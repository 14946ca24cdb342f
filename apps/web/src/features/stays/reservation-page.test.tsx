import { screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildSignedInAuth, buildSignedOutAuth } from "../../test/factories";
import { errorReply, sent, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import {
  buildReservation,
  INN_ID,
  reservationUrl,
  STAY_EVENT_ID,
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

function serveReservation(overrides: Parameters<typeof buildReservation>[0] = {}) {
  const world = staysWorld();
  world.reservations = [buildReservation({ id: ID, ...overrides })];
  return serveStays(world);
}

const main = () => within(screen.getByRole("main"));

/** The first answer on a busy machine can take more than a second. */
const SLOW = { timeout: 10_000 };

describe("/reservations/:id", () => {
  it("shows the confirmation number, the stay with its nightly rates, the guest and the deadline", async () => {
    serveReservation({ team: "Indy Flyers 14U" });
    await renderApp({ path: `/reservations/${ID}`, auth: buildSignedInAuth() });
    expect(await main().findByText("HF-7Q2K9", {}, SLOW)).toBeTruthy();
    expect(main().getByText("Confirmed")).toBeTruthy();
    const stay = within(main().getByRole("region", { name: "The stay" }));
    expect(stay.getByRole("link", { name: "Riverside Inn" }).getAttribute("href")).toBe(
      `/hotels/${INN_ID}`,
    );
    expect(stay.getByRole("link", { name: "Spring Hoops Classic" }).getAttribute("href")).toBe(
      `/events/${STAY_EVENT_ID}`,
    );
    expect(stay.getByText("King room")).toBeTruthy();
    expect(stay.getByText("Jun 6, 2025 – Jun 8, 2025 (2 nights)")).toBeTruthy();
    const rows = within(stay.getByRole("table", { name: "Nights and rates" })).getAllByRole("row");
    expect(rows.map((row) => row.textContent)).toEqual([
      "NightRateRate type",
      "Fri, Jun 6$119Group rate",
      "Sat, Jun 7$119Group rate",
    ]);
    expect(stay.getByText("Total $238")).toBeTruthy();
    const guest = within(main().getByRole("region", { name: "Guest" }));
    expect(guest.getByText("Jordan Lee")).toBeTruthy();
    expect(guest.getByText("+1 317 555 0100")).toBeTruthy();
    expect(guest.getByText("Indy Flyers 14U")).toBeTruthy();
    expect(guest.getByText("May 20, 2025")).toBeTruthy();
  });

  it("cancels after confirming, and then offers no more changes", async () => {
    const world = serveReservation();
    const { user } = await renderApp({ path: `/reservations/${ID}`, auth: buildSignedInAuth() });
    await user.click(await main().findByRole("button", { name: "Cancel reservation" }, SLOW));
    const dialog = within(await screen.findByRole("dialog"));
    expect(dialog.getByText("Cancel this reservation?")).toBeTruthy();
    // Keeping it sends nothing.
    await user.click(dialog.getByRole("button", { name: "Keep it" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent.to(`${reservationUrl(ID)}/cancel`)).toEqual([]);

    await user.click(main().getByRole("button", { name: "Cancel reservation" }));
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Cancel reservation" }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await main().findByText("This reservation is cancelled.")).toBeTruthy();
    expect(sent.to(`${reservationUrl(ID)}/cancel`, "PUT")).toHaveLength(1);
    expect(main().getByText("Cancelled")).toBeTruthy();
    expect(main().queryByRole("button", { name: "Change guest details" })).toBeNull();
    expect(world.reservations[0]?.status).toBe("Cancelled");
  });

  it("says only the hotel can change it when the server refuses past the cut-off", async () => {
    serveReservation();
    server.use(
      http.put(`${reservationUrl(ID)}/cancel`, () =>
        errorReply(409, "PAST_CUTOFF", "Past the cut-off."),
      ),
    );
    const { user } = await renderApp({ path: `/reservations/${ID}`, auth: buildSignedInAuth() });
    await user.click(await main().findByRole("button", { name: "Cancel reservation" }, SLOW));
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Cancel reservation" }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect((await main().findByRole("alert")).textContent).toContain(
      "only the hotel can change it now",
    );
  });

  it("changes the guest details in a dialog", async () => {
    serveReservation();
    const { user } = await renderApp({ path: `/reservations/${ID}`, auth: buildSignedInAuth() });
    await user.click(await main().findByRole("button", { name: "Change guest details" }, SLOW));
    const dialog = within(await screen.findByRole("dialog"));
    const name = dialog.getByRole("textbox", { name: "Guest name" });
    await user.clear(name);
    await user.type(name, "Casey Lee");
    await user.type(dialog.getByRole("textbox", { name: "Team (optional)" }), "Indy Flyers");
    await user.click(dialog.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent.bodies(reservationUrl(ID), "PATCH")).toEqual([
      { data: { guestName: "Casey Lee", phone: "+1 317 555 0100", team: "Indy Flyers" } },
    ]);
    const guest = within(main().getByRole("region", { name: "Guest" }));
    expect(guest.getByText("Casey Lee")).toBeTruthy();
    expect(guest.getByText("Indy Flyers")).toBeTruthy();
  });

  it("offers to change the dates or rooms, leading to the reserve flow prefilled with the stay", async () => {
    serveReservation({ rooms: 2, guests: 3, changeableUntil: "2025-03-12" });
    await renderApp({ path: `/reservations/${ID}`, auth: buildSignedInAuth() });
    const link = await main().findByRole("link", { name: "Change dates or rooms" }, SLOW);
    const href = new URL(link.getAttribute("href") ?? "", "http://localhost");
    expect(href.pathname).toBe(`/hotels/${INN_ID}/reserve`);
    expect(Object.fromEntries(href.searchParams)).toEqual({
      change: ID,
      eventId: STAY_EVENT_ID,
      checkIn: "2025-06-06",
      checkOut: "2025-06-08",
      rooms: "2",
      guests: "3",
    });
  });

  it("leaves the event out of the change link when the reservation has none", async () => {
    serveReservation({ event: null, blockId: null });
    await renderApp({ path: `/reservations/${ID}`, auth: buildSignedInAuth() });
    const link = await main().findByRole("link", { name: "Change dates or rooms" }, SLOW);
    const href = new URL(link.getAttribute("href") ?? "", "http://localhost");
    expect(href.searchParams.has("eventId")).toBe(false);
    expect(href.searchParams.get("change")).toBe(ID);
  });

  it("offers no change of dates past the day it was changeable until", async () => {
    serveReservation({ changeableUntil: "2025-03-11" });
    await renderApp({ path: `/reservations/${ID}`, auth: buildSignedInAuth() });
    expect(await main().findByText(/only the hotel can change it now/, {}, SLOW)).toBeTruthy();
    expect(main().queryByRole("link", { name: "Change dates or rooms" })).toBeNull();
  });

  it("offers no change of dates once it is cancelled", async () => {
    serveReservation({ status: "Cancelled" });
    await renderApp({ path: `/reservations/${ID}`, auth: buildSignedInAuth() });
    expect(await main().findByText("This reservation is cancelled.", {}, SLOW)).toBeTruthy();
    expect(main().queryByRole("link", { name: "Change dates or rooms" })).toBeNull();
  });

  it("after the day it was changeable until, leaves changes to the hotel", async () => {
    serveReservation({ changeableUntil: "2025-03-11" });
    await renderApp({ path: `/reservations/${ID}`, auth: buildSignedInAuth() });
    expect(await main().findByText(/only the hotel can change it now/, {}, SLOW)).toBeTruthy();
    expect(main().queryByRole("button", { name: "Cancel reservation" })).toBeNull();
    expect(main().queryByRole("button", { name: "Change guest details" })).toBeNull();
  });

  it("on the day it is changeable until, still offers the changes", async () => {
    serveReservation({ changeableUntil: "2025-03-12" });
    await renderApp({ path: `/reservations/${ID}`, auth: buildSignedInAuth() });
    expect(await main().findByRole("button", { name: "Cancel reservation" }, SLOW)).toBeTruthy();
  });

  it("asks a visitor to sign in before loading it", async () => {
    serveReservation();
    await renderApp({ path: `/reservations/${ID}`, auth: buildSignedOutAuth() });
    expect(await main().findByText("Sign in to see this reservation", {}, SLOW)).toBeTruthy();
    expect(sent.to(reservationUrl(ID))).toEqual([]);
  });

  it("says when a reservation is not found", async () => {
    serveReservation();
    await renderApp({ path: `/reservations/${stayUuid(999)}`, auth: buildSignedInAuth() });
    expect(await main().findByText("This reservation was not found", {}, SLOW)).toBeTruthy();
  });
});
