// What a member is (issue 50): GET /users/my/roles names my roles from the listings I belong to and
// the menu's pages they use, the RFP marketplace marked locked (with the lowest tier that opens it)
// until my membership opens it as the marketplace itself judges; GET /users/my/home puts my roles
// first, a hotel's open blocks with their pickup and an organizer's event blocks beside the leads.
import { describe, expect, it } from "vitest";
import { acceptedBlock, guest, hm, offerFor, staysSuite } from "./stays-fixture";

const { api, clock, world } = staysSuite();

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
type TSummary = {
  roles: string[];
  listings: { id: string; kind: string; name: string }[];
  eventBlocks: TBlocks;
  hotel: TBlocks | null;
};

const rolesOf = (who: "admin" | "hotelier" | "organizer" | "guest" | "destmgr" | "anonymous") =>
  api.call("user-mgmt", "GET", "/users/my/roles", who);
const summaryOf = (who: "hotelier" | "organizer" | "guest") =>
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
