import { describe, expect, it } from "vitest";
import {
  addDateSet,
  changeDateSet,
  DATE_ERROR_KEYS,
  dateOptionsErrors,
  dateOptionsFromDraft,
  dateOptionsOf,
  dateOptionsValuesFrom,
  datesSummary,
  EVENT_DATES,
  isPicked,
  pickWeekdays,
  removeDateSet,
  type TDateOptionsValues,
  toggleWeekday,
  withKind,
} from "./date-options-rules";

const TODAY = "2027-01-10";
/** Sat, Mar 13th - Sun, Mar 14th, 2027. */
const EVENT = { startDate: "2027-03-13", endDate: "2027-03-14" };

const sets = (...pairs: [string, string][]): TDateOptionsValues => ({
  ...EVENT_DATES,
  kind: "sets",
  sets: pairs.map(([startDate, endDate]) => ({ startDate, endDate })),
});

const window = (
  from: string,
  to: string,
  days: string,
  weekdays: number[] = [],
): TDateOptionsValues => ({ ...EVENT_DATES, kind: "window", from, to, days, weekdays });

describe("choosing how the dates work", () => {
  it("the event's dates make no options", () => {
    expect(dateOptionsOf(EVENT_DATES)).toBeNull();
    expect(dateOptionsErrors(EVENT_DATES, TODAY)).toEqual({});
    expect(datesSummary(EVENT_DATES)).toBeNull();
  });

  it("alternative dates start with one set of the event's dates", () => {
    expect(withKind(EVENT_DATES, "sets", EVENT).sets).toEqual([EVENT]);
    // Without event dates, the set is empty.
    expect(withKind(EVENT_DATES, "sets", null).sets).toEqual([{ startDate: "", endDate: "" }]);
  });

  it("a window starts over the event's dates, as many days as the event lasts", () => {
    const started = withKind(EVENT_DATES, "window", {
      startDate: "2027-06-11",
      endDate: "2027-06-13",
    });
    expect(started).toMatchObject({ from: "2027-06-11", to: "2027-06-13", days: "3" });
  });

  it("switching keeps what each kind holds", () => {
    const typed = { ...window("2027-03-01", "2027-04-30", "2", [6, 0]) };
    const away = withKind(typed, "sets", EVENT);
    const back = withKind(away, "window", EVENT);
    expect(back).toMatchObject({ from: "2027-03-01", to: "2027-04-30", days: "2" });
    expect(back.weekdays).toEqual([6, 0]);
  });
});

describe("date sets", () => {
  it("are added up to 8 and removed by place", () => {
    let values = sets(["2027-03-13", "2027-03-14"]);
    for (let i = 0; i < 10; i += 1) values = addDateSet(values);
    expect(values.sets).toHaveLength(8);
    values = removeDateSet(changeDateSet(values, 1, "startDate", "2027-03-20"), 0);
    expect(values.sets[0]).toEqual({ startDate: "2027-03-20", endDate: "2027-03-20" });
    expect(values.sets).toHaveLength(7);
  });

  it("a first day after the last moves the last with it; an earlier one leaves it", () => {
    const values = sets(["2027-03-13", "2027-03-14"]);
    expect(changeDateSet(values, 0, "startDate", "2027-03-20").sets[0]).toEqual({
      startDate: "2027-03-20",
      endDate: "2027-03-20",
    });
    expect(changeDateSet(values, 0, "startDate", "2027-03-12").sets[0]).toEqual({
      startDate: "2027-03-12",
      endDate: "2027-03-14",
    });
  });

  it("make the contract's object", () => {
    expect(dateOptionsOf(sets(["2027-03-13", "2027-03-14"], ["2027-03-20", "2027-03-21"]))).toEqual(
      {
        kind: "sets",
        sets: [
          { startDate: "2027-03-13", endDate: "2027-03-14" },
          { startDate: "2027-03-20", endDate: "2027-03-21" },
        ],
      },
    );
  });

  it("say which day is missing or upside down, beside its input", () => {
    const errors = dateOptionsErrors(
      sets(["", ""], ["2027-03-21", "2027-03-20"], ["2027-03-27", "2027-03-28"]),
      TODAY,
    );
    expect(errors).toEqual({
      [DATE_ERROR_KEYS.setStart(0)]: "Enter the first day.",
      [DATE_ERROR_KEYS.setEnd(0)]: "Enter the last day.",
      [DATE_ERROR_KEYS.setEnd(1)]: "A date set cannot end before it starts",
    });
  });

  it("a set in the past or longer than 21 days has the server's message, on its row", () => {
    const errors = dateOptionsErrors(
      sets(
        ["2027-01-09", "2027-01-10"],
        ["2027-03-13", "2027-03-14"],
        ["2027-04-01", "2027-04-22"],
      ),
      TODAY,
    );
    expect(errors).toEqual({
      [DATE_ERROR_KEYS.set(0)]: "A date set cannot start in the past.",
      [DATE_ERROR_KEYS.set(2)]: "A date set is 21 days at most.",
    });
    // Today itself is fine, and so are 21 days (Apr 1 to Apr 21).
    expect(
      dateOptionsErrors(sets(["2027-01-10", "2027-01-10"], ["2027-04-01", "2027-04-21"]), TODAY),
    ).toEqual({});
  });

  it("are summed up in words, with how many there are", () => {
    expect(datesSummary(sets(["2027-03-20", "2027-03-21"], ["2027-03-13", "2027-03-14"]))).toEqual({
      words: "Sat, Mar 13th - Sun, Mar 14th, 2027 or Sat, Mar 20th - Sun, Mar 21st, 2027",
      setCount: 2,
    });
    expect(datesSummary(sets(["2027-03-20", ""]))).toBeNull();
  });
});

