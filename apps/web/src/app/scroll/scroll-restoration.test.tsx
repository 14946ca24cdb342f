import { act, render, screen } from "@testing-library/react";
import { createMemoryRouter, Link, Outlet, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  readScrollPosition,
  saveScrollPosition,
  scrollStorageKey,
} from "../../lib/scroll-positions";
import { ScrollRestoration } from "./scroll-restoration";

/**
 * jsdom has no layout, so this window plays one: each page declares how far it can scroll, and
 * like a browser the window clamps its position as soon as a shorter page replaces a longer one,
 * and a scroll past the end of the page stops at the end (the page growing later does not move it).
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
  requestedY = Math.min(y, maxScroll());
  window.dispatchEvent(new Event("scroll"));
}

const FULL_HEIGHTS: Record<string, number> = { Events: 5000, Facilities: 1000 };
/** How far each page can scroll when it renders; a test can make one short until its results come. */
let pageHeights = { ...FULL_HEIGHTS };

/** The shown page's results arrive: it can scroll as far as it usually does. */
function resultsArrive() {
  const page = document.querySelector<HTMLElement>("[data-scroll-height]");
  const name = page?.querySelector("h1")?.textContent ?? "";
  if (page) page.dataset.scrollHeight = String(FULL_HEIGHTS[name]);
}

function Page({ name }: { name: string }) {
  return (
    <main data-scroll-height={pageHeights[name]}>
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

describe("<ScrollRestoration> while the page is still loading its results", () => {
  beforeEach(() => {
    installScrollableWindow();
    pageHeights = { ...FULL_HEIGHTS };
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  /** Back to /events after leaving it at 1200, with its results not there yet (500 px of page). */
  async function backToEventsBeforeItsResults() {
    const router = renderRouter("/events");
    await screen.findByRole("heading", { name: "Events" });
    scrollUserTo(1200);
    await flushFrames();
    await act(() => router.navigate("/facilities"));
    await screen.findByRole("heading", { name: "Facilities" });
    pageHeights.Events = 500;
    vi.useFakeTimers({
      toFake: [
        "setTimeout",
        "clearTimeout",
        "requestAnimationFrame",
        "cancelAnimationFrame",
        "Date",
      ],
    });
    await act(() => router.navigate(-1));
    screen.getByRole("heading", { name: "Events" });
    return router;
  }

  async function wait(ms: number) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });
  }

  it("returns to the saved position when the results come a few seconds later", async () => {
    await backToEventsBeforeItsResults();
    await wait(3000);
    expect(window.scrollY).toBe(500);

    resultsArrive();
    await wait(100);
    expect(window.scrollY).toBe(1200);
  });

  it("keeps the saved position when the visitor leaves before the results come", async () => {
    const router = await backToEventsBeforeItsResults();
    await wait(300);
    await act(() => router.navigate("/facilities"));
    expect(readScrollPosition("/events")).toBe(1200);
  });

  it("lets the visitor take over while waiting for the results", async () => {
    await backToEventsBeforeItsResults();
    await wait(300);
    window.dispatchEvent(new Event("wheel"));
    scrollUserTo(100);
    await wait(100);
    expect(readScrollPosition("/events")).toBe(100);

    resultsArrive();
    await wait(100);
    expect(window.scrollY).toBe(100);
  });
});
