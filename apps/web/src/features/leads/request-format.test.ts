import { describe, expect, it } from "vitest";
import { formatDateTime } from "../../lib/date-format";
import {
  askedDatesText,
  forComparison,
  formatDuration,
  formatMiles,
  formatPrice,
  historyTitle,
  leadCountList,
  leadTotal,
  plural,
  reachesVenueOn,
  respondedIn,
  revisionChangesText,
  spaceSummary,
  urgencyLevel,
  whereSummary,
} from "./request-format";
import { buildLead, buildRequirement, counts } from "./testing";

describe("how a request reads", () => {
  it("spec §5: 'Looking Nationally' without an address", () => {
    expect(whereSummary({ address: null, dist: null })).toBe("Looking Nationally");
  });

  it("spec §5: 'Looking within {dist} mi of {address}', with the place the server found", () => {
    expect(whereSummary({ address: "indy", dist: 50, placeLabel: "Indianapolis, IN" })).toBe(
      "Looking within 50 mi of Indianapolis, IN",
    );
    expect(whereSummary({ address: "Louisville, KY", dist: 25 })).toBe(
      "Looking within 25 mi of Louisville, KY",
    );
    // A place the server found never stands in for no address at all.
    expect(whereSummary({ address: null, dist: null, placeLabel: "Indianapolis, IN" })).toBe(
      "Looking Nationally",
    );
  });

  it("the space asked for: type and count, location, surface", () => {
    expect(spaceSummary(buildRequirement())).toBe("Court × 4 · Indoor · Hardwood");
    expect(
      spaceSummary(
        buildRequirement({
          spaceType: "Pool",
          spaceSurface: null,
          spaceTypeCount: 1,
          spaceLocation: "Both",
        }),
      ),
    ).toBe("Pool × 1 · Indoor or outdoor");
    // A space type left over from before it was needed is not asked for.
    expect(spaceSummary(buildRequirement({ needsSpecificSpaceType: false }))).toBeNull();
    expect(
      spaceSummary(
        buildRequirement({ spaceTypeCount: null, spaceSurface: "N/A", spaceLocation: null }),
      ),
    ).toBe("Court × 1");
  });

  it("urgency by its priority, as the reference list words it (spec §3)", () => {
    expect(urgencyLevel(0)).toMatchObject({
      label: "Urgent Need",
      tag: "In urgent need of a venue",
    });
    expect(urgencyLevel(2)?.label).toBe("Exploring");
    expect(urgencyLevel(null)).toBeNull();
    expect(urgencyLevel(7)).toBeNull();
  });

  it("counts every lead status in the spec's order, zero where none", () => {
    const leadCounts = counts({ Open: 2, Won: 1 });
    expect(leadCountList(leadCounts)).toEqual([
      { status: "Open", count: 2 },
      { status: "Interested", count: 0 },
      { status: "Won", count: 1 },
      { status: "Lost", count: 0 },
      { status: "Passed", count: 0 },
    ]);
    expect(leadTotal(leadCounts)).toBe(3);
    expect(plural(1, "lead")).toBe("1 lead");
    expect(plural(2000, "lead")).toBe("2,000 leads");
  });

  it("a status change reads 'from → to', the first one 'Received as'", () => {
    expect(historyTitle({ fromStatus: "Open", toStatus: "Interested" })).toBe("Open → Interested");
    expect(historyTitle({ fromStatus: null, toStatus: "Open" })).toBe("Received as Open");
  });
});

describe("how a proposal reads", () => {
  it("what a revision is asked for, in the topics' words; nothing when none is named", () => {
    expect(revisionChangesText(["price", "rooms", "other"])).toBe(
      "To change: price, hotel rooms, something else",
    );
    expect(revisionChangesText([])).toBeNull();
  });

  it("prices with their unit, as costs read ('$N / Team')", () => {
    expect(formatPrice(12000, "Total")).toBe("$12,000 total");
    expect(formatPrice(25, "Per Participant")).toBe("$25 / Participant");
    // Cents show when there are any, both digits of them.
    expect(formatPrice(300.5, "Per Team")).toBe("$300.50 / Team");
    expect(formatPrice(1200.5, "Total")).toBe("$1,200.50 total");
    expect(formatPrice(149, "Per Night")).toBe("$149 / Night");
    expect(formatPrice(0, null)).toBe("$0");
    expect(formatPrice(null, "Total")).toBeNull();
  });

  it("distances in miles", () => {
    expect(formatMiles(38.4)).toBe("38 mi");
    expect(formatMiles(2.25)).toBe("2.3 mi");
    expect(formatMiles(null)).toBeNull();
  });

  it("'responded in': first response minus creation, rounded up", () => {
    const lead = buildLead({
      createdDate: "2026-01-10T09:00:00.000Z",
      firstResponseDate: "2026-01-10T11:20:00.000Z",
    });
    expect(respondedIn(lead)).toBe("Responded in 3 h");
    expect(respondedIn(buildLead())).toBeNull();
    expect(formatDuration(30_000)).toBe("under a minute");
    expect(formatDuration(25 * 60_000)).toBe("25 min");
    expect(formatDuration(50 * 3_600_000)).toBe("3 days");
  });

  it("'reaches this venue on': only while the hot-lead head start holds the lead back", () => {
    const lead = buildLead({ visibleFrom: "2026-01-11T09:00:00.000Z" });
    const before = new Date("2026-01-10T10:00:00.000Z");
    expect(reachesVenueOn(lead, before)).toBe(
      `Reaches this venue on ${formatDateTime("2026-01-11T09:00:00.000Z")}`,
    );
    expect(reachesVenueOn(lead, new Date("2026-01-11T09:00:00.000Z"))).toBeNull();
    expect(reachesVenueOn(lead, new Date("2026-01-12T09:00:00.000Z"))).toBeNull();
  });

  it("the comparison shows the winner, then proposals, then silence, then the rest", () => {
    const order = forComparison([
      buildLead({ status: "Lost" }),
      buildLead({ status: "Open" }),
      buildLead({ status: "Interested" }),
      buildLead({ status: "Passed" }),
      buildLead({ status: "Won" }),
    ]).map((lead) => lead.status);
    expect(order).toEqual(["Won", "Interested", "Open", "Passed", "Lost"]);
  });
});

describe("a request's flexible dates in words", () => {
  it("none: the event's dates speak for themselves", () => {
    expect(askedDatesText(null)).toBeNull();
    expect(askedDatesText(undefined)).toBeNull();
  });

  it("alternative sets, in date order", () => {
    expect(
      askedDatesText({
        kind: "sets",
        sets: [
          { startDate: "2027-03-20", endDate: "2027-03-21" },
          { startDate: "2027-03-13", endDate: "2027-03-14" },
        ],
      }),
    ).toBe("Sat, Mar 13th - Sun, Mar 14th, 2027 or Sat, Mar 20th - Sun, Mar 21st, 2027");
  });

  it("a window, with the date sets it holds", () => {
    // Fri Apr 30th to Mon May 3rd, 2027, one weekend day at a time: Sat May 1st and Sun May 2nd.
    expect(
      askedDatesText({
        kind: "window",
        from: "2027-04-30",
        to: "2027-05-03",
        days: 1,
        weekdays: [6, 0],
      }),
    ).toBe("1 day, Sat, Sun, between Fri, Apr 30th and Mon, May 3rd, 2027 (2 date sets)");
  });
});
