import { describe, expect, it } from "vitest";
import { isSpaceTypeCombinationAllowed } from "./space-types";

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
