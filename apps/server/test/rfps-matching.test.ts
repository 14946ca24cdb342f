// Matching a request for proposals, without a database: which facilities and destinations qualify,
// their score and the reasons recipients read. The rules restated from the issue:
// "a facility qualifies when it has at least one of the requested sports; when a specific space
// type is needed, the sum of its spaces of that name, surface and location reaches the count; when a
// specific facility type is needed, one of its types is asked for; and it lies within the radius
// (nationally: anywhere)"; "a destination qualifies when it lies within the radius and at least one
// facility listed under it qualifies on facility data"; "tier gating: the recipient's membership must
// allow the RFP marketplace".

import { requestDateSets, type TCalendarRange } from "@hostfield/domain/rules";
import { FOUR_INDOOR_COURTS } from "@hostfield/domain/testing";
import { describe, expect, it } from "vitest";
import {
  matchDestination,
  matchFacility,
  matchRequest,
  matchScore,
  plural,
  type TDestinationCandidate,
  type TFacilityCandidate,
  type TFacilityFacts,
  type TMatchRequest,
} from "../src/modules/rfps/matching";

const INDIANAPOLIS = { lat: 39.76838, lng: -86.15804 };
const CARMEL = { lat: 39.97837, lng: -86.11804 };
const LOUISVILLE = { lat: 38.25424, lng: -85.75941 };

const request = (overrides: Partial<TMatchRequest> = {}): TMatchRequest => ({
  ...FOUR_INDOOR_COURTS,
  sportsList: [...FOUR_INDOOR_COURTS.sportsList],
  facilityTypes: [],
  point: INDIANAPOLIS,
  dist: 50,
  placeLabel: "Indianapolis, IN",
  dateSets: [],
  ...overrides,
});

let spaceIds = 0;
const courts = (count: number, location = "Indoor", surface = "Hardwood") => ({
  id: `space-${++spaceIds}`,
  name: "Court",
  surface,
  count,
  location,
});

const facts = (name: string, overrides: Partial<TFacilityFacts> = {}): TFacilityFacts => ({
  id: `f-${name}`,
  name,
  sports: ["Basketball", "Volleyball"],
  facilityTypes: ["Sports Complex"],
  spaces: [courts(4)],
  ...overrides,
});

const facility = (
  name: string,
  at: { lat: number; lng: number } | null,
  overrides: Partial<TFacilityFacts> = {},
  tier: string | null = "Silver",
): TFacilityCandidate => ({
  id: `f-${name}`,
  name,
  lat: at?.lat ?? null,
  lng: at?.lng ?? null,
  tier,
  isActive: true,
  facts: facts(name, overrides),
});

