// Changing an accepted block: either side proposes an amendment (new nights and terms) while the
// block keeps its nights; the other side accepts it (the hotel's calendar follows, read in SQL:
// extra rooms held, fewer given back, a night left out returned whole) or declines it, and the
// proposer may withdraw it but not accept it. Bookings that land after the proposal are counted
// again at the accept (BLOCK_NIGHT_BELOW_BOOKED), and rooms the hotel no longer has refuse it
// (ROOMS_UNAVAILABLE) with nothing changed. The event's organizers give unbooked rooms back
// early, until the cut-off day ends (BLOCK_RELEASE_AFTER_CUTOFF after it), never below what is
// booked, all or nothing; the hotel's managers may not (403).
import { addDays } from "@hostfield/domain/rules";
import { describe, expect, it } from "vitest";
import { createEvent, PLACES } from "./rfps-fixture";
import { dayOf, fill, guest, hm, offerFor, runJob, staysSuite } from "./stays-fixture";

const { api, app, clock, world } = staysSuite();

const DAY = 24 * 60 * 60 * 1000;
const sql = (text: string, values: unknown[] = []) => app().database.pool.query(text, values);

/** The calendar's held and booked rooms of a room type on these nights, read in SQL. */
const calendarRows = (roomTypeId: string, nights: string[]) =>
  sql(
    `select night::text, held, booked from room_nights
      where room_type_id = $1 and night = any($2::date[]) order by night`,
    [roomTypeId, nights],
  ).then((r) => r.rows);

const blockNightRows = (blockId: string) =>
  sql(
    "select night::text, held, booked, rate::float as rate from block_nights where block_id = $1 order by night",
    [blockId],
  ).then((r) => r.rows);

/** A listed event of the organizer's on the world's dates: each case has its own block. */
async function newEvent(name: string) {
  const w = world();
  const id = await createEvent(api, "organizer", name);
  await api.ok(
    api.ev("PATCH", `/events/${id}`, "organizer", [
      { op: "replace", path: "/startDate", value: w.start },
      { op: "replace", path: "/endDate", value: addDays(w.start, 2) },
      { op: "replace", path: "/category", value: "Marketed" },
      { op: "replace", path: "/lat", value: PLACES.indianapolis.lat },
      { op: "replace", path: "/lng", value: PLACES.indianapolis.lng },
    ]),
  );
  await api.ok(api.ev("PUT", `/events/${id}/approve`, "admin"));
  return id;
}

type TNightIn = [night: string, rooms: number, rate?: number];
const nightsOf = (roomTypeId: string, nights: TNightIn[]) =>
  nights.map(([night, rooms, rate = 119]) => ({ roomTypeId, night, rooms, rate }));

/** A block of `roomTypeId` rooms on these nights, proposed by the organizer, accepted by the hotel. */
async function heldBlock(
  eventId: string,
  roomTypeId: string,
  nights: TNightIn[],
  cutoffDate = dayOf(clock.now(), 10),
) {
  const w = world();
  const proposed = await api.ok(
    hm(api, "POST", "/hotels/blocks", "organizer", {
      data: {
        eventId,
        hotelId: w.hotelId,
        nights: nightsOf(roomTypeId, nights),
        cutoffDate,
      },
    }),
    201,
  );
  const accepted = await api.ok(hm(api, "PUT", `/hotels/blocks/${proposed.id}/accept`, "hotelier"));
  expect(accepted.status).toBe("Accepted");
  return accepted.id as string;
}

/** The guest books `rooms` rooms of the event's block, `checkIn` .. `checkOut`. */
async function book(
  eventId: string,
  roomTypeId: string,
  checkIn: string,
  checkOut: string,
  rooms: number,
) {
  const w = world();
  const { offer } = await offerFor(api, w.hotelId, roomTypeId, {
    eventId,
    checkIn,
    checkOut,
    rooms,
    guests: rooms * 2,
  });
  expect(offer.nights.every((n: { source: string }) => n.source === "block")).toBe(true);
  await api.ok(
    hm(api, "POST", "/hotels/reservations", "guest", { data: { quote: offer.quote, ...guest() } }),
    201,
  );
}

const patch = (blockId: string, who: string, data: unknown) =>
  hm(api, "PATCH", `/hotels/blocks/${blockId}`, who as "hotelier", { data });
const amendment = (blockId: string, answer: "accept" | "decline", who: string) =>
  hm(api, "PUT", `/hotels/blocks/${blockId}/amendment/${answer}`, who as "hotelier");
const release = (blockId: string, who: string, nights: unknown) =>
  hm(api, "PUT", `/hotels/blocks/${blockId}/release`, who as "organizer", { data: { nights } });

