// A request's date options: the sets a window holds, the refusals, the words, and how a calendar
// meets each set. Every expected value is counted by hand from a calendar: 1 Jan 2027 is a Friday,
// so 1 Mar 2027 is a Monday, 5 Mar a Friday, 6 Mar a Saturday; 2028 is a leap year.
import { describe, expect, it } from "vitest";
import { ZRequestDates } from "../contracts/request-dates";
import { dateSetFit, type TCalendarRange } from "./availability";
import { weekdayOf } from "./dates";
import {
  awardedDateSet,
  calendarReasons,
  dateSetsFit,
  dateSetsSpan,
  describeRequestDates,
  proposalDateSpan,
  requestDateSets,
  requestDatesProblem,
  type TSetFit,
  weekdaysWords,
  windowDateSets,
  workableSets,
  workableSetsReason,
} from "./request-dates";

const set = (startDate: string, endDate = startDate) => ({ startDate, endDate });
const window = (from: string, to: string, days: number, weekdays: number[] = []) => ({
  kind: "window" as const,
  from,
  to,
  days,
  weekdays,
});

describe("weekdays", () => {
  it("counts from a known Thursday (1 Jan 1970), 0 Sunday to 6 Saturday", () => {
    expect(weekdayOf("1970-01-01")).toBe(4);
    expect(weekdayOf("2027-01-01")).toBe(5);
    expect(weekdayOf("2027-03-01")).toBe(1);
    expect(weekdayOf("2027-03-13")).toBe(6);
    expect(weekdayOf("2027-03-14")).toBe(0);
    expect(weekdayOf("2028-02-29")).toBe(2);
  });

  it("names a run of three or more as a span, across the week's end too, else lists them", () => {
    expect(weekdaysWords([])).toBe("any day");
    expect(weekdaysWords([0, 1, 2, 3, 4, 5, 6])).toBe("any day");
    expect(weekdaysWords([5, 6, 0])).toBe("Fri-Sun");
    expect(weekdaysWords([0, 6, 5])).toBe("Fri-Sun");
    expect(weekdaysWords([5, 6, 0, 1])).toBe("Fri-Mon");
    expect(weekdaysWords([1, 2, 3, 4, 5])).toBe("Mon-Fri");
    expect(weekdaysWords([6, 0])).toBe("Sat, Sun");
    expect(weekdaysWords([3, 1])).toBe("Mon, Wed");
    expect(weekdaysWords([0, 3])).toBe("Wed, Sun");
  });
});

describe("the sets a window holds", () => {
  it("every weekend of a window, Saturday and Sunday", () => {
    // 1 Mar (Monday) to 21 Mar (Sunday): the weekends of the 6th, 13th and 20th.
    expect(windowDateSets(window("2027-03-01", "2027-03-21", 2, [6, 0]))).toEqual([
      set("2027-03-06", "2027-03-07"),
      set("2027-03-13", "2027-03-14"),
      set("2027-03-20", "2027-03-21"),
    ]);
  });

  it("two days Friday to Sunday: Friday-Saturday and Saturday-Sunday of each weekend", () => {
    expect(windowDateSets(window("2027-03-05", "2027-03-14", 2, [5, 6, 0]))).toEqual([
      set("2027-03-05", "2027-03-06"),
      set("2027-03-06", "2027-03-07"),
      set("2027-03-12", "2027-03-13"),
      set("2027-03-13", "2027-03-14"),
    ]);
  });

  it("a set lies wholly inside the window: a weekend cut by its edges does not count", () => {
    // Starts on Saturday the 6th: that weekend has only Sat-Sun for a 3-day Fri-Sun set.
    expect(windowDateSets(window("2027-03-06", "2027-03-14", 3, [5, 6, 0]))).toEqual([
      set("2027-03-12", "2027-03-14"),
    ]);
    // Ends on Saturday the 13th: that weekend's Sunday is outside.
    expect(windowDateSets(window("2027-03-06", "2027-03-13", 2, [6, 0]))).toEqual([
      set("2027-03-06", "2027-03-07"),
    ]);
  });

  it("no weekdays named: any days in a row", () => {
    expect(windowDateSets(window("2027-03-01", "2027-03-03", 1))).toEqual([
      set("2027-03-01"),
      set("2027-03-02"),
      set("2027-03-03"),
    ]);
    expect(windowDateSets(window("2027-03-01", "2027-03-04", 3))).toEqual([
      set("2027-03-01", "2027-03-03"),
      set("2027-03-02", "2027-03-04"),
    ]);
  });

  it("none when the days do not fit", () => {
    // Monday to Thursday holds no weekend.
    expect(windowDateSets(window("2027-03-01", "2027-03-04", 2, [6, 0]))).toEqual([]);
  });
});

