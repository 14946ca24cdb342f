import { describe, expect, it } from "vitest";
import {
  abbreviateNumber,
  badgeCount,
  formatCost,
  formatCount,
  formatTotal,
  initials,
  locationSummary,
  sportsSummary,
  timeAgoGroup,
} from "./display";

describe("sportsSummary", () => {
  // Spec §5: "multiple sports show as 'Multi Sport'; 'Other' and 'Other Sport or Activity' show nothing"
  it("shows a single sport by name, from objects or strings", () => {
    expect(sportsSummary([{ name: "Soccer" }])).toBe("Soccer");
    expect(sportsSummary(["Ice Hockey"])).toBe("Ice Hockey");
  });

  it("shows 'Multi Sport' for two or more sports, even if one is Other", () => {
    expect(sportsSummary([{ name: "Soccer" }, { name: "Rugby" }])).toBe("Multi Sport");
    expect(sportsSummary(["Other", "Soccer"])).toBe("Multi Sport");
  });

  it("shows nothing for 'Other', 'Other Sport or Activity' and no sport", () => {
    expect(sportsSummary(["Other"])).toBe("");
    expect(sportsSummary([{ name: "Other Sport or Activity" }])).toBe("");
    expect(sportsSummary([])).toBe("");
  });
});

describe("formatCost", () => {
  // Spec §5: "costs show as '$N / Participant' and '$N / Team'"
  it("writes '$N / Participant' and '$N / Team'", () => {
    expect(formatCost(25, "Participant")).toBe("$25 / Participant");
    expect(formatCost(1500, "Team")).toBe("$1500 / Team");
    expect(formatCost(0, "Team")).toBe("$0 / Team");
  });

  it("writes cents with two digits when there are any", () => {
    expect(formatCost(25.5, "Participant")).toBe("$25.50 / Participant");
  });
});

describe("locationSummary", () => {
  // Spec §5: "location summaries read 'Looking Nationally', 'Looking near {address}',
  // 'Looking within {dist} mi of {address}'"
  it("reads 'Looking Nationally' without an address, whatever the distance", () => {
    expect(locationSummary({})).toBe("Looking Nationally");
    expect(locationSummary({ dist: 50 })).toBe("Looking Nationally");
    expect(locationSummary({ address: "   ", dist: 50 })).toBe("Looking Nationally");
  });

  it("reads 'Looking near {address}' without a distance", () => {
    expect(locationSummary({ address: "Denver, CO" })).toBe("Looking near Denver, CO");
    expect(locationSummary({ address: "Denver, CO", dist: null })).toBe("Looking near Denver, CO");
    expect(locationSummary({ address: "Denver, CO", dist: 0 })).toBe("Looking near Denver, CO");
  });

  it("reads 'Looking within {dist} mi of {address}' with both", () => {
    expect(locationSummary({ address: "Denver, CO", dist: 50 })).toBe(
      "Looking within 50 mi of Denver, CO",
    );
  });
});

describe("abbreviateNumber", () => {
  // Spec §5: "numbers abbreviate with K, M, B at 1e3, 1e6, 1e9"
  it("leaves numbers below 1000 alone", () => {
    expect(abbreviateNumber(0)).toBe("0");
    expect(abbreviateNumber(999)).toBe("999");
  });

  it("switches to K exactly at 1e3, M at 1e6 and B at 1e9", () => {
    expect(abbreviateNumber(1000)).toBe("1K");
    expect(abbreviateNumber(1_000_000)).toBe("1M");
    expect(abbreviateNumber(1_000_000_000)).toBe("1B");
  });

  it("keeps one decimal and drops a trailing .0", () => {
    expect(abbreviateNumber(1500)).toBe("1.5K");
    expect(abbreviateNumber(12_345)).toBe("12.3K");
    expect(abbreviateNumber(2_000_000)).toBe("2M");
    expect(abbreviateNumber(2_500_000_000)).toBe("2.5B");
  });

  it("moves up a unit instead of showing 1000K", () => {
    expect(abbreviateNumber(999_999)).toBe("1M");
    expect(abbreviateNumber(999.96)).toBe("1K");
  });

  it("stays in B beyond 1e12 and keeps the sign of negatives", () => {
    expect(abbreviateNumber(2.5e12)).toBe("2500B");
    expect(abbreviateNumber(-1500)).toBe("-1.5K");
  });
});

describe("formatTotal", () => {
  it("adds a plus to a count the server stopped at, and nothing to an exact one", () => {
    expect(formatTotal({ count: 1000, capped: true })).toBe("1,000+");
    expect(formatTotal({ count: 1000, capped: false })).toBe("1,000");
    expect(formatTotal({ count: 7 })).toBe("7");
  });
});

describe("formatCount", () => {
  it("groups thousands the way en-US does, for every size and sign", () => {
    // Checked against the platform's own en-US formatting rather than hand-written strings.
    for (const value of [
      0, 7, 999, 1000, 12_345, 999_999, 1_000_000, 123_456_789, -4_321, 2.5, 1234.5,
    ]) {
      expect(formatCount(value)).toBe(value.toLocaleString("en-US"));
    }
  });

  it("leaves what is not a plain finite number as JavaScript writes it", () => {
    expect(formatCount(Number.NaN)).toBe("NaN");
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe("Infinity");
  });
});

