// The marketplaces' free window over http: `freeFrom`/`freeTo` keep only venues with no booked or
// held range for the whole venue on any day of it. Ranges about a space type, need dates, ranges
// outside the window and venues without a calendar stay in; destinations alike (in both of their
// searches); the window narrows with the other filters and pages and counts right; bad windows are
// refused with a code; kinds without a calendar ignore it.
import { describe, expect, it } from "vitest";
import { createListed, indoorCourts, rfpSuite, type TApi } from "./rfps-fixture";

const PEOPLE = ["alice", "carol", "admin"] as const;

/** 10 to 16 June 2030, both included. */
const WINDOW = { freeFrom: "2030-06-10", freeTo: "2030-06-16" };

type TVenue = {
  name: string;
  kind: "facility" | "destination";
  sport?: string;
  /** What its managers mark; `courts` marks the facility's courts instead of the whole venue. */
  ranges: { kind: string; startDate: string; endDate: string; courts?: boolean }[];
};

const FACILITIES: TVenue[] = [
  {
    name: "Last Day Booked",
    kind: "facility",
    ranges: [{ kind: "booked", startDate: "2030-06-16", endDate: "2030-06-20" }],
  },
  {
    name: "First Day Booked",
    kind: "facility",
    ranges: [{ kind: "booked", startDate: "2030-06-01", endDate: "2030-06-10" }],
  },
  {
    name: "Held Midweek",
    kind: "facility",
    ranges: [{ kind: "held", startDate: "2030-06-13", endDate: "2030-06-13" }],
  },
  {
    name: "Booked All Month",
    kind: "facility",
    ranges: [{ kind: "booked", startDate: "2030-06-01", endDate: "2030-06-30" }],
  },
  {
    name: "Booked Around It",
    kind: "facility",
    ranges: [
      { kind: "booked", startDate: "2030-06-01", endDate: "2030-06-09" },
      { kind: "held", startDate: "2030-06-17", endDate: "2030-06-18" },
    ],
  },
  {
    name: "Courts Booked",
    kind: "facility",
    ranges: [{ kind: "booked", startDate: "2030-06-10", endDate: "2030-06-16", courts: true }],
  },
  {
    name: "Wants Those Days",
    kind: "facility",
    ranges: [{ kind: "need", startDate: "2030-06-11", endDate: "2030-06-14" }],
  },
  { name: "Keeps No Calendar", kind: "facility", ranges: [] },
  { name: "Soccer Without Calendar", kind: "facility", sport: "Soccer", ranges: [] },
  {
    name: "Soccer Booked",
    kind: "facility",
    sport: "Soccer",
    ranges: [{ kind: "booked", startDate: "2030-06-12", endDate: "2030-06-12" }],
  },
];
const DESTINATIONS: TVenue[] = [
  {
    name: "Festival City",
    kind: "destination",
    ranges: [{ kind: "held", startDate: "2030-06-15", endDate: "2030-06-22" }],
  },
  {
    name: "Need Town",
    kind: "destination",
    ranges: [{ kind: "need", startDate: "2030-06-10", endDate: "2030-06-16" }],
  },
  {
    name: "Summer Later",
    kind: "destination",
    ranges: [{ kind: "booked", startDate: "2030-07-01", endDate: "2030-07-04" }],
  },
  { name: "Quiet Village", kind: "destination", ranges: [] },
];

const FREE_BASKETBALL = [
  "Booked Around It",
  "Courts Booked",
  "Keeps No Calendar",
  "Wants Those Days",
].sort();
const FREE_FACILITIES = [...FREE_BASKETBALL, "Soccer Without Calendar"].sort();
const FREE_DESTINATIONS = ["Need Town", "Quiet Village", "Summer Later"];

const SERVICE = { facility: "facility-mgmt", destination: "destination-mgmt" } as const;
const PATH = { facility: "facilities", destination: "destinations" } as const;

async function createVenue(api: TApi, venue: TVenue) {
  const owner = venue.kind === "facility" ? "alice" : "carol";
  const id = await createListed(api, venue.kind, owner, {
    name: venue.name,
    at: "indianapolis",
    ...(venue.kind === "facility"
      ? { sports: [venue.sport ?? "Basketball"], spaces: [indoorCourts(4)] }
      : {}),
  });
  const calendar = `/${PATH[venue.kind]}/${id}/availability`;
  let courtsId: string | null = null;
  for (const { courts, ...range } of venue.ranges) {
    if (courts && !courtsId) {
      const [first] = await api.ok<{ id: string }[]>(
        api.call(SERVICE.facility, "GET", `/facilities/${id}/spaceTypes`, owner),
      );
      courtsId = first!.id;
    }
    await api.ok(
      api.call(SERVICE[venue.kind], "POST", calendar, owner, {
        data: { ...range, ...(courts ? { spaceTypeId: courtsId } : {}) },
      }),
      201,
    );
  }
}

const { api } = rfpSuite(PEOPLE, async (api) => {
  for (const venue of [...FACILITIES, ...DESTINATIONS]) await createVenue(api, venue);
  await createListed(api, "hotel", "admin", { name: "Window Inn", at: "indianapolis" });
});

type TFound = { data: { name: string }[]; _meta: { stats: { count: number } } };

