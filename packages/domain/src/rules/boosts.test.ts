import { describe, expect, it } from "vitest";
import {
  BOOST_DAYS_PER_MONTH,
  BOOST_MAX_DAYS,
  boostDaysByMonth,
  boostDaysIncluded,
  boostDaysUsed,
  boostExtraDays,
  boostProblem,
  boostQuota,
  boostQuotaMessage,
  sponsoredWindow,
  type TBookedBoost,
} from "./boosts";
import { addDays } from "./dates";

const TODAY = "2027-05-10";
const span = (days: number, start = TODAY) => ({ startDate: start, endDate: addDays(start, days) });

describe("boostProblem", () => {
  it(`takes up to ${BOOST_MAX_DAYS} days from first day to last, and refuses one more`, () => {
    expect(boostProblem(span(BOOST_MAX_DAYS), TODAY)).toBeNull();
    expect(boostProblem(span(BOOST_MAX_DAYS + 1), TODAY)?.field).toBe("endDate");
  });

  it("takes a start of yesterday (time zones), not earlier", () => {
    expect(boostProblem(span(3, addDays(TODAY, -1)), TODAY)).toBeNull();
    expect(boostProblem(span(3, addDays(TODAY, -2)), TODAY)?.field).toBe("startDate");
  });

  it("does not judge a running boost's kept start again, only its length", () => {
    const running = span(30, addDays(TODAY, -20));
    expect(boostProblem({ ...running, endDate: addDays(TODAY, 5) }, TODAY, running)).toBeNull();
    expect(boostProblem({ ...running, endDate: addDays(TODAY, 80) }, TODAY, running)?.field).toBe(
      "endDate",
    );
  });
});

const booked = (
  id: string,
  startDate: string,
  endDate: string,
  source: TBookedBoost["source"] = "included",
  state: TBookedBoost["state"] = "active",
): TBookedBoost => ({ id, startDate, endDate, source, state });

describe("boost days included a month", () => {
  it("are 3 for Legacy and Bronze, 7 for Silver, 15 for Gold and 3 without a tier", () => {
    expect(BOOST_DAYS_PER_MONTH).toEqual({ Legacy: 3, Bronze: 3, Silver: 7, Gold: 15 });
    expect(boostDaysIncluded(null)).toBe(3);
    expect(boostDaysIncluded(undefined)).toBe(3);
    expect(boostDaysIncluded("Silver")).toBe(7);
  });
});

describe("boostDaysByMonth", () => {
  it("counts first and last day, and splits at each month's end", () => {
    expect(boostDaysByMonth({ startDate: "2027-03-10", endDate: "2027-03-10" })).toEqual([
      { month: "2027-03", days: 1 },
    ]);
    // 30, 31 March; 1, 2 April.
    expect(boostDaysByMonth({ startDate: "2027-03-30", endDate: "2027-04-02" })).toEqual([
      { month: "2027-03", days: 2 },
      { month: "2027-04", days: 2 },
    ]);
    // 31 January; all 28 days of February 2027; 1 March.
    expect(boostDaysByMonth({ startDate: "2027-01-31", endDate: "2027-03-01" })).toEqual([
      { month: "2027-01", days: 1 },
      { month: "2027-02", days: 28 },
      { month: "2027-03", days: 1 },
    ]);
    // Across the year's end.
    expect(boostDaysByMonth({ startDate: "2027-12-31", endDate: "2028-01-01" })).toEqual([
      { month: "2027-12", days: 1 },
      { month: "2028-01", days: 1 },
    ]);
  });

  it("knows February's 29th in leap years only", () => {
    // 27, 28, 29 February 2028 (a leap year); 1 March.
    expect(boostDaysByMonth({ startDate: "2028-02-27", endDate: "2028-03-01" })).toEqual([
      { month: "2028-02", days: 3 },
      { month: "2028-03", days: 1 },
    ]);
    // 27, 28 February 2027; 1 March.
    expect(boostDaysByMonth({ startDate: "2027-02-27", endDate: "2027-03-01" })).toEqual([
      { month: "2027-02", days: 2 },
      { month: "2027-03", days: 1 },
    ]);
    // 2100 is no leap year (a century not divisible by 400); 2000 was.
    expect(boostDaysByMonth({ startDate: "2100-02-01", endDate: "2100-03-01" })[0]?.days).toBe(28);
    expect(boostDaysByMonth({ startDate: "2000-02-01", endDate: "2000-03-01" })[0]?.days).toBe(29);
  });
});

