// The rate limits' counters when REDIS_URL is set: in Redis, so that the processes of the app
// count a client's requests together (each process's memory store allowed a client the limit once
// per process); in this process alone while Redis is away, so a lost Redis neither fails requests
// nor lifts the limit. Without REDIS_URL the plugin's own memory store counts (security.ts).
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";
import { watchedRedis } from "../redis/watched-client";

/** What @fastify/rate-limit asks of a store: a client's count in its window, and the ms left. */
type TCount = { current: number; ttl: number };
type TCallback = (error: Error | null, result: TCount) => void;
/**
 * What the plugin gives `child`: a route's limits with the route itself as `routeInfo` (its types
 * say the route's options; the object it passes holds them under `routeInfo`).
 */
type TChildOptions = Parameters<FastifyRateLimitStore["child"]>[0] & {
  routeInfo?: { method?: string | string[]; url?: string };
};

/** Redis's answer is waited for this long; past it the request is counted here. */
const COMMAND_TIMEOUT_MS = 250;
/** The clients counted in memory while Redis is away, at most (expired ones go first). */
const LOCAL_KEYS = 10_000;
const KEY_PREFIX = "hostfield:rate:";

/**
 * One more request of `KEYS[1]`: its window starts with its first request and lasts `ARGV[1]` ms
 * (a key left without an expiry, by a crash between the two commands, gets one). Returns the
 * count and the window's ms left.
 */
const COUNT_SCRIPT = `local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if current == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

/** Counts in this process's memory: a window per key from its first request. */
class LocalCounts {
  private readonly counts = new Map<string, { current: number; endsAt: number }>();

  incr(key: string, windowMs: number): TCount {
    const now = Date.now();
    let entry = this.counts.get(key);
    if (!entry || entry.endsAt <= now) {
      this.counts.delete(key);
      if (this.counts.size >= LOCAL_KEYS) this.sweep(now);
      entry = { current: 0, endsAt: now + windowMs };
      this.counts.set(key, entry);
    }
    entry.current += 1;
    return { current: entry.current, ttl: entry.endsAt - now };
  }

  /** Drops the ended windows, then the oldest, until there is room for one more. */
  private sweep(now: number) {
    for (const [key, entry] of this.counts) if (entry.endsAt <= now) this.counts.delete(key);
    for (const key of this.counts.keys()) {
      if (this.counts.size < LOCAL_KEYS) break;
      this.counts.delete(key);
    }
  }
}

type TCounting = { redis: Redis; local: LocalCounts; log: FastifyBaseLogger };

/** Counts in Redis under `prefix`, or here when Redis does not answer. */
class RedisCounts implements FastifyRateLimitStore {
  constructor(
    private readonly counting: TCounting,
    private readonly prefix: string,
  ) {}

  incr(key: string, callback: TCallback, timeWindow: number): void {
    const { redis, local, log } = this.counting;
    const fullKey = `${this.prefix}${key}`;
    redis.eval(COUNT_SCRIPT, 1, fullKey, String(timeWindow)).then(
      (reply) => {
        const [current, ttl] = reply as [number, number];
        callback(null, { current, ttl });
      },
      (error: unknown) => {
        log.debug({ err: error }, "rate limit counted in memory: Redis did not answer");
        callback(null, local.incr(fullKey, timeWindow));
      },
    );
  }

  /** A route with limits of its own counts apart (the plugin asks per route). */
  child(options: TChildOptions): FastifyRateLimitStore {
    const route = options.routeInfo;
    return new RedisCounts(this.counting, `${this.prefix}${route?.method}${route?.url}:`);
  }
}

/**
 * The store class @fastify/rate-limit makes its store from (`store` option), counting in Redis at
 * `url`, and `close` for the app's end.
 */
export function redisRateLimitStore(
  url: string,
  log: FastifyBaseLogger,
): { Store: FastifyRateLimitStoreCtor; close(): Promise<void> } {
  // Commands fail at once while Redis is away: the request is counted here instead.
  const redis = watchedRedis(url, log, {
    what: "rate limits",
    up: "counted in Redis",
    away: "each process counts on its own until it is back",
    commandTimeoutMs: COMMAND_TIMEOUT_MS,
  });
  const counting: TCounting = { redis, local: new LocalCounts(), log };
  return {
    // What the plugin makes its store with (`new Store(params)`): the app-wide counts.
    Store: class extends RedisCounts {
      constructor() {
        super(counting, KEY_PREFIX);
      }
    },
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