/** A marketplace search as anyone: the reply, status and body. */
function search(route: string, filter: Record<string, unknown>, paging = "offset=0&take=50") {
  const [service, path] = route.split(" ") as [string, string];
  return api.call(service, "POST", `${path}?${paging}`, "anonymous", { data: filter });
}
async function found(route: string, filter: Record<string, unknown>, paging?: string) {
  const res = await search(route, filter, paging);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as TFound;
  return { names: body.data.map((p) => p.name).sort(), count: body._meta.stats.count };
}

const FACILITY_SEARCH = "facility-mgmt /facilities/search";
const DESTINATION_SEARCH = "destination-mgmt /destinations/search";
/** The facilities service's search of destinations (its marketplace's "Destinations" tab). */
const FACILITY_DESTINATION_SEARCH = "facility-mgmt /facilities/destinations/search";

describe("the free window of the facilities' search", () => {
  it("leaves out a facility booked or held for the whole venue on any day of the window", async () => {
    const all = await found(FACILITY_SEARCH, {});
    expect(all.count).toBe(FACILITIES.length);
    const free = await found(FACILITY_SEARCH, WINDOW);
    expect(free.names).toEqual(FREE_FACILITIES);
    expect(free.count).toBe(FREE_FACILITIES.length);
  });

  it("a window of one day, and one the ranges only touch from outside", async () => {
    const oneDay = await found(FACILITY_SEARCH, { freeFrom: "2030-06-13", freeTo: "2030-06-13" });
    expect(oneDay.names).not.toContain("Held Midweek");
    expect(oneDay.names).toContain("Last Day Booked");
    // 21 to 30 June: only the month-long booking still takes a day.
    const late = await found(FACILITY_SEARCH, { freeFrom: "2030-06-21", freeTo: "2030-06-30" });
    expect(FACILITIES.map((f) => f.name).filter((n) => !late.names.includes(n))).toEqual([
      "Booked All Month",
    ]);
  });

  it("narrows with the other filters, and pages with the right total", async () => {
    const filter = {
      ...WINDOW,
      sports: ["Basketball"],
      near: { address: "Indianapolis, IN", dist: 50 },
    };
    const basketball = await found(FACILITY_SEARCH, filter);
    expect(basketball.names).toEqual(FREE_BASKETBALL);
    const pages: string[] = [];
    for (const offset of [0, 3]) {
      const page = await found(
        FACILITY_SEARCH,
        { ...filter, sort: "name" },
        `offset=${offset}&take=3`,
      );
      expect(page.count).toBe(FREE_BASKETBALL.length);
      pages.push(...page.names);
    }
    expect(pages.sort()).toEqual(FREE_BASKETBALL);
    // A page past the end still counts every match.
    expect(await found(FACILITY_SEARCH, filter, "offset=10&take=3")).toEqual({
      names: [],
      count: FREE_BASKETBALL.length,
    });
    // The facet counts apply the window as well.
    const stats = await search(`${FACILITY_SEARCH}/stats`, filter);
    expect(stats.statusCode, stats.body).toBe(200);
    expect(stats.json().data.count).toBe(FREE_BASKETBALL.length);
    const sports = await search(`${FACILITY_SEARCH}/stats`, WINDOW);
    expect(sports.json().data.sports).toEqual([
      { value: "Basketball", count: FREE_BASKETBALL.length },
      { value: "Soccer", count: 1 },
    ]);
  });
});

describe("the free window of the destinations' searches", () => {
  it("leaves out a destination held on a day of the window, in both searches", async () => {
    for (const route of [DESTINATION_SEARCH, FACILITY_DESTINATION_SEARCH]) {
      expect((await found(route, {})).count).toBe(DESTINATIONS.length);
      expect(await found(route, WINDOW)).toEqual({
        names: FREE_DESTINATIONS,
        count: FREE_DESTINATIONS.length,
      });
    }
  });
});

describe("kinds without a calendar", () => {
  it("ignore the window", async () => {
    expect(await found("hotel-mgmt /hotels/search", WINDOW)).toEqual({
      names: ["Window Inn"],
      count: 1,
    });
  });
});

describe("bad windows", () => {
  it("are refused with 400 and a code, on the search and its counts", async () => {
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ freeFrom: "2030-06-10" }, /both freeFrom and freeTo/],
      [{ freeTo: "2030-06-10" }, /both freeFrom and freeTo/],
      [{ freeFrom: "2030-06-16", freeTo: "2030-06-10" }, /before freeFrom/],
      [{ freeFrom: "2030-01-01", freeTo: "2031-01-02" }, /at most 366 days/],
      [{ freeFrom: "2030-02-30", freeTo: "2030-03-02" }, /YYYY-MM-DD/],
      [{ freeFrom: "next week", freeTo: "2030-03-02" }, /YYYY-MM-DD/],
    ];
    for (const route of [FACILITY_SEARCH, `${FACILITY_SEARCH}/stats`, DESTINATION_SEARCH]) {
      for (const [filter, message] of bad) {
        const res = await search(route, filter);
        expect(res.statusCode, `${route} ${JSON.stringify(filter)}`).toBe(400);
        const { error } = res.json();
        expect(error.code).toBe("VALIDATION_FAILED");
        expect(JSON.stringify(error.details.issues)).toMatch(message);
      }
    }
  });

  it("a whole leap year is the longest window", async () => {
    const year = { freeFrom: "2028-01-01", freeTo: "2028-12-31" };
    expect((await found(FACILITY_SEARCH, year)).count).toBe(FACILITIES.length);
    const longer = await search(FACILITY_SEARCH, { ...year, freeTo: "2029-01-01" });
    expect(longer.statusCode).toBe(400);
  });
});
