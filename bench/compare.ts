// `npm run bench -- compare` (run through tsx by bench/run.mjs): the organizer's comparison of a
// request's proposals, on the embedded database or on PostgreSQL (DATABASE_URL names a server: a
// fresh database is made there and dropped after). One event, one request, BENCH_COMPARE_PROPOSALS
// (50) venues that each answered with BENCH_COMPARE_LINES (30) priced lines. Timed one call at a
// time over real HTTP: POST /events/{id}/leads/filtered?take=100 with the statuses that carry a
// proposal (every proposal in one reply: the call the comparison makes, requests-api
// listProposalLeads), then the floor: the same rows read by one SQL statement on the same pool.
// Prints progress on stderr and one line `BENCH_RESULT {json}` on stdout.
import { randomUUID } from "node:crypto";
import { proposalTotals } from "@hostfield/domain/rules";
import { FOUR_INDOOR_COURTS, NEAR_INDIANAPOLIS } from "@hostfield/domain/testing";
import { buildApp } from "../apps/server/src/app";
import { testConfig, V } from "../apps/server/test/helper";
import { signInPeople } from "../apps/server/test/oidc-driver";
import { openBenchDatabase } from "./bench-database";
import { latencySummary } from "./latency.mjs";

const PROPOSALS = Number(process.env.BENCH_COMPARE_PROPOSALS ?? 50);
const LINES = Number(process.env.BENCH_COMPARE_LINES ?? 30);
const ROUNDS = Number(process.env.BENCH_COMPARE_ROUNDS ?? 200);
const TARGET_P50_MS = 100;
const DAYS = ["2030-06-12", "2030-06-13", "2030-06-14"];
const log = (message: string) => console.error(`# ${message}`);

const { database, url } = await openBenchDatabase("compare");
const kind = url ? "postgresql" : "embedded";
const app = await buildApp({
  config: testConfig({
    ...(url ? { DATABASE_URL: url } : {}),
    LOG_LEVEL: "warn",
    RATE_LIMIT_MAX: "100000000",
  }),
  database,
});
await app.ready();
const query = (text: string, values?: unknown[]) => database.pool.query(text, values);

/** A proposal of LINES lines over the event's days, each venue's prices its own. */
function proposalOf(venue: number) {
  const lines = Array.from({ length: LINES }, (_, i) => ({
    kind: (["space", "service", "rooms", "extra"] as const)[i % 4],
    description: `Line ${i + 1} of venue ${venue + 1}`,
    dates: i % 3 === 0 ? [] : [DAYS[i % DAYS.length]!],
    quantity: 1 + (i % 5),
    unit: i % 2 === 0 ? "Per Day" : "Each",
    unitPrice: 100 + venue * 7 + i * 3,
  }));
  return {
    message: `Venue ${venue + 1} can host all three days.`,
    dates: DAYS,
    price: null,
    priceUnit: null,
    currency: "USD",
    lines,
    concessions: ["Free parking", "Scoreboard operators included"],
    deposit: { percent: 20, dueDate: "2030-05-01" },
    expiresOn: "2030-05-15",
    submittedDate: new Date().toISOString(),
  };
}

