// How long to wait before trying the server again after it could not serve: doubling from 1 s,
// or what its Retry-After asked, never below 1 s nor above 30 s, with a little jitter so the
// browsers an outage turned away do not all come back in the same instant.

export const BACKOFF_MIN_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;
/** The share of a wait added at random (0 to 20 % more). */
export const BACKOFF_JITTER = 0.2;

/**
 * The wait before try number `attempt + 1` (`attempt` counts the failures so far, from 0), in ms.
 * A Retry-After (seconds) replaces the doubling; `random` is Math.random unless a test fixes it.
 */
export function backoffDelayMs(
  attempt: number,
  retryAfterSeconds: number | null = null,
  random: () => number = Math.random,
): number {
  const asked =
    retryAfterSeconds === null
      ? BACKOFF_MIN_MS * 2 ** Math.max(0, attempt)
      : retryAfterSeconds * 1000;
  const base = Math.min(BACKOFF_MAX_MS, Math.max(BACKOFF_MIN_MS, asked));
  return Math.min(BACKOFF_MAX_MS, Math.round(base * (1 + BACKOFF_JITTER * random())));
}
