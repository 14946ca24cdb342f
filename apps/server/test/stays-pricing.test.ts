// Hotel availability and pricing: calendar nights, block nights before the cut-off (and after it),
// the minimum stay, the stay window from the event, signed quotes (tampered, expired, changed,
// sold out) and the calendar grid the hotel keeps.
import { addDays } from "@hostfield/domain/rules";
import { describe, expect, it } from "vitest";
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
type TNight = { night: string; rate: number; source: string; roomsLeft: number };
const figures = (offer: { nights: TNight[] }) =>
  offer.nights.map((n) => [n.night, n.rate, n.source, n.roomsLeft]);

describe("POST /hotels/{id}/availability", () => {
  it("prices each room type night by night from the calendar, with the total and rooms left", async () => {
    const w = world();
    const checkIn = dayOf(clock.now(), 5);
    const { availability, offer } = await offerFor(api, w.hotelId, w.queen, {
      checkIn,
      checkOut: dayOf(clock.now(), 7),
      rooms: 2,
      guests: 6,
    });
    expect(availability.offers).toHaveLength(2);
    expect(figures(offer)).toEqual([
      [checkIn, 150, "calendar", 20],
      [addDays(checkIn, 1), 150, "calendar", 20],
    ]);
    // 2 rooms x 2 nights x $150.
    expect(offer.total).toBe(600);
    expect(offer.available).toBe(true);
    expect(typeof offer.quote).toBe("string");
  });

  it("refuses more guests than the rooms sleep, and nights the hotel does not sell", async () => {
    const w = world();
    const crowded = await offerFor(api, w.hotelId, w.suite, {
      checkIn: dayOf(clock.now(), 5),
      checkOut: dayOf(clock.now(), 6),
      rooms: 1,
      guests: 4,
    });
    // The suite sleeps 3.
    expect(crowded.offer.available).toBe(false);
    expect(crowded.offer.reason).toMatch(/at most 3 guests/);
    expect(crowded.offer.quote).toBeNull();
    const beyond = await offerFor(api, w.hotelId, w.queen, {
      checkIn: dayOf(clock.now(), 60),
      checkOut: dayOf(clock.now(), 62),
      rooms: 1,
      guests: 1,
    });
    // The calendar runs to day 60: the night of day 61 is not on sale.
    expect(beyond.offer.available).toBe(false);
    expect(beyond.offer.reason).toContain(dayOf(clock.now(), 61));
  });

  it("answers 400 for a stay that ends before it starts, starts in the past or has no dates and no event", async () => {
    const w = world();
    const bad = [
      { checkIn: dayOf(clock.now(), 5), checkOut: dayOf(clock.now(), 5) },
      { checkIn: dayOf(clock.now(), -1), checkOut: dayOf(clock.now(), 1) },
      { rooms: 1 },
      { checkIn: dayOf(clock.now(), 1) },
      { checkIn: dayOf(clock.now(), 1), checkOut: dayOf(clock.now(), 40) },
    ];
    for (const data of bad) {
      const res = await hm(api, "POST", `/hotels/${w.hotelId}/availability`, "anonymous", { data });
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION_FAILED");
    }
    const missing = await hm(api, "POST", `/hotels/${w.eventId}/availability`, "anonymous", {
      data: { checkIn: dayOf(clock.now(), 1), checkOut: dayOf(clock.now(), 2) },
    });
    expect(missing.statusCode).toBe(404);
  });

  it("takes the stay window from the event when no dates are given (spec §5)", async () => {
    const w = world();
    const { availability } = await offerFor(api, w.hotelId, w.queen, { eventId: w.eventId });
    // A 3-day event starting in 40 days: check-in on its first day, check-out on its last.
    expect([availability.checkIn, availability.checkOut]).toEqual([w.start, addDays(w.start, 2)]);
  });
});