describe("badgeCount", () => {
  // Spec §5: "badges cap at 99 (shown 99+ in the generic badge)"
  it("shows counts up to 99 as they are", () => {
    expect(badgeCount(0)).toBe("0");
    expect(badgeCount(7)).toBe("7");
    expect(badgeCount(99)).toBe("99");
  });

  it("shows 99+ from 100 on", () => {
    expect(badgeCount(100)).toBe("99+");
    expect(badgeCount(12_000)).toBe("99+");
  });
});

describe("timeAgoGroup", () => {
  // Spec §9: "Time-ago group labels: Today, Yesterday, This week, Last week, This month, Last
  // month, 2 to 6 months ago, This year, Last year, Past." Weeks start on Monday.
  const wednesday = "2025-03-12"; // its week started Monday 2025-03-10

  it("groups the current and previous day", () => {
    expect(timeAgoGroup("2025-03-12", wednesday)).toBe("Today");
    expect(timeAgoGroup("2025-03-11", wednesday)).toBe("Yesterday");
  });

  it("groups by Monday-based weeks", () => {
    expect(timeAgoGroup("2025-03-10", wednesday)).toBe("This week");
    expect(timeAgoGroup("2025-03-09", wednesday)).toBe("Last week");
    expect(timeAgoGroup("2025-03-03", wednesday)).toBe("Last week");
    expect(timeAgoGroup("2025-03-02", wednesday)).toBe("This month");
  });

  it("counts Monday as this week even when seen on Sunday", () => {
    expect(timeAgoGroup("2025-03-10", "2025-03-16")).toBe("This week");
  });

  it("prefers Yesterday over Last week on a Monday", () => {
    expect(timeAgoGroup("2025-03-09", "2025-03-10")).toBe("Yesterday");
    expect(timeAgoGroup("2025-03-08", "2025-03-10")).toBe("Last week");
  });

  it("keeps a week that spans two months together", () => {
    // 2025-04-02 is a Wednesday; its week started Monday 2025-03-31.
    expect(timeAgoGroup("2025-03-31", "2025-04-02")).toBe("This week");
    expect(timeAgoGroup("2025-03-24", "2025-04-02")).toBe("Last week");
    expect(timeAgoGroup("2025-03-23", "2025-04-02")).toBe("Last month");
  });

  it("groups by calendar month: last month, then 2 to 6 months back", () => {
    expect(timeAgoGroup("2025-02-28", wednesday)).toBe("Last month");
    expect(timeAgoGroup("2025-02-01", wednesday)).toBe("Last month");
    expect(timeAgoGroup("2025-01-31", wednesday)).toBe("2 to 6 months ago");
    expect(timeAgoGroup("2024-09-01", wednesday)).toBe("2 to 6 months ago");
    expect(timeAgoGroup("2024-08-31", wednesday)).toBe("Last year");
  });

  it("uses This year beyond six months within the same year", () => {
    expect(timeAgoGroup("2025-05-01", "2025-11-15")).toBe("2 to 6 months ago");
    expect(timeAgoGroup("2025-04-30", "2025-11-15")).toBe("This year");
  });

  it("uses Last year and Past by calendar year", () => {
    expect(timeAgoGroup("2024-01-15", "2025-03-12")).toBe("Last year");
    expect(timeAgoGroup("2023-12-31", "2025-03-12")).toBe("Past");
  });

  it("crosses the new year by days and weeks first", () => {
    expect(timeAgoGroup("2024-12-31", "2025-01-01")).toBe("Yesterday");
    expect(timeAgoGroup("2024-12-30", "2025-01-01")).toBe("This week");
    expect(timeAgoGroup("2024-12-29", "2025-01-01")).toBe("Last week");
    expect(timeAgoGroup("2024-12-20", "2025-01-01")).toBe("Last month");
  });

  it("works in UTC: 00:30 at +02:00 is still the previous UTC day", () => {
    expect(timeAgoGroup("2025-03-11T12:00:00Z", "2025-03-12T00:30:00+02:00")).toBe("Today");
    expect(
      timeAgoGroup(new Date(Date.UTC(2025, 2, 11, 23, 59)), new Date(Date.UTC(2025, 2, 12, 0, 1))),
    ).toBe("Yesterday");
  });

  it("treats a date in the future (clock skew) as Today", () => {
    expect(timeAgoGroup("2025-03-13", wednesday)).toBe("Today");
  });
});

describe("initials", () => {
  // Spec §2: "falls back to initials (first letters of up to two words of the name)"
  it("takes the first letters of the first two words, upper-cased", () => {
    expect(initials("Ada Lovelace")).toBe("AL");
    expect(initials("jean claude van damme")).toBe("JC");
    expect(initials("élodie durand")).toBe("ÉD");
  });

  it("uses one letter for one word and nothing for no name", () => {
    expect(initials("  madonna ")).toBe("M");
    expect(initials("   ")).toBe("");
    expect(initials(null)).toBe("");
  });
});
