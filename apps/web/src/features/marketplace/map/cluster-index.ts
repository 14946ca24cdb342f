// Clustering of map points with supercluster: the index is built once per set of points (about
// 50 ms for 15,000), and each move of the map asks only for what its bounds and zoom show, so the
// map draws a few hundred markers whatever the number of points.
import type L from "leaflet";
import Supercluster from "supercluster";
import type { TMapPoint } from "./map-points";

export type TPointProperties = { point: TMapPoint };
export type TClusterIndex = Supercluster<TPointProperties, Supercluster.AnyProps>;

/** West, south, east, north. */
export type TBounds = [number, number, number, number];

/** A box on screen, in pixels from the map's top left corner. */
export type TScreenBox = { left: number; top: number; right: number; bottom: number };

export type TMapItem =
  | { type: "point"; key: string; lat: number; lng: number; point: TMapPoint }
  | { type: "cluster"; key: string; lat: number; lng: number; clusterId: number; count: number };

/** Past this zoom every point stands alone. */
export const CLUSTER_MAX_ZOOM = 16;

export function createClusterIndex(points: readonly TMapPoint[]): TClusterIndex {
  const index: TClusterIndex = new Supercluster({ radius: 60, maxZoom: CLUSTER_MAX_ZOOM });
  index.load(
    points.map((point) => ({
      type: "Feature" as const,
      properties: { point },
      geometry: { type: "Point" as const, coordinates: [point.lng, point.lat] },
    })),
  );
  return index;
}

/** The map's view and a fifth around it: the markers just off screen are ready when it moves. */
export function boundsOf(map: L.Map): TBounds {
  const b = map.getBounds().pad(0.2);
  const west = b.getWest();
  const east = b.getEast();
  // A view wider than the world asks for all of it.
  if (east - west >= 360)
    return [-180, Math.max(-85, b.getSouth()), 180, Math.min(85, b.getNorth())];
  return [
    Math.max(-180, west),
    Math.max(-85, b.getSouth()),
    Math.min(180, east),
    Math.min(85, b.getNorth()),
  ];
}

/** The clusters and single points inside `bounds` at `zoom`. */
export function itemsIn(index: TClusterIndex, bounds: TBounds, zoom: number): TMapItem[] {
  return index.getClusters(bounds, Math.round(zoom)).map((feature) => {
    const [lng, lat] = feature.geometry.coordinates as [number, number];
    const properties = feature.properties;
    if ("cluster" in properties && properties.cluster) {
      return {
        type: "cluster",
        key: `cluster-${properties.cluster_id}`,
        lat,
        lng,
        clusterId: properties.cluster_id,
        count: properties.point_count,
      };
    }
    const { point } = properties as TPointProperties;
    return { type: "point", key: point.id, lat, lng, point };
  });
}

/** The zoom at which a cluster falls apart (capped so a tap never zooms past the street). */
export function expansionZoom(index: TClusterIndex, clusterId: number): number {
  return Math.min(index.getClusterExpansionZoom(clusterId), CLUSTER_MAX_ZOOM + 1);
}
