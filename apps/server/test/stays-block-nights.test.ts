// A block's rooms night by night: shaped when proposed (fewer rooms on the shoulders), countered
// night by night, held so in the calendar once accepted; new nights below what is already booked on
// a night are refused (BLOCK_NIGHT_BELOW_BOOKED, nothing changed); and 100 concurrent bookings of
// one night's last rooms take exactly those rooms, counted in SQL.
import { addDays } from "@hostfield/domain/rules";
import { describe, expect, it } from "vitest";
import { dayOf, guest, hm, offerFor, staysSuite } from "./stays-fixture";

const { api, app, clock, world } = staysSuite();

const sql = (text: string, values: unknown[] = []) => app().database.pool.query(text, values);

type TNight = { night: string; held: number; booked: number; rate: number };
const nightsOf = (block: { nights: TNight[] }) =>
  block.nights.map((n) => [n.night, n.held, n.booked, n.rate]);

const blockNightRows = (blockId: string) =>
  sql(
    "select night::text, held, booked, rate::float as rate from block_nights where block_id = $1 order by night",
    [blockId],
  ).then((r) => r.rows);

describe("the event's stay information", () => {
  it("names no venue while the event has no venue partner: its place is not a venue", async () => {
    const w = world();
    const info = await api.ok(hm(api, "GET", `/hotels/events/${w.eventId}`, "anonymous"));
    expect(info.venue).toEqual({ name: null, lat: expect.any(Number), lng: expect.any(Number) });
  });
});

