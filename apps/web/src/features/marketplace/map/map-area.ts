// The part of the map a search asks for: the box on screen, padded so that small pans need no new
// request, written as the server takes it (within ±180, west > east across the antimeridian), and
// kept while it still covers what is on screen.
import type { TSearchBounds } from "@hostfield/domain/contracts";

export type TMapArea = TSearchBounds;

/** A view's box as the map reports it: longitudes may run past ±180 on a copy of the world. */
export type TMapView = { south: number; west: number; north: number; east: number };

export const WORLD: TMapArea = { south: -90, west: -180, north: 90, east: 180 };

/** How long the map must rest after a move or zoom before the area on screen is searched. */
export const VIEW_SETTLE_MS = 300;

/** What is added on each side, as a share of the view's size: pans within it ask for nothing. */
export const AREA_PADDING = 0.25;

/**
 * An area whose matches did not all load (a step of points at a time) is asked for again once
 * the view is this many times smaller than it (about one zoom level in): closer in, fewer match,
 * and the markers there should be all of them. A complete area is kept however far one zooms in.
 */
const REFINE_RATIO = 4;

const clampLat = (lat: number) => Math.max(-90, Math.min(90, lat));
const wrapLng = (lng: number) =>
  lng >= -180 && lng <= 180 ? lng : ((((lng + 180) % 360) + 360) % 360) - 180;
// Outward to 1e-4 degrees (about 10 m): the box still covers the view, and keys stay short.
const down = (value: number) => Math.floor(value * 1e4) / 1e4;
const up = (value: number) => Math.ceil(value * 1e4) / 1e4;

/** The degrees of longitude an area spans (across the antimeridian when west > east). */
function lngSpan(area: TMapArea): number {
  return area.west <= area.east ? area.east - area.west : area.east + 360 - area.west;
}

const size = (area: TMapArea) => lngSpan(area) * (area.north - area.south);

export const isWorld = (area: TMapArea) =>
  area.south <= -90 && area.north >= 90 && lngSpan(area) >= 360;

/** The view as an area, grown by `padding` of its size on each side. */
export function areaOf(view: TMapView, padding = 0): TMapArea {
  const width = view.east - view.west;
  const height = view.north - view.south;
  const west = view.west - width * padding;
  const east = view.east + width * padding;
  const south = clampLat(down(view.south - height * padding));
  const north = clampLat(up(view.north + height * padding));
  if (east - west >= 360) return { south, west: -180, north, east: 180 };
  return { south, west: down(wrapLng(west)), north, east: up(wrapLng(east)) };
}

/** Whether `outer` covers all of `inner` (either may cross the antimeridian). */
export function covers(outer: TMapArea, inner: TMapArea): boolean {
  if (inner.south < outer.south || inner.north > outer.north) return false;
  const outerSpan = lngSpan(outer);
  if (outerSpan >= 360) return true;
  const innerSpan = lngSpan(inner);
  // Compare as intervals on the number line, the inner one tried on each copy of the world.
  return [-360, 0, 360].some((shift) => {
    const west = inner.west + shift;
    return west >= outer.west && west + innerSpan <= outer.west + outerSpan;
  });
}

/** Whether a point lies in the area, edges included. */
export function holds(area: TMapArea, point: { lat: number; lng: number }): boolean {
  if (point.lat < area.south || point.lat > area.north) return false;
  return area.west <= area.east
    ? point.lng >= area.west && point.lng <= area.east
    : point.lng >= area.west || point.lng <= area.east;
}

/**
 * The area to search after the view changed: the loaded one while it covers the view (and either
 * holds every match or is not much larger than the view), else the padded view.
 */
export function nextArea(
  loaded: { area: TMapArea; complete: boolean } | null,
  view: TMapView,
): TMapArea {
  const visible = areaOf(view);
  if (
    loaded &&
    covers(loaded.area, visible) &&
    (loaded.complete || size(loaded.area) <= REFINE_RATIO * size(visible))
  ) {
    return loaded.area;
  }
  return areaOf(view, AREA_PADDING);
}
