// Hotel availability and pricing: calendar nights, block nights before the cut-off, the stay window
// from the event, signed quotes (tampered, expired, changed) and spec §4's display rules.
import { describe, expect, it } from "vitest";
import { acceptedBlock, dayOf, hm, offerFor, staysSuite } from "./stays-fixture";

const { api, clock, world } = staysSuite();

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
    expect(
      offer.nights.map((n: { rate: number; source: string; roomsLeft: number }) => [
        n.rate,
        n.source,
        n.roomsLeft,
      ]),
    ).toEqual([
      [150, "calendar", 20],
      [150, "calendar", 20],
    ]);
    expect(offer.total).toBe(600);
    expect(offer.available).toBe(true);
    expect(typeof offer.quote).toBe("string");
  });
});
