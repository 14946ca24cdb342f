import { describe, expect, it } from "vitest";
import { blockForecast, daysToCutoff, PICKUP_PACE_DAYS, pickupPaceWindow } from "./block-forecast";

describe("pickupPaceWindow", () => {
  it("reads the last 14 days, today included, for a block accepted long ago", () => {
    expect(PICKUP_PACE_DAYS).toBe(14);
    // 2027-03-01 .. 2027-03-14 is 14 days.
    expect(pickupPaceWindow("2027-03-14", "2027-01-05")).toEqual({
      fromDate: "2027-03-01",
      days: 14,
    });
  });

  it("starts on the day the block was accepted when that is nearer", () => {
    // Accepted on the 10th: the 10th to the 14th is 5 days.
    expect(pickupPaceWindow("2027-03-14", "2027-03-10")).toEqual({
      fromDate: "2027-03-10",
      days: 5,
    });
    // Accepted today: one day.
    expect(pickupPaceWindow("2027-03-14", "2027-03-14")).toEqual({
      fromDate: "2027-03-14",
      days: 1,
    });
  });
});

describe("daysToCutoff", () => {
  it("counts calendar days to the cut-off, 0 on it and after it", () => {
    expect(daysToCutoff("2027-03-14", "2027-03-24")).toBe(10);
    expect(daysToCutoff("2027-02-27", "2027-03-02")).toBe(3); // across the end of February
    expect(daysToCutoff("2027-03-24", "2027-03-24")).toBe(0);
    expect(daysToCutoff("2027-03-25", "2027-03-24")).toBe(0);
  });
});

describe("blockForecast", () => {
  it("adds the pace times the days left to what is booked", () => {
    // 42 room nights in 14 days is 3 a day; 10 days left: 60 + 30 = 90 of 200; 110 go back.
    expect(
      blockForecast({
        held: 200,
        booked: 60,
        bookedInWindow: 42,
        windowDays: 14,
        daysToCutoff: 10,
      }),
    ).toEqual({ perDay: 3, forecast: 90, forecastRelease: 110 });
  });

  it("never forecasts more than is held", () => {
    // 3 a day for 10 days would be 120 of 100 held: 100, nothing goes back.
    expect(
      blockForecast({
        held: 100,
        booked: 90,
        bookedInWindow: 42,
        windowDays: 14,
        daysToCutoff: 10,
      }),
    ).toEqual({ perDay: 3, forecast: 100, forecastRelease: 0 });
  });

  it("rounds to the nearest room night, a half up", () => {
    // 7 in 14 days is 0.5 a day; 5 days left is 2.5, rounded to 3: 10 + 3 = 13 of 40.
    expect(
      blockForecast({ held: 40, booked: 10, bookedInWindow: 7, windowDays: 14, daysToCutoff: 5 }),
    ).toEqual({ perDay: 0.5, forecast: 13, forecastRelease: 27 });
    // 10 in 3 days for 4 days is 13.33…, rounded to 13: 20 + 13 = 33.
    expect(
      blockForecast({ held: 50, booked: 20, bookedInWindow: 10, windowDays: 3, daysToCutoff: 4 })
        .forecast,
    ).toBe(33);
  });

  it("forecasts what is booked when nothing was booked lately or the cut-off has come", () => {
    expect(
      blockForecast({ held: 80, booked: 12, bookedInWindow: 0, windowDays: 14, daysToCutoff: 20 }),
    ).toEqual({ perDay: 0, forecast: 12, forecastRelease: 68 });
    expect(
      blockForecast({ held: 80, booked: 12, bookedInWindow: 14, windowDays: 14, daysToCutoff: 0 }),
    ).toEqual({ perDay: 1, forecast: 12, forecastRelease: 68 });
  });

  it("reads a block accepted two days ago over those two days", () => {
    // Accepted yesterday, today is the second day: 6 booked so far, 3 a day, 8 days left: 6 + 24.
    const window = pickupPaceWindow("2027-03-14", "2027-03-13");
    expect(window.days).toBe(2);
    expect(
      blockForecast({
        held: 60,
        booked: 6,
        bookedInWindow: 6,
        windowDays: window.days,
        daysToCutoff: daysToCutoff("2027-03-14", "2027-03-22"),
      }),
    ).toEqual({ perDay: 3, forecast: 30, forecastRelease: 30 });
  });
});
