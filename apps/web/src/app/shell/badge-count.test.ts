import { BADGE_CAP } from "@hostfield/domain/reference";
import { describe, expect, it } from "vitest";
import { formatBadgeCount } from "./badge-count";

describe("formatBadgeCount", () => {
  it("shows nothing for zero, negative or non-finite counts", () => {
    expect(formatBadgeCount(0)).toBeNull();
    expect(formatBadgeCount(-3)).toBeNull();
    expect(formatBadgeCount(Number.NaN)).toBeNull();
    expect(formatBadgeCount(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it("shows the count up to the cap and 'cap+' above it", () => {
    expect(formatBadgeCount(1)).toBe("1");
    expect(formatBadgeCount(BADGE_CAP)).toBe(String(BADGE_CAP));
    expect(formatBadgeCount(BADGE_CAP + 1)).toBe(`${BADGE_CAP}+`);
  });
});
