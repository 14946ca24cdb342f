// The job queue and the outbox of domain events, on a real database (PGlite, or PostgreSQL when
// DATABASE_URL is set): an event exists exactly when the change that recorded it committed, each
// subscriber's effect happens once however often the queue delivers it, failures are retried and
// then kept for admins, delayed events wait for their time, and two workers on one database run
// each job once.
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { inTransaction, type TDatabase } from "../src/platform/db/database";
import { createEventBus, type TEventBus } from "../src/platform/events/bus";
import { startJobQueue, type TJobQueue } from "../src/platform/jobs/queue";
import { openTestDatabase, testConfig } from "./helper";

const quiet = { error: () => undefined, warn: () => undefined };
const approval = (profileId: string) => ({
  profileId,
  approvedBy: "00000000-0000-4000-8000-000000000001",
});

let database: TDatabase;
beforeAll(async () => {
  database = await openTestDatabase(testConfig());
  await database.pool.query(
    "create table test_effects (id serial primary key, profile_id text not null, subscriber text not null)",
  );
});
afterAll(() => database.close());

/** A bus and queue started on the test database; stopped after each test. */
let running: { bus: TEventBus; jobs: TJobQueue }[] = [];
async function startBus(
  subscribe: (bus: TEventBus) => void,
  options: { now?: () => Date; retry?: { limit: number; delaySeconds: number } } = {},
) {
  const jobs = await startJobQueue({ pool: database.pool, log: quiet });
  const bus = createEventBus({
    db: database.db,
    log: quiet,
    now: options.now ?? (() => new Date()),
    retry: options.retry,
  });
  subscribe(bus);
  await bus.start(jobs);
  running.push({ bus, jobs });
  return { bus, jobs };
}
afterEach(async () => {
  for (const { bus, jobs } of running) {
    await bus.stop();
    await jobs.stop(5000);
  }
  running = [];
  await database.pool.query("truncate test_effects");
});

async function effects(profileId: string) {
  const rows = await database.pool.query<{ subscriber: string }>(
    "select subscriber from test_effects where profile_id = $1 order by subscriber",
    [profileId],
  );
  return rows.rows.map((r) => r.subscriber);
}

/** A subscriber that writes one row per delivery it handles, through `once`. */
const writing =
  (subscriber: string) =>
  (bus: TEventBus): void =>
    bus.on("ProfileApproved", subscriber, async (e, delivery) => {
      await delivery.once((tx) =>
        tx.execute(
          sql`insert into test_effects (profile_id, subscriber) values (${e.profileId}, ${subscriber})`,
        ),
      );
    });