describe("a request's date sets", () => {
  const facts = { dateOptions: null, startDate: "2027-03-12", endDate: "2027-03-14" };

  it("its alternative sets, in date order", () => {
    const dateOptions = {
      kind: "sets" as const,
      sets: [set("2027-03-20", "2027-03-21"), set("2027-03-13", "2027-03-14")],
    };
    expect(requestDateSets({ ...facts, dateOptions, hasFlexibleDates: false })).toEqual([
      set("2027-03-13", "2027-03-14"),
      set("2027-03-20", "2027-03-21"),
    ]);
  });

  it("its window's sets", () => {
    const dateOptions = window("2027-03-01", "2027-03-14", 2, [6, 0]);
    expect(requestDateSets({ ...facts, dateOptions, hasFlexibleDates: true })).toEqual([
      set("2027-03-06", "2027-03-07"),
      set("2027-03-13", "2027-03-14"),
    ]);
  });

  it("without options, the event's dates: one set, or any one day of them when flexible", () => {
    expect(requestDateSets({ ...facts, hasFlexibleDates: false })).toEqual([
      set("2027-03-12", "2027-03-14"),
    ]);
    expect(requestDateSets({ ...facts, hasFlexibleDates: true })).toEqual([
      set("2027-03-12"),
      set("2027-03-13"),
      set("2027-03-14"),
    ]);
    expect(requestDateSets({ ...facts, endDate: null, hasFlexibleDates: null })).toEqual([
      set("2027-03-12"),
    ]);
    expect(
      requestDateSets({ ...facts, startDate: null, endDate: null, hasFlexibleDates: null }),
    ).toEqual([]);
  });

  it("their span: the first day and the last any set takes", () => {
    expect(dateSetsSpan([])).toBeNull();
    expect(
      dateSetsSpan([set("2027-03-13", "2027-03-14"), set("2027-03-05", "2027-03-06")]),
    ).toEqual(set("2027-03-05", "2027-03-14"));
    expect(
      dateSetsSpan([set("2027-03-05", "2027-03-20"), set("2027-03-06", "2027-03-07")]),
    ).toEqual(set("2027-03-05", "2027-03-20"));
  });
});

