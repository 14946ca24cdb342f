// The hotel's pickup looking forward (issue 46): the look-back report no longer shows 0 held and
// 0 booked for a block whose nights are ahead; the forward pickup of the hotel's open blocks (held
// against booked per night, days to the cut-off, rooms to release, the forecast at the pace); the
// day-before mail to both sides, once per person and block however often the job runs; and the
// release job run twice releasing once. The clock moves forward through the file, in order.
import { addDays } from "@hostfield/domain/rules";
import { beforeAll, describe, expect, it } from "vitest";
import { HOUR } from "./rfps-fixture";
import {
  acceptedBlock,
  dayOf,
  fill,
  guest,
  hm,
  offerFor,
  runJob,
  staysSuite,
} from "./stays-fixture";

const { api, app, clock, world } = staysSuite();
const sql = (text: string, values: unknown[] = []) => app().database.pool.query(text, values);
const DAY = 24 * HOUR;

/** The suite's first day: blocks are made on it, and "day n" below is n days after it. */
let day0 = "";
let blockId = "";
let carmelBlockId = "";

async function book(rooms: number) {
  const w = world();
  const { offer } = await offerFor(api, w.hotelId, w.queen, {
    eventId: w.eventId,
    rooms,
    guests: rooms,
  });
  await api.ok(
    hm(api, "POST", "/hotels/reservations", "guest", { data: { quote: offer.quote, ...guest() } }),
    201,
  );
}

const forward = (who: "hotelier" | "organizer" | "other" | "anonymous" = "hotelier") =>
  hm(api, "GET", `/hotels/${world().hotelId}/blocks/forward`, who);

async function cutoffMails(to: string) {
  await app().events.settled();
  const found = await sql(
    `select subject, text from mail_outbox where "to" = $1 and subject like 'Cut-off %' order by created_date`,
    [to],
  );
  return found.rows as { subject: string; text: string }[];
}

beforeAll(async () => {
  const w = world();
  day0 = dayOf(clock.now());
  // Canal Hotel: 10 queens a night of the event's 2 nights at $119, cut off on day 10.
  const block = await acceptedBlock(api, w, clock.now(), 10);
  blockId = block.id;
  // Carmel Inn (the other hotel): 4 kings a night, cut off on day 8.
  const king = await api.ok<{ id: string }>(
    hm(api, "POST", `/hotels/${w.otherHotelId}/rooms`, "other", {
      data: { name: "King", beds: "1 King", maxOccupancy: 2, rackRate: 160 },
    }),
    201,
  );
  expect(
    (
      await fill(
        api,
        w.otherHotelId,
        [king.id],
        day0,
        dayOf(clock.now(), 60),
        {
          roomsToSell: 8,
          rate: 140,
        },
        "other",
      )
    ).statusCode,
  ).toBe(200);
  const carmel = await api.ok<{ id: string }>(
    hm(api, "POST", "/hotels/blocks", "organizer", {
      data: {
        eventId: w.eventId,
        hotelId: w.otherHotelId,
        perNight: { roomTypeId: king.id, rooms: 4, rate: 120 },
        cutoffDate: addDays(day0, 8),
      },
    }),
    201,
  );
  carmelBlockId = carmel.id;
  await api.ok(hm(api, "PUT", `/hotels/blocks/${carmel.id}/accept`, "other"));
});

describe("the hotel's pickup report (looking back)", () => {
  it("shows a block whose nights are ahead, with its held and booked, instead of 0 and 0", async () => {
    await book(1);
    // The default range: the last 30 days up to today. The block's nights are 40 days ahead.
    const report = await api.ok(
      api.call("report-mgmt", "GET", `/hotels/${world().hotelId}/pickup`, "hotelier"),
    );
    // The range's figures are by stay night, and none of its nights has come yet.
    expect(report.kpis.find((k: { metric: string }) => k.metric === "held").total).toBe(0);
    const ahead = report.tables.find((t: { id: string }) => t.id === "blocksAhead");
    // 10 rooms on each of 2 nights held; 1 room on each booked.
    expect(ahead.rows).toEqual([
      expect.objectContaining({
        id: blockId,
        hotel: "Canal Hotel",
        event: "Indy Hoops Classic",
        status: "Accepted",
        cutoffDate: addDays(day0, 10),
        firstNight: world().start,
        held: 20,
        booked: 2,
        pickupPercent: 10,
      }),
    ]);
  });
});

