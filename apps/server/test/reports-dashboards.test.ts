// Dashboard reports over http: counters (written into analytics_daily by the test) summed over the
// range with the previous period and the change, the UTC day edges of both, zero-filled daily
// series, follows gained by their UTC day; leads received, answered and narrowed by status; hotel
// reservations, room nights and revenue, and a block's pickup, made through the real API; the CSV
// export (quoted, formula-safe); and a bad range refused.
import { addDays, daysOf } from "@hostfield/domain/rules";
import { beforeAll, describe, expect, it } from "vitest";
import { codeOf } from "./access-matrix";
import {
  createEvent,
  createListed,
  draftRequest,
  HOUR,
  moveTo,
  sendToFacilities,
} from "./rfps-fixture";
import { acceptedBlock, dayOf, guest, hm, offerFor, staysSuite } from "./stays-fixture";

const { api, app, clock, world } = staysSuite({ people: ["facmgr", "fan1", "fan2"] });
const sql = (text: string, values: unknown[] = []) => app().database.pool.query(text, values);
const rm = (route: string, who: string) => api.call("report-mgmt", "GET", route, who);
const NO_REF = "00000000-0000-0000-0000-000000000000";

type TKpi = { metric: string; total: number; previous: number; change: number | null };
const kpiOf = (report: { kpis: TKpi[] }, metric: string) => {
  const found = report.kpis.find((k) => k.metric === metric);
  expect(found, metric).toBeDefined();
  return found!;
};
const seriesOf = (
  report: { daily: { series: { metric: string; values: number[] }[] } },
  metric: string,
) => report.daily.series.find((s) => s.metric === metric)!.values;

async function count(
  subjectId: string,
  kind: string,
  day: string,
  metric: string,
  n: number,
  ref = NO_REF,
) {
  await sql(
    "insert into analytics_daily (subject_id, subject_kind, day, metric, ref, count) values ($1, $2, $3, $4, $5, $6)",
    [subjectId, kind, day, metric, ref, n],
  );
}

let facilityId = "";
beforeAll(async () => {
  facilityId = await createListed(api, "facility", "facmgr", {
    name: "Indy Fieldhouse",
    at: "indianapolis",
  });
});

describe("dates outside the product's range", () => {
  it("an end date of 9999-12-31 is refused with 400, on reports and on the assistant's exchanges", async () => {
    const report = await rm(
      `/facilities/${facilityId}/leads?startDate=2026-01-01&endDate=9999-12-31`,
      "facmgr",
    );
    expect(report.statusCode, report.body).toBe(400);
    expect(report.json().error.code).toBe("VALIDATION_FAILED");
    const exchanges = await api.call("assistant-mgmt", "POST", "/exchanges/search", "admin", {
      data: { startDate: "2026-01-01", endDate: "9999-12-31" },
    });
    expect(exchanges.statusCode, exchanges.body).toBe(400);
  });
});

