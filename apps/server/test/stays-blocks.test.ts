// Blocks: proposed by one side, countered, accepted or declined by the other, each step kept with who
// took it; accepting needs the rooms free in the hotel's calendar; an awarded lead opens one in one
// step and the block carries the request it came from.
import { addDays } from "@hostfield/domain/rules";
import { describe, expect, it } from "vitest";
import {
  createEvent,
  createListed,
  indoorCourts,
  moveTo,
  PLACES,
  proposal,
  publishRequest,
} from "./rfps-fixture";
import { dayOf, fill, hm, staysSuite } from "./stays-fixture";

const { api, clock, world } = staysSuite();

/**
 * A second event of the organizer's on the same dates and at the same place as the first: listed,
 * or still pending approval as the request wizard leaves it (`listed: false`).
 */
async function anotherEvent(name: string, { listed = true } = {}) {
  const w = world();
  const eventId = await createEvent(api, "organizer", name);
  await api.ok(
    api.ev("PATCH", `/events/${eventId}`, "organizer", [
      { op: "replace", path: "/startDate", value: w.start },
      { op: "replace", path: "/endDate", value: addDays(w.start, 2) },
      { op: "replace", path: "/lat", value: PLACES.indianapolis.lat },
      { op: "replace", path: "/lng", value: PLACES.indianapolis.lng },
    ]),
  );
  if (listed) await api.ok(api.ev("PUT", `/events/${eventId}/approve`, "admin"));
  return eventId;
}

const terms = (overrides: Record<string, unknown> = {}) => {
  const w = world();
  return {
    eventId: w.eventId,
    hotelId: w.hotelId,
    nights: w.nights.map((night) => ({ roomTypeId: w.queen, night, rooms: 8, rate: 129 })),
    cutoffDate: dayOf(clock.now(), 20),
    minNights: 2,
    attritionPercent: 15,
    compPerPaid: 40,
    ...overrides,
  };
};

