import { AVAILABILITY_MAX_DAYS_AHEAD } from "@hostfield/domain/reference";
import { addDays } from "@hostfield/domain/rules";
import { describe, expect, it } from "vitest";
import type { TICalOccurrence } from "../../platform/calendar/ical-read";
import { feedRanges } from "./feed-ranges";

const TODAY = "2030-06-10";
const occurrence = (
  startDate: string,
  endDate: string,
  over: Partial<TICalOccurrence> = {},
): TICalOccurrence => ({
  uid: null,
  summary: null,
  startDate,
  endDate,
  tentative: false,
  ...over,
});
const spans = (ranges: { kind: string; startDate: string; endDate: string }[]) =>
  ranges.map((r) => [r.kind, r.startDate, r.endDate]);

describe("feedRanges", () => {
  it("books confirmed events and holds tentative ones", () => {
    const { ranges } = feedRanges(
      [
        occurrence("2030-06-12", "2030-06-14", { summary: "State finals" }),
        occurrence("2030-06-20", "2030-06-20", { tentative: true, summary: "Maybe a camp" }),
      ],
      TODAY,
    );
    expect(ranges).toEqual([
      { kind: "booked", startDate: "2030-06-12", endDate: "2030-06-14", note: "State finals" },
      { kind: "held", startDate: "2030-06-20", endDate: "2030-06-20", note: "Maybe a camp" },
    ]);
  });

  it("drops past days and cuts what reaches past the calendar's horizon", () => {
    const horizon = addDays(TODAY, AVAILABILITY_MAX_DAYS_AHEAD);
    const { ranges } = feedRanges(
      [
        occurrence("2030-05-01", "2030-05-03"),
        occurrence("2030-06-08", "2030-06-11"),
        occurrence(addDays(horizon, -1), addDays(horizon, 5)),
        occurrence(addDays(horizon, 1), addDays(horizon, 2)),
      ],
      TODAY,
    );
    expect(spans(ranges)).toEqual([
      ["booked", "2030-06-10", "2030-06-11"],
      ["booked", addDays(horizon, -1), horizon],
    ]);
  });

  it("joins overlapping and touching days of one kind, keeping both names once", () => {
    const { ranges } = feedRanges(
      [
        occurrence("2030-06-12", "2030-06-13", { summary: "Court 1" }),
        occurrence("2030-06-13", "2030-06-13", { summary: "Court 2" }),
        occurrence("2030-06-14", "2030-06-15", { summary: "Court 1" }),
        occurrence("2030-06-13", "2030-06-13", { tentative: true }),
      ],
      TODAY,
    );
    expect(ranges).toEqual([
      { kind: "booked", startDate: "2030-06-12", endDate: "2030-06-15", note: "Court 1 · Court 2" },
      { kind: "held", startDate: "2030-06-13", endDate: "2030-06-13", note: null },
    ]);
  });

  it("cuts a range longer than a year into pieces", () => {
    const { ranges } = feedRanges([occurrence("2030-07-01", "2031-12-31")], TODAY);
    expect(spans(ranges)).toEqual([
      ["booked", "2030-07-01", "2031-07-01"],
      ["booked", "2031-07-02", "2031-12-31"],
    ]);
  });

  it("keeps the earliest ranges the calendar has room for, and says so", () => {
    const days = Array.from({ length: 5 }, (_, i) => addDays("2030-07-01", i * 2));
    const { ranges, notes } = feedRanges(
      days.map((d) => occurrence(d, d)),
      TODAY,
      3,
    );
    expect(ranges.map((r) => r.startDate)).toEqual(days.slice(0, 3));
    expect(notes).toEqual([
      "Only the first 3 of 5 ranges were kept: a calendar keeps 2000 at most, those marked here included.",
    ]);
  });
});
