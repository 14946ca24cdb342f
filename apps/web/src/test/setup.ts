// jsdom lacks a few browser APIs the shell uses; these stand-ins are controllable per test. The
// API is the MSW server of msw.ts: a request no handler answers fails the test.
import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, beforeEach, vi } from "vitest";
import { setTracker } from "../lib/tracking";
import { resetViewport } from "./media";
import { clearBase, onUnhandledRequest, sent, server, takeUnhandled } from "./msw";
import { resetInsertedStyles } from "./styles";

// A findBy or waitFor ends as soon as what it waits for is there; this bounds only how long one
// that fails keeps trying. Testing Library's 1 s ran out on a busy two-core CI machine while a
// route's code was still loading (a first import in an isolated file takes seconds there).
configure({ asyncUtilTimeout: 10_000 });

beforeAll(() => {
  server.listen({ onUnhandledRequest });
});

beforeEach(() => {
  // Pages record views and clicks; a test that checks them sets a tracker of its own.
  setTracker(null);
  resetViewport();
  window.localStorage.clear();
  window.sessionStorage.clear();
  Object.defineProperty(window, "scrollY", { value: 0, writable: true, configurable: true });
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

afterEach(() => {
  cleanup();
  resetInsertedStyles();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  server.resetHandlers();
  clearBase();
  sent.clear();
  const missed = takeUnhandled();
  if (missed.length > 0) {
    throw new Error(`Network calls no handler answered:\n${missed.join("\n")}`);
  }
});

afterAll(() => {
  server.close();
});