describe("a block night by night", () => {
  let blockId = "";

  it("is proposed with its own rooms each night, and the hotel counters night by night", async () => {
    const w = world();
    // The event runs start .. start+2; its shape for 10 rooms at the peak: the arrival night
    // (start-1) 5, start 10, the departure shoulder (start+1) 5.
    const [thu, fri, sat] = [addDays(w.start, -1), w.start, addDays(w.start, 1)];
    const proposed = await api.ok(
      hm(api, "POST", "/hotels/blocks", "organizer", {
        data: {
          eventId: w.eventId,
          hotelId: w.hotelId,
          nights: [
            { roomTypeId: w.queen, night: thu, rooms: 5, rate: 119 },
            { roomTypeId: w.queen, night: fri, rooms: 10, rate: 119 },
            { roomTypeId: w.queen, night: sat, rooms: 5, rate: 119 },
          ],
          cutoffDate: dayOf(clock.now(), 20),
        },
      }),
      201,
    );
    blockId = proposed.id;
    expect(proposed).toMatchObject({ status: "Proposed", proposedBy: "organizer", held: 20 });
    expect(nightsOf(proposed)).toEqual([
      [thu, 5, 0, 119],
      [fri, 10, 0, 119],
      [sat, 5, 0, 119],
    ]);
    const read = await api.ok(hm(api, "GET", `/hotels/blocks/${blockId}`, "hotelier"));
    expect(nightsOf(read)).toEqual(nightsOf(proposed));

    // The hotel: 4 on the arrival night, 6 on Saturday at $125, Friday as asked.
    const countered = await api.ok(
      hm(api, "PATCH", `/hotels/blocks/${blockId}`, "hotelier", {
        data: {
          nights: [
            { roomTypeId: w.queen, night: thu, rooms: 4, rate: 119 },
            { roomTypeId: w.queen, night: fri, rooms: 10, rate: 119 },
            { roomTypeId: w.queen, night: sat, rooms: 6, rate: 125 },
          ],
        },
      }),
    );
    expect(countered).toMatchObject({ status: "Proposed", proposedBy: "hotel", held: 20 });
    expect(nightsOf(countered)).toEqual([
      [thu, 4, 0, 119],
      [fri, 10, 0, 119],
      [sat, 6, 0, 125],
    ]);
    expect(countered.history[0]).toMatchObject({ action: "changed", side: "hotel" });
    expect(countered.history[0].summary).toContain("20 room nights over 3 nights");

    const accepted = await api.ok(hm(api, "PUT", `/hotels/blocks/${blockId}/accept`, "organizer"));
    expect(accepted.status).toBe("Accepted");
    // Held in the calendar night by night.
    const grid = await api.ok(
      hm(api, "GET", `/hotels/${w.hotelId}/calendar?from=${thu}&to=${sat}`, "hotelier"),
    );
    expect(
      grid.cells
        .filter((c: { roomTypeId: string }) => c.roomTypeId === w.queen)
        .map((c: { night: string; held: number }) => [c.night, c.held]),
    ).toEqual([
      [thu, 4],
      [fri, 10],
      [sat, 6],
    ]);
    // The event page's stay stays the event's days; what guests may book takes in the arrival
    // night the block holds before them.
    const info = await api.ok(hm(api, "GET", `/hotels/events/${w.eventId}`, "anonymous"));
    expect([info.checkIn, info.checkOut]).toEqual([w.start, addDays(w.start, 2)]);
    expect(info.bookable).toEqual({ checkIn: thu, checkOut: addDays(w.start, 2) });
  });

  it("refuses new nights below what is booked on a night, naming it, and changes nothing", async () => {
    const w = world();
    const [thu, fri, sat] = [addDays(w.start, -1), w.start, addDays(w.start, 1)];
    // 3 rooms booked on Friday in the block.
    const { offer } = await offerFor(api, w.hotelId, w.queen, {
      eventId: w.eventId,
      checkIn: fri,
      checkOut: sat,
      rooms: 3,
      guests: 6,
    });
    expect(offer.nights.map((n: { source: string }) => n.source)).toEqual(["block"]);
    await api.ok(
      hm(api, "POST", "/hotels/reservations", "guest", {
        data: { quote: offer.quote, ...guest() },
      }),
      201,
    );
    const before = await blockNightRows(blockId);
    expect(before).toEqual([
      { night: thu, held: 4, booked: 0, rate: 119 },
      { night: fri, held: 10, booked: 3, rate: 119 },
      { night: sat, held: 6, booked: 0, rate: 125 },
    ]);

    const cases = [
      // Friday at 2, under its 3 booked.
      [
        { roomTypeId: w.queen, night: thu, rooms: 4, rate: 119 },
        { roomTypeId: w.queen, night: fri, rooms: 2, rate: 119 },
        { roomTypeId: w.queen, night: sat, rooms: 6, rate: 125 },
      ],
      // Friday left out.
      [
        { roomTypeId: w.queen, night: thu, rooms: 4, rate: 119 },
        { roomTypeId: w.queen, night: sat, rooms: 6, rate: 125 },
      ],
    ];
    for (const [who, nights] of [
      ["hotelier", cases[0]],
      ["organizer", cases[1]],
    ] as const) {
      const res = await hm(api, "PATCH", `/hotels/blocks/${blockId}`, who, { data: { nights } });
      expect(res.statusCode, res.body).toBe(400);
      const error = res.json().error;
      expect(error.code).toBe("BLOCK_NIGHT_BELOW_BOOKED");
      expect(error.message).toBe(
        `3 rooms are already booked on the night of ${fri}: hold at least that many.`,
      );
      expect(error.details.nights).toEqual([
        {
          roomTypeId: w.queen,
          night: fri,
          booked: 3,
          rooms: who === "hotelier" ? 2 : 0,
        },
      ]);
    }
    expect(await blockNightRows(blockId)).toEqual(before);
    const block = await api.ok(hm(api, "GET", `/hotels/blocks/${blockId}`, "organizer"));
    expect(block.status).toBe("Accepted");
    // Nights at or above their bookings pass that check: on an accepted block they are an
    // amendment, and the block's nights stay as they are until the organizer answers.
    const atBooked = await hm(api, "PATCH", `/hotels/blocks/${blockId}`, "hotelier", {
      data: { nights: cases[0]!.map((n) => (n.night === fri ? { ...n, rooms: 3 } : n)) },
    });
    expect(atBooked.statusCode, atBooked.body).toBe(200);
    expect(atBooked.json().data).toMatchObject({
      status: "Accepted",
      amendment: { side: "hotel" },
    });
    expect(await blockNightRows(blockId)).toEqual(before);
    await api.ok(hm(api, "PUT", `/hotels/blocks/${blockId}/amendment/decline`, "hotelier"));
  });

  it("100 concurrent bookings of one night's last rooms take exactly those, none oversold", async () => {
    const w = world();
    const sat = addDays(w.start, 1);
    // Saturday holds 6 block rooms, none booked: 6 are left.
    const { offer } = await offerFor(api, w.hotelId, w.queen, {
      eventId: w.eventId,
      checkIn: sat,
      checkOut: addDays(sat, 1),
    });
    expect(offer.nights).toMatchObject([{ night: sat, source: "block", rate: 125, roomsLeft: 6 }]);
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        hm(api, "POST", "/hotels/reservations", i % 2 ? "guest" : "other", {
          data: { quote: offer.quote, ...guest(i % 2 ? "guest" : "other") },
        }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(6);
    expect(statuses.filter((s) => s === 409)).toHaveLength(94);

    // Counted from the reservations, per night of the block, against what it holds.
    const counted = await sql(
      `select b.night::text, b.held, coalesce(sum(r.rooms), 0)::int as booked
         from block_nights b
         left join reservation_nights n on n.block_id = b.block_id and n.night = b.night
         left join reservations r on r.id = n.reservation_id and r.status = 'Confirmed'
        where b.block_id = $1
        group by b.night, b.held
        order by b.night`,
      [blockId],
    );
    expect(counted.rows).toEqual([
      { night: addDays(w.start, -1), held: 4, booked: 0 },
      { night: w.start, held: 10, booked: 3 },
      { night: sat, held: 6, booked: 6 },
    ]);
    expect((await blockNightRows(blockId)).map((n: { booked: number }) => n.booked)).toEqual([
      0, 3, 6,
    ]);
    const pickup = await api.ok(hm(api, "GET", `/hotels/blocks/${blockId}/pickup`, "organizer"));
    expect(pickup).toMatchObject({ held: 20, booked: 9 });
  });
});
