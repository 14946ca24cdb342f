// Recording (issue 18): the tracking route as a browser's beacon reaches it. Each batch counts once
// (sent again in sequence or at the same time); Do-Not-Track, Global Privacy Control and robots
// store nothing; events naming no listing of their kind are dropped; bad and oversized bodies are
// refused with a code; events carry the server's time and UTC day, and a daily visitor hash that
// rotates with the day and sets no cookie; a failed write answers 503 and stores nothing.
// Honest counters (issue 48): a visitor stores at most TRACK_VISITOR_DAY_MAX_EVENTS events a UTC
// day, however its beacons fall into flushes or processes, and `accepted` says what was stored;
// the robots a probe would pose as (no user agent, HTTP tools, Node's fetch) store nothing.
import { randomUUID } from "node:crypto";
import type { TTrackEvent } from "@hostfield/domain/contracts";
import { TRACK_BODY_MAX_BYTES } from "@hostfield/domain/contracts";
import { TRACK_VISITOR_DAY_MAX_EVENTS } from "@hostfield/domain/reference";
import { describe, expect, it } from "vitest";
import { isBot } from "../src/modules/reports/bots";
import { createIngest } from "../src/modules/reports/tracking";
import { TRACK_RATE_PER_MINUTE } from "../src/modules/reports/tracking-routes";
import { buildTestApp, V } from "./helper";
import {
  BROWSER_UA,
  batchIds,
  rawEvents,
  type TBeacon,
  track,
  trackingSuite,
} from "./reports-tracking-fixture";

const suite = trackingSuite();
const app = () => suite.app();
const L = suite.listings;

const view = (id: string, kind: TTrackEvent["kind"] = "facility"): TTrackEvent => ({
  type: "view",
  kind,
  id,
});

/** The raw events of one batch. */
const eventsOf = async (batchId: string) =>
  (await rawEvents(app())).filter((e) => e.batchId === batchId);