describe("amending an accepted block", () => {
  it("moves rooms up and down around the bookings, the calendar following only once accepted", async () => {
    const w = world();
    const eventId = await newEvent("Amend Up And Down");
    const [d0, d1, d2] = [dayOf(clock.now(), 39), dayOf(clock.now(), 40), dayOf(clock.now(), 41)];
    const blockId = await heldBlock(eventId, w.queen, [
      [d1, 6],
      [d2, 6],
    ]);
    await book(eventId, w.queen, d1, addDays(d2, 1), 2);
    expect(await calendarRows(w.queen, [d0, d1, d2])).toEqual([
      { night: d0, held: 0, booked: 0 },
      { night: d1, held: 6, booked: 0 },
      { night: d2, held: 6, booked: 0 },
    ]);

    // The organizer asks for an arrival night, 4 more rooms on d1 and 4 fewer on d2 (its 2 booked).
    const proposed = await patch(blockId, "organizer", {
      nights: nightsOf(w.queen, [
        [d0, 3],
        [d1, 10],
        [d2, 2],
      ]),
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const pending = proposed.json().data;
    expect(pending.status).toBe("Accepted");
    expect(pending.nights.map((n: { night: string; held: number }) => [n.night, n.held])).toEqual([
      [d1, 6],
      [d2, 6],
    ]);
    expect(pending.amendment).toMatchObject({
      side: "organizer",
      by: { name: "Organizer Person" },
      nights: [
        { night: d0, rooms: 3, roomTypeName: "Double Queen" },
        { night: d1, rooms: 10 },
        { night: d2, rooms: 2 },
      ],
    });
    expect(pending.amendment.minNights).toBeUndefined();
    expect(pending.history[0]).toMatchObject({ action: "amendment proposed", side: "organizer" });
    // Nothing moved in the calendar while it waits.
    expect(await calendarRows(w.queen, [d0, d1, d2])).toEqual([
      { night: d0, held: 0, booked: 0 },
      { night: d1, held: 6, booked: 0 },
      { night: d2, held: 6, booked: 0 },
    ]);

    // Its proposer may not accept it.
    const own = await amendment(blockId, "accept", "organizer");
    expect(own.statusCode, own.body).toBe(403);

    const accepted = await api.ok(amendment(blockId, "accept", "hotelier"));
    expect(accepted.amendment).toBeNull();
    expect(accepted.history.slice(0, 2).map((h: { action: string }) => h.action)).toEqual([
      "amendment accepted",
      "amendment proposed",
    ]);
    expect(await blockNightRows(blockId)).toEqual([
      { night: d0, held: 3, booked: 0, rate: 119 },
      { night: d1, held: 10, booked: 2, rate: 119 },
      { night: d2, held: 2, booked: 2, rate: 119 },
    ]);
    expect(await calendarRows(w.queen, [d0, d1, d2])).toEqual([
      { night: d0, held: 3, booked: 0 },
      { night: d1, held: 10, booked: 0 },
      { night: d2, held: 2, booked: 0 },
    ]);
    const stored = await sql("select amendment from hotel_blocks where id = $1", [blockId]);
    expect(stored.rows[0].amendment).toBeNull();

    // The hotel asks back: leave out d2 (booked) is refused at once; d0 left out, d1 at $125,
    // a new cut-off and 10% attrition are taken by the organizer.
    const dropBooked = await patch(blockId, "hotelier", {
      nights: nightsOf(w.queen, [
        [d0, 3],
        [d1, 10],
      ]),
    });
    expect(dropBooked.statusCode).toBe(400);
    expect(dropBooked.json().error).toMatchObject({
      code: "BLOCK_NIGHT_BELOW_BOOKED",
      details: { nights: [{ night: d2, booked: 2, rooms: 0 }] },
    });
    await sql("update hotel_blocks set cutoff_reminded_date = $2 where id = $1", [
      blockId,
      dayOf(clock.now()),
    ]);
    await api.ok(
      patch(blockId, "hotelier", {
        nights: nightsOf(w.queen, [
          [d1, 8, 125],
          [d2, 2],
        ]),
        cutoffDate: dayOf(clock.now(), 12),
        attritionPercent: 10,
      }),
    );
    const own2 = await amendment(blockId, "accept", "hotelier");
    expect(own2.statusCode).toBe(403);
    const second = await api.ok(amendment(blockId, "accept", "organizer"));
    expect(second).toMatchObject({
      cutoffDate: dayOf(clock.now(), 12),
      attritionPercent: 10,
      held: 10,
      booked: 4,
      amendment: null,
    });
    expect(await blockNightRows(blockId)).toEqual([
      { night: d1, held: 8, booked: 2, rate: 125 },
      { night: d2, held: 2, booked: 2, rate: 119 },
    ]);
    expect(await calendarRows(w.queen, [d0, d1, d2])).toEqual([
      { night: d0, held: 0, booked: 0 },
      { night: d1, held: 8, booked: 0 },
      { night: d2, held: 2, booked: 0 },
    ]);
    // A new cut-off is reminded of anew.
    const reminded = await sql("select cutoff_reminded_date from hotel_blocks where id = $1", [
      blockId,
    ]);
    expect(reminded.rows[0].cutoff_reminded_date).toBeNull();

    // Terms the block has already are no amendment.
    const same = await patch(blockId, "organizer", { attritionPercent: 10 });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.code).toBe("VALIDATION_FAILED");
  });

  it("counts the bookings made after the proposal again when it is accepted", async () => {
    const w = world();
    const eventId = await newEvent("Amend Below Booked");
    const [d1, d2] = [dayOf(clock.now(), 45), dayOf(clock.now(), 46)];
    const blockId = await heldBlock(eventId, w.queen, [
      [d1, 4],
      [d2, 4],
    ]);
    // The hotel asks to keep only 1 room on d1: nothing is booked yet, so it may.
    await api.ok(
      patch(blockId, "hotelier", {
        nights: nightsOf(w.queen, [
          [d1, 1],
          [d2, 4],
        ]),
      }),
    );
    // Then 3 rooms are booked on d1.
    await book(eventId, w.queen, d1, d2, 3);
    const before = await blockNightRows(blockId);
    const calendarBefore = await calendarRows(w.queen, [d1, d2]);
    expect(before).toEqual([
      { night: d1, held: 4, booked: 3, rate: 119 },
      { night: d2, held: 4, booked: 0, rate: 119 },
    ]);

    const refused = await amendment(blockId, "accept", "organizer");
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: "BLOCK_NIGHT_BELOW_BOOKED",
      message: `3 rooms are already booked on the night of ${d1}: hold at least that many.`,
      details: { nights: [{ roomTypeId: w.queen, night: d1, booked: 3, rooms: 1 }] },
    });
    expect(await blockNightRows(blockId)).toEqual(before);
    expect(await calendarRows(w.queen, [d1, d2])).toEqual(calendarBefore);
    const still = await api.ok(hm(api, "GET", `/hotels/blocks/${blockId}`, "organizer"));
    expect(still.amendment).toMatchObject({ side: "hotel", nights: [{ night: d1, rooms: 1 }, {}] });

    // The organizer declines it; then there is none to answer.
    const declined = await api.ok(amendment(blockId, "decline", "organizer"));
    expect(declined.amendment).toBeNull();
    expect(declined.history[0]).toMatchObject({ action: "amendment declined", side: "organizer" });
    for (const answer of ["accept", "decline"] as const) {
      const none = await amendment(blockId, answer, "organizer");
      expect(none.statusCode).toBe(409);
      expect(none.json().error.code).toBe("NO_AMENDMENT");
    }

    // The proposer may withdraw its own.
    await api.ok(patch(blockId, "hotelier", { minNights: 2 }));
    const withdrawn = await api.ok(amendment(blockId, "decline", "hotelier"));
    expect(withdrawn).toMatchObject({ amendment: null, minNights: 1 });
    expect(withdrawn.history[0]).toMatchObject({ action: "amendment withdrawn", side: "hotel" });
  });

  it("refuses rooms the hotel no longer has free, leaving the block and the calendar as they were", async () => {
    const w = world();
    const eventId = await newEvent("Amend Unavailable");
    const [d1, d2] = [dayOf(clock.now(), 50), dayOf(clock.now(), 51)];
    const blockId = await heldBlock(eventId, w.suite, [
      [d1, 2],
      [d2, 2],
    ]);
    await api.ok(
      patch(blockId, "organizer", {
        nights: nightsOf(w.suite, [
          [d1, 4],
          [d2, 4],
        ]),
      }),
    );
    // The hotel sells only 3 suites on d2 now (2 held): 1 is free, 2 more are asked.
    const filled = await fill(api, w.hotelId, [w.suite], d2, d2, { roomsToSell: 3 });
    expect(filled.statusCode, filled.body).toBe(200);
    const before = await blockNightRows(blockId);

    const refused = await amendment(blockId, "accept", "hotelier");
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: "ROOMS_UNAVAILABLE",
      details: { nights: [{ roomTypeId: w.suite, night: d2, rooms: 2 }] },
    });
    // d1's 2 extra suites, claimed before d2 was found short, were given back with it.
    expect(await calendarRows(w.suite, [d1, d2])).toEqual([
      { night: d1, held: 2, booked: 0 },
      { night: d2, held: 2, booked: 0 },
    ]);
    expect(await blockNightRows(blockId)).toEqual(before);
    const still = await api.ok(hm(api, "GET", `/hotels/blocks/${blockId}`, "hotelier"));
    expect(still).toMatchObject({ status: "Accepted", held: 4, amendment: { side: "organizer" } });
  });
});

