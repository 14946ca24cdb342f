// The leaderboards and the admins' RFP overview, on a hand-built network: six listed facilities in
// Indiana, Kentucky and Ohio (two regions, three states), a pending one, their daily counters
// written straight into analytics_daily, likes made through the API, and leads sent through the
// rfps API whose times and outcomes are then set in SQL. Every expected rank, size, percentile and
// figure below was worked out by hand from that data (not read from the code under test).
// Blindness: a member's reply never carries another member's figure, anywhere in its body.
// Honest counters (issue 48): boards rank by unique views (each visitor once per listing and day),
// so one visitor's 500 view events lose to three visitors' one view each.
import { randomUUID } from "node:crypto";
import type { TTrackEvent } from "@hostfield/domain/contracts";
import { addDays } from "@hostfield/domain/rules";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rollupDays } from "../src/modules/reports/rollup";
import { expectCallers } from "./access-matrix";
import { track } from "./reports-tracking-fixture";
import {
  addMember,
  createEvent,
  createListed,
  draftRequest,
  HOUR,
  moveTo,
  rfpSuite,
  sendToFacilities,
  type TApi,
} from "./rfps-fixture";
import { runJob } from "./stays-fixture";

const PEOPLE = ["alice", "bob", "carol", "dave", "nobody", "organizer", "admin"] as const;
const { api, app, clock } = rfpSuite(PEOPLE);

const rep = (route: string, who: string) => api.call("report-mgmt", "GET", route, who);
// biome-ignore lint/suspicious/noExplicitAny: tests read replies loosely; each assertion names the fields it checks.
const board = async (route: string, who: string): Promise<any> => api.ok(rep(route, who));

const PLACES = {
  indianapolis: { city: "Indianapolis", state: "IN", lat: 39.76838, lng: -86.15804 },
  carmel: { city: "Carmel", state: "IN", lat: 39.97837, lng: -86.11804 },
  fishers: { city: "Fishers", state: "IN", lat: 39.95559, lng: -86.01387 },
  louisville: { city: "Louisville", state: "KY", lat: 38.25424, lng: -85.75941 },
  lexington: { city: "Lexington", state: "KY", lat: 38.0406, lng: -84.50371 },
  // Entered as a name, not a code: standings still place it in OH and the Midwest.
  columbus: { city: "Columbus", state: "Ohio", lat: 39.96118, lng: -82.99879 },
} as const;

/** A facility owned by `owner`; approved by the admin unless `pending`. */
const facility = (a: TApi, owner: string, name: string, at: keyof typeof PLACES, pending = false) =>
  createListed(a, "facility", owner, { name, at: PLACES[at], pending });

const F: Record<"f1" | "f2" | "f3" | "f4" | "f5" | "f6" | "pending", string> = {
  f1: "",
  f2: "",
  f3: "",
  f4: "",
  f5: "",
  f6: "",
  pending: "",
};

/** Today (UTC, by the app's clock) minus `n` days, as a date. */
const dayAgo = (n: number) => addDays(clock.now().toISOString().slice(0, 10), -n);
/** Noon UTC `n` days ago. */
const noonAgo = (n: number) => new Date(`${dayAgo(n)}T12:00:00.000Z`);

async function counter(id: string, day: string, metric: string, count: number) {
  await app().db.execute(sql`
    insert into analytics_daily (subject_id, subject_kind, day, metric, count)
    values (${id}, 'facility', ${day}::date, ${metric}, ${count})`);
}

/**
 * The (unique) views of the last 90 days, per facility (the distinctive numbers are looked for in
 * members' replies): f1 5101, f2 32031, f3 32031, f5 10617, f6 547, f4 nothing. Outside the window
 * (95 days ago) f1 has 99991 more views; the pending facility's 77771 views never rank. A
 * `visitors` row (the retired metric, as the demo seed still writes) ranks nothing. No counter is
 * on today or yesterday, which the roll-up job rebuilds from raw events.
 */