describe("date options refused", () => {
  const TODAY = "2027-01-10";
  const problem = (options: Parameters<typeof requestDatesProblem>[0]) =>
    requestDatesProblem(options, TODAY)?.message ?? null;
  const sets = (...list: { startDate: string; endDate: string }[]) => ({
    kind: "sets" as const,
    sets: list,
  });

  it("none (the event's dates) and sets ahead are kept; every refusal has the one code", () => {
    expect(requestDatesProblem(null, TODAY)).toBeNull();
    expect(problem(sets(set("2027-01-10"), set("2027-03-13", "2027-03-14")))).toBeNull();
    expect(requestDatesProblem(sets(set("2027-01-09")), TODAY)?.code).toBe("REQUEST_DATES_INVALID");
  });

  it("a set in the past, or longer than 21 days", () => {
    expect(problem(sets(set("2027-03-13"), set("2027-01-09", "2027-01-11")))).toBe(
      "A date set cannot start in the past.",
    );
    // 1 to 21 March is 21 days; to the 22nd, 22.
    expect(problem(sets(set("2027-03-01", "2027-03-21")))).toBeNull();
    expect(problem(sets(set("2027-03-01", "2027-03-22")))).toBe("A date set is 21 days at most.");
  });

  it("sets more than 366 days apart, first day to last", () => {
    // 1 Mar 2027 to 1 Mar 2028 is 366 days later (29 Feb 2028 between): 367 days counted both ends.
    expect(problem(sets(set("2027-03-01"), set("2028-02-29")))).toBeNull();
    expect(problem(sets(set("2027-03-01"), set("2028-03-01")))).toBe(
      "The date sets lie within 366 days of each other.",
    );
  });

  it("dates beyond the calendars' reach (1830 days)", () => {
    // 10 Jan 2027 + 1826 days (365 + 366 + 365 + 365 + 365) is 10 Jan 2032; + 4 is the 14th.
    expect(problem(sets(set("2032-01-14")))).toBeNull();
    expect(problem(sets(set("2032-01-15")))).toBe("Date options reach 2032-01-14 at most.");
    expect(problem(window("2031-12-01", "2032-01-15", 1))).toBe(
      "Date options reach 2032-01-14 at most.",
    );
  });

  it("a window in the past, wider than 366 days, or holding no set", () => {
    expect(problem(window("2027-01-09", "2027-03-01", 2))).toBe(
      "The window cannot start in the past.",
    );
    // 1 Feb 2027 to 1 Feb 2028 is 365 days later: 366 counted both ends.
    expect(problem(window("2027-02-01", "2028-02-01", 2))).toBeNull();
    expect(problem(window("2027-02-01", "2028-02-02", 2))).toBe("A window spans 366 days at most.");
    expect(problem(window("2027-03-01", "2027-03-04", 2, [6, 0]))).toBe(
      "No 2 days in a row on Sat, Sun fit in the window.",
    );
    expect(problem(window("2027-03-01", "2027-03-02", 3))).toBe(
      "No 3 days in a row on any day fit in the window.",
    );
  });

  it("shapes the contract refuses: nine sets, a set ending before it starts, 22 days a set", () => {
    const nine = Array.from({ length: 9 }, (_, i) => set(`2027-03-${10 + i}`));
    expect(ZRequestDates.safeParse(sets(...nine)).success).toBe(false);
    expect(ZRequestDates.safeParse(sets(...nine.slice(0, 8))).success).toBe(true);
    expect(ZRequestDates.safeParse(sets(set("2027-03-14", "2027-03-13"))).success).toBe(false);
    expect(ZRequestDates.safeParse(window("2027-03-01", "2027-03-31", 22)).success).toBe(false);
    expect(ZRequestDates.safeParse(window("2027-03-31", "2027-03-01", 2)).success).toBe(false);
    expect(ZRequestDates.safeParse(window("2027-03-01", "2027-03-31", 2, [7])).success).toBe(false);
    // Weekdays left out: any day.
    const parsed = ZRequestDates.parse({
      kind: "window",
      from: "2027-03-01",
      to: "2027-03-31",
      days: 2,
    });
    expect(parsed).toEqual(window("2027-03-01", "2027-03-31", 2));
  });
});

describe("date options in words", () => {
  it("sets in date order, joined by 'or'", () => {
    expect(
      describeRequestDates({
        kind: "sets",
        sets: [set("2027-03-20", "2027-03-21"), set("2027-03-13", "2027-03-14")],
      }),
    ).toBe("Sat, Mar 13th - Sun, Mar 14th, 2027 or Sat, Mar 20th - Sun, Mar 21st, 2027");
  });

  it("a window: the days, the weekdays and its first and last day", () => {
    expect(describeRequestDates(window("2027-03-01", "2027-04-30", 2, [6, 0]))).toBe(
      "2 days in a row, Sat, Sun, between Mon, Mar 1st and Fri, Apr 30th, 2027",
    );
    expect(describeRequestDates(window("2027-03-01", "2027-03-31", 1))).toBe(
      "1 day, between Mon, Mar 1st and Wed, Mar 31st, 2027",
    );
    expect(describeRequestDates(null)).toBeNull();
  });
});

