import { ZSearchBounds } from "@hostfield/domain/contracts";
import { describe, expect, it } from "vitest";
import {
  AREA_PADDING,
  areaOf,
  covers,
  holds,
  isWorld,
  nextArea,
  type TMapArea,
  WORLD,
} from "./map-area";

const TEXAS = { south: 29, west: -100, north: 33, east: -96 };

describe("areaOf", () => {
  it("is the view itself, or grown on each side by a share of its size", () => {
    expect(areaOf(TEXAS)).toEqual(TEXAS);
    expect(AREA_PADDING).toBe(0.25);
    expect(areaOf(TEXAS, AREA_PADDING)).toEqual({ south: 28, west: -101, north: 34, east: -95 });
  });

  it("rounds outward, so the area still covers the view", () => {
    const view = { south: 29.123456, west: -100.123456, north: 33.123456, east: -96.123456 };
    const area = areaOf(view);
    expect(area).toEqual({ south: 29.1234, west: -100.1235, north: 33.1235, east: -96.1234 });
    expect(covers(area, view)).toBe(true);
  });

  it("keeps latitudes on the globe, and takes every longitude for a view wider than the world", () => {
    expect(areaOf({ south: -80, west: -200, north: 85, east: 200 }, AREA_PADDING)).toEqual(WORLD);
    expect(isWorld(areaOf({ south: -80, west: -100, north: 80, east: 100 }, 1))).toBe(true);
  });

  it("writes a view past the antimeridian as the server takes it: west greater than east", () => {
    // A copy of the world east of the line, as Leaflet reports it.
    const pacific = areaOf({ south: -20, west: 170, north: -10, east: 190 });
    expect(pacific).toEqual({ south: -20, west: 170, north: -10, east: -170 });
    expect(areaOf({ south: -20, west: -190, north: -10, east: -170 })).toEqual(pacific);
    // Wholly on another copy: back on this one.
    expect(areaOf({ south: 29, west: 260, north: 33, east: 264 })).toEqual(TEXAS);
  });

  it("is always a box the search contract accepts", () => {
    const views = [
      TEXAS,
      { south: -89, west: -400, north: 89, east: 400 },
      { south: -20, west: 170, north: -10, east: 190 },
      { south: 60, west: -179.99, north: 89.99, east: -150 },
    ];
    for (const view of views) {
      for (const padding of [0, AREA_PADDING]) {
        expect(ZSearchBounds.safeParse(areaOf(view, padding)).success).toBe(true);
      }
    }
  });
});

describe("covers", () => {
  it("across the antimeridian and on any copy of the world", () => {
    const pacific: TMapArea = { south: -30, west: 160, north: 0, east: -160 };
    expect(covers(pacific, { south: -20, west: 175, north: -10, east: -175 })).toBe(true);
    expect(covers(pacific, { south: -20, west: 165, north: -10, east: 170 })).toBe(true);
    expect(covers(pacific, { south: -20, west: -170, north: -10, east: -165 })).toBe(true);
    expect(covers(pacific, { south: -20, west: -165, north: -10, east: -155 })).toBe(false);
    expect(covers(pacific, { south: -40, west: 170, north: -10, east: 175 })).toBe(false);
    expect(covers(WORLD, pacific)).toBe(true);
    expect(covers(TEXAS, WORLD)).toBe(false);
  });
});

describe("holds", () => {
  it("a point inside, edges included, also across the antimeridian", () => {
    expect(holds(TEXAS, { lat: 30.27, lng: -97.74 })).toBe(true);
    expect(holds(TEXAS, { lat: 33, lng: -96 })).toBe(true);
    expect(holds(TEXAS, { lat: 33.01, lng: -97 })).toBe(false);
    expect(holds(TEXAS, { lat: 30, lng: -95.99 })).toBe(false);
    const pacific: TMapArea = { south: -30, west: 160, north: 0, east: -160 };
    expect(holds(pacific, { lat: -17.8, lng: 178.4 })).toBe(true);
    expect(holds(pacific, { lat: -13.8, lng: -171.8 })).toBe(true);
    expect(holds(pacific, { lat: -13.8, lng: -150 })).toBe(false);
    expect(holds(WORLD, { lat: -89, lng: 179 })).toBe(true);
  });
});

describe("nextArea", () => {
  const loaded = areaOf(TEXAS, AREA_PADDING);
  const panned = { south: 29.5, west: -100.5, north: 33.5, east: -96.5 };
  const zoomedIn = { south: 30, west: -99, north: 32, east: -97 };

  it("searches the padded view first", () => {
    expect(nextArea(null, TEXAS)).toEqual(loaded);
  });

  it("keeps the loaded area for a small pan, asking nothing new", () => {
    expect(nextArea({ area: loaded, complete: false }, panned)).toBe(loaded);
  });

  it("moves on when the view leaves the loaded area", () => {
    const away = { south: 40, west: -80, north: 44, east: -76 };
    expect(nextArea({ area: loaded, complete: true }, away)).toEqual(areaOf(away, AREA_PADDING));
  });

  it("zooming in keeps an area that holds every match, and refines one that does not", () => {
    expect(nextArea({ area: loaded, complete: true }, zoomedIn)).toBe(loaded);
    expect(nextArea({ area: loaded, complete: false }, zoomedIn)).toEqual(
      areaOf(zoomedIn, AREA_PADDING),
    );
  });

  it("keeps the world, once all of it loaded, wherever the map goes", () => {
    expect(nextArea({ area: WORLD, complete: true }, TEXAS)).toBe(WORLD);
    expect(nextArea({ area: WORLD, complete: false }, TEXAS)).toEqual(loaded);
  });
});
