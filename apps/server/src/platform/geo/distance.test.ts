import { describe, expect, it } from "vitest";
import { distanceMiles, EARTH_RADIUS_MILES } from "./distance";

// Monument Circle, Indianapolis, and 4th Street Live!, Louisville.
const INDIANAPOLIS = { lat: 39.7684, lng: -86.1581 };
const LOUISVILLE = { lat: 38.2527, lng: -85.7585 };

describe("distanceMiles", () => {
  it("puts downtown Indianapolis about 107 miles from downtown Louisville", () => {
    expect(distanceMiles(INDIANAPOLIS, LOUISVILLE)).toBeGreaterThan(104);
    expect(distanceMiles(INDIANAPOLIS, LOUISVILLE)).toBeLessThan(110);
  });

  it("is zero from a point to itself and the same in both directions", () => {
    expect(distanceMiles(INDIANAPOLIS, INDIANAPOLIS)).toBe(0);
    expect(distanceMiles(LOUISVILLE, INDIANAPOLIS)).toBeCloseTo(
      distanceMiles(INDIANAPOLIS, LOUISVILLE),
      9,
    );
  });

  it("uses earthdistance's sphere: a quarter of the equator is 6225.4 mi", () => {
    expect(distanceMiles({ lat: 0, lng: 0 }, { lat: 0, lng: 90 })).toBeCloseTo(6225.4, 1);
  });

  it("gives half the circumference, not NaN, for antipodal points", () => {
    expect(distanceMiles({ lat: 45, lng: -90 }, { lat: -45, lng: 90 })).toBeCloseTo(
      Math.PI * EARTH_RADIUS_MILES,
      3,
    );
  });
});