const until = async (check: () => Promise<boolean>, timeoutMs = 20_000) => {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe("the outbox", () => {
  it("looks less and less often while there is nothing to dispatch, from its start on", async () => {
    let looks = 0;
    await startBus(writing("notifications"), {
      now: () => {
        looks += 1;
        return new Date();
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // Doubling from 2 ms to the 1 s backstop: about a dozen looks in 1.5 s, not one per tick.
    expect(looks).toBeLessThan(20);
    expect(looks).toBeGreaterThan(1);
  });

  it("delivers an event once to each subscriber when its transaction commits, never when it rolls back", async () => {
    const { bus } = await startBus((b) => {
      writing("notifications")(b);
      writing("reports")(b);
    });
    await inTransaction(database.db, (tx) => bus.record(tx, "ProfileApproved", approval("kept")));
    await inTransaction(database.db, async (tx) => {
      await bus.record(tx, "ProfileApproved", approval("rolled-back"));
      await tx.execute(sql`select 1/0`);
    }).catch(() => undefined);
    await bus.settled();
    expect(await effects("kept")).toEqual(["notifications", "reports"]);
    expect(await effects("rolled-back")).toEqual([]);
  });

  it("writes a subscriber's effect once when the queue delivers the event again", async () => {
    const { bus, jobs } = await startBus(writing("notifications"));
    await bus.record(database.db, "ProfileApproved", approval("twice"));
    await bus.settled();
    // A second delivery of the same event, as after a worker died between its write and its ack.
    const [event] = (
      await database.pool.query<{ id: string; data: unknown }>(
        "select id, data from domain_events where data->>'profileId' = 'twice'",
      )
    ).rows;
    await jobs.send("events.notifications", {
      eventId: event!.id,
      type: "ProfileApproved",
      data: event!.data,
    });
    await bus.settled();
    expect(await effects("twice")).toEqual(["notifications"]);
  });

  it("does an effect outside the database at least once: a failure leaves no mark, so it runs again", async () => {
    let calls = 0;
    const sent: string[] = [];
    const { bus, jobs } = await startBus(
      (b) =>
        b.on("ProfileApproved", "mail", async (e, delivery) => {
          await delivery.unlessDone(async () => {
            calls += 1;
            // The first attempt fails as a mail outbox write would with the database away.
            if (calls === 1) throw new Error("outbox unavailable");
            sent.push(e.profileId);
          });
        }),
      { retry: { limit: 2, delaySeconds: 1 } },
    );
    await bus.record(database.db, "ProfileApproved", approval("mailed"));
    await until(async () => sent.length > 0);
    expect(sent).toEqual(["mailed"]);
    expect(calls).toBe(2);
    // Delivered again after the mark: nothing more is sent.
    const [event] = (
      await database.pool.query<{ id: string; data: unknown }>(
        "select id, data from domain_events where data->>'profileId' = 'mailed'",
      )
    ).rows;
    await jobs.send("events.mail", {
      eventId: event!.id,
      type: "ProfileApproved",
      data: event!.data,
    });
    await bus.settled();
    expect(calls).toBe(2);
  });

  it("keeps an event recorded while no process delivers, and delivers it when one starts", async () => {
    // Recorded through a bus that never starts: a process that died right after the commit.
    const stopped = createEventBus({ db: database.db, log: quiet, now: () => new Date() });
    await stopped.record(database.db, "ProfileApproved", approval("orphan"));
    const { bus } = await startBus(writing("notifications"));
    await bus.settled();
    expect(await effects("orphan")).toEqual(["notifications"]);
  });

  it("holds an event until its available date, by the clock the app reads", async () => {
    let now = new Date("2030-01-01T12:00:00Z");
    const { bus } = await startBus(writing("notifications"), { now: () => now });
    await bus.record(database.db, "ProfileApproved", approval("later"), {
      availableDate: new Date("2030-01-02T12:00:00Z"),
    });
    await bus.settled();
    expect(await effects("later")).toEqual([]);
    now = new Date("2030-01-02T12:00:01Z");
    await bus.settled();
    expect(await effects("later")).toEqual(["notifications"]);
  });

  it("retries a failing subscriber with backoff, then keeps the failure for admins to run again", async () => {
    let failing = true;
    let attempts = 0;
    const { bus, jobs } = await startBus(
      (b) =>
        b.on("ProfileApproved", "flaky", async (e, delivery) => {
          attempts += 1;
          if (failing) throw new Error(`flaky subscriber failed on ${e.profileId}`);
          await delivery.once((tx) =>
            tx.execute(
              sql`insert into test_effects (profile_id, subscriber) values (${e.profileId}, 'flaky')`,
            ),
          );
        }),
      { retry: { limit: 1, delaySeconds: 1 } },
    );
    await bus.record(database.db, "ProfileApproved", approval("flaky"));
    await until(async () => (await jobs.failures(10)).length > 0);
    expect(attempts).toBe(2);
    const [failure] = await jobs.failures(10);
    expect(failure).toMatchObject({
      queue: "events.flaky",
      retries: 1,
      error: "flaky subscriber failed on flaky",
    });
    expect((await jobs.counts()).find((q) => q.name === "events.flaky")?.failed).toBe(1);

    failing = false;
    expect(await jobs.retry("events.flaky", failure!.id)).toBe(true);
    await until(async () => (await effects("flaky")).length > 0);
    expect(await effects("flaky")).toEqual(["flaky"]);
    expect(await jobs.retry("events.flaky", failure!.id)).toBe(false);
  });
});

describe("the job queue", () => {
  it("runs each job once with two workers on one database (two processes' pools)", async () => {
    const second = new pg.Pool({
      ...(database.pool as unknown as { options: pg.PoolConfig }).options,
    });
    const queues = [
      await startJobQueue({ pool: database.pool, log: quiet }),
      await startJobQueue({ pool: second, log: quiet }),
    ];
    const ran: string[] = [];
    const secondDb = drizzle(second);
    try {
      for (const [i, queue] of queues.entries()) {
        await queue.work<{ n: number }>(
          "test.once",
          async (data) => {
            ran.push(`${i}:${data.n}`);
            await (i === 0 ? database.db : secondDb).execute(
              sql`insert into test_effects (profile_id, subscriber) values (${String(data.n)}, ${`worker-${i}`})`,
            );
          },
          { batchSize: 5 },
        );
      }
      for (let n = 0; n < 60; n++) await queues[n % 2]!.send("test.once", { n });
      await queues[0]!.idle(["test.once"]);
      const rows = await database.pool.query<{ profile_id: string; n: number }>(
        "select profile_id, count(*)::int as n from test_effects group by profile_id",
      );
      expect(rows.rows).toHaveLength(60);
      expect(rows.rows.every((r) => r.n === 1)).toBe(true);
      expect(ran).toHaveLength(60);
    } finally {
      for (const queue of queues) await queue.stop(5000);
      await second.end();
    }
  });

  it("adds one job for one id however often it is sent", async () => {
    const jobs = await startJobQueue({ pool: database.pool, log: quiet });
    try {
      let runs = 0;
      await jobs.work("test.idempotent", async () => {
        runs += 1;
      });
      const id = "6f1c2a4e-2b8d-5c3f-9a1e-0d4b7c8e9f10";
      const first = await jobs.send("test.idempotent", {}, { id });
      const again = await jobs.send("test.idempotent", {}, { id });
      expect(first).toBe(id);
      expect(again).toBeNull();
      await jobs.idle(["test.idempotent"]);
      expect(runs).toBe(1);
    } finally {
      await jobs.stop(5000);
    }
  });
});
