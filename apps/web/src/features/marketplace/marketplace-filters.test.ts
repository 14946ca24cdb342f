import {
  PROFILE_SEARCH_SORTS,
  SEARCH_MAX_FREE_WINDOW_DAYS,
  SEARCH_MAX_RADIUS_MILES,
  ZProfileSearchFilter,
} from "@hostfield/domain/contracts";
import { decodeQuery } from "@hostfield/domain/rules";
import { describe, expect, it } from "vitest";
import {
  activeFilterChips,
  CLEAR_FILTERS,
  freeWindowOf,
  hasActiveFilters,
  MARKETPLACE_QUERY_CODECS,
  MAX_FREE_WINDOW_DAYS,
  MAX_RADIUS_MILES,
  MY_LOCATION,
  nearLabel,
  nearOf,
  SEARCH_SORTS,
  type TMarketplaceQuery,
  toSearchFilter,
} from "./marketplace-filters";
import { MARKETPLACE_KINDS } from "./marketplace-kinds";

const { events, facilities, businesses, organizations, destinations } = MARKETPLACE_KINDS;

function parse(search: string): TMarketplaceQuery {
  return decodeQuery(new URLSearchParams(search), MARKETPLACE_QUERY_CODECS);
}

describe("toSearchFilter", () => {
  const everything = parse(
    "q=+gym+&sports=Soccer&types=Arena,Sports+Commission,Tournament,Industry+Partner,Food+%26+Beverage" +
      "&spaceTypes=Court&surfaces=Hardwood&location=Outdoor&amenities=Wifi&states=Ohio&regions=Midwest" +
      "&ageGroup=Adult&from=2027-01-01&sort=name",
  );

  it("sends only the filters each kind has, and only its own types", () => {
    expect(toSearchFilter(everything, facilities)).toEqual({
      text: "gym",
      sports: ["Soccer"],
      types: ["Arena"],
      spaceTypes: ["Court"],
      surfaces: ["Hardwood"],
      spaceLocation: "Outdoor",
      amenities: ["Wifi"],
      states: ["Ohio"],
      regions: ["Midwest"],
      sort: "name",
    });
    expect(toSearchFilter(everything, destinations)).toEqual({
      text: "gym",
      sports: ["Soccer"],
      types: ["Sports Commission"],
      states: ["Ohio"],
      regions: ["Midwest"],
      sort: "name",
    });
    expect(toSearchFilter(everything, events)).toEqual({
      text: "gym",
      sports: ["Soccer"],
      types: ["Tournament"],
      amenities: ["Wifi"],
      states: ["Ohio"],
      regions: ["Midwest"],
      ageGroups: ["Adult"],
      startDate: "2027-01-01",
      sort: "name",
    });
    expect(toSearchFilter(everything, organizations).types).toEqual(["Industry Partner"]);
    expect(toSearchFilter(everything, businesses)).toEqual({
      text: "gym",
      types: ["Food & Beverage"],
      amenities: ["Wifi"],
      states: ["Ohio"],
      regions: ["Midwest"],
      sort: "name",
    });
  });

  it("sends nothing for an empty address", () => {
    expect(toSearchFilter(parse(""), facilities)).toEqual({});
  });

  it("reads malformed values as absent", () => {
    expect(
      toSearchFilter(parse("sports=Soccer,Quidditch&location=Upstairs&sort=random"), facilities),
    ).toEqual({});
  });
});

describe("near", () => {
  it("looks near a typed place, within a radius when one is valid", () => {
    expect(nearOf(parse("near=Austin,+TX&dist=25"))).toEqual({ address: "Austin, TX", dist: 25 });
    expect(nearOf(parse("near=Austin,+TX"))).toEqual({ address: "Austin, TX" });
    expect(nearOf(parse("near=Austin,+TX&dist=0"))).toEqual({ address: "Austin, TX" });
    expect(nearOf(parse("near=Austin,+TX&dist=3001"))).toEqual({ address: "Austin, TX" });
    expect(nearOf(parse("dist=25"))).toBeUndefined();
  });

  it("sends the coordinates of my location, and labels them", () => {
    const query = parse(`near=${MY_LOCATION}&lat=30.2672&lng=-97.7431&dist=10`);
    expect(nearOf(query)).toEqual({ lat: 30.2672, lng: -97.7431, dist: 10 });
    expect(nearLabel(query)).toBe("your location");
    expect(nearOf(parse(`near=${MY_LOCATION}`))).toBeUndefined();
    expect(nearOf(parse("lat=95&lng=0"))).toBeUndefined();
  });
});

describe("event dates and age group", () => {
  it("are sent to the server, for events only", () => {
    const query = parse("ageGroup=Youth&from=2027-04-01&to=2027-04-30");
    expect(toSearchFilter(query, events)).toEqual({
      ageGroups: ["Youth"],
      startDate: "2027-04-01",
      endDate: "2027-04-30",
    });
    expect(toSearchFilter(query, facilities)).toEqual({});
  });

  it("leave either end of the dates open", () => {
    expect(toSearchFilter(parse("from=2027-04-01"), events)).toEqual({ startDate: "2027-04-01" });
    expect(toSearchFilter(parse("to=2027-04-30"), events)).toEqual({ endDate: "2027-04-30" });
  });

  it("read dates given the wrong way round as the same days, which the server accepts", () => {
    expect(toSearchFilter(parse("from=2027-04-30&to=2027-04-01"), events)).toEqual({
      startDate: "2027-04-01",
      endDate: "2027-04-30",
    });
  });

  it("drop what is not a date or an age group", () => {
    expect(toSearchFilter(parse("from=2027-02-30&to=soon&ageGroup=Toddlers"), events)).toEqual({});
  });
});

