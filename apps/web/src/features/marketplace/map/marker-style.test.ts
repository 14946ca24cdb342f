import { describe, expect, it } from "vitest";
import { clusterLabel, clusterSize, KIND_MARKERS, markerStyle, markerSvg } from "./marker-style";

describe("marker styles (spec §3)", () => {
  it("default to pin red 0.055, circle grey 0.04 and star yellow 0.05", () => {
    expect(markerStyle("facility")).toMatchObject({
      shape: "pin",
      color: "red",
      scale: 0.055,
      size: 28,
    });
    expect(markerStyle("hotel")).toMatchObject({
      shape: "circle",
      color: "grey",
      scale: 0.04,
      size: 20,
    });
    expect(markerStyle("facility", {}, true)).toMatchObject({
      shape: "star",
      color: "yellow",
      scale: 0.05,
      size: 26,
    });
  });

  it("give each kind a marker of its own, and the star to none of them", () => {
    const markers = Object.values(KIND_MARKERS).map((m) => `${m.shape} ${m.color}`);
    expect(new Set(markers).size).toBe(markers.length);
    expect(markers.some((m) => m.startsWith("star"))).toBe(false);
    expect(KIND_MARKERS.facility).toEqual({ shape: "pin", color: "red" });
    expect(KIND_MARKERS.event.shape).toBe("pin");
    expect(KIND_MARKERS.destination.shape).toBe("pin");
    expect(KIND_MARKERS.organization.shape).toBe("circle");
    expect(markerStyle("event").fill).not.toBe(markerStyle("facility").fill);
  });

  it("draw a sponsored listing of any kind as the yellow star", () => {
    for (const kind of ["facility", "hotel", "destination", "event"] as const) {
      expect(markerStyle(kind, {}, true)).toMatchObject({ shape: "star", fill: "#fbc02d" });
    }
  });

  it("anchor a pin at its tip and the other shapes at their centre", () => {
    expect(markerStyle("facility").anchor).toEqual([14, 28]);
    expect(markerStyle("business").anchor).toEqual([10, 10]);
    expect(markerStyle("destination", {}, true).anchor).toEqual([13, 13]);
  });

  it("take a profile's own shape, colour and scale over the defaults", () => {
    const style = markerStyle("facility", { shape: "star", color: "#00aa00", scale: 0.1 });
    expect(style).toMatchObject({ shape: "star", fill: "#00aa00", size: 51 });
    expect(markerStyle("facility", { shape: "circle" })).toMatchObject({
      color: "grey",
      scale: 0.04,
    });
  });

  it("draw each shape as sized SVG in its colour", () => {
    const pin = markerSvg(markerStyle("facility"));
    expect(pin).toContain('width="28" height="28"');
    expect(pin).toContain('fill="#d32f2f"');
    expect(pin).toContain("<path");
    expect(markerSvg(markerStyle("hotel"))).toContain(
      '<circle cx="256" cy="256" r="220" fill="#757575"',
    );
    expect(markerSvg(markerStyle("destination", {}, true))).toMatch(
      /<polygon points="[\d, ]+" fill="#fbc02d"/,
    );
  });

  it("size and label clusters by count", () => {
    expect([clusterSize(5), clusterSize(50), clusterSize(500), clusterSize(15000)]).toEqual([
      30, 36, 44, 52,
    ]);
    expect([clusterLabel(999), clusterLabel(1250), clusterLabel(15000)]).toEqual([
      "999",
      "1.2K",
      "15K",
    ]);
  });
});
