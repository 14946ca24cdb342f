import { describe, expect, it } from "vitest";
import { AMENITIES } from "./amenities";
import { VENDOR_CATEGORIES, VENDOR_SERVICE_TAGS } from "./companies";
import { HUB_RECONNECT_DELAYS_MS, NIL_ID } from "./constants";
import { DESTINATION_SERVICES, DESTINATION_TYPES } from "./destinations";
import { AGE_GROUPS, EVENT_INTEREST_TYPES, EVENT_TYPES, GENDERS } from "./events";
import { FACILITY_TYPES, STAFF_ROLES } from "./facilities";
import { FEATURED_STATE_COUNT, LANDING_STATES, MARKETPLACE_CATEGORIES } from "./landing";
import { LEAD_STATUSES, URGENCY_LEVELS } from "./leads";
import { LOG_LEVELS, logLevelValue } from "./log-levels";
import { LODGING_PER_NIGHT_OPTIONS } from "./options";
import { PLACE_ATTRIBUTE_TAGS, PLACE_CATEGORIES } from "./places";
import { PROFILE_KINDS } from "./profiles";
import { findSpaceType, LOCATIONS, NO_SURFACE, SPACE_TYPES, SURFACES } from "./space-types";
import { OTHER_SPORT, SPORTS, TOP_SPORTS } from "./sports";
import { findState, REGIONS, STATES } from "./states";
import { PAID_TIERS, TIERS } from "./tiers";
import { TIME_AGO_LABELS } from "./time-ago";
import { ACCOUNT_TYPES, AUDIENCE_TAGS } from "./users";

function duplicates(values: readonly string[]): string[] {
  return values.filter((v, i) => values.indexOf(v) !== i);
}

describe("reference lists: sizes named by the spec", () => {
  it("has 33 amenities, including the seven the spec names", () => {
    expect(AMENITIES).toHaveLength(33);
    const names = AMENITIES.map((a) => a.name);
    for (const name of [
      "Parking",
      "Restrooms",
      "Wifi",
      "Bleachers",
      "Scoreboard",
      "Lodging",
      "Wheelchair Accessible",
    ]) {
      expect(names).toContain(name);
    }
  });

  // "50 US states plus DC, Puerto Rico and Virgin Island, and 10 Canadian provinces": 63 entries.
  it("has the 50 US states, DC, Puerto Rico, the Virgin Islands and 10 Canadian provinces", () => {
    const us = STATES.filter((s) => s.country === "US");
    const ca = STATES.filter((s) => s.country === "CA");
    expect(us).toHaveLength(53);
    expect(ca).toHaveLength(10);
    expect(STATES).toHaveLength(63);
    for (const name of ["District of Columbia", "Puerto Rico", "Virgin Islands"]) {
      expect(us.map((s) => s.name)).toContain(name);
    }
  });

  it("has about 110 sports, from Basketball ... to 'Other Sport or Activity'", () => {
    expect(SPORTS.length).toBeGreaterThanOrEqual(100);
    expect(SPORTS.length).toBeLessThanOrEqual(120);
    expect(SPORTS.slice(0, 7).map((s) => s.name)).toEqual([
      "Basketball",
      "Baseball",
      "Contact Football",
      "Soccer",
      "Lacrosse",
      "Softball",
      "Ice Hockey",
    ]);
    expect(SPORTS.at(-1)?.name).toBe("Other Sport or Activity");
    expect(OTHER_SPORT).toBe("Other Sport or Activity");
  });

  it("has about 30 space types and about 57 vendor service tags", () => {
    expect(SPACE_TYPES.length).toBeGreaterThanOrEqual(25);
    expect(SPACE_TYPES.length).toBeLessThanOrEqual(35);
    expect(VENDOR_SERVICE_TAGS.length).toBeGreaterThanOrEqual(52);
    expect(VENDOR_SERVICE_TAGS.length).toBeLessThanOrEqual(62);
    // "from Insurance and Registration Software to Website Services"
    expect(VENDOR_SERVICE_TAGS.slice(0, 2)).toEqual(["Insurance", "Registration Software"]);
    expect(VENDOR_SERVICE_TAGS.at(-1)).toBe("Website Services");
  });

  it("has 14 landing states of which exactly the nine named are featured", () => {
    expect(LANDING_STATES).toHaveLength(14);
    expect(LANDING_STATES.filter((s) => s.featured).map((s) => s.name)).toEqual([
      "Alabama",
      "Indiana",
      "Michigan",
      "Minnesota",
      "New York",
      "South Carolina",
      "Pennsylvania",
      "Delaware",
      "Louisiana",
    ]);
    expect(FEATURED_STATE_COUNT).toBe(2);
    expect(LANDING_STATES.some((s) => "featuredVideo" in s)).toBe(true);
  });
});

