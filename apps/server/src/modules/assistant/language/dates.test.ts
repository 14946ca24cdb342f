// Date phrases against fixed todays; every expected day below is worked out from the calendar in the comments, not from the code.
import { describe, expect, it } from "vitest";
import { findDates, readDates, saysFlexible } from "./dates";

// Calendar facts used below:
// 2026-01-01 is a Thursday, so 2026-05-01 is a Friday and 2026-05-20 a Wednesday; May 2026 ends on
// Sunday the 31st (its last Monday is the 25th). 2026-09-01 is a Tuesday (first Monday: the 7th).
// 2026-11-01 is a Sunday (Thursdays 5, 12, 19, 26). 2026-07-04 is a Saturday.
// 2027-01-01 is a Friday, so 2027-03-01 is a Monday (Saturdays 6, 13, 20, 27; the 14th a Sunday)
// and 2027-05-31 a Monday. Easter 2027 is March 28.
const TODAY = "2026-05-20"; // a Wednesday

function range(text: string, today = TODAY) {
  const d = readDates(text, today);
  return d && { start: d.start, end: d.end, flexible: d.flexible };
}

describe("explicit days and ranges", () => {
  it.each([
    ["March 13-15", "2027-03-13", "2027-03-15"],
    ["March 13 - 15, 2027", "2027-03-13", "2027-03-15"],
    ["March 13th-15th", "2027-03-13", "2027-03-15"],
    ["March 13 thru 15", "2027-03-13", "2027-03-15"],
    ["Mar. 13 to 15", "2027-03-13", "2027-03-15"],
    ["3/13-3/15/2027", "2027-03-13", "2027-03-15"],
    ["3/13/2027 - 3/15/2027", "2027-03-13", "2027-03-15"],
    ["3/13-15", "2027-03-13", "2027-03-15"],
    ["April 17\u201319 2027", "2027-04-17", "2027-04-19"],
    ["March 30 - April 2", "2027-03-30", "2027-04-02"],
    ["13-15 March", "2027-03-13", "2027-03-15"],
    ["the 6th-8th of June", "2026-06-06", "2026-06-08"],
    ["Friday, March 13 through Sunday, March 15", "2027-03-13", "2027-03-15"],
    ["June 5 and 6", "2026-06-05", "2026-06-06"],
    ["Dec 30 - Jan 2", "2026-12-30", "2027-01-02"],
    ["2027-03-13 to 2027-03-15", "2027-03-13", "2027-03-15"],
  ])("%j is %s to %s", (text, start, end) => {
    expect(range(text)).toEqual({ start, end, flexible: false });
  });

  it.each([
    ["March 14", "2027-03-14"],
    ["3/14", "2027-03-14"],
    ["3/13/2027", "2027-03-13"],
    ["on 3/14/27", "2027-03-14"],
    ["14 March 2027", "2027-03-14"],
    ["Saturday, June 6", "2026-06-06"],
    ["May 20", "2026-05-20"],
    ["2027-03-13", "2027-03-13"],
  ])("one day, %j, starts and ends on %s", (text, day) => {
    expect(range(text)).toEqual({ start: day, end: day, flexible: false });
  });

  it("takes this year's dates while they are still ahead, next year's once passed", () => {
    expect(range("March 13-15", "2026-03-01")).toMatchObject({
      start: "2026-03-13",
      end: "2026-03-15",
    });
    expect(range("March 13-15", "2026-03-13")).toMatchObject({ start: "2026-03-13" });
    expect(range("March 13-15", "2026-03-14")).toMatchObject({
      start: "2027-03-13",
      end: "2027-03-15",
    });
  });

  it("keeps a stated year even when it has passed", () => {
    expect(range("March 14, 2025")).toMatchObject({ start: "2025-03-14", end: "2025-03-14" });
  });

  it("refuses days that do not exist, fractions and round-the-clock", () => {
    expect(range("Feb 30")).toBeNull();
    expect(range("1/2 day sessions")).toBeNull();
    expect(range("24/7 access")).toBeNull();
  });
});