describe("forward pickup", () => {
  it("shows each night held against booked, what goes back at the cut-off and the forecast", async () => {
    const w = world();
    const blocks = await api.ok(forward());
    expect(blocks).toHaveLength(1);
    // Day 0: accepted today, so the pace is today's 2 room nights a day; 10 days at 2 a day
    // would be 2 + 20 = 22, more than the 20 held: the forecast stops at 20.
    expect(blocks[0]).toMatchObject({
      blockId,
      event: { id: w.eventId, name: "Indy Hoops Classic" },
      status: "Accepted",
      cutoffDate: addDays(day0, 10),
      daysToCutoff: 10,
      nights: [
        { night: w.start, held: 10, booked: 1, toRelease: 9 },
        { night: addDays(w.start, 1), held: 10, booked: 1, toRelease: 9 },
      ],
      held: 20,
      booked: 2,
      toRelease: 18,
      pickupPercent: 10,
      pace: { fromDate: day0, days: 1, roomNights: 2, perDay: 2 },
      forecast: 20,
      forecastRelease: 0,
    });
  });

  it("reads the pace since the block was accepted", async () => {
    clock.advance(4 * DAY);
    await book(2);
    const [block] = await api.ok(forward());
    // Day 4: 2 + 4 = 6 room nights booked over the 5 days since day 0, 1.2 a day; 6 days to
    // the cut-off at 1.2 is 7.2, so 7: 6 + 7 = 13 booked at the cut-off, 20 - 13 = 7 go back.
    expect(block).toMatchObject({
      daysToCutoff: 6,
      nights: [
        { held: 10, booked: 3, toRelease: 7 },
        { held: 10, booked: 3, toRelease: 7 },
      ],
      held: 20,
      booked: 6,
      toRelease: 14,
      pace: { fromDate: day0, days: 5, roomNights: 6 },
      forecast: 13,
      forecastRelease: 7,
    });
    expect(block.pace.perDay).toBeCloseTo(1.2, 10);
  });

  it("is the hotel's managers' only, and refuses a hotel id that is no id with 400", async () => {
    expect((await forward("organizer")).statusCode).toBe(403);
    expect((await forward("other")).statusCode).toBe(403);
    expect((await forward("anonymous")).statusCode).toBe(401);
    const bad = await hm(api, "GET", "/hotels/not-an-id/blocks/forward", "hotelier");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBeTruthy();
  });
});

describe("the day before the cut-off", () => {
  it("mails nobody while the cut-off is further off", async () => {
    // Day 4: Canal's cut-off is day 10, Carmel's day 8.
    await runJob(app(), "stays.cutoff-reminders");
    expect(await cutoffMails("organizer@example.com")).toEqual([]);
    expect(await cutoffMails("hotelier@example.com")).toEqual([]);
  });

  it("mails both sides once per block, however often the job runs", async () => {
    clock.advance(5 * DAY);
    // Day 9: Canal is cut off tomorrow; Carmel's cut-off (day 8) has passed, unreminded, and its
    // release has not run yet: it is too late to remind it.
    await Promise.all([
      runJob(app(), "stays.cutoff-reminders"),
      runJob(app(), "stays.cutoff-reminders"),
    ]);
    await runJob(app(), "stays.cutoff-reminders");
    const organizer = await cutoffMails("organizer@example.com");
    const hotelier = await cutoffMails("hotelier@example.com");
    expect(organizer).toHaveLength(1);
    expect(hotelier).toHaveLength(1);
    expect(await cutoffMails("other@example.com")).toEqual([]);
    const cutoff = addDays(day0, 10);
    for (const mail of [...organizer, ...hotelier]) {
      expect(mail.subject).toBe(
        `Cut-off ${cutoff}: the room block at Canal Hotel for Indy Hoops Classic`,
      );
      expect(mail.text).toContain("Held: 20 room nights");
      expect(mail.text).toContain("Booked: 6 room nights");
      expect(mail.text).toContain("To be released at the cut-off: 14 room nights");
      expect(mail.text).toContain(`${world().start}: 3 of 10 booked, 7 to release`);
    }
    expect(organizer[0]!.text).toContain(`/events/${world().eventId}/hotels`);
    expect(organizer[0]!.text).not.toContain("forward pickup");
    expect(hotelier[0]!.text).toContain(`/hotels/${world().hotelId}/blocks?view=forward`);
    // Recorded on the block, on the day it was reminded.
    const marked = await sql("select id, cutoff_reminded_date::text as reminded from hotel_blocks");
    expect(new Map(marked.rows.map((r) => [r.id, r.reminded]))).toEqual(
      new Map([
        [blockId, addDays(day0, 9)],
        [carmelBlockId, null],
      ]),
    );
  });

  it("mails no more on the cut-off day, nor after the release, which runs once", async () => {
    clock.advance(DAY);
    // Day 10, the cut-off day: already reminded.
    await runJob(app(), "stays.cutoff-reminders");
    clock.advance(DAY);
    // Day 11: both blocks are past their cut-off; the release job twice releases each once.
    await runJob(app(), "stays.release-blocks");
    await runJob(app(), "stays.release-blocks");
    await runJob(app(), "stays.cutoff-reminders");
    expect(await cutoffMails("organizer@example.com")).toHaveLength(1);
    expect(await cutoffMails("hotelier@example.com")).toHaveLength(1);
    expect(await cutoffMails("other@example.com")).toEqual([]);
    const released = await sql(
      "select block_id, count(*)::int as n from block_changes where action = 'released' group by block_id",
    );
    expect(new Map(released.rows.map((r) => [r.block_id, r.n]))).toEqual(
      new Map([
        [blockId, 1],
        [carmelBlockId, 1],
      ]),
    );
    // Canal's first night: 20 to sell, the 7 unbooked rooms back, the 3 booked sold.
    const cell = await sql(
      "select held, booked from room_nights where room_type_id = $1 and night = $2",
      [world().queen, world().start],
    );
    expect(cell.rows).toEqual([{ held: 0, booked: 3 }]);
    // Released blocks are no longer open: the forward pickup is empty.
    expect(await api.ok(forward())).toEqual([]);
  });
});
