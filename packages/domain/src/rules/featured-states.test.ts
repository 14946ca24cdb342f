import { describe, expect, it } from "vitest";
import { FEATURED_STATE_COUNT, LANDING_STATES } from "../reference/landing";
import { featuredStatesOn } from "./featured-states";

const flagged = LANDING_STATES.filter((state) => state.featured).map((state) => state.name);

describe("the states featured on a day", () => {
  it("are FEATURED_STATE_COUNT of the flagged states, the same all day", () => {
    const today = featuredStatesOn(LANDING_STATES, "2026-11-28");
    expect(today.size).toBe(FEATURED_STATE_COUNT);
    for (const name of today) expect(flagged).toContain(name);
    expect(featuredStatesOn(LANDING_STATES, "2026-11-28")).toEqual(today);
  });

  it("take turns: over as many days as there are flagged states, each gets its days", () => {
    const seen = new Map<string, number>();
    for (let d = 1; d <= flagged.length; d += 1) {
      const day = `2027-01-${String(d).padStart(2, "0")}`;
      for (const name of featuredStatesOn(LANDING_STATES, day)) {
        seen.set(name, (seen.get(name) ?? 0) + 1);
      }
    }
    expect([...seen.keys()].sort()).toEqual([...flagged].sort());
    expect(new Set(seen.values())).toEqual(new Set([FEATURED_STATE_COUNT]));
  });

  it("features every flagged state when there are no more than the count", () => {
    const two = LANDING_STATES.filter((state) => state.featured).slice(0, 2);
    expect(featuredStatesOn(two, "2026-11-28")).toEqual(new Set(two.map((state) => state.name)));
  });
});