async function writeCounters() {
  await counter(F.f1, dayAgo(3), "views", 3101);
  await counter(F.f1, dayAgo(60), "views", 2000);
  await counter(F.f1, dayAgo(95), "views", 99991);
  await counter(F.f2, dayAgo(2), "views", 32031);
  await counter(F.f3, dayAgo(2), "views", 32031);
  await counter(F.f4, dayAgo(2), "visitors", 60013);
  await counter(F.f5, dayAgo(89), "views", 10617);
  await counter(F.f6, dayAgo(5), "views", 547);
  await counter(F.f6, dayAgo(4), "clicks", 88881);
  await counter(F.pending, dayAgo(2), "views", 77771);
}

const OTHERS_OF_ALICE = ["32031", "10617", "547"];

/** Whether `n` appears as a number of its own (not inside an id or a date) in `body`. */
const mentions = (body: string, n: string) => new RegExp(`(?<![\\w.-])${n}(?![\\w-])`).test(body);

// Leads: E1 to f1, f2, f3, f5; E2 and E3 to f1, f2, f3; E4 to f2, f3. For each: days ago it
// became visible, hours to its first answer (null: none) and the status it ends in. E1 is won by
// f1 through the API (its other leads lose with it).
type TLeadPlan = { ago: number; hours: number | null; status: string };
const PLAN: Record<string, Partial<Record<keyof typeof F, TLeadPlan>>> = {
  e1: {
    f1: { ago: 10, hours: 2, status: "Won" },
    f2: { ago: 10, hours: 1, status: "Lost" },
    f3: { ago: 10, hours: 30, status: "Lost" },
    f5: { ago: 100, hours: null, status: "Lost" },
  },
  e2: {
    f1: { ago: 9, hours: 4, status: "Lost" },
    f2: { ago: 9, hours: 1, status: "Interested" },
    f3: { ago: 9, hours: null, status: "Open" },
  },
  e3: {
    f1: { ago: 8, hours: null, status: "Open" },
    f2: { ago: 8, hours: 10, status: "Passed" },
    f3: { ago: 8, hours: 0.5, status: "Interested" },
  },
  e4: {
    f2: { ago: 5, hours: 5, status: "Interested" },
    f3: { ago: 40, hours: 6, status: "Passed" },
  },
};
const ROOM_NIGHTS: Record<string, number> = { e1: 120, e2: 80, e3: 60, e4: 40 };
/** Requests published this many days ago (E4's in the previous 30 days). */
const PUBLISHED_AGO: Record<string, number> = { e1: 12, e2: 11, e3: 11, e4: 45 };

async function makeLeads() {
  for (const [e, plan] of Object.entries(PLAN)) {
    const eventId = await createEvent(api, "organizer", `Tournament ${e}`);
    const requestId = await draftRequest(api, "organizer", eventId);
    const targets = Object.keys(plan) as (keyof typeof F)[];
    const leadIds = await sendToFacilities(
      api,
      "organizer",
      eventId,
      requestId,
      targets.map((t) => F[t]),
    );
    const leadOf = new Map(targets.map((t, i) => [t, leadIds[i]!]));
    if (e === "e1") {
      // f1 answers with a proposal and wins: the event's other leads lose with it.
      const f1Lead = leadOf.get("f1")!;
      await api.ok(
        api.ev("PATCH", `/events/${eventId}/leads/${f1Lead}`, "alice", moveTo("Interested")),
      );
      await api.ok(
        api.ev("PATCH", `/events/${eventId}/leads/${f1Lead}`, "organizer", moveTo("Won")),
      );
    }
    await app().db.execute(sql`
      update event_requirements set status = case when status = 'draft' then 'published' else status end,
        published_date = ${noonAgo(PUBLISHED_AGO[e]!).toISOString()}::timestamptz,
        room_nights = ${ROOM_NIGHTS[e]!}
      where id = ${requestId}`);
    for (const [target, lead] of Object.entries(plan) as [keyof typeof F, TLeadPlan][]) {
      const visible = noonAgo(lead.ago);
      const answered = lead.hours === null ? null : new Date(visible.getTime() + lead.hours * HOUR);
      await app().db.execute(sql`
        update event_leads set visible_from = ${visible.toISOString()}::timestamptz,
          first_response_date = ${answered ? answered.toISOString() : null}::timestamptz,
          status = ${lead.status}
        where id = ${leadOf.get(target)!}`);
    }
  }
}

