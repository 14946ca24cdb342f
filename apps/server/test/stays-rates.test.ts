// Live hotel rates from a channel manager, and spec §4/§5 as the event page's hotel facts show them.
// A fake channel manager (a node:http server on 127.0.0.1, started before the app) answers
// `GET /hotels/{partnerId}/rates?checkIn&checkOut` as the test tells it: rates and specials, slowly,
// with a 500 or with a body that is not JSON. The app is built with HOTEL_RATES_URL pointing at it
// and a 200 ms timeout. Expected values restate the rules:
// - live rates show only for a Marketed event whose destination (its partner, else the nearest within
//   50 mi) has live rates enabled and a visible-after date that has passed; else, and whenever the
//   channel manager is slow, failing or talking nonsense, the hotel's calendar prices the stay;
// - the banner: with the event's own hotel link and no accepted block, "Book Your Hotel for the
//   Event!"; else by days to the start: more than 30 the early wording, 8 to 30 "Score Big with
//   Great Hotel Deals!", 7 or fewer "Last-Minute Hotel Deals!";
// - specials show when their count is non-zero and the destination's hidden-after date has not passed;
// - the stay window: check-in the later of today and the start; check-out the end, or the next day
//   for a one-day (or past) event, and check-in plus one for an event longer than 7 days.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { addDays, HOTEL_BANNER_EARLY } from "@hostfield/domain/rules";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createEvent, createListed, PLACES } from "./rfps-fixture";
import { dayOf, staysSuite } from "./stays-fixture";

// ---- the fake channel manager ------------------------------------------------------------------

type TMode = "ok" | "slow" | "slow-body" | "error" | "malformed" | "wrong-shape";
const fake = {
  mode: "ok" as TMode,
  /** Rates it quotes, by the room type's name or id, every night asked for. */
  rates: new Map<string, number>(),
  specials: [] as { title: string; description?: string }[],
  /** The path and query of every request it got, in order. */
  requests: [] as string[],
  server: undefined as http.Server | undefined,
  url: "",
};
const SLOW_MS = 3000;

function nightsBetween(checkIn: string, checkOut: string) {
  const nights: string[] = [];
  for (let night = checkIn; night < checkOut; night = addDays(night, 1)) nights.push(night);
  return nights;
}

function answer(req: http.IncomingMessage, res: http.ServerResponse) {
  fake.requests.push(req.url ?? "");
  const url = new URL(req.url ?? "/", "http://fake");
  if (fake.mode === "error") {
    res.writeHead(500, { "content-type": "application/json" }).end('{"error":"down"}');
    return;
  }
  if (fake.mode === "malformed") {
    res.writeHead(200, { "content-type": "application/json" }).end('{"rates": [ {"roomType"');
    return;
  }
  if (fake.mode === "wrong-shape") {
    res
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify({ rates: "ninety-nine dollars" }));
    return;
  }
  const nights = nightsBetween(
    url.searchParams.get("checkIn") ?? "",
    url.searchParams.get("checkOut") ?? "",
  );
  const body = JSON.stringify({
    rates: [...fake.rates].flatMap(([roomType, rate]) =>
      nights.map((night) => ({ roomType, night, rate })),
    ),
    specials: fake.specials,
  });
  const send = () => res.writeHead(200, { "content-type": "application/json" }).end(body);
  if (fake.mode === "slow") setTimeout(send, SLOW_MS);
  else if (fake.mode === "slow-body") {
    // The headers at once, the body's end only after SLOW_MS.
    res.writeHead(200, { "content-type": "application/json" });
    res.write(body.slice(0, 10));
    setTimeout(() => res.end(body.slice(10)), SLOW_MS);
  } else send();
}

beforeAll(async () => {
  const server = http.createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.server = server;
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  fake.server?.closeAllConnections();
  await new Promise((resolve) => fake.server?.close(resolve));
});

// Built after the fake started (hooks run in order): the app asks it for live rates.
const { api, clock, world } = staysSuite({
  env: () => ({ HOTEL_RATES_URL: fake.url, HOTEL_RATES_TIMEOUT_MS: "200" }),
});

// ---- the world's settings ----------------------------------------------------------------------

