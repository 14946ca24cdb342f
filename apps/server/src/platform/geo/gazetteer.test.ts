// The gazetteer against the real package data: no mocks, coordinates checked against known landmarks.

import { STATES } from "@hostfield/domain/reference";
import { describe, expect, it } from "vitest";
import { distanceMiles, type TLatLng } from "./distance";
import { createGazetteer, formatPlace, type TPlace } from "./gazetteer";

const gazetteer = createGazetteer();

// Known points, independent of the data: city halls, landmarks, downtown cores.
const MONUMENT_CIRCLE_INDIANAPOLIS = { lat: 39.7684, lng: -86.1581 };
const DOWNTOWN_LOUISVILLE = { lat: 38.2527, lng: -85.7585 };
const TORONTO_CITY_HALL = { lat: 43.6535, lng: -79.3841 };
const MONTREAL_DOWNTOWN = { lat: 45.5017, lng: -73.5673 };
const PARLIAMENT_HILL_OTTAWA = { lat: 45.4236, lng: -75.7009 };
const ILLINOIS_CAPITOL_SPRINGFIELD = { lat: 39.7983, lng: -89.6544 };
const DOWNTOWN_SPRINGFIELD_MO = { lat: 37.209, lng: -93.2923 };
const TIMES_SQUARE = { lat: 40.758, lng: -73.9855 };

const km = (a: TLatLng, b: TLatLng) => distanceMiles(a, b) * 1.609344;

function expectPlace(place: TPlace | null, label: string, near: TLatLng, withinKm: number) {
  expect(place?.label).toBe(label);
  expect(km(place!, near)).toBeLessThan(withinKm);
}

