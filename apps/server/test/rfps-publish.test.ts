// Publishing a request for proposals over http against a hand-built network around Indianapolis:
// exactly the qualifying facilities and destinations get a lead with the expected reasons; tiers
// gate who receives leads; hot requests reach tiers without hot leads 24 hours later (a moved
// clock); and the RFP marketplace is gated and keeps the same head start.
import { describe, expect, it } from "vitest";
import {
  addMember,
  courtsRequest,
  createEvent,
  createListed,
  draftRequest,
  HOUR,
  indoorCourts,
  listUnder,
  moveTo,
  notificationTitles,
  publishRequest,
  rfpSuite,
  type TApi,
  type TLeadDto,
} from "./rfps-fixture";

const PEOPLE = [
  "organizer",
  "alice",
  "bob",
  "carol",
  "dave",
  "lena",
  "member",
  "stranger",
  "admin",
] as const;
type TPerson = (typeof PEOPLE)[number];

const ids = {} as Record<string, string>;
const { clock, api, app, ev, ok } = rfpSuite(PEOPLE, buildNetwork);

async function buildNetwork(api: TApi) {
  const basketball = ["Basketball"];
  const qualifying = { sports: basketball, spaces: [indoorCourts(4)] };
  // Qualify: Silver in Indianapolis, Gold in Carmel (more courts), Bronze in Fishers.
  ids.indy = await createListed(api, "facility", "alice", {
    name: "Indy Fieldhouse",
    at: "indianapolis",
    tier: "Silver",
    ...qualifying,
  });
  ids.carmel = await createListed(api, "facility", "bob", {
    name: "Carmel Courts",
    at: "carmel",
    tier: "Gold",
    sports: ["Basketball", "Volleyball"],
    spaces: [indoorCourts(2), indoorCourts(4)],
  });
  ids.bronze = await createListed(api, "facility", "carol", {
    name: "Fishers Box",
    at: "fishers",
    tier: "Bronze",
    ...qualifying,
  });
  // Do not qualify.
  ids.three = await createListed(api, "facility", "admin", {
    name: "Three Court Gym",
    at: "indianapolis",
    tier: "Silver",
    sports: basketball,
    spaces: [indoorCourts(3)],
  });
  ids.outdoor = await createListed(api, "facility", "admin", {
    name: "Outdoor Park",
    at: "indianapolis",
    tier: "Silver",
    sports: basketball,
    spaces: [indoorCourts(8, "Outdoor")],
  });
  ids.pool = await createListed(api, "facility", "admin", {
    name: "Aquatic Center",
    at: "indianapolis",
    tier: "Silver",
    sports: ["Swimming"],
    spaces: [{ name: "Pool", surface: "N/A", count: 1, location: "Indoor" }],
  });
  ids.louisville = await createListed(api, "facility", "admin", {
    name: "Louisville Arena",
    at: "louisville",
    tier: "Silver",
    ...qualifying,
  });
  // Qualify on their data, but their tiers do not receive leads; Lena owns both.
  ids.legacy = await createListed(api, "facility", "lena", {
    name: "Legacy Hall",
    at: "indianapolis",
    tier: "Legacy",
    ...qualifying,
  });
  ids.untiered = await createListed(api, "facility", "lena", {
    name: "No Tier Gym",
    at: "indianapolis",
    tier: null,
    ...qualifying,
  });
  // Destinations: one lists a facility that qualifies on its data (its Legacy tier does not
  // matter for the destination), one lists none that does.
  ids.visitIndy = await createListed(api, "destination", "dave", {
    name: "Visit Indy",
    at: "indianapolis",
    tier: "Gold",
  });
  await listUnder(api, ids.three, ids.visitIndy);
  await listUnder(api, ids.legacy, ids.visitIndy);
  ids.emptyDestination = await createListed(api, "destination", "admin", {
    name: "Hamilton County Sports",
    at: "carmel",
    tier: "Silver",
  });
  await listUnder(api, ids.three, ids.emptyDestination);
  await listUnder(api, ids.outdoor, ids.emptyDestination);
  await addMember(api, "facility", ids.indy, "member", "member");
}

const leadsOf = async (eventId: string) =>
  (await ok<TLeadDto[]>(ev("GET", `/events/${eventId}/leads?take=100`, "organizer"))).sort((a, b) =>
    a.owner.name.localeCompare(b.owner.name),
  );
