import { describe, expect, it } from "vitest";
import { formatEventDate, formatEventDateRange, formatEventDates } from "./event-dates";

describe("event dates", () => {
  // Spec §2: "Event dates display as 'ddd, MMM Do, YYYY' plus a range format; flexible-date
  // events read 'Flexible b/w {start} - {end}'."
  it("formats 'ddd, MMM Do, YYYY' with English ordinals", () => {
    // 2025-01-01 was a Wednesday, so 2025-03-01 (59 days later) is a Saturday.
    expect(formatEventDate("2025-03-01")).toBe("Sat, Mar 1st, 2025");
    expect(formatEventDate("2025-03-02")).toBe("Sun, Mar 2nd, 2025");
    expect(formatEventDate("2025-03-03")).toBe("Mon, Mar 3rd, 2025");
    expect(formatEventDate("2025-03-11")).toBe("Tue, Mar 11th, 2025");
    expect(formatEventDate("2025-03-22")).toBe("Sat, Mar 22nd, 2025");
    // The teens take "th"; the twenties and thirties as the ones.
    expect(formatEventDate("2025-03-12")).toBe("Wed, Mar 12th, 2025");
    expect(formatEventDate("2025-03-13")).toBe("Thu, Mar 13th, 2025");
    expect(formatEventDate("2025-03-21")).toBe("Fri, Mar 21st, 2025");
    expect(formatEventDate("2025-03-23")).toBe("Sun, Mar 23rd, 2025");
    expect(formatEventDate("2025-03-31")).toBe("Mon, Mar 31st, 2025");
  });

  it("names every month and weekday", () => {
    // 2025-12-25 was a Thursday; 1999-07-04 a Sunday.
    expect(formatEventDate("2025-12-25")).toBe("Thu, Dec 25th, 2025");
    expect(formatEventDate("1999-07-04")).toBe("Sun, Jul 4th, 1999");
    expect(formatEventDate("2026-05-31")).toBe("Sun, May 31st, 2026");
  });

  it("refuses what is not a date rather than writing one", () => {
    expect(() => formatEventDate("next Tuesday")).toThrow(RangeError);
  });

  it("formats February 29th of a leap year", () => {
    // 2024-01-01 was a Monday; February 29th is 59 days later: a Thursday.
    expect(formatEventDate("2024-02-29")).toBe("Thu, Feb 29th, 2024");
  });

  it("keeps the calendar date written in a timestamp, whatever the offset", () => {
    expect(formatEventDate("2025-03-01T23:30:00-08:00")).toBe("Sat, Mar 1st, 2025");
    expect(formatEventDate("2025-03-01T00:00:00Z")).toBe("Sat, Mar 1st, 2025");
  });

  it("shows one date when the range starts and ends on the same day", () => {
    expect(formatEventDateRange("2025-03-07", "2025-03-07")).toBe("Fri, Mar 7th, 2025");
    expect(formatEventDateRange("2025-03-07", null)).toBe("Fri, Mar 7th, 2025");
  });

  it("writes the year once for a range within one year", () => {
    expect(formatEventDateRange("2025-03-07", "2025-03-09")).toBe(
      "Fri, Mar 7th - Sun, Mar 9th, 2025",
    );
  });

  it("writes both dates in full across a new year", () => {
    expect(formatEventDateRange("2025-12-30", "2026-01-02")).toBe(
      "Tue, Dec 30th, 2025 - Fri, Jan 2nd, 2026",
    );
  });

  it("reads 'Flexible b/w {start} - {end}' for flexible dates, else the range", () => {
    const event = { startDate: "2025-03-07", endDate: "2025-03-09" };
    expect(formatEventDates({ ...event, hasFlexibleDates: true })).toBe(
      "Flexible b/w Fri, Mar 7th, 2025 - Sun, Mar 9th, 2025",
    );
    expect(formatEventDates({ ...event, hasFlexibleDates: false })).toBe(
      "Fri, Mar 7th - Sun, Mar 9th, 2025",
    );
  });
});
