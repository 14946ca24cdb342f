// A room block's final statement after the event (issue 46): held, booked and stayed per room type
// and night, summed against the rows read with SQL; the attrition allowance, the shortfall over the
// whole block and what is owed at the held-weighted average rate, and the comps, against figures
// worked by hand; the hotel confirms what stayed (correcting the bookings) only after the last
// night, and only the hotel; the PDF for both sides; the thread, and the organizer's dispute of a
// confirmed statement (the hotel's managers mailed) settled by the hotel's next confirmation. The
// clock moves forward through the file, in order.
import { addDays } from "@hostfield/domain/rules";
import { beforeAll, describe, expect, it } from "vitest";
import { HOUR } from "./rfps-fixture";
import { dayOf, fill, guest, hm, offerFor, runJob, staysSuite } from "./stays-fixture";

const { api, app, clock, world } = staysSuite();
const sql = (text: string, values: unknown[] = []) => app().database.pool.query(text, values);
const DAY = 24 * HOUR;

let blockId = "";
let proposedId = "";
let day0 = "";
/** The block's nights: the arrival night (start − 1), start and start + 1. */
let [arrive, first, last] = ["", "", ""];

const statementUrl = () => `/hotels/blocks/${blockId}/statement`;
const statement = (who: "hotelier" | "organizer" = "hotelier") =>
  api.ok(hm(api, "GET", statementUrl(), who));

async function book(roomTypeId: string, checkIn: string, checkOut: string, rooms: number) {
  const w = world();
  const { offer } = await offerFor(api, w.hotelId, roomTypeId, {
    eventId: w.eventId,
    checkIn,
    checkOut,
    rooms,
    guests: rooms * 2,
  });
  expect(offer.nights.map((n: { source: string }) => n.source)).toEqual(
    Array(offer.nights.length).fill("block"),
  );
  return api.ok<{ id: string }>(
    hm(api, "POST", "/hotels/reservations", "guest", { data: { quote: offer.quote, ...guest() } }),
    201,
  );
}

async function mailsTo(to: string) {
  await app().events.settled();
  const found = await sql(
    `select subject, text from mail_outbox where "to" = $1 and (subject like 'Statement %' or subject like 'New message %') order by created_date`,
    [to],
  );
  return found.rows as { subject: string; text: string }[];
}

/** What the hotel says stayed: the bookings with four nights corrected. */
const corrected = () => {
  const w = world();
  return [
    { roomTypeId: w.queen, night: arrive, stayed: 2 },
    { roomTypeId: w.queen, night: first, stayed: 6 },
    { roomTypeId: w.queen, night: last, stayed: 1 },
    { roomTypeId: w.suite, night: first, stayed: 0 },
    { roomTypeId: w.suite, night: last, stayed: 0 },
  ];
};

