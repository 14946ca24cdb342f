// A Redis client for work that goes on without Redis (read routing, rate limits): commands fail at
// once while Redis is away (no queue, one retry, a short timeout), so the caller falls back at
// once, and the client says in the log when Redis goes away and when it is back (once each).
import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";
import { redisAddress } from "../hub/hub";

export function watchedRedis(
  url: string,
  log: FastifyBaseLogger,
  options: {
    /** Who uses it, for the log: "read routing". */
    what: string;
    /** Said once Redis answers: what it is used for. */
    up: string;
    /** Said when Redis is away: what happens meanwhile. */
    away: string;
    commandTimeoutMs: number;
  },
): Redis {
  const address = redisAddress(url);
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: options.commandTimeoutMs,
  });
  let up: boolean | undefined;
  const changed = (now: boolean) => {
    if (up === now) return;
    up = now;
    if (now) log.info({ redis: address }, `${options.what}: ${options.up} (REDIS_URL)`);
    else
      log.warn(
        { redis: address },
        `${options.what} cannot reach Redis at ${address}: ${options.away}`,
      );
  };
  redis.on("ready", () => changed(true));
  redis.on("close", () => changed(false));
  redis.on("error", (error) => log.debug({ err: error }, `${options.what}: redis failed`));
  redis.connect().catch(() => changed(false));
  return redis;
}
