// The demo destinations (bureaus and sports commissions, one a city), and the facilities near each.
import { DESTINATION_SERVICES, type TDestinationType } from "@hostfield/domain/reference";
import { addDays } from "@hostfield/domain/rules";
import { distanceMiles } from "../../platform/geo/distance";
import type { TPlace } from "../../platform/geo/place";
import { DEMO_USERS } from "./accounts";
import { pointNear, stateOf, type TPoint } from "./addresses";
import { addProfile, type TBuilder } from "./builder";
import type { TFacilityPoint } from "./facilities";
import type { THeaderTheme } from "./images";
import type { TProfileRow } from "./network";
import { pickWeighted, type TRandom } from "./random";
import { destinationDescription } from "./text";

export type TDestination = { row: TProfileRow; point: TPoint };

const DESTINATION_TYPE_WEIGHTS: readonly (readonly [TDestinationType, number])[] = [
  ["Convention & Visitors Bureau", 45],
  ["Sports Commission", 30],
  ["Destination Management Organization", 15],
  ["Management Group", 10],
];
const DESTINATION_NAMES: Record<TDestinationType, readonly ((city: string) => string)[]> = {
  "Convention & Visitors Bureau": [
    (c) => `Visit ${c}`,
    (c) => `${c} Convention & Visitors Bureau`,
    (c) => `${c} Area CVB`,
  ],
  "Sports Commission": [
    (c) => `${c} Sports Commission`,
    (c) => `Greater ${c} Sports Commission`,
    (c) => `${c} Sports Authority`,
  ],
  "Destination Management Organization": [
    (c) => `Explore ${c}`,
    (c) => `Discover ${c}`,
    (c) => `Destination ${c}`,
  ],
  "Management Group": [(c) => `${c} Sports & Events`, (c) => `${c} Sports & Entertainment Group`],
};

/** How far from a destination its facilities may be. */
const LINK_MILES = 25;

export function addDestinations(b: TBuilder): TDestination[] {
  const r = b.root.fork("destinations");
  const cities = distinctCities(r, b.input.cities, b.counts.destination);
  return cities.map((city) => addDestination(b, r, city));
}

function addDestination(b: TBuilder, r: TRandom, city: TPlace): TDestination {
  const type = pickWeighted(r, DESTINATION_TYPE_WEIGHTS);
  const name = r.pick(DESTINATION_NAMES[type])(city.name);
  const point = pointNear(r, city, 1.5);
  const theme: THeaderTheme =
    (city.population ?? 0) > 250_000
      ? r.pick(["skyline", "waterfront"] as const)
      : r.pick(["skyline", "waterfront", "mountains", "abstract"] as const);
  const row = addProfile(b, r, { kind: "destination", name, city, point, theme, tierShare: 0.45 });
  const services = r.sample(DESTINATION_SERVICES, r.int(3, 7));
  const liveRates = r.chance(0.3);
  b.network.destinationDetails.push({
    profileId: row.id,
    destinationType: type,
    services,
    hotelLiveRatesEnabled: liveRates,
    hotelLiveRatesVisibleAfter: liveRates ? addDays(b.input.today, -r.int(0, 60)) : null,
    hotelSpecialsHiddenAfter: r.chance(0.2) ? addDays(b.input.today, r.int(30, 365)) : null,
  });
  row.description = destinationDescription(r, {
    name,
    city: city.name,
    stateName: stateOf(city).name,
    services,
  });
  return { row, point };
}

/** Links each destination to up to 40 of the facilities within LINK_MILES of it. */
export function linkFacilitiesToDestinations(
  b: TBuilder,
  facilities: readonly TFacilityPoint[],
  destinations: readonly TDestination[],
): void {
  const near = facilitiesNear(facilities);
  const r = b.root.fork("facility-destinations");
  for (const { row, point } of destinations) {
    for (const facilityId of r.sample(near(point), 40)) {
      b.network.facilityDestinations.push({
        facilityId,
        destinationId: row.id,
        createdBy: DEMO_USERS.admin.id,
        updatedBy: DEMO_USERS.admin.id,
      });
    }
  }
}