describe("a block's negotiation", () => {
  let blockId = "";

  it("the hotel proposes; the proposer cannot accept its own terms", async () => {
    const block = await api.ok(
      hm(api, "POST", "/hotels/blocks", "hotelier", { data: terms() }),
      201,
    );
    blockId = block.id;
    expect(block).toMatchObject({
      status: "Proposed",
      proposedBy: "hotel",
      held: 16,
      booked: 0,
      minNights: 2,
    });
    expect(block.nights.map((n: { roomTypeName: string }) => n.roomTypeName)).toEqual([
      "Double Queen",
      "Double Queen",
    ]);
    const own = await hm(api, "PUT", `/hotels/blocks/${blockId}/accept`, "hotelier");
    expect(own.statusCode).toBe(403);
    const again = await hm(api, "POST", "/hotels/blocks", "organizer", { data: terms() });
    expect(again.statusCode).toBe(409);
  });

  it("the organizer counters; now the hotel answers, and both see who changed what", async () => {
    const w = world();
    const countered = await api.ok(
      hm(api, "PATCH", `/hotels/blocks/${blockId}`, "organizer", {
        data: {
          nights: w.nights.map((night) => ({ roomTypeId: w.queen, night, rooms: 12, rate: 119 })),
          attritionPercent: 20,
        },
      }),
    );
    expect(countered).toMatchObject({
      status: "Proposed",
      proposedBy: "organizer",
      held: 24,
      attritionPercent: 20,
    });
    const own = await hm(api, "PUT", `/hotels/blocks/${blockId}/accept`, "organizer");
    expect(own.statusCode).toBe(403);
    const accepted = await api.ok(hm(api, "PUT", `/hotels/blocks/${blockId}/accept`, "hotelier"));
    expect(accepted.status).toBe("Accepted");
    // Newest first: accepted by the hotel, changed by the organizer, proposed by the hotel.
    expect(
      accepted.history.map((h: { action: string; side: string; by: { name: string } }) => [
        h.action,
        h.side,
        h.by.name,
      ]),
    ).toEqual([
      ["accepted", "hotel", "Hotelier Person"],
      ["changed", "organizer", "Organizer Person"],
      ["proposed", "hotel", "Hotelier Person"],
    ]);
    expect(accepted.history[1].summary).toContain("24 room nights over 2 nights");
    const grid = await api.ok(
      hm(api, "GET", `/hotels/${w.hotelId}/calendar?from=${w.start}&to=${w.start}`, "hotelier"),
    );
    expect(grid.cells.find((c: { roomTypeId: string }) => c.roomTypeId === w.queen).held).toBe(12);
    // On an accepted block a change is an amendment: the terms stay until the hotel answers.
    const amended = await api.ok(
      hm(api, "PATCH", `/hotels/blocks/${blockId}`, "organizer", { data: { minNights: 1 } }),
    );
    expect(amended).toMatchObject({
      status: "Accepted",
      minNights: 2,
      amendment: { minNights: 1, side: "organizer" },
    });
    await api.ok(hm(api, "PUT", `/hotels/blocks/${blockId}/amendment/decline`, "hotelier"));
  });

  it("cannot be accepted for rooms the hotel does not have free, and stays proposed", async () => {
    const w = world();
    const eventId = await anotherEvent("Indy Volleyball Open");
    const night = dayOf(clock.now(), 45);
    await fill(api, w.hotelId, [w.suite], night, night, { roomsToSell: 2 });
    const block = await api.ok(
      hm(api, "POST", "/hotels/blocks", "organizer", {
        data: terms({ eventId, nights: [{ roomTypeId: w.suite, night, rooms: 3, rate: 250 }] }),
      }),
      201,
    );
    const refused = await hm(api, "PUT", `/hotels/blocks/${block.id}/accept`, "hotelier");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: "ROOMS_UNAVAILABLE",
      details: { nights: [{ roomTypeId: w.suite, night }] },
    });
    const after = await api.ok(hm(api, "GET", `/hotels/blocks/${block.id}`, "organizer"));
    expect(after.status).toBe("Proposed");
    const grid = await api.ok(
      hm(api, "GET", `/hotels/${w.hotelId}/calendar?from=${night}&to=${night}`, "hotelier"),
    );
    expect(grid.cells.find((c: { roomTypeId: string }) => c.roomTypeId === w.suite).held).toBe(0);
  });

  it("refuses nights of another hotel's room types, past nights and a cut-off after the first night", async () => {
    const w = world();
    const other = await api.ok(
      hm(api, "POST", `/hotels/${w.otherHotelId}/rooms`, "other", {
        data: { name: "Queen", beds: "1 Queen", maxOccupancy: 2, rackRate: 99 },
      }),
      201,
    );
    const cases = [
      terms({ hotelId: w.otherHotelId }),
      terms({
        hotelId: w.otherHotelId,
        nights: [{ roomTypeId: other.id, night: dayOf(clock.now(), -1), rooms: 1, rate: 80 }],
      }),
      terms({
        hotelId: w.otherHotelId,
        nights: [{ roomTypeId: other.id, night: w.start, rooms: 1, rate: 80 }],
        cutoffDate: addDays(w.start, 1),
      }),
    ];
    for (const data of cases) {
      const res = await hm(api, "POST", "/hotels/blocks", "organizer", { data });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION_FAILED");
    }
  });

  it("a declined proposal stays declined until someone proposes again", async () => {
    const w = world();
    const roomTypes = await api.ok(hm(api, "GET", `/hotels/${w.otherHotelId}/rooms`, "anonymous"));
    const proposed = await api.ok(
      hm(api, "POST", "/hotels/blocks", "organizer", {
        data: terms({
          hotelId: w.otherHotelId,
          nights: [{ roomTypeId: roomTypes[0].id, night: w.start, rooms: 2, rate: 80 }],
        }),
      }),
      201,
    );
    const declined = await api.ok(hm(api, "PUT", `/hotels/blocks/${proposed.id}/decline`, "other"));
    expect(declined.status).toBe("Declined");
    const late = await hm(api, "PUT", `/hotels/blocks/${proposed.id}/accept`, "other");
    expect(late.json().error.code).toBe("BLOCK_NOT_OPEN");
    const renewed = await api.ok(
      hm(api, "PATCH", `/hotels/blocks/${proposed.id}`, "organizer", {
        data: { note: "Could you do 2 rooms?" },
      }),
    );
    expect(renewed).toMatchObject({
      status: "Proposed",
      proposedBy: "organizer",
      note: "Could you do 2 rooms?",
    });
  });
});

