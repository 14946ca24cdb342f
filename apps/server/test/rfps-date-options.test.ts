// Requests with flexible dates over http: alternative date sets and a window are kept with the
// request (create, PATCH, GET, the lead's request summary), refused with a code when they cannot be
// met, and matching reads every set against venue calendars: a venue booked on every set gets no
// lead, one free on a set gets a lead naming it, and need dates head a lead's reasons.
// The fixture's events run Wednesday 12 to Friday 14 June 2030; the weekends after are the 15th-16th
// and the 22nd-23rd (Friday the 21st).
import { describe, expect, it } from "vitest";
import {
  courtsRequest,
  createEvent,
  createListed,
  draftRequest,
  HOUR,
  indoorCourts,
  moveTo,
  publishRequest,
  rfpSuite,
  type TApi,
  type TLeadDto,
} from "./rfps-fixture";

const DAY_MS = 24 * HOUR;

const PEOPLE = ["organizer", "alice", "bob", "carol", "dave", "stranger", "admin"] as const;

const ids = {} as Record<"oneFree" | "booked" | "wants" | "none", string>;
const { clock, api, ev, ok } = rfpSuite(PEOPLE, async (api: TApi) => {
  const qualifying = { sports: ["Basketball"], spaces: [indoorCourts(4)], tier: "Silver" };
  ids.oneFree = await createListed(api, "facility", "alice", {
    name: "One Free Fieldhouse",
    at: "indianapolis",
    ...qualifying,
  });
  ids.booked = await createListed(api, "facility", "bob", {
    name: "Booked Arena",
    at: "indianapolis",
    ...qualifying,
  });
  ids.wants = await createListed(api, "facility", "carol", {
    name: "Wanting Gym",
    at: "carmel",
    ...qualifying,
  });
  ids.none = await createListed(api, "facility", "dave", {
    name: "No Calendar Courts",
    at: "fishers",
    ...qualifying,
  });
  const mark = (id: string, who: string, data: Record<string, unknown>) =>
    api.ok(api.call("facility-mgmt", "POST", `/facilities/${id}/availability`, who, { data }), 201);
  // Alice is booked the first weekend; Bob both weekends; Carol wants the second, 20% off.
  await mark(ids.oneFree, "alice", {
    kind: "booked",
    startDate: "2030-06-15",
    endDate: "2030-06-16",
  });
  await mark(ids.booked, "bob", { kind: "booked", startDate: "2030-06-15", endDate: "2030-06-16" });
  await mark(ids.booked, "bob", { kind: "held", startDate: "2030-06-22", endDate: "2030-06-23" });
  await mark(ids.wants, "carol", {
    kind: "need",
    startDate: "2030-06-22",
    endDate: "2030-06-23",
    discountPercent: 20,
  });
});

const WEEKENDS = {
  kind: "sets",
  sets: [
    { startDate: "2030-06-22", endDate: "2030-06-23" },
    { startDate: "2030-06-15", endDate: "2030-06-16" },
  ],
};
const FIRST = "Sat, Jun 15th - Sun, Jun 16th, 2030";
const SECOND = "Sat, Jun 22nd - Sun, Jun 23rd, 2030";

const requirementUrl = (eventId: string, id: string) => `/events/${eventId}/requirements/${id}`;

async function leadsByName(eventId: string) {
  const leads = await ok<TLeadDto[]>(ev("GET", `/events/${eventId}/leads?take=100`, "organizer"));
  return new Map(leads.map((l) => [l.owner.name, l]));
}

describe("publishing with date options", () => {
  it("alternative sets: booked on both, no lead; free on one, a lead naming it; need dates first", async () => {
    const eventId = await createEvent(api, "organizer", "Two Weekends Cup");
    await publishRequest(api, "organizer", eventId, courtsRequest({ dateOptions: WEEKENDS }));
    const leads = await leadsByName(eventId);
    expect([...leads.keys()].sort()).toEqual([
      "No Calendar Courts",
      "One Free Fieldhouse",
      "Wanting Gym",
    ]);
    expect(leads.get("One Free Fieldhouse")!.reasons.at(-1)).toBe(
      `Free on ${SECOND} of your 2 date options`,
    );
    const wanting = leads.get("Wanting Gym")!.reasons;
    expect(wanting[0]).toBe(`You marked ${SECOND} as need dates (20% off)`);
    expect(wanting.at(-1)).toBe(`Free on ${SECOND} and ${FIRST} of your 2 date options`);
    expect(leads.get("No Calendar Courts")!.reasons.at(-1)).toBe("Calendar not kept");
  });

  it("a window of two days, Friday to Sunday: every such pair in it is a set", async () => {
    // 15 to 23 June: Sat 15-Sun 16, Fri 21-Sat 22, Sat 22-Sun 23.
    const eventId = await createEvent(api, "organizer", "Window Classic");
    const dateOptions = {
      kind: "window",
      from: "2030-06-15",
      to: "2030-06-23",
      days: 2,
      weekdays: [5, 6, 0],
    };
    await publishRequest(api, "organizer", eventId, courtsRequest({ dateOptions }));
    const leads = await leadsByName(eventId);
    expect(leads.has("Booked Arena")).toBe(false);
    expect(leads.get("One Free Fieldhouse")!.reasons.at(-1)).toBe(
      `Free on Fri, Jun 21st - Sat, Jun 22nd, 2030 and ${SECOND} of your 3 date options`,
    );
    // The set with two need days first, then the one with one, then the rest.
    const wanting = leads.get("Wanting Gym")!.reasons;
    expect(wanting[0]).toBe(`You marked ${SECOND} as need dates (20% off)`);
    expect(wanting.at(-1)).toBe(
      `Free on ${SECOND}, Fri, Jun 21st - Sat, Jun 22nd, 2030 and ${FIRST} of your 3 date options`,
    );
    expect(leads.get("No Calendar Courts")!.reasons.at(-1)).toBe("Calendar not kept");
  });

  it("without date options the event's own days decide, as before", async () => {
    // 12-14 June: nobody's calendar has anything on those days.
    const eventId = await createEvent(api, "organizer", "Own Days Open");
    await publishRequest(api, "organizer", eventId, courtsRequest());
    const leads = await leadsByName(eventId);
    expect(leads.size).toBe(4);
    expect(leads.get("Booked Arena")!.reasons.at(-1)).toBe("Free on your calendar");
  });
});

