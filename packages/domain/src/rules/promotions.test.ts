import { describe, expect, it } from "vitest";
import { offerLabel, promotionDayOf, promotionStatus } from "./promotions";

describe("promotions over time", () => {
  it("names weekdays Monday first", () => {
    expect(promotionDayOf("2026-11-23")).toBe("Mon");
    expect(promotionDayOf("2026-11-29")).toBe("Sun");
  });

  it("'expired ones never show': expired after the last day, upcoming before the first", () => {
    const p = { validFrom: "2026-12-01", validTo: "2026-12-31" };
    expect(promotionStatus(p, "2026-11-30")).toBe("upcoming");
    expect(promotionStatus(p, "2026-12-31")).toBe("current");
    expect(promotionStatus(p, "2027-01-01")).toBe("expired");
  });

  it("says an offer in words", () => {
    expect(offerLabel({ type: "percentage", value: 15 })).toBe("15% off");
    expect(offerLabel({ type: "amount", value: 5 })).toBe("$5 off");
    expect(offerLabel({ type: "amount", value: 7.5 })).toBe("$7.50 off");
    expect(offerLabel({ type: "text", text: "Free dessert" })).toBe("Free dessert");
  });
});
