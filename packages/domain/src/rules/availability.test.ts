import { describe, expect, it } from "vitest";
import {
  availabilityReason,
  dateSetFit,
  eachDay,
  expandRepeat,
  rangeDateProblem,
  rangesOverlap,
  type TCalendarRange,
} from "./availability";

// A Friday-to-Sunday tournament.
const SET = { startDate: "2031-03-14", endDate: "2031-03-16" };
const COURTS = "00000000-0000-4000-8000-000000000001";
const FIELDS = "00000000-0000-4000-8000-000000000002";
/** 4 courts (one space type) and 2 more courts of another surface; 4 are asked. */
const ASK = {
  spaces: [
    { id: COURTS, count: 4 },
    { id: FIELDS, count: 2 },
  ],
  needed: 4,
};

const range = (over: Partial<TCalendarRange>): TCalendarRange => ({
  kind: "booked",
  startDate: "2031-03-15",
  endDate: "2031-03-15",
  spaceTypeId: null,
  spaces: null,
  discountPercent: null,
  ...over,
});

describe("how a calendar meets a request's dates", () => {
  it("an empty calendar is free on every day", () => {
    expect(dateSetFit(SET, [], ASK)).toEqual({
      free: true,
      takenDays: [],
      needDays: [],
      discountPercent: null,
    });
  });

  it("a day booked or held for the whole venue takes it; ranges elsewhere do not", () => {
    expect(dateSetFit(SET, [range({})], ASK).takenDays).toEqual(["2031-03-15"]);
    expect(dateSetFit(SET, [range({ kind: "held" })], null).free).toBe(false);
    const before = range({ startDate: "2031-03-01", endDate: "2031-03-13" });
    expect(dateSetFit(SET, [before], ASK).free).toBe(true);
  });

  it("spaces booked count against the asked spaces: free while enough are left", () => {
    // 2 of the 4 courts booked: 2 + 2 left, 4 needed.
    const two = range({ spaceTypeId: COURTS, spaces: 2 });
    expect(dateSetFit(SET, [two], ASK).free).toBe(true);
    // And one of the others: 3 left.
    const one = range({ spaceTypeId: FIELDS, spaces: 1 });
    expect(dateSetFit(SET, [two, one], ASK).takenDays).toEqual(["2031-03-15"]);
    // A space type's range without a number takes all its spaces.
    expect(dateSetFit(SET, [range({ spaceTypeId: COURTS })], ASK).free).toBe(false);
    // More booked than it has counts as none left, not fewer than none.
    const over = range({ spaceTypeId: FIELDS, spaces: 9 });
    expect(dateSetFit(SET, [over], ASK).free).toBe(true);
  });

  it("need dates for the venue or an asked space, with the best discount among them", () => {
    const need = range({
      kind: "need",
      startDate: "2031-03-14",
      endDate: "2031-03-15",
      discountPercent: 10,
    });
    const courtsNeed = range({
      kind: "need",
      startDate: "2031-03-16",
      endDate: "2031-03-16",
      spaceTypeId: COURTS,
      discountPercent: 20,
    });
    const fit = dateSetFit(SET, [need, courtsNeed], ASK);
    expect(fit).toEqual({
      free: true,
      takenDays: [],
      needDays: ["2031-03-14", "2031-03-15", "2031-03-16"],
      discountPercent: 20,
    });
    expect(availabilityReason(fit)).toBe(
      "You marked Fri, Mar 14th - Sun, Mar 16th, 2031 as need dates (20% off)",
    );
    // A need range of a space type not asked for says nothing.
    const other = { spaces: [{ id: FIELDS, count: 6 }], needed: 4 };
    expect(dateSetFit(SET, [courtsNeed], other).needDays).toEqual([]);
  });

  it("reads as free, taken or not kept", () => {
    expect(availabilityReason(null)).toBe("Calendar not kept");
    expect(availabilityReason(dateSetFit(SET, [], null))).toBe("Free on your calendar");
    expect(availabilityReason(dateSetFit(SET, [range({})], null))).toBe("Taken on your calendar");
  });
});

describe("writing ranges", () => {
  it("a weekly rule makes one day a week on each weekday it names", () => {
    // 2031-03-02 is a Sunday.
    expect(
      expandRepeat({
        startDate: "2031-03-02",
        endDate: "2031-03-02",
        repeat: { weekdays: [0, 6], until: "2031-03-16" },
      }).map((r) => r.startDate),
    ).toEqual(["2031-03-02", "2031-03-08", "2031-03-09", "2031-03-15", "2031-03-16"]);
    expect(expandRepeat({ ...SET, repeat: null })).toEqual([SET]);
  });

  it("a range a year long at most, and three years ahead at most", () => {
    const today = "2031-01-01";
    expect(rangeDateProblem(SET, today)).toBeNull();
    expect(rangeDateProblem({ startDate: "2031-01-01", endDate: "2032-01-02" }, today)?.code).toBe(
      "AVAILABILITY_TOO_LONG",
    );
    expect(rangeDateProblem({ startDate: "2131-01-01", endDate: "2131-01-02" }, today)?.code).toBe(
      "AVAILABILITY_TOO_FAR",
    );
  });

  it("ranges about the same spaces overlap when they share a day", () => {
    const a = { ...SET, spaceTypeId: null };
    expect(
      rangesOverlap(a, { startDate: "2031-03-16", endDate: "2031-03-20", spaceTypeId: null }),
    ).toBe(true);
    expect(
      rangesOverlap(a, { startDate: "2031-03-17", endDate: "2031-03-20", spaceTypeId: null }),
    ).toBe(false);
    expect(rangesOverlap(a, { ...SET, spaceTypeId: COURTS })).toBe(false);
    expect(eachDay("2031-02-27", "2031-03-01")).toEqual(["2031-02-27", "2031-02-28", "2031-03-01"]);
  });
});