describe("counters: totals, the previous period, the change and the UTC day edges", () => {
  // 10–16 January is the range; 3–9 January the previous period.
  const range = "startDate=2026-01-10&endDate=2026-01-16";

  beforeAll(async () => {
    const d = world().destinationId;
    await count(d, "destination", "2026-01-02", "views", 50); // before the previous period
    await count(d, "destination", "2026-01-03", "views", 2); // the previous period's first day
    await count(d, "destination", "2026-01-09", "views", 4); // its last day
    await count(d, "destination", "2026-01-10", "views", 5); // the range's first day
    await count(d, "destination", "2026-01-16", "views", 7); // its last day
    await count(d, "destination", "2026-01-17", "views", 100); // after it
    // A row of the retired `visitors` metric (the demo seed's): no report reads it (issue 48).
    await count(d, "destination", "2026-01-12", "visitors", 3);
    await count(d, "destination", "2026-01-12", "clicks.website", 3);
    await count(d, "destination", "2026-01-13", "clicks.hotel", 1, world().hotelId);
    await count(d, "destination", "2026-01-13", "clicks.hotel", 2, world().otherHotelId);
    await count(d, "destination", "2026-01-13", "clicks", 6);
    // Another listing's counters never count.
    await count(facilityId, "facility", "2026-01-12", "views", 1000);
  });

  it("sums the range and the previous period, both ends included, and gives the change", async () => {
    const report = await api.ok(
      rm(`/destinations/${world().destinationId}/profile?${range}`, "destmgr"),
    );
    expect(report.range).toEqual({
      startDate: "2026-01-10",
      endDate: "2026-01-16",
      days: 7,
      previousStartDate: "2026-01-03",
      previousEndDate: "2026-01-09",
    });
    expect(kpiOf(report, "views")).toMatchObject({ total: 12, previous: 6, change: 1 });
    expect(report.kpis.map((k: TKpi) => k.metric)).not.toContain("visitors");
    expect(kpiOf(report, "clicks")).toMatchObject({ total: 6, previous: 0 });
  });

  it("answers a daily series with every day of the range, zeros where nothing was counted", async () => {
    const report = await api.ok(
      rm(`/destinations/${world().destinationId}/profile?${range}`, "destmgr"),
    );
    expect(report.daily.dates).toEqual([
      "2026-01-10",
      "2026-01-11",
      "2026-01-12",
      "2026-01-13",
      "2026-01-14",
      "2026-01-15",
      "2026-01-16",
    ]);
    expect(seriesOf(report, "views")).toEqual([5, 0, 0, 0, 0, 0, 7]);
    expect(report.daily.series.map((s: { metric: string }) => s.metric)).not.toContain("visitors");
  });

  it("tables clicks by target, the hotel clicks of every hotel together", async () => {
    const report = await api.ok(
      rm(`/destinations/${world().destinationId}/profile?${range}`, "destmgr"),
    );
    const clicks = report.tables.find((t: { id: string }) => t.id === "clicks");
    const byTarget = Object.fromEntries(
      clicks.rows.map((r: { target: string; clicks: number }) => [r.target, r.clicks]),
    );
    expect(byTarget).toMatchObject({ Website: 3, "Hotel links": 3, Phone: 0, Promotions: 0 });
  });

  it("lists the hotel clicks per hotel in the hotels report", async () => {
    const report = await api.ok(
      rm(`/destinations/${world().destinationId}/hotels?${range}`, "destmgr"),
    );
    expect(kpiOf(report, "clicks.hotel").total).toBe(3);
    const rows = report.tables[0].rows as { id: string; hotelClicks: number }[];
    expect(rows.find((r) => r.id === world().hotelId)?.hotelClicks).toBe(1);
    expect(rows.find((r) => r.id === world().otherHotelId)?.hotelClicks).toBe(2);
  });

  it("counts follows gained by the UTC day they were made: 23:59:59 in, the next midnight out", async () => {
    const d = world().destinationId;
    for (const fan of ["fan1", "fan2"]) {
      const res = await api.call("destination-mgmt", "POST", `/destinations/${d}/followers`, fan);
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
    await sql(
      "update profile_reactions set created_date = case when user_id = (select id from users where email = 'fan1@example.com') then '2026-01-16T23:59:59Z'::timestamptz else '2026-01-17T00:00:00Z'::timestamptz end where profile_id = $1",
      [d],
    );
    const report = await api.ok(rm(`/destinations/${d}/profile?${range}`, "destmgr"));
    expect(kpiOf(report, "follows")).toMatchObject({ total: 1, previous: 0 });
    expect(seriesOf(report, "follows")).toEqual([0, 0, 0, 0, 0, 0, 1]);
  });
});

describe("leads", () => {
  let eventId = "";
  let from = "";
  let to = "";
  beforeAll(async () => {
    eventId = await createEvent(api, "organizer", "=SUM(A1) Cup");
    const requestId = await draftRequest(api, "organizer", eventId);
    const [leadId] = await sendToFacilities(api, "organizer", eventId, requestId, [facilityId]);
    from = dayOf(clock.now(), -1);
    clock.advance(3 * HOUR);
    to = dayOf(clock.now(), 1);
    await api.ok(
      api.ev("PATCH", `/events/${eventId}/leads/${leadId}`, "facmgr", moveTo("Interested")),
    );
  });

  it("counts the leads received, their statuses, the response rate and the median first response", async () => {
    const report = await api.ok(
      rm(`/facilities/${facilityId}/leads?startDate=${from}&endDate=${to}`, "facmgr"),
    );
    expect(kpiOf(report, "leads").total).toBe(1);
    expect(kpiOf(report, "interested").total).toBe(1);
    expect(kpiOf(report, "won").total).toBe(0);
    expect(kpiOf(report, "responseRate").total).toBe(100);
    expect(kpiOf(report, "firstResponseHours").total).toBe(3);
    expect(seriesOf(report, "leads").reduce((a: number, b: number) => a + b, 0)).toBe(1);
    expect(report.tables[0].rows).toEqual([
      expect.objectContaining({
        kind: "event-lead",
        eventId,
        event: "=SUM(A1) Cup",
        status: "Interested",
        responseHours: 3,
      }),
    ]);
    expect(report.tables[0].more).toBe(0);
  });

  it("narrows to a status", async () => {
    const report = await api.ok(
      rm(`/facilities/${facilityId}/leads?startDate=${from}&endDate=${to}&status=Won`, "facmgr"),
    );
    expect(kpiOf(report, "leads").total).toBe(0);
    expect(report.tables[0].rows).toEqual([]);
  });

  it("counts leads in the overview, and not the listing's own proposal as a message received", async () => {
    const report = await api.ok(
      rm(`/facilities/${facilityId}/profile?startDate=${from}&endDate=${to}`, "facmgr"),
    );
    expect(kpiOf(report, "leads").total).toBe(1);
    expect(kpiOf(report, "messages").total).toBe(0);
  });

  it("exports CSV as an attachment, every text cell safe from spreadsheet formulas", async () => {
    const res = await rm(
      `/facilities/${facilityId}/leads?startDate=${from}&endDate=${to}&format=csv`,
      "facmgr",
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="indy-fieldhouse-leads-${from}-${to}.csv"`,
    );
    const lines = res.body.split("\r\n");
    expect(lines[0]).toBe("Report,Leads: Indy Fieldhouse");
    expect(lines).toContain("Leads received,1,0,");
    expect(lines).toContain("Event,Status,Received,First response,Hours to respond");
    const row = lines.find((l) => l.includes("SUM(A1)"));
    expect(row?.startsWith("'=SUM(A1) Cup,Interested,")).toBe(true);
    // The daily series: a header and one line per day of the range.
    expect(lines).toContain("Date,Leads received");
    expect(lines.filter((l) => /^\d{4}-\d{2}-\d{2},\d+$/.test(l))).toHaveLength(
      daysOf(from, to).length,
    );
  });
});

describe("reservations and pickup", () => {
  let from = "";
  let to = "";
  beforeAll(async () => {
    const w = world();
    await acceptedBlock(api, w, clock.now(), 10, 119);
    const { offer } = await offerFor(api, w.hotelId, w.queen, {
      eventId: w.eventId,
      rooms: 3,
      guests: 6,
    });
    await api.ok(
      hm(api, "POST", "/hotels/reservations", "guest", {
        data: { quote: offer.quote, ...guest() },
      }),
      201,
    );
    from = dayOf(clock.now());
    to = dayOf(clock.now(), 60);
  });

  it("counts the hotel's reservations, room nights and revenue", async () => {
    const report = await api.ok(
      rm(`/hotels/${world().hotelId}/profile?startDate=${from}&endDate=${to}`, "hotelier"),
    );
    expect(kpiOf(report, "reservations").total).toBe(1);
    // 3 rooms × 2 nights at the block rate of $119.
    expect(kpiOf(report, "roomNights").total).toBe(6);
    expect(kpiOf(report, "revenue").total).toBe(714);
    const nights = report.daily.dates.indexOf(world().start);
    expect(seriesOf(report, "roomNights").slice(nights, nights + 3)).toEqual([3, 3, 0]);
  });

  it("shows the event's hotels with their reservations", async () => {
    const report = await api.ok(
      rm(`/events/${world().eventId}/hotels?startDate=${from}&endDate=${to}`, "organizer"),
    );
    const row = report.tables[0].rows.find((r: { id: string }) => r.id === world().hotelId);
    expect(row).toMatchObject({
      name: "Canal Hotel",
      reservations: 1,
      roomNights: 6,
      revenue: 714,
    });
  });

  it("shows the event's pickup: held against booked per night, and per block", async () => {
    const report = await api.ok(
      rm(`/events/${world().eventId}/hotels/pickup?startDate=${from}&endDate=${to}`, "organizer"),
    );
    expect(kpiOf(report, "held").total).toBe(20);
    expect(kpiOf(report, "booked").total).toBe(6);
    expect(kpiOf(report, "pickupPercent").total).toBe(30);
    const first = report.daily.dates.indexOf(world().start);
    expect(seriesOf(report, "held").slice(first, first + 2)).toEqual([10, 10]);
    expect(seriesOf(report, "booked").slice(first, first + 2)).toEqual([3, 3]);
    expect(report.tables[0].rows).toEqual([
      expect.objectContaining({ hotel: "Canal Hotel", held: 20, booked: 6, pickupPercent: 30 }),
    ]);
    // The hotel sees the same block in its own pickup.
    const own = await api.ok(
      rm(`/hotels/${world().hotelId}/pickup?startDate=${from}&endDate=${to}`, "hotelier"),
    );
    expect(kpiOf(own, "booked").total).toBe(6);
  });
});

describe("the range", () => {
  it("refuses a start after the end, and a range longer than two years, with 400", async () => {
    const d = world().destinationId;
    const reversed = await rm(
      `/destinations/${d}/profile?startDate=2026-02-01&endDate=2026-01-01`,
      "destmgr",
    );
    expect(reversed.statusCode).toBe(400);
    expect(codeOf(reversed)).toBe("REPORT_RANGE_INVALID");
    const long = await rm(
      `/destinations/${d}/profile?startDate=2020-01-01&endDate=2026-01-01`,
      "destmgr",
    );
    expect(codeOf(long)).toBe("REPORT_RANGE_INVALID");
    expect(
      (await rm(`/destinations/${d}/profile?startDate=2026-13-01`, "destmgr")).statusCode,
    ).toBe(400);
  });

  it("covers the 30 days up to today when no dates are given", async () => {
    const report = await api.ok(rm(`/destinations/${world().destinationId}/profile`, "destmgr"));
    expect(report.range.endDate).toBe(dayOf(clock.now()));
    expect(report.range.startDate).toBe(addDays(dayOf(clock.now()), -29));
    expect(report.daily.dates).toHaveLength(30);
  });
});
