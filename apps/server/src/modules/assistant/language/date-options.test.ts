// Flexible date phrases read as a request's date options, against a fixed today; every expected
// day is worked out from the calendar in the comments, not from the code.
import { describe, expect, it } from "vitest";
import { findDateOptions } from "./date-options";
import { findDates } from "./dates";

// Calendar facts used below:
// Today, 2026-05-20, is a Wednesday. 2026-05-01 is a Friday, so June 2026 starts on a Monday
// (Saturdays 6, 13, 20, 27); Memorial Day 2026 is Monday 25 May, Labor Day Monday 7 September.
// 2027-03-01 is a Monday (Saturdays 6, 13, 20, 27); 2027-05-01 is a Saturday (61 days later).
const TODAY = "2026-05-20";

function read(text: string, today = TODAY) {
  const mentions = findDates(text, today);
  const reading = findDateOptions(
    text,
    today,
    mentions,
    mentions.map((m) => m.span),
  );
  return reading && { options: reading.options, start: reading.start, end: reading.end };
}

const window = (from: string, to: string, days: number, weekdays: number[]) => ({
  options: { kind: "window", from, to, days, weekdays },
  start: from,
  end: to,
});

const sets = (...list: [string, string][]) => ({
  options: {
    kind: "sets",
    sets: list.map(([startDate, endDate]) => ({ startDate, endDate })),
  },
  start: list[0]![0],
  end: list.at(-1)![1],
});

describe("a window: a unit of days over a period", () => {
  it.each([
    // March and April 2027 (March 2026 is over): any Saturday and Sunday in them.
    ["a weekend in March or April", window("2027-03-01", "2027-04-30", 2, [6, 0])],
    ["A weekend in March/April", window("2027-03-01", "2027-04-30", 2, [6, 0])],
    ["one weekend between March and May", window("2027-03-01", "2027-05-31", 2, [6, 0])],
    ["any weekend in June", window("2026-06-01", "2026-06-30", 2, [6, 0])],
    ["any open weekend during July", window("2026-07-01", "2026-07-31", 2, [6, 0])],
    ["any of the weekends in August 2027", window("2027-08-01", "2027-08-31", 2, [6, 0])],
    // This fall: September to November 2026.
    ["a weekend this fall", window("2026-09-01", "2026-11-30", 2, [6, 0])],
    // Late March (21st on) and early April (to the 10th), 2027.
    ["a weekend in late March or early April", window("2027-03-21", "2027-04-10", 2, [6, 0])],
    ["a long weekend in September", window("2026-09-01", "2026-09-30", 3, [5, 6, 0, 1])],
    ["a 3-day weekend in October", window("2026-10-01", "2026-10-31", 3, [5, 6, 0, 1])],
  ])("%j", (text, expected) => {
    expect(read(text)).toEqual(expected);
  });

  it.each([
    // May 1 has passed this year: May 1 to June 15, 2027.
    ["two days in a row between May 1 and June 15", window("2027-05-01", "2027-06-15", 2, [])],
    ["3 consecutive days sometime in July", window("2026-07-01", "2026-07-31", 3, [])],
    ["four straight days in August", window("2026-08-01", "2026-08-31", 4, [])],
    ["a 3-day tournament sometime in July", window("2026-07-01", "2026-07-31", 3, [])],
    ["two consecutive weekend days in June or July", window("2026-06-01", "2026-07-31", 2, [6, 0])],
    ["3 weekdays in a row in August", window("2026-08-01", "2026-08-31", 3, [1, 2, 3, 4, 5])],
    ["any weekday in June", window("2026-06-01", "2026-06-30", 1, [1, 2, 3, 4, 5])],
    ["a two-day event in late June", window("2026-06-21", "2026-06-30", 2, [])],
    ["any Friday to Sunday in June", window("2026-06-01", "2026-06-30", 3, [5, 6, 0])],
    ["a Fri-Sun in June or July", window("2026-06-01", "2026-07-31", 3, [5, 6, 0])],
    [
      "Friday through Monday sometime in September",
      window("2026-09-01", "2026-09-30", 4, [5, 6, 0, 1]),
    ],
    ["any Saturday in October", window("2026-10-01", "2026-10-31", 1, [6])],
    ["a Saturday or Sunday in October", window("2026-10-01", "2026-10-31", 1, [6, 0])],
    [
      "2 consecutive days, Friday to Sunday, any weekend between March 1 and April 30",
      window("2027-03-01", "2027-04-30", 2, [5, 6, 0]),
    ],
  ])("%j", (text, expected) => {
    expect(read(text)).toEqual(expected);
  });

  it("starts today when the period has begun", () => {
    // May 2026 runs until the 31st: from today, Wednesday 20 May.
    expect(read("any weekend in May")).toEqual(window("2026-05-20", "2026-05-31", 2, [6, 0]));
  });

  it("reads the unit inside a longer description", () => {
    expect(
      read(
        "12U girls basketball, 40 teams, 6 hardwood courts, near Indianapolis, a weekend in March or April, about 300 room nights",
      ),
    ).toEqual(window("2027-03-01", "2027-04-30", 2, [6, 0]));
  });
});

