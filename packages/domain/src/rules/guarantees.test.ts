// A reservation's card guarantee: its charge limit, its terms and when the hotel may charge it, on
// figures worked out by hand.
import { describe, expect, it } from "vitest";
import {
  formatGuaranteeMoney,
  guaranteeChargeableFor,
  guaranteeChargeLimit,
  guaranteeChargeRefusal,
  guaranteeTermsText,
  type TChargeableStay,
} from "./guarantees";

describe("a guarantee's charge limit", () => {
  it("is the first night's rate × the rooms, in cents", () => {
    // 2 rooms at $150 on the first night: $300 = 30,000 cents (the $189 second night does not count).
    const stay = {
      rooms: 2,
      nights: [
        { night: "2030-06-12", rate: 150 },
        { night: "2030-06-13", rate: 189 },
      ],
    };
    expect(guaranteeChargeLimit(stay)).toBe(30_000);
  });

  it("takes the earliest night whatever the order the nights come in", () => {
    // The first night is June 12 at $119.99; × 3 rooms = $359.97 = 35,997 cents.
    const stay = {
      rooms: 3,
      nights: [
        { night: "2030-06-13", rate: 200 },
        { night: "2030-06-12", rate: 119.99 },
      ],
    };
    expect(guaranteeChargeLimit(stay)).toBe(35_997);
  });

  it("counts cents exactly where dollars in floating point do not", () => {
    // $0.10 + $0.20 style rates: $100.10 × 3 = $300.30, 30,030 cents (not 30,029.999…).
    expect(guaranteeChargeLimit({ rooms: 3, nights: [{ night: "2030-01-01", rate: 100.1 }] })).toBe(
      30_030,
    );
  });

  it("is nothing for a stay of no nights", () => {
    expect(guaranteeChargeLimit({ rooms: 4, nights: [] })).toBe(0);
  });
});

describe("the guarantee's terms", () => {
  it("say until when cancelling is free and what may be charged after", () => {
    const text = guaranteeTermsText({
      rooms: 2,
      changeableUntil: "2030-06-11",
      nights: [
        { night: "2030-06-12", rate: 150 },
        { night: "2030-06-13", rate: 150 },
      ],
    });
    expect(text).toBe(
      "Free cancellation until the end of 2030-06-11 (UTC). After that, a late cancellation or a no-show may be charged up to $300.00 (the first night's rate, $150.00, × 2 rooms).",
    );
  });

  it("write one room and thousands as people read them", () => {
    const text = guaranteeTermsText({
      rooms: 1,
      changeableUntil: "2030-01-01",
      nights: [{ night: "2030-01-02", rate: 1234.5 }],
    });
    expect(text).toContain("up to $1,234.50 (the first night's rate, $1,234.50, × 1 room)");
  });

  it("format money as dollars with cents", () => {
    expect(formatGuaranteeMoney(35_997)).toBe("$359.97");
    expect(formatGuaranteeMoney(5)).toBe("$0.05");
  });
});

describe("when the hotel may charge", () => {
  const confirmed: TChargeableStay = {
    status: "Confirmed",
    checkIn: "2030-06-12",
    changeableUntil: "2030-06-11",
    cancelledDate: null,
  };
  const cancelledAt = (date: string): TChargeableStay => ({
    ...confirmed,
    status: "Cancelled",
    cancelledDate: date,
  });

  it("charges a no-show from the check-in day on, not before", () => {
    expect(guaranteeChargeRefusal(confirmed, "no_show", "2030-06-11")).toBe(
      "A no-show is charged from the check-in day, 2030-06-12, on.",
    );
    expect(guaranteeChargeRefusal(confirmed, "no_show", "2030-06-12")).toBeNull();
    expect(guaranteeChargeRefusal(confirmed, "no_show", "2030-06-20")).toBeNull();
  });

  it("charges no no-show on a cancelled reservation", () => {
    expect(
      guaranteeChargeRefusal(cancelledAt("2030-06-12T09:00:00.000Z"), "no_show", "2030-06-13"),
    ).toBe("A no-show is charged on a confirmed reservation; this one is cancelled.");
  });

  it("charges a late cancellation only after the change window's last day", () => {
    // Cancelled on the last free day (any time of it, UTC): free.
    expect(
      guaranteeChargeRefusal(
        cancelledAt("2030-06-11T23:59:59.000Z"),
        "late_cancellation",
        "2030-06-12",
      ),
    ).toBe(
      "This reservation was cancelled on 2030-06-11, within its free cancellation (until 2030-06-11).",
    );
    // Cancelled the day after it: late.
    expect(
      guaranteeChargeRefusal(
        cancelledAt("2030-06-12T00:00:00.000Z"),
        "late_cancellation",
        "2030-06-12",
      ),
    ).toBeNull();
  });

  it("charges no late cancellation on a confirmed reservation", () => {
    expect(guaranteeChargeRefusal(confirmed, "late_cancellation", "2030-06-13")).toBe(
      "A late cancellation is charged on a cancelled reservation; this one is confirmed.",
    );
  });

  it("lists what may be charged today", () => {
    expect(guaranteeChargeableFor(confirmed, "2030-06-10")).toEqual([]);
    expect(guaranteeChargeableFor(confirmed, "2030-06-12")).toEqual(["no_show"]);
    expect(guaranteeChargeableFor(cancelledAt("2030-06-12T10:00:00Z"), "2030-06-12")).toEqual([
      "late_cancellation",
    ]);
    expect(guaranteeChargeableFor(cancelledAt("2030-06-01T10:00:00Z"), "2030-06-12")).toEqual([]);
  });
});