const PARTNER_ID = "HP-1";
const LIVE_QUEEN = 99;
const LIVE_SUITE = 249;
/** The world's calendar: queens at 150, suites at 300 (stays-fixture). */
const CALENDAR_QUEEN = 150;
const CALENDAR_SUITE = 300;
const CHICAGO = { lat: 41.87811, lng: -87.6298 };

const SCORE_BIG = "Score Big with Great Hotel Deals!";
const LAST_MINUTE = "Last-Minute Hotel Deals!";
const BOOK = "Book Your Hotel for the Event!";

type TDestinationSettings = {
  hotelLiveRatesEnabled?: boolean;
  hotelLiveRatesVisibleAfter?: string;
  hotelSpecialsHiddenAfter?: string | null;
};

async function setDestination(id: string, settings: TDestinationSettings) {
  await api.ok(
    api.call(
      "destination-mgmt",
      "PATCH",
      `/destinations/${id}`,
      "destmgr",
      Object.entries(settings).map(([key, value]) => ({ op: "replace", path: `/${key}`, value })),
    ),
  );
}

/** Live rates on for a destination: enabled, visible since yesterday, specials never hidden. */
const liveOn = (): TDestinationSettings => ({
  hotelLiveRatesEnabled: true,
  hotelLiveRatesVisibleAfter: dayOf(clock.now(), -1),
});

let louisville: string | undefined;
/** A second destination, at Louisville (about 107 miles from the world's): made once. */
async function louisvilleSports() {
  louisville ??= await createListed(api, "destination", "destmgr", {
    name: "Louisville Sports",
    at: "louisville",
  });
  return louisville;
}

/** A point `miles` due south of Louisville (a degree of latitude is about 69.05 miles). */
const southOfLouisville = (miles: number) => ({
  lat: PLACES.louisville.lat - miles / 69.05,
  lng: PLACES.louisville.lng,
});

/** A listed event of the organizer's: its dates, category, place and hotel link. */
async function eventOn(spec: {
  start: string;
  end: string;
  category?: string;
  at?: { lat: number; lng: number };
  hotelLink?: string;
}) {
  const id = await createEvent(api, "organizer", `Rates Event ${Math.random()}`);
  const at = spec.at ?? PLACES.indianapolis;
  await api.ok(
    api.ev("PATCH", `/events/${id}`, "organizer", [
      { op: "replace", path: "/startDate", value: spec.start },
      { op: "replace", path: "/endDate", value: spec.end },
      { op: "replace", path: "/category", value: spec.category ?? "Marketed" },
      { op: "replace", path: "/lat", value: at.lat },
      { op: "replace", path: "/lng", value: at.lng },
      ...(spec.hotelLink ? [{ op: "replace", path: "/hotelLink", value: spec.hotelLink }] : []),
    ]),
  );
  await api.ok(api.ev("PUT", `/events/${id}/approve`, "admin"));
  return id;
}

type TNight = { night: string; rate: number; source: string };
type TOffer = { roomType: { id: string }; nights: TNight[]; total: number; quote: string | null };
type TAvailability = { liveRates: boolean; checkIn: string; checkOut: string; offers: TOffer[] };

async function availability(body: Record<string, unknown>) {
  return api.ok<TAvailability>(
    api.call("hotel-mgmt", "POST", `/hotels/${world().hotelId}/availability`, "anonymous", {
      data: { rooms: 1, guests: 2, ...body },
    }),
  );
}

/** Each room type's nights as [rate, source], by room type id. */
const pricesOf = (a: TAvailability) =>
  Object.fromEntries(a.offers.map((o) => [o.roomType.id, o.nights.map((n) => [n.rate, n.source])]));

/** What every night of both room types costs when priced from `source`. */
function everyNight(nights: readonly string[], source: "live" | "calendar") {
  const w = world();
  const queen = source === "live" ? LIVE_QUEEN : CALENDAR_QUEEN;
  const suite = source === "live" ? LIVE_SUITE : CALENDAR_SUITE;
  return {
    [w.queen]: nights.map(() => [queen, source]),
    [w.suite]: nights.map(() => [suite, source]),
  };
}

type TStayInfo = {
  banner: string;
  checkIn: string;
  checkOut: string;
  liveRates: boolean;
  specials: boolean;
  specialsCount: number;
  destination: { id: string } | null;
};
const stayInfo = (eventId: string) =>
  api.ok<TStayInfo>(api.call("hotel-mgmt", "GET", `/hotels/events/${eventId}`, "anonymous"));