describe("the free window (Available)", () => {
  it("is sent for facilities and destinations, and no other kind", () => {
    const query = parse("freeFrom=2030-06-10&freeTo=2030-06-16");
    const window = { freeFrom: "2030-06-10", freeTo: "2030-06-16" };
    expect(toSearchFilter(query, facilities)).toEqual(window);
    expect(toSearchFilter(query, destinations)).toEqual(window);
    expect(toSearchFilter(query, events)).toEqual({});
    expect(toSearchFilter(query, businesses)).toEqual({});
    // Not the events' dates, nor they it.
    expect(toSearchFilter(parse("from=2030-06-10&to=2030-06-16"), facilities)).toEqual({});
  });

  it("reads one end alone as that day, and ends the wrong way round as the same days", () => {
    expect(freeWindowOf(parse("freeFrom=2030-06-10"))).toEqual({
      from: "2030-06-10",
      to: "2030-06-10",
    });
    expect(freeWindowOf(parse("freeTo=2030-06-16"))).toEqual({
      from: "2030-06-16",
      to: "2030-06-16",
    });
    expect(freeWindowOf(parse("freeFrom=2030-06-16&freeTo=2030-06-10"))).toEqual({
      from: "2030-06-10",
      to: "2030-06-16",
    });
    expect(freeWindowOf(parse(""))).toBeNull();
  });

  it("keeps the first 366 days of a longer window, and drops what is not a date", () => {
    expect(freeWindowOf(parse("freeFrom=2028-01-01&freeTo=2030-12-31"))).toEqual({
      from: "2028-01-01",
      to: "2028-12-31",
    });
    expect(toSearchFilter(parse("freeFrom=2030-02-30&freeTo=soon"), facilities)).toEqual({});
  });

  it("always makes a window the search contract accepts", () => {
    for (const search of [
      "freeFrom=2030-06-16&freeTo=2030-06-10",
      "freeTo=2030-06-16",
      "freeFrom=2027-03-01&freeTo=2031-03-01",
      "freeFrom=2028-01-01&freeTo=2028-12-31",
    ]) {
      const filter = toSearchFilter(parse(search), facilities);
      expect(ZProfileSearchFilter.safeParse(filter).success, search).toBe(true);
    }
  });

  it("is one chip that removes both ends, and clear filters removes it", () => {
    const query = parse("sports=Soccer&freeFrom=2030-06-10&freeTo=2030-06-16&sort=name");
    const chips = activeFilterChips(query, facilities);
    expect(chips.map((chip) => chip.label)).toEqual([
      "Soccer",
      "Available Mon, Jun 10th - Sun, Jun 16th, 2030",
    ]);
    expect(chips[1]?.remove).toEqual({ freeFrom: undefined, freeTo: undefined });
    expect(activeFilterChips(parse("freeFrom=2030-06-10"), destinations)[0]?.label).toBe(
      "Available Mon, Jun 10th, 2030",
    );
    expect(hasActiveFilters(parse("freeTo=2030-06-10"), facilities)).toBe(true);
    expect(activeFilterChips(query, events).map((chip) => chip.label)).toEqual(["Soccer"]);
    expect(CLEAR_FILTERS).toMatchObject({ freeFrom: undefined, freeTo: undefined });
    expect(Object.keys(CLEAR_FILTERS)).toEqual(expect.arrayContaining(["freeFrom", "freeTo"]));
  });
});

describe("active filter chips", () => {
  it("name each value and remove only it", () => {
    const query = parse(
      "q=gym&near=Austin,+TX&dist=25&sports=Soccer,Lacrosse&location=Both&view=map&sort=name",
    );
    const chips = activeFilterChips(query, facilities);
    expect(chips.map((chip) => chip.label)).toEqual([
      '"gym"',
      "Within 25 mi of Austin, TX",
      "Soccer",
      "Lacrosse",
      "Indoor & Outdoor",
    ]);
    expect(chips[1]?.remove).toEqual({
      near: undefined,
      lat: undefined,
      lng: undefined,
      dist: undefined,
    });
    expect(chips[2]?.remove).toEqual({ sports: ["Lacrosse"] });
    expect(hasActiveFilters(query, facilities)).toBe(true);
    // View and order are not filters.
    expect(hasActiveFilters(parse("view=map&sort=name"), facilities)).toBe(false);
  });

  it("clearing removes every filter but keeps the view and order", () => {
    expect(Object.keys(CLEAR_FILTERS)).not.toContain("view");
    expect(Object.keys(CLEAR_FILTERS)).not.toContain("sort");
    expect(Object.keys(CLEAR_FILTERS)).toContain("sports");
  });
});

describe("restated contract values", () => {
  it("match the search contract", () => {
    expect(SEARCH_SORTS).toEqual(PROFILE_SEARCH_SORTS);
    expect(MAX_RADIUS_MILES).toBe(SEARCH_MAX_RADIUS_MILES);
    expect(MAX_FREE_WINDOW_DAYS).toBe(SEARCH_MAX_FREE_WINDOW_DAYS);
  });
});