describe("date options kept with the request", () => {
  it("round-trip through create, GET, PATCH and the lead's request summary", async () => {
    const eventId = await createEvent(api, "organizer", "Round Trip Games");
    const id = await draftRequest(
      api,
      "organizer",
      eventId,
      courtsRequest({ dateOptions: WEEKENDS }),
    );
    const read = await ok(ev("GET", requirementUrl(eventId, id), "organizer"));
    expect(read.dateOptions).toEqual(WEEKENDS);

    const window = {
      kind: "window",
      from: "2030-06-01",
      to: "2030-06-30",
      days: 2,
      weekdays: [6, 0],
    };
    const patched = await ok(
      ev("PATCH", requirementUrl(eventId, id), "organizer", [
        { op: "replace", path: "/dateOptions", value: window },
      ]),
    );
    expect(patched.dateOptions).toEqual(window);
    expect((await ok(ev("GET", requirementUrl(eventId, id), "organizer"))).dateOptions).toEqual(
      window,
    );
    await ok(ev("PUT", `${requirementUrl(eventId, id)}/publish`, "organizer"));

    const leads = await leadsByName(eventId);
    const lead = await ok(
      ev("GET", `/events/${eventId}/leads/${leads.get("One Free Fieldhouse")!.id}`, "alice"),
    );
    expect(lead.request.dateOptions).toEqual(window);
    // Leaving the options as they are, a published request is closed: nothing was edited.
    const closed = await ok(
      ev("PATCH", requirementUrl(eventId, id), "organizer", [
        { op: "replace", path: "/status", value: "closed" },
      ]),
    );
    expect(closed).toMatchObject({ status: "closed", dateOptions: window });
  });

  it("null clears them; a request written without them has none", async () => {
    const eventId = await createEvent(api, "organizer", "No Options Open");
    const id = await draftRequest(
      api,
      "organizer",
      eventId,
      courtsRequest({ dateOptions: WEEKENDS }),
    );
    const cleared = await ok(
      ev("PATCH", requirementUrl(eventId, id), "organizer", [
        { op: "replace", path: "/dateOptions", value: null },
      ]),
    );
    expect(cleared.dateOptions).toBeNull();
    const plain = await draftRequest(api, "organizer", eventId);
    expect(
      (await ok(ev("GET", requirementUrl(eventId, plain), "organizer"))).dateOptions,
    ).toBeNull();
  });
});

