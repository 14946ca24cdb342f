// Reservations: booking a quote (confirmation, the mail with its calendar entry), no overbooking under
// 100 concurrent attempts for 10 rooms (calendar and block nights) nor past the tables' own checks,
// pickup, the change window (the guest until it closes, the hotel after), cancelling, the lists and
// the CSV export, matches.
import { addDays } from "@hostfield/domain/rules";
import { describe, expect, it } from "vitest";
import { HOUR } from "./rfps-fixture";
import { acceptedBlock, dayOf, fill, guest, hm, offerFor, staysSuite } from "./stays-fixture";

const { api, app, clock, world } = staysSuite();

async function quoteFor(roomTypeId: string, body: Record<string, unknown>) {
  return (await offerFor(api, world().hotelId, roomTypeId, body)).offer.quote as string;
}

const book = (quote: string, who: "guest" | "other" = "guest") =>
  hm(api, "POST", "/hotels/reservations", who, { data: { quote, ...guest(who) } });

const sql = (text: string, values: unknown[] = []) => app().database.pool.query(text, values);

describe("booking", () => {
  it("confirms a quote with a confirmation number and mails the guest a calendar entry", async () => {
    const w = world();
    const checkIn = dayOf(clock.now(), 3);
    const quote = await quoteFor(w.queen, {
      checkIn,
      checkOut: dayOf(clock.now(), 5),
      rooms: 3,
      guests: 9,
    });
    const res = await book(quote);
    expect(res.statusCode, res.body).toBe(201);
    const r = res.json().data;
    expect(r.confirmationNumber).toMatch(/^HF-[A-Z2-9]{8}$/);
    expect(r).toMatchObject({
      status: "Confirmed",
      hotel: { id: w.hotelId, name: "Canal Hotel" },
      roomType: { id: w.queen, name: "Double Queen" },
      checkIn,
      rooms: 3,
      total: 900,
      guestName: "guest Person",
      email: "guest@example.com",
      changeableUntil: addDays(checkIn, -1),
    });
    const left = await offerFor(api, w.hotelId, w.queen, {
      checkIn,
      checkOut: addDays(checkIn, 1),
    });
    expect(left.offer.roomsLeft).toBe(17);

    await app().events.settled();
    const mail = await sql(
      'select subject, text, attachments from mail_outbox where "to" = $1 and subject like $2',
      ["guest@example.com", `%${r.confirmationNumber}%`],
    );
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0].subject).toContain("confirmed");
    expect(mail.rows[0].text).toContain("Total: $900.00");
    const [ics] = mail.rows[0].attachments;
    expect(ics.filename).toBe(`${r.confirmationNumber}.ics`);
    expect(ics.content).toContain(`DTSTART;VALUE=DATE:${checkIn.replaceAll("-", "")}`);
    // DTEND is exclusive: the check-out day.
    expect(ics.content).toContain(`DTEND;VALUE=DATE:${dayOf(clock.now(), 5).replaceAll("-", "")}`);
  });

  it("mails the account that booked, never the contact address typed in the form", async () => {
    const w = world();
    const night = dayOf(clock.now(), 17);
    const quote = await quoteFor(w.queen, { checkIn: night, checkOut: addDays(night, 1) });
    const booked = await api.ok(
      hm(api, "POST", "/hotels/reservations", "other", {
        data: { quote, ...guest("other"), email: "someone-else@example.org" },
      }),
      201,
    );
    // The hotel sees the contact address as given.
    expect(booked.email).toBe("someone-else@example.org");
    await app().events.settled();
    const mail = await sql('select "to" from mail_outbox where subject like $1', [
      `%${booked.confirmationNumber}%`,
    ]);
    expect(mail.rows).toEqual([{ to: "other@example.com" }]);
  });

  it("never oversells: 100 concurrent attempts for the last 10 rooms book exactly 10", async () => {
    const w = world();
    const night = dayOf(clock.now(), 30);
    await fill(api, w.hotelId, [w.suite], night, night, { roomsToSell: 10 });
    const quote = await quoteFor(w.suite, { checkIn: night, checkOut: addDays(night, 1) });
    const results = await Promise.all(Array.from({ length: 100 }, () => book(quote)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(90);
    expect(
      new Set(results.filter((r) => r.statusCode === 409).map((r) => r.json().error.code)),
    ).toEqual(new Set(["ROOMS_UNAVAILABLE"]));
    const cell = await sql(
      "select rooms_to_sell, held, booked from room_nights where room_type_id = $1 and night = $2",
      [w.suite, night],
    );
    expect(cell.rows[0]).toEqual({ rooms_to_sell: 10, held: 0, booked: 10 });
    const confirmed = await sql(
      "select count(*)::int as n from reservations r join reservation_nights n on n.reservation_id = r.id where r.room_type_id = $1 and n.night = $2 and r.status = 'Confirmed'",
      [w.suite, night],
    );
    expect(confirmed.rows[0].n).toBe(10);
  });

  it("never oversells a block either, and the block's pickup counts what was booked", async () => {
    const w = world();
    const block = await acceptedBlock(api, w, clock.now(), 10, 119);
    const quote = await quoteFor(w.queen, { eventId: w.eventId, rooms: 1, guests: 2 });
    const results = await Promise.all(Array.from({ length: 100 }, () => book(quote)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    const nights = await sql(
      "select night::text, held, booked from block_nights where block_id = $1 order by night",
      [block.id],
    );
    expect(nights.rows).toEqual(w.nights.map((night) => ({ night, held: 10, booked: 10 })));
    const pickup = await api.ok(hm(api, "GET", `/hotels/blocks/${block.id}/pickup`, "organizer"));
    expect(pickup).toMatchObject({ held: 20, booked: 20, pickupPercent: 100, compNights: 2 });
    expect(pickup.nights).toEqual(w.nights.map((night) => ({ night, held: 10, booked: 10 })));
    // The block is full: the next guest of the event pays the hotel's rate.
    const next = await offerFor(api, w.hotelId, w.queen, { eventId: w.eventId });
    expect(next.offer.nights.map((n: { source: string }) => n.source)).toEqual([
      "calendar",
      "calendar",
    ]);
  });

  it("the tables themselves refuse an oversold night, whatever writes it", async () => {
    // The service checks first (claims are conditional, fills are checked); the tables' checks
    // are the guard behind it, for any writer that does not.
    const w = world();
    const night = dayOf(clock.now(), 31);
    await fill(api, w.hotelId, [w.suite], night, night, { roomsToSell: 2 });
    await expect(
      sql("update room_nights set booked = 3 where room_type_id = $1 and night = $2", [
        w.suite,
        night,
      ]),
    ).rejects.toMatchObject({ code: "23514", constraint: "room_nights_not_oversold" });
    // The block the test before made for this event (an update of no rows would not reject).
    await expect(
      sql(
        "update block_nights set booked = held + 1 where block_id = (select id from hotel_blocks where event_id = $1)",
        [w.eventId],
      ),
    ).rejects.toMatchObject({ code: "23514", constraint: "block_nights_not_oversold" });
  });
});

describe("changing and cancelling", () => {
  it("the guest changes the stay with a new quote: the old nights come back, the new ones are taken", async () => {
    const w = world();
    const first = dayOf(clock.now(), 8);
    const booked = await api.ok(
      book(
        await quoteFor(w.queen, {
          checkIn: first,
          checkOut: addDays(first, 1),
          rooms: 2,
          guests: 2,
        }),
      ),
      201,
    );
    const later = dayOf(clock.now(), 12);
    const quote = await quoteFor(w.queen, {
      checkIn: later,
      checkOut: addDays(later, 2),
      rooms: 2,
      guests: 2,
    });
    const changed = await api.ok(
      hm(api, "PATCH", `/hotels/reservations/${booked.id}`, "guest", {
        data: { quote, team: "Renamed FC" },
      }),
    );
    expect(changed).toMatchObject({
      checkIn: later,
      checkOut: addDays(later, 2),
      total: 600,
      team: "Renamed FC",
    });
    const cells = await sql(
      "select night::text, booked from room_nights where room_type_id = $1 and night = any($2::date[]) order by night",
      [w.queen, [first, later]],
    );
    expect(cells.rows).toEqual([
      { night: first, booked: 0 },
      { night: later, booked: 2 },
    ]);
  });

  it("a change that cannot be had leaves the booking as it was", async () => {
    const w = world();
    const night = dayOf(clock.now(), 14);
    const booked = await api.ok(
      book(await quoteFor(w.queen, { checkIn: night, checkOut: addDays(night, 1) })),
      201,
    );
    const full = dayOf(clock.now(), 15);
    const quote = await quoteFor(w.suite, { checkIn: full, checkOut: addDays(full, 1) });
    await fill(api, w.hotelId, [w.suite], full, full, { roomsToSell: 0 });
    const refused = await hm(api, "PATCH", `/hotels/reservations/${booked.id}`, "guest", {
      data: { quote },
    });
    expect(refused.statusCode).toBe(409);
    const still = await api.ok(hm(api, "GET", `/hotels/reservations/${booked.id}`, "guest"));
    expect(still).toMatchObject({ checkIn: night, roomType: { id: w.queen }, status: "Confirmed" });
    const cell = await sql(
      "select booked from room_nights where room_type_id = $1 and night = $2",
      [w.queen, night],
    );
    expect(cell.rows[0].booked).toBe(1);
  });

  it("the guest cancels until the change window closes; after it only the hotel may", async () => {
    const w = world();
    const soon = dayOf(clock.now(), 2);
    const mine = await api.ok(
      book(await quoteFor(w.suite, { checkIn: soon, checkOut: addDays(soon, 1) })),
      201,
    );
    const other = await api.ok(
      book(await quoteFor(w.suite, { checkIn: soon, checkOut: addDays(soon, 1) })),
      201,
    );
    const cancelled = await api.ok(
      hm(api, "PUT", `/hotels/reservations/${mine.id}/cancel`, "guest"),
    );
    expect(cancelled.status).toBe("Cancelled");
    const again = await hm(api, "PUT", `/hotels/reservations/${mine.id}/cancel`, "guest");
    expect(again.statusCode).toBe(409);
    // The change window closed at the end of the day before check-in.
    clock.advance(2 * 24 * HOUR);
    const late = await hm(api, "PUT", `/hotels/reservations/${other.id}/cancel`, "guest");
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe("PAST_CUTOFF");
    const lateChange = await hm(api, "PATCH", `/hotels/reservations/${other.id}`, "guest", {
      data: { phone: "+1 555 0199" },
    });
    expect(lateChange.json().error.code).toBe("PAST_CUTOFF");
    const byHotel = await api.ok(
      hm(api, "PUT", `/hotels/reservations/${other.id}/cancel`, "hotelier"),
    );
    expect(byHotel.status).toBe("Cancelled");
    const cell = await sql(
      "select booked from room_nights where room_type_id = $1 and night = $2",
      [w.suite, soon],
    );
    expect(cell.rows[0].booked).toBe(0);
  });
});

describe("lists and export", () => {
  it("mine for the guest, the hotel's for its managers, the event's for its organizers", async () => {
    const w = world();
    const mine = await api.call("hotel-mgmt", "GET", "/hotels/reservations?take=100", "guest");
    const rows = mine.json().data as { guestName: string; email: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.email === "guest@example.com")).toBe(true);
    const event = await api.call(
      "hotel-mgmt",
      "GET",
      `/hotels/reservations?scope=event&eventId=${w.eventId}&take=100`,
      "organizer",
    );
    expect(event.statusCode).toBe(200);
    // The 10 bookings of the full block.
    expect(event.json()._meta.stats.count).toBe(10);
    const cancelled = await api.call(
      "hotel-mgmt",
      "GET",
      `/hotels/reservations?scope=hotel&hotelId=${w.hotelId}&status=Cancelled`,
      "hotelier",
    );
    expect(cancelled.json().data.map((r: { status: string }) => r.status)).toEqual([
      "Cancelled",
      "Cancelled",
    ]);
  });

  it("exports the hotel's reservations as CSV, with cells a spreadsheet cannot run", async () => {
    const w = world();
    const night = dayOf(clock.now(), 16);
    const quote = await quoteFor(w.queen, { checkIn: night, checkOut: addDays(night, 1) });
    await api.ok(
      hm(api, "POST", "/hotels/reservations", "guest", {
        data: { quote, ...guest(), team: '=HYPERLINK("x"), "Bears"' },
      }),
      201,
    );
    const res = await api.call(
      "hotel-mgmt",
      "GET",
      `/hotels/reservations?scope=hotel&hotelId=${w.hotelId}&format=csv&from=${night}&to=${night}`,
      "hotelier",
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    const lines = res.body.trim().split("\r\n");
    expect(lines[0]).toBe(
      "confirmationNumber,status,hotel,event,roomType,checkIn,checkOut,nights,rooms,guests,total,guestName,email,phone,team,createdDate",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(
      `,Canal Hotel,,Double Queen,${night},${addDays(night, 1)},1,1,1,150.00,guest Person,guest@example.com,`,
    );
    expect(lines[1]).toContain(`"'=HYPERLINK(""x""), ""Bears"""`);
  });
});

describe("hotels for the event", () => {
  it("answers 400, not 500, for an event's matches with dates that make no stay", async () => {
    const w = world();
    for (const [checkIn, checkOut] of [
      [w.start, addDays(w.start, -1)],
      [w.start, addDays(w.start, 31)],
    ]) {
      const res = await api.call("hotel-mgmt", "POST", "/hotels/search/matches", "anonymous", {
        data: { eventId: w.eventId, checkIn, checkOut },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION_FAILED");
    }
  });

  it("ranks hotels near the venue with their reasons and rooms left per night", async () => {
    const w = world();
    const matches = await api.call("hotel-mgmt", "POST", "/hotels/search/matches", "anonymous", {
      data: { eventId: w.eventId },
    });
    expect(matches.statusCode, matches.body).toBe(200);
    const [first, ...rest] = matches.json().data;
    expect(first.hotel.name).toBe("Canal Hotel");
    expect(first.reasons.join(" | ")).toMatch(/mi from the venue/);
    expect(first.nights.map((n: { night: string }) => n.night)).toEqual(w.nights);
    // Carmel Inn (14 mi away) has no rooms on sale.
    expect(
      rest.map((m: { hotel: { name: string }; nights: { roomsLeft: number }[] }) => [
        m.hotel.name,
        m.nights.every((n) => n.roomsLeft === 0),
      ]),
    ).toEqual([["Carmel Inn", true]]);
    expect(first.score).toBeGreaterThan(rest[0].score);
  });
});
