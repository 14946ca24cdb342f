import { describe, expect, it } from "vitest";
import {
  BLOCK_SHAPE_MAX_NIGHTS,
  peakForRoomNights,
  proposedBlockNights,
  shoulderRooms,
} from "./block-shape";

const shape = (nights: ReturnType<typeof proposedBlockNights>) =>
  nights.map((n) => [n.night, n.rooms, n.shoulder]);

describe("proposedBlockNights", () => {
  it("holds the night before the first day through the night before the last, shoulders at half", () => {
    // Fri Apr 10 – Sun Apr 12, 2026: Thu 9 (arrival), Fri 10, Sat 11 (departure shoulder).
    expect(
      shape(proposedBlockNights({ startDate: "2026-04-10", endDate: "2026-04-12", peakRooms: 10 })),
    ).toEqual([
      ["2026-04-09", 5, true],
      ["2026-04-10", 10, false],
      ["2026-04-11", 5, true],
    ]);
  });

  it("adds the last day's night when asked: it becomes the departure shoulder", () => {
    expect(
      shape(
        proposedBlockNights({
          startDate: "2026-04-10",
          endDate: "2026-04-12",
          peakRooms: 10,
          lastNight: true,
        }),
      ),
    ).toEqual([
      ["2026-04-09", 5, true],
      ["2026-04-10", 10, false],
      ["2026-04-11", 10, false],
      ["2026-04-12", 5, true],
    ]);
  });

  it("rounds the shoulders up: 7 at the peak is 4 on a shoulder, 1 is 1", () => {
    const seven = proposedBlockNights({
      startDate: "2026-04-10",
      endDate: "2026-04-12",
      peakRooms: 7,
    });
    expect(seven.map((n) => n.rooms)).toEqual([4, 7, 4]);
    const one = proposedBlockNights({
      startDate: "2026-04-10",
      endDate: "2026-04-12",
      peakRooms: 1,
    });
    expect(one.map((n) => n.rooms)).toEqual([1, 1, 1]);
  });

  it("a two-day event: the arrival night is the shoulder, the night before the last day the peak", () => {
    // Sat Apr 11 – Sun Apr 12: Fri 10 and Sat 11.
    expect(
      shape(proposedBlockNights({ startDate: "2026-04-11", endDate: "2026-04-12", peakRooms: 9 })),
    ).toEqual([
      ["2026-04-10", 5, true],
      ["2026-04-11", 9, false],
    ]);
  });

  it("a one-day event holds the night before it at the peak", () => {
    expect(
      shape(proposedBlockNights({ startDate: "2026-04-11", endDate: "2026-04-11", peakRooms: 6 })),
    ).toEqual([["2026-04-10", 6, false]]);
  });

  it("crosses months and years as days do", () => {
    // Mar 1, 2026 (2026 is no leap year): the night before is Feb 28.
    expect(
      proposedBlockNights({ startDate: "2026-03-01", endDate: "2026-03-02", peakRooms: 4 }).map(
        (n) => n.night,
      ),
    ).toEqual(["2026-02-28", "2026-03-01"]);
    expect(
      proposedBlockNights({ startDate: "2027-01-01", endDate: "2027-01-01", peakRooms: 4 })[0]!
        .night,
    ).toBe("2026-12-31");
  });

  it("no peak, 0 rooms every night; no dates or an end before the start, no nights", () => {
    expect(
      proposedBlockNights({ startDate: "2026-04-10", endDate: "2026-04-12", peakRooms: 0 }).map(
        (n) => n.rooms,
      ),
    ).toEqual([0, 0, 0]);
    expect(
      proposedBlockNights({ startDate: "2026-04-12", endDate: "2026-04-10", peakRooms: 5 }),
    ).toEqual([]);
    expect(proposedBlockNights({ startDate: "", endDate: "2026-04-10", peakRooms: 5 })).toEqual([]);
  });

  it("holds at most BLOCK_SHAPE_MAX_NIGHTS nights for a long event", () => {
    const long = proposedBlockNights({
      startDate: "2026-06-01",
      endDate: "2026-08-31",
      peakRooms: 3,
    });
    expect(long).toHaveLength(BLOCK_SHAPE_MAX_NIGHTS);
    expect(long[0]!.night).toBe("2026-05-31");
  });
});

describe("shoulderRooms and peakForRoomNights", () => {
  it("half the peak rounded up, at least 1; none for no peak", () => {
    expect([1, 2, 3, 10, 11].map((p) => shoulderRooms(p))).toEqual([1, 1, 2, 5, 6]);
    expect(shoulderRooms(0)).toBe(0);
  });

  it("spreads room nights over the nights, rounded up", () => {
    expect(peakForRoomNights(25, 3)).toBe(9);
    expect(peakForRoomNights(24, 3)).toBe(8);
    expect(peakForRoomNights(5, 0)).toBe(0);
  });
});
