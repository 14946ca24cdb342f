import { describe, expect, it } from "vitest";
import {
  attritionWarning,
  changeableUntil,
  compNights,
  HOTEL_REACH_MILES,
  hotelMatchScore,
  milesText,
  pickupPercent,
  SOLD_OUT_EVERY_NIGHT,
  soldOutEveryNight,
  stayNights,
} from "./stays";

describe("stayNights", () => {
  it("lists the nights from check-in up to, not including, check-out", () => {
    expect(stayNights("2027-03-30", "2027-04-02")).toEqual([
      "2027-03-30",
      "2027-03-31",
      "2027-04-01",
    ]);
    expect(stayNights("2027-03-30", "2027-03-30")).toEqual([]);
    expect(stayNights("2027-03-30", "2027-03-29")).toEqual([]);
  });
});

describe("pickup and attrition", () => {
  it("pickup is booked over held, one decimal, 0 when nothing is held", () => {
    expect(pickupPercent(30, 10)).toBe(33.3);
    expect(pickupPercent(0, 0)).toBe(0);
    expect(pickupPercent(40, 40)).toBe(100);
  });

  const base = { held: 100, attritionPercent: 20, cutoffDate: "2027-05-31" };
  it("warns within 30 days of the cut-off when pickup is below (100 - allowance)%", () => {
    // 80 of 100 must be booked; 60 are: 20 short, 10 days before the cut-off.
    const warning = attritionWarning({ ...base, booked: 60, today: "2027-05-21" });
    expect(warning).toContain("Pickup is 60%");
    expect(warning).toContain("20 more room nights");
    expect(warning).toContain("in 10 days");
    expect(warning).toContain("20% attrition allowance");
  });

  it("is quiet with enough booked, earlier than 30 days ahead, or after the cut-off", () => {
    expect(attritionWarning({ ...base, booked: 80, today: "2027-05-21" })).toBeNull();
    expect(attritionWarning({ ...base, booked: 0, today: "2027-04-30" })).toBeNull();
    expect(attritionWarning({ ...base, booked: 0, today: "2027-06-01" })).toBeNull();
    expect(attritionWarning({ ...base, booked: 0, today: "2027-05-01" })).not.toBeNull();
    expect(attritionWarning({ ...base, booked: 79, today: "2027-05-31" })).toContain("(today)");
  });

  it("earns one complimentary night per N booked", () => {
    expect(compNights(79, 40)).toBe(1);
    expect(compNights(80, 40)).toBe(2);
    expect(compNights(80, null)).toBe(0);
  });
});

describe("changeableUntil", () => {
  it("is the day before check-in, or the block's cut-off when that is earlier", () => {
    expect(changeableUntil("2027-06-12", null)).toBe("2027-06-11");
    expect(changeableUntil("2027-06-12", "2027-05-29")).toBe("2027-05-29");
    expect(changeableUntil("2027-06-12", "2027-06-12")).toBe("2027-06-11");
  });
});

describe("hotelMatchScore", () => {
  const near = {
    distanceMiles: 0.5,
    radiusMiles: 25,
    roomsLeft: 12,
    roomsWanted: 3,
    inBlock: true,
    rate: 119,
    rateRange: { min: 119, max: 240 },
    amenities: 9,
  };

  it("gives every point to the nearest, cheapest hotel with a block and the rooms", () => {
    const { score, reasons } = hotelMatchScore(near);
    expect(score).toBe(100);
    expect(reasons).toEqual([
      "0.5 mi from the venue",
      "12 rooms left every night in the event's block",
      "Group rate negotiated for the event",
      "From $119 a night, the lowest nearby",
      "9 amenities",
    ]);
  });

  it("ranks a farther, dearer hotel without a block lower, and says when it is sold out", () => {
    const far = hotelMatchScore({
      ...near,
      distanceMiles: 25,
      inBlock: false,
      rate: 240,
      amenities: 0,
      roomsLeft: 0,
    });
    expect(far.score).toBe(0);
    expect(far.reasons).toContain("Sold out on at least one night");
    // Nights without a rate are not on sale yet: not sold out.
    const unpriced = hotelMatchScore({ ...near, roomsLeft: 0, unpricedNights: true });
    expect(unpriced.reasons).toContain("No rates yet for some nights");
    expect(unpriced.reasons).not.toContain("Sold out on at least one night");
    const middle = hotelMatchScore({ ...near, distanceMiles: 13, inBlock: false, roomsLeft: 1 });
    expect(middle.score).toBeGreaterThan(far.score ?? Number.NaN);
    expect(middle.score).toBeLessThan(100);
    expect(middle.reasons).toContain("Only 1 of 3 rooms left on some nights");
  });

  it("calls no hotel beyond the reach a match, however much it offers, and says how far it is", () => {
    const atReach = hotelMatchScore({
      ...near,
      distanceMiles: HOTEL_REACH_MILES,
      radiusMiles: 200,
    });
    expect(atReach.score).toBe(90);
    expect(atReach.reasons[0]).toBe("50 mi from the venue");
    const far = hotelMatchScore({ ...near, distanceMiles: 612.4, radiusMiles: 200 });
    expect(far).toEqual({ score: null, reasons: ["Far from the venue, 612 mi"] });
    // Where the venue is not known, the distance neither scores nor disqualifies.
    expect(hotelMatchScore({ ...near, distanceMiles: null }).score).toBe(60);
  });
});

describe("soldOutEveryNight", () => {
  const night = (roomsLeft: number, rate: number | null) => ({ roomsLeft, rate });

  it("holds when every night is on sale with no room left: such a hotel is not suggested", () => {
    expect(soldOutEveryNight([night(0, 149), night(0, 159)])).toBe(true);
  });

  it("does not hold when a night has a room left, or no rate yet, or for no night at all", () => {
    // Sold out on one night only: still suggested ("Sold out on at least one night").
    expect(soldOutEveryNight([night(0, 149), night(2, 159)])).toBe(false);
    // A night without a rate is not on sale yet: "No rates yet", not sold out.
    expect(soldOutEveryNight([night(0, 149), night(0, null)])).toBe(false);
    expect(soldOutEveryNight([night(0, null), night(0, null)])).toBe(false);
    expect(soldOutEveryNight([])).toBe(false);
  });

  it("is the reason the match gives when the hotel is asked for anyway", () => {
    const { reasons } = hotelMatchScore({
      distanceMiles: 2,
      radiusMiles: 25,
      roomsLeft: 0,
      roomsWanted: 1,
      inBlock: false,
      rate: null,
      soldOut: true,
      rateRange: null,
      amenities: 0,
    });
    expect(reasons).toContain(SOLD_OUT_EVERY_NIGHT);
    expect(reasons).not.toContain("Sold out on at least one night");
  });
});

describe("milesText", () => {
  it("writes one decimal under 10 miles and whole miles above", () => {
    expect([milesText(0.84), milesText(9.94), milesText(14.4), milesText(612.5)]).toEqual([
      "0.8 mi",
      "9.9 mi",
      "14 mi",
      "613 mi",
    ]);
  });
});