describe("resolve", () => {
  it.each([
    "Indianapolis, IN",
    "Indianapolis, Indiana",
    "indianapolis in",
    "INDIANAPOLIS,IN",
    "  Indianapolis ,  IN ,  USA ",
    "Indianapolis, Indiana, United States",
  ])("finds Indianapolis from %j", (query) => {
    const place = gazetteer.resolve(query);
    expectPlace(place, "Indianapolis, IN", MONUMENT_CIRCLE_INDIANAPOLIS, 2);
    expect(place).toMatchObject({ name: "Indianapolis", state: "IN", country: "US" });
    expect(place?.population).toBeGreaterThan(800_000);
    expect(place?.postalCode).toBeUndefined();
  });

  // GeoNames puts Toronto's point in midtown (43.70, -79.42), about 6 km north of City Hall.
  it.each(["Toronto, ON", "toronto ontario", "Toronto, ON, Canada", "Toronto ON Canada"])(
    "finds Toronto from %j",
    (query) => {
      const place = gazetteer.resolve(query);
      expectPlace(place, "Toronto, ON", TORONTO_CITY_HALL, 7);
      expect(place?.country).toBe("CA");
    },
  );

  it.each(["Montréal", "montreal", "MONTREAL, QC", "Montreal, Quebec, Canada", "montréal québec"])(
    "ignores case and accents: %j is Montréal",
    (query) => {
      expectPlace(gazetteer.resolve(query), "Montréal, QC", MONTREAL_DOWNTOWN, 3);
    },
  );

  it.each(["46204", "46204-1234", " 46204 ", "462041234"])(
    "finds the ZIP %j in downtown Indianapolis",
    (query) => {
      const place = gazetteer.resolve(query);
      expectPlace(place, "Indianapolis, IN", MONUMENT_CIRCLE_INDIANAPOLIS, 2);
      expect(place?.postalCode).toBe("46204");
      expect(place?.population).toBeUndefined();
    },
  );

  it("takes a ZIP at the end of a street address", () => {
    const place = gazetteer.resolve("123 Main St, Indianapolis, IN 46204");
    expect(place?.postalCode).toBe("46204");
    expect(place?.label).toBe("Indianapolis, IN");
  });

  it("falls back to the city when the ZIP after it is unknown", () => {
    const place = gazetteer.resolve("Louisville, KY 00000");
    expectPlace(place, "Louisville, KY", DOWNTOWN_LOUISVILLE, 2);
    expect(place?.postalCode).toBeUndefined();
  });

  it.each(["K1A 0B1", "K1A", "k1a0b1", "k1a 0b1, Canada"])(
    "finds the Canadian postal prefix of %j in Ottawa, labelled by the nearest city",
    (query) => {
      const place = gazetteer.resolve(query);
      expectPlace(place, "Ottawa, ON", PARLIAMENT_HILL_OTTAWA, 2);
      expect(place?.postalCode).toBe("K1A");
      expect(place?.country).toBe("CA");
    },
  );

  it("labels a downtown Toronto postal prefix Toronto, not a neighbouring borough", () => {
    expect(gazetteer.resolve("M5V 3L9")?.label).toBe("Toronto, ON");
  });

  it("labels a Gatineau postal prefix within Quebec, though Ottawa across the river is bigger", () => {
    expect(gazetteer.resolve("J8X")?.label).toBe("Gatineau, QC");
  });

  it("picks the most populous place for a bare name: Louisville is Louisville, KY", () => {
    const place = gazetteer.resolve("Louisville");
    expectPlace(place, "Louisville, KY", DOWNTOWN_LOUISVILLE, 2);
    const others = gazetteer.cities().filter((p) => p.name === "Louisville" && p !== place);
    expect(others.length).toBeGreaterThan(3);
    for (const other of others) expect(other.population!).toBeLessThan(place!.population!);
  });

  it("picks the most populous Springfield for a bare name, and Illinois' when asked", () => {
    const springfields = gazetteer.cities().filter((p) => p.name === "Springfield");
    const biggest = springfields.reduce((a, b) => (b.population! > a.population! ? b : a));
    const bare = gazetteer.resolve("Springfield");
    expect(bare).toBe(biggest);
    expectPlace(bare, "Springfield, MO", DOWNTOWN_SPRINGFIELD_MO, 3);

    expectPlace(
      gazetteer.resolve("Springfield, IL"),
      "Springfield, IL",
      ILLINOIS_CAPITOL_SPRINGFIELD,
      4,
    );
    expect(gazetteer.resolve("springfield illinois")?.label).toBe("Springfield, IL");
  });

  it("does not guess another state when the named state has no such city", () => {
    expect(gazetteer.resolve("Louisville")).not.toBeNull();
    expect(gazetteer.resolve("Louisville, IN")).toBeNull();
    expect(gazetteer.resolve("Toronto, TX")).toBeNull();
  });

  it("keeps the most populous of places GeoNames lists twice under one name and state", () => {
    // Mountain View in Silicon Valley (80,000), not the hamlet in Contra Costa County.
    expectPlace(
      gazetteer.resolve("Mountain View, CA"),
      "Mountain View, CA",
      { lat: 37.3861, lng: -122.0839 },
      3,
    );
    // Vernon in the Okanagan, not the misplaced duplicate on Vancouver Island.
    expectPlace(gazetteer.resolve("Vernon, BC"), "Vernon, BC", { lat: 50.2671, lng: -119.272 }, 3);
  });

  it("honours a trailing country", () => {
    expect(gazetteer.resolve("London, Canada")?.label).toBe("London, ON");
    expect(gazetteer.resolve("Springfield, USA")?.label).toBe("Springfield, MO");
    expect(gazetteer.resolve("Springfield, Canada")).toBeNull();
  });

  it("finds places by the names people use rather than GeoNames' spelling", () => {
    expect(gazetteer.resolve("New York")?.label).toBe("New York, NY");
    expect(gazetteer.resolve("New York City")?.label).toBe("New York, NY");
    expect(gazetteer.resolve("Washington, DC")?.label).toBe("Washington, DC");
    expect(gazetteer.resolve("Saint Louis")?.label).toBe("St. Louis, MO");
    expect(gazetteer.resolve("Ft Worth")?.label).toBe("Fort Worth, TX");
    expect(gazetteer.resolve("Quebec City")?.label).toBe("Québec, QC");
  });

  it("finds a US town too small for the city list through its ZIP codes", () => {
    const place = gazetteer.resolve("Kirklin, IN");
    expect(place?.label).toBe("Kirklin, IN");
    // Kirklin, Indiana: 40.193, -86.361.
    expect(km(place!, { lat: 40.193, lng: -86.361 })).toBeLessThan(5);
    expect(place?.population).toBeUndefined();
  });

  it("covers Puerto Rico as a US state, as STATES does", () => {
    expect(gazetteer.resolve("San Juan, PR")).toMatchObject({ state: "PR", country: "US" });
    expect(gazetteer.resolve("00601")).toMatchObject({
      label: "Adjuntas, PR",
      postalCode: "00601",
    });
  });

  it("returns null for places outside STATES: the territories and military ZIPs", () => {
    expect(gazetteer.resolve("Whitehorse")).toBeNull();
    expect(gazetteer.resolve("Y1A")).toBeNull();
    expect(gazetteer.resolve("09001")).toBeNull();
  });

  it.each([
    ["empty", ""],
    ["blank", "   "],
    ["punctuation", "!!!"],
    ["commas", ",,,"],
    ["300 characters", "a".repeat(300)],
    ["unknown town", "Nowhereville"],
    ["unknown town in a state", "Nowhereville, IN"],
    ["unknown ZIP", "00000"],
    ["unknown postal prefix", "Z9Z"],
  ])("returns null for %s", (_, query) => {
    expect(gazetteer.resolve(query)).toBeNull();
  });

  it("caps input at 200 characters even when the place is valid", () => {
    expect(gazetteer.resolve(`Indianapolis, IN${" ".repeat(184)}`)).not.toBeNull();
    expect(gazetteer.resolve(`Indianapolis, IN${" ".repeat(185)}`)).toBeNull();
  });

  it("does not throw on input that is not a string", () => {
    expect(gazetteer.resolve(undefined as unknown as string)).toBeNull();
    expect(gazetteer.resolve(46204 as unknown as string)).toBeNull();
  });

  it("hands out frozen places, so a caller cannot corrupt the shared index", () => {
    const place = gazetteer.resolve("Indianapolis, IN")!;
    expect(() => {
      (place as { lat: number }).lat = 0;
    }).toThrow();
    expect(gazetteer.resolve("Indianapolis, IN")?.lat).toBeCloseTo(39.77, 1);
  });
});

