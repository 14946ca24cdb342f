import { PAGING_MAX_TAKE } from "@hostfield/domain/contracts";
import { describe, expect, it } from "vitest";
import { buildSearchProfile } from "../testing";
import { createClusterIndex, expansionZoom, itemsIn } from "./cluster-index";
import { MAP_PAGE_SIZE, mapPointParser, type TMapPoint } from "./map-points";

describe("map points", () => {
  it("are asked for in the server's largest pages", () => {
    expect(MAP_PAGE_SIZE).toBe(PAGING_MAX_TAKE);
  });

  it("slim a search result to the map profile of spec §3", () => {
    const profile = buildSearchProfile({
      name: "Riverside Arena",
      placeId: "place-1",
      logo: "/media/logo.png",
    });
    expect(mapPointParser.parse(profile)).toEqual({
      id: profile.id,
      kind: "facility",
      name: "Riverside Arena",
      lat: 30.2672,
      lng: -97.7431,
      address: "1200 River Rd, Austin, TX 78701",
      headerImage: "/media/profiles/riverside-header.jpg",
      logo: "/media/logo.png",
      googlePlaceId: "place-1",
      sponsored: false,
    });
    // A listing its boost placed at the head of the best match wears the star; one boosted
    // further down does not.
    expect(mapPointParser.parse({ ...profile, sponsored: true })?.sponsored).toBe(true);
    expect(mapPointParser.parse({ ...profile, boosted: true })?.sponsored).toBe(false);
  });

  it("carry nothing beyond the map profile and the sponsored mark, events included: the server did the filtering", () => {
    const event = buildSearchProfile({
      kind: "event",
      startDate: "2027-04-10",
      endDate: "2027-04-12",
      ageGroup: "Youth",
    });
    expect(Object.keys(mapPointParser.parse(event) ?? {}).sort()).toEqual(
      [
        "id",
        "kind",
        "name",
        "lat",
        "lng",
        "address",
        "headerImage",
        "logo",
        "googlePlaceId",
        "sponsored",
      ].sort(),
    );
  });

  it("leave out profiles without coordinates", () => {
    expect(mapPointParser.parse(buildSearchProfile({ lat: null, lng: null }))).toBeNull();
  });

  it("refuse a reply that is not a profile", () => {
    expect(() => mapPointParser.parse({ name: "No id" })).toThrow();
  });
});

function points(n: number): TMapPoint[] {
  // A deterministic spread over the contiguous United States.
  return Array.from({ length: n }, (_, i) => ({
    id: `p${i}`,
    kind: "facility" as const,
    name: `Facility ${i}`,
    lat: 25 + ((i * 7919) % 2300) / 100,
    lng: -124 + ((i * 104729) % 5700) / 100,
    address: null,
    headerImage: null,
    logo: null,
    googlePlaceId: null,
  }));
}

describe("clustering", () => {
  it("draws 15,000 facilities as a few dozen clusters at country zoom, counting every one", () => {
    const started = performance.now();
    const index = createClusterIndex(points(15_000));
    const items = itemsIn(index, [-180, -85, 180, 85], 4);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(items.length).toBeGreaterThan(1);
    expect(items.length).toBeLessThan(300);
    const total = items.reduce((sum, item) => sum + (item.type === "cluster" ? item.count : 1), 0);
    expect(total).toBe(15_000);
  });

  it("shows single points when zoomed in, and a cluster opens at a closer zoom", () => {
    const index = createClusterIndex([
      { ...points(1)[0]!, id: "a", lat: 30.0, lng: -97.0 },
      { ...points(1)[0]!, id: "b", lat: 30.001, lng: -97.001 },
      { ...points(1)[0]!, id: "c", lat: 45.0, lng: -120.0 },
    ]);
    const wide = itemsIn(index, [-180, -85, 180, 85], 3);
    const cluster = wide.find((item) => item.type === "cluster");
    expect(cluster?.type === "cluster" ? cluster.count : 0).toBe(2);
    expect(wide.find((item) => item.type === "point")?.key).toBe("c");
    if (cluster?.type === "cluster")
      expect(expansionZoom(index, cluster.clusterId)).toBeGreaterThan(3);
    const close = itemsIn(index, [-97.1, 29.9, -96.9, 30.1], 17);
    expect(close.map((item) => item.key).sort()).toEqual(["a", "b"]);
  });
});