describe("POST /report-mgmt/api/track", () => {
  it("stores a beacon's events (JSON as application/json or text/plain) and answers 202 with the count", async () => {
    const batchId = randomUUID();
    const events: TTrackEvent[] = [
      view(L.facility),
      { type: "impression", kind: "hotel", id: L.hotel },
      { type: "click", kind: "facility", id: L.facility, target: "website" },
      { type: "click", kind: "event", id: L.event, target: "hotel", ref: L.hotel },
    ];
    const res = await track(app(), { batchId, events });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ data: { accepted: 4 } });
    expect(res.headers["set-cookie"]).toBeUndefined();
    const stored = await eventsOf(batchId);
    expect(stored.map((e) => [e.type, e.subjectKind, e.subjectId, e.target, e.ref])).toEqual([
      ["view", "facility", L.facility, null, null],
      ["impression", "hotel", L.hotel, null, null],
      ["click", "facility", L.facility, "website", null],
      ["click", "event", L.event, "hotel", L.hotel],
    ]);

    const plain = randomUUID();
    const asText = await track(
      app(),
      { batchId: plain, events: [view(L.destination, "destination")] },
      { contentType: "text/plain;charset=UTF-8" },
    );
    expect(asText.statusCode, asText.body).toBe(202);
    expect(asText.json().data.accepted).toBe(1);
    expect(await eventsOf(plain)).toHaveLength(1);
  });

  it("counts a batch sent twice in sequence once", async () => {
    const batch = { batchId: randomUUID(), events: [view(L.facility), view(L.hotel, "hotel")] };
    const first = await track(app(), batch);
    const again = await track(app(), batch);
    expect(first.json().data.accepted).toBe(2);
    expect(again.statusCode).toBe(202);
    expect(again.json().data.accepted).toBe(0);
    expect(await eventsOf(batch.batchId)).toHaveLength(2);
  });

  it("counts a batch sent twice at the same time once", async () => {
    const batch = {
      batchId: randomUUID(),
      events: [view(L.facility), view(L.organization, "organization"), view(L.event, "event")],
    };
    const replies = await Promise.all([track(app(), batch), track(app(), batch)]);
    expect(replies.map((r) => r.statusCode)).toEqual([202, 202]);
    expect(replies.map((r) => r.json().data.accepted).sort()).toEqual([0, 3]);
    expect(await eventsOf(batch.batchId)).toHaveLength(3);
  });

  it("stores nothing for Do-Not-Track, Global Privacy Control or a robot, and says 0", async () => {
    const refusals: TBeacon[] = [
      { headers: { dnt: "1" } },
      { headers: { "sec-gpc": "1" } },
      { userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
      { userAgent: "Mozilla/5.0 (compatible; bingbot/2.0)" },
      { userAgent: "Mozilla/5.0 (compatible; Yahoo! Slurp)" },
      { userAgent: "Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/120.0 Safari/537.36" },
      { userAgent: "Mozilla/5.0 (Linux; Android 11; moto g power) Chrome-Lighthouse" },
      { userAgent: "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)" },
      { userAgent: "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)" },
      { userAgent: "WhatsApp/2.23.20.0" },
      { userAgent: "curl/8.5.0" },
      { userAgent: "Wget/1.21.4" },
      { userAgent: "python-requests/2.31.0" },
      { userAgent: "AhrefsSiteAudit spider" },
      // What a probe's script sends: HTTP libraries and runtimes, an empty agent.
      { userAgent: "Go-http-client/1.1" },
      { userAgent: "node-fetch/1.0 (+https://github.com/bitinn/node-fetch)" },
      { userAgent: "undici" },
      { userAgent: "node" },
      { userAgent: "axios/1.7.2" },
      { userAgent: "python-httpx/0.27.0" },
      { userAgent: "Deno/1.44.0" },
      { userAgent: "Bun/1.1.0" },
      { userAgent: "PostmanRuntime/7.39.0" },
      { userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) WindowsPowerShell/5.1.22621" },
      { userAgent: "" },
    ];
    const sent: string[] = [];
    for (const beacon of refusals) {
      const batchId = randomUUID();
      sent.push(batchId);
      const res = await track(app(), { batchId, events: [view(L.facility)] }, beacon);
      expect(res.statusCode, JSON.stringify(beacon)).toBe(202);
      expect(res.json().data.accepted, JSON.stringify(beacon)).toBe(0);
    }
    // No user-agent header at all (inject adds one unless told it is undefined).
    const bare = randomUUID();
    sent.push(bare);
    const noAgent = await app().inject({
      method: "POST",
      url: `/report-mgmt/api/track?${V}`,
      remoteAddress: "203.0.113.7",
      headers: { "content-type": "application/json", "user-agent": undefined },
      payload: JSON.stringify({ data: { batchId: bare, events: [view(L.facility)] } }),
    });
    expect(noAgent.statusCode).toBe(202);
    expect(noAgent.json().data.accepted).toBe(0);
    const stored = new Set((await rawEvents(app())).map((e) => e.batchId));
    const batches = new Set(await batchIds(app()));
    for (const batchId of sent) {
      expect(stored.has(batchId)).toBe(false);
      expect(batches.has(batchId)).toBe(false);
    }
    // DNT: 0 and GPC: 0 are no refusal.
    const allowed = await track(
      app(),
      { batchId: randomUUID(), events: [view(L.facility)] },
      { headers: { dnt: "0", "sec-gpc": "0" } },
    );
    expect(allowed.json().data.accepted).toBe(1);
  });

  it("takes a request without a user agent for a robot, and browsers for people", () => {
    expect(isBot(undefined)).toBe(true);
    expect(isBot("  ")).toBe(true);
    // Node's own fetch says just "node"; a browser's agent never is.
    expect(isBot("node")).toBe(true);
    expect(isBot(" Node ")).toBe(true);
    expect(isBot(BROWSER_UA)).toBe(false);
    expect(
      isBot(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      ),
    ).toBe(false);
    expect(
      isBot("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0"),
    ).toBe(false);
    // Crawlers, link previews, headless browsers and audits, HTTP tools: each a robot.
    const robots = [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
      "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36",
      "Mozilla/5.0 (Linux; Android 11) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 Chrome-Lighthouse",
      "curl/8.5.0",
      "python-requests/2.31.0",
      "axios/1.7.2",
      "Go-http-client/1.1",
      "PostmanRuntime/7.36.0",
      "Dart/3.2 (dart:io)",
    ];
    expect(robots.filter((agent) => !isBot(agent))).toEqual([]);
  });

  it("drops events naming no listing of their kind (unknown ids, the wrong kind, stories)", async () => {
    const batchId = randomUUID();
    const res = await track(app(), {
      batchId,
      events: [
        view(randomUUID()),
        view(L.hotel, "facility"),
        view(L.facility, "story"),
        view(randomUUID(), "story"),
        { type: "click", kind: "destination", id: L.destination, target: "phone" },
      ],
    });
    expect(res.statusCode).toBe(202);
    expect(res.json().data.accepted).toBe(1);
    const stored = await eventsOf(batchId);
    expect(stored.map((e) => [e.subjectId, e.target])).toEqual([[L.destination, "phone"]]);
  });

  it("refuses bad bodies with 400 VALIDATION_FAILED and stores nothing", async () => {
    const before = (await rawEvents(app())).length;
    const bad: unknown[] = [
      { events: [view(L.facility)] },
      { batchId: "not-an-id", events: [view(L.facility)] },
      { batchId: randomUUID(), events: [] },
      { batchId: randomUUID(), events: Array.from({ length: 51 }, () => view(L.facility)) },
      { batchId: randomUUID(), events: [{ type: "purchase", kind: "facility", id: L.facility }] },
      { batchId: randomUUID(), events: [{ type: "click", kind: "facility", id: L.facility }] },
      {
        batchId: randomUUID(),
        events: [{ type: "click", kind: "facility", id: L.facility, target: "fax" }],
      },
      { batchId: randomUUID(), events: [{ type: "view", kind: "planet", id: L.facility }] },
    ];
    for (const batch of bad) {
      const res = await track(app(), batch);
      expect(res.statusCode, JSON.stringify(batch)).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION_FAILED");
    }
    const notJson = await track(app(), "{data: nope");
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error.code).toBe("INVALID_JSON");
    expect(await rawEvents(app())).toHaveLength(before);
  });

  it("refuses a body over TRACK_BODY_MAX_BYTES with 413 PAYLOAD_TOO_LARGE", async () => {
    const batchId = randomUUID();
    const padded = JSON.stringify({
      data: { batchId, events: [view(L.facility)] },
      padding: "x".repeat(TRACK_BODY_MAX_BYTES),
    });
    const res = await track(app(), padded);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe("PAYLOAD_TOO_LARGE");
    expect(await eventsOf(batchId)).toHaveLength(0);
    // Just under the limit is read.
    const fits = JSON.stringify({ data: { batchId, events: [view(L.facility)] } });
    const filler = " ".repeat(TRACK_BODY_MAX_BYTES - Buffer.byteLength(fits));
    const atLimit = await track(app(), fits + filler);
    expect(atLimit.statusCode, atLimit.body).toBe(202);
  });

  it("stamps events with the server's time and its UTC day, across midnight", async () => {
    const late = randomUUID();
    const early = randomUUID();
    suite.clock.set("2026-03-14T23:59:59.999Z");
    await track(app(), { batchId: late, events: [view(L.facility)] });
    suite.clock.set("2026-03-15T00:00:00.000Z");
    await track(app(), { batchId: early, events: [view(L.facility)] });
    suite.clock.set(new Date());
    const [lateEvent] = await eventsOf(late);
    const [earlyEvent] = await eventsOf(early);
    expect(lateEvent?.day).toBe("2026-03-14");
    expect(lateEvent?.receivedAt.toISOString()).toBe("2026-03-14T23:59:59.999Z");
    expect(earlyEvent?.day).toBe("2026-03-15");
  });

  it("tells visitors apart by address and user agent with a hash that changes with the day", async () => {
    const send = async (ip: string, userAgent: string) => {
      const batchId = randomUUID();
      await track(app(), { batchId, events: [view(L.hotel, "hotel")] }, { ip, userAgent });
      return (await eventsOf(batchId))[0]!.visitor;
    };
    suite.clock.set("2026-04-01T08:00:00.000Z");
    const a = await send("198.51.100.1", BROWSER_UA);
    const aAgain = await send("198.51.100.1", BROWSER_UA);
    const otherAddress = await send("198.51.100.2", BROWSER_UA);
    const otherAgent = await send("198.51.100.1", `${BROWSER_UA} Edg/131.0`);
    suite.clock.set("2026-04-02T08:00:00.000Z");
    const aNextDay = await send("198.51.100.1", BROWSER_UA);
    suite.clock.set(new Date());
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(aAgain).toBe(a);
    expect(new Set([a, otherAddress, otherAgent, aNextDay]).size).toBe(4);
    // Neither the address nor the agent is stored.
    expect(JSON.stringify(await rawEvents(app()))).not.toContain("198.51.100.1");
  });
});

