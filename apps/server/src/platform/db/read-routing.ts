// Which database a public read goes to, decided here alone. With a read replica (DATABASE_READ_URL)
// a public read goes to the replica, except:
// - a signed-in caller who wrote within DATABASE_READ_STICKY_SECONDS reads the primary, so they see
//   their own write whatever the replica's lag ("sticky to the primary");
// - whenever the replica does not answer, or where stickiness cannot be known (Redis away), the
//   primary answers: a slower read is kinder than a 503.
// Writes, transactions and private reads never come here: they use the primary (`platform.db`).
// Without a replica every read is the primary's and nothing here runs.
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";
import { watchedRedis } from "../redis/watched-client";
import type { TDatabase, TDb } from "./database";
import { isDatabaseUnavailable } from "./unavailable";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * A POST that changes nothing (a search, its facet counts, a filtered list): a signed-in
     * caller's call of it does not keep their reads on the primary.
     */
    readOnly?: boolean;
  }
  interface FastifyInstance {
    reads: TReads;
  }
}

/**
 * Who may be answered from the replica: "anyone" (a page that is the same for all: searches,
 * listed listings), or "visitors" only, for a read that shows members more than the public (a
 * listing's page shows its people their pending listing): members' go to the primary.
 */
export type TReadAudience = "anyone" | "visitors";

export type TReads = {
  /** Runs a public read on the database the rule picks for this request (see the file's top). */
  read<T>(
    request: FastifyRequest,
    work: (db: TDb) => Promise<T>,
    audience?: TReadAudience,
  ): Promise<T>;
};

/** After the replica failed to answer, reads go to the primary this long before it is tried again. */
export const REPLICA_RETRY_MS = 5000;
/** Members remembered as sticky in one process's memory (a burst of writers beyond it is forgotten oldest first). */
const STICKY_IN_MEMORY_MAX = 50_000;
/** A Redis that does not answer this fast counts as away for that call. */
const REDIS_COMMAND_TIMEOUT_MS = 500;
const stickyKey = (userId: string) => `hostfield:reads-primary:${userId}`;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A write of the caller's own, after which they must read the primary: a signed-in caller's call
 * that may change something (not GET, HEAD or OPTIONS; not a route declared `readOnly`), answered
 * 2xx. Calls without a principal (a visitor's tracking beacons, sign-up) have no one to stick.
 */
export function isOwnWrite(request: FastifyRequest, statusCode: number): boolean {
  if (!request.principal || SAFE_METHODS.has(request.method)) return false;
  if (statusCode < 200 || statusCode >= 300) return false;
  return request.routeOptions.config.readOnly !== true;
}

/** Where "this member wrote, until then" is kept: Redis across processes, else this process. */
type TStickyStore = {
  mark(userId: string, untilMs: number): Promise<void>;
  /** True while the member is sticky, and when it cannot be known (Redis away). */
  isSticky(userId: string, nowMs: number): Promise<boolean>;
  close(): Promise<void>;
};

/** This process's own marks: exact for a single process, bounded, oldest forgotten first. */
export function memoryStickyStore(max = STICKY_IN_MEMORY_MAX): TStickyStore {
  const until = new Map<string, number>();
  return {
    async mark(userId, untilMs) {
      until.delete(userId); // re-inserted last: the Map's order is the marks' order
      until.set(userId, untilMs);
      while (until.size > max) until.delete(until.keys().next().value!);
    },
    async isSticky(userId, nowMs) {
      const end = until.get(userId);
      if (end === undefined) return false;
      if (end > nowMs) return true;
      until.delete(userId);
      return false;
    },
    async close() {},
  };
}

/**
 * Marks in Redis, seen by every process, beside this process's own (asked first: no round trip for
 * a member who wrote here). The key keeps the end time (read against the app's clock) and expires
 * with it. Redis away: a mark is kept here only, and a member's read goes to the primary.
 */
function redisStickyStore(url: string, stickyMs: number, log: FastifyBaseLogger): TStickyStore {
  const local = memoryStickyStore();
  // Commands fail at once while Redis is away: the read goes on without it.
  const redis = watchedRedis(url, log, {
    what: "read routing",
    up: "connected to Redis",
    away: "members' public reads go to the primary until it is back",
    commandTimeoutMs: REDIS_COMMAND_TIMEOUT_MS,
  });
  return {
    async mark(userId, untilMs) {
      await local.mark(userId, untilMs);
      await redis
        .set(stickyKey(userId), String(untilMs), "PX", stickyMs)
        .catch((error) => log.debug({ err: error }, "read routing could not mark in Redis"));
    },
    async isSticky(userId, nowMs) {
      if (await local.isSticky(userId, nowMs)) return true;
      try {
        const end = await redis.get(stickyKey(userId));
        return end !== null && Number(end) > nowMs;
      } catch {
        return true;
      }
    },
    async close() {
      if (redis.status === "ready") await redis.quit().catch(() => undefined);
      else redis.disconnect();
    },
  };
}

/** A read the replica cancelled because replaying the primary's changes needed its rows. */
const isRecoveryConflict = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === "40001" ||
  (error as { cause?: { code?: unknown } } | null)?.cause?.code === "40001";

/**
 * Decorates `app.reads`. With a replica it also notes every signed-in caller's write as it is
 * answered (before the reply leaves, so their next call, on any process, finds the mark).
 */
export function registerReadRouting(
  app: FastifyInstance,
  options: {
    database: Pick<TDatabase, "db" | "replica">;
    stickySeconds: number;
    redisUrl: string | undefined;
    /** The clock stickiness is measured by (tests move it). */
    now: () => Date;
  },
): void {
  const primary = options.database.db;
  const replica = options.database.replica?.db;
  if (!replica) {
    app.decorate("reads", { read: (_request, work) => work(primary) } satisfies TReads);
    return;
  }
  const stickyMs = options.stickySeconds * 1000;
  const sticky = options.redisUrl
    ? redisStickyStore(options.redisUrl, stickyMs, app.log)
    : memoryStickyStore();
  const nowMs = () => options.now().getTime();

  let replicaDownUntil = 0;
  const replicaFailed = (error: unknown) => {
    if (Date.now() >= replicaDownUntil)
      app.log.warn(
        { err: error },
        `the read replica (DATABASE_READ_URL) does not answer: public reads go to the primary, trying it again in ${REPLICA_RETRY_MS / 1000} s`,
      );
    replicaDownUntil = Date.now() + REPLICA_RETRY_MS;
  };

  const readsPrimary = async (request: FastifyRequest, audience: TReadAudience) => {
    if (Date.now() < replicaDownUntil) return true;
    if (!request.principal) return false;
    if (audience === "visitors") return true;
    return sticky.isSticky(request.principal.userId, nowMs());
  };

  app.decorate("reads", {
    async read(request, work, audience = "anyone") {
      if (await readsPrimary(request, audience)) return work(primary);
      try {
        return await work(replica);
      } catch (error) {
        if (isDatabaseUnavailable(error)) replicaFailed(error);
        else if (!isRecoveryConflict(error)) throw error;
        return work(primary);
      }
    },
  } satisfies TReads);

  app.addHook("onSend", async (request, reply) => {
    if (isOwnWrite(request, reply.statusCode))
      await sticky.mark(request.principal!.userId, nowMs() + stickyMs);
  });
  app.addHook("onClose", () => sticky.close());
}