describe("suggest", () => {
  it("offers Indianapolis first for 'Indiana', and only names that start with it", () => {
    const places = gazetteer.suggest("Indiana");
    expect(places[0]?.label).toBe("Indianapolis, IN");
    for (const p of places) expect(p.name.toLowerCase().startsWith("indiana")).toBe(true);
  });

  it("respects the limit, defaults to 10 and never gives more than 25", () => {
    expect(gazetteer.suggest("San", 3)).toHaveLength(3);
    expect(gazetteer.suggest("San")).toHaveLength(10);
    expect(gazetteer.suggest("s", 100)).toHaveLength(25);
    expect(gazetteer.suggest("San", 0)).toEqual([]);
  });

  it("orders by population, most populous first", () => {
    const places = gazetteer.suggest("San", 25);
    expect(places.map((p) => p.label).slice(0, 3)).toEqual([
      "San Antonio, TX",
      "San Diego, CA",
      "San Jose, CA",
    ]);
    const populations = places.map((p) => p.population!);
    expect(populations).toEqual([...populations].sort((a, b) => b - a));
  });

  it("leaves out city sections that GeoNames gives a whole city's population", () => {
    // "New South Memphis" (a Memphis neighbourhood) is listed with 641,608 people.
    expect(gazetteer.suggest("New", 3).map((p) => p.label)).toEqual([
      "New York, NY",
      "New Orleans, LA",
      "Newark, NJ",
    ]);
    // Hollywood, Los Angeles is listed with 167,664; Hollywood, Florida is a city of 150,000.
    expect(gazetteer.resolve("Hollywood")?.label).toBe("Hollywood, FL");
  });

  it("ignores accents and case", () => {
    expect(gazetteer.suggest("MONTR", 3)[0]?.label).toBe("Montréal, QC");
  });

  it("narrows by state after a comma", () => {
    const places = gazetteer.suggest("Springfield, M", 25);
    expect(places.length).toBeGreaterThan(2);
    expect(places[0]?.label).toBe("Springfield, MO");
    for (const p of places) {
      expect(p.name).toBe("Springfield");
      expect(p.state).toMatch(/^M/);
    }
  });

  it("returns nothing for an empty or unmatched prefix", () => {
    expect(gazetteer.suggest("")).toEqual([]);
    expect(gazetteer.suggest("!!!")).toEqual([]);
    expect(gazetteer.suggest("Xqzv")).toEqual([]);
  });
});