describe("a window", () => {
  it("makes the contract's object, days as a number", () => {
    expect(dateOptionsOf(window("2027-03-01", "2027-04-30", "2", [5, 6, 0]))).toEqual({
      kind: "window",
      from: "2027-03-01",
      to: "2027-04-30",
      days: 2,
      weekdays: [5, 6, 0],
    });
  });

  it("says what is missing or out of range beside its input", () => {
    expect(dateOptionsErrors(window("", "", ""), TODAY)).toEqual({
      [DATE_ERROR_KEYS.from]: "Enter the window's first day.",
      [DATE_ERROR_KEYS.to]: "Enter the window's last day.",
      [DATE_ERROR_KEYS.days]: "Enter a number of days from 1 to 21.",
    });
    expect(dateOptionsErrors(window("2027-03-01", "2027-04-30", "22"), TODAY)).toEqual({
      [DATE_ERROR_KEYS.days]: "Enter a number of days from 1 to 21.",
    });
    expect(dateOptionsErrors(window("2027-04-30", "2027-03-01", "2"), TODAY)).toEqual({
      [DATE_ERROR_KEYS.to]: "A window cannot end before it starts",
    });
  });

  it("that cannot be kept has the server's message for the whole window", () => {
    // Three days in a row on Saturdays and Sundays: never.
    expect(dateOptionsErrors(window("2027-03-01", "2027-04-30", "3", [6, 0]), TODAY)).toEqual({
      [DATE_ERROR_KEYS.options]: "No 3 days in a row on Sat, Sun fit in the window.",
    });
    expect(dateOptionsErrors(window("2027-01-09", "2027-02-28", "1"), TODAY)).toEqual({
      [DATE_ERROR_KEYS.options]: "The window cannot start in the past.",
    });
    // Jan 10, 2027 to Jan 10, 2028 is 366 days; one more is too many.
    expect(dateOptionsErrors(window("2027-01-10", "2028-01-10", "1"), TODAY)).toEqual({});
    expect(dateOptionsErrors(window("2027-01-10", "2028-01-11", "1"), TODAY)).toEqual({
      [DATE_ERROR_KEYS.options]: "A window spans 366 days at most.",
    });
  });

  it("is summed up with the date sets it holds", () => {
    // Mar 1 (a Monday) to Apr 30, 2027 (a Friday): eight full Fri-Sun weekends (Mar 5 … Apr 25),
    // each holding Fri-Sat and Sat-Sun; Friday Apr 30 alone holds none.
    expect(datesSummary(window("2027-03-01", "2027-04-30", "2", [5, 6, 0]))).toEqual({
      words: "2 days in a row, Fri-Sun, between Mon, Mar 1st and Fri, Apr 30th, 2027",
      setCount: 16,
    });
    // Any day, one day: each of the 61 days of March and April.
    expect(datesSummary(window("2027-03-01", "2027-04-30", "1"))?.setCount).toBe(61);
    // No set fits: the summary says none.
    expect(datesSummary(window("2027-03-01", "2027-04-30", "3", [6, 0]))?.setCount).toBe(0);
    // A span past the contract is not counted day by day.
    expect(datesSummary(window("2027-01-10", "2099-01-10", "1"))).toBeNull();
  });

  it("weekdays are ticked and picked, listed Monday first", () => {
    let values = window("2027-03-01", "2027-04-30", "3");
    values = toggleWeekday(toggleWeekday(values, 0), 6);
    expect(values.weekdays).toEqual([6, 0]);
    expect(isPicked(values, [6, 0])).toBe(true);
    expect(toggleWeekday(values, 6).weekdays).toEqual([0]);
    // A weekend holds 2 days in a row: the 3 asked become 2; Fri-Sun keeps 2.
    const weekend = pickWeekdays(values, [6, 0]);
    expect(weekend).toMatchObject({ weekdays: [6, 0], days: "2" });
    expect(pickWeekdays(weekend, [5, 6, 0])).toMatchObject({ weekdays: [5, 6, 0], days: "2" });
    // Any day keeps the days.
    expect(pickWeekdays(values, [])).toMatchObject({ weekdays: [], days: "3" });
  });
});

describe("options from elsewhere", () => {
  it("a stored request's options fill the inputs", () => {
    expect(
      dateOptionsValuesFrom({
        kind: "window",
        from: "2027-03-01",
        to: "2027-04-30",
        days: 2,
        weekdays: [0, 6],
      }),
    ).toEqual(window("2027-03-01", "2027-04-30", "2", [6, 0]));
    expect(dateOptionsValuesFrom(null)).toEqual(EVENT_DATES);
  });

  it("an assistant's draft with options fills them; one without leaves the inputs", () => {
    const typed = sets(["2027-03-13", "2027-03-14"]);
    const draft = {
      dateOptions: {
        kind: "window" as const,
        from: "2027-03-01",
        to: "2027-04-30",
        days: 2,
        weekdays: [6, 0],
      },
    };
    expect(dateOptionsFromDraft(draft, typed)).toEqual(
      window("2027-03-01", "2027-04-30", "2", [6, 0]),
    );
    expect(dateOptionsFromDraft({ dateOptions: null }, typed)).toBe(typed);
  });
});