beforeAll(async () => {
  const w = world();
  day0 = dayOf(clock.now());
  [arrive, first, last] = [addDays(w.start, -1), w.start, addDays(w.start, 1)];
  // Queens 4 / 8 / 6 at $119, $119, $125; suites 3 / 2 at $229. 23 room nights held.
  const proposed = await api.ok<{ id: string }>(
    hm(api, "POST", "/hotels/blocks", "organizer", {
      data: {
        eventId: w.eventId,
        hotelId: w.hotelId,
        nights: [
          { roomTypeId: w.queen, night: arrive, rooms: 4, rate: 119 },
          { roomTypeId: w.queen, night: first, rooms: 8, rate: 119 },
          { roomTypeId: w.queen, night: last, rooms: 6, rate: 125 },
          { roomTypeId: w.suite, night: first, rooms: 3, rate: 229 },
          { roomTypeId: w.suite, night: last, rooms: 2, rate: 229 },
        ],
        cutoffDate: addDays(day0, 10),
        attritionPercent: 20,
        compPerPaid: 5,
      },
    }),
    201,
  );
  blockId = proposed.id;
  await api.ok(hm(api, "PUT", `/hotels/blocks/${blockId}/accept`, "hotelier"));
  // Queens: 2 rooms all three nights, 3 on the first night; a suite both event nights; one
  // queen booked on the first night and cancelled (not picked up).
  await book(w.queen, arrive, addDays(last, 1), 2);
  await book(w.queen, first, last, 3);
  await book(w.suite, first, addDays(last, 1), 1);
  const cancelled = await book(w.queen, first, last, 1);
  await api.ok(hm(api, "PUT", `/hotels/reservations/${cancelled.id}/cancel`, "guest"));

  // A proposal at the other hotel, never answered: it held nothing.
  const king = await api.ok<{ id: string }>(
    hm(api, "POST", `/hotels/${w.otherHotelId}/rooms`, "other", {
      data: { name: "King", beds: "1 King", maxOccupancy: 2, rackRate: 160 },
    }),
    201,
  );
  const filled = await fill(
    api,
    w.otherHotelId,
    [king.id],
    day0,
    dayOf(clock.now(), 60),
    { roomsToSell: 8, rate: 140 },
    "other",
  );
  expect(filled.statusCode, filled.body).toBe(200);
  const other = await api.ok<{ id: string }>(
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
  proposedId = other.id;
});

describe("the statement before the event", () => {
  it("is only a held block's: a proposal is 409 BLOCK_NOT_HELD", async () => {
    const res = await hm(api, "GET", `/hotels/blocks/${proposedId}/statement`, "organizer");
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.code).toBe("BLOCK_NOT_HELD");
  });

  it("sums the block's rows and the confirmed reservations, and prices the shortfall", async () => {
    const w = world();
    // The release at the cut-off does not change the statement's figures.
    clock.advance(11 * DAY);
    await runJob(app(), "stays.release-blocks");
    const s = await statement("organizer");
    expect(s).toMatchObject({
      blockId,
      status: "Open",
      event: { id: w.eventId, name: "Indy Hoops Classic" },
      hotel: { id: w.hotelId, name: "Canal Hotel" },
      attritionPercent: 20,
      compPerPaid: 5,
      confirmedDate: null,
      confirmedBy: null,
    });
    type TLine = { night: string; roomTypeId: string; held: number; booked: number; rate: number };
    const lines = s.nights as (TLine & { stayed: number; confirmed: boolean })[];
    // Night by night; until the hotel confirms, stayed is what was booked.
    expect(lines.map((n) => n.night)).toEqual([arrive, first, first, last, last]);
    expect(lines.every((n) => !n.confirmed && n.stayed === n.booked)).toBe(true);
    expect(lines[0]).toMatchObject({ roomTypeName: "Double Queen", held: 4, booked: 2, rate: 119 });
    const byCell = new Map(lines.map((n) => [`${n.roomTypeId}/${n.night}`, n]));
    expect(byCell.get(`${w.queen}/${first}`)).toMatchObject({ held: 8, booked: 5, stayed: 5 });
    expect(byCell.get(`${w.queen}/${last}`)).toMatchObject({ held: 6, booked: 2, rate: 125 });
    expect(byCell.get(`${w.suite}/${first}`)).toMatchObject({ held: 3, booked: 1, rate: 229 });
    expect(byCell.get(`${w.suite}/${last}`)).toMatchObject({ held: 2, booked: 1 });

    // Against the rows: the block's nights, and the rooms of its confirmed reservations.
    const held = await sql(
      "select room_type_id, night::text as night, held, rate::float as rate from block_nights where block_id = $1",
      [blockId],
    );
    expect(held.rows).toHaveLength(lines.length);
    for (const r of held.rows) {
      expect(byCell.get(`${r.room_type_id}/${r.night}`)).toMatchObject({
        held: r.held,
        rate: r.rate,
      });
    }
    const booked = await sql(
      `select r.room_type_id, n.night::text as night, sum(r.rooms)::int as booked
         from reservation_nights n join reservations r on r.id = n.reservation_id
        where n.block_id = $1 and r.status = 'Confirmed' group by 1, 2`,
      [blockId],
    );
    expect(booked.rows).toHaveLength(lines.length);
    for (const r of booked.rows) {
      expect(byCell.get(`${r.room_type_id}/${r.night}`)?.booked).toBe(r.booked);
    }
    const sums = await sql(
      `select sum(held)::int as held, sum(booked)::int as booked, sum(held * rate)::float as value
         from block_nights where block_id = $1`,
      [blockId],
    );
    expect(s.totals.held).toBe(sums.rows[0].held);
    expect(s.totals.booked).toBe(sums.rows[0].booked);
    expect(s.totals.averageRate).toBe(
      Math.round((sums.rows[0].value / sums.rows[0].held) * 100) / 100,
    );

    // By hand: held 4 + 8 + 6 + 3 + 2 = 23; 476 + 952 + 750 + 687 + 458 = $3,323 held, so the
    // average rate is 3323 / 23 = $144.478… → $144.48. Booked 2 + 5 + 2 + 1 + 1 = 11 (the
    // cancelled queen not among them). Allowance floor(23 × 20%) = 4; shortfall 23 − 4 − 11 = 8;
    // owed 8 × 144.48 = $1,155.84. Comps floor(11 / 5) = 2, worth $288.96.
    expect(s.totals).toEqual({
      held: 23,
      booked: 11,
      stayed: 11,
      allowance: 4,
      shortfall: 8,
      owed: 1155.84,
      comps: 2,
      compValue: 288.96,
      averageRate: 144.48,
    });
    // The release happened and the block is Released: the statement reads the same.
    expect((await api.ok(hm(api, "GET", `/hotels/blocks/${blockId}`, "hotelier"))).status).toBe(
      "Released",
    );
  });

  it("cannot be confirmed before the block's last night has ended: 409 STATEMENT_TOO_EARLY", async () => {
    const early = await hm(api, "PUT", statementUrl(), "hotelier", {
      data: { nights: corrected() },
    });
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().error.code).toBe("STATEMENT_TOO_EARLY");
    // The last night itself (day 41) is still too early.
    clock.advance(30 * DAY);
    expect(dayOf(clock.now())).toBe(last);
    const onIt = await hm(api, "PUT", statementUrl(), "hotelier", {
      data: { nights: corrected() },
    });
    expect(onIt.statusCode, onIt.body).toBe(409);
    expect((await statement()).status).toBe("Open");
  });
});