beforeAll(async () => {
  const w = world();
  await api.ok(
    api.call("hotel-mgmt", "PATCH", `/hotels/${w.hotelId}`, "hotelier", [
      { op: "replace", path: "/partnerId", value: PARTNER_ID },
    ]),
  );
  // The channel manager names the queen by its name (in another case) and the suite by our id.
  fake.rates.set("double queen", LIVE_QUEEN);
  fake.rates.set(w.suite, LIVE_SUITE);
});

beforeEach(async () => {
  fake.mode = "ok";
  fake.specials = [{ title: "Team rate", description: "Free breakfast for players" }];
  fake.requests.length = 0;
  await setDestination(world().destinationId, { ...liveOn(), hotelSpecialsHiddenAfter: null });
});

// ---- live rates --------------------------------------------------------------------------------

describe("live rates in availability", () => {
  it("a Marketed event near a destination showing live rates gets the channel manager's rates", async () => {
    const w = world();
    const a = await availability({ eventId: w.eventId });
    // The event's window: its start to its end (3 days, 2 nights).
    expect([a.checkIn, a.checkOut]).toEqual([w.start, addDays(w.start, 2)]);
    expect(a.liveRates).toBe(true);
    expect(pricesOf(a)).toEqual(everyNight(w.nights, "live"));
    const queen = a.offers.find((o) => o.roomType.id === w.queen)!;
    expect(queen.total).toBe(LIVE_QUEEN * 2);
    // One request for the stay, keyed by the hotel's partner id.
    expect(fake.requests).toHaveLength(1);
    const asked = new URL(fake.requests[0]!, "http://fake");
    expect(asked.pathname).toBe(`/hotels/${PARTNER_ID}/rates`);
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      checkIn: w.start,
      checkOut: addDays(w.start, 2),
    });
  });

  it("asks for the dates the guest gave, and books at the live rate", async () => {
    const w = world();
    const checkIn = dayOf(clock.now(), 12);
    const checkOut = dayOf(clock.now(), 15);
    const a = await availability({ eventId: w.eventId, checkIn, checkOut, rooms: 2, guests: 4 });
    expect(pricesOf(a)).toEqual(
      everyNight([checkIn, addDays(checkIn, 1), addDays(checkIn, 2)], "live"),
    );
    const asked = new URL(fake.requests.at(-1)!, "http://fake");
    expect(Object.fromEntries(asked.searchParams)).toEqual({ checkIn, checkOut });
    const queen = a.offers.find((o) => o.roomType.id === w.queen)!;
    expect(queen.total).toBe(LIVE_QUEEN * 3 * 2);
    const booked = await api.ok<{ total: number; nights: TNight[] }>(
      api.call("hotel-mgmt", "POST", "/hotels/reservations", "guest", {
        data: {
          quote: queen.quote,
          guestName: "Guest Person",
          email: "guest@example.com",
          phone: "+1 317 555 0100",
        },
      }),
      201,
    );
    expect(booked.total).toBe(LIVE_QUEEN * 3 * 2);
    expect(booked.nights.map((n) => [n.rate, n.source])).toEqual([
      [LIVE_QUEEN, "live"],
      [LIVE_QUEEN, "live"],
      [LIVE_QUEEN, "live"],
    ]);
  });

  it("a room type the channel manager does not price keeps the calendar's rate, labelled calendar", async () => {
    const w = world();
    fake.rates.delete(w.suite);
    try {
      const a = await availability({ eventId: w.eventId });
      expect(pricesOf(a)).toEqual({
        [w.queen]: w.nights.map(() => [LIVE_QUEEN, "live"]),
        [w.suite]: w.nights.map(() => [CALENDAR_SUITE, "calendar"]),
      });
    } finally {
      fake.rates.set(w.suite, LIVE_SUITE);
    }
  });

  it("without an event (no spec §4 rules to meet), the calendar prices the stay", async () => {
    const checkIn = dayOf(clock.now(), 3);
    const a = await availability({ checkIn, checkOut: addDays(checkIn, 1) });
    expect(a.liveRates).toBe(false);
    expect(pricesOf(a)).toEqual(everyNight([checkIn], "calendar"));
  });

  it("a quote at live rates verifies as valid while the rate holds, changed when it moves", async () => {
    const w = world();
    const a = await availability({ eventId: w.eventId });
    const queen = a.offers.find((o) => o.roomType.id === w.queen)!;
    const verify = () =>
      api.ok<{ status: string; previousTotal: number; offer: { total: number } }>(
        api.call("hotel-mgmt", "POST", `/hotels/${w.hotelId}/availability/verify`, "anonymous", {
          data: { quote: queen.quote },
        }),
      );
    expect(await verify()).toMatchObject({ status: "valid", offer: { total: LIVE_QUEEN * 2 } });
    fake.rates.set("double queen", 109);
    try {
      expect(await verify()).toMatchObject({
        status: "changed",
        previousTotal: LIVE_QUEEN * 2,
        offer: { total: 109 * 2 },
      });
    } finally {
      fake.rates.set("double queen", LIVE_QUEEN);
    }
  });

  it("hotel matches for the event are priced at the live rates too", async () => {
    const w = world();
    const matchOf = async () => {
      const list = await api.ok<{ hotel: { id: string }; lowestRate: number | null }[]>(
        api.call("hotel-mgmt", "POST", "/hotels/search/matches", "anonymous", {
          data: { eventId: w.eventId },
        }),
      );
      return list.find((m) => m.hotel.id === w.hotelId)?.lowestRate;
    };
    // The cheapest room type that has the rooms: the queen.
    expect(await matchOf()).toBe(LIVE_QUEEN);
    await setDestination(w.destinationId, { hotelLiveRatesEnabled: false });
    expect(await matchOf()).toBe(CALENDAR_QUEEN);
  });

  it("a hotel without a partner id is priced from its calendar, without asking", async () => {
    const w = world();
    const setPartner = (value: string | null) =>
      api.ok(
        api.call("hotel-mgmt", "PATCH", `/hotels/${w.hotelId}`, "hotelier", [
          { op: "replace", path: "/partnerId", value },
        ]),
      );
    await setPartner(null);
    try {
      const a = await availability({ eventId: w.eventId });
      expect(pricesOf(a)).toEqual(everyNight(w.nights, "calendar"));
      expect(fake.requests).toEqual([]);
    } finally {
      await setPartner(PARTNER_ID);
    }
  });

  it("not for an event that is not Marketed", async () => {
    const w = world();
    const eventId = await eventOn({
      start: w.start,
      end: addDays(w.start, 2),
      category: "Community",
    });
    const a = await availability({ eventId });
    expect(a.liveRates).toBe(false);
    expect(pricesOf(a)).toEqual(everyNight(w.nights, "calendar"));
    expect((await stayInfo(eventId)).liveRates).toBe(false);
  });

  it("not when the destination has live rates disabled", async () => {
    const w = world();
    await setDestination(w.destinationId, { hotelLiveRatesEnabled: false });
    const a = await availability({ eventId: w.eventId });
    expect(a.liveRates).toBe(false);
    expect(pricesOf(a)).toEqual(everyNight(w.nights, "calendar"));
    expect((await stayInfo(w.eventId)).liveRates).toBe(false);
  });

  it("not while the visible-after date is in the future", async () => {
    const w = world();
    await setDestination(w.destinationId, {
      hotelLiveRatesVisibleAfter: dayOf(clock.now(), 3),
    });
    const a = await availability({ eventId: w.eventId });
    expect(a.liveRates).toBe(false);
    expect(pricesOf(a)).toEqual(everyNight(w.nights, "calendar"));
    expect((await stayInfo(w.eventId)).liveRates).toBe(false);
  });

  it("not on the visible-after day itself: that date has not passed yet", async () => {
    const w = world();
    await setDestination(w.destinationId, { hotelLiveRatesVisibleAfter: dayOf(clock.now()) });
    const a = await availability({ eventId: w.eventId });
    expect(a.liveRates).toBe(false);
    expect(pricesOf(a)).toEqual(everyNight(w.nights, "calendar"));
  });

  it("follows the event's partner destination over the nearest one", async () => {
    const w = world();
    const partner = await louisvilleSports();
    await setDestination(partner, liveOn());
    // The nearest destination (Visit Indy) hides live rates; the event's partner shows them.
    await setDestination(w.destinationId, { hotelLiveRatesEnabled: false });
    const linked = await eventOn({ start: w.start, end: addDays(w.start, 2) });
    await api.ok(
      api.ev("PUT", `/events/${linked}/partner`, "organizer", { data: { partnerId: partner } }),
    );
    const unlinked = await eventOn({ start: w.start, end: addDays(w.start, 2) });
    expect((await stayInfo(linked)).destination?.id).toBe(partner);
    expect((await stayInfo(unlinked)).destination?.id).toBe(w.destinationId);
    expect(pricesOf(await availability({ eventId: linked }))).toEqual(everyNight(w.nights, "live"));
    expect(pricesOf(await availability({ eventId: unlinked }))).toEqual(
      everyNight(w.nights, "calendar"),
    );
    // And the other way round: the partner hides them while the nearest shows them.
    await setDestination(partner, { hotelLiveRatesEnabled: false });
    await setDestination(w.destinationId, { hotelLiveRatesEnabled: true });
    expect(pricesOf(await availability({ eventId: linked }))).toEqual(
      everyNight(w.nights, "calendar"),
    );
    expect(pricesOf(await availability({ eventId: unlinked }))).toEqual(
      everyNight(w.nights, "live"),
    );
  });

  it("the nearest destination within 50 miles speaks for an unlinked event", async () => {
    const w = world();
    const louisville = await louisvilleSports();
    await setDestination(louisville, liveOn());
    const near = await eventOn({
      start: w.start,
      end: addDays(w.start, 2),
      at: southOfLouisville(45),
    });
    expect((await stayInfo(near)).destination?.id).toBe(louisville);
    expect(pricesOf(await availability({ eventId: near }))).toEqual(everyNight(w.nights, "live"));
  });

  it("no destination speaks for an unlinked event 55 miles from the nearest", async () => {
    const w = world();
    const louisville = await louisvilleSports();
    await setDestination(louisville, liveOn());
    const beyond = await eventOn({
      start: w.start,
      end: addDays(w.start, 2),
      at: southOfLouisville(55),
    });
    expect((await stayInfo(beyond)).destination).toBeNull();
    expect(pricesOf(await availability({ eventId: beyond }))).toEqual(
      everyNight(w.nights, "calendar"),
    );
  });

  it("not for an event more than 50 miles from any destination (and linked to none)", async () => {
    const w = world();
    const far = await eventOn({ start: w.start, end: addDays(w.start, 2), at: CHICAGO });
    expect((await stayInfo(far)).destination).toBeNull();
    const a = await availability({ eventId: far });
    expect(a.liveRates).toBe(false);
    expect(pricesOf(a)).toEqual(everyNight(w.nights, "calendar"));
  });
});

