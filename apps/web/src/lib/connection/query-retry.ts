// TanStack Query's retry rules for reads: a server that could not serve (no answer; 502, 503 or
// 504) is asked again with backoff, honouring its Retry-After, for about three minutes; a 4xx is
// final; anything else gets one more try. Mutations are not retried (app/query-client.ts): a write
// that got a 503 shows its error, which says to try again.
import { ApiError, isServerUnavailable } from "../api";
import { backoffDelayMs } from "./backoff";

/** Tries after the first while the server is unavailable: 1+2+4+8+16+30×5 s ≈ 3.5 min. */
export const OUTAGE_RETRIES = 10;

export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isServerUnavailable(error)) return failureCount < OUTAGE_RETRIES;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** `failureCount` is 1 before the first retry. */
export function queryRetryDelay(failureCount: number, error: unknown): number {
  const retryAfter = error instanceof ApiError ? error.retryAfterSeconds : null;
  return backoffDelayMs(failureCount - 1, retryAfter);
}