describe("reference lists: no duplicate names", () => {
  const lists: Record<string, readonly string[]> = {
    SPORTS: SPORTS.map((s) => s.name),
    SPACE_TYPES: SPACE_TYPES.map((s) => s.name),
    AMENITIES: AMENITIES.map((a) => a.name),
    "AMENITIES images": AMENITIES.map((a) => a.image),
    STATES: STATES.map((s) => s.name),
    "STATES codes": STATES.map((s) => s.code),
    LANDING_STATES: LANDING_STATES.map((s) => s.name),
    MARKETPLACE_CATEGORIES: MARKETPLACE_CATEGORIES.map((c) => c.name),
    PLACE_CATEGORIES: PLACE_CATEGORIES.map((c) => c.name),
    "PLACE_CATEGORIES place types": PLACE_CATEGORIES.flatMap((c) => [...c.placeTypes]),
    PLACE_ATTRIBUTE_TAGS,
    VENDOR_SERVICE_TAGS,
    VENDOR_CATEGORIES,
    FACILITY_TYPES,
    EVENT_TYPES,
    EVENT_INTEREST_TYPES,
    ACCOUNT_TYPES,
    AUDIENCE_TAGS,
    DESTINATION_SERVICES,
    DESTINATION_TYPES,
    REGIONS,
    SURFACES,
  };
  for (const [name, values] of Object.entries(lists)) {
    it(`${name} has no duplicates`, () => {
      expect(duplicates(values)).toEqual([]);
    });
  }
});

