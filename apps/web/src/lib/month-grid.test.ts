import { describe, expect, it } from "vitest";
import {
  eventsByDay,
  firstDay,
  lastDay,
  monthLabel,
  monthWeeks,
  shiftMonth,
  weekdayOf,
} from "./month-grid";

const march = { year: 2025, month: 3 };

describe("a month's calendar", () => {
  it("names the month and its first and last days, leap years included", () => {
    expect(monthLabel(march)).toBe("March 2025");
    expect(firstDay(march)).toBe("2025-03-01");
    expect(lastDay(march)).toBe("2025-03-31");
    expect(lastDay({ year: 2024, month: 2 })).toBe("2024-02-29");
  });

  it("moves across years", () => {
    expect(shiftMonth({ year: 2025, month: 12 }, 1)).toEqual({ year: 2026, month: 1 });
    expect(shiftMonth({ year: 2025, month: 1 }, -1)).toEqual({ year: 2024, month: 12 });
  });

  it("whole weeks from Sunday to Saturday cover the month", () => {
    expect(weekdayOf("2025-03-01")).toBe(6);
    const weeks = monthWeeks(march);
    expect(weeks).toHaveLength(6);
    expect(weeks[0]).toEqual([
      "2025-02-23",
      "2025-02-24",
      "2025-02-25",
      "2025-02-26",
      "2025-02-27",
      "2025-02-28",
      "2025-03-01",
    ]);
    expect(weeks.at(-1)?.at(-1)).toBe("2025-04-05");
    expect(monthWeeks({ year: 2026, month: 2 })).toHaveLength(4);
  });

  it("an event shows on each of its days in the month; flexible dates once", () => {
    const events = [
      { id: "a", startDate: "2025-02-27", endDate: "2025-03-02", hasFlexibleDates: false },
      { id: "b", startDate: "2025-03-10", endDate: "2025-03-20", hasFlexibleDates: true },
      { id: "c", startDate: "2025-04-01", endDate: "2025-04-02", hasFlexibleDates: false },
    ];
    const days = eventsByDay(events, march);
    expect([...days.keys()].sort()).toEqual(["2025-03-01", "2025-03-02", "2025-03-10"]);
    expect(days.get("2025-03-10")?.map((e) => e.id)).toEqual(["b"]);
  });
});