describe("date options refused", () => {
  const refused = async (dateOptions: unknown) => {
    const eventId = await createEvent(api, "organizer", "Refused Open");
    const res = await ev("POST", `/events/${eventId}/requirements`, "organizer", {
      data: courtsRequest({ dateOptions }),
    });
    expect(res.statusCode, res.body).toBe(400);
    return res.json().error as { code: string; message: string };
  };

  it("options that cannot be met: 400 REQUEST_DATES_INVALID with the reason", async () => {
    expect(
      await refused({
        kind: "window",
        from: "2020-03-01",
        to: "2030-04-30",
        days: 2,
        weekdays: [],
      }),
    ).toEqual(expect.objectContaining({ code: "REQUEST_DATES_INVALID" }));
    expect(
      await refused({
        kind: "window",
        from: "2020-03-01",
        to: "2020-04-30",
        days: 2,
        weekdays: [],
      }),
    ).toMatchObject({ message: "The window cannot start in the past." });
    // Monday 17 to Thursday 20 June holds no weekend.
    expect(
      await refused({
        kind: "window",
        from: "2030-06-17",
        to: "2030-06-20",
        days: 2,
        weekdays: [6, 0],
      }),
    ).toMatchObject({
      code: "REQUEST_DATES_INVALID",
      message: "No 2 days in a row on Sat, Sun fit in the window.",
    });
    // 1 to 22 June is 22 days.
    expect(
      await refused({ kind: "sets", sets: [{ startDate: "2030-06-01", endDate: "2030-06-22" }] }),
    ).toMatchObject({ code: "REQUEST_DATES_INVALID", message: "A date set is 21 days at most." });
  });

  it("shapes the contract refuses: 400 VALIDATION_FAILED (nine sets, an unknown kind)", async () => {
    const nine = Array.from({ length: 9 }, (_, i) => ({
      startDate: `2030-07-${String(i + 1).padStart(2, "0")}`,
      endDate: `2030-07-${String(i + 1).padStart(2, "0")}`,
    }));
    expect((await refused({ kind: "sets", sets: nine })).code).toBe("VALIDATION_FAILED");
    expect((await refused({ kind: "sometime" })).code).toBe("VALIDATION_FAILED");
    expect(
      (await refused({ kind: "window", from: "2030-06-01", to: "2030-06-30", days: 0 })).code,
    ).toBe("VALIDATION_FAILED");
  });

  it("a PATCH to options that cannot be met is refused, and the draft keeps its own", async () => {
    const eventId = await createEvent(api, "organizer", "Patched Open");
    const id = await draftRequest(
      api,
      "organizer",
      eventId,
      courtsRequest({ dateOptions: WEEKENDS }),
    );
    const res = await ev("PATCH", requirementUrl(eventId, id), "organizer", [
      {
        op: "replace",
        path: "/dateOptions",
        value: { kind: "sets", sets: [{ startDate: "2020-06-01", endDate: "2020-06-02" }] },
      },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("REQUEST_DATES_INVALID");
    expect((await ok(ev("GET", requirementUrl(eventId, id), "organizer"))).dateOptions).toEqual(
      WEEKENDS,
    );
  });
});

describe("an award with date options", () => {
  type TRanges = { ranges: { startDate: string; endDate: string; source: string }[] };
  const awards = async (id: string, who: string) =>
    (
      await ok<TRanges>(
        api.call(
          "facility-mgmt",
          "GET",
          `/facilities/${id}/availability?from=2030-06-01&to=2030-06-30`,
          who,
        ),
      )
    ).ranges
      .filter((r) => r.source === "award")
      .map((r) => [r.startDate, r.endDate]);
  const award = async (eventName: string, winner: string, who: string, dates: string[]) => {
    const eventId = await createEvent(api, "organizer", eventName);
    await publishRequest(api, "organizer", eventId, courtsRequest({ dateOptions: WEEKENDS }));
    const lead = (await leadsByName(eventId)).get(winner)!;
    await ok(ev("PATCH", `/events/${eventId}/leads/${lead.id}`, who, moveTo("Interested", dates)));
    await ok(ev("PATCH", `/events/${eventId}/leads/${lead.id}`, "organizer", moveTo("Won")));
  };

  it("takes a proposal's dates from any set, outside the event's own days, and no others", async () => {
    const eventId = await createEvent(api, "organizer", "Any Set Cup");
    await publishRequest(api, "organizer", eventId, courtsRequest({ dateOptions: WEEKENDS }));
    const lead = (await leadsByName(eventId)).get("One Free Fieldhouse")!;
    const answer = (dates: string[]) =>
      ev("PATCH", `/events/${eventId}/leads/${lead.id}`, "alice", moveTo("Interested", dates));
    const refused = await answer(["2030-06-22", "2030-07-01"]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details).toEqual({ dates: ["2030-07-01"] });
    await ok(answer(["2030-06-22", "2030-06-23"]));
  });

  it("books the one set the winning proposal's dates fall in", async () => {
    await award("Second Weekend Cup", "No Calendar Courts", "dave", ["2030-06-22", "2030-06-23"]);
    expect(await awards(ids.none, "dave")).toEqual([["2030-06-22", "2030-06-23"]]);
  });

  it("books nothing while the proposal's dates do not settle which set", async () => {
    await award("Either Weekend Cup", "Wanting Gym", "carol", ["2030-06-15", "2030-06-22"]);
    expect(await awards(ids.wants, "carol")).toEqual([]);
  });
});

// Last: it moves the suite's clock.
describe("publishing a draft whose options have passed", () => {
  it("is refused with 400 REQUEST_DATES_INVALID, and no lead is written", async () => {
    const today = new Date(clock.now().getTime()).toISOString().slice(0, 10);
    const inDays = (n: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
    const eventId = await createEvent(api, "organizer", "Soon Passed Open", {
      startDate: inDays(2),
      endDate: inDays(3),
    });
    const window = { kind: "window", from: inDays(2), to: inDays(30), days: 2, weekdays: [] };
    const id = await draftRequest(
      api,
      "organizer",
      eventId,
      courtsRequest({ dateOptions: window }),
    );
    clock.advance(5 * DAY_MS);
    const res = await ev("PUT", `${requirementUrl(eventId, id)}/publish`, "organizer");
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: "REQUEST_DATES_INVALID",
      message: "The window cannot start in the past.",
    });
    expect(await ok(ev("GET", `/events/${eventId}/leads?take=100`, "organizer"))).toEqual([]);
    expect((await ok(ev("GET", requirementUrl(eventId, id), "organizer"))).status).toBe("draft");
  });
});
