// An award puts the event at its venue (issue 44): the winning facility or destination becomes the
// event's partner and the event takes its place (address and point), so the event's hotels are
// those near the venue, nearest first with their distance, and a hotel far from the venue that
// holds a block for the event is listed as far, not as a match. Who may award is the status
// machine's rule (rfps-pipeline.test.ts, "the status machine": Interested → Won is the organizers'
// and admins', 403 for the venue's own people); here, a refused award places nothing.
import { addDays } from "@hostfield/domain/rules";
import { describe, expect, it } from "vitest";
import {
  createEvent,
  createListed,
  draftRequest,
  PLACES,
  proposal,
  type TPlace,
} from "./rfps-fixture";
import { addRoomType, dayOf, fill, hm, staysSuite } from "./stays-fixture";

const { api, clock, world } = staysSuite({ people: ["venue"] });

/** Lucas Oil Stadium's corner of downtown Indianapolis: under a mile from the Canal Hotel. */
const FIELDHOUSE = {
  address: {
    street: "500 S Capitol Ave",
    city: "Indianapolis",
    state: "IN",
    postalCode: "46225",
    country: "US",
  },
  lat: 39.7601,
  lng: -86.1639,
};
/** Some 760 miles from Indianapolis. */
const DALLAS: TPlace = { lat: 32.7767, lng: -96.797, city: "Dallas", state: "TX" };

type TPlaceShape = {
  address: { street: string | null; city: string; state: string } | null;
  lat: number | null;
  lng: number | null;
  placeId: string | null;
};
type TMatch = {
  hotel: { id: string; name: string };
  distanceMiles: number | null;
  score: number | null;
  reasons: string[];
};

const placeOf = ({ address, lat, lng, placeId }: TPlaceShape) => ({ address, lat, lng, placeId });

const eventPlace = async (eventId: string) =>
  placeOf(await api.ok<TPlaceShape>(api.ev("GET", `/events/${eventId}`, "anonymous")));

const partnersOf = async (eventId: string) =>
  (
    await api.ok<{ partners: { id: string; kind: string; name: string }[] }>(
      api.ev("GET", `/events/${eventId}/partners`, "anonymous"),
    )
  ).partners;

/** A listed facility owned by "venue", with a street address. */
async function createFieldhouse() {
  const created = await api.ok<{ id: string }>(
    api.call("facility-mgmt", "POST", "/facilities", "venue", {
      data: { name: "Capitol Fieldhouse", ...FIELDHOUSE },
    }),
    201,
  );
  await api.ok(api.call("facility-mgmt", "PUT", `/facilities/${created.id}/approve`, "admin"));
  return created.id;
}

/**
 * A listed event of the organizer's on the stays world's dates, placed where the organizer first
 * looked (Louisville), with a request sent to `targets` directly; the leads, in order.
 */
async function eventWithRequest(
  name: string,
  targets: { ownerType: "Facility" | "Destination"; ownerId: string }[],
) {
  const w = world();
  const eventId = await createEvent(api, "organizer", name);
  await api.ok(
    api.ev("PATCH", `/events/${eventId}`, "organizer", [
      { op: "replace", path: "/startDate", value: w.start },
      { op: "replace", path: "/endDate", value: addDays(w.start, 2) },
      {
        op: "replace",
        path: "/address",
        value: { street: null, city: "Louisville", state: "KY", postalCode: null, country: "US" },
      },
      { op: "replace", path: "/lat", value: PLACES.louisville.lat },
      { op: "replace", path: "/lng", value: PLACES.louisville.lng },
    ]),
  );
  await api.ok(api.ev("PUT", `/events/${eventId}/approve`, "admin"));
  const requirementId = await draftRequest(api, "organizer", eventId);
  const sent = await api.ok<{ created: { id: string }[] }>(
    api.ev("POST", `/events/${eventId}/leads/bulk`, "organizer", {
      data: { requirementId, targets },
    }),
  );
  return { eventId, leadIds: sent.created.map((l) => l.id) };
}

/** The venue's people answer with a proposal; `who` then moves the lead to Won. */
async function propose(eventId: string, leadId: string, responder: string) {
  await api.ok(
    api.ev("PATCH", `/events/${eventId}/leads/${leadId}`, responder, [
      { op: "replace", path: "/status", value: "Interested" },
      { op: "replace", path: "/proposal", value: proposal(world().nights) },
    ]),
  );
}
const award = (eventId: string, leadId: string, who: string) =>
  api.ev("PATCH", `/events/${eventId}/leads/${leadId}`, who, [
    { op: "replace", path: "/status", value: "Won" },
  ]);

/** A hotel in Dallas whose manager accepted a block of 5 queens a night for the event. */
async function farHotelWithBlock(eventId: string) {
  const now = clock.now();
  const hotelId = await createListed(api, "hotel", "hotelier", {
    name: "Trinity River Lodge",
    at: DALLAS,
  });
  const queen = await addRoomType(api, hotelId, "Double Queen", 129);
  await fill(api, hotelId, [queen], dayOf(now), dayOf(now, 60), { roomsToSell: 30, rate: 129 });
  const block = await api.ok<{ id: string }>(
    hm(api, "POST", "/hotels/blocks", "organizer", {
      data: {
        eventId,
        hotelId,
        perNight: { roomTypeId: queen, rooms: 5, rate: 109 },
        cutoffDate: dayOf(now, 20),
      },
    }),
    201,
  );
  await api.ok(hm(api, "PUT", `/hotels/blocks/${block.id}/accept`, "hotelier"));
  return hotelId;
}

