// Background work on PostgreSQL (pg-boss, through the app's own pool, so the embedded database
// serves it too): queues with workers that run each job once across processes, retry failures
// with backoff and keep the last ones for admins; cron schedules; a graceful stop.

import { createHash } from "node:crypto";
import type { TJobFailure, TQueueCounts } from "@hostfield/domain/contracts";
import type { FastifyBaseLogger } from "fastify";
import type pg from "pg";
import { type JobResult, PgBoss } from "pg-boss";

export type TJobHandler<T> = (data: T, job: { id: string; retryCount: number }) => Promise<void>;

export type TWorkOptions = {
  /** Jobs taken per fetch and handled one after another (default 1). */
  batchSize?: number;
  /** Attempts after the first (default 5), with exponential backoff from `retryDelay` seconds. */
  retryLimit?: number;
  retryDelay?: number;
  /** Workers of this queue in this process (default 1). */
  concurrency?: number;
};

export type TJobQueue = {
  /** Creates the queue and starts this process's workers on it. */
  work<T extends object>(
    name: string,
    handler: TJobHandler<T>,
    options?: TWorkOptions,
  ): Promise<void>;
  /**
   * Adds a job. An `id` makes it idempotent: a second job with the same id is not added (null).
   * `startAfter` defers it.
   */
  send(
    name: string,
    data: object,
    options?: { id?: string; startAfter?: Date },
  ): Promise<string | null>;
  /**
   * Adds jobs in one statement; a job whose id exists already is not added again (`jobIdOf`
   * makes an id from what the job is about). `startAfter` defers a job.
   */
  sendMany(
    name: string,
    jobs: readonly { id: string; data: object; startAfter?: Date }[],
  ): Promise<void>;
  /** Runs `name` on a cron schedule (UTC); the queue must have a worker. */
  schedule(name: string, cron: string): Promise<void>;
  /**
   * Upkeep: `run` on a cron schedule (UTC), in one process of however many share the database.
   * A failed run is retried twice, then left for the next.
   */
  every(name: string, cron: string, run: () => Promise<unknown>): Promise<void>;
  /** Wakes this process's workers of `name` now instead of at their next poll. */
  wake(name: string): void;
  /** Job counts of every queue, and the newest failures (admins). */
  counts(): Promise<TQueueCounts[]>;
  failures(limit: number): Promise<TJobFailure[]>;
  /** Puts a failed job back to run again; false when there is no such failed job. */
  retry(queue: string, id: string): Promise<boolean>;
  /** Resolves once no job of these queues (all by default) is queued or running (tests). */
  idle(queues?: readonly string[]): Promise<void>;
  /** Stops fetching, lets running jobs finish (up to `timeoutMs`), then stops maintenance. */
  stop(timeoutMs: number): Promise<void>;
};

/**
 * A job id fixed by what the job is about (its parts), so sending the same job twice adds it once:
 * shaped as a version-5 UUID (name-based, SHA-1), the type pg-boss's ids have.
 */
