import { act, render, screen } from "@testing-library/react";
import { createMemoryRouter, Link, Outlet, RouterProvider } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  readScrollPosition,
  saveScrollPosition,
  scrollStorageKey,
} from "../../lib/scroll-positions";
import { ScrollRestoration } from "./scroll-restoration";

/**
 * jsdom has no layout, so this window plays one: each page declares how far it can scroll, and
 * like a browser the window clamps its position as soon as a shorter page replaces a longer one.
 */
let requestedY = 0;

function maxScroll(): number {
  const page = document.querySelector<HTMLElement>("[data-scroll-height]");
  return Number(page?.dataset.scrollHeight ?? 0);
}

function installScrollableWindow() {
  requestedY = 0;
  Object.defineProperty(window, "scrollY", {
    configurable: true,
    get: () => Math.min(requestedY, maxScroll()),
  });
  window.scrollTo = vi.fn((x: number | ScrollToOptions, y?: number) => {
    scrollUserTo(typeof x === "number" ? (y ?? 0) : (x.top ?? 0));
  }) as unknown as typeof window.scrollTo;
}

function scrollUserTo(y: number) {
  requestedY = y;
  window.dispatchEvent(new Event("scroll"));
}

const PAGE_HEIGHTS: Record<string, number> = { Events: 5000, Facilities: 1000 };

function Page({ name }: { name: string }) {
  return (
    <main data-scroll-height={PAGE_HEIGHTS[name]}>
      <h1>{name}</h1>
      <Link to="/facilities">Facilities</Link>
      <Link to="/events">Events</Link>
    </main>
  );
}

function renderRouter(initial = "/events") {
  const router = createMemoryRouter(
    [
      {
        path: "/",
        element: (
          <>
            <ScrollRestoration />
            <Outlet />
          </>
        ),
        children: [
          { path: "events", element: <Page name="Events" /> },
          { path: "facilities", element: <Page name="Facilities" /> },
        ],
      },
    ],
    { initialEntries: [initial] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

async function flushFrames() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

describe("scroll positions in sessionStorage", () => {
  it("stores one position per path", () => {
    saveScrollPosition("/events", 420.4);
    saveScrollPosition("/facilities", 15);
    expect(window.sessionStorage.getItem(scrollStorageKey("/events"))).toBe("420");
    expect(readScrollPosition("/events")).toBe(420);
    expect(readScrollPosition("/facilities")).toBe(15);
    expect(readScrollPosition("/never-visited")).toBeNull();
  });

  it("ignores garbage in storage", () => {
    window.sessionStorage.setItem(scrollStorageKey("/events"), "over there");
    expect(readScrollPosition("/events")).toBeNull();
  });
});

describe("<ScrollRestoration>", () => {
  beforeEach(() => {
    installScrollableWindow();
  });

  it("takes over scroll restoration from the browser", () => {
    // jsdom has no History.scrollRestoration; give it the browser's default.
    Object.defineProperty(window.history, "scrollRestoration", {
      value: "auto",
      writable: true,
      configurable: true,
    });
    renderRouter();
    expect(window.history.scrollRestoration).toBe("manual");
  });

  it("starts new visits at the top and returns to the saved position on Back", async () => {
    const router = renderRouter("/events");
    await screen.findByRole("heading", { name: "Events" });

    scrollUserTo(1200);
    await flushFrames();
    expect(readScrollPosition("/events")).toBe(1200);

    await act(() => router.navigate("/facilities"));
    await screen.findByRole("heading", { name: "Facilities" });
    expect(window.scrollY).toBe(0);
    // Leaving must not overwrite the saved position with what the shorter page clamped it to.
    expect(readScrollPosition("/events")).toBe(1200);

    scrollUserTo(300);
    await flushFrames();

    await act(() => router.navigate(-1));
    await screen.findByRole("heading", { name: "Events" });
    expect(window.scrollY).toBe(1200);

    await act(() => router.navigate(1));
    await screen.findByRole("heading", { name: "Facilities" });
    expect(window.scrollY).toBe(300);
  });

  it("leaves a page just loaded where the browser put it when nothing was saved for it", async () => {
    renderRouter("/events");
    await screen.findByRole("heading", { name: "Events" });
    expect(window.scrollTo).not.toHaveBeenCalled();
  });

  it("returns a reloaded page to its saved position", async () => {
    saveScrollPosition("/events", 700);
    renderRouter("/events");
    await screen.findByRole("heading", { name: "Events" });
    expect(window.scrollY).toBe(700);
  });

  it("starts at the top when following a link to a page visited before", async () => {
    const router = renderRouter("/events");
    await screen.findByRole("heading", { name: "Events" });
    scrollUserTo(900);
    await flushFrames();
    await act(() => router.navigate("/facilities"));
    await act(() => router.navigate("/events"));
    await screen.findByRole("heading", { name: "Events" });
    expect(window.scrollY).toBe(0);
  });
});