try {
  const tokens = await signInPeople(app, app.db, ["organizer"], "correct horse 42");
  const authorization = `Bearer ${tokens.organizer.access_token}`;
  const call = async (method: string, path: string, body?: unknown) => {
    const reply = await app.inject({
      method: method as "POST",
      url: `/event-mgmt/api${path}?${V}`,
      headers: { authorization },
      ...(body === undefined ? {} : { payload: body }),
    });
    if (reply.statusCode >= 300)
      throw new Error(`${method} ${path}: ${reply.statusCode} ${reply.body}`);
    return reply.json().data;
  };
  const event = await call("POST", "/events", {
    data: {
      name: "Bench Compare Classic",
      type: "Tournament",
      startDate: DAYS[0],
      endDate: DAYS[2],
    },
  });
  const request = await call("POST", `/events/${event.id}/requirements`, {
    data: {
      ...FOUR_INDOOR_COURTS,
      sportsList: [...FOUR_INDOOR_COURTS.sportsList],
      facilityTypes: [],
      ...NEAR_INDIANAPOLIS,
      spaceDescription: "Four courts",
      urgency: 2,
      attendance: 600,
      roomNights: 250,
    },
  });
  // The venues and their answers, written directly: what the comparison reads is the same rows
  // however they came, and 50 venues signing up would only slow the setup.
  for (let v = 0; v < PROPOSALS; v++) {
    const venueId = randomUUID();
    await query(
      `insert into profiles (id, kind, name, slug, status, is_active, city, state, country, lat, lng)
       values ($1, 'facility', $2, $3, 'approved', true, 'Indianapolis', 'Indiana', 'US', 39.77, -86.16)`,
      [venueId, `Bench Venue ${v + 1}`, `bench-venue-${venueId}`],
    );
    await query(
      `insert into event_leads (event_id, requirement_id, owner_type, owner_id, status, source,
         score, reasons, proposal, first_response_date, event_name, owner_name)
       values ($1, $2, 'Facility', $3, 'Interested', 'direct', $4, $5, $6, now(), $7, $8)`,
      [
        event.id,
        request.id,
        venueId,
        50 + (v % 50),
        ["3 of 3 sports", "4 hardwood courts, needs 4"],
        JSON.stringify(proposalOf(v)),
        "bench compare classic",
        `bench venue ${v + 1}`,
      ],
    );
  }
  log(`${kind}: ${PROPOSALS} proposals of ${LINES} lines on one request`);

  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as { port: number };
  const pageUrl = `http://127.0.0.1:${port}/event-mgmt/api/events/${event.id}/leads/filtered?take=100&${V}`;
  // What the comparison asks: the leads whose status may carry a proposal.
  const compareCall = () =>
    fetch(pageUrl, {
      method: "POST",
      headers: { authorization, "content-type": "application/json" },
      body: JSON.stringify({ data: { status: ["Interested", "Won", "Lost"] } }),
    });
  let checked = false;
  const compareMs: number[] = [];
  for (let round = 0; round <= ROUNDS; round++) {
    const started = performance.now();
    const reply = await compareCall();
    const body = (await reply.json()) as {
      data: { proposal: Parameters<typeof proposalTotals>[0] }[];
    };
    const ms = performance.now() - started;
    if (!checked) {
      // Every proposal came whole: totals computed from the reply match the lines written.
      const totals = body.data.map((lead) => proposalTotals(lead.proposal, DAYS).total);
      if (totals.length !== PROPOSALS || totals.some((t) => t === null))
        throw new Error(`the reply held ${totals.length} priced proposals, not ${PROPOSALS}`);
      checked = true;
    }
    // The first round fills caches and prepares statements: not counted.
    if (round > 0) compareMs.push(ms);
  }
  const floorMs: number[] = [];
  for (let round = 0; round <= ROUNDS; round++) {
    const started = performance.now();
    await query(
      `select l.*, p.name, p.city, p.state from event_leads l join profiles p on p.id = l.owner_id
       where l.event_id = $1 and l.status in ('Interested', 'Won', 'Lost')
       order by l.created_date desc, l.id desc limit 100`,
      [event.id],
    );
    if (round > 0) floorMs.push(performance.now() - started);
  }
  const compare = latencySummary(compareMs);
  const floor = latencySummary(floorMs);
  const result = {
    database: kind,
    proposals: PROPOSALS,
    linesEach: LINES,
    rounds: ROUNDS,
    targetP50Ms: TARGET_P50_MS,
    compareMs: compare,
    floorMs: floor,
    p50OverFloor: Math.round(((compare.p50 ?? Number.NaN) / (floor.p50 ?? Number.NaN)) * 10) / 10,
    replyBytes: Number((await compareCall()).headers.get("content-length")),
  };
  console.log(`BENCH_RESULT ${JSON.stringify(result)}`);
} finally {
  await app.close();
  await database.close();
}
