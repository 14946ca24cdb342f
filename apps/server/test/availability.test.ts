// Venue calendars over http: a facility's managers mark booked, held and need dates (by hand and by
// weekly rule), everyone who may see the facility reads them (notes for managers only), bad input
// is refused with a code and nothing stored, and only managers write. Matching reads them: a
// booked facility gets no lead, need dates head the lead's reasons, a venue without a calendar is
// "Calendar not kept"; an award books the winner's days, taken back it frees them.
import { describe, expect, it } from "vitest";
import {
  addMember,
  courtsRequest,
  createEvent,
  createListed,
  indoorCourts,
  move,
  publishRequest,
  rfpSuite,
  type TApi,
  type TLeadDto,
} from "./rfps-fixture";

const PEOPLE = ["organizer", "alice", "bob", "carol", "member", "stranger", "admin"] as const;
type TPerson = (typeof PEOPLE)[number] | "anonymous";

const ids = {} as Record<"free" | "booked" | "wants" | "plain" | "city", string>;
const { api, ev, ok } = rfpSuite(PEOPLE, async (api: TApi) => {
  const qualifying = { sports: ["Basketball"], spaces: [indoorCourts(4)], tier: "Silver" };
  ids.free = await createListed(api, "facility", "alice", {
    name: "Free Fieldhouse",
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
  ids.plain = await createListed(api, "facility", "admin", {
    name: "Plain Courts",
    at: "fishers",
    ...qualifying,
  });
  await addMember(api, "facility", ids.free, "member", "member");
  ids.city = await createListed(api, "destination", "carol", {
    name: "Visit Carmel",
    at: "carmel",
    tier: "Silver",
  });
});

const FACILITIES = "facility-mgmt";
const calendar = (id: string) => `/facilities/${id}/availability`;
const read = (id: string, who: TPerson, query = "") =>
  api.call(FACILITIES, "GET", `${calendar(id)}${query}`, who);
const mark = (id: string, who: TPerson, data: Record<string, unknown>) =>
  api.call(FACILITIES, "POST", calendar(id), who, { data });

type TRange = {
  id: string;
  kind: string;
  startDate: string;
  endDate: string;
  note: string | null;
  source: string;
};
type TCalendar = { kept: boolean; ranges: TRange[] };

// The fixture's events run 12-14 June 2030.
const EVENT_DAYS = { startDate: "2030-06-12", endDate: "2030-06-14" };

describe("a facility's calendar", () => {
  it("its managers mark days; anyone who may see it reads them, the note for managers only", async () => {
    const before = await ok<TCalendar>(
      read(ids.free, "anonymous", "?from=2030-06-01&to=2030-06-30"),
    );
    expect(before).toMatchObject({ kept: false, ranges: [] });
    const made = await ok<TRange[]>(
      mark(ids.free, "alice", {
        kind: "held",
        startDate: "2030-06-20",
        endDate: "2030-06-21",
        note: "Pencilled for the city league",
      }),
      201,
    );
    expect(made).toHaveLength(1);
    const window = "?from=2030-06-01&to=2030-06-30";
    const mine = await ok<TCalendar>(read(ids.free, "alice", window));
    expect(mine.kept).toBe(true);
    expect(mine.ranges.map((r) => [r.kind, r.startDate, r.endDate, r.note])).toEqual([
      ["held", "2030-06-20", "2030-06-21", "Pencilled for the city league"],
    ]);
    const theirs = await ok<TCalendar>(read(ids.free, "stranger", window));
    expect(theirs.ranges.map((r) => [r.kind, r.note])).toEqual([["held", null]]);
    // A window that misses the range reads none, but the calendar is still kept.
    expect(await ok(read(ids.free, "anonymous", "?from=2030-07-01&to=2030-07-31"))).toMatchObject({
      kept: true,
      ranges: [],
    });
    // Removed by a manager, gone.
    await ok(api.call(FACILITIES, "DELETE", `${calendar(ids.free)}/${made[0]!.id}`, "alice"));
    expect((await ok<TCalendar>(read(ids.free, "alice", window))).ranges).toEqual([]);
  });

  it("a weekly rule marks each weekday it names until its end", async () => {
    // Every Sunday of June 2030 (the 2nd is a Sunday).
    const made = await ok<TRange[]>(
      mark(ids.plain, "admin", {
        kind: "booked",
        startDate: "2030-06-01",
        endDate: "2030-06-01",
        repeat: { weekdays: [0], until: "2030-06-30" },
      }),
      201,
    );
    expect(made.map((r) => r.startDate)).toEqual([
      "2030-06-02",
      "2030-06-09",
      "2030-06-16",
      "2030-06-23",
      "2030-06-30",
    ]);
  });

  it("only its managers write: 401 signed out, 403 for a member or a stranger, and deletes alike", async () => {
    const range = { kind: "booked", startDate: "2030-08-01", endDate: "2030-08-02" };
    expect((await mark(ids.free, "anonymous", range)).statusCode).toBe(401);
    expect((await mark(ids.free, "member", range)).statusCode).toBe(403);
    expect((await mark(ids.free, "stranger", range)).statusCode).toBe(403);
    expect((await mark(ids.free, "bob", range)).statusCode).toBe(403);
    const [made] = await ok<TRange[]>(mark(ids.free, "admin", range), 201);
    const remove = (who: TPerson) =>
      api.call(FACILITIES, "DELETE", `${calendar(ids.free)}/${made!.id}`, who);
    expect((await remove("anonymous")).statusCode).toBe(401);
    expect((await remove("stranger")).statusCode).toBe(403);
    // Another facility's range is not this one's to remove.
    expect(
      (await api.call(FACILITIES, "DELETE", `${calendar(ids.booked)}/${made!.id}`, "bob"))
        .statusCode,
    ).toBe(404);
    expect((await remove("alice")).statusCode).toBe(200);
  });

  it("a destination keeps one the same way: its managers write, no space types, others refused", async () => {
    const cityCalendar = `/destinations/${ids.city}/availability`;
    const mark = (who: TPerson, data: Record<string, unknown>) =>
      api.call("destination-mgmt", "POST", cityCalendar, who, { data });
    const festival = { kind: "booked", startDate: "2030-07-04", endDate: "2030-07-06" };
    expect((await mark("anonymous", festival)).statusCode).toBe(401);
    expect((await mark("alice", festival)).statusCode).toBe(403);
    await ok(mark("carol", festival), 201);
    const spaced = await mark("carol", {
      ...festival,
      startDate: "2030-08-01",
      endDate: "2030-08-01",
      spaceTypeId: "00000000-0000-4000-8000-000000000000",
    });
    expect(spaced.json().error.code).toBe("SPACE_TYPE_UNKNOWN");
    const read = await ok<TCalendar>(
      api.call(
        "destination-mgmt",
        "GET",
        `${cityCalendar}?from=2030-07-01&to=2030-07-31`,
        "stranger",
      ),
    );
    expect(read.ranges.map((r) => [r.kind, r.startDate])).toEqual([["booked", "2030-07-04"]]);
  });

  it("refuses bad ranges with a code, and stores none of them", async () => {
    const refused = async (data: Record<string, unknown>, status = 400) => {
      const res = await mark(ids.wants, "carol", data);
      expect(res.statusCode, JSON.stringify(data)).toBe(status);
      return res.json().error.code as string;
    };
    const base = { kind: "booked", startDate: "2030-09-10", endDate: "2030-09-12" };
    expect(await refused({ ...base, endDate: "2030-09-01" })).toBe("VALIDATION_FAILED");
    expect(await refused({ ...base, startDate: "2099-01-01", endDate: "2099-01-02" })).toBe(
      "AVAILABILITY_TOO_FAR",
    );
    expect(await refused({ ...base, endDate: "2031-12-31" })).toBe("AVAILABILITY_TOO_LONG");
    expect(await refused({ ...base, discountPercent: 10 })).toBe("VALIDATION_FAILED");
    expect(await refused({ ...base, spaces: 2 })).toBe("VALIDATION_FAILED");
    expect(
      await refused({ ...base, spaceTypeId: "00000000-0000-4000-8000-000000000000", spaces: 2 }),
    ).toBe("SPACE_TYPE_UNKNOWN");
    expect(await refused({ ...base, kind: "sold" })).toBe("VALIDATION_FAILED");
    // Overlap with a range about the same spaces: 409, the first one kept.
    await ok(mark(ids.wants, "carol", base), 201);
    expect(await refused({ ...base, startDate: "2030-09-12", endDate: "2030-09-15" }, 409)).toBe(
      "AVAILABILITY_OVERLAP",
    );
    // Too many: every day of three years by rule, for the whole gym and for its courts.
    const [courts] = await ok<{ id: string }[]>(
      api.call(FACILITIES, "GET", `/facilities/${ids.wants}/spaceTypes`, "carol"),
    );
    // More of its courts than it has (four).
    expect(
      await refused({
        ...base,
        startDate: "2030-10-01",
        endDate: "2030-10-01",
        spaceTypeId: courts!.id,
        spaces: 5,
      }),
    ).toBe("AVAILABILITY_SPACES_TOO_MANY");
    const everyDay = (year: number, spaceTypeId: string | null) => ({
      kind: "held",
      startDate: `${year}-01-01`,
      endDate: `${year}-01-01`,
      spaceTypeId,
      repeat: { weekdays: [0, 1, 2, 3, 4, 5, 6], until: `${year}-12-31` },
    });
    const years = [
      everyDay(2027, null),
      everyDay(2028, null),
      everyDay(2029, null),
      everyDay(2027, courts!.id),
      everyDay(2028, courts!.id),
    ];
    for (const data of years) await ok(mark(ids.wants, "carol", data), 201);
    expect(await refused(everyDay(2029, courts!.id))).toBe("AVAILABILITY_TOO_MANY");
    const sept = await ok<TCalendar>(read(ids.wants, "carol", "?from=2030-09-01&to=2030-09-30"));
    expect(sept.ranges.map((r) => [r.startDate, r.endDate])).toEqual([
      ["2030-09-10", "2030-09-12"],
    ]);
    // A read window wider than 400 days.
    expect(
      (await read(ids.wants, "carol", "?from=2030-01-01&to=2031-06-01")).json().error.code,
    ).toBe("AVAILABILITY_TOO_FAR");
  });
});

describe("matching reads the calendars", () => {
  it("a booked facility gets no lead; need dates come first; no calendar says so", async () => {
    await ok(mark(ids.booked, "bob", { kind: "booked", ...EVENT_DAYS, note: "State finals" }), 201);
    await ok(mark(ids.wants, "carol", { kind: "need", ...EVENT_DAYS, discountPercent: 15 }), 201);
    const eventId = await createEvent(api, "organizer", "Calendar Classic");
    await publishRequest(api, "organizer", eventId, courtsRequest());
    const leads = await ok<TLeadDto[]>(ev("GET", `/events/${eventId}/leads?take=100`, "organizer"));
    const byName = new Map(leads.map((l) => [l.owner.name, l]));
    expect([...byName.keys()].sort()).toEqual(["Free Fieldhouse", "Plain Courts", "Wanting Gym"]);
    expect(byName.get("Wanting Gym")!.reasons[0]).toBe(
      "You marked Wed, Jun 12th - Fri, Jun 14th, 2030 as need dates (15% off)",
    );
    // Alice's ranges came and went: a calendar with nothing on it is not kept.
    expect(byName.get("Free Fieldhouse")!.reasons.at(-1)).toBe("Calendar not kept");
    // Plain Courts' Sundays miss the event: free too.
    expect(byName.get("Plain Courts")!.reasons.at(-1)).toBe("Free on your calendar");
  });

  it("an award books the winner's days; taken back by an admin, they are free again", async () => {
    const eventId = await createEvent(api, "organizer", "Award Cup");
    await publishRequest(api, "organizer", eventId, courtsRequest());
    const leads = await ok<TLeadDto[]>(ev("GET", `/events/${eventId}/leads?take=100`, "organizer"));
    const free = leads.find((l) => l.owner.name === "Free Fieldhouse")!;
    await ok(
      ev(
        "PATCH",
        `/events/${eventId}/leads/${free.id}`,
        "alice",
        move("Interested", { proposal: { message: "Yes", dates: [EVENT_DAYS.startDate] } }),
      ),
    );
    await ok(ev("PATCH", `/events/${eventId}/leads/${free.id}`, "organizer", move("Won")));
    const june = "?from=2030-06-01&to=2030-06-30";
    const booked = await ok<TCalendar>(read(ids.free, "alice", june));
    expect(booked.ranges.map((r) => [r.kind, r.startDate, r.endDate, r.source])).toEqual([
      ["booked", "2030-06-12", "2030-06-14", "award"],
    ]);
    await ok(ev("PATCH", `/events/${eventId}/leads/${free.id}`, "admin", move("Interested")));
    expect((await ok<TCalendar>(read(ids.free, "alice", june))).ranges).toEqual([]);
  });
});