describe("nearest", () => {
  it("labels a point in downtown Indianapolis Indianapolis, IN", () => {
    expect(gazetteer.nearest(39.77, -86.16)?.label).toBe("Indianapolis, IN");
  });

  it("labels a suburb by the suburb", () => {
    // Carmel, Indiana's city hall.
    expect(gazetteer.nearest(39.9784, -86.118)?.label).toBe("Carmel, IN");
  });

  it("labels Times Square New York, though Weehawken's centre point is closer", () => {
    const weehawken = gazetteer.resolve("Weehawken, NJ")!;
    const newYork = gazetteer.resolve("New York, NY")!;
    expect(distanceMiles(TIMES_SQUARE, weehawken)).toBeLessThan(
      distanceMiles(TIMES_SQUARE, newYork),
    );
    expect(gazetteer.nearest(TIMES_SQUARE.lat, TIMES_SQUARE.lng)?.label).toBe("New York, NY");
  });

  it("returns null far from any listed city, and for invalid coordinates", () => {
    expect(gazetteer.nearest(51.5074, -0.1278)).toBeNull(); // London, England
    expect(gazetteer.nearest(Number.NaN, -86.16)).toBeNull();
    expect(gazetteer.nearest(91, -86.16)).toBeNull();
    expect(gazetteer.nearest(39.77, 181)).toBeNull();
  });
});

describe("cities", () => {
  it("lists only Canadian cities for country CA, most populous first, then by name", () => {
    const canada = gazetteer.cities({ country: "CA" });
    expect(canada.length).toBeGreaterThan(900);
    expect(canada[0]?.label).toBe("Toronto, ON");
    for (const p of canada) expect(p.country).toBe("CA");
    for (let i = 1; i < canada.length; i++) {
      const [a, b] = [canada[i - 1]!, canada[i]!];
      expect(
        a.population! > b.population! || (a.population === b.population && a.name <= b.name),
      ).toBe(true);
    }
  });

  it("filters by minimum population", () => {
    const big = gazetteer.cities({ country: "US", minPopulation: 1_000_000 });
    expect(big.map((p) => p.label)).toEqual(
      expect.arrayContaining(["New York, NY", "Los Angeles, CA", "Chicago, IL", "Houston, TX"]),
    );
    for (const p of big) {
      expect(p.country).toBe("US");
      expect(p.population).toBeGreaterThanOrEqual(1_000_000);
    }
    expect(big.length).toBeLessThan(20);
  });

  it("covers every state and province in STATES and nothing else, one place per label", () => {
    const all = gazetteer.cities();
    const codes = new Set(all.map((p) => p.state));
    expect([...codes].sort()).toEqual(STATES.map((s) => s.code).sort());
    for (const p of all) {
      expect(STATES.find((s) => s.code === p.state)?.country).toBe(p.country);
    }
    expect(new Set(all.map((p) => p.label)).size).toBe(all.length);
  });
});

describe("formatPlace", () => {
  it("reads 'City, ST', the label every place carries", () => {
    expect(formatPlace({ name: "Indianapolis", state: "IN" })).toBe("Indianapolis, IN");
    const montreal = gazetteer.resolve("montreal")!;
    expect(formatPlace(montreal)).toBe("Montréal, QC");
    expect(montreal.label).toBe(formatPlace(montreal));
  });
});