beforeAll(async () => {
  F.f1 = await facility(api, "alice", "Alpha Courts", "indianapolis");
  F.f4 = await facility(api, "alice", "Delta Dome", "fishers");
  F.f2 = await facility(api, "bob", "Bravo Fields", "carmel");
  F.f6 = await facility(api, "bob", "Foxtrot Hall", "columbus");
  F.f3 = await facility(api, "carol", "Charlie Center", "louisville");
  F.f5 = await facility(api, "carol", "Echo Arena", "lexington");
  F.pending = await facility(api, "carol", "Golf Gym", "louisville", true);
  // dave is a member of Bravo Fields, not one of its managers.
  await addMember(api, "facility", F.f2, "dave", "member");
  await writeCounters();
  // Likes (a facility's reaction): f3 two, f5 one; f1's one is older than the window.
  await api.ok(api.call("facility-mgmt", "POST", `/facilities/${F.f3}/likes`, "nobody"));
  await api.ok(api.call("facility-mgmt", "POST", `/facilities/${F.f3}/likes`, "dave"));
  await api.ok(api.call("facility-mgmt", "POST", `/facilities/${F.f5}/likes`, "bob"));
  await api.ok(api.call("facility-mgmt", "POST", `/facilities/${F.f1}/likes`, "carol"));
  await app().db.execute(sql`
    update profile_reactions set created_date = ${noonAgo(100).toISOString()}::timestamptz
    where profile_id = ${F.f1}`);
  await makeLeads();
}, 240_000);

/** Top entries as [name, rank]. */
const ranks = (b: { top: { name: string; rank: number }[] }) => b.top.map((e) => [e.name, e.rank]);
// biome-ignore lint/suspicious/noExplicitAny: loosely read replies.
const mineOf = (b: any, name: string) => b.mine.find((m: { name: string }) => m.name === name);

