import { describe, expect, it } from "vitest";
import { ZSpaceTypeInput } from "../contracts/space-types";
import { isSpaceTypeCombinationAllowed, spaceDayPriceText } from "./space-types";

// Spec §3: "Space type (about 30): name, allowed locations (Indoor/Outdoor) and allowed surfaces.
// Court: Hardwood, Concrete, Multi-purpose, Synthetic, Sand. ... Pools, Golf Course and similar
// allow no surface choice."
describe("isSpaceTypeCombinationAllowed", () => {
  it("accepts a surface the space type allows and rejects one it does not", () => {
    expect(
      isSpaceTypeCombinationAllowed({ name: "Court", location: "Outdoor", surface: "Sand" }),
    ).toBe(true);
    expect(
      isSpaceTypeCombinationAllowed({ name: "Court", location: "Indoor", surface: "Ice" }),
    ).toBe(false);
    expect(
      isSpaceTypeCombinationAllowed({
        name: "Diamond",
        location: "Outdoor",
        surface: "Multi-purpose",
      }),
    ).toBe(false);
  });

  it("accepts only N/A where there is no surface choice", () => {
    expect(
      isSpaceTypeCombinationAllowed({ name: "Pool", location: "Indoor", surface: "N/A" }),
    ).toBe(true);
    expect(
      isSpaceTypeCombinationAllowed({ name: "Golf Course", location: "Outdoor", surface: "Grass" }),
    ).toBe(false);
  });

  it("rejects a location the space type does not have and unknown space types", () => {
    expect(
      isSpaceTypeCombinationAllowed({ name: "Golf Course", location: "Indoor", surface: "N/A" }),
    ).toBe(false);
    expect(
      isSpaceTypeCombinationAllowed({ name: "Moon", location: "Outdoor", surface: "N/A" }),
    ).toBe(false);
  });
});

describe("a space type's indicative day price", () => {
  const court = {
    name: "Court",
    surface: "Hardwood",
    count: 4,
    location: "Indoor",
    additionalFeatures: [],
  };

  it("reads as the page shows it, or not at all", () => {
    expect(spaceDayPriceText({ name: "Court", dayPrice: { amount: 450, currency: "USD" } })).toBe(
      "From $450 per court per day",
    );
    expect(
      spaceDayPriceText({ name: "Golf Course", dayPrice: { amount: 1200.5, currency: "EUR" } }),
    ).toBe("From €1,200.50 per golf course per day");
    expect(spaceDayPriceText({ name: "Court", dayPrice: null })).toBeNull();
  });

  it("is optional, 0 to 100,000 with cents at most, in a proposal currency", () => {
    expect(ZSpaceTypeInput.parse(court).dayPrice).toBeNull();
    const priced = { ...court, dayPrice: { amount: 450.25, currency: "CAD" } };
    expect(ZSpaceTypeInput.parse(priced).dayPrice).toEqual({ amount: 450.25, currency: "CAD" });
    expect(
      ZSpaceTypeInput.safeParse({ ...court, dayPrice: { amount: 0, currency: "USD" } }).success,
    ).toBe(true);
    for (const dayPrice of [
      { amount: -1, currency: "USD" },
      { amount: 100_000.01, currency: "USD" },
      { amount: 10.005, currency: "USD" },
      { amount: 450, currency: "JPY" },
      { amount: 450 },
    ]) {
      expect(
        ZSpaceTypeInput.safeParse({ ...court, dayPrice }).success,
        JSON.stringify(dayPrice),
      ).toBe(false);
    }
    // The space type's own rules still hold.
    expect(ZSpaceTypeInput.safeParse({ ...court, surface: "Ice" }).success).toBe(false);
  });
});
