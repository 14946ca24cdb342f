// Hotels suggested for an event's stay over http: a hotel sold out on every night of the stay is
// left out of the list (and of its count), unless asked for with `includeSoldOut`, when it says why;
// a hotel whose nights have no rates yet stays, saying so; one sold out on some nights only stays.
import { addDays, SOLD_OUT_EVERY_NIGHT } from "@hostfield/domain/rules";
import { describe, expect, it } from "vitest";
import { PLACES } from "./rfps-fixture";
import { fill, hm, staysSuite } from "./stays-fixture";

const { api, world } = staysSuite();

type TMatch = {
  hotel: { name: string };
  nights: { night: string; roomsLeft: number; rate: number | null }[];
  reasons: string[];
};

async function matches(data: Record<string, unknown>) {
  const res = await hm(api, "POST", "/hotels/search/matches", "organizer", { data });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return {
    count: body._meta.stats.count as number,
    byName: new Map((body.data as TMatch[]).map((m) => [m.hotel.name, m])),
  };
}

/** Sets the rooms to sell of both of Canal Hotel's room types on the stay's nights. */
async function sell(rooms: [number, number]) {
  const w = world();
  for (const [i, night] of w.nights.entries()) {
    const res = await fill(api, w.hotelId, [w.queen, w.suite], night, night, {
      roomsToSell: rooms[i]!,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

describe("hotels suggested for an event's stay", () => {
  it("leaves out a hotel sold out on every night, keeps one with no rates yet", async () => {
    const w = world();
    // Before: Canal Hotel has rooms; Carmel Inn has no room types, so no rates yet.
    const before = await matches({ eventId: w.eventId });
    expect([...before.byName.keys()]).toEqual(["Canal Hotel", "Carmel Inn"]);
    expect(before.byName.get("Carmel Inn")!.reasons).toContain("No rates yet for some nights");
    expect(before.byName.get("Carmel Inn")!.reasons).not.toContain(SOLD_OUT_EVERY_NIGHT);

    await sell([0, 0]);
    const soldOut = await matches({ eventId: w.eventId });
    expect([...soldOut.byName.keys()]).toEqual(["Carmel Inn"]);
    expect(soldOut.count).toBe(1);

    // Asked for, it is there with the reason.
    const all = await matches({ eventId: w.eventId, includeSoldOut: true });
    expect(all.count).toBe(2);
    const canal = all.byName.get("Canal Hotel")!;
    expect(canal.reasons).toContain(SOLD_OUT_EVERY_NIGHT);
    expect(canal.nights.map((n) => [n.night, n.roomsLeft])).toEqual(w.nights.map((n) => [n, 0]));

    // The same for a place and dates.
    const place = await matches({
      lat: PLACES.indianapolis.lat,
      lng: PLACES.indianapolis.lng,
      checkIn: w.nights[0],
      checkOut: addDays(w.nights[1]!, 1),
    });
    expect([...place.byName.keys()]).toEqual(["Carmel Inn"]);
  });

  it("keeps a hotel with a room left on some night, saying it is sold out on the others", async () => {
    const w = world();
    await sell([0, 3]);
    const some = await matches({ eventId: w.eventId });
    expect([...some.byName.keys()]).toEqual(["Canal Hotel", "Carmel Inn"]);
    const canal = some.byName.get("Canal Hotel")!;
    expect(canal.reasons).toContain("Sold out on at least one night");
    expect(canal.reasons).not.toContain(SOLD_OUT_EVERY_NIGHT);
  });

  it("keeps a hotel whose only room type is full on one night when another has rooms", async () => {
    const w = world();
    // Queens full on both nights, suites on the first: the hotel still has rooms on the second.
    const queens = await fill(api, w.hotelId, [w.queen], w.nights[0]!, w.nights[1]!, {
      roomsToSell: 0,
    });
    expect(queens.statusCode, queens.body).toBe(200);
    await fill(api, w.hotelId, [w.suite], w.nights[0]!, w.nights[0]!, { roomsToSell: 0 });
    await fill(api, w.hotelId, [w.suite], w.nights[1]!, w.nights[1]!, { roomsToSell: 2 });
    const found = await matches({ eventId: w.eventId });
    expect(found.byName.has("Canal Hotel")).toBe(true);
  });
});
