// The "signed in here lately" note: in localStorage for the app, mirrored in a cookie for the
// server, which then paints no visitor's first view over a member's page.
import { afterEach, describe, expect, it } from "vitest";
import {
  clearSessionHint,
  hasSessionHint,
  SESSION_HINT_COOKIE,
  setSessionHint,
} from "./session-hint";

const cookieSet = () => document.cookie.split("; ").some((c) => c === `${SESSION_HINT_COOKIE}=1`);

afterEach(() => clearSessionHint());

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

  it("is mirrored in a cookie the server reads, and cleared from it too", () => {
    expect(cookieSet()).toBe(false);
    setSessionHint();
    expect(cookieSet()).toBe(true);
    clearSessionHint();
    expect(cookieSet()).toBe(false);
  });
});
