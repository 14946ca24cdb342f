// The sections that report on other listings, each with counters written into analytics_daily by
// the test: a destination's facilities, partners and events, a company's locations, an
// organization's events and a business's promotion clicks.
import { KIND_API, type TProfileKind } from "@hostfield/domain/kinds";
import { describe, expect, it } from "vitest";
import { createListed, listUnder, rfpSuite, type TApi } from "./rfps-fixture";

const NO_REF = "00000000-0000-0000-0000-000000000000";
const PROMOTION_A = "11111111-1111-4111-8111-111111111111";
const PROMOTION_B = "22222222-2222-4222-8222-222222222222";
const DAY = "2026-03-04";
const RANGE = "startDate=2026-03-01&endDate=2026-03-07";

async function listed(api: TApi, kind: TProfileKind, name: string, extra: object = {}) {
  const { service, path } = KIND_API[kind];
  const created = await api.ok<{ id: string }>(
    api.call(service, "POST", `/${path}`, "owner", { data: { name, ...extra } }),
    201,
  );
  await api.ok(api.call(service, "PUT", `/${path}/${created.id}/approve`, "admin"));
  return created.id;
}

/** The business's own promotion, named by its title in the report. */
let promotion = "";
const ids = {} as Record<"d" | "f" | "b" | "c" | "h" | "o" | "e", string>;
const { api, app } = rfpSuite(["admin", "owner"], async (api) => {
  ids.d = await createListed(api, "destination", "owner", {
    name: "Visit Indy",
    at: "indianapolis",
  });
  ids.f = await createListed(api, "facility", "owner", {
    name: "Indy Fieldhouse",
    at: "indianapolis",
  });
  await listUnder(api, ids.f, ids.d);
  ids.b = await listed(api, "business", "Pizza Place");
  ids.c = await listed(api, "company", "Hotel Group");
  ids.h = await createListed(api, "hotel", "owner", { name: "Canal Hotel", at: "indianapolis" });
  ids.o = await listed(api, "organization", "Hoops League");
  ids.e = await listed(api, "event", "Spring Shootout", {
    type: "Tournament",
    startDate: "2030-04-02",
    endDate: "2030-04-03",
    organizationId: ids.o,
  });
  // Businesses and events link partners; a destination's partners are those linked to it.
  await api.ok(
    api.call("business-mgmt", "POST", `/businesses/${ids.b}/partners`, "owner", {
      data: { partnerId: ids.d },
    }),
    201,
  );
  await api.ok(
    api.call("event-mgmt", "PUT", `/events/${ids.e}/partner`, "owner", {
      data: { partnerId: ids.d },
    }),
  );
  await api.ok(api.call("hotel-mgmt", "PUT", `/hotels/${ids.h}/companies/${ids.c}`, "owner"));
  const deal = await api.ok<{ id: string }>(
    api.call("business-mgmt", "POST", `/businesses/${ids.b}/promotions`, "owner", {
      data: {
        title: "Team pizza night",
        offer: { type: "percentage", value: 15 },
        validFrom: "2026-03-01",
        validTo: "2099-12-31",
        code: "PIZZA15",
      },
    }),
    201,
  );
  promotion = deal.id;
  const counts: [string, string, string, number, string?][] = [
    [ids.f, "facility", "views", 10],
    [ids.b, "business", "views", 4],
    [ids.b, "business", "clicks", 2],
    [ids.h, "hotel", "views", 7],
    [ids.h, "hotel", "clicks", 1],
    [ids.e, "event", "views", 9],
    [ids.b, "business", "clicks.promotion", 3, PROMOTION_A],
    [ids.b, "business", "clicks.promotion", 1, PROMOTION_B],
    [ids.b, "business", "clicks.promotion", 5, promotion],
  ];
  for (const [subject, kind, metric, n, ref] of counts) {
    await app().database.pool.query(
      "insert into analytics_daily (subject_id, subject_kind, day, metric, ref, count) values ($1, $2, $3, $4, $5, $6)",
      [subject, kind, DAY, metric, ref ?? NO_REF, n],
    );
  }
});

const report = (route: string) =>
  api.ok(api.call("report-mgmt", "GET", `${route}?${RANGE}`, "owner"));
const rowsOf = (r: { tables: { rows: Record<string, unknown>[] }[] }) => r.tables[0]!.rows;
const total = (r: { kpis: { metric: string; total: number }[] }, metric: string) =>
  r.kpis.find((k) => k.metric === metric)?.total;

describe("sections about other listings", () => {
  it("lists a destination's facilities with their (unique) views and leads", async () => {
    const r = await report(`/destinations/${ids.d}/facilities`);
    expect(rowsOf(r)).toEqual([
      { id: ids.f, kind: "facility", name: "Indy Fieldhouse", views: 10, leads: 0 },
    ]);
    expect(total(r, "views")).toBe(10);
  });

  it("lists a destination's partners, and the events linked to it", async () => {
    const partners = await report(`/destinations/${ids.d}/partners`);
    expect(rowsOf(partners)).toEqual([
      // Most viewed first.
      expect.objectContaining({ id: ids.e, name: "Spring Shootout", views: 9, clicks: 0 }),
      expect.objectContaining({ id: ids.b, name: "Pizza Place", views: 4, clicks: 2 }),
    ]);
    const events = await report(`/destinations/${ids.d}/events`);
    expect(rowsOf(events)).toEqual([
      expect.objectContaining({ id: ids.e, startDate: "2030-04-02", views: 9 }),
    ]);
  });

  it("lists an organization's events", async () => {
    const r = await report(`/organizations/${ids.o}/events`);
    expect(rowsOf(r)).toEqual([
      expect.objectContaining({ id: ids.e, name: "Spring Shootout", views: 9 }),
    ]);
    expect(total(r, "views")).toBe(9);
  });

  it("lists a company's locations", async () => {
    const r = await report(`/companies/${ids.c}/locations`);
    expect(rowsOf(r)).toEqual([
      {
        id: ids.h,
        kind: "hotel",
        name: "Canal Hotel",
        type: "hotel",
        views: 7,
        clicks: 1,
      },
    ]);
  });

  it("counts promotion clicks per promotion, by title (a removed one's by its id)", async () => {
    const r = await report(`/businesses/${ids.b}/promotions`);
    expect(total(r, "clicks.promotion")).toBe(9);
    expect(rowsOf(r).map((row) => [row.promotion, row.clicks])).toEqual([
      ["Team pizza night", 5],
      [PROMOTION_A, 3],
      [PROMOTION_B, 1],
    ]);
  });
});
