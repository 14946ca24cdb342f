// The browser's side of the server's first view: its data goes into the cache before the app's
// first render, and the app waits for the page's own code before taking the markup over.
import { dehydrate, QueryClient } from "@tanstack/react-query";
import { createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { matchesWidth } from "../first-view";
import { takeFirstView, untilRouterReady } from "./first-view-client";

function putState(text: string) {
  const element = document.createElement("script");
  element.type = "application/json";
  element.id = "first-view-state";
  element.textContent = text;
  document.body.append(element);
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("takeFirstView", () => {
  it("puts the server's answers in the cache and removes them from the page", () => {
    const server = new QueryClient();
    server.setQueryData(["profiles", "facility", "one", "f-1"], { id: "f-1", name: "Arena" });
    putState(JSON.stringify(dehydrate(server)));

    const client = new QueryClient();
    expect(takeFirstView(client)).toBe(true);
    expect(client.getQueryData(["profiles", "facility", "one", "f-1"])).toEqual({
      id: "f-1",
      name: "Arena",
    });
    expect(document.getElementById("first-view-state")).toBeNull();
  });

  it("says there is none when the page has no state, or one it cannot read", () => {
    expect(takeFirstView(new QueryClient())).toBe(false);
    putState("{not json");
    const client = new QueryClient();
    expect(takeFirstView(client)).toBe(false);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});

describe("untilRouterReady", () => {
  it("waits for the first page's lazy code", async () => {
    let release: () => void = () => undefined;
    const code = new Promise<void>((resolve) => {
      release = resolve;
    });
    const router = createMemoryRouter([
      {
        path: "/",
        lazy: async () => {
          await code;
          return { Component: () => null };
        },
      },
    ]);
    let ready = false;
    const waiting = untilRouterReady(router).then(() => {
      ready = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ready).toBe(false);
    release();
    await waiting;
    expect(router.state.initialized).toBe(true);
  });
});

describe("matchesWidth", () => {
  // The queries MUI's useMediaQuery asks for theme.breakpoints.down("md") and up("sm").
  it.each([
    ["(max-width:899.95px)", 390, true],
    ["(max-width:899.95px)", 1280, false],
    ["(min-width:600px)", 390, false],
    ["(min-width:600px)", 1280, true],
    ["(min-width:600px) and (max-width:899.95px)", 700, true],
    ["(min-width:600px) and (max-width:899.95px)", 1280, false],
    ["(prefers-color-scheme: dark)", 390, false],
  ])("%s on a %i px screen: %s", (query, width, expected) => {
    expect(matchesWidth(query, width)).toBe(expected);
  });
});
