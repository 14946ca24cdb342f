import { describe, expect, it } from "vitest";
import { placeHotels } from "./hotels-map";
import { draftErrors } from "./reserve-search";
import { sortReservations } from "./stays-format";
import { buildMatch, buildReservation, INN_ID, LODGE_ID, stayUuid } from "./testing";

const row = (id: string, lat: number | null, lng: number | null) => ({
  ...buildMatch({ hotel: { id, name: id, lat, lng } }),
  id,
});

describe("placeHotels", () => {
  it("puts the venue in the middle, east to the right and north up, the farthest inside the box", () => {
    const venue = { name: "Fieldhouse", lat: 40, lng: -86 };
    const { placed, venue: at } = placeHotels(
      [row(INN_ID, 40, -85.9), row(LODGE_ID, 40.05, -86)],
      venue,
    );
    expect(at).toEqual({ left: 50, top: 50 });
    const [inn, lodge] = placed;
    expect(inn?.number).toBe(1);
    expect(inn?.top).toBeCloseTo(50);
    expect(inn?.left).toBeGreaterThan(50);
    expect(lodge?.left).toBeCloseTo(50);
    expect(lodge?.top).toBeLessThan(50);
    for (const p of placed) {
      expect(p.left).toBeGreaterThanOrEqual(0);
      expect(p.left).toBeLessThanOrEqual(100);
      expect(p.top).toBeGreaterThanOrEqual(0);
      expect(p.top).toBeLessThanOrEqual(100);
    }
  });

  it("leaves out hotels without coordinates but keeps their list numbers for the rest", () => {
    const { placed } = placeHotels([row(INN_ID, null, null), row(LODGE_ID, 40, -86)], null);
    expect(placed.map((p) => p.number)).toEqual([2]);
  });
});

describe("draftErrors", () => {
  const stay = { checkIn: "2025-06-06", checkOut: "2025-06-09" };
  const window = { ...stay, bookable: stay };
  const draft = { checkIn: "2025-06-06", checkOut: "2025-06-08", rooms: "2", guests: "3" };

  it("accepts nights inside the event's window", () => {
    expect(draftErrors(draft, window)).toEqual({});
  });

  it("refuses nights before or after the window, and a stay of no nights", () => {
    expect(Object.keys(draftErrors({ ...draft, checkIn: "2025-06-05" }, window))).toEqual([
      "checkIn",
    ]);
    expect(Object.keys(draftErrors({ ...draft, checkOut: "2025-06-10" }, window))).toEqual([
      "checkOut",
    ]);
    expect(draftErrors({ ...draft, checkOut: "2025-06-06" }, window).checkOut).toBe(
      "Check-out must be after check-in.",
    );
    // Without an event any dates do.
    expect(draftErrors({ ...draft, checkOut: "2025-06-10" }, null)).toEqual({});
  });

  it("takes the nights the event's blocks hold beyond its window, and says so", () => {
    // A block holds the night before the first day: the 5th may be booked, not the 4th.
    const blocks = { ...stay, bookable: { checkIn: "2025-06-05", checkOut: "2025-06-09" } };
    expect(draftErrors({ ...draft, checkIn: "2025-06-05" }, blocks)).toEqual({});
    expect(draftErrors({ ...draft, checkIn: "2025-06-04" }, blocks).checkIn).toBe(
      "Check in on Jun 5, 2025 or later: the event's hotel blocks.",
    );
    expect(draftErrors({ ...draft, checkOut: "2025-06-10" }, blocks).checkOut).toBe(
      "Check out on Jun 9, 2025 or earlier: the event's hotel blocks.",
    );
  });

  it("wants at least one room, and a guest per room", () => {
    expect(Object.keys(draftErrors({ ...draft, rooms: "0" }, window))).toEqual(["rooms"]);
    expect(draftErrors({ ...draft, rooms: "4", guests: "3" }, window).guests).toBe(
      "At least one guest per room.",
    );
  });
});

describe("sortReservations", () => {
  it("puts upcoming confirmed stays first by check-in, then the rest latest first", () => {
    const at = (n: number, checkIn: string, checkOut: string, status = "Confirmed" as const) =>
      buildReservation({ id: stayUuid(n), checkIn, checkOut, status });
    const list = [
      at(1, "2025-01-10", "2025-01-12"),
      at(2, "2025-07-01", "2025-07-03"),
      { ...at(3, "2025-08-01", "2025-08-02"), status: "Cancelled" as const },
      at(4, "2025-03-11", "2025-03-13"),
      at(5, "2025-06-06", "2025-06-08"),
    ];
    expect(sortReservations(list, "2025-03-12").map((r) => r.id)).toEqual(
      [4, 5, 2, 3, 1].map(stayUuid),
    );
  });
});
