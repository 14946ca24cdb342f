import { describe, expect, it } from "vitest";
import { clearSessionHint, hasSessionHint, setSessionHint } from "./session-hint";

describe("session hint (spec §9: the session check marker lasts 1 day)", () => {
  it("is there for a day after sign-in, and gone after sign-out", () => {
    const now = Date.UTC(2025, 5, 1, 12);
    expect(hasSessionHint(now)).toBe(false);
    setSessionHint(now);
    expect(hasSessionHint(now + 23 * 3_600_000)).toBe(true);
    expect(hasSessionHint(now + 24 * 3_600_000)).toBe(false);
    clearSessionHint();
    expect(hasSessionHint(now)).toBe(false);
  });
});
