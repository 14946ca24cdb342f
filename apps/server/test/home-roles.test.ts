// What a member is (issue 50): GET /users/my/roles names my roles from the listings I belong to and
// the menu's pages they use, the RFP marketplace marked locked (with the lowest tier that opens it)
// until my membership opens it as the marketplace itself judges; GET /users/my/home puts my roles
// first, a hotel's open blocks with their pickup and an organizer's event blocks beside the leads,
// and each of a business's people its live deals and its reach over the last 30 days (its page's
// views and its deals' clicks, from the daily counters the test writes).
import { addDays } from "@hostfield/domain/rules";
import { describe, expect, it, vi } from "vitest";
import { addMember, createListed } from "./rfps-fixture";
import { acceptedBlock, dayOf, guest, hm, offerFor, staysSuite } from "./stays-fixture";

const { api, app, clock, world } = staysSuite({ people: ["merchant", "waiter"] });

type TRoles = {
  roles: string[];
  features: { feature: string; locked: boolean; needs: string | null }[];
};
type TBlocks = {
  count: number;
  blocks: {
    hotel: { name: string };
    event: { name: string } | null;
    held: number;
    booked: number;
    pickupPercent: number;
  }[];
};
type TBusiness = {
  id: string;
  name: string;
  liveDeals: number;
  nextEnding: { id: string; title: string; validTo: string } | null;
  manages: boolean;
  views: number | null;
  dealClicks: number | null;
};
type TSummary = {
  roles: string[];
  listings: { id: string; kind: string; name: string }[];
  eventBlocks: TBlocks;
  hotel: TBlocks | null;
  businesses: TBusiness[] | null;
};

const rolesOf = (who: "admin" | "hotelier" | "organizer" | "guest" | "destmgr" | "anonymous") =>
  api.call("user-mgmt", "GET", "/users/my/roles", who);
const summaryOf = (who: "hotelier" | "organizer" | "guest" | "merchant" | "waiter") =>
  api.ok<TSummary>(api.call("user-mgmt", "GET", "/users/my/home", who));

describe("GET /users/my/roles", () => {
  it("refuses visitors (401)", async () => {
    expect((await rolesOf("anonymous")).statusCode).toBe(401);
  });

  it("gives someone who belongs to no listing no role and no member pages", async () => {
    expect(await api.ok(rolesOf("guest"))).toEqual({ roles: [], features: [] });
  });

  it("gives an organizer no pipeline, marketplace or reports", async () => {
    expect(await api.ok(rolesOf("organizer"))).toEqual({ roles: ["organizer"], features: [] });
  });

  it("gives a hotel's owner its reports only", async () => {
    expect(await api.ok(rolesOf("hotelier"))).toEqual({
      roles: ["hotel"],
      features: [{ feature: "reports", locked: false, needs: null }],
    });
  });

  it("marks the marketplace locked for a destination without a tier, and opens it with Bronze", async () => {
    const locked = await api.ok<TRoles>(rolesOf("destmgr"));
    expect(locked).toEqual({
      roles: ["venue"],
      features: [
        { feature: "pipeline", locked: false, needs: null },
        { feature: "rfpMarketplace", locked: true, needs: "Bronze" },
        { feature: "reports", locked: false, needs: null },
      ],
    });
    // The marketplace itself agrees: locked is its 403.
    const refused = await api.call("event-mgmt", "POST", "/events/search/rfps", "destmgr", {
      data: {},
    });
    expect(refused.statusCode).toBe(403);

    await api.ok(
      api.call("destination-mgmt", "PATCH", `/destinations/${world().destinationId}`, "admin", [
        { op: "replace", path: "/tier", value: "Bronze" },
      ]),
    );
    const opened = await api.ok<TRoles>(rolesOf("destmgr"));
    expect(opened.features.find((f) => f.feature === "rfpMarketplace")).toEqual({
      feature: "rfpMarketplace",
      locked: false,
      needs: null,
    });
  });
});

describe("GET /users/my/home: roles and blocks", () => {
  it("gives someone without listings no role and no blocks", async () => {
    expect(await summaryOf("guest")).toMatchObject({
      roles: [],
      eventBlocks: { count: 0, blocks: [] },
      hotel: null,
    });
  });

  it("shows a hotel its open blocks and the organizer their event's, with the pickup", async () => {
    const w = world();
    await acceptedBlock(api, w, clock.now(), 5);
    // 2 rooms of the 5 a night over both nights of the stay: 4 of 10 room nights.
    const { offer } = await offerFor(api, w.hotelId, w.queen, {
      eventId: w.eventId,
      rooms: 2,
      guests: 2,
    });
    await api.ok(
      hm(api, "POST", "/hotels/reservations", "guest", {
        data: { quote: offer.quote, ...guest() },
      }),
      201,
    );

    const hotel = await summaryOf("hotelier");
    expect(hotel.roles).toEqual(["hotel"]);
    expect(hotel.listings).toEqual([{ id: w.hotelId, kind: "hotel", name: "Canal Hotel" }]);
    const expected = {
      count: 1,
      blocks: [
        expect.objectContaining({
          hotel: expect.objectContaining({ name: "Canal Hotel" }),
          event: expect.objectContaining({ name: "Indy Hoops Classic" }),
          held: 10,
          booked: 4,
          pickupPercent: 40,
        }),
      ],
    };
    expect(hotel.hotel).toEqual(expected);

    const organizer = await summaryOf("organizer");
    expect(organizer.roles).toEqual(["organizer"]);
    expect(organizer.hotel).toBeNull();
    expect(organizer.eventBlocks).toEqual(expected);
  });
});