describe("giving rooms back before the cut-off", () => {
  it("returns unbooked rooms to the calendar now, never below what is booked, all or nothing", async () => {
    const w = world();
    const eventId = await newEvent("Release Early");
    const [d1, d2] = [dayOf(clock.now(), 55), dayOf(clock.now(), 56)];
    const blockId = await heldBlock(eventId, w.queen, [
      [d1, 5],
      [d2, 5],
    ]);
    await book(eventId, w.queen, d1, d2, 2);
    const before = await blockNightRows(blockId);

    // The hotel may not shrink the organizer's block; a stranger does not see it.
    const byHotel = await release(blockId, "hotelier", [
      { roomTypeId: w.queen, night: d2, rooms: 1 },
    ]);
    expect(byHotel.statusCode, byHotel.body).toBe(403);
    const byStranger = await release(blockId, "other", [
      { roomTypeId: w.queen, night: d2, rooms: 1 },
    ]);
    expect(byStranger.statusCode).toBe(404);

    // d1 has 3 unbooked rooms: 4 is refused, and d2's 2 with it.
    const over = await release(blockId, "organizer", [
      { roomTypeId: w.queen, night: d2, rooms: 2 },
      { roomTypeId: w.queen, night: d1, rooms: 4 },
    ]);
    expect(over.statusCode, over.body).toBe(400);
    expect(over.json().error).toMatchObject({
      code: "BLOCK_NIGHT_BELOW_BOOKED",
      message: `Only 3 rooms are unbooked on the night of ${d1}: give back at most that many.`,
      details: { nights: [{ night: d1, held: 5, booked: 2, rooms: 4 }] },
    });
    const unknown = await release(blockId, "organizer", [
      { roomTypeId: w.queen, night: d2, rooms: 1 },
      { roomTypeId: w.queen, night: dayOf(clock.now(), 57), rooms: 1 },
    ]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details.issues[0].path).toBe("data.nights.1");
    expect(await blockNightRows(blockId)).toEqual(before);
    expect(await calendarRows(w.queen, [d1, d2])).toEqual([
      { night: d1, held: 5, booked: 0 },
      { night: d2, held: 5, booked: 0 },
    ]);

    const released = await api.ok(
      release(blockId, "organizer", [
        { roomTypeId: w.queen, night: d1, rooms: 3 },
        { roomTypeId: w.queen, night: d2, rooms: 5 },
      ]),
    );
    expect(released).toMatchObject({ status: "Accepted", held: 2, booked: 2 });
    expect(released.history[0]).toMatchObject({ action: "rooms released", side: "organizer" });
    expect(released.history[0].summary).toContain("8 unbooked room nights");
    // d2, emptied, is no longer a night of the block.
    expect(await blockNightRows(blockId)).toEqual([{ night: d1, held: 2, booked: 2, rate: 119 }]);
    expect(await calendarRows(w.queen, [d1, d2])).toEqual([
      { night: d1, held: 2, booked: 0 },
      { night: d2, held: 0, booked: 0 },
    ]);
  });

  it("stops when the cut-off day has ended, and after the block is released", async () => {
    const w = world();
    const eventId = await newEvent("Release Late");
    const d1 = dayOf(clock.now(), 58);
    // Cut off today: rooms may still be given back today.
    const blockId = await heldBlock(eventId, w.queen, [[d1, 4]], dayOf(clock.now()));
    await api.ok(release(blockId, "organizer", [{ roomTypeId: w.queen, night: d1, rooms: 1 }]));
    expect(await calendarRows(w.queen, [d1])).toEqual([{ night: d1, held: 3, booked: 0 }]);

    clock.advance(DAY);
    const late = await release(blockId, "organizer", [
      { roomTypeId: w.queen, night: d1, rooms: 1 },
    ]);
    expect(late.statusCode, late.body).toBe(400);
    expect(late.json().error.code).toBe("BLOCK_RELEASE_AFTER_CUTOFF");
    expect(await blockNightRows(blockId)).toEqual([{ night: d1, held: 3, booked: 0, rate: 119 }]);
    // No amendment either once the cut-off has passed.
    const amend = await patch(blockId, "organizer", { minNights: 2 });
    expect(amend.statusCode).toBe(409);
    expect(amend.json().error.code).toBe("PAST_CUTOFF");

    await runJob(app(), "stays.release-blocks");
    const block = await api.ok(hm(api, "GET", `/hotels/blocks/${blockId}`, "organizer"));
    expect(block.status).toBe("Released");
    const after = await release(blockId, "organizer", [
      { roomTypeId: w.queen, night: d1, rooms: 1 },
    ]);
    expect(after.statusCode).toBe(400);
    expect(after.json().error.code).toBe("BLOCK_RELEASE_AFTER_CUTOFF");
    expect(await calendarRows(w.queen, [d1])).toEqual([{ night: d1, held: 0, booked: 0 }]);
  });
});
