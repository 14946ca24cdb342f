// "My requests" (GET /event-mgmt/api/events/my/requests): a page of the events I organize, each
// with its requests and their lead counts, in one call; the newest request activity first (a
// request just published leads page 1), then events without a request, newest first. Only events
// whose requests the caller may read: an event's plain members see none of it, an organization's
// owner who belongs to its event does. The number of statements does not grow with the page.
import { describe, expect, it, vi } from "vitest";
import {
  addMember,
  createEvent,
  createListed,
  draftRequest,
  HOUR,
  indoorCourts,
  rfpSuite,
  sendToFacilities,
} from "./rfps-fixture";

const PEOPLE = ["organizer", "other", "member", "orgBoss", "admin"] as const;
type TPerson = (typeof PEOPLE)[number] | "anonymous";

const ids = {} as Record<string, string>;
const { clock, app, ev, ok } = rfpSuite(PEOPLE, async (api) => {
  ids.facility = await createListed(api, "facility", "admin", {
    name: "My Requests Courts",
    at: "indianapolis",
    tier: "Silver",
    sports: ["Basketball"],
    spaces: [indoorCourts(4)],
  });
  // Created in this order, so `quietNew` is the newest event without a request.
  for (const name of ["a", "b", "c", "quietOld", "quietNew"]) {
    ids[name] = await createEvent(api, "organizer", `Organizer's ${name}`);
  }
  // An hour apart each, on the app's clock: a's request, drafted first, is published last.
  clock.advance(HOUR);
  ids.a1 = await draftRequest(api, "organizer", ids.a!);
  clock.advance(HOUR);
  ids.b1 = await draftRequest(api, "organizer", ids.b!);
  clock.advance(HOUR);
  ids.c1 = await draftRequest(api, "organizer", ids.c!);
  clock.advance(HOUR);
  ids.c2 = await draftRequest(api, "organizer", ids.c!);
  clock.advance(HOUR);
  await api.ok(api.ev("PUT", `/events/${ids.a}/requirements/${ids.a1}/publish`, "organizer"));
  // A lead on b's request, sent straight: the request itself does not change.
  await sendToFacilities(api, "organizer", ids.b!, ids.b1!, [ids.facility!]);

  ids.others = await createEvent(api, "other", "Other's event");
  ids.others1 = await draftRequest(api, "other", ids.others);
  // `member` belongs to a's event without organizing it.
  await addMember(api, "event", ids.a!, "member", "member");
  // An organization's owner manages its events, and orgBoss belongs to this one as a member.
  ids.league = await createListed(api, "organization", "orgBoss", {
    name: "My Requests League",
    at: "indianapolis",
    details: { organizationType: "Event Organization" },
  });
  await addMember(api, "organization", ids.league, "organizer", "member");
  ids.leagueEvent = (
    await api.ok<{ id: string }>(
      api.ev("POST", "/events", "organizer", {
        data: {
          name: "League Finals",
          type: "Tournament",
          startDate: "2030-07-01",
          endDate: "2030-07-02",
          organizationId: ids.league,
        },
      }),
      201,
    )
  ).id;
  await addMember(api, "event", ids.leagueEvent, "orgBoss", "member");
});

type TRow = {
  event: { id: string; name: string };
  requirements: { id: string; eventId: string; leadCounts: Record<string, number> }[];
};

async function myRequests(who: TPerson, page = "") {
  const res = await ev("GET", `/events/my/requests${page}`, who);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { data: TRow[]; _meta: { stats: { count: number } } };
  return { rows: body.data, count: body._meta.stats.count };
}

const eventIds = (rows: TRow[]) => rows.map((row) => row.event.id);