describe("GET /users/my/home: a business's deals and reach", () => {
  const NO_REF = "00000000-0000-0000-0000-000000000000";
  const ids = { slice: "", corner: "" };
  const count = (subjectId: string, day: string, metric: string, n: number, ref = NO_REF) =>
    app().database.pool.query(
      "insert into analytics_daily (subject_id, subject_kind, day, metric, ref, count) values ($1, 'business', $2, $3, $4, $5)",
      [subjectId, day, metric, ref, n],
    );
  const addDeal = async (businessId: string, title: string, validFrom: string, validTo: string) =>
    (
      await api.ok<{ id: string }>(
        api.call("business-mgmt", "POST", `/businesses/${businessId}/promotions`, "merchant", {
          data: {
            title,
            offer: { type: "percentage", value: 10 },
            validFrom,
            validTo,
            code: "TEAM10",
          },
        }),
        201,
      )
    ).id;

  it("gives someone without a business none", async () => {
    expect((await summaryOf("guest")).businesses).toBeNull();
    expect((await summaryOf("hotelier")).businesses).toBeNull();
  });

  it("shows each business its live deals, the next to end, and its views and deal clicks of the last 30 days", async () => {
    const today = dayOf(clock.now());
    const slice = await createListed(api, "business", "merchant", {
      name: "Slice Pizza",
      at: "indianapolis",
    });
    const corner = await createListed(api, "business", "merchant", {
      name: "Corner Cafe",
      at: "carmel",
    });
    Object.assign(ids, { slice, corner });
    const lunch = await addDeal(slice, "Team lunch", addDays(today, -5), addDays(today, 20));
    const wings = await addDeal(slice, "Weekend wings", addDays(today, -1), addDays(today, 7));
    // Neither is live: one ended yesterday, one starts in three days.
    await addDeal(slice, "Spring special", addDays(today, -30), addDays(today, -1));
    await addDeal(slice, "Summer special", addDays(today, 3), addDays(today, 30));
    // The last 30 days are today and the 29 before it.
    await count(slice, today, "views", 3);
    await count(slice, addDays(today, -29), "views", 2);
    await count(slice, addDays(today, -30), "views", 7);
    await count(slice, today, "clicks.promotion", 2, lunch);
    await count(slice, addDays(today, -10), "clicks.promotion", 1, wings);
    await count(slice, today, "clicks", 9);
    await count(corner, today, "views", 4);

    const summary = await summaryOf("merchant");
    expect(summary.roles).toEqual(["business"]);
    expect(summary.hotel).toBeNull();
    expect(summary.businesses).toEqual([
      {
        id: corner,
        name: "Corner Cafe",
        liveDeals: 0,
        nextEnding: null,
        manages: true,
        views: 4,
        dealClicks: 0,
      },
      {
        id: slice,
        name: "Slice Pizza",
        liveDeals: 2,
        nextEnding: { id: wings, title: "Weekend wings", validTo: addDays(today, 7) },
        manages: true,
        views: 5,
        dealClicks: 3,
      },
    ]);
  });

  it("shows a plain member of a business its deals but not its reach, which is its reports' figure", async () => {
    await addMember(api, "business", ids.slice, "waiter", "member");
    const summary = await summaryOf("waiter");
    expect(summary.businesses).toEqual([
      expect.objectContaining({
        id: ids.slice,
        liveDeals: 2,
        manages: false,
        views: null,
        dealClicks: null,
      }),
    ]);
  });

  it("reads the deals and the counters of all my businesses in one statement each", async () => {
    await app().events.settled();
    const spy = vi.spyOn(app().database.pool, "query");
    try {
      await summaryOf("merchant");
      // The summary's own statements: those naming both businesses (jobs may run beside it).
      const texts = spy.mock.calls
        .map(([query, values]) => {
          const config = typeof query === "string" ? { text: query } : (query as { text: string });
          return { text: config.text, values: (values ?? []) as unknown[] };
        })
        .filter((q) => q.values.includes(ids.slice) && q.values.includes(ids.corner))
        .map((q) => q.text);
      expect(texts.filter((q) => q.includes('"business_promotions"'))).toHaveLength(1);
      expect(texts.filter((q) => q.includes('"analytics_daily"'))).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });
});
