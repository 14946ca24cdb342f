// The waits between tries while the server cannot serve: doubling, Retry-After, bounds, jitter.
import { describe, expect, it } from "vitest";
import { BACKOFF_MAX_MS, BACKOFF_MIN_MS, backoffDelayMs } from "./backoff";

const noJitter = () => 0;
const mostJitter = () => 0.999;

describe("backoffDelayMs", () => {
  it("doubles from 1 s and stops at 30 s", () => {
    const waits = [0, 1, 2, 3, 4, 5, 6, 12].map((attempt) =>
      backoffDelayMs(attempt, null, noJitter),
    );
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });

  it("waits what Retry-After asks instead, within 1 s and 30 s", () => {
    expect(backoffDelayMs(0, 5, noJitter)).toBe(5_000);
    expect(backoffDelayMs(4, 3, noJitter)).toBe(3_000);
    expect(backoffDelayMs(0, 0, noJitter)).toBe(BACKOFF_MIN_MS);
    expect(backoffDelayMs(0, 3_600, noJitter)).toBe(BACKOFF_MAX_MS);
  });

  it("adds up to a fifth at random, never below what was asked nor above 30 s", () => {
    expect(backoffDelayMs(1, null, () => 0.75)).toBe(2_300);
    expect(backoffDelayMs(0, 10, () => 0.5)).toBe(11_000);
    expect(backoffDelayMs(9, null, mostJitter)).toBe(BACKOFF_MAX_MS);
  });
});