describe("alternative date sets joined by 'or'", () => {
  it.each([
    [
      "March 14-15 or March 21-22",
      sets(["2027-03-14", "2027-03-15"], ["2027-03-21", "2027-03-22"]),
    ],
    ["March 14-15 or 21-22", sets(["2027-03-14", "2027-03-15"], ["2027-03-21", "2027-03-22"])],
    [
      "either June 6-7 or June 13-14",
      sets(["2026-06-06", "2026-06-07"], ["2026-06-13", "2026-06-14"]),
    ],
    [
      "June 6-7, June 13-14 or June 20-21",
      sets(
        ["2026-06-06", "2026-06-07"],
        ["2026-06-13", "2026-06-14"],
        ["2026-06-20", "2026-06-21"],
      ),
    ],
    [
      "June 6-7, 13-14, or 20-21",
      sets(
        ["2026-06-06", "2026-06-07"],
        ["2026-06-13", "2026-06-14"],
        ["2026-06-20", "2026-06-21"],
      ),
    ],
    // A single day after a 3-day range is another 3 days.
    ["July 10-12 or 17", sets(["2026-07-10", "2026-07-12"], ["2026-07-17", "2026-07-19"])],
    ["June 6 or June 13", sets(["2026-06-06", "2026-06-06"], ["2026-06-13", "2026-06-13"])],
    // 13 March 2027 is a Saturday; so is the 20th.
    [
      "the weekend of March 13 or March 20",
      sets(["2027-03-13", "2027-03-14"], ["2027-03-20", "2027-03-21"]),
    ],
    [
      "the weekend of March 13 or 20",
      sets(["2027-03-13", "2027-03-14"], ["2027-03-20", "2027-03-21"]),
    ],
    // May 2026's first two weekends (2-3, 9-10) have passed: May 2027's (1-2, 8-9).
    [
      "the first or second weekend of May",
      sets(["2027-05-01", "2027-05-02"], ["2027-05-08", "2027-05-09"]),
    ],
    [
      "first, second or third weekend of June",
      sets(
        ["2026-06-06", "2026-06-07"],
        ["2026-06-13", "2026-06-14"],
        ["2026-06-20", "2026-06-21"],
      ),
    ],
    // Saturday to Monday around each holiday.
    [
      "Memorial Day weekend or Labor Day weekend",
      sets(["2026-05-23", "2026-05-25"], ["2026-09-05", "2026-09-07"]),
    ],
    [
      "3/14-3/15/2027 or 3/21-3/22/2027",
      sets(["2027-03-14", "2027-03-15"], ["2027-03-21", "2027-03-22"]),
    ],
  ])("%j", (text, expected) => {
    expect(read(text)).toEqual(expected);
  });

  it("sets win over a window that would hold them", () => {
    expect(read("any weekend: March 13-14 or March 20-21")).toEqual(
      sets(["2027-03-13", "2027-03-14"], ["2027-03-20", "2027-03-21"]),
    );
  });

  it("keeps the ones still ahead, at most eight", () => {
    const nine = Array.from({ length: 9 }, (_, i) => `June ${i + 1}`)
      .join(", ")
      .replace(/, (June 9)$/, " or $1");
    const read9 = read(nine)!;
    expect(read9.options).toMatchObject({ kind: "sets" });
    expect((read9.options as { sets: unknown[] }).sets).toHaveLength(8);
  });
});

describe("a run of months without a unit", () => {
  it.each([
    ["sometime in March or April", "2027-03-01", "2027-04-30"],
    ["in November or January", "2026-11-01", "2027-01-31"],
    ["June through August 2027", "2027-06-01", "2027-08-31"],
  ])("%j: from the first month's first day to the last's last, no options", (text, start, end) => {
    expect(read(text)).toEqual({ options: null, start, end });
  });
});

describe("nothing flexible said", () => {
  it.each([
    "March 13-15",
    "the weekend of March 14",
    "second weekend of March",
    "sometime in June",
    // Days of a fixed event, described.
    "Saturday and Sunday, March 13-14",
    "a weekend tournament, March 13-15",
    "a 3-day tournament, March 13-15",
    "basketball and soccer over one weekend, July 23-25",
    "pool play Saturday, bracket play Sunday - the weekend of April 10",
    "Friday and Saturday nights",
    "we may or may not need 6 courts",
    // No period to look in.
    "any weekend works",
    // Commas are a list of days, not alternatives.
    "June 6, June 13",
  ])("%j", (text) => {
    expect(read(text)).toBeNull();
  });
});
