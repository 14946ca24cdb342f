// jsdom lacks a few browser APIs the shell uses; these stand-ins are controllable per test.
import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { resetViewport } from "./media";

beforeEach(() => {
  resetViewport();
  window.localStorage.clear();
  window.sessionStorage.clear();
  // Tests must not reach a network; a test that needs the API stubs fetch itself.
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      throw new Error(`Unexpected network call in a test: ${String(input)}`);
    }),
  );
  Object.defineProperty(window, "scrollY", { value: 0, writable: true, configurable: true });
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
