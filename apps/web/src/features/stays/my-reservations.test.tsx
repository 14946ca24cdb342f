import { screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildSignedInAuth } from "../../test/factories";
import { errorReply, sent, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { buildReservation, RESERVATIONS_URL, serveStays, staysWorld, stayUuid } from "./testing";

const NOW = "2025-03-12T15:00:00.000Z";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(NOW));
});

afterEach(() => {
  vi.useRealTimers();
});

const PATH = "/account?tab=reservations";
/** The first answer on a busy machine can take more than a second. */
const SLOW = { timeout: 10_000 };
const section = () => within(screen.getByRole("region", { name: "My reservations" }));

describe("My reservations on /account", () => {
  it("lists upcoming stays first, soonest first, then past and cancelled ones, each linking to its page", async () => {
    const world = staysWorld();
    world.reservations = [
      buildReservation({
        id: stayUuid(601),
        hotel: { id: stayUuid(11), name: "Old Mill Hotel" },
        checkIn: "2025-01-10",
        checkOut: "2025-01-12",
        confirmationNumber: "HF-PAST1",
      }),
      buildReservation({
        id: stayUuid(602),
        hotel: { id: stayUuid(11), name: "Canal Lodge" },
        checkIn: "2025-07-01",
        checkOut: "2025-07-03",
        confirmationNumber: "HF-JULY1",
      }),
      buildReservation({
        id: stayUuid(603),
        hotel: { id: stayUuid(11), name: "Riverside Inn" },
        checkIn: "2025-06-06",
        checkOut: "2025-06-08",
        confirmationNumber: "HF-JUNE1",
      }),
      buildReservation({
        id: stayUuid(604),
        status: "Cancelled",
        hotel: { id: stayUuid(11), name: "Union Suites" },
        checkIn: "2025-05-01",
        checkOut: "2025-05-02",
        confirmationNumber: "HF-CANC1",
      }),
    ];
    serveStays(world);
    await renderApp({ path: PATH, auth: buildSignedInAuth() });
    const list = within(await section().findByRole("list", { name: "My reservations" }, SLOW));
    const rows = list.getAllByRole("listitem");
    expect(rows.map((row) => within(row).getAllByRole("link")[0]?.textContent)).toEqual([
      "Riverside Inn",
      "Canal Lodge",
      "Union Suites",
      "Old Mill Hotel",
    ]);
    expect(list.getByRole("link", { name: "Riverside Inn" }).getAttribute("href")).toBe(
      `/reservations/${stayUuid(603)}`,
    );
    const [june, , cancelled, past] = rows.map((row) => within(row));
    expect(june?.getByText("Confirmed")).toBeTruthy();
    expect(june?.queryByText("Past")).toBeNull();
    expect(cancelled?.getByText("Cancelled")).toBeTruthy();
    expect(past?.getByText("Past")).toBeTruthy();
    expect(section().getByText("4 reservations.")).toBeTruthy();
    expect(sent.to(RESERVATIONS_URL, "GET")[0]?.url.searchParams.get("scope")).toBe("mine");
  });

  it("loads more past 20", async () => {
    const world = staysWorld();
    world.reservations = Array.from({ length: 21 }, (_, i) =>
      buildReservation({
        id: stayUuid(700 + i),
        confirmationNumber: `HF-${700 + i}`,
        hotel: { id: stayUuid(11), name: `Hotel ${i + 1}` },
      }),
    );
    serveStays(world);
    const { user } = await renderApp({ path: PATH, auth: buildSignedInAuth() });
    const list = within(await section().findByRole("list", { name: "My reservations" }, SLOW));
    expect(list.getAllByRole("listitem")).toHaveLength(20);
    expect(section().getByText("21 reservations.")).toBeTruthy();
    await user.click(section().getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(list.getAllByRole("listitem")).toHaveLength(21));
    expect(list.getByRole("link", { name: "Hotel 21" })).toBeTruthy();
    expect(section().queryByRole("button", { name: "Load more" })).toBeNull();
    expect(
      sent.to(RESERVATIONS_URL, "GET").map((call) => call.url.searchParams.get("offset")),
    ).toEqual(["0", "20"]);
  });

  it("says when there are none", async () => {
    serveStays(staysWorld());
    await renderApp({ path: PATH, auth: buildSignedInAuth() });
    expect(await section().findByText("No reservations yet", {}, SLOW)).toBeTruthy();
  });

  it("offers Retry when the list fails", async () => {
    const world = staysWorld();
    world.reservations = [buildReservation()];
    serveStays(world);
    server.use(
      http.get(RESERVATIONS_URL, () => errorReply(500, "INTERNAL_ERROR", "Something broke."), {
        once: true,
      }),
    );
    const { user } = await renderApp({ path: PATH, auth: buildSignedInAuth() });
    expect(await section().findByText("Your reservations did not load.", {}, SLOW)).toBeTruthy();
    await user.click(section().getByRole("button", { name: "Retry" }));
    expect(await section().findByRole("link", { name: "Riverside Inn" })).toBeTruthy();
  });
});
