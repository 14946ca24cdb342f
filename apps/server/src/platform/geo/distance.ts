// Great-circle distance between two points, for radius search and "within N mi" summaries.

// PostgreSQL's earthdistance uses a sphere of 6,378,168 m; the same radius here keeps a distance
// shown on a page equal to the one the radius search used.
export const EARTH_RADIUS_MILES = 6_378_168 / 1609.344;

export type TLatLng = { readonly lat: number; readonly lng: number };

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Haversine distance in statute miles. */
export function distanceMiles(a: TLatLng, b: TLatLng): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  // min() guards against h creeping past 1 through rounding for antipodal points.
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}