describe("a facility", () => {
  it("qualifies with the sport, enough indoor hardwood courts and within the radius, with reasons", () => {
    const match = matchFacility(request(), facility("Carmel Courts", CARMEL))!;
    expect(match.ownerType).toBe("Facility");
    expect(match.reasons).toEqual([
      "1 of 1 sport",
      "4 hardwood courts, needs 4",
      "Indoor",
      "15 mi from Indianapolis, IN",
    ]);
    expect(match.distanceMiles).toBeCloseTo(14.8, 0);
    expect(match.hotLeads).toBe(true);
  });

  it("adds up its spaces of the asked kind, and no others", () => {
    const split = facility("Split", INDIANAPOLIS, { spaces: [courts(2), courts(2)] });
    expect(matchFacility(request(), split)?.reasons[1]).toBe("4 hardwood courts, needs 4");
    const mixed = facility("Mixed", INDIANAPOLIS, {
      spaces: [courts(3), courts(2, "Outdoor"), courts(2, "Indoor", "Concrete")],
    });
    expect(matchFacility(request(), mixed)).toBeNull();
  });

  it("does not qualify with one court too few, outdoors only, or without the sport", () => {
    expect(
      matchFacility(request(), facility("Three", INDIANAPOLIS, { spaces: [courts(3)] })),
    ).toBeNull();
    expect(
      matchFacility(
        request(),
        facility("Outside", INDIANAPOLIS, { spaces: [courts(6, "Outdoor")] }),
      ),
    ).toBeNull();
    expect(
      matchFacility(request(), facility("Pool", INDIANAPOLIS, { sports: ["Swimming"] })),
    ).toBeNull();
  });

  it("takes either location when the request says Both, and any surface when it names none", () => {
    const outside = facility("Outside", INDIANAPOLIS, {
      spaces: [courts(4, "Outdoor", "Concrete")],
    });
    const match = matchFacility(request({ spaceLocation: "Both", spaceSurface: null }), outside)!;
    expect(match.reasons).toEqual([
      "1 of 1 sport",
      "4 courts, needs 4",
      "Under 1 mi from Indianapolis, IN",
    ]);
  });

  it("needs one space of the type when no count is asked", () => {
    const r = request({ spaceTypeCount: null });
    expect(
      matchFacility(r, facility("One", INDIANAPOLIS, { spaces: [courts(1)] }))?.reasons[1],
    ).toBe("1 hardwood court");
    expect(matchFacility(r, facility("None", INDIANAPOLIS, { spaces: [] }))).toBeNull();
  });

  it("ignores spaces when no specific space type is needed", () => {
    const r = request({ needsSpecificSpaceType: false });
    const match = matchFacility(r, facility("Bare", INDIANAPOLIS, { spaces: [] }))!;
    expect(match.reasons).toEqual(["1 of 1 sport", "Under 1 mi from Indianapolis, IN"]);
  });

  it("needs one of the asked facility types when a specific one is needed", () => {
    const r = request({ needsSpecificFacilityType: true, facilityTypes: ["Arena", "Stadium"] });
    expect(matchFacility(r, facility("Complex", INDIANAPOLIS))).toBeNull();
    const arena = matchFacility(r, facility("Arena", INDIANAPOLIS, { facilityTypes: ["Arena"] }))!;
    expect(arena.reasons).toContain("Arena");
  });

  it("lies within the radius, or anywhere when looking nationally", () => {
    expect(matchFacility(request(), facility("Louisville", LOUISVILLE))).toBeNull();
    const national = request({ point: null, dist: null, placeLabel: null });
    const far = matchFacility(national, facility("Louisville", LOUISVILLE))!;
    expect(far.reasons.at(-1)).toBe("Looking nationally");
    expect(far.distanceMiles).toBeNull();
    expect(matchFacility(national, facility("Nowhere", null))).not.toBeNull();
    expect(matchFacility(request(), facility("Nowhere", null))).toBeNull();
  });

  it("needs an active membership that allows the RFP marketplace (not Legacy, not none)", () => {
    expect(matchFacility(request(), facility("Legacy", INDIANAPOLIS, {}, "Legacy"))).toBeNull();
    expect(matchFacility(request(), facility("No tier", INDIANAPOLIS, {}, null))).toBeNull();
    const inactive = { ...facility("Inactive", INDIANAPOLIS), isActive: false };
    expect(matchFacility(request(), inactive)).toBeNull();
    const bronze = matchFacility(request(), facility("Bronze", INDIANAPOLIS, {}, "Bronze"))!;
    expect(bronze).not.toBeNull();
    // "enableHotLeads needs an active tier that is neither Bronze nor Legacy".
    expect(bronze.hotLeads).toBe(false);
    expect(matchFacility(request(), facility("Gold", INDIANAPOLIS, {}, "Gold"))?.hotLeads).toBe(
      true,
    );
  });

  it("counts the requested sports it offers", () => {
    const r = request({ sportsList: ["Basketball", "Volleyball", "Futsal"] });
    expect(matchFacility(r, facility("Two", INDIANAPOLIS))?.reasons[0]).toBe("2 of 3 sports");
  });
});