describe("when the channel manager fails, the calendar prices the stay", () => {
  it("answering slower than the timeout: the call still answers, in time", async () => {
    const w = world();
    fake.mode = "slow";
    const started = Date.now();
    const a = await availability({ eventId: w.eventId });
    const took = Date.now() - started;
    expect(fake.requests).toHaveLength(1);
    expect(a.liveRates).toBe(false);
    expect(pricesOf(a)).toEqual(everyNight(w.nights, "calendar"));
    // The 200 ms timeout, not the fake's 3 s, bounds the wait (with room for a slow machine).
    expect(took).toBeLessThan(SLOW_MS - 500);
  });

  it("sending its headers at once but its body slower than the timeout", async () => {
    const w = world();
    fake.mode = "slow-body";
    const started = Date.now();
    const a = await availability({ eventId: w.eventId });
    expect(Date.now() - started).toBeLessThan(SLOW_MS - 500);
    expect(a.liveRates).toBe(false);
    expect(pricesOf(a)).toEqual(everyNight(w.nights, "calendar"));
  });

  it.each(["error", "malformed", "wrong-shape"] as const)("answering %s", async (mode) => {
    const w = world();
    fake.mode = mode;
    const a = await availability({ eventId: w.eventId });
    expect(fake.requests).toHaveLength(1);
    expect(a.liveRates).toBe(false);
    expect(pricesOf(a)).toEqual(everyNight(w.nights, "calendar"));
  });

  it("a quote at live rates re-prices from the calendar while the channel manager is down", async () => {
    const w = world();
    const a = await availability({ eventId: w.eventId });
    const queen = a.offers.find((o) => o.roomType.id === w.queen)!;
    fake.mode = "error";
    const verified = await api.ok<{
      status: string;
      previousTotal: number;
      offer: { total: number };
    }>(
      api.call("hotel-mgmt", "POST", `/hotels/${w.hotelId}/availability/verify`, "anonymous", {
        data: { quote: queen.quote },
      }),
    );
    expect(verified).toMatchObject({
      status: "changed",
      previousTotal: LIVE_QUEEN * 2,
      offer: { total: CALENDAR_QUEEN * 2 },
    });
  });
});

