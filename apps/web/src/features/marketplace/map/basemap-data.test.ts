import { createRequire } from "node:module";
import type { Position } from "geojson";
import { describe, expect, it } from "vitest";
import {
  basemapOf,
  countyLinesOf,
  pickLabels,
  type TMapPlace,
  unwrapLine,
  worldDetailAt,
} from "./basemap-data";

const require = createRequire(import.meta.url);

const place = (name: string, population: number, x: number, y: number) => ({
  place: { name, state: "TX", lat: y, lng: x, population } satisfies TMapPlace,
});

describe("the basemap's data", () => {
  it("holds the world's land, country lines, the US land and its state lines", () => {
    const map = basemapOf(
      require("world-atlas/countries-50m.json"),
      require("us-atlas/states-10m.json"),
    );
    expect(map.land.features.length).toBeGreaterThan(0);
    expect(map.usLand.features.length).toBe(1);
    expect(map.countryLines.type).toBe("MultiLineString");
    // 49 borders between the lower 48 and DC at the least.
    expect(map.stateLines.coordinates.length).toBeGreaterThan(49);
    for (const [lng, lat] of map.stateLines.coordinates.flat()) {
      expect(Math.abs(lng!)).toBeLessThanOrEqual(180);
      expect(Math.abs(lat!)).toBeLessThanOrEqual(90);
    }
  });

  it("has no line or ring that jumps across the antimeridian, at either detail of the world", () => {
    for (const file of ["world-atlas/countries-110m.json", "world-atlas/countries-50m.json"]) {
      const map = basemapOf(require(file), require("us-atlas/states-10m.json"));
      const rings = [
        ...map.land.features.flatMap((f) =>
          f.geometry.type === "MultiPolygon"
            ? f.geometry.coordinates.flat()
            : f.geometry.type === "Polygon"
              ? f.geometry.coordinates
              : [],
        ),
        ...map.countryLines.coordinates,
      ];
      // Eurasia's ring reaches Chukotka past 180° (a jump drew bands of water across Canada).
      expect(rings.some((ring) => ring.some(([lng]) => lng! > 180))).toBe(true);
      const jumps = rings.filter((ring: Position[]) =>
        ring.some((point, i) => i > 0 && Math.abs(point[0]! - ring[i - 1]![0]!) > 180),
      );
      expect(jumps).toEqual([]);
    }
  });

  it("moves the points past a jump across the antimeridian by a whole turn", () => {
    expect(
      unwrapLine([
        [179, 65],
        [-179, 66],
        [-178, 67],
        [179.5, 68],
      ]),
    ).toEqual([
      [179, 65],
      [181, 66],
      [182, 67],
      [179.5, 68],
    ]);
    expect(
      unwrapLine([
        [-179, 1],
        [179, 2],
      ]),
    ).toEqual([
      [-179, 1],
      [-181, 2],
    ]);
  });

  it("loads the coarse world for a continent and the fine one from zoom 5 in", () => {
    expect(worldDetailAt(3)).toBe("coarse");
    expect(worldDetailAt(4.5)).toBe("coarse");
    expect(worldDetailAt(5)).toBe("fine");
    expect(worldDetailAt(12)).toBe("fine");
  });

  it("draws county lines only inside a state", () => {
    const lines = countyLinesOf(require("us-atlas/counties-10m.json"));
    expect(lines.coordinates.length).toBeGreaterThan(1000);
  });

  it("labels the bigger cities first, more of them closer in, none over another", () => {
    const places = [
      place("Houston", 2_300_000, 0, 0),
      place("Pasadena", 150_000, 40, 5),
      place("Austin", 950_000, 400, 0),
      place("Round Rock", 120_000, 420, 30),
      place("Taylor", 16_000, 600, 200),
    ];
    const project = (p: TMapPlace) => {
      const found = places.find((q) => q.place === p)!;
      return { x: found.place.lng, y: found.place.lat };
    };
    const all = places.map((p) => p.place);
    const names = (zoom: number) => pickLabels(all, zoom, project).map((p) => p.name);
    expect(names(3)).toEqual(["Houston"]);
    expect(names(6)).toEqual(["Houston", "Austin", "Round Rock"]);
    // Pasadena's label would lie on Houston's; Taylor is big enough only up close.
    expect(names(10)).toEqual(["Houston", "Austin", "Round Rock", "Taylor"]);
    expect(pickLabels(all, 10, project, 2).map((p) => p.name)).toEqual(["Houston", "Austin"]);
    // Off screen: not labelled.
    expect(pickLabels(all, 10, () => null)).toEqual([]);
  });
});
