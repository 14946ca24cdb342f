// `npm run bench -- jobs` (run through tsx by bench/run.mjs): the job queue and the outbox of
// domain events, on the embedded database (PGlite over its socket, in memory) and on PostgreSQL (a
// fresh database on BENCH_JOBS_DATABASE_URL's server, dropped afterwards).
// - sends: jobs added one by one, per second;
// - throughput: jobs a worker completes per second from a full queue (batches of 50, 2 workers);
// - outbox: events recorded one at a time in their own transaction at a steady pace, and the time
//   from the commit to the subscriber's start (p50/p99), as delivery runs in production.
// Prints progress on stderr and one line `BENCH_RESULT {json}` on stdout.
import pg from "pg";
import { inTransaction, openDatabase } from "../apps/server/src/platform/db/database.ts";
import { runMigrations } from "../apps/server/src/platform/db/migrate.ts";
import { createEventBus } from "../apps/server/src/platform/events/bus.ts";
import { startJobQueue } from "../apps/server/src/platform/jobs/queue.ts";
import { latencySummary } from "./latency.mjs";

const SERVER_URL =
  process.env.BENCH_JOBS_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const JOBS = Number(process.env.BENCH_JOBS ?? 5000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 400);
const EVENT_GAP_MS = 20;
const log = (message) => console.error(`# ${message}`);
const quiet = { error: (...a) => console.error(...a), warn: () => undefined };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function openBenchDatabase(kind) {
  if (kind === "embedded") {
    const database = await openDatabase({
      databaseUrl: undefined,
      dataDir: undefined,
      poolSize: 4,
    });
    await runMigrations(database.pool);
    return database;
  }
  const name = `hostfield_bench_jobs_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    databaseUrl: url.toString(),
    dataDir: undefined,
    poolSize: 10,
  });
  await runMigrations(database.pool);
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: SERVER_URL });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}

async function throughput(database) {
  const queue = await startJobQueue({ pool: database.pool, log: quiet });
  try {
    // Workers wait at a gate while the queue fills, then run it dry.
    let open;
    const gate = new Promise((resolve) => {
      open = resolve;
    });
    let done = 0;
    await queue.work(
      "bench.noop",
      async () => {
        await gate;
        done += 1;
      },
      { batchSize: 50, concurrency: 2 },
    );
    let started = performance.now();
    for (let n = 0; n < JOBS; n++) await queue.send("bench.noop", { n });
    const sendSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    open();
    while (done < JOBS) await sleep(5);
    const runSeconds = (performance.now() - started) / 1000;
    return {
      jobs: JOBS,
      sendsPerSecond: Math.round(JOBS / sendSeconds),
      completedPerSecond: Math.round(JOBS / runSeconds),
    };
  } finally {
    await queue.stop(5000);
  }
}

async function outbox(database) {
  const jobs = await startJobQueue({ pool: database.pool, log: quiet });
  const bus = createEventBus({ db: database.db, log: quiet, now: () => new Date() });
  const committed = new Map();
  const latencies = [];
  bus.on("ProfileApproved", "bench", async (event, delivery) => {
    const at = performance.now();
    await delivery.once(async () => undefined);
    latencies.push(at - committed.get(event.profileId));
  });
  await bus.start(jobs);
  try {
    for (let n = 0; n < EVENTS; n++) {
      const profileId = String(n);
      await inTransaction(database.db, (tx) =>
        bus.record(tx, "ProfileApproved", { profileId, approvedBy: "bench" }),
      );
      committed.set(profileId, performance.now());
      await sleep(EVENT_GAP_MS);
    }
    await bus.settled();
    return { events: EVENTS, gapMs: EVENT_GAP_MS, commitToHandlerMs: latencySummary(latencies) };
  } finally {
    await bus.stop();
    await jobs.stop(5000);
  }
}

const result = {};
for (const kind of ["embedded", "postgres"]) {
  log(`${kind}: opening`);
  const database = await openBenchDatabase(kind);
  try {
    log(`${kind}: throughput (${JOBS} jobs)`);
    const queue = await throughput(database);
    log(`${kind}: outbox (${EVENTS} events, one every ${EVENT_GAP_MS} ms)`);
    result[kind] = { queue, outbox: await outbox(database) };
  } finally {
    await database.close();
  }
}
console.log(`BENCH_RESULT ${JSON.stringify(result)}`);
process.exit(0);