// ---- the event page's hotel facts --------------------------------------------------------------

describe("GET /hotels/events/{eventId}: the banner", () => {
  const bannerAt = async (daysAhead: number, extra: { hotelLink?: string } = {}) => {
    const start = dayOf(clock.now(), daysAhead);
    return (await stayInfo(await eventOn({ start, end: addDays(start, 1), ...extra }))).banner;
  };

  it("by days to the start: early beyond 30, Score Big from 30 down to 8, Last-Minute from 7", async () => {
    expect(HOTEL_BANNER_EARLY).not.toBe(SCORE_BIG);
    expect(HOTEL_BANNER_EARLY).not.toBe(LAST_MINUTE);
    expect(HOTEL_BANNER_EARLY).not.toBe(BOOK);
    const banners: Record<number, string> = {};
    for (const days of [45, 31, 30, 8, 7, 1, 0]) banners[days] = await bannerAt(days);
    expect(banners).toEqual({
      45: HOTEL_BANNER_EARLY,
      31: HOTEL_BANNER_EARLY,
      30: SCORE_BIG,
      8: SCORE_BIG,
      7: LAST_MINUTE,
      1: LAST_MINUTE,
      0: LAST_MINUTE,
    });
  });

  it("an event with its own hotel link says to book, until it has an accepted block here", async () => {
    const w = world();
    const start = dayOf(clock.now(), 20);
    const eventId = await eventOn({
      start,
      end: addDays(start, 2),
      hotelLink: "https://tickets.example.com/hotels",
    });
    expect((await stayInfo(eventId)).banner).toBe(BOOK);
    // Also for a link far ahead or at the last minute: the days do not matter.
    expect(await bannerAt(45, { hotelLink: "https://tickets.example.com/h" })).toBe(BOOK);
    expect(await bannerAt(2, { hotelLink: "https://tickets.example.com/h" })).toBe(BOOK);
    const block = await api.ok<{ id: string }>(
      api.call("hotel-mgmt", "POST", "/hotels/blocks", "organizer", {
        data: {
          eventId,
          hotelId: w.hotelId,
          perNight: { roomTypeId: w.queen, rooms: 2, rate: 119 },
          cutoffDate: dayOf(clock.now(), 10),
        },
      }),
      201,
    );
    // Proposed is not accepted: still the link.
    expect((await stayInfo(eventId)).banner).toBe(BOOK);
    await api.ok(api.call("hotel-mgmt", "PUT", `/hotels/blocks/${block.id}/accept`, "hotelier"));
    expect((await stayInfo(eventId)).banner).toBe(SCORE_BIG);
  });
});