describe("an awarded facility becomes the event's venue", () => {
  it("refuses the award to anyone but the organizers, and a refused award places nothing", async () => {
    const fieldhouse = await createFieldhouse();
    const { eventId, leadIds } = await eventWithRequest("Capitol Shootout", [
      { ownerType: "Facility", ownerId: fieldhouse },
    ]);
    const [leadId] = leadIds as [string];
    await propose(eventId, leadId, "venue");
    const before = await eventPlace(eventId);
    // The venue's own people may not award themselves; a stranger is not shown the lead at all.
    const refused = { venue: 403, guest: 404, anonymous: 401 };
    for (const [who, status] of Object.entries(refused)) {
      expect((await award(eventId, leadId, who)).statusCode, who).toBe(status);
    }
    expect(await partnersOf(eventId)).toEqual([]);
    expect(await eventPlace(eventId)).toEqual(before);
  });

  it("links the facility as the event's partner and moves the event to the facility's place", async () => {
    const fieldhouse = await createFieldhouse();
    const { eventId, leadIds } = await eventWithRequest("Capitol Classic", [
      { ownerType: "Facility", ownerId: fieldhouse },
    ]);
    const [leadId] = leadIds as [string];
    await propose(eventId, leadId, "venue");
    // Before the award, the event is where its organizer first looked.
    expect((await eventPlace(eventId)).address?.city).toBe("Louisville");

    await api.ok(award(eventId, leadId, "organizer"));

    expect(await partnersOf(eventId)).toEqual([
      { id: fieldhouse, kind: "facility", name: "Capitol Fieldhouse", logo: null },
    ]);
    const venue = placeOf(
      await api.ok<TPlaceShape>(
        api.call("facility-mgmt", "GET", `/facilities/${fieldhouse}`, "anonymous"),
      ),
    );
    expect(venue.address).toMatchObject({ street: "500 S Capitol Ave", city: "Indianapolis" });
    expect(await eventPlace(eventId)).toEqual(venue);
    // The hotel service places the event's stay there too.
    const info = await api.ok(hm(api, "GET", `/hotels/events/${eventId}`, "anonymous"));
    expect(info.venue).toEqual({
      name: "Capitol Fieldhouse",
      lat: FIELDHOUSE.lat,
      lng: FIELDHOUSE.lng,
    });
    // A venue since taken off the marketplace is no longer named to the event's readers.
    await api.ok(
      api.call("facility-mgmt", "PATCH", `/facilities/${fieldhouse}`, "admin", [
        { op: "replace", path: "/isActive", value: false },
      ]),
    );
    expect(await partnersOf(eventId)).toEqual([]);
  });

  it("suggests the hotels near the venue first, with their distance, and calls a far one far, not a match", async () => {
    const w = world();
    const fieldhouse = await createFieldhouse();
    const { eventId, leadIds } = await eventWithRequest("Capitol Invitational", [
      { ownerType: "Facility", ownerId: fieldhouse },
    ]);
    const [leadId] = leadIds as [string];
    const farHotel = await farHotelWithBlock(eventId);
    await propose(eventId, leadId, "venue");
    await api.ok(award(eventId, leadId, "organizer"));

    const matches = await api.ok<TMatch[]>(
      hm(api, "POST", "/hotels/search/matches", "anonymous", { data: { eventId } }),
    );
    const row = (m: TMatch) => [
      m.hotel.name,
      m.distanceMiles === null ? null : m.distanceMiles < 1,
    ];
    expect(matches.map(row)).toEqual([
      ["Canal Hotel", true],
      ["Carmel Inn", false],
      ["Trinity River Lodge", false],
    ]);
    const [canal, carmel, far] = matches as [TMatch, TMatch, TMatch];
    expect(canal.hotel.id).toBe(w.hotelId);
    expect(canal.distanceMiles).toBeGreaterThan(0);
    expect(canal.score).toBeGreaterThan(50);
    expect(canal.reasons[0]).toBe(`${canal.distanceMiles!.toFixed(1)} mi from the venue`);
    expect(carmel.distanceMiles).toBeGreaterThan(10);
    expect(carmel.distanceMiles).toBeLessThan(25);
    expect(carmel.score).not.toBeNull();
    // The Dallas hotel holds the event's block, so it is listed, but some 760 miles away.
    expect(far.hotel.id).toBe(farHotel);
    expect(far.distanceMiles).toBeGreaterThan(700);
    expect(far.distanceMiles).toBeLessThan(800);
    expect(far.score).toBeNull();
    expect(far.reasons).toEqual([`Far from the venue, ${Math.round(far.distanceMiles!)} mi`]);
  });
});

describe("an awarded destination becomes the event's venue", () => {
  it("links the destination and moves the event to the destination's place", async () => {
    const w = world();
    const { eventId, leadIds } = await eventWithRequest("Circle City Cup", [
      { ownerType: "Destination", ownerId: w.destinationId },
    ]);
    const [leadId] = leadIds as [string];
    await propose(eventId, leadId, "destmgr");
    await api.ok(award(eventId, leadId, "organizer"));

    expect((await partnersOf(eventId)).map((p) => [p.id, p.kind])).toEqual([
      [w.destinationId, "destination"],
    ]);
    const destination = placeOf(
      await api.ok<TPlaceShape>(
        api.call("destination-mgmt", "GET", `/destinations/${w.destinationId}`, "anonymous"),
      ),
    );
    expect(destination.address?.city).toBe("Indianapolis");
    expect(await eventPlace(eventId)).toEqual(destination);
  });
});
