// `npm run bench -- reserve` (run through tsx by bench/run.mjs): hotel bookings and availability
// over real HTTP, on the embedded database (default) or on PostgreSQL (DATABASE_URL names a server:
// a fresh database is created on it and dropped afterwards). The app serves from this process; the
// booking clients live in a child (bench/reserve-clients.mjs), autocannon in another.
// - sell-out: one room type with BENCH_RESERVE_ROOMS (500) rooms on one night, 50 clients each
//   looping availability -> book one room until sold out: bookings/s, booking p50/p99, 409s, then
//   checked in the database (none oversold; confirmed reservations = the night's booked).
// - last rooms: 10 rooms left, 100 quotes held and booked at once: exactly 10 must succeed.
// - availability: an event with 30 listed hotels within a few miles, each with room types and a
//   calendar; GET /hotels/events/{id}, POST /hotels/search/matches, POST /hotels/{id}/availability.
// Prints progress on stderr and one line `BENCH_RESULT {json}` on stdout.
import { type ChildProcess, fork, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { addDays, todayUtc } from "@hostfield/domain/rules";
import { buildApp } from "../apps/server/src/app";
import { testConfig } from "../apps/server/test/helper";
import { signInPeople } from "../apps/server/test/oidc-driver";
import { openBenchDatabase } from "./bench-database";
import { latencySummary } from "./latency.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");
const CLIENTS = Number(process.env.BENCH_RESERVE_CLIENTS ?? 50);
const ROOMS = Number(process.env.BENCH_RESERVE_ROOMS ?? 500);
const LAST_ROOMS = 10;
const BURST = 100;
const HOTELS_NEAR = 30;
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const V = "api-version=1.0";
const log = (message: string) => console.error(`# ${message}`);

type TQuery = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** A listed hotel at a point, with room types (rooms to sell and a rate on each night given). */
async function addHotel(
  query: TQuery,
  hotel: { name: string; lat: number; lng: number },
  types: { name: string; rooms: number; rate: number }[],
  nights: readonly string[],
) {
  const id = randomUUID();
  await query(
    `insert into profiles (id, kind, name, slug, status, is_active, city, state, country, lat, lng)
     values ($1, 'hotel', $2, $3, 'approved', true, 'Indianapolis', 'Indiana', 'US', $4, $5)`,
    [id, hotel.name, `bench-${id}`, hotel.lat, hotel.lng],
  );
  await query("insert into hotel_details (profile_id, star_rating, rooms) values ($1, 3, 200)", [
    id,
  ]);
  const typeIds: string[] = [];
  for (const type of types) {
    const typeId = randomUUID();
    typeIds.push(typeId);
    await query(
      `insert into room_types (id, hotel_id, name, beds, max_occupancy, rack_rate)
       values ($1, $2, $3, '2 Queen beds', 4, $4)`,
      [typeId, id, type.name, type.rate],
    );
    await query(
      `insert into room_nights (room_type_id, night, hotel_id, rooms_to_sell, rate)
       select $1, night::date, $2, $3, $4 from unnest($5::text[]) night`,
      [typeId, id, type.rooms, type.rate, nights],
    );
  }
  return { id, typeIds };
}

/** autocannon in a child process, as bench/match.mjs does. */
async function measure(
  name: string,
  url: string,
  request: { method: string; body?: string },
): Promise<Record<string, unknown>> {
  const args = ["-j", "-c", String(connections), "-d", String(duration), "-m", request.method];
  args.push("-H", "content-type=application/json");
  if (request.body) args.push("-b", request.body);
  const child = spawn(
    process.execPath,
    [path.join(root, "node_modules/autocannon/autocannon.js"), ...args, url],
    { stdio: ["ignore", "pipe", "ignore"] },
  );
  let out = "";
  child.stdout.on("data", (chunk) => {
    out += chunk;
  });
  await new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", resolve);
  });
  const result = JSON.parse(out);
  const row = {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
  log(
    `${name}: ${row.requestsPerSecond} req/s, p50 ${row.latencyMs.p50} ms, p99 ${row.latencyMs.p99} ms, non-2xx ${row.non2xx}`,
  );
  return row;
}

function ask<T>(child: ChildProcess, message: object): Promise<T> {
  return new Promise((resolve, reject) => {
    child.once("message", (reply: { ok: boolean; result?: T; error?: string }) =>
      reply.ok ? resolve(reply.result as T) : reject(new Error(reply.error)),
    );
    child.send(message);
  });
}

type TTally = {
  booked: number;
  refused: Record<string, number>;
  bookMs: number[];
  availabilityMs: number[];
  seconds: number;
};