describe("GET /hotels/events/{eventId}: specials", () => {
  it("show when hotels have specials and no hidden-after date is set", async () => {
    const info = await stayInfo(world().eventId);
    // Within reach: the world's hotel (the channel manager gives it a special) and the second
    // hotel (no partner id, no room types: nothing special).
    expect(info.liveRates).toBe(true);
    expect(info.specialsCount).toBe(1);
    expect(info.specials).toBe(true);
  });

  it("do not show when no hotel has any", async () => {
    fake.specials = [];
    const info = await stayInfo(world().eventId);
    expect(info.specialsCount).toBe(0);
    expect(info.specials).toBe(false);
  });

  it("do not show for an event with no hotels near it", async () => {
    const w = world();
    const info = await stayInfo(
      await eventOn({ start: w.start, end: addDays(w.start, 2), at: CHICAGO }),
    );
    expect(info.specialsCount).toBe(0);
    expect(info.specials).toBe(false);
  });

  it("show until the destination's hidden-after date passes, and not after", async () => {
    const w = world();
    await setDestination(w.destinationId, { hotelSpecialsHiddenAfter: dayOf(clock.now(), 2) });
    expect(await stayInfo(w.eventId)).toMatchObject({ specialsCount: 1, specials: true });
    await setDestination(w.destinationId, { hotelSpecialsHiddenAfter: dayOf(clock.now(), -1) });
    expect(await stayInfo(w.eventId)).toMatchObject({ specialsCount: 1, specials: false });
  });

  it("still show on the hidden-after day itself: that date has not passed yet", async () => {
    const w = world();
    await setDestination(w.destinationId, { hotelSpecialsHiddenAfter: dayOf(clock.now()) });
    expect(await stayInfo(w.eventId)).toMatchObject({ specialsCount: 1, specials: true });
  });
});

