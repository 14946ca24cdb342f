// A section below a visitor's first view: its placeholder holds its place until the placeholder
// shows on screen, then the section draws; an address naming a section, or a signed-in member,
// draws them all at once.
import { act, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AuthContext, type TAuthContextValue } from "../lib/auth/auth-context";
import { buildSignedInAuth, buildSignedOutAuth } from "../test/factories";
import { WhenNear } from "./when-near";

/** The observer the part made, to report its placeholder on screen. */
let report: ((entries: Partial<IntersectionObserverEntry>[]) => void) | null = null;

class FakeIntersectionObserver {
  constructor(callback: (entries: Partial<IntersectionObserverEntry>[]) => void) {
    report = callback;
  }
  observe() {}
  disconnect() {}
}

function renderAt(address: string, auth: TAuthContextValue = buildSignedOutAuth()) {
  const router = createMemoryRouter(
    [
      {
        path: "/events/:id",
        element: (
          <WhenNear placeholder={<p>Loading the hotels</p>}>
            <p>Hotels for this event</p>
          </WhenNear>
        ),
      },
    ],
    { initialEntries: [address] },
  );
  render(
    <AuthContext.Provider value={auth}>
      <RouterProvider router={router} />
    </AuthContext.Provider>,
  );
}

describe("WhenNear", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    report = null;
  });

  it("shows the placeholder until it comes onto the screen, then the part", async () => {
    vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
    renderAt("/events/e1");
    expect(await screen.findByText("Loading the hotels")).toBeTruthy();
    expect(screen.queryByText("Hotels for this event")).toBeNull();

    act(() => report?.([{ isIntersecting: false }]));
    expect(screen.queryByText("Hotels for this event")).toBeNull();

    act(() => report?.([{ isIntersecting: true }]));
    expect(await screen.findByText("Hotels for this event")).toBeTruthy();
    expect(screen.queryByText("Loading the hotels")).toBeNull();
  });

  it("draws the part at once when the address names a section", async () => {
    vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
    renderAt("/events/e1#deals");
    expect(await screen.findByText("Hotels for this event")).toBeTruthy();
  });

  it("draws the part at once for someone signed in", async () => {
    vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
    renderAt("/events/e1", buildSignedInAuth());
    expect(await screen.findByText("Hotels for this event")).toBeTruthy();
  });

  it("draws the part where the browser cannot tell what is on screen (jsdom has no observer)", async () => {
    renderAt("/events/e1");
    expect(await screen.findByText("Hotels for this event")).toBeTruthy();
  });
});