/** What the database says of a night: its counters and the confirmed reservations behind them. */
async function nightInDatabase(query: TQuery, roomTypeId: string, night: string) {
  const { rows } = await query(
    `select c.rooms_to_sell as "roomsToSell", c.held, c.booked,
            (select count(*)::int from reservations r join reservation_nights n on n.reservation_id = r.id
              where r.room_type_id = c.room_type_id and n.night = c.night and r.status = 'Confirmed') as confirmed,
            (select coalesce(sum(r.rooms), 0)::int from reservations r join reservation_nights n on n.reservation_id = r.id
              where r.room_type_id = c.room_type_id and n.night = c.night and r.status = 'Confirmed') as "confirmedRooms"
       from room_nights c where c.room_type_id = $1 and c.night = $2`,
    [roomTypeId, night],
  );
  const row = rows[0] as {
    roomsToSell: number;
    held: number;
    booked: number;
    confirmed: number;
    confirmedRooms: number;
  };
  return { ...row, oversold: Math.max(0, row.held + row.booked - row.roomsToSell) };
}

const { database, url } = await openBenchDatabase("reserve");
const kind = url ? "postgresql" : "embedded";
const config = testConfig({
  ...(url ? { DATABASE_URL: url } : {}),
  LOG_LEVEL: "warn",
  RATE_LIMIT_MAX: "100000000",
});
const app = await buildApp({ config, database });
await app.ready();
const query: TQuery = (text, values) => database.pool.query(text, values);
const clients = fork(path.join(here, "reserve-clients.mjs"), {
  stdio: ["ignore", "inherit", "inherit", "ipc"],
});
const problems: string[] = [];
try {
  let started = Date.now();
  const keys = Array.from({ length: CLIENTS }, (_, i) => `guest${String(i).padStart(2, "0")}`);
  const tokens = await signInPeople(app, app.db, keys, "correct horse 42");
  const accessTokens = keys.map((k) => tokens[k]!.access_token);
  log(`${kind}: ${CLIENTS} guests signed up and signed in in ${Date.now() - started} ms`);

  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;
  const today = todayUtc();
  const night = addDays(today, 30);
  const stay = { checkIn: night, checkOut: addDays(night, 1) };

  // (a) One hot night sold out by 50 clients.
  const hot = await addHotel(
    query,
    // Far from the event of (c), so its matches are the 30 hotels there.
    { name: "Bench Hot Night Hotel", lat: 41.8781, lng: -87.6298 },
    [
      { name: "Double Queen", rooms: ROOMS, rate: 149 },
      { name: "King", rooms: LAST_ROOMS * 10, rate: 159 },
    ],
    [night],
  );
  const sell = await ask<TTally>(clients, {
    type: "sellOut",
    base,
    tokens: accessTokens,
    stay: { ...stay, hotelId: hot.id, roomTypeId: hot.typeIds[0] },
  });
  const sold = await nightInDatabase(query, hot.typeIds[0]!, night);
  const sellOut = {
    rooms: ROOMS,
    clients: CLIENTS,
    booked: sell.booked,
    seconds: Math.round(sell.seconds * 100) / 100,
    bookingsPerSecond: Math.round(sell.booked / sell.seconds),
    bookMs: latencySummary(sell.bookMs),
    availabilityMs: latencySummary(sell.availabilityMs),
    roomsUnavailable: sell.refused.ROOMS_UNAVAILABLE ?? 0,
    refused: sell.refused,
    database: sold,
  };
  log(
    `sell-out: ${sell.booked}/${ROOMS} booked in ${sellOut.seconds} s (${sellOut.bookingsPerSecond} bookings/s), booking p50 ${sellOut.bookMs.p50} ms p99 ${sellOut.bookMs.p99} ms, ${sellOut.roomsUnavailable} × 409 ROOMS_UNAVAILABLE, refusals by code ${JSON.stringify(sell.refused)}; database: ${JSON.stringify(sold)}`,
  );
  if (sold.oversold > 0) problems.push(`sell-out: ${sold.oversold} rooms oversold`);
  if (sold.confirmed !== sold.booked)
    problems.push(`sell-out: ${sold.confirmed} confirmed reservations, booked says ${sold.booked}`);
  if (sold.booked !== ROOMS) problems.push(`sell-out: ${sold.booked} of ${ROOMS} rooms sold`);
  if (sell.booked !== sold.booked)
    problems.push(`sell-out: ${sell.booked} bookings answered 201, booked says ${sold.booked}`);

  // (b) The last rooms: 10 left, 100 quotes booked at once.
  const lastType = hot.typeIds[1]!;
  await query(
    "update room_nights set booked = rooms_to_sell - $3 where room_type_id = $1 and night = $2",
    [lastType, night, LAST_ROOMS],
  );
  const before = await nightInDatabase(query, lastType, night);
  const burst = await ask<TTally & { statuses: number[] }>(clients, {
    type: "burst",
    base,
    tokens: accessTokens,
    attempts: BURST,
    stay: { ...stay, hotelId: hot.id, roomTypeId: lastType },
  });
  const after = await nightInDatabase(query, lastType, night);
  const lastRooms = {
    roomsLeft: LAST_ROOMS,
    attempts: BURST,
    booked: burst.booked,
    roomsUnavailable: burst.refused.ROOMS_UNAVAILABLE ?? 0,
    refused: burst.refused,
    bookMs: latencySummary(burst.bookMs),
    database: { ...after, bookedBefore: before.booked },
  };
  log(
    `last rooms: ${burst.booked} of ${BURST} attempts booked (${LAST_ROOMS} left), ${lastRooms.roomsUnavailable} × 409 ROOMS_UNAVAILABLE, booking p50 ${lastRooms.bookMs.p50} ms p99 ${lastRooms.bookMs.p99} ms; database: ${JSON.stringify(after)}`,
  );
  if (burst.booked !== LAST_ROOMS)
    problems.push(`last rooms: ${burst.booked} of ${BURST} succeeded, ${LAST_ROOMS} should`);
  if (after.oversold > 0) problems.push(`last rooms: ${after.oversold} rooms oversold`);
  if (after.confirmed !== after.booked - before.booked)
    problems.push(
      `last rooms: ${after.confirmed} confirmed, booked grew by ${after.booked - before.booked}`,
    );

  // (c) Availability for an event with 30 hotels nearby.
  started = Date.now();
  const eventId = randomUUID();
  const start = addDays(today, 45);
  const centre = { lat: 39.7601, lng: -86.1639 };
  await query(
    `insert into profiles (id, kind, name, slug, status, is_active, city, state, country, lat, lng)
     values ($1, 'event', 'Bench Classic', $2, 'approved', true, 'Indianapolis', 'Indiana', 'US', $3, $4)`,
    [eventId, `bench-classic-${eventId}`, centre.lat, centre.lng],
  );
  await query(
    `insert into event_details (profile_id, type, start_date, end_date, category)
     values ($1, 'Tournament', $2, $3, 'Marketed')`,
    [eventId, start, addDays(start, 2)],
  );
  const nights = Array.from({ length: 60 }, (_, i) => addDays(today, 20 + i));
  const near: string[] = [];
  for (let i = 0; i < HOTELS_NEAR; i++) {
    // Rings around the venue, up to about 4 miles out.
    const miles = 0.3 + (i % 10) * 0.4;
    const angle = (i * 2.4) % (2 * Math.PI);
    const hotel = await addHotel(
      query,
      {
        name: `Bench Hotel ${i + 1}`,
        lat: centre.lat + (miles / 69) * Math.cos(angle),
        lng: centre.lng + (miles / 53) * Math.sin(angle),
      },
      [
        { name: "Double Queen", rooms: 40 + i, rate: 129 + i },
        { name: "King", rooms: 30, rate: 139 + i },
        { name: "King Suite", rooms: 8, rate: 219 + i },
      ],
      nights,
    );
    near.push(hotel.id);
  }
  await query("analyze");
  log(`${HOTELS_NEAR} hotels with 3 room types and 60 nights each in ${Date.now() - started} ms`);
  const api = `${base}/hotel-mgmt/api`;
  const info = (await fetch(`${api}/hotels/events/${eventId}?${V}`).then((r) => r.json())) as {
    data?: { checkIn: string; checkOut: string };
  };
  const matches = await fetch(`${api}/hotels/search/matches?${V}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ data: { eventId, take: 50 } }),
  }).then((r) => r.json() as Promise<{ data?: unknown[] }>);
  const matched = matches.data?.length ?? 0;
  log(`the event page: ${info.data?.checkIn}..${info.data?.checkOut}; ${matched} matches`);
  if (matched !== HOTELS_NEAR) problems.push(`matches: ${matched} hotels, ${HOTELS_NEAR} expected`);
  const post = (data: object) => ({ method: "POST", body: JSON.stringify({ data }) });
  const availability = [
    await measure("GET /hotels/events/{eventId}", `${api}/hotels/events/${eventId}?${V}`, {
      method: "GET",
    }),
    await measure(
      "POST /hotels/search/matches {eventId}",
      `${api}/hotels/search/matches?${V}`,
      post({ eventId }),
    ),
    await measure(
      "POST /hotels/{id}/availability {eventId}",
      `${api}/hotels/${near[0]}/availability?${V}`,
      post({ eventId }),
    ),
  ];
  for (const row of availability) {
    if ((row.non2xx as number) > 0 || (row.errors as number) > 0)
      problems.push(`${row.name}: ${row.non2xx} non-2xx, ${row.errors} errors`);
  }
  // Marked: the app's own log lines share stdout.
  console.log(
    `BENCH_RESULT ${JSON.stringify({
      database: kind,
      sellOut,
      lastRooms,
      availability: { hotels: HOTELS_NEAR, duration, connections, rows: availability },
      problems,
    })}`,
  );
} finally {
  clients.kill();
  await app.close();
  await database.close();
  fs.rmSync(config.dataDir, { recursive: true, force: true });
}
if (problems.length > 0) {
  console.error(`# PROBLEMS:\n${problems.map((p) => `#   ${p}`).join("\n")}`);
  process.exitCode = 1;
}