describe("how a calendar meets each set", () => {
  const COURTS = "00000000-0000-4000-8000-000000000001";
  const range = (over: Partial<TCalendarRange>): TCalendarRange => ({
    kind: "booked",
    startDate: "2027-03-14",
    endDate: "2027-03-14",
    spaceTypeId: null,
    spaces: null,
    discountPercent: null,
    ...over,
  });
  const WEEKENDS = [set("2027-03-13", "2027-03-14"), set("2027-03-20", "2027-03-21")];

  it("a booked Sunday takes its weekend; need dates the next one, with their discount", () => {
    const fits = dateSetsFit(
      WEEKENDS,
      [
        range({}),
        range({
          kind: "need",
          startDate: "2027-03-20",
          endDate: "2027-03-21",
          discountPercent: 10,
        }),
      ],
      null,
    );
    expect(fits).toEqual([
      {
        set: WEEKENDS[0],
        free: false,
        takenDays: ["2027-03-14"],
        needDays: [],
        discountPercent: null,
      },
      {
        set: WEEKENDS[1],
        free: true,
        takenDays: [],
        needDays: ["2027-03-20", "2027-03-21"],
        discountPercent: 10,
      },
    ]);
  });

  it("overlapping sets read the same days alike; ranges outside the sets change nothing", () => {
    const sets = [set("2027-03-12", "2027-03-13"), set("2027-03-13", "2027-03-14")];
    const fits = dateSetsFit(
      sets,
      [
        range({ startDate: "2027-03-13", endDate: "2027-03-13" }),
        range({ startDate: "2027-04-01", endDate: "2027-04-30" }),
      ],
      null,
    );
    expect(fits.map((f) => [f.free, f.takenDays])).toEqual([
      [false, ["2027-03-13"]],
      [false, ["2027-03-13"]],
    ]);
    expect(dateSetsFit([], [range({})], null)).toEqual([]);
  });

  it("reads each set as the one-set rule (dateSetFit) reads it, whatever the calendar", () => {
    // Weekends and a Friday-to-Monday of March 2027, against calendars of every kind of range.
    const sets = [
      set("2027-03-05", "2027-03-08"),
      set("2027-03-06", "2027-03-07"),
      set("2027-03-13", "2027-03-14"),
      set("2027-03-20", "2027-03-21"),
    ];
    const ask = { spaces: [{ id: COURTS, count: 4 }], needed: 3 };
    const calendars: TCalendarRange[][] = [
      [],
      [range({ startDate: "2027-02-01", endDate: "2027-03-06" })],
      [range({ kind: "held", startDate: "2027-03-21", endDate: "2027-04-30" })],
      [
        range({ spaceTypeId: COURTS, spaces: 2, startDate: "2027-03-07", endDate: "2027-03-13" }),
        range({ kind: "need", startDate: "2027-03-05", endDate: "2027-03-06", discountPercent: 5 }),
        range({
          kind: "need",
          startDate: "2027-03-06",
          endDate: "2027-03-20",
          discountPercent: 25,
        }),
      ],
      [range({ spaceTypeId: COURTS, spaces: 1, startDate: "2027-03-14", endDate: "2027-03-14" })],
    ];
    for (const calendar of calendars) {
      for (const asked of [ask, null]) {
        expect(dateSetsFit(sets, calendar, asked)).toEqual(
          sets.map((s) => ({ set: s, ...dateSetFit(s, calendar, asked) })),
        );
      }
    }
  });

  it("counts the asked spaces: 1 of 4 courts booked leaves 3, short of 4 asked", () => {
    const ask = { spaces: [{ id: COURTS, count: 4 }], needed: 4 };
    const booked = range({ spaceTypeId: COURTS, spaces: 1, startDate: "2027-03-13" });
    const fits = dateSetsFit(WEEKENDS, [booked], ask);
    expect(fits.map((f) => f.takenDays)).toEqual([["2027-03-13", "2027-03-14"], []]);
    const three = { spaces: [{ id: COURTS, count: 4 }], needed: 3 };
    expect(dateSetsFit(WEEKENDS, [booked], three).every((f) => f.free)).toBe(true);
  });
});

describe("the sets a venue can take, best first", () => {
  const fit = (
    startDate: string,
    free: boolean,
    needDays: string[] = [],
    discountPercent: number | null = null,
  ): TSetFit => ({
    set: set(startDate, startDate),
    free,
    takenDays: free ? [] : [startDate],
    needDays,
    discountPercent,
  });

  it("free sets with the most need days first, then the biggest discount, then by date", () => {
    const plain = fit("2027-03-06", true);
    const taken = fit("2027-03-07", false, ["2027-03-07"], 50);
    const oneNeed = fit("2027-03-08", true, ["2027-03-08"], 5);
    const twoNeeds = fit("2027-03-09", true, ["a", "b"]);
    const twoNeedsOff = fit("2027-03-10", true, ["a", "b"], 20);
    const laterPlain = fit("2027-03-11", true);
    expect(workableSets([plain, taken, oneNeed, twoNeeds, twoNeedsOff, laterPlain])).toEqual([
      twoNeedsOff,
      twoNeeds,
      oneNeed,
      plain,
      laterPlain,
    ]);
    expect(workableSets([taken])).toEqual([]);
  });
});