describe("a listing kind's leaderboard", () => {
  it("ranks every listed facility by views over the last 90 days, ties sharing a rank, zero at the bottom", async () => {
    const b = await board("/facilities/leaderboard?metric=views", "admin");
    expect(b.board).toBe("facility");
    expect(b.metric).toBe("views");
    expect(b.metrics).toEqual(["views", "follows", "leads"]);
    expect(b.period).toEqual({ startDate: dayAgo(89), endDate: dayAgo(0) });
    expect(b.computedDate).not.toBeNull();
    expect(b.total).toBe(6);
    // 32031 and 32031 (tied); 10617; 5101; 547; 0. The pending one never ranks.
    expect(b.top.map((e: { rank: number }) => e.rank)).toEqual([1, 1, 3, 4, 5, 6]);
    expect(Object.fromEntries(ranks(b))).toEqual({
      "Bravo Fields": 1,
      "Charlie Center": 1,
      "Echo Arena": 3,
      "Alpha Courts": 4,
      "Foxtrot Hall": 5,
      "Delta Dome": 6,
    });
  });

  it("gives admins every figure, and pages through the board", async () => {
    const b = await board("/facilities/leaderboard?metric=views", "admin");
    expect(b.revealed).toBe(true);
    const byName = Object.fromEntries(
      b.top.map((e: { name: string; values: unknown }) => [e.name, e.values]),
    );
    expect(byName["Alpha Courts"]).toEqual({ views: 5101, follows: 0, leads: 3 });
    expect(byName["Bravo Fields"]).toEqual({ views: 32031, follows: 0, leads: 4 });
    expect(byName["Charlie Center"]).toEqual({ views: 32031, follows: 2, leads: 4 });
    expect(byName["Echo Arena"]).toEqual({ views: 10617, follows: 1, leads: 0 });
    expect(byName["Foxtrot Hall"]).toEqual({ views: 547, follows: 0, leads: 0 });
    // Delta Dome's `visitors` row (a retired metric) counts for nothing.
    expect(byName["Delta Dome"]).toEqual({ views: 0, follows: 0, leads: 0 });
    const page = await board("/facilities/leaderboard?metric=views&offset=3&limit=2", "admin");
    expect(ranks(page)).toEqual([
      ["Alpha Courts", 4],
      ["Foxtrot Hall", 5],
    ]);
    expect(page.total).toBe(6);
  });

  it("names a listing hidden since the board was computed to admins and its own people only", async () => {
    const hide = (active: boolean) =>
      app().db.execute(sql`update profiles set is_active = ${active} where id = ${F.f5}`);
    const names = async (who: string) =>
      (await board("/facilities/leaderboard?metric=views", who)).top.map(
        (e: { name: string }) => e.name,
      );
    // The board as computed while it was listed.
    expect(await names("dave")).toContain("Echo Arena");
    await hide(false);
    try {
      expect(await names("dave")).not.toContain("Echo Arena");
      expect(await names("dave")).toContain("Bravo Fields");
      expect(await names("carol")).toContain("Echo Arena");
      expect(await names("admin")).toContain("Echo Arena");
    } finally {
      await hide(true);
    }
  });

  it("ranks by follows (the kind's likes) and leads received; no longer by a `visitors` of its own", async () => {
    const visitors = await rep("/facilities/leaderboard?metric=visitors", "admin");
    expect(visitors.statusCode).toBe(400);
    const follows = await board("/facilities/leaderboard?metric=follows", "admin");
    expect(
      follows.top.slice(0, 2).map((e: { name: string; rank: number }) => [e.name, e.rank]),
    ).toEqual([
      ["Charlie Center", 1],
      ["Echo Arena", 2],
    ]);
    expect(follows.top.slice(2).map((e: { rank: number }) => e.rank)).toEqual([3, 3, 3, 3]);
    const leads = await board("/facilities/leaderboard?metric=leads", "admin");
    const leadRanks = Object.fromEntries(ranks(leads));
    expect(leadRanks).toEqual({
      "Bravo Fields": 1,
      "Charlie Center": 1,
      "Alpha Courts": 3,
      "Echo Arena": 4,
      "Delta Dome": 4,
      "Foxtrot Hall": 4,
    });
  });

  it("narrows the top to a state (by code or name) or a region, ranked within it", async () => {
    const indiana = await board("/facilities/leaderboard?metric=views&state=IN", "alice");
    expect(ranks(indiana)).toEqual([
      ["Bravo Fields", 1],
      ["Alpha Courts", 2],
      ["Delta Dome", 3],
    ]);
    expect(indiana.total).toBe(3);
    const byName = await board("/facilities/leaderboard?metric=views&state=Indiana", "alice");
    expect(ranks(byName)).toEqual(ranks(indiana));
    const ohio = await board("/facilities/leaderboard?metric=views&state=OH", "alice");
    expect(ranks(ohio)).toEqual([["Foxtrot Hall", 1]]);
    const midwest = await board("/facilities/leaderboard?metric=views&region=midwest", "alice");
    expect(ranks(midwest)).toEqual([
      ["Bravo Fields", 1],
      ["Alpha Courts", 2],
      ["Foxtrot Hall", 3],
      ["Delta Dome", 4],
    ]);
    expect(midwest.total).toBe(4);
    const southeast = await board("/facilities/leaderboard?metric=views&region=Southeast", "alice");
    expect(ranks(southeast)).toEqual([
      ["Charlie Center", 1],
      ["Echo Arena", 2],
    ]);
    const both = await rep("/facilities/leaderboard?state=IN&region=Midwest", "alice");
    expect(both.statusCode).toBe(400);
    expect((await rep("/facilities/leaderboard?metric=likes", "alice")).statusCode).toBe(400);
  });

  it("shows a member their own listings' figures and standings nationally, in their region and state", async () => {
    const b = await board("/facilities/leaderboard?metric=views", "alice");
    expect(b.mine.map((m: { name: string }) => m.name).sort()).toEqual([
      "Alpha Courts",
      "Delta Dome",
    ]);
    const alpha = mineOf(b, "Alpha Courts");
    expect(alpha.rank).toBe(4);
    expect(alpha.values).toEqual({ views: 5101, follows: 0, leads: 3 });
    // 6 ranked: 4th is (6 - 4 + 1) / 6 = 50 %; 2nd of 4 in the Midwest 75 %; 2nd of 3 in IN 67 %.
    expect(alpha.standings).toEqual([
      { scope: "national", rank: 4, of: 6, percentile: 50 },
      { scope: "region", area: "Midwest", rank: 2, of: 4, percentile: 75 },
      { scope: "state", area: "IN", rank: 2, of: 3, percentile: 67 },
    ]);
    const delta = mineOf(b, "Delta Dome");
    expect(delta.standings).toEqual([
      { scope: "national", rank: 6, of: 6, percentile: 17 },
      { scope: "region", area: "Midwest", rank: 4, of: 4, percentile: 25 },
      { scope: "state", area: "IN", rank: 3, of: 3, percentile: 33 },
    ]);
    const bob = await board("/facilities/leaderboard?metric=views", "bob");
    expect(mineOf(bob, "Foxtrot Hall").standings).toEqual([
      { scope: "national", rank: 5, of: 6, percentile: 33 },
      { scope: "region", area: "Midwest", rank: 3, of: 4, percentile: 50 },
      { scope: "state", area: "OH", rank: 1, of: 1, percentile: 100 },
    ]);
  });

  it("is blind: a member sees names and ranks, and no other listing's figure anywhere in the reply", async () => {
    for (const metric of ["views", "follows", "leads"]) {
      const res = await rep(`/facilities/leaderboard?metric=${metric}&limit=200`, "alice");
      expect(res.statusCode, res.body).toBe(200);
      const b = res.json().data;
      expect(b.revealed).toBe(false);
      expect(b.top).toHaveLength(6);
      for (const entry of b.top) {
        if (entry.id === F.f1 || entry.id === F.f4) expect(entry.values).not.toBeNull();
        else expect(entry.values, entry.name).toBeNull();
      }
      for (const n of OTHERS_OF_ALICE) expect(mentions(res.body, n), `${metric}: ${n}`).toBe(false);
      expect(mentions(res.body, "5101")).toBe(true);
    }
  });

  it("shows a plain member of a listing (not a manager) nothing of its figures", async () => {
    const res = await rep("/facilities/leaderboard?metric=views", "dave");
    const b = res.json().data;
    expect(b.mine).toEqual([]);
    expect(b.top.every((e: { values: unknown }) => e.values === null)).toBe(true);
    for (const n of ["5101", "32031", "10617"]) expect(mentions(res.body, n)).toBe(false);
  });

  it("is recomputed by the job: a new counter moves the ranks", async () => {
    await counter(F.f4, dayAgo(6), "views", 40001);
    const before = await board("/facilities/leaderboard?metric=views", "admin");
    expect(
      mineOf(await board("/facilities/leaderboard?metric=views", "alice"), "Delta Dome").rank,
    ).toBe(6);
    expect(before.total).toBe(6);
    await runJob(app(), "reports.standings");
    const after = await board("/facilities/leaderboard?metric=views&limit=1", "admin");
    expect(ranks(after)).toEqual([["Delta Dome", 1]]);
    await app().db.execute(sql`delete from analytics_daily where subject_id = ${F.f4}`);
    await runJob(app(), "reports.standings");
    const again = await board("/facilities/leaderboard?metric=views&limit=1", "admin");
    expect(again.top[0].name).not.toBe("Delta Dome");
  });
});