describe("weekends", () => {
  it("reads the n-th weekend of a month as its n-th Saturday and the Sunday after", () => {
    expect(range("second weekend of March")).toEqual({
      start: "2027-03-13",
      end: "2027-03-14",
      flexible: false,
    });
    expect(range("the first weekend in March 2027")).toMatchObject({
      start: "2027-03-06",
      end: "2027-03-07",
    });
    // May 2026: Saturdays 2, 9, 16, 23, 30; the last one's Sunday is the 31st.
    expect(range("last weekend of May")).toMatchObject({ start: "2026-05-30", end: "2026-05-31" });
    // The second weekend of May 2026 (the 9th) has passed by the 20th: next year's (2027-05-01 is a Saturday).
    expect(range("2nd weekend in May")).toMatchObject({ start: "2027-05-08", end: "2027-05-09" });
  });

  it("reads the weekend of a day as that week's Saturday and Sunday", () => {
    // March 14, 2027 is a Sunday: its week's Saturday is the 13th.
    expect(range("the weekend of March 14")).toEqual({
      start: "2027-03-13",
      end: "2027-03-14",
      flexible: false,
    });
    // March 10, 2027 is a Wednesday: the Saturday and Sunday of that week are the 13th and 14th.
    expect(range("weekend of 3/10")).toMatchObject({ start: "2027-03-13", end: "2027-03-14" });
  });

  it("reads holiday weekends", () => {
    expect(range("Memorial Day weekend")).toEqual({
      start: "2026-05-23",
      end: "2026-05-25",
      flexible: false,
    });
    expect(range("Labor Day weekend")).toMatchObject({ start: "2026-09-05", end: "2026-09-07" });
    expect(range("Thanksgiving weekend")).toMatchObject({ start: "2026-11-26", end: "2026-11-29" });
    // July 4, 2026 is a Saturday, observed on Friday the 3rd.
    expect(range("Fourth of July weekend")).toMatchObject({
      start: "2026-07-03",
      end: "2026-07-05",
    });
    expect(range("Easter weekend 2027")).toMatchObject({ start: "2027-03-26", end: "2027-03-28" });
    // Canada's Victoria Day is the Monday before May 25: May 18 in 2026, already past on May 20,
    // so the next is May 24, 2027 (a Monday itself).
    expect(range("Victoria Day weekend")).toMatchObject({ start: "2027-05-22", end: "2027-05-24" });
  });

  it("takes next year's holiday weekend once this year's has begun", () => {
    // 2027's Memorial Day is May 31.
    expect(range("Memorial Day weekend", "2026-05-24")).toMatchObject({
      start: "2027-05-29",
      end: "2027-05-31",
    });
  });

  it("reads next weekend as the next one not yet begun", () => {
    expect(range("next weekend")).toEqual({
      start: "2026-05-23",
      end: "2026-05-24",
      flexible: false,
    });
    expect(range("next weekend", "2026-05-23")).toMatchObject({
      start: "2026-05-30",
      end: "2026-05-31",
    });
    expect(range("next weekend", "2026-05-24")).toMatchObject({
      start: "2026-05-30",
      end: "2026-05-31",
    });
    expect(range("this weekend")).toMatchObject({ start: "2026-05-23", end: "2026-05-24" });
  });

  it("reads the week of a day as Monday to Sunday", () => {
    // June 10, 2026 is a Wednesday; its Monday is the 8th.
    expect(range("the week of June 10")).toMatchObject({ start: "2026-06-08", end: "2026-06-14" });
  });
});

describe("months and parts of months: flexible", () => {
  it.each([
    ["sometime in June", "2026-06-01", "2026-06-30"],
    ["in June", "2026-06-01", "2026-06-30"],
    ["June 2027", "2027-06-01", "2027-06-30"],
    ["during the month of February", "2027-02-01", "2027-02-28"],
    ["early June", "2026-06-01", "2026-06-10"],
    ["mid June", "2026-06-11", "2026-06-20"],
    ["mid-June", "2026-06-11", "2026-06-20"],
    ["late June", "2026-06-21", "2026-06-30"],
    ["the end of February 2028", "2028-02-21", "2028-02-29"],
    ["next month", "2026-06-01", "2026-06-30"],
    ["this summer", "2026-06-01", "2026-08-31"],
    ["in the fall", "2026-09-01", "2026-11-30"],
  ])("%j is %s to %s", (text, start, end) => {
    expect(range(text)).toEqual({ start, end, flexible: true });
  });

  it("keeps the month in progress and moves a passed month to next year", () => {
    expect(range("in May")).toMatchObject({ start: "2026-05-01", end: "2026-05-31" });
    expect(range("sometime in April")).toMatchObject({ start: "2027-04-01", end: "2027-04-30" });
  });

  it("does not read the verbs may and march, or a month with no sign of a date", () => {
    expect(findDates("We may need 6 courts; teams march in at 9", TODAY)).toEqual([]);
    expect(findDates("March Madness themed tournament", TODAY)).toEqual([]);
  });
});

describe("findDates", () => {
  it("says which words each date came from, in order", () => {
    const found = findDates("Either the second weekend of March or March 20-21, 2027", TODAY);
    expect(found.map((d) => [d.span.text, d.start, d.end])).toEqual([
      ["the second weekend of March", "2027-03-13", "2027-03-14"],
      ["March 20-21, 2027", "2027-03-20", "2027-03-21"],
    ]);
  });

  it("reads none in a description without dates", () => {
    expect(findDates("12U girls basketball, 40 teams, 6-8 courts, 300 room nights", TODAY)).toEqual(
      [],
    );
  });

  it("refuses a today that is not a day", () => {
    expect(() => findDates("March 13", "13/03/2026")).toThrow();
  });
});

describe("saysFlexible", () => {
  it("hears flexible and fixed dates", () => {
    expect(saysFlexible("our dates are flexible")?.flexible).toBe(true);
    expect(saysFlexible("some flexibility on dates")?.flexible).toBe(true);
    expect(saysFlexible("dates are not flexible")?.flexible).toBe(false);
    expect(saysFlexible("dates are firm")?.flexible).toBe(false);
    expect(saysFlexible("40 teams")).toBeNull();
  });
});
