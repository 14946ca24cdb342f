import { describe, expect, it } from "vitest";
import "./zod-jitless";
import { z } from "zod";

describe("zod-jitless", () => {
  it("turns off zod's eval-compiled parsers, which the CSP would report", () => {
    expect(z.config().jitless).toBe(true);
    // Parsing still works without them.
    expect(z.object({ a: z.number() }).parse({ a: 1 })).toEqual({ a: 1 });
  });
});