describe("reference lists: consistency", () => {
  it("gives every sport a default space type that exists and allows its location and surface", () => {
    for (const sport of SPORTS) {
      const type = findSpaceType(sport.spaceType.name);
      expect(type, sport.name).toBeDefined();
      expect(type?.locations, sport.name).toContain(sport.spaceType.location);
      if (type && type.surfaces.length > 0) {
        expect(type.surfaces, sport.name).toContain(sport.spaceType.surface);
      } else {
        expect(sport.spaceType.surface, sport.name).toBe(NO_SURFACE);
      }
      expect(sport.spaceType.count, sport.name).toBeGreaterThanOrEqual(1);
      expect(sport.icon, sport.name).toMatch(/^[a-z_]+$/);
    }
  });

  it("ranks exactly the top sports 1 to 9, once each", () => {
    expect(TOP_SPORTS.map((s) => s.ranking)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(TOP_SPORTS.slice(0, 4).map((s) => s.name)).toEqual([
      "Basketball",
      "Baseball",
      "Contact Football",
      "Soccer",
    ]);
  });

  it("includes the sports the spec and the categories rely on", () => {
    const names = SPORTS.map((s) => s.name as string);
    for (const name of ["Non-Contact Football", "Volleyball", "Esports", "Cheerleading"]) {
      expect(names).toContain(name);
    }
  });

  it("names only existing sports in marketplace categories", () => {
    const names = new Set<string>(SPORTS.map((s) => s.name));
    for (const category of MARKETPLACE_CATEGORIES) {
      for (const sport of category.sports) expect(names.has(sport), sport).toBe(true);
    }
  });

  it("features the eight main marketplace categories and not Esports, Cheerleading, Youth Sports", () => {
    const featured = MARKETPLACE_CATEGORIES.filter((c) => c.featured).map((c) => c.name);
    expect(featured).toEqual([
      "Basketball",
      "Baseball",
      "Football",
      "Ice Hockey",
      "Soccer",
      "Softball",
      "Volleyball",
      "Lacrosse",
    ]);
    const youth = MARKETPLACE_CATEGORIES.find((c) => c.name === "Youth Sports");
    expect(youth).toMatchObject({ featured: false, ageGroup: "Youth" });
    expect(youth?.sports).toHaveLength(9);
    expect(AGE_GROUPS).toContain(youth?.ageGroup);
    expect(MARKETPLACE_CATEGORIES.find((c) => c.name === "Football")?.sports).toEqual([
      "Contact Football",
      "Non-Contact Football",
    ]);
  });

  it("puts every state in a known region and every landing state in STATES", () => {
    for (const state of STATES) expect(REGIONS, state.name).toContain(state.region);
    for (const landing of LANDING_STATES)
      expect(findState(landing.name), landing.name).toBeDefined();
    expect(findState("hi")?.region).toBe("Pacific");
    expect(findState("Alaska")?.region).toBe("Pacific");
    expect(findState("California")?.region).toBe("Pacific");
    expect(findState("PR")?.region).toBe("Caribbean");
    expect(findState("Ontario")?.region).toBe("Central Canada");
  });

  it("uses only known surfaces and locations in space types; Court, Field, Diamond, Rink as specified", () => {
    for (const type of SPACE_TYPES) {
      for (const s of type.surfaces) expect(SURFACES).toContain(s);
      for (const l of type.locations) expect(LOCATIONS).toContain(l);
      expect(type.locations.length).toBeGreaterThan(0);
    }
    expect(findSpaceType("Court")?.surfaces).toEqual([
      "Hardwood",
      "Concrete",
      "Multi-purpose",
      "Synthetic",
      "Sand",
    ]);
    expect(findSpaceType("Field")?.surfaces).toEqual([
      "Grass",
      "Turf",
      "Multi-purpose",
      "Synthetic",
    ]);
    expect(findSpaceType("Diamond")?.surfaces).toEqual(["Grass", "Turf", "Synthetic"]);
    expect(findSpaceType("Rink")?.surfaces).toEqual([
      "Ice",
      "Concrete",
      "Synthetic",
      "Multi-purpose",
    ]);
    // "Pools, Golf Course and similar allow no surface choice."
    expect(findSpaceType("Pool")?.surfaces).toEqual([]);
    expect(findSpaceType("Golf Course")?.surfaces).toEqual([]);
  });
});

describe("reference lists: fixed values of the spec", () => {
  it("lists the urgency levels 0 Urgent Need, 1 Near Future, 2 Exploring", () => {
    expect(URGENCY_LEVELS.map((u) => [u.priority, u.label])).toEqual([
      [0, "Urgent Need"],
      [1, "Near Future"],
      [2, "Exploring"],
    ]);
  });

  it("orders tiers Legacy, Bronze, Silver, Gold; paid tiers leave out Legacy", () => {
    expect(TIERS).toEqual(["Legacy", "Bronze", "Silver", "Gold"]);
    expect(PAID_TIERS).toEqual(["Bronze", "Silver", "Gold"]);
  });

  it("numbers log levels 0 Trace to 6 None", () => {
    expect(LOG_LEVELS).toHaveLength(7);
    expect(logLevelValue("Trace")).toBe(0);
    expect(logLevelValue("Warning")).toBe(3);
    expect(logLevelValue("None")).toBe(6);
  });

  it("ends facility types with Other and starts them with Arena", () => {
    expect(FACILITY_TYPES[0]).toBe("Arena");
    expect(FACILITY_TYPES.at(-1)).toBe("Other");
    expect(STAFF_ROLES).toEqual(["Manager", "Sales", "Marketing"]);
  });

  it("keeps the lodging quirk: the value 1000 is labelled 750", () => {
    expect(LODGING_PER_NIGHT_OPTIONS.find((o) => o.value === 1000)?.label).toBe("750");
    expect(LODGING_PER_NIGHT_OPTIONS.map((o) => o.value)).toEqual([
      50, 100, 250, 500, 1000, 2500, 5000, 10000,
    ]);
  });

  it("has the ten time-ago labels, the spec's profile kinds and five lead statuses", () => {
    expect(TIME_AGO_LABELS).toHaveLength(10);
    // The spec's kinds are all there; a new kind is a definition more, not a test to change.
    expect(PROFILE_KINDS).toEqual(
      expect.arrayContaining([
        "hotel",
        "destination",
        "facility",
        "business",
        "company",
        "organization",
        "event",
      ]),
    );
    expect(LEAD_STATUSES).toEqual(["Open", "Interested", "Won", "Lost", "Passed"]);
    expect(GENDERS).toEqual(["Co-Ed", "Female", "Male", "Male & Female"]);
  });

  it("reconnects after 0, 2, 10, 30, 60 and 120 seconds; the nil id is all zeros", () => {
    expect(HUB_RECONNECT_DELAYS_MS).toEqual([0, 2000, 10000, 30000, 60000, 120000]);
    expect(NIL_ID.replace(/-/g, "")).toMatch(/^0{32}$/);
  });
});