describe("the thread and the hotel's confirmation", () => {
  it("carries messages both ways, oldest first, each mailing the other side", async () => {
    clock.advance(DAY);
    // The day after the last night: the hotel may confirm.
    expect((await statement()).status).toBe("Awaiting hotel");
    const opening = await api.ok(
      hm(api, "POST", `/hotels/blocks/${blockId}/messages`, "hotelier", {
        data: { body: "Final figures on Monday, after night audit." },
      }),
      201,
    );
    expect(opening).toMatchObject({
      side: "hotel",
      dispute: false,
      by: { name: expect.any(String) },
    });
    await api.ok(
      hm(api, "POST", `/hotels/blocks/${blockId}/messages`, "organizer", {
        data: { body: "Thanks. Two teams left early on Saturday." },
      }),
      201,
    );
    const thread = await api.ok(hm(api, "GET", `/hotels/blocks/${blockId}/messages`, "organizer"));
    expect(thread.map((m: { side: string; body: string }) => [m.side, m.body])).toEqual([
      ["hotel", "Final figures on Monday, after night audit."],
      ["organizer", "Thanks. Two teams left early on Saturday."],
    ]);
    const toOrganizer = await mailsTo("organizer@example.com");
    expect(toOrganizer).toHaveLength(1);
    expect(toOrganizer[0]!.subject).toBe(
      "New message on the room block at Canal Hotel for Indy Hoops Classic",
    );
    expect(toOrganizer[0]!.text).toContain("Final figures on Monday, after night audit.");
    const toHotel = await mailsTo("hotelier@example.com");
    expect(toHotel.map((m) => m.text.includes("Two teams left early"))).toEqual([true]);
    // A blank message is 400; a stranger sees no thread.
    const blank = await hm(api, "POST", `/hotels/blocks/${blockId}/messages`, "organizer", {
      data: { body: "   " },
    });
    expect(blank.statusCode).toBe(400);
    expect((await hm(api, "GET", `/hotels/blocks/${blockId}/messages`, "other")).statusCode).toBe(
      404,
    );
  });

  it("refuses a dispute before the hotel confirmed: 409 STATEMENT_NOT_CONFIRMED", async () => {
    const res = await hm(api, "POST", `/hotels/blocks/${blockId}/messages`, "organizer", {
      data: { body: "These numbers are wrong.", dispute: true },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.code).toBe("STATEMENT_NOT_CONFIRMED");
    const count = await sql("select count(*)::int as n from block_messages where block_id = $1", [
      blockId,
    ]);
    expect(count.rows[0].n).toBe(2);
  });

  it("is the hotel's to confirm: the organizer is refused 403", async () => {
    const res = await hm(api, "PUT", statementUrl(), "organizer", {
      data: { nights: corrected() },
    });
    expect(res.statusCode, res.body).toBe(403);
  });

  it("takes every night once: an unknown or repeated night is 400 with its index, nothing written", async () => {
    const w = world();
    const cases = [
      // A night the block does not have.
      {
        nights: [...corrected(), { roomTypeId: w.queen, night: addDays(last, 1), stayed: 1 }],
        path: "data.nights.5",
      },
      // A room type not in the block on that night.
      {
        nights: corrected().map((n, i) => (i === 0 ? { ...n, roomTypeId: w.suite } : n)),
        path: "data.nights.0",
      },
      // The same night twice.
      { nights: [...corrected(), corrected()[2]!], path: "data.nights.5" },
      // A night left out.
      { nights: corrected().slice(1), path: "data.nights" },
    ];
    for (const c of cases) {
      const res = await hm(api, "PUT", statementUrl(), "hotelier", { data: { nights: c.nights } });
      expect(res.statusCode, res.body).toBe(400);
      const issues = res.json().error.details as { path: string }[];
      expect(JSON.stringify(issues)).toContain(`"${c.path}"`);
    }
    const negative = await hm(api, "PUT", statementUrl(), "hotelier", {
      data: { nights: corrected().map((n) => ({ ...n, stayed: -1 })) },
    });
    expect(negative.statusCode).toBe(400);
    const written = await sql(
      `select count(*) filter (where n.stayed is not null)::int as stayed,
              (select statement_confirmed_date from hotel_blocks where id = $1) as confirmed
         from block_nights n where n.block_id = $1`,
      [blockId],
    );
    expect(written.rows[0]).toEqual({ stayed: 0, confirmed: null });
  });

  it("the hotel confirms with corrections: the statement is priced on what stayed", async () => {
    const confirmed = await api.ok(
      hm(api, "PUT", statementUrl(), "hotelier", { data: { nights: corrected() } }),
    );
    // By hand: stayed 2 + 6 + 1 + 0 + 0 = 9; shortfall 23 − 4 − 9 = 10; owed 10 × 144.48 =
    // $1,444.80; comps floor(9 / 5) = 1, worth $144.48.
    expect(confirmed).toMatchObject({
      status: "Confirmed",
      confirmedDate: expect.stringMatching(new RegExp(`^${addDays(last, 1)}T`)),
      confirmedBy: { name: expect.any(String) },
      totals: {
        held: 23,
        booked: 11,
        stayed: 9,
        allowance: 4,
        shortfall: 10,
        owed: 1444.8,
        comps: 1,
        compValue: 144.48,
        averageRate: 144.48,
      },
    });
    expect(confirmed.nights.every((n: { confirmed: boolean }) => n.confirmed)).toBe(true);
    const rows = await sql(
      "select room_type_id, night::text as night, stayed from block_nights where block_id = $1",
      [blockId],
    );
    expect(new Map(rows.rows.map((r) => [`${r.room_type_id}/${r.night}`, r.stayed]))).toEqual(
      new Map(corrected().map((n) => [`${n.roomTypeId}/${n.night}`, n.stayed])),
    );
    // The organizer reads the same; the history says who confirmed.
    expect((await statement("organizer")).totals).toEqual(confirmed.totals);
    const block = await api.ok(hm(api, "GET", `/hotels/blocks/${blockId}`, "organizer"));
    expect(block.history[0]).toMatchObject({ side: "hotel", action: "confirmed" });
    expect(block.history[0].summary).toBe(
      "Statement confirmed: 9 of 23 room nights held stayed (4 nights corrected from the bookings)",
    );
  });
});

describe("the PDF", () => {
  it("downloads for both sides with the statement's figures", async () => {
    for (const who of ["hotelier", "organizer"] as const) {
      const res = await hm(api, "GET", `${statementUrl()}.pdf`, who);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers["content-type"]).toBe("application/pdf");
      expect(res.headers["content-disposition"]).toBe(
        'attachment; filename="statement-canal-hotel-indy-hoops-classic.pdf"',
      );
      const pdf = res.rawPayload;
      expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      // The page's text, as PDFKit writes it (hex strings in the uncompressed content stream).
      const text = [...pdf.toString("latin1").matchAll(/<([0-9a-fA-F]+)>/g)]
        .map((m) => Buffer.from(m[1]!, "hex").toString("latin1"))
        .join("");
      for (const words of [
        "Room block statement",
        "Canal Hotel for Indy Hoops Classic",
        "Status: Confirmed",
        "$1,444.80",
        "$144.48",
        "Double Queen",
      ]) {
        expect(text, words).toContain(words);
      }
    }
  });

  it("is hidden from anyone on neither side (404), and asks a visitor to sign in (401)", async () => {
    expect((await hm(api, "GET", `${statementUrl()}.pdf`, "other")).statusCode).toBe(404);
    expect((await hm(api, "GET", `${statementUrl()}.pdf`, "guest")).statusCode).toBe(404);
    expect((await hm(api, "GET", `${statementUrl()}.pdf`, "anonymous")).statusCode).toBe(401);
  });
});