describe("what a lead says of the calendar", () => {
  const A = set("2027-03-13", "2027-03-14");
  const B = set("2027-03-20", "2027-03-21");
  const C = set("2027-03-27", "2027-03-28");
  const D = set("2027-04-03", "2027-04-04");
  const E = set("2027-04-10", "2027-04-11");
  const WORDS = {
    A: "Sat, Mar 13th - Sun, Mar 14th, 2027",
    B: "Sat, Mar 20th - Sun, Mar 21st, 2027",
    C: "Sat, Mar 27th - Sun, Mar 28th, 2027",
  };

  it("names at most three free sets, and counts the rest", () => {
    expect(workableSetsReason([A], 1)).toBe("Free on your calendar");
    expect(workableSetsReason([A], 8)).toBe(`Free on ${WORDS.A} of your 8 date options`);
    expect(workableSetsReason([A, B], 8)).toBe(
      `Free on ${WORDS.A} and ${WORDS.B} of your 8 date options`,
    );
    expect(workableSetsReason([A, B, C], 3)).toBe(
      `Free on ${WORDS.A}, ${WORDS.B} and ${WORDS.C} of your 3 date options`,
    );
    expect(workableSetsReason([A, B, C, D, E], 8)).toBe(
      `Free on ${WORDS.A}, ${WORDS.B}, ${WORDS.C} and 2 more of your 8 date options`,
    );
  });

  const fitOf = (s: typeof A, needDays: string[] = [], discountPercent: number | null = null) => ({
    set: s,
    free: true,
    takenDays: [],
    needDays,
    discountPercent,
  });

  it("need dates first, the free sets last; no calendar, or one set, as a lone set's lead said", () => {
    expect(calendarReasons(null, 4)).toEqual({ first: [], last: ["Calendar not kept"] });
    expect(calendarReasons([fitOf(B, ["2027-03-20", "2027-03-21"], 10), fitOf(A)], 4)).toEqual({
      first: [`You marked ${WORDS.B} as need dates (10% off)`],
      last: [`Free on ${WORDS.B} and ${WORDS.A} of your 4 date options`],
    });
    expect(calendarReasons([fitOf(A)], 4)).toEqual({
      first: [],
      last: [`Free on ${WORDS.A} of your 4 date options`],
    });
    expect(calendarReasons([fitOf(A, ["2027-03-14"])], 1)).toEqual({
      first: ["You marked Sun, Mar 14th, 2027 as need dates"],
      last: [],
    });
    expect(calendarReasons([fitOf(A)], 1)).toEqual({
      first: [],
      last: ["Free on your calendar"],
    });
  });
});

describe("the days an award books", () => {
  const june = { startDate: "2031-06-12", endDate: "2031-06-14" };
  const july = { startDate: "2031-07-10", endDate: "2031-07-12" };

  it("is the one set a request has, whatever the proposal names", () => {
    expect(awardedDateSet([june], [])).toEqual(june);
    expect(awardedDateSet([june], ["2031-06-12"])).toEqual(june);
  });

  it("is the one set of several that holds every date the proposal names", () => {
    expect(awardedDateSet([june, july], ["2031-07-10", "2031-07-11"])).toEqual(july);
  });

  it("is none while the proposal does not settle which set", () => {
    expect(awardedDateSet([june, july], [])).toBeNull();
    expect(awardedDateSet([june, july], ["2031-06-12", "2031-07-10"])).toBeNull();
    expect(awardedDateSet([], ["2031-06-12"])).toBeNull();
    // Flexible dates: one set a day; three days fit in none of them.
    const days = [
      { startDate: "2031-06-12", endDate: "2031-06-12" },
      { startDate: "2031-06-13", endDate: "2031-06-13" },
    ];
    expect(awardedDateSet(days, ["2031-06-12", "2031-06-13"])).toBeNull();
  });
});

describe("the days a proposal may name", () => {
  const event = { startDate: "2031-06-12", endDate: "2031-06-14" };

  it("are the event's without date options", () => {
    expect(proposalDateSpan(event, null)).toEqual(event);
  });

  it("reach every alternative set and the whole window", () => {
    const sets = {
      kind: "sets" as const,
      sets: [
        { startDate: "2031-05-30", endDate: "2031-05-31" },
        { startDate: "2031-07-04", endDate: "2031-07-05" },
      ],
    };
    expect(proposalDateSpan(event, sets)).toEqual({
      startDate: "2031-05-30",
      endDate: "2031-07-05",
    });
    // Weekends of 1-30 June 2031: Sun 1 stands alone, so the first is Sat 7-Sun 8, the last 28-29.
    const window = {
      kind: "window" as const,
      from: "2031-06-01",
      to: "2031-06-30",
      days: 2,
      weekdays: [6, 0],
    };
    expect(proposalDateSpan(event, window)).toEqual({
      startDate: "2031-06-07",
      endDate: "2031-06-29",
    });
  });
});