describe("ranking on unique visitors (issue 48)", () => {
  it("ranks three visitors' one view each above one visitor's 500 views, and says so", async () => {
    const loud = await createListed(api, "organization", "alice", {
      name: "Loud Lions",
      at: PLACES.indianapolis,
    });
    const liked = await createListed(api, "organization", "bob", {
      name: "Many Mavericks",
      at: PLACES.carmel,
    });
    const view = (id: string): TTrackEvent => ({ type: "view", kind: "organization", id });
    // One visitor, ten beacons of 50 views: all stored (the day's bound is 500)…
    for (let i = 0; i < 10; i++) {
      const batch = { batchId: randomUUID(), events: Array.from({ length: 50 }, () => view(loud)) };
      const res = await track(app(), batch, { ip: "192.0.2.90" });
      expect(res.json().data.accepted).toBe(50);
    }
    // …and three visitors, one view each.
    for (const ip of ["192.0.2.91", "192.0.2.92", "192.0.2.93"]) {
      await track(app(), { batchId: randomUUID(), events: [view(liked)] }, { ip });
    }
    const today = dayAgo(0);
    await rollupDays(app().db, today, today, { today, rawDays: 90 });
    await runJob(app(), "reports.standings");
    const b = await board("/organizations/leaderboard?limit=200", "admin");
    expect(b.metric).toBe("views");
    // biome-ignore lint/suspicious/noExplicitAny: loosely read replies.
    const entry = (id: string) => b.top.find((e: any) => e.id === id);
    expect(entry(liked).values.views).toBe(3);
    expect(entry(loud).values.views).toBe(1);
    expect(entry(liked).rank).toBeLessThan(entry(loud).rank);
    expect(b.notes.join(" ")).toContain("Views are unique visitors");
  });
});