describe("a destination", () => {
  const destination = (
    name: string,
    at: { lat: number; lng: number },
    facilities: TFacilityFacts[],
    tier: string | null = "Gold",
  ): TDestinationCandidate => ({
    id: `d-${name}`,
    name,
    lat: at.lat,
    lng: at.lng,
    tier,
    isActive: true,
    facilities,
  });

  it("qualifies through a listed facility that qualifies, named with its best space", () => {
    const match = matchDestination(
      request(),
      destination("Visit Indy", INDIANAPOLIS, [
        facts("Hoosier Courts", { spaces: [courts(6)] }),
        facts("Small Gym", { spaces: [courts(4)] }),
        facts("Outdoor Park", { spaces: [courts(8, "Outdoor")] }),
      ]),
    )!;
    expect(match.ownerType).toBe("Destination");
    expect(match.reasons).toEqual([
      "2 listed facilities qualify",
      "1 of 1 sport at Hoosier Courts",
      "6 hardwood courts at Hoosier Courts, needs 4",
      "Indoor",
      "Under 1 mi from Indianapolis, IN",
    ]);
  });

  it("does not qualify when none of its facilities does, or outside the radius, or without a tier", () => {
    expect(
      matchDestination(
        request(),
        destination("Empty", INDIANAPOLIS, [facts("Small", { spaces: [courts(2)] })]),
      ),
    ).toBeNull();
    expect(matchDestination(request(), destination("Far", LOUISVILLE, [facts("Big")]))).toBeNull();
    expect(
      matchDestination(request(), destination("Legacy", INDIANAPOLIS, [facts("Big")], "Legacy")),
    ).toBeNull();
  });
});

describe("the venue's calendar on the event's days", () => {
  // A Friday-to-Sunday tournament.
  const DATES = { startDate: "2031-03-14", endDate: "2031-03-16" };
  const dated = (over: Partial<TMatchRequest> = {}) => request({ dateSets: [DATES], ...over });
  // Flexible dates: any one day of the event's.
  const flexible = dated({
    dateSets: requestDateSets({ dateOptions: null, ...DATES, hasFlexibleDates: true }),
  });
  const booked = (over: Partial<TCalendarRange> = {}): TCalendarRange => ({
    kind: "booked",
    startDate: "2031-03-15",
    endDate: "2031-03-15",
    spaceTypeId: null,
    spaces: null,
    discountPercent: null,
    ...over,
  });

  it("a venue without a calendar counts as free and its lead says so; an empty one is free", () => {
    const none = matchFacility(dated(), facility("None", INDIANAPOLIS))!;
    expect(none.reasons.at(-1)).toBe("Calendar not kept");
    const kept = matchFacility(dated(), facility("Kept", INDIANAPOLIS, { calendar: [] }))!;
    expect(kept.reasons.at(-1)).toBe("Free on your calendar");
    // Dates not checked (no event days): no word about calendars.
    expect(matchFacility(request(), facility("Any", INDIANAPOLIS))!.reasons).not.toContain(
      "Calendar not kept",
    );
  });

  it("a day booked for the whole venue, or too many of the asked courts, keeps the lead away", () => {
    expect(
      matchFacility(dated(), facility("Booked", INDIANAPOLIS, { calendar: [booked()] })),
    ).toBeNull();
    const six = courts(6);
    // 2 of 6 courts booked leaves the 4 asked; 3 booked does not.
    const two = facility("Two", INDIANAPOLIS, {
      spaces: [six],
      calendar: [booked({ spaceTypeId: six.id, spaces: 2 })],
    });
    expect(matchFacility(dated(), two)).not.toBeNull();
    const three = facility("Three", INDIANAPOLIS, {
      spaces: [six],
      calendar: [booked({ spaceTypeId: six.id, spaces: 3 })],
    });
    expect(matchFacility(dated(), three)).toBeNull();
  });

  it("flexible dates need one free day, not all", () => {
    const busy = facility("Busy", INDIANAPOLIS, {
      calendar: [booked({ startDate: "2031-03-14", endDate: "2031-03-15" })],
    });
    expect(matchFacility(dated(), busy)).toBeNull();
    expect(matchFacility(flexible, busy)).not.toBeNull();
    const full = facility("Full", INDIANAPOLIS, {
      calendar: [booked({ startDate: "2031-03-01", endDate: "2031-03-31" })],
    });
    expect(matchFacility(flexible, full)).toBeNull();
  });

  it("need dates on the event's days come first among the reasons", () => {
    const wants = facility("Wants", INDIANAPOLIS, {
      calendar: [
        booked({
          kind: "need",
          startDate: "2031-03-14",
          endDate: "2031-03-16",
          discountPercent: 15,
        }),
      ],
    });
    expect(matchFacility(dated(), wants)!.reasons[0]).toBe(
      "You marked Fri, Mar 14th - Sun, Mar 16th, 2031 as need dates (15% off)",
    );
  });

  it("a destination booked on its own calendar gets no lead; else its free facilities count", () => {
    const destination = (calendar: TCalendarRange[] | null, facilities: TFacilityFacts[]) => ({
      id: "d-Visit",
      name: "Visit",
      lat: INDIANAPOLIS.lat,
      lng: INDIANAPOLIS.lng,
      tier: "Gold",
      isActive: true,
      calendar,
      facilities,
    });
    const free = facts("Free Courts");
    const taken = facts("Taken Courts", { calendar: [booked()] });
    expect(matchDestination(dated(), destination([booked()], [free]))).toBeNull();
    const match = matchDestination(dated(), destination(null, [taken, free]))!;
    expect(match.reasons.slice(0, 2)).toEqual([
      "1 listed facility qualifies",
      "1 of 1 sport at Free Courts",
    ]);
    expect(match.reasons.at(-1)).toBe("Calendar not kept");
    expect(matchDestination(dated(), destination(null, [taken]))).toBeNull();
  });
});