describe("from an awarded lead", () => {
  it("opens a block for every night of the event in one step, carrying the request and the lead", async () => {
    const w = world();
    const eventId = await anotherEvent("Indy Hoops Finals");
    const facilityId = await createListed(api, "facility", "other", {
      name: "Fieldhouse",
      at: "indianapolis",
      tier: "Gold",
      sports: ["Basketball"],
      spaces: [indoorCourts(6)],
    });
    const requirementId = await publishRequest(api, "organizer", eventId);
    // Publishing matched the facility (courts near Indianapolis): its lead is the one to award.
    const leads = await api.ok<{ id: string; owner: { ownerId: string } }[]>(
      api.ev("GET", `/events/${eventId}/leads`, "organizer"),
    );
    const leadId = leads.find((l) => l.owner.ownerId === facilityId)!.id;
    const open = {
      leadId,
      hotelId: w.hotelId,
      perNight: { roomTypeId: w.queen, rooms: 4, rate: 99 },
      cutoffDate: dayOf(clock.now(), 20),
    };
    const notYet = await hm(api, "POST", "/hotels/blocks", "organizer", { data: open });
    expect(notYet.statusCode).toBe(400);
    expect(notYet.json().error.message).toMatch(/awarded/);
    await api.ok(
      api.ev("PATCH", `/events/${eventId}/leads/${leadId}`, "other", [
        { op: "replace", path: "/status", value: "Interested" },
        { op: "replace", path: "/proposal", value: proposal(w.nights) },
      ]),
    );
    await api.ok(api.ev("PATCH", `/events/${eventId}/leads/${leadId}`, "organizer", moveTo("Won")));
    const block = await api.ok(hm(api, "POST", "/hotels/blocks", "organizer", { data: open }), 201);
    expect(block).toMatchObject({
      event: { id: eventId },
      requirementId,
      leadId,
      held: 8,
      proposedBy: "organizer",
    });
    expect(
      block.nights.map((n: { night: string; held: number; rate: number }) => [
        n.night,
        n.held,
        n.rate,
      ]),
    ).toEqual(w.nights.map((night) => [night, 4, 99]));
  });
});

describe("for an event still pending approval, whose request went out", () => {
  it("lets the organizer hold rooms from the award and see its hotels, the hotel answer, and nobody else in", async () => {
    const w = world();
    const eventId = await anotherEvent("Wizard Hoops Cup", { listed: false });
    const facilityId = await createListed(api, "facility", "destmgr", {
      name: "Pending Fieldhouse",
      at: "indianapolis",
      tier: "Gold",
      sports: ["Basketball"],
      spaces: [indoorCourts(6)],
    });
    await publishRequest(api, "organizer", eventId);
    const leads = await api.ok<{ id: string; owner: { ownerId: string } }[]>(
      api.ev("GET", `/events/${eventId}/leads`, "organizer"),
    );
    const leadId = leads.find((l) => l.owner.ownerId === facilityId)!.id;
    await api.ok(
      api.ev("PATCH", `/events/${eventId}/leads/${leadId}`, "destmgr", [
        { op: "replace", path: "/status", value: "Interested" },
        { op: "replace", path: "/proposal", value: proposal(w.nights) },
      ]),
    );
    await api.ok(api.ev("PATCH", `/events/${eventId}/leads/${leadId}`, "organizer", moveTo("Won")));
    // Still pending: the public sees no such event.
    expect((await api.ev("GET", `/events/${eventId}`, "anonymous")).statusCode).toBe(404);

    // The organizer's "Hotels for this event" and the block dialog's hotels.
    const info = await hm(api, "GET", `/hotels/events/${eventId}`, "organizer");
    expect(info.statusCode, info.body).toBe(200);
    const matches = await hm(api, "POST", "/hotels/search/matches", "organizer", {
      data: { eventId },
    });
    expect(matches.statusCode, matches.body).toBe(200);
    expect(matches.json().data.map((m: { hotel: { id: string } }) => m.hotel.id)).toContain(
      w.hotelId,
    );
    // Hold hotel rooms → Propose block.
    const block = await api.ok(
      hm(api, "POST", "/hotels/blocks", "organizer", {
        data: {
          leadId,
          hotelId: w.hotelId,
          perNight: { roomTypeId: w.queen, rooms: 4, rate: 99 },
          cutoffDate: dayOf(clock.now(), 20),
        },
      }),
      201,
    );
    expect(block).toMatchObject({ event: { id: eventId }, leadId, proposedBy: "organizer" });
    // The hotel reads and accepts it.
    const seen = await hm(api, "GET", `/hotels/blocks/${block.id}`, "hotelier");
    expect(seen.statusCode, seen.body).toBe(200);
    const accepted = await hm(api, "PUT", `/hotels/blocks/${block.id}/accept`, "hotelier");
    expect(accepted.statusCode, accepted.body).toBe(200);

    // Nobody outside the deal finds the pending event through the hotel calls ("other" is in it:
    // its Fieldhouse got a lead of this request too).
    for (const who of ["anonymous", "guest"] as const) {
      expect((await hm(api, "GET", `/hotels/events/${eventId}`, who)).statusCode).toBe(404);
      const found = await hm(api, "POST", "/hotels/search/matches", who, { data: { eventId } });
      expect(found.statusCode).toBe(404);
    }
    const stranger = await hm(api, "POST", "/hotels/blocks", "guest", {
      data: {
        eventId,
        hotelId: w.otherHotelId,
        perNight: { roomTypeId: w.queen, rooms: 2, rate: 99 },
        cutoffDate: dayOf(clock.now(), 20),
      },
    });
    expect(stranger.statusCode).toBe(404);
  });
});