describe("GET /events/my/requests", () => {
  it("refuses visitors (401)", async () => {
    const res = await ev("GET", "/events/my/requests", "anonymous");
    expect(res.statusCode).toBe(401);
  });

  it("lists my events by their newest request activity, then those without a request, newest first", async () => {
    const { rows, count } = await myRequests("organizer");
    // The league's event has no request and is the newest created of mine.
    expect(eventIds(rows)).toEqual(
      [ids.a, ids.c, ids.b, ids.leagueEvent, ids.quietNew, ids.quietOld].map((id) => id!),
    );
    expect(count).toBe(6);
    // Within an event, its newest request first.
    expect(rows[1]!.requirements.map((r) => r.id)).toEqual([ids.c2, ids.c1]);
    expect(rows.find((row) => row.event.id === ids.quietOld)!.requirements).toEqual([]);
  });

  it("pages events with take and offset, counting every event in the list", async () => {
    const pages = await Promise.all(
      ["?take=4&offset=0", "?take=4&offset=4", "?take=4&offset=8"].map((page) =>
        myRequests("organizer", page),
      ),
    );
    expect(pages.map((page) => page.count)).toEqual([6, 6, 6]);
    expect(pages.map((page) => eventIds(page.rows))).toEqual([
      [ids.a, ids.c, ids.b, ids.leagueEvent],
      [ids.quietNew, ids.quietOld],
      [],
    ]);
  });

  it("gives each request its lead counts, and each event as GET /events/my shows it", async () => {
    const { rows } = await myRequests("organizer");
    const b = rows.find((row) => row.event.id === ids.b)!;
    expect(b.requirements).toHaveLength(1);
    expect(b.requirements[0]!.leadCounts).toEqual({
      Open: 1,
      Interested: 0,
      Won: 0,
      Lost: 0,
      Passed: 0,
    });
    expect(rows[1]!.requirements[0]!.leadCounts.Open).toBe(0);
    const listed = await ok<{ id: string; myReaction?: boolean }[]>(
      ev("GET", "/events/my?take=100", "organizer"),
    );
    const { myReaction: _mine, ...event } = listed.find((e) => e.id === ids.b)!;
    expect(b.event).toEqual(event);
  });

  it("shows another user none of my events, and me none of theirs", async () => {
    const mine = await myRequests("organizer");
    expect(eventIds(mine.rows)).not.toContain(ids.others);
    const theirs = await myRequests("other");
    expect(eventIds(theirs.rows)).toEqual([ids.others]);
    expect(theirs.rows[0]!.requirements.map((r) => r.id)).toEqual([ids.others1]);
    expect(theirs.count).toBe(1);
  });

  it("leaves out events I belong to without organizing them; an organization's owner organizes its events", async () => {
    // member belongs to a's event (GET /events/my lists it) but may not read its requests.
    const listed = await ok<{ id: string }[]>(ev("GET", "/events/my", "member"));
    expect(listed.map((e) => e.id)).toEqual([ids.a]);
    expect(await myRequests("member")).toEqual({ rows: [], count: 0 });
    expect((await ev("GET", `/events/${ids.a}/requirements`, "member")).statusCode).toBe(403);
    // orgBoss owns the league, so organizes its event (the per-event route agrees).
    expect(eventIds((await myRequests("orgBoss")).rows)).toEqual([ids.leagueEvent]);
    await ok(ev("GET", `/events/${ids.leagueEvent}/requirements`, "orgBoss"));
  });

  it("reads a page in the same number of statements whatever the number of events on it", async () => {
    const pool = app().database.pool;
    const statements = async (take: number) => {
      await app().events.settled();
      const spy = vi.spyOn(pool, "query");
      try {
        const { rows } = await myRequests("organizer", `?take=${take}`);
        expect(rows).toHaveLength(take);
        // The page's own reads (sign-in and background jobs read other tables).
        return spy.mock.calls.filter(([query]) =>
          /"(profiles|profile_members|event_requirements|event_leads)"/.test(
            typeof query === "string" ? query : (query as { text: string }).text,
          ),
        ).length;
      } finally {
        spy.mockRestore();
      }
    };
    const one = await statements(1);
    expect(await statements(5)).toBe(one);
    // My events with my abilities, their request activity, the page's events, their requests and
    // the requests' lead counts: a handful, never one per event.
    expect(one).toBeGreaterThanOrEqual(5);
    expect(one).toBeLessThanOrEqual(6);
  });
});