export function jobIdOf(...parts: string[]): string {
  const hash = createHash("sha1").update(parts.join("/")).digest("hex");
  const variant = ((Number.parseInt(hash[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hash.slice(0, 8)}-${hash.slice(8, 12)}-5${hash.slice(13, 16)}-${variant}${hash.slice(17, 20)}-${hash.slice(20, 32)}`;
}

/** How often idle workers look for new jobs; in-process sends wake them at once (`wake`). */
const POLLING_SECONDS = 2;
/** A running job's worker beats every half of this; a job without a beat that long is retried. */
const HEARTBEAT_SECONDS = 15;
/** How often the queue's upkeep looks for expired jobs and lost heartbeats. */
const UPKEEP_SECONDS = 15;

export async function startJobQueue(options: {
  pool: pg.Pool;
  log: Pick<FastifyBaseLogger, "error" | "warn">;
}): Promise<TJobQueue> {
  const { pool, log } = options;
  const boss = new PgBoss({
    // The app's pool: on the embedded database it is the one connection PGlite serves.
    db: { executeSql: (text, values) => pool.query(text, values) },
    // The queue's own cron and upkeep; instances are not registered (no table of processes).
    schedule: true,
    supervise: true,
    registerInstance: false,
    migrate: true,
    // Upkeep passes (expiry, lost heartbeats, the counts admins see) every 15 s, not every minute.
    superviseIntervalSeconds: UPKEEP_SECONDS,
    monitorIntervalSeconds: UPKEEP_SECONDS,
  });
  boss.on("error", (error: unknown) => log.error({ err: error }, "job queue error"));
  boss.on("warning", (warning: unknown) => log.warn({ warning }, "job queue warning"));
  await boss.start();

  const workers = new Map<string, string[]>();
  const known = new Set<string>();
  const wake = (name: string) => {
    for (const id of workers.get(name) ?? []) boss.notifyWorker(id);
  };

  const queue: TJobQueue = {
    async work(name, handler, work = {}) {
      const retry = {
        retryLimit: work.retryLimit ?? 5,
        retryDelay: work.retryDelay ?? 2,
        retryBackoff: true,
        retryDelayMax: 600,
        // A job whose worker died (kill -9, a lost machine) runs again soon after its heartbeats
        // stop, not when its 15-minute expiry ends.
        heartbeatSeconds: HEARTBEAT_SECONDS,
      };
      // A queue made by an earlier version keeps its row: this version's retry policy applies.
      await boss.createQueue(name, retry);
      await boss.updateQueue(name, retry);
      known.add(name);
      const ids: string[] = [];
      for (let i = 0; i < (work.concurrency ?? 1); i++) {
        ids.push(
          await boss.work<object>(
            name,
            {
              batchSize: work.batchSize ?? 1,
              pollingIntervalSeconds: POLLING_SECONDS,
              // Each job of a batch succeeds or fails (and is retried) on its own.
              perJobResults: true,
            },
            async (jobs) => {
              const results: JobResult[] = [];
              for (const job of jobs) {
                try {
                  // The queue stores JSON: the data is the T its sender sent to this queue's name.
                  await handler(job.data as never, { id: job.id, retryCount: job.retryCount });
                  results.push({ id: job.id, status: "completed" });
                } catch (error) {
                  log.warn({ err: error, queue: name, job: job.id }, "job failed");
                  const message = error instanceof Error ? error.message : String(error);
                  results.push({ id: job.id, status: "failed", output: { message } });
                }
              }
              // A full batch: there may be more waiting (a backlog after a restart), so look again
              // now rather than at the next poll.
              if (jobs.length >= (work.batchSize ?? 1)) wake(name);
              return results;
            },
          ),
        );
      }
      workers.set(name, ids);
    },
    send: (name, data, sendOptions = {}) =>
      boss.send(name, data, {
        ...(sendOptions.id ? { id: sendOptions.id } : {}),
        ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
      }),
    async sendMany(name, jobs) {
      if (jobs.length > 0)
        await boss.insert(
          name,
          jobs.map(({ id, data, startAfter }) => ({ id, data, ...(startAfter && { startAfter }) })),
        );
    },
    schedule: (name, cron) => boss.schedule(name, cron, null, { tz: "UTC" }),
    async every(name, cron, run) {
      await queue.work(name, async () => void (await run()), { retryLimit: 2 });
      await queue.schedule(name, cron);
    },
    wake,
    async counts() {
      // Every queue, this process's or another's; the jobs counted now (the queue's own counts are
      // a cache refreshed by its upkeep).
      const queues = await boss.getQueues();
      const live = await pool.query<{
        name: string;
        queued: number;
        active: number;
        deferred: number;
        failed: number;
      }>(
        `select name,
           count(*) filter (where state in ('created', 'retry') and start_after <= now())::int as queued,
           count(*) filter (where state = 'active')::int as active,
           count(*) filter (where state in ('created', 'retry') and start_after > now())::int as deferred,
           count(*) filter (where state = 'failed')::int as failed
         from pgboss.job where state in ('created', 'retry', 'active', 'failed') group by name`,
      );
      const of = new Map(live.rows.map((r) => [r.name, r]));
      return queues
        .map((q) => ({
          name: q.name,
          queued: of.get(q.name)?.queued ?? 0,
          active: of.get(q.name)?.active ?? 0,
          deferred: of.get(q.name)?.deferred ?? 0,
          failed: of.get(q.name)?.failed ?? 0,
        }))
        .sort((a, b) => a.name.localeCompare(b.name));
    },
    async failures(limit) {
      const rows = await pool.query<{
        name: string;
        id: string;
        completed_on: Date;
        retry_count: number;
        output: unknown;
      }>(
        `select name, id, completed_on, retry_count, output from pgboss.job
         where state = 'failed' order by completed_on desc limit $1`,
        [limit],
      );
      return rows.rows.map((r) => ({
        queue: r.name,
        id: r.id,
        failedDate: new Date(r.completed_on).toISOString(),
        retries: r.retry_count,
        error: messageOf(r.output),
      }));
    },
    async retry(queue, id) {
      const failed = await pool.query(
        "select 1 from pgboss.job where name = $1 and id = $2 and state = 'failed'",
        [queue, id],
      );
      if (failed.rowCount === 0) return false;
      await boss.retry(queue, id);
      return true;
    },
    async idle(queues) {
      const names = queues ?? [...known];
      for (;;) {
        const busy = await pool.query<{ n: number }>(
          `select count(*)::int as n from pgboss.job
           where name = any($1) and state in ('created', 'retry', 'active')
             and start_after <= now()`,
          [names],
        );
        if ((busy.rows[0]?.n ?? 0) === 0) return;
        for (const name of names) wake(name);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async stop(timeoutMs) {
      await boss.stop({ graceful: true, timeout: timeoutMs, close: false });
    },
  };
  return queue;
}

/** The error a failed job recorded, as one line. */
function messageOf(output: unknown): string {
  if (output && typeof output === "object" && "message" in output) {
    return String((output as { message: unknown }).message);
  }
  return output === null || output === undefined ? "" : JSON.stringify(output).slice(0, 500);
}
