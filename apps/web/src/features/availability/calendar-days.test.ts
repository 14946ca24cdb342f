import type { TAvailabilityRange } from "@hostfield/domain/contracts";
import { describe, expect, it } from "vitest";
import { dayStateLabel, dayStates, spaceNoun } from "./calendar-days";

const range = (over: Partial<TAvailabilityRange>): TAvailabilityRange => ({
  id: "00000000-0000-4000-8000-000000000001",
  kind: "booked",
  startDate: "2031-03-14",
  endDate: "2031-03-15",
  spaceTypeId: null,
  spaces: null,
  discountPercent: null,
  note: null,
  source: "manual",
  eventId: null,
  createdDate: "2031-01-01T00:00:00.000Z",
  ...over,
});

describe("what the calendar says of each day", () => {
  it("booked beats held, partly and need; need dates keep their best discount", () => {
    const days = dayStates(
      [
        range({
          kind: "need",
          startDate: "2031-03-13",
          endDate: "2031-03-16",
          discountPercent: 10,
        }),
        range({
          kind: "need",
          startDate: "2031-03-16",
          endDate: "2031-03-16",
          discountPercent: 25,
        }),
        range({ kind: "held", startDate: "2031-03-15", endDate: "2031-03-15" }),
        range({ kind: "booked", startDate: "2031-03-14", endDate: "2031-03-14" }),
        range({
          kind: "booked",
          startDate: "2031-03-13",
          endDate: "2031-03-13",
          spaceTypeId: "00000000-0000-4000-8000-000000000009",
          spaces: 2,
        }),
      ],
      "2031-03-01",
      "2031-03-31",
    );
    expect(Object.fromEntries([...days].map(([day, s]) => [day, dayStateLabel(s)]))).toEqual({
      "2031-03-13": "Partly booked",
      "2031-03-14": "Booked",
      "2031-03-15": "Held",
      "2031-03-16": "Need dates, 25% off",
    });
  });

  it("keeps to the window asked", () => {
    const days = dayStates(
      [range({ startDate: "2031-02-27", endDate: "2031-03-02" })],
      "2031-03-01",
      "2031-03-31",
    );
    expect([...days.keys()]).toEqual(["2031-03-01", "2031-03-02"]);
  });
});

describe("a day where some of a facility's spaces are taken", () => {
  const COURTS = {
    id: "00000000-0000-4000-8000-0000000000c1",
    name: "Court",
    count: 4,
    surface: "Hardwood",
    location: "Indoor",
  };
  const POOL = { ...COURTS, id: "00000000-0000-4000-8000-0000000000c2", name: "Pool", count: 1 };
  const part = (over: Partial<TAvailabilityRange>) =>
    range({ startDate: "2031-03-14", endDate: "2031-03-14", spaceTypeId: COURTS.id, ...over });
  const labelOn = (ranges: TAvailabilityRange[], spaces = [COURTS, POOL]) =>
    dayStateLabel(dayStates(ranges, "2031-03-01", "2031-03-31").get("2031-03-14")!, spaces);

  it("says how many of which spaces are taken, adding up the ranges of the day", () => {
    expect(labelOn([part({ spaces: 2 })])).toBe("2 of 4 courts booked");
    expect(
      labelOn([
        part({ spaces: 1 }),
        part({ id: "00000000-0000-4000-8000-000000000002", spaces: 2 }),
      ]),
    ).toBe("3 of 4 courts booked");
    expect(labelOn([part({ spaces: null, kind: "held" })])).toBe("All 4 courts held");
    expect(labelOn([part({ spaceTypeId: POOL.id, spaces: null })])).toBe("The pool booked");
    expect(
      labelOn([
        part({ spaces: 1 }),
        part({ id: "00000000-0000-4000-8000-000000000003", spaceTypeId: POOL.id, kind: "held" }),
      ]),
    ).toBe("1 of 4 courts, 1 of 1 pool taken");
  });

  it("is partly booked while the space types are unknown, and booked when the whole venue is", () => {
    expect(labelOn([part({ spaces: 2 })], [])).toBe("Partly booked");
    expect(
      dayStateLabel(
        dayStates([part({ spaces: 2 })], "2031-03-01", "2031-03-31").get("2031-03-14")!,
      ),
    ).toBe("Partly booked");
    expect(
      labelOn([part({ spaces: 2 }), range({ id: "00000000-0000-4000-8000-000000000004" })]),
    ).toBe("Booked");
  });

  it("names the spaces in the plural as people say them", () => {
    expect(
      ["Court", "Batting Cage", "Lanes", "Fitness Center", "Pool"].map((n) => spaceNoun(n, 2)),
    ).toEqual(["courts", "batting cages", "lanes", "fitness centers", "pools"]);
    expect(spaceNoun("Court", 1)).toBe("court");
  });
});