describe("the group commit", () => {
  it("answers every request of a flush once it is written, many requests at once", async () => {
    const batches = Array.from({ length: 30 }, (_, i) => ({
      batchId: randomUUID(),
      events: Array.from({ length: 20 }, () =>
        view(i % 2 ? L.facility : L.destination, i % 2 ? "facility" : "destination"),
      ),
    }));
    // Thirty browsers (one visitor's 600 events would pass its daily bound).
    const replies = await Promise.all(
      batches.map((batch, i) => track(app(), batch, { ip: `198.18.0.${i + 1}` })),
    );
    expect(replies.map((r) => r.json().data.accepted)).toEqual(batches.map(() => 20));
    const stored = new Set((await rawEvents(app())).map((e) => e.batchId));
    for (const batch of batches) expect(stored.has(batch.batchId)).toBe(true);
  });

  it("refuses every batch of a failed flush with 503 and writes none of it, batch ids included", async () => {
    const ingest = createIngest(
      {
        db: app().db,
        log: app().log,
        // A listing id the database cannot store makes the event insert fail after the batches'.
        profiles: { kindsOf: async () => new Map([["not-a-uuid", "facility" as const]]) },
        stories: { storyIds: async () => new Set<string>() },
      },
      { flushDelayMs: 60_000 },
    );
    const good = { batchId: randomUUID(), events: [view(L.facility)] };
    const bad = { batchId: randomUUID(), events: [view("not-a-uuid")] };
    const at = { receivedAt: new Date(), visitor: "v" };
    const results = Promise.allSettled([
      ingest.submit({ ...good, ...at }),
      ingest.submit({ ...bad, ...at }),
    ]);
    await ingest.flush();
    const settled = await results;
    for (const result of settled) {
      expect(result.status).toBe("rejected");
      if (result.status === "rejected") {
        expect(result.reason).toMatchObject({ statusCode: 503, code: "SERVICE_UNAVAILABLE" });
      }
    }
    const batches = new Set(await batchIds(app()));
    expect(batches.has(good.batchId)).toBe(false);
    expect(batches.has(bad.batchId)).toBe(false);
    expect(await eventsOf(good.batchId)).toHaveLength(0);
    // Sent again, the refused batch counts.
    const retried = await track(app(), good);
    expect(retried.json().data.accepted).toBe(1);
  });

  it("writes what waits when asked to (the app's close), without waiting for the delay", async () => {
    const ingest = createIngest(
      {
        db: app().db,
        log: app().log,
        profiles: { kindsOf: async () => new Map([[L.hotel, "hotel" as const]]) },
        stories: { storyIds: async () => new Set<string>() },
      },
      { flushDelayMs: 60 * 60_000 },
    );
    const batch = { batchId: randomUUID(), events: [view(L.hotel, "hotel")] };
    const accepted = ingest.submit({ ...batch, receivedAt: new Date(), visitor: "v" });
    await ingest.flush();
    expect(await accepted).toBe(1);
    expect(await eventsOf(batch.batchId)).toHaveLength(1);
  });
});