describe("the RFP leaderboard", () => {
  // In the window: f1 3 leads (2 answered after 2 h and 4 h; 1 won, 1 lost), f2 4 (all answered:
  // 1, 1, 10, 5 h; 1 lost), f3 4 (3 answered: 30, 0.5, 6 h; 1 lost); f5's one lead is 100 days old.
  it("ranks responders with at least 3 leads by response rate, median first response (lower first) and win rate", async () => {
    const rate = await board("/events/rfps/leaderboard", "admin");
    expect(rate.board).toBe("rfps");
    expect(rate.metric).toBe("responseRate");
    expect(rate.metrics).toEqual(["responseRate", "firstResponseHours", "winRate"]);
    expect(rate.total).toBe(3);
    expect(ranks(rate)).toEqual([
      ["Bravo Fields", 1],
      ["Charlie Center", 2],
      ["Alpha Courts", 3],
    ]);
    const values = Object.fromEntries(
      rate.top.map((e: { name: string; values: unknown }) => [e.name, e.values]),
    );
    expect(values).toEqual({
      "Bravo Fields": { responseRate: 100, firstResponseHours: 3, winRate: 0 },
      "Charlie Center": { responseRate: 75, firstResponseHours: 6, winRate: 0 },
      "Alpha Courts": { responseRate: 66.67, firstResponseHours: 3, winRate: 50 },
    });
    expect(rate.top.map((e: { kind: string }) => e.kind)).toEqual([
      "facility",
      "facility",
      "facility",
    ]);
    const hours = await board("/events/rfps/leaderboard?metric=firstResponseHours", "admin");
    expect(Object.fromEntries(ranks(hours))).toEqual({
      "Alpha Courts": 1,
      "Bravo Fields": 1,
      "Charlie Center": 3,
    });
    const wins = await board("/events/rfps/leaderboard?metric=winRate", "admin");
    expect(Object.fromEntries(ranks(wins))).toEqual({
      "Alpha Courts": 1,
      "Bravo Fields": 2,
      "Charlie Center": 2,
    });
    expect(rate.notes.join(" ")).toContain("at least 3 leads");
  });

  it("shows a responder its own standings and no one else's figures", async () => {
    const res = await rep("/events/rfps/leaderboard?metric=firstResponseHours", "carol");
    const b = res.json().data;
    expect(b.revealed).toBe(false);
    // Echo Arena (one lead) is not ranked, so it is not among carol's.
    expect(b.mine.map((m: { name: string }) => m.name)).toEqual(["Charlie Center"]);
    expect(b.mine[0].values).toEqual({ responseRate: 75, firstResponseHours: 6, winRate: 0 });
    expect(b.mine[0].standings).toEqual([
      { scope: "national", rank: 3, of: 3, percentile: 33 },
      { scope: "region", area: "Southeast", rank: 1, of: 1, percentile: 100 },
      { scope: "state", area: "KY", rank: 1, of: 1, percentile: 100 },
    ]);
    for (const entry of b.top) {
      if (entry.id !== F.f3) expect(entry.values, entry.name).toBeNull();
    }
    expect(res.body).not.toContain("66.67");
    expect(res.body).not.toMatch(/"winRate":50/);
  });
});

