import { describe, expect, it } from "vitest";
import {
  offerLabel,
  promotionDayOf,
  promotionStatus,
  promotionValidDuring,
  weekdaysBetween,
} from "./promotions";

describe("promotions over time", () => {
  it("names weekdays Monday first", () => {
    expect(promotionDayOf("2026-11-23")).toBe("Mon");
    expect(promotionDayOf("2026-11-29")).toBe("Sun");
  });

  it("meets every weekday from a week on, and only the days in between before", () => {
    expect(weekdaysBetween("2026-11-27", "2026-11-29")).toEqual(["Fri", "Sat", "Sun"]);
    expect(weekdaysBetween("2026-11-23", "2026-11-29")).toHaveLength(7);
    expect(weekdaysBetween("2026-11-29", "2026-11-27")).toEqual([]);
  });

  it("'expired ones never show': expired after the last day, upcoming before the first", () => {
    const p = { validFrom: "2026-12-01", validTo: "2026-12-31" };
    expect(promotionStatus(p, "2026-11-30")).toBe("upcoming");
    expect(promotionStatus(p, "2026-12-31")).toBe("current");
    expect(promotionStatus(p, "2027-01-01")).toBe("expired");
    const range = { start: "2026-12-25", end: "2027-01-02" };
    expect(promotionValidDuring({ ...p, days: [] }, range, "2026-12-01")).toBe(true);
    expect(promotionValidDuring({ ...p, days: [] }, range, "2027-01-01")).toBe(false);
  });

  it("'promotions valid on given dates': a named weekday must fall in the shared days", () => {
    const p = { validFrom: "2026-12-01", validTo: "2026-12-31", days: ["Sat"] };
    // 2026-12-05 is a Saturday.
    expect(promotionValidDuring(p, { start: "2026-12-04", end: "2026-12-05" }, "2026-11-01")).toBe(
      true,
    );
    expect(promotionValidDuring(p, { start: "2026-12-07", end: "2026-12-10" }, "2026-11-01")).toBe(
      false,
    );
    expect(promotionValidDuring(p, { start: "2027-01-02", end: "2027-01-03" }, "2026-11-01")).toBe(
      false,
    );
  });

  it("says an offer in words", () => {
    expect(offerLabel({ type: "percentage", value: 15 })).toBe("15% off");
    expect(offerLabel({ type: "amount", value: 5 })).toBe("$5 off");
    expect(offerLabel({ type: "amount", value: 7.5 })).toBe("$7.50 off");
    expect(offerLabel({ type: "text", text: "Free dessert" })).toBe("Free dessert");
  });
});