describe("a dispute", () => {
  it("is the organizer's: the hotel may not dispute its own statement", async () => {
    const res = await hm(api, "POST", `/hotels/blocks/${blockId}/messages`, "hotelier", {
      data: { body: "Disputing myself.", dispute: true },
    });
    expect(res.statusCode, res.body).toBe(403);
  });

  it("marks the statement Disputed and mails the hotel's managers", async () => {
    const before = (await mailsTo("hotelier@example.com")).length;
    const disputed = await api.ok(
      hm(api, "POST", `/hotels/blocks/${blockId}/messages`, "organizer", {
        data: { body: "Our rooming list shows 7 queens on the first night.", dispute: true },
      }),
      201,
    );
    expect(disputed).toMatchObject({ side: "organizer", dispute: true });
    expect((await statement("organizer")).status).toBe("Disputed");
    const toHotel = await mailsTo("hotelier@example.com");
    expect(toHotel).toHaveLength(before + 1);
    expect(toHotel.at(-1)!.subject).toBe(
      "Statement disputed: the room block at Canal Hotel for Indy Hoops Classic",
    );
    expect(toHotel.at(-1)!.text).toContain("Our rooming list shows 7 queens on the first night.");
    expect(toHotel.at(-1)!.text).toContain(`/hotels/${world().hotelId}/blocks`);
    // The organizer is not mailed their own dispute.
    expect((await mailsTo("organizer@example.com")).map((m) => m.subject)).not.toContain(
      "Statement disputed: the room block at Canal Hotel for Indy Hoops Classic",
    );
  });

  it("is settled by the hotel's next confirmation", async () => {
    const w = world();
    const nights = corrected().map((n) =>
      n.roomTypeId === w.queen && n.night === first ? { ...n, stayed: 7 } : n,
    );
    const settled = await api.ok(hm(api, "PUT", statementUrl(), "hotelier", { data: { nights } }));
    // Stayed 10: shortfall 23 − 4 − 10 = 9, owed 9 × 144.48 = $1,300.32; comps floor(10 / 5) = 2.
    expect(settled).toMatchObject({
      status: "Confirmed",
      totals: { stayed: 10, shortfall: 9, owed: 1300.32, comps: 2, compValue: 288.96 },
    });
    const flags = await sql("select statement_disputed from hotel_blocks where id = $1", [blockId]);
    expect(flags.rows[0].statement_disputed).toBe(false);
    const block = await api.ok(hm(api, "GET", `/hotels/blocks/${blockId}`, "hotelier"));
    expect(block.history.slice(0, 3).map((h: { action: string }) => h.action)).toEqual([
      "confirmed",
      "disputed",
      "confirmed",
    ]);
    expect(block.history[0].summary).toContain("the dispute is settled");
  });
});
