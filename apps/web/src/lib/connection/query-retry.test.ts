// The reads' retry rules: an outage is retried with backoff and Retry-After, a 4xx never.
import { describe, expect, it, vi } from "vitest";
import { ApiError, HTTP_ERROR, NETWORK_ERROR, SERVER_UNAVAILABLE_MESSAGE } from "../api";
import { BACKOFF_MAX_MS } from "./backoff";
import { OUTAGE_RETRIES, queryRetryDelay, shouldRetryQuery } from "./query-retry";

const outage = (status: number, code: string, retryAfter: number | null = null) =>
  new ApiError(code as never, SERVER_UNAVAILABLE_MESSAGE, status, undefined, retryAfter);

describe("retrying a read", () => {
  it.each([
    ["a 503 DATABASE_UNAVAILABLE", outage(503, "DATABASE_UNAVAILABLE")],
    ["a 503 SERVICE_UNAVAILABLE", outage(503, "SERVICE_UNAVAILABLE")],
    ["a proxy's bare 502", outage(502, HTTP_ERROR)],
    ["a 504", outage(504, HTTP_ERROR)],
    ["no answer at all", new ApiError(NETWORK_ERROR, "Could not reach Hostfield.", 0)],
  ])("retries %s for a few minutes", (_case, error) => {
    expect(shouldRetryQuery(1, error)).toBe(true);
    expect(shouldRetryQuery(OUTAGE_RETRIES - 1, error)).toBe(true);
    expect(shouldRetryQuery(OUTAGE_RETRIES, error)).toBe(false);
  });

  it("does not retry a 4xx, and retries anything else once", () => {
    expect(shouldRetryQuery(0, new ApiError("NOT_FOUND", "No.", 404))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError("INTERNAL_ERROR", "Oops.", 500))).toBe(true);
    expect(shouldRetryQuery(1, new ApiError("INTERNAL_ERROR", "Oops.", 500))).toBe(false);
    // A provider's own 503 is not the server being away.
    expect(shouldRetryQuery(1, new ApiError("PAYMENTS_UNAVAILABLE", "Later.", 503))).toBe(false);
  });

  it("waits what Retry-After asks, else doubles from 1 s, at most 30 s", () => {
    vi.spyOn(Math, "random").mockReturnValue(0);
    expect(queryRetryDelay(1, outage(503, "DATABASE_UNAVAILABLE", 7))).toBe(7_000);
    expect(queryRetryDelay(1, outage(503, HTTP_ERROR))).toBe(1_000);
    expect(queryRetryDelay(3, outage(503, HTTP_ERROR))).toBe(4_000);
    expect(queryRetryDelay(9, new Error("odd"))).toBe(BACKOFF_MAX_MS);
  });
});