describe("block nights", () => {
  it("price at the group rate for the event's guests, at the hotel's rate for everyone else and outside the block", async () => {
    const w = world();
    await acceptedBlock(api, w, clock.now(), 6, 119);
    const before = addDays(w.start, -1);
    const stay = { checkIn: before, checkOut: addDays(w.start, 2), rooms: 2, guests: 4 };
    const forEvent = await offerFor(api, w.hotelId, w.queen, { ...stay, eventId: w.eventId });
    // The night before the event is not in the block; its two nights are: 6 held, 0 booked.
    expect(figures(forEvent.offer)).toEqual([
      [before, 150, "calendar", 20],
      [w.start, 119, "block", 6],
      [addDays(w.start, 1), 119, "block", 6],
    ]);
    expect(forEvent.offer.total).toBe(2 * (150 + 119 + 119));
    // On the block's nights its 6 rooms are out of the hotel's general inventory: 20 - 6 = 14 left.
    const general = await offerFor(api, w.hotelId, w.queen, stay);
    expect(figures(general.offer)).toEqual([
      [before, 150, "calendar", 20],
      [w.start, 150, "calendar", 14],
      [addDays(w.start, 1), 150, "calendar", 14],
    ]);
    // The suites are not in the block.
    const suite = await offerFor(api, w.hotelId, w.suite, {
      ...stay,
      rooms: 1,
      guests: 2,
      eventId: w.eventId,
    });
    expect(suite.offer.nights.map((n: TNight) => n.source)).toEqual([
      "calendar",
      "calendar",
      "calendar",
    ]);
  });

  it("fall back to the hotel's rate when the block has fewer rooms left than asked for", async () => {
    const w = world();
    const stay = {
      checkIn: w.start,
      checkOut: addDays(w.start, 1),
      rooms: 7,
      guests: 7,
      eventId: w.eventId,
    };
    const { offer } = await offerFor(api, w.hotelId, w.queen, stay);
    expect(figures(offer)).toEqual([[w.start, 150, "calendar", 14]]);
  });

  it("shows the calendar grid with the block's rooms held", async () => {
    const w = world();
    const grid = await api.ok(
      hm(api, "GET", `/hotels/${w.hotelId}/calendar?from=${w.start}&to=${w.start}`, "hotelier"),
    );
    const queen = grid.cells.find((c: { roomTypeId: string }) => c.roomTypeId === w.queen);
    expect(queen).toMatchObject({ night: w.start, roomsToSell: 20, rate: 150, held: 6, booked: 0 });
  });

  it("fills a room type named twice once, instead of failing", async () => {
    const w = world();
    const night = dayOf(clock.now(), 50);
    const res = await fill(api, w.hotelId, [w.suite, w.suite], night, night, { rate: 310 });
    expect(res.statusCode, res.body).toBe(200);
    const cell = res
      .json()
      .data.cells.find((c: { roomTypeId: string }) => c.roomTypeId === w.suite);
    expect(cell).toMatchObject({ night, roomsToSell: 5, rate: 310 });
  });

  it("refuses to sell fewer rooms than are held and booked, and writes nothing", async () => {
    const w = world();
    const res = await fill(api, w.hotelId, [w.queen, w.suite], w.start, addDays(w.start, 3), {
      roomsToSell: 4,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("INVENTORY_BELOW_COMMITTED");
    expect(res.json().error.details.nights[0]).toMatchObject({
      roomTypeId: w.queen,
      night: w.start,
      committed: 6,
    });
    const grid = await api.ok(
      hm(
        api,
        "GET",
        `/hotels/${w.hotelId}/calendar?from=${w.start}&to=${addDays(w.start, 3)}`,
        "hotelier",
      ),
    );
    // The suites' nights were in the same request: they kept their 5 rooms.
    const suites = grid.cells.filter((c: { roomTypeId: string }) => c.roomTypeId === w.suite);
    expect(suites.map((c: { roomsToSell: number }) => c.roomsToSell)).toEqual([5, 5, 5, 5]);
  });
});

describe("quotes", () => {
  it("of the longest stay, every night from the calendar, can still be verified and booked", async () => {
    const w = world();
    const checkIn = dayOf(clock.now(), 25);
    const { offer } = await offerFor(api, w.hotelId, w.suite, {
      checkIn,
      checkOut: addDays(checkIn, 30),
      rooms: 1,
      guests: 1,
    });
    expect(offer.nights).toHaveLength(30);
    const verified = await api.ok(
      hm(api, "POST", `/hotels/${w.hotelId}/availability/verify`, "anonymous", {
        data: { quote: offer.quote },
      }),
    );
    expect(verified.status).toBe("valid");
    const booked = await hm(api, "POST", "/hotels/reservations", "guest", {
      data: { quote: offer.quote, ...guest() },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().data.nights).toHaveLength(30);
  });

  it("are refused when altered, and for another hotel", async () => {
    const w = world();
    const { offer } = await offerFor(api, w.hotelId, w.queen, {
      checkIn: dayOf(clock.now(), 3),
      checkOut: dayOf(clock.now(), 4),
    });
    const [body, signature] = offer.quote.split(".");
    const claims = JSON.parse(Buffer.from(body, "base64url").toString());
    claims.total = 1;
    claims.nights[0].rate = 1;
    const forged = `${Buffer.from(JSON.stringify(claims)).toString("base64url")}.${signature}`;
    for (const quote of [forged, `${body}.${signature.slice(1)}x`, "not-a-quote"]) {
      const verify = await hm(
        api,
        "POST",
        `/hotels/${w.hotelId}/availability/verify`,
        "anonymous",
        { data: { quote } },
      );
      expect(verify.statusCode).toBe(400);
      expect(verify.json().error.code).toBe("QUOTE_INVALID");
      const booked = await hm(api, "POST", "/hotels/reservations", "guest", {
        data: { quote, ...guest() },
      });
      expect(booked.statusCode).toBe(400);
    }
    const elsewhere = await hm(
      api,
      "POST",
      `/hotels/${w.otherHotelId}/availability/verify`,
      "anonymous",
      {
        data: { quote: offer.quote },
      },
    );
    expect(elsewhere.json().error.code).toBe("QUOTE_INVALID");
  });

  it("verify as valid while nothing changed, and answer the new figures when the rate changed", async () => {
    const w = world();
    const night = dayOf(clock.now(), 20);
    const { offer } = await offerFor(api, w.hotelId, w.queen, {
      checkIn: night,
      checkOut: addDays(night, 1),
      rooms: 2,
      guests: 2,
    });
    const same = await api.ok(
      hm(api, "POST", `/hotels/${w.hotelId}/availability/verify`, "anonymous", {
        data: { quote: offer.quote },
      }),
    );
    expect(same.status).toBe("valid");
    expect(await fill(api, w.hotelId, [w.queen], night, night, { rate: 175 })).toMatchObject({
      statusCode: 200,
    });
    const changed = await api.ok(
      hm(api, "POST", `/hotels/${w.hotelId}/availability/verify`, "anonymous", {
        data: { quote: offer.quote },
      }),
    );
    expect(changed.status).toBe("changed");
    expect(changed.previousTotal).toBe(300);
    expect(changed.offer.total).toBe(350);
    expect(changed.offer.quote).not.toBe(offer.quote);
  });

  it("verify as unavailable when the night sold out", async () => {
    const w = world();
    const night = dayOf(clock.now(), 21);
    const { offer } = await offerFor(api, w.hotelId, w.suite, {
      checkIn: night,
      checkOut: addDays(night, 1),
    });
    await fill(api, w.hotelId, [w.suite], night, night, { roomsToSell: 0 });
    const verified = await api.ok(
      hm(api, "POST", `/hotels/${w.hotelId}/availability/verify`, "anonymous", {
        data: { quote: offer.quote },
      }),
    );
    expect(verified.status).toBe("unavailable");
    expect(verified.offer.reason).toContain(night);
    const booked = await hm(api, "POST", "/hotels/reservations", "guest", {
      data: { quote: offer.quote, ...guest() },
    });
    expect(booked.statusCode).toBe(409);
    expect(booked.json().error.code).toBe("ROOMS_UNAVAILABLE");
  });

  it("expire after 15 minutes: verify says so with a fresh quote, and booking the old one is refused", async () => {
    const w = world();
    const night = dayOf(clock.now(), 22);
    const { offer } = await offerFor(api, w.hotelId, w.queen, {
      checkIn: night,
      checkOut: addDays(night, 1),
    });
    clock.advance(16 * 60_000);
    const verified = await api.ok(
      hm(api, "POST", `/hotels/${w.hotelId}/availability/verify`, "anonymous", {
        data: { quote: offer.quote },
      }),
    );
    expect(verified.status).toBe("expired");
    expect(verified.offer.quote).toEqual(expect.any(String));
    const stale = await hm(api, "POST", "/hotels/reservations", "guest", {
      data: { quote: offer.quote, ...guest() },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe("QUOTE_EXPIRED");
    const fresh = await hm(api, "POST", "/hotels/reservations", "guest", {
      data: { quote: verified.offer.quote, ...guest() },
    });
    expect(fresh.statusCode, fresh.body).toBe(201);
  });
});

describe("after the cut-off", () => {
  it("the block no longer prices, and the release job returns its unbooked rooms to the hotel once", async () => {
    const w = world();
    const stay = {
      checkIn: w.start,
      checkOut: addDays(w.start, 1),
      rooms: 1,
      guests: 1,
      eventId: w.eventId,
    };
    const inBlock = await offerFor(api, w.hotelId, w.queen, stay, "guest");
    expect(inBlock.offer.nights[0].source).toBe("block");
    const booked = await hm(api, "POST", "/hotels/reservations", "guest", {
      data: { quote: inBlock.offer.quote, ...guest() },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    // The block was cut off 10 days after the suite's start; days have passed in the tests above.
    clock.advance(11 * 24 * HOUR);
    const after = await offerFor(api, w.hotelId, w.queen, stay);
    expect(after.offer.nights[0].source).toBe("calendar");
    // Before the release: 6 held (1 booked in the block), 20 - 6 - 0 left to others.
    expect(after.offer.nights[0].roomsLeft).toBe(14);
    // Run as its schedule runs it, twice: the second run finds nothing to release.
    await runJob(app(), "stays.release-blocks");
    await runJob(app(), "stays.release-blocks");
    const released = await offerFor(api, w.hotelId, w.queen, stay);
    // Released: the 5 unbooked rooms return, the 1 booked stays sold: 20 - 1 = 19.
    expect(released.offer.nights[0].roomsLeft).toBe(19);
    const blocks = await api.ok(hm(api, "GET", `/hotels/blocks?eventId=${w.eventId}`, "organizer"));
    expect(blocks[0].status).toBe("Released");
    expect(
      blocks[0].history.filter((h: { action: string }) => h.action === "released"),
    ).toHaveLength(1);
  });
});
