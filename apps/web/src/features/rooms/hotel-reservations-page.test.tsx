import { ZReservation } from "@hostfield/domain/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildSignedInAuth } from "../../test/factories";
import { dataReply, errorReply, sent, serveBase, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import {
  buildReservation,
  HOTEL_ID,
  NOW,
  RESERVATIONS,
  roomsHandlers,
  roomsWorld,
  type TRoomsWorld,
  uuid,
} from "./testing";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(NOW));
});

afterEach(() => {
  vi.useRealTimers();
});

const LAZY = { timeout: 10_000 };

async function openReservations(world: TRoomsWorld) {
  serveBase(...roomsHandlers(world));
  const rendered = await renderApp({
    path: `/hotels/${HOTEL_ID}/reservations`,
    auth: buildSignedInAuth(),
  });
  return { ...rendered, main: within(screen.getByRole("main")) };
}

const listCalls = () =>
  sent.to(RESERVATIONS, "GET").filter((c) => c.url.searchParams.get("format") !== "csv");

describe("/hotels/:id/reservations", () => {
  it("lists the hotel's reservations with the guest's contact", async () => {
    const world = roomsWorld({
      reservations: [
        buildReservation({
          id: uuid(71),
          confirmationNumber: "HF-7Q2K",
          guestName: "Morgan Diaz",
          email: "morgan@example.com",
          phone: "555-0100",
          team: "Lakeside 14U",
          rooms: 2,
          total: 556,
        }),
      ],
    });
    const { main } = await openReservations(world);
    const table = within(await main.findByRole("table", { name: /Reservations/ }, LAZY));
    const row = table.getAllByRole("row")[1]!;
    const cells = within(row)
      .getAllByRole("cell")
      .map((c) => c.textContent);
    expect(cells.slice(0, 6)).toEqual([
      "HF-7Q2KSpring Hoops Classic",
      "Morgan Diazmorgan@example.com555-0100Lakeside 14U",
      "Apr 10, 2026 – Apr 12, 20262 nights",
      "Double Queen2 rooms · 2 guests",
      "$556",
      "Confirmed",
    ]);
    expect(within(row).getByRole("link", { name: "morgan@example.com" }).getAttribute("href")).toBe(
      "mailto:morgan@example.com",
    );
    const first = listCalls()[0]!.url.searchParams;
    expect([
      first.get("scope"),
      first.get("hotelId"),
      first.get("offset"),
      first.get("take"),
    ]).toEqual(["hotel", HOTEL_ID, "0", "25"]);
  });

  it("filters by status and dates, and pages through many", async () => {
    const world = roomsWorld({
      reservations: Array.from({ length: 30 }, (_, i) =>
        buildReservation({ id: uuid(100 + i), guestName: `Guest ${i + 1}` }),
      ),
    });
    const { main, user } = await openReservations(world);
    expect(await main.findByText("Guest 1", {}, LAZY)).toBeTruthy();
    await user.click(main.getByRole("button", { name: "Go to page 2" }));
    expect(await main.findByText("Guest 26")).toBeTruthy();
    expect(listCalls().at(-1)?.url.searchParams.get("offset")).toBe("25");

    await user.click(main.getByRole("combobox", { name: "Status" }));
    await user.click(await screen.findByRole("option", { name: "Cancelled" }));
    fireEvent.change(main.getByLabelText("Staying from"), { target: { value: "2026-04-01" } });
    fireEvent.change(main.getByLabelText("Staying to"), { target: { value: "2026-04-30" } });
    expect(await main.findByText("No reservations")).toBeTruthy();
    const last = listCalls().at(-1)!.url.searchParams;
    expect([last.get("status"), last.get("from"), last.get("to"), last.get("offset")]).toEqual([
      "Cancelled",
      "2026-04-01",
      "2026-04-30",
      "0",
    ]);
    expect(main.getByText("None match these filters.")).toBeTruthy();
  });

  it("cancels a reservation after asking, and reloads the list", async () => {
    const booking = buildReservation({ id: uuid(81), confirmationNumber: "HF-CAN1" });
    const world = roomsWorld({ reservations: [booking] });
    server.use(
      http.put(`${RESERVATIONS}/${booking.id}/cancel`, () => {
        const cancelled = { ...booking, status: "Cancelled" as const };
        world.reservations = [cancelled];
        return dataReply(ZReservation, cancelled);
      }),
    );
    const { main, user } = await openReservations(world);
    await user.click(await main.findByRole("button", { name: "Cancel reservation HF-CAN1" }, LAZY));
    const confirm = within(await screen.findByRole("dialog"));
    await user.click(confirm.getByRole("button", { name: "Cancel reservation" }));
    await waitFor(() =>
      expect(sent.to(`${RESERVATIONS}/${booking.id}/cancel`, "PUT")).toHaveLength(1),
    );
    expect(await screen.findByText("Reservation HF-CAN1 was cancelled.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const row = within(main.getAllByRole("row")[1]!);
    await waitFor(() => expect(row.getByText("Cancelled")).toBeTruthy());
    expect(row.queryByRole("button", { name: "Cancel reservation HF-CAN1" })).toBeNull();
  });

  it("exports the hotel's reservations as CSV with the filter shown", async () => {
    const world = roomsWorld({ reservations: [buildReservation()], csv: "a,b\r\n1,2\r\n" });
    const create = vi.fn((_blob: Blob) => "blob:hotel-csv");
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: vi.fn() });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    const { main, user } = await openReservations(world);
    await user.click(await main.findByRole("combobox", { name: "Status" }, LAZY));
    await user.click(await screen.findByRole("option", { name: "Confirmed" }));
    await user.click(main.getByRole("button", { name: "Export CSV" }));

    await waitFor(() => expect(names).toEqual([`reservations-hotel-${HOTEL_ID}.csv`]));
    const csv = sent.to(RESERVATIONS).find((c) => c.url.searchParams.get("format") === "csv");
    expect(Object.fromEntries(csv!.url.searchParams)).toMatchObject({
      scope: "hotel",
      hotelId: HOTEL_ID,
      status: "Confirmed",
      format: "csv",
    });
    expect(await create.mock.calls[0]?.[0].text()).toBe("a,b\r\n1,2\r\n");
  });

  it("says why an export failed", async () => {
    const world = roomsWorld();
    server.use(
      http.get(RESERVATIONS, ({ request }) =>
        new URL(request.url).searchParams.get("format") === "csv"
          ? errorReply(403, "FORBIDDEN", "Only the hotel's managers may export its reservations.")
          : undefined,
      ),
    );
    const { main, user } = await openReservations(world);
    await user.click(await main.findByRole("button", { name: "Export CSV" }, LAZY));
    expect(
      await screen.findByText("Only the hotel's managers may export its reservations."),
    ).toBeTruthy();
  });
});
