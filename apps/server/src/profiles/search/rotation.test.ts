// The sponsored lead's day reads one bucket of the running boosts (search/repository.ts): every
// bucket must have its day, once in each round of BOOST_ROTATION_BUCKETS days, or some boosted
// listings would lead a best match only when their bucket ran short.
import { addDays } from "@hostfield/domain/rules";
import { describe, expect, it } from "vitest";
import { BOOST_ROTATION_BUCKETS, bucketOfDay } from "./repository";

describe("bucketOfDay", () => {
  it("gives every bucket one day in each round of BOOST_ROTATION_BUCKETS days", () => {
    const start = "2026-11-28";
    const round = Array.from({ length: BOOST_ROTATION_BUCKETS }, (_, i) =>
      bucketOfDay(addDays(start, i)),
    );
    expect(new Set(round).size).toBe(BOOST_ROTATION_BUCKETS);
    expect(Math.min(...round)).toBe(0);
    expect(Math.max(...round)).toBe(BOOST_ROTATION_BUCKETS - 1);
    expect(bucketOfDay(addDays(start, BOOST_ROTATION_BUCKETS))).toBe(bucketOfDay(start));
  });
});