describe("the tracking route's rate limit", () => {
  it("is its own: beacons neither spend the address's API budget nor go unlimited", async () => {
    const t = await buildTestApp({ env: { RATE_LIMIT_MAX: "3" } });
    try {
      const beacon = () =>
        track(
          t.app,
          { batchId: randomUUID(), events: [view(randomUUID())] },
          { headers: { dnt: "1" } },
        );
      // More beacons than the API's limit are answered…
      for (let i = 0; i < 5; i++) expect((await beacon()).statusCode).toBe(202);
      // …and the API's own budget is untouched by them.
      const search = () =>
        t.app.inject({ method: "GET", url: `/facility-mgmt/api/facilities?${V}` });
      for (let i = 0; i < 3; i++) expect((await search()).statusCode).toBe(200);
      expect((await search()).statusCode).toBe(429);
      // Past TRACK_RATE_PER_MINUTE beacons a minute, the address is refused too.
      const statuses: number[] = [];
      for (let sent = 5; sent < TRACK_RATE_PER_MINUTE; sent++)
        statuses.push((await beacon()).statusCode);
      expect(new Set(statuses)).toEqual(new Set([202]));
      const refused = await beacon();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe("RATE_LIMITED");
    } finally {
      await t.close();
    }
  });
});

describe("a visitor's daily bound (issue 48)", () => {
  const BOUND = TRACK_VISITOR_DAY_MAX_EVENTS;
  /** `n` views of the facility as one batch. */
  const views = (n: number) => ({
    batchId: randomUUID(),
    events: Array.from({ length: n }, () => view(L.facility)),
  });
  /** Raw events stored for the batches of `replies`' ids. */
  const storedOf = async (ids: readonly string[]) => {
    const wanted = new Set(ids);
    return (await rawEvents(app())).filter((e) => wanted.has(e.batchId)).length;
  };

  it("drops a visitor's events past the bound, says how many it kept, and starts again the next day", async () => {
    const probe: TBeacon = { ip: "192.0.2.200", userAgent: BROWSER_UA };
    suite.clock.set("2026-06-01T10:00:00.000Z");
    const sent: string[] = [];
    const send = async (n: number, beacon = probe) => {
      const batch = views(n);
      sent.push(batch.batchId);
      const res = await track(app(), batch, beacon);
      expect(res.statusCode, res.body).toBe(202);
      return res.json().data.accepted as number;
    };
    // 30, then nine of 50: 480 stored; the next 50 keep 20 (the bound is reached mid-batch)…
    expect(await send(30)).toBe(30);
    for (let i = 0; i < 9; i++) expect(await send(50)).toBe(50);
    expect(await send(50)).toBe(BOUND - 480);
    // …and nothing more that day, however it is sent.
    expect(await send(50)).toBe(0);
    expect(await send(1)).toBe(0);
    expect(await storedOf(sent)).toBe(BOUND);
    // Another visitor (same address, another browser) has a bound of its own.
    const other = await send(50, { ip: probe.ip, userAgent: `${BROWSER_UA} Edg/131.0` });
    expect(other).toBe(50);
    // The next UTC day, the same visitor stores again.
    suite.clock.set("2026-06-02T00:00:00.000Z");
    expect(await send(50)).toBe(50);
    suite.clock.set(new Date());
    const { rows } = await app().database.pool.query<{ day: string; offered: number }>(
      "select day::text as day, offered from analytics_visitor_days where day between '2026-06-01' and '2026-06-02' order by day, offered",
    );
    // What each visitor-day was offered (stored up to the bound), nothing of address or agent.
    expect(rows).toEqual([
      { day: "2026-06-01", offered: 50 },
      { day: "2026-06-01", offered: 581 },
      { day: "2026-06-02", offered: 50 },
    ]);
  });

  it("holds across the group commit: many beacons at once store the bound, no more", async () => {
    suite.clock.set("2026-06-03T12:00:00.000Z");
    const batches = Array.from({ length: 14 }, () => views(50));
    const replies = await Promise.all(
      batches.map((batch) => track(app(), batch, { ip: "192.0.2.201" })),
    );
    suite.clock.set(new Date());
    expect(replies.map((r) => r.statusCode)).toEqual(batches.map(() => 202));
    const accepted = replies.map((r) => r.json().data.accepted as number);
    expect(accepted.reduce((a, b) => a + b, 0)).toBe(BOUND);
    expect(await storedOf(batches.map((b) => b.batchId))).toBe(BOUND);
  });

  it("holds across processes: two ingests flushing the same visitor's day store the bound between them", async () => {
    const ctx = {
      db: app().db,
      log: app().log,
      profiles: { kindsOf: async () => new Map([[L.facility, "facility" as const]]) },
      stories: { storyIds: async () => new Set<string>() },
    };
    // Two processes' buffers: nothing they hold in memory is shared, only the database.
    const first = createIngest(ctx, { flushDelayMs: 60_000 });
    const second = createIngest(ctx, { flushDelayMs: 60_000 });
    const at = { receivedAt: new Date("2026-06-04T08:00:00.000Z"), visitor: "two-processes" };
    const batches = Array.from({ length: 16 }, () => views(50));
    const results = batches.map((batch, i) => (i % 2 ? second : first).submit({ ...batch, ...at }));
    await Promise.all([first.flush(), second.flush()]);
    const accepted = await Promise.all(results);
    expect(accepted.reduce((a, b) => a + b, 0)).toBe(BOUND);
    expect(await storedOf(batches.map((b) => b.batchId))).toBe(BOUND);
    // The batches past the bound were recorded as counted (a retry stores nothing more).
    const again = first.submit({ ...batches[15]!, ...at });
    await first.flush();
    expect(await again).toBe(0);
  });
});
