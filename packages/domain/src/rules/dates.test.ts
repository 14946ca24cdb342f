import { describe, expect, it } from "vitest";
import {
  addDays,
  diffDays,
  isIsoDate,
  isWithinDatePickerBounds,
  todayUtc,
  utcDateOf,
} from "./dates";

describe("isWithinDatePickerBounds", () => {
  // Spec §5: "Date-picker bounds: 1900-01-01 to 2099-12-31."
  it("includes both bounds and excludes the days just outside", () => {
    expect(isWithinDatePickerBounds("1900-01-01")).toBe(true);
    expect(isWithinDatePickerBounds("2099-12-31")).toBe(true);
    expect(isWithinDatePickerBounds("1899-12-31")).toBe(false);
    expect(isWithinDatePickerBounds("2100-01-01")).toBe(false);
  });

  it("rejects dates that do not exist or are not YYYY-MM-DD", () => {
    expect(isWithinDatePickerBounds("2023-02-29")).toBe(false);
    expect(isWithinDatePickerBounds("2025-1-1")).toBe(false);
  });
});

describe("calendar arithmetic", () => {
  it("knows leap years, including the century rules", () => {
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2000-02-29")).toBe(true);
    expect(isIsoDate("1900-02-29")).toBe(false);
    expect(isIsoDate("2025-04-31")).toBe(false);
    expect(isIsoDate("2025-12-31")).toBe(true);
    expect(isIsoDate("2025-13-01")).toBe(false);
    expect(isIsoDate("2025-00-10")).toBe(false);
    expect(isIsoDate("2025-01-00")).toBe(false);
    expect(isIsoDate("2025-01-32")).toBe(false);
  });

  it("agrees with the calendar on every day of a leap year and a common one", () => {
    for (const year of [2023, 2024]) {
      for (let month = 1; month <= 12; month++) {
        for (let day = 1; day <= 31; day++) {
          const text = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
          const real = new Date(Date.UTC(year, month - 1, day)).getUTCMonth() === month - 1;
          expect(isIsoDate(text), text).toBe(real);
        }
      }
    }
  });

  it("adds and counts days across month, leap-day and year ends", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2024-12-31", 1)).toBe("2025-01-01");
    expect(addDays("2025-03-01", -1)).toBe("2025-02-28");
    expect(diffDays("2024-01-01", "2025-01-01")).toBe(366);
    expect(diffDays("2025-01-01", "2024-12-31")).toBe(-1);
  });

  it("takes the UTC date of instants", () => {
    expect(todayUtc(new Date(Date.UTC(2025, 0, 1, 23, 59, 59)))).toBe("2025-01-01");
    expect(utcDateOf("2025-01-01T23:30:00-05:00")).toBe("2025-01-02");
    expect(utcDateOf("2025-01-01")).toBe("2025-01-01");
    expect(() => utcDateOf("tomorrow")).toThrow(RangeError);
  });
});

describe("timestamps without an offset", () => {
  it("are read as UTC whatever the machine's time zone", () => {
    expect(utcDateOf("2025-03-11T23:30:00")).toBe("2025-03-11");
    expect(utcDateOf("2025-03-11T23:30:00-05:00")).toBe("2025-03-12");
  });
});