describe("the RFP overview", () => {
  // The last 30 days: requests E1–E3 published (E4 45 days ago, in the previous 30), 10 leads
  // (f3's E4 lead 40 days ago is in the previous period, f5's 100 days ago in neither), 8 of them
  // answered (80 %), median of 0.5, 1, 1, 2, 4, 5, 10, 30 h = 3 h; one award today (E1: 120 room
  // nights). The previous 30 days: 1 request, 1 lead, answered (100 %) after 6 h, no award.
  it("gives admins requests, leads, response rate and time, awards and room nights against the previous period", async () => {
    const r = await board("/events/rfps/overview", "admin");
    expect(r.section).toBe("rfps-overview");
    expect(r.subject).toBeNull();
    expect(r.range).toMatchObject({ startDate: dayAgo(29), endDate: dayAgo(0), days: 30 });
    const kpis = Object.fromEntries(
      r.kpis.map(
        (k: { metric: string; total: number; previous: number; change: number | null }) => [
          k.metric,
          [k.total, k.previous, k.change],
        ],
      ),
    );
    expect(kpis).toEqual({
      published: [3, 1, 2],
      leads: [10, 1, 9],
      responseRate: [80, 100, -0.2],
      firstResponseHours: [3, 6, -0.5],
      awards: [1, 0, null],
      roomNights: [120, 0, null],
    });
    expect(r.daily.dates).toHaveLength(30);
    const series = Object.fromEntries(
      r.daily.series.map((s: { metric: string; values: number[] }) => [s.metric, s.values]),
    );
    const at = (n: number) => r.daily.dates.indexOf(dayAgo(n));
    expect(series.leads[at(10)]).toBe(3);
    expect(series.leads[at(9)]).toBe(3);
    expect(series.leads[at(8)]).toBe(3);
    expect(series.leads[at(5)]).toBe(1);
    expect(series.leads.reduce((a: number, b: number) => a + b, 0)).toBe(10);
    expect(series.published[at(12)]).toBe(1);
    expect(series.published[at(11)]).toBe(2);
    expect(series.awards[at(0)]).toBe(1);
    const table = r.tables[0];
    expect(table.rows.reduce((n: number, row: { leads: number }) => n + row.leads, 0)).toBe(10);
  });

  it("answers a custom range, and 400 for one that ends before it starts", async () => {
    const r = await board(
      `/events/rfps/overview?startDate=${dayAgo(59)}&endDate=${dayAgo(30)}`,
      "admin",
    );
    const leads = r.kpis.find((k: { metric: string }) => k.metric === "leads");
    expect([leads.total, leads.previous]).toEqual([1, 0]);
    const bad = await rep(
      `/events/rfps/overview?startDate=${dayAgo(1)}&endDate=${dayAgo(5)}`,
      "admin",
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe("REPORT_RANGE_INVALID");
  });
});

describe("who may call", () => {
  const CALLERS = ["anonymous", "alice", "dave", "nobody", "organizer", "admin"] as const;
  const SIGNED_IN = CALLERS.filter((c) => c !== "anonymous");
  for (const path of ["events", "destinations", "facilities", "organizations"]) {
    it(`GET /${path}/leaderboard: anyone signed in`, async () => {
      await expectCallers(CALLERS, SIGNED_IN, (who) => rep(`/${path}/leaderboard`, who));
    });
  }
  it("GET /events/rfps/leaderboard: anyone signed in", async () => {
    await expectCallers(CALLERS, SIGNED_IN, (who) => rep("/events/rfps/leaderboard", who));
  });
  it("GET /events/rfps/overview: admins only", async () => {
    await expectCallers(CALLERS, ["admin"], (who) => rep("/events/rfps/overview", who));
    expect((await rep("/events/rfps/overview", "alice")).statusCode).toBe(403);
    expect((await rep("/events/rfps/overview", "anonymous")).statusCode).toBe(401);
  });
  it("answers the other boards with the listings of their kind (computed on first read)", async () => {
    const events = await board("/events/leaderboard?metric=follows", "organizer");
    expect(events.board).toBe("event");
    expect(events.total).toBe(events.top.length);
    expect(
      events.top.every(
        (e: { kind: string; values: unknown }) => e.kind === "event" && e.values === null,
      ),
    ).toBe(true);
    const destinations = await board("/destinations/leaderboard", "nobody");
    expect(destinations).toMatchObject({ board: "destination", total: 0, top: [], mine: [] });
  });
});