/** One half-degree cell's facilities, sorted by latitude, each with its place in the cell's list. */
type TCell = { lats: Float64Array; lngs: Float64Array; made: Int32Array; ids: string[] };

/** The ids of the facilities within LINK_MILES of a point, in the order of a fixed grid walk. */
function facilitiesNear(facilities: readonly TFacilityPoint[]): (point: TPoint) => string[] {
  // Half-degree cells keyed by number; a destination looks at the cells around its own, each
  // cell's facilities in the order they were made. A big city's cells hold thousands at scale 7,
  // so each cell is also sorted by latitude: a destination reads only the band within reach, and
  // sorts what it finds there back into the order they were made.
  const lists = new Map<number, TFacilityPoint[]>();
  const gridKey = (latCell: number, lngCell: number) => (latCell + 1000) * 10_000 + lngCell + 5000;
  for (const facility of facilities) {
    const key = gridKey(Math.floor(facility.point.lat * 2), Math.floor(facility.point.lng * 2));
    const list = lists.get(key);
    if (list) list.push(facility);
    else lists.set(key, [facility]);
  }
  const grid = new Map<number, TCell>();
  for (const [key, list] of lists) {
    const byLat = list.map((_, i) => i).sort((a, b) => list[a]!.point.lat - list[b]!.point.lat);
    grid.set(key, {
      lats: Float64Array.from(byLat, (i) => list[i]!.point.lat),
      lngs: Float64Array.from(byLat, (i) => list[i]!.point.lng),
      made: Int32Array.from(byLat),
      ids: list.map((f) => f.id),
    });
  }
  // Places in a cell's list, sorted as numbers (a typed array sorts without a comparator).
  let found = new Int32Array(64);
  return (point) => {
    const near: string[] = [];
    const latReach = LINK_MILES / 68;
    const lngReach = LINK_MILES / (68 * Math.cos((point.lat * Math.PI) / 180));
    const latCell = Math.floor(point.lat * 2);
    const lngCell = Math.floor(point.lng * 2);
    for (let dLat = -1; dLat <= 1; dLat++) {
      for (let dLng = -2; dLng <= 2; dLng++) {
        const cell = grid.get(gridKey(latCell + dLat, lngCell + dLng));
        if (!cell) continue;
        // A cell wholly east or west of the box has no facility within reach (halving is exact).
        const west = (lngCell + dLng) / 2;
        if (west + 0.5 - point.lng < -lngReach || west - point.lng > lngReach) continue;
        const { lats, lngs, made, ids } = cell;
        // The first facility not south of the box; the band ends at the first one north of it.
        let lo = 0;
        let hi = lats.length;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if (lats[mid]! - point.lat < -latReach) lo = mid + 1;
          else hi = mid;
        }
        if (found.length < lats.length) found = new Int32Array(lats.length);
        let count = 0;
        for (let i = lo; i < lats.length && lats[i]! - point.lat <= latReach; i++) {
          // A cheap box first: most of a band is further than the radius.
          if (Math.abs(lngs[i]! - point.lng) > lngReach) continue;
          if (distanceMiles(point, { lat: lats[i]!, lng: lngs[i]! }) <= LINK_MILES) {
            found[count++] = made[i]!;
          }
        }
        for (const i of found.subarray(0, count).sort()) near.push(ids[i]!);
      }
    }
    return near;
  };
}

/**
 * `count` different cities, drawn in proportion to population without replacement (Efraimidis
 * and Spirakis: the smallest -ln(u)/weight keys); cities repeat only when there are too few.
 */
function distinctCities(r: TRandom, cities: readonly TPlace[], count: number): TPlace[] {
  const keyed = cities.map((city, i) => ({
    i,
    key: -Math.log(1 - r.next()) / (city.population ?? 1000),
  }));
  keyed.sort((a, b) => a.key - b.key || a.i - b.i);
  return Array.from({ length: count }, (_, n) => cities[keyed[n % keyed.length]!.i]!);
}
