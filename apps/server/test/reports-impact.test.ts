// A destination's economic impact over http: room nights reserved at its hotels (a hotel within
// ten miles) priced at their average daily rate; room nights of a request it won, for an event in
// the range, priced at the configured default rate when nothing was reserved; visitor-days and
// visitor spending from the configured constants (IMPACT_*: 2.5 guests per room, $150 a
// visitor-day, $140 a night by default); the CSV and the one-page PDF.
import { beforeAll, describe, expect, it } from "vitest";
import { codeOf } from "./access-matrix";
import { courtsRequest, createEvent, draftRequest, move, moveTo, proposal } from "./rfps-fixture";
import { dayOf, guest, hm, offerFor, staysSuite } from "./stays-fixture";

const { api, clock, world } = staysSuite();
const rm = (route: string, who: string) => api.call("report-mgmt", "GET", route, who);
const impactOf = (query: string) =>
  api.ok(rm(`/destinations/${world().destinationId}/impact?${query}`, "destmgr"));

let nearRange = "";
beforeAll(async () => {
  const w = world();
  // Two rooms for two nights at the calendar's $150, at the hotel in the destination's city.
  const checkIn = dayOf(clock.now(), 5);
  const { offer } = await offerFor(api, w.hotelId, w.queen, {
    checkIn,
    checkOut: dayOf(clock.now(), 7),
    rooms: 2,
    guests: 4,
  });
  await api.ok(
    hm(api, "POST", "/hotels/reservations", "guest", { data: { quote: offer.quote, ...guest() } }),
    201,
  );
  nearRange = `startDate=${dayOf(clock.now())}&endDate=${dayOf(clock.now(), 30)}`;

  // The destination wins a request for 250 room nights of an event in June 2030.
  await destinationWins(await createEvent(api, "organizer", "Regional Finals"), 250);
});

/** The destination wins a request of `eventId` for `roomNights` (proposing `dates`). */
async function destinationWins(eventId: string, roomNights: number, dates?: string[]) {
  const requestId = await draftRequest(api, "organizer", eventId, courtsRequest({ roomNights }));
  const sent = await api.ok(
    api.ev("POST", `/events/${eventId}/leads/bulk`, "organizer", {
      data: {
        requirementId: requestId,
        targets: [{ ownerType: "Destination", ownerId: world().destinationId }],
      },
    }),
  );
  const leadId = sent.created[0].id;
  await api.ok(
    api.ev(
      "PATCH",
      `/events/${eventId}/leads/${leadId}`,
      "destmgr",
      dates ? move("Interested", { proposal: proposal(dates) }) : moveTo("Interested"),
    ),
  );
  await api.ok(api.ev("PATCH", `/events/${eventId}/leads/${leadId}`, "organizer", moveTo("Won")));
}

describe("economic impact", () => {
  it("prices reserved room nights at their average daily rate and adds visitor spending", async () => {
    const impact = await impactOf(nearRange);
    expect(impact.destination).toMatchObject({ id: world().destinationId, name: "Visit Indy" });
    expect(impact.roomNights).toEqual({ reserved: 4, awarded: 0, total: 4 });
    expect(impact.rateSource).toBe("reservations");
    expect(impact.averageDailyRate).toBe(150);
    expect(impact.lodgingSpend).toBe(600); // 4 × $150
    expect(impact.visitorDays).toBe(10); // 4 × 2.5
    expect(impact.visitorSpend).toBe(1500); // 10 × $150
    expect(impact.total).toBe(2100);
    expect(impact.formula.join("\n")).toContain("2.5 guests per room");
  });

  it("counts an awarded request's room nights at the default rate when nothing was reserved", async () => {
    const impact = await impactOf("startDate=2030-06-01&endDate=2030-06-30");
    expect(impact.roomNights).toEqual({ reserved: 0, awarded: 250, total: 250 });
    expect(impact.rateSource).toBe("default");
    expect(impact.averageDailyRate).toBe(140);
    expect(impact.lodgingSpend).toBe(35_000); // 250 × $140
    expect(impact.visitorDays).toBe(625); // 250 × 2.5
    expect(impact.visitorSpend).toBe(93_750); // 625 × $150
    expect(impact.total).toBe(128_750);
    expect(impact.events).toEqual([
      expect.objectContaining({
        name: "Regional Finals",
        startDate: "2030-06-12",
        roomNights: 250,
        visitorDays: 625,
      }),
    ]);
    expect(impact.formula.join("\n")).toContain("configured default of $140.00");
  });

  it("exports the figures, the formula and the events as CSV", async () => {
    const res = await rm(
      `/destinations/${world().destinationId}/impact?startDate=2030-06-01&endDate=2030-06-30&format=csv`,
      "destmgr",
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="visit-indy-impact-2030-06-01-2030-06-30.csv"',
    );
    const lines = res.body.split("\r\n");
    expect(lines).toContain("Economic impact,128750");
    expect(lines).toContain("Regional Finals,2030-06-12,250,625");
    expect(lines.filter((l) => l.startsWith("Formula,"))).toHaveLength(6);
  });

  it("exports a one-page PDF naming the destination, the figures and the first-party source", async () => {
    const res = await rm(
      `/destinations/${world().destinationId}/impact?startDate=2030-06-01&endDate=2030-06-30&format=pdf`,
      "destmgr",
    );
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    // The page's text, as PDFKit writes it (hex strings in the uncompressed content stream).
    const text = [...pdf.toString("latin1").matchAll(/<([0-9a-fA-F]+)>/g)]
      .map((m) => Buffer.from(m[1]!, "hex").toString("latin1"))
      .join("");
    expect(text).toContain("Visit Indy");
    expect(text).toContain("Economic impact");
    expect(text).toContain("$128,750.00");
    expect(text).toContain("Regional Finals");
    expect(text).toContain("first-party records");
    expect(pdf.toString("latin1").match(/\/Type \/Page\b/g)).toHaveLength(1);
  });

  it("refuses a bad range", async () => {
    const res = await rm(
      `/destinations/${world().destinationId}/impact?startDate=2030-07-01&endDate=2030-06-01`,
      "destmgr",
    );
    expect(codeOf(res)).toBe("REPORT_RANGE_INVALID");
  });

  it("counts an event's reserved nights instead of its awarded estimate, never both", async () => {
    const w = world();
    await destinationWins(w.eventId, 300, w.nights);
    const { offer } = await offerFor(api, w.hotelId, w.queen, { eventId: w.eventId, rooms: 1 });
    await api.ok(
      hm(api, "POST", "/hotels/reservations", "guest", {
        data: { quote: offer.quote, ...guest() },
      }),
      201,
    );
    const impact = await impactOf(
      `startDate=${dayOf(clock.now(), 35)}&endDate=${dayOf(clock.now(), 45)}`,
    );
    // One room for the event's two nights; the 300 room nights asked for are not added on top.
    expect(impact.roomNights).toEqual({ reserved: 2, awarded: 0, total: 2 });
    expect(impact.events).toEqual([
      expect.objectContaining({ id: w.eventId, name: "Indy Hoops Classic", roomNights: 2 }),
    ]);
  });
});
