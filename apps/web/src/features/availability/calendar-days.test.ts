import type { TAvailabilityRange } from "@hostfield/domain/contracts";
import { describe, expect, it } from "vitest";
import { dayStateLabel, dayStates } from "./calendar-days";

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