const titlesOf = (who: TPerson) => notificationTitles(api, app(), who);

describe("publishing a request for 4 indoor hardwood basketball courts within 50 mi of Indianapolis", () => {
  let eventId: string;
  let requestId: string;

  it("creates a lead for exactly the qualifying facilities and destinations, with their reasons", async () => {
    eventId = await createEvent(api, "organizer", "Hoosier Hoops Classic");
    requestId = await publishRequest(api, "organizer", eventId);
    const leads = await leadsOf(eventId);
    expect(leads.map((l) => [l.owner.name, l.owner.ownerType, l.source, l.status])).toEqual([
      ["Carmel Courts", "Facility", "match", "Open"],
      ["Fishers Box", "Facility", "match", "Open"],
      ["Indy Fieldhouse", "Facility", "match", "Open"],
      ["Visit Indy", "Destination", "match", "Open"],
    ]);
    const reasons = Object.fromEntries(leads.map((l) => [l.owner.name, l.reasons]));
    expect(reasons["Indy Fieldhouse"]).toEqual([
      "1 of 1 sport",
      "4 hardwood courts, needs 4",
      "Indoor",
      "Under 1 mi from Indianapolis, IN",
      // None of them keeps a calendar: each counts as free, and is told so.
      "Calendar not kept",
    ]);
    expect(reasons["Carmel Courts"]).toEqual([
      "1 of 1 sport",
      "6 hardwood courts, needs 4",
      "Indoor",
      "15 mi from Indianapolis, IN",
      "Calendar not kept",
    ]);
    expect(reasons["Visit Indy"]).toEqual([
      "1 listed facility qualifies",
      "1 of 1 sport at Legacy Hall",
      "4 hardwood courts at Legacy Hall, needs 4",
      "Indoor",
      "Under 1 mi from Indianapolis, IN",
      "Calendar not kept",
    ]);
    for (const lead of leads) {
      expect(lead.score).toBeGreaterThanOrEqual(60);
      expect(lead.score).toBeLessThanOrEqual(100);
    }
    const byName = Object.fromEntries(leads.map((l) => [l.owner.name, l]));
    expect(byName["Indy Fieldhouse"]!.score).toBeGreaterThan(byName["Carmel Courts"]!.score!);
  });

  it("marks the request published with its place and lead counts, and refuses a second publish", async () => {
    const request = await ok(
      ev("GET", `/events/${eventId}/requirements/${requestId}`, "organizer"),
    );
    expect(request).toMatchObject({
      status: "published",
      placeLabel: "Indianapolis, IN",
      placeState: "Indiana",
      leadCounts: { Open: 4, Interested: 0, Won: 0, Lost: 0, Passed: 0 },
    });
    expect(request.publishedDate).not.toBeNull();
    const again = await ev(
      "PUT",
      `/events/${eventId}/requirements/${requestId}/publish`,
      "organizer",
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("ALREADY_PUBLISHED");
    expect((await leadsOf(eventId)).length).toBe(4);
  });

  it("tells the recipients' owners at once (not a Legacy or untiered facility's)", async () => {
    for (const who of ["alice", "bob", "carol", "dave"] as const) {
      expect(await titlesOf(who), who).toContain("New request: Hoosier Hoops Classic");
    }
    // Lena owns the Legacy and the untiered facility, which qualify on their data alone.
    for (const who of ["lena", "stranger"] as const) {
      expect(await titlesOf(who), who).not.toContain("New request: Hoosier Hoops Classic");
    }
  });

  it("lets the recipient's members see their lead with its match reasons", async () => {
    const mine = await ok<TLeadDto[]>(ev("GET", `/events/${eventId}/leads/my`, "member"));
    expect(mine.map((l) => l.owner.name)).toEqual(["Indy Fieldhouse"]);
    const listed = await ok<TLeadDto[]>(
      ev("POST", `/facilities/${ids.indy}/leads`, "member", { data: {} }),
    );
    expect(listed.map((l) => l.id)).toEqual([mine[0]!.id]);
    expect(listed[0]!.reasons[1]).toBe("4 hardwood courts, needs 4");
    // Both ends as the lead shows them: the event's dates, the listing's place.
    expect(listed[0]).toMatchObject({
      event: { name: "Hoosier Hoops Classic", startDate: "2030-06-12", endDate: "2030-06-14" },
      owner: { ownerType: "Facility", name: "Indy Fieldhouse", city: "Indianapolis" },
    });
  });

  it("matches nationally when the request names no place", async () => {
    const national = await createEvent(api, "organizer", "National Finals");
    await publishRequest(api, "organizer", national, courtsRequest({ address: null, dist: null }));
    const names = (await leadsOf(national)).map((l) => l.owner.name);
    expect(names).toEqual([
      "Carmel Courts",
      "Fishers Box",
      "Indy Fieldhouse",
      "Louisville Arena",
      "Visit Indy",
    ]);
    const louisville = (await leadsOf(national)).find((l) => l.owner.name === "Louisville Arena")!;
    expect(louisville.reasons.slice(-2)).toEqual(["Looking nationally", "Calendar not kept"]);
  });

  it("refuses an address it cannot place with a message, and bad input with 400", async () => {
    const res = await ev("POST", `/events/${eventId}/requirements`, "organizer", {
      data: courtsRequest({ address: "Nowhereville, ZZ" }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("UNKNOWN_PLACE");
    expect(res.json().error.message).toContain("Nowhereville");
    const refusedAt = async (input: object) => {
      const res = await ev("POST", `/events/${eventId}/requirements`, "organizer", { data: input });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION_FAILED");
      return res.json().error.details.issues.map((d: { path: string }) => d.path);
    };
    expect(await refusedAt(courtsRequest({ dist: null }))).toEqual(["data.dist"]);
    expect(await refusedAt(courtsRequest({ spaceType: null }))).toEqual(["data.spaceType"]);
    expect(await refusedAt(courtsRequest({ dist: 501 }))).toEqual(["data.dist"]);
  });
});

describe("a request's budget, decision date and what it wants priced", () => {
  const dayOf = (ms: number) => new Date(clock.now().getTime() + ms).toISOString().slice(0, 10);
  const terms = () => ({
    budget: { min: 8000, max: 12000, per: "event", currency: "USD" },
    decisionDate: dayOf(14 * 24 * HOUR),
    pricing: { spaces: true, rooms: true, extras: ["Scoreboard operator", "Parking"] },
  });

  it("keeps them, shows them on the recipients' leads, and reads an older request as having none", async () => {
    const eventId = await createEvent(api, "organizer", "Budgeted Hoops");
    const input = terms();
    const requestId = await publishRequest(api, "organizer", eventId, courtsRequest(input));
    const stored = await ok<Record<string, unknown>>(
      ev("GET", `/events/${eventId}/requirements/${requestId}`, "organizer"),
    );
    expect(stored).toMatchObject(input);
    const [lead] = await ok<{ request: Record<string, unknown> }[]>(
      ev("GET", `/events/${eventId}/leads/my`, "member"),
    );
    expect(lead!.request).toMatchObject(input);
    // A request written without them (as every request before them was).
    const plain = await createEvent(api, "organizer", "Plain Hoops");
    const plainId = await draftRequest(api, "organizer", plain);
    expect(
      await ok(ev("GET", `/events/${plain}/requirements/${plainId}`, "organizer")),
    ).toMatchObject({
      budget: null,
      decisionDate: null,
      pricing: { spaces: false, rooms: false, extras: [] },
    });
  });

  it("refuses a decision date that has passed, a budget upside down or empty, and too many extras", async () => {
    const eventId = await createEvent(api, "organizer", "Refused Hoops");
    const post = (over: Record<string, unknown>) =>
      ev("POST", `/events/${eventId}/requirements`, "organizer", {
        data: courtsRequest({ ...terms(), ...over }),
      });
    const past = await post({ decisionDate: dayOf(-24 * HOUR) });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.code).toBe("DECISION_DATE_PAST");
    const pathsOf = async (over: Record<string, unknown>) => {
      const res = await post(over);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION_FAILED");
      return res.json().error.details.issues.map((d: { path: string }) => d.path);
    };
    expect(await pathsOf({ budget: { min: 9000, max: 5000, per: "day" } })).toEqual([
      "data.budget.max",
    ]);
    expect(await pathsOf({ budget: { min: null, max: null, per: "day" } })).toEqual([
      "data.budget.min",
    ]);
    expect(await pathsOf({ budget: { min: -1, max: null, per: "team" } })).toEqual([
      "data.budget.min",
    ]);
    const extras = Array.from({ length: 21 }, (_, i) => `Extra ${i + 1}`);
    expect(await pathsOf({ pricing: { spaces: false, rooms: false, extras } })).toEqual([
      "data.pricing.extras",
    ]);
    // Nothing of these was stored.
    const drafts = await ok<unknown[]>(ev("GET", `/events/${eventId}/requirements`, "organizer"));
    expect(drafts).toEqual([]);
  });

  it("refuses a passed decision date in an edit, and keeps one that has passed since it was written", async () => {
    const eventId = await createEvent(api, "organizer", "Edited Hoops");
    const requestId = await draftRequest(api, "organizer", eventId, courtsRequest(terms()));
    const patch = (ops: unknown) =>
      ev("PATCH", `/events/${eventId}/requirements/${requestId}`, "organizer", ops);
    const refused = await patch([
      { op: "replace", path: "/decisionDate", value: dayOf(-48 * HOUR) },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe("DECISION_DATE_PAST");
    // Three weeks on, the date written has passed; another edit need not change it.
    clock.advance(21 * 24 * HOUR);
    const edited = await ok<{ spaceDescription: string }>(
      patch([{ op: "replace", path: "/spaceDescription", value: "Five courts" }]),
    );
    expect(edited.spaceDescription).toBe("Five courts");
  });
});

describe("a hot request (Urgent Need)", () => {
  let eventId: string;
  let bronzeLead: TLeadDto;

  it("reaches hot-lead tiers at once and a Bronze facility 24 hours later", async () => {
    eventId = await createEvent(api, "organizer", "Urgent Shootout");
    const published = clock.now().getTime();
    await publishRequest(api, "organizer", eventId, courtsRequest({ urgency: 0 }));
    const leads = await leadsOf(eventId);
    const visibleAfter = Object.fromEntries(
      leads.map((l) => [l.owner.name, (new Date(l.visibleFrom).getTime() - published) / HOUR]),
    );
    expect(visibleAfter["Indy Fieldhouse"]).toBeLessThan(0.01);
    expect(visibleAfter["Carmel Courts"]).toBeLessThan(0.01);
    expect(visibleAfter["Visit Indy"]).toBeLessThan(0.01);
    expect(visibleAfter["Fishers Box"]).toBeCloseTo(24, 1);
    bronzeLead = leads.find((l) => l.owner.name === "Fishers Box")!;
  });

  it("stays hidden from the Bronze facility's staff until then, and is not announced to them", async () => {
    const route = `/events/${eventId}/leads/${bronzeLead.id}`;
    expect((await ev("GET", route, "carol")).statusCode).toBe(404);
    const listed = await ok<TLeadDto[]>(
      ev("POST", `/facilities/${ids.bronze}/leads`, "carol", { data: {} }),
    );
    expect(listed.map((l) => l.id)).not.toContain(bronzeLead.id);
    expect((await ok<TLeadDto[]>(ev("GET", `/events/${eventId}/leads/my`, "carol"))).length).toBe(
      0,
    );
    expect(await titlesOf("carol")).not.toContain("New request: Urgent Shootout");
    expect(await titlesOf("alice")).toContain("New request: Urgent Shootout");
    // Nor on the staff's board, in its cards or its counts.
    const openColumn = async () =>
      (
        await ok<{ columns: { status: string; count: number; leads: TLeadDto[] }[] }>(
          ev("GET", "/leads/my/pipeline", "carol"),
        )
      ).columns.find((c) => c.status === "Open")!;
    const before = await openColumn();
    expect(before.leads.map((l) => l.id)).not.toContain(bronzeLead.id);

    clock.advance(23 * HOUR);
    expect((await ev("GET", route, "carol")).statusCode).toBe(404);
    clock.advance(2 * HOUR);
    expect((await ev("GET", route, "carol")).statusCode).toBe(200);
    const later = await ok<TLeadDto[]>(
      ev("POST", `/facilities/${ids.bronze}/leads`, "carol", { data: {} }),
    );
    expect(later.map((l) => l.id)).toContain(bronzeLead.id);
    const after = await openColumn();
    expect(after.leads.map((l) => l.id)).toContain(bronzeLead.id);
    expect(after.count).toBe(before.count + 1);
  });

  it("announces the lead to the Bronze facility's staff when it appears, once", async () => {
    // The clock stands past the head start: the announcement recorded with the publish is due.
    const titles = (await titlesOf("carol")).filter((t) => t === "New request: Urgent Shootout");
    expect(titles).toHaveLength(1);
    await app().events.settled();
    expect(
      (await titlesOf("carol")).filter((t) => t === "New request: Urgent Shootout"),
    ).toHaveLength(1);
  });

  it("withdraws at an award a held-back lead its venue never saw (not Lost), and never announces it", async () => {
    const event = await createEvent(api, "organizer", "Sudden Final");
    await publishRequest(api, "organizer", event, courtsRequest({ urgency: 0 }));
    const leads = await leadsOf(event);
    const fishers = leads.find((l) => l.owner.name === "Fishers Box")!;
    expect(fishers.status).toBe("Open");
    const indy = leads.find((l) => l.owner.name === "Indy Fieldhouse")!;
    await ok(ev("PATCH", `/events/${event}/leads/${indy.id}`, "alice", moveTo("Interested")));
    await ok(ev("PATCH", `/events/${event}/leads/${indy.id}`, "organizer", moveTo("Won")));
    const after = await leadsOf(event);
    expect(after.map((l) => l.id)).not.toContain(fishers.id);
    expect(after.filter((l) => l.status === "Lost").map((l) => l.owner.name)).not.toContain(
      "Fishers Box",
    );
    clock.advance(25 * HOUR);
    expect((await ev("GET", `/events/${event}/leads/${fishers.id}`, "carol")).statusCode).toBe(404);
    const carol = await titlesOf("carol");
    expect(carol).not.toContain("New request: Sudden Final");
    expect(carol.filter((t) => t.startsWith("Sudden Final"))).toEqual([]);
  });
});

describe("the RFP marketplace", () => {
  let eventId: string;

  it("is locked, with an explanation, for people without a destination or facility membership", async () => {
    const res = await ev("POST", "/events/search/rfps", "stranger", { data: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("RFP_MARKETPLACE_LOCKED");
    expect(res.json().error.message).toMatch(/membership/);
    expect((await ev("POST", "/events/search/rfps", "anonymous", { data: {} })).statusCode).toBe(
      401,
    );
  });

  it("shows a fresh hot request at once to hot-lead tiers and a day later to a Bronze facility", async () => {
    eventId = await createEvent(api, "organizer", "Near Future Invitational");
    await publishRequest(api, "organizer", eventId, courtsRequest({ urgency: 1 }));
    const names = async (who: TPerson, data: object = {}) =>
      (
        await ok<{ event: { name: string } }[]>(
          ev("POST", "/events/search/rfps?take=100", who, { data }),
        )
      ).map((r) => r.event.name);
    expect(await names("alice")).toContain("Near Future Invitational");
    expect(await names("admin")).toContain("Near Future Invitational");
    expect(await names("carol")).not.toContain("Near Future Invitational");
    // Exploring requests are everyone's at once.
    expect(await names("carol")).toContain("Hoosier Hoops Classic");
    clock.advance(25 * HOUR);
    expect(await names("carol")).toContain("Near Future Invitational");
  });

  it("filters by sport, state, urgency and text", async () => {
    const names = async (data: object) =>
      (
        await ok<{ event: { name: string } }[]>(
          ev("POST", "/events/search/rfps?take=100", "alice", { data }),
        )
      ).map((r) => r.event.name);
    expect(await names({ states: ["Indiana"], text: "Hoosier" })).toEqual([
      "Hoosier Hoops Classic",
    ]);
    expect(await names({ states: ["Kentucky"] })).toEqual([]);
    expect(await names({ sports: ["Soccer"] })).toEqual([]);
    expect(await names({ urgency: [0] })).toEqual(["Urgent Shootout"]);
    const bad = await ev("POST", "/events/search/rfps", "alice", { data: { urgency: [7] } });
    expect(bad.statusCode).toBe(400);
  });
});