describe("boostQuota", () => {
  it("gives a Silver listing with 5 days used in March 2 left: a 5-day boost is 3 over", () => {
    const months = boostQuota({
      booked: [booked("a", "2027-03-01", "2027-03-05")],
      boost: { startDate: "2027-03-10", endDate: "2027-03-14" },
      tier: "Silver",
    });
    expect(months).toEqual([{ month: "2027-03", included: 7, used: 5, needed: 5, extraDays: 3 }]);
    expect(boostExtraDays(months)).toBe(3);
    expect(boostQuotaMessage("Silver", months)).toBe(
      "Silver includes 7 boost days a month; March has 2 left, this boost needs 5.",
    );
  });

  it("leaves out an admin's boosts, and counts paid ones and those awaiting payment", () => {
    const others = [
      booked("a", "2027-03-01", "2027-03-05"),
      booked("admin", "2027-03-20", "2027-03-31", "admin"),
      booked("unpaid", "2027-03-15", "2027-03-16", "paid", "awaiting_payment"),
    ];
    // 5 days of its own and 2 held by a purchase waiting for its payment.
    expect(boostDaysUsed(others, "2027-03")).toBe(7);
    // A Bronze listing that bought 4 days of March uses 4 of its 3: a further day is over.
    const paid = [booked("p", "2027-03-01", "2027-03-04", "paid")];
    expect(
      boostQuota({
        booked: paid,
        boost: { startDate: "2027-03-20", endDate: "2027-03-20" },
        tier: "Bronze",
      }),
    ).toEqual([{ month: "2027-03", included: 3, used: 4, needed: 1, extraDays: 1 }]);
  });

  it("counts a boost across two months in each: only the month beyond its days is over", () => {
    const months = boostQuota({
      booked: [booked("a", "2027-03-01", "2027-03-02")],
      boost: { startDate: "2027-03-30", endDate: "2027-04-02" },
      tier: "Bronze",
    });
    // March: 2 used of 3, 1 left, 2 needed: 1 over. April: none used, 2 needed of 3.
    expect(months).toEqual([
      { month: "2027-03", included: 3, used: 2, needed: 2, extraDays: 1 },
      { month: "2027-04", included: 3, used: 0, needed: 2, extraDays: 0 },
    ]);
    expect(boostExtraDays(months)).toBe(1);
    expect(boostQuotaMessage("Bronze", months)).toBe(
      "Bronze includes 3 boost days a month; March has 1 left, this boost needs 2.",
    );
  });

  it("does not count a changed boost's own days twice", () => {
    const mine = [booked("b1", "2027-03-01", "2027-03-03")];
    // Moved on by a day: still its 3 days of 3.
    const moved = { id: "b1", startDate: "2027-03-02", endDate: "2027-03-04" };
    expect(boostQuota({ booked: mine, boost: moved, tier: "Bronze" })).toEqual([
      { month: "2027-03", included: 3, used: 0, needed: 3, extraDays: 0 },
    ]);
    // The same dates as a new boost: all 3 over.
    const { id: _, ...fresh } = moved;
    expect(boostQuota({ booked: mine, boost: fresh, tier: "Bronze" })[0]?.extraDays).toBe(3);
    // Stretched to 4 days: 1 over.
    expect(
      boostQuota({ booked: mine, boost: { ...moved, endDate: "2027-03-05" }, tier: "Bronze" })[0]
        ?.extraDays,
    ).toBe(1);
  });

  it("reads February's length in leap years", () => {
    // A Gold listing with 14 days of February used books 27 February to 1 March.
    const used = (year: number) => [booked("a", `${year}-02-01`, `${year}-02-14`)];
    const boost = (year: number) => ({ startDate: `${year}-02-27`, endDate: `${year}-03-01` });
    // 2028: 27, 28, 29 February, 1 left of 15: 2 over; March's one day fits.
    expect(boostQuota({ booked: used(2028), boost: boost(2028), tier: "Gold" })).toEqual([
      { month: "2028-02", included: 15, used: 14, needed: 3, extraDays: 2 },
      { month: "2028-03", included: 15, used: 0, needed: 1, extraDays: 0 },
    ]);
    // 2027: 27, 28 February: 1 over.
    expect(boostQuota({ booked: used(2027), boost: boost(2027), tier: "Gold" })[0]).toEqual({
      month: "2027-02",
      included: 15,
      used: 14,
      needed: 2,
      extraDays: 1,
    });
  });

  it("names a listing without a tier and every month over", () => {
    const months = boostQuota({
      booked: [booked("a", "2027-05-30", "2027-06-02")],
      boost: { startDate: "2027-05-29", endDate: "2027-06-04" },
      tier: null,
    });
    // May: 30, 31 used; 29 to 31 needed (3), 1 left. June: 1, 2 used; 1 to 4 needed (4), 1 left.
    expect(months).toEqual([
      { month: "2027-05", included: 3, used: 2, needed: 3, extraDays: 2 },
      { month: "2027-06", included: 3, used: 2, needed: 4, extraDays: 3 },
    ]);
    expect(boostQuotaMessage(null, months)).toBe(
      "A listing without a tier includes 3 boost days a month; May has 1 left, this boost needs 3; June has 1 left, this boost needs 4.",
    );
  });
});

describe("sponsoredWindow", () => {
  it("puts the sponsored first and shifts the rest by them, page after page", () => {
    // 3 sponsored (S1..S3), then the rest (R1, R2, ...), pages of 2: S1 S2 | S3 R1 | R2 R3.
    expect(sponsoredWindow(3, { offset: 0, limit: 2 })).toEqual({
      lead: { start: 0, end: 2 },
      rest: { offset: 0, limit: 0 },
    });
    expect(sponsoredWindow(3, { offset: 2, limit: 2 })).toEqual({
      lead: { start: 2, end: 3 },
      rest: { offset: 0, limit: 1 },
    });
    expect(sponsoredWindow(3, { offset: 4, limit: 2 })).toEqual({
      lead: { start: 3, end: 3 },
      rest: { offset: 1, limit: 2 },
    });
  });

  it("gives a page of 20 the sponsored and 17 others, the next page none sponsored", () => {
    expect(sponsoredWindow(3, { offset: 0, limit: 20 })).toEqual({
      lead: { start: 0, end: 3 },
      rest: { offset: 0, limit: 17 },
    });
    expect(sponsoredWindow(3, { offset: 20, limit: 20 })).toEqual({
      lead: { start: 3, end: 3 },
      rest: { offset: 17, limit: 20 },
    });
    expect(sponsoredWindow(0, { offset: 20, limit: 20 })).toEqual({
      lead: { start: 0, end: 0 },
      rest: { offset: 20, limit: 20 },
    });
  });
});