describe("GET /hotels/events/{eventId}: the stay window (spec §5)", () => {
  const windowOf = async (start: string, end: string) => {
    const info = await stayInfo(await eventOn({ start, end }));
    return [info.checkIn, info.checkOut];
  };

  it("a future event of a few days: its start to its end", async () => {
    const start = dayOf(clock.now(), 14);
    expect(await windowOf(start, addDays(start, 3))).toEqual([start, addDays(start, 3)]);
  });

  it("a one-day event: one night, check-out the next day", async () => {
    const start = dayOf(clock.now(), 14);
    expect(await windowOf(start, start)).toEqual([start, addDays(start, 1)]);
  });

  it("an event of exactly 7 days keeps its dates; one longer than 7 days is a one-night search", async () => {
    const start = dayOf(clock.now(), 14);
    expect(await windowOf(start, addDays(start, 7))).toEqual([start, addDays(start, 7)]);
    expect(await windowOf(start, addDays(start, 8))).toEqual([start, addDays(start, 1)]);
    expect(await windowOf(start, addDays(start, 20))).toEqual([start, addDays(start, 1)]);
  });

  it("an event under way: from today to its end", async () => {
    const today = dayOf(clock.now());
    expect(await windowOf(addDays(today, -2), addDays(today, 3))).toEqual([
      today,
      addDays(today, 3),
    ]);
  });

  it("an event that has passed: tonight only", async () => {
    const today = dayOf(clock.now());
    expect(await windowOf(addDays(today, -5), addDays(today, -3))).toEqual([
      today,
      addDays(today, 1),
    ]);
  });

  it("the channel manager is asked for the same window (one night for a long event)", async () => {
    const start = dayOf(clock.now(), 14);
    const eventId = await eventOn({ start, end: addDays(start, 10) });
    const a = await availability({ eventId });
    expect([a.checkIn, a.checkOut]).toEqual([start, addDays(start, 1)]);
    expect(pricesOf(a)).toEqual(everyNight([start], "live"));
    const asked = new URL(fake.requests.at(-1)!, "http://fake");
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      checkIn: start,
      checkOut: addDays(start, 1),
    });
  });
});

// Last: the clock only moves forward, and the cases above count days from the real today.
describe("as the days pass (the suite's clock)", () => {
  it("the world's event, 40 days out, turns Score Big at 30 days, Last-Minute at 7, and its window starts today once under way", async () => {
    const w = world();
    const day = 24 * 3_600_000;
    expect((await stayInfo(w.eventId)).banner).toBe(HOTEL_BANNER_EARLY);
    clock.advance(9 * day);
    // 31 days to go.
    expect((await stayInfo(w.eventId)).banner).toBe(HOTEL_BANNER_EARLY);
    clock.advance(1 * day);
    expect((await stayInfo(w.eventId)).banner).toBe(SCORE_BIG);
    clock.advance(22 * day);
    // 8 days to go.
    expect((await stayInfo(w.eventId)).banner).toBe(SCORE_BIG);
    clock.advance(1 * day);
    expect((await stayInfo(w.eventId)).banner).toBe(LAST_MINUTE);
    expect(await stayInfo(w.eventId)).toMatchObject({
      checkIn: w.start,
      checkOut: addDays(w.start, 2),
    });
    // The event's second day.
    clock.advance(8 * day);
    expect(dayOf(clock.now())).toBe(addDays(w.start, 1));
    expect(await stayInfo(w.eventId)).toMatchObject({
      banner: LAST_MINUTE,
      checkIn: addDays(w.start, 1),
      checkOut: addDays(w.start, 2),
    });
  });
});