describe("a request with several date sets, or a window", () => {
  // 14 March 2031 is a Friday: the weekends below are Saturday and Sunday.
  const A = { startDate: "2031-03-15", endDate: "2031-03-16" };
  const B = { startDate: "2031-03-22", endDate: "2031-03-23" };
  const C = { startDate: "2031-03-29", endDate: "2031-03-30" };
  const WORDS = {
    A: "Sat, Mar 15th - Sun, Mar 16th, 2031",
    B: "Sat, Mar 22nd - Sun, Mar 23rd, 2031",
    C: "Sat, Mar 29th - Sun, Mar 30th, 2031",
  };
  const three = request({ dateSets: [A, B, C] });
  const range = (
    kind: TCalendarRange["kind"],
    set: { startDate: string; endDate: string },
    over: Partial<TCalendarRange> = {},
  ): TCalendarRange => ({
    kind,
    ...set,
    spaceTypeId: null,
    spaces: null,
    discountPercent: null,
    ...over,
  });

  it("a venue booked on every set gets no lead; one free set is enough, and its lead names it", () => {
    const everySet = facility("Full", INDIANAPOLIS, {
      calendar: [
        range("booked", { startDate: "2031-03-16", endDate: "2031-03-16" }),
        range("held", B),
        range("booked", { startDate: "2031-03-29", endDate: "2031-03-29" }),
      ],
    });
    expect(matchFacility(three, everySet)).toBeNull();
    const oneFree = facility("One", INDIANAPOLIS, {
      calendar: [range("booked", A), range("booked", C)],
    });
    expect(matchFacility(three, oneFree)!.reasons).toEqual([
      "1 of 1 sport",
      "4 hardwood courts, needs 4",
      "Indoor",
      "Under 1 mi from Indianapolis, IN",
      `Free on ${WORDS.B} of your 3 date options`,
    ]);
  });

  it("a set with need dates comes first: its reason heads the lead, and it leads the free sets", () => {
    const wants = facility("Wants", INDIANAPOLIS, {
      calendar: [range("booked", B), range("need", C, { discountPercent: 15 })],
    });
    const reasons = matchFacility(three, wants)!.reasons;
    expect(reasons[0]).toBe(`You marked ${WORDS.C} as need dates (15% off)`);
    expect(reasons.at(-1)).toBe(`Free on ${WORDS.C} and ${WORDS.A} of your 3 date options`);
  });

  it("a venue without a calendar takes any set; its lead says the calendar is not kept", () => {
    expect(matchFacility(three, facility("None", INDIANAPOLIS))!.reasons.at(-1)).toBe(
      "Calendar not kept",
    );
  });

  it("a window's sets: every weekend in it, at most three named", () => {
    // 1 March 2031 is a Saturday: the window holds nine weekends, the last on 26-27 April.
    const window = request({
      dateSets: requestDateSets({
        dateOptions: {
          kind: "window",
          from: "2031-03-01",
          to: "2031-04-30",
          days: 2,
          weekdays: [6, 0],
        },
        startDate: "2031-03-01",
        endDate: "2031-04-30",
        hasFlexibleDates: true,
      }),
    });
    expect(window.dateSets).toHaveLength(9);
    const empty = matchFacility(window, facility("Empty", INDIANAPOLIS, { calendar: [] }))!;
    expect(empty.reasons.at(-1)).toBe(
      "Free on Sat, Mar 1st - Sun, Mar 2nd, 2031, Sat, Mar 8th - Sun, Mar 9th, 2031, Sat, Mar 15th - Sun, Mar 16th, 2031 and 6 more of your 9 date options",
    );
    // Booked to Saturday 12 April: that weekend is taken, the two after are free.
    const late = facility("Late", INDIANAPOLIS, {
      calendar: [range("booked", { startDate: "2031-03-01", endDate: "2031-04-12" })],
    });
    expect(matchFacility(window, late)!.reasons.at(-1)).toBe(
      "Free on Sat, Apr 19th - Sun, Apr 20th, 2031 and Sat, Apr 26th - Sun, Apr 27th, 2031 of your 9 date options",
    );
    // Every Sunday booked: no weekend is whole.
    const sundays = facility("Sundays", INDIANAPOLIS, {
      calendar: ["02", "09", "16", "23", "30"]
        .map((d) => `2031-03-${d}`)
        .concat(["2031-04-06", "2031-04-13", "2031-04-20", "2031-04-27"])
        .map((day) => range("booked", { startDate: day, endDate: day })),
    });
    expect(matchFacility(window, sundays)).toBeNull();
  });

  it("a destination: its own calendar when kept, else set by set its best facility that is free", () => {
    const destination = (calendar: TCalendarRange[] | null, facilities: TFacilityFacts[]) => ({
      id: "d-Visit",
      name: "Visit",
      lat: INDIANAPOLIS.lat,
      lng: INDIANAPOLIS.lng,
      tier: "Gold",
      isActive: true,
      calendar,
      facilities,
    });
    const two = request({ dateSets: [A, B] });
    // The best facility (6 courts) is booked on A; the other wants A.
    const big = facts("Big Courts", { spaces: [courts(6)], calendar: [range("booked", A)] });
    const small = facts("Small Courts", { calendar: [range("need", A)] });
    const match = matchDestination(two, destination(null, [small, big]))!;
    expect(match.reasons[0]).toBe(`You marked ${WORDS.A} as need dates`);
    expect(match.reasons[1]).toBe("2 listed facilities qualify");
    expect(match.reasons[2]).toBe("1 of 1 sport at Big Courts");
    expect(match.reasons.at(-1)).toBe(`Free on ${WORDS.A} and ${WORDS.B} of your 2 date options`);
    // Its own calendar booked on both sets: no lead, whatever its facilities say.
    expect(
      matchDestination(two, destination([range("booked", A), range("booked", B)], [small, big])),
    ).toBeNull();
    // Its own calendar free on B only.
    const own = matchDestination(two, destination([range("booked", A)], [small, big]))!;
    expect(own.reasons.at(-1)).toBe(`Free on ${WORDS.B} of your 2 date options`);
  });
});

describe("scores and words", () => {
  it("gives 60 points for sports and 40 for closeness, falling to 0 at the edge", () => {
    const r = request({ sportsList: ["Basketball", "Volleyball"] });
    expect(matchScore(r, 2, 0)).toBe(100);
    expect(matchScore(r, 1, 0)).toBe(70);
    expect(matchScore(r, 2, 25)).toBe(80);
    expect(matchScore(r, 2, 50)).toBe(60);
    expect(matchScore(request({ point: null, dist: null }), 1, null)).toBe(100);
  });

  it("orders matches by score", () => {
    const matches = matchRequest(request(), {
      facilities: [facility("Carmel", CARMEL), facility("Downtown", INDIANAPOLIS)],
      destinations: [],
    });
    expect(matches.map((m) => m.ownerId)).toEqual(["f-Downtown", "f-Carmel"]);
    expect(matches[0]!.score).toBeGreaterThan(matches[1]!.score);
  });

  it("writes plural space names", () => {
    expect(plural("court", 4)).toBe("courts");
    expect(plural("golf course", 2)).toBe("golf courses");
    expect(plural("facility", 2)).toBe("facilities");
    expect(plural("court", 1)).toBe("court");
  });
});
