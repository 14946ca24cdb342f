// Spec §2: scroll positions are saved per path in sessionStorage and restored on back/forward.
import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";
import { readScrollPosition, saveScrollPosition } from "../../lib/scroll-positions";

/**
 * Lazy pages and results still on their way may not be tall enough yet: keep trying this long
 * (results coming back over a slow connection take seconds, not frames).
 */
const RESTORE_FOR_MS = 10_000;

/** What the visitor does to take over from a restore: wheel, touch, keys, the scrollbar. */
const VISITOR_INPUT = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

function nextFrame(callback: () => void): () => void {
  if (typeof window.requestAnimationFrame === "function") {
    const handle = window.requestAnimationFrame(callback);
    return () => window.cancelAnimationFrame(handle);
  }
  const handle = window.setTimeout(callback, 16);
  return () => window.clearTimeout(handle);
}

/**
 * Scrolls to `y`, retrying while the page grows; stops as soon as the visitor takes over.
 * `restoring` is true meanwhile, so the scrolls it makes short of `y` are not saved as the
 * visitor's position.
 */
function restoreTo(y: number, restoring: { current: boolean }): () => void {
  const giveUpAt = Date.now() + RESTORE_FOR_MS;
  let cancelFrame: (() => void) | null = null;
  const stop = () => {
    restoring.current = false;
    cancelFrame?.();
    cancelFrame = null;
    for (const type of VISITOR_INPUT) window.removeEventListener(type, stop);
  };
  const attempt = () => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) < 1 || Date.now() >= giveUpAt) {
      stop();
      return;
    }
    cancelFrame = nextFrame(attempt);
  };
  restoring.current = true;
  for (const type of VISITOR_INPUT) window.addEventListener(type, stop, { passive: true });
  attempt();
  return stop;
}

export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const path = `${location.pathname}${location.search}`;
  const restoring = useRef(false);

  // Take over from the browser, which cannot know when a lazy page has rendered.
  useEffect(() => {
    if (!("scrollRestoration" in window.history)) return;
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = "manual";
    return () => {
      window.history.scrollRestoration = previous;
    };
  }, []);

  // Remember where the visitor is on this path. The value is captured when the scroll happens,
  // so a write that lands after navigating away still stores this path's own position. A layout
  // effect, so the old path's listener is gone before the new path scrolls. While a restore is
  // under way the position is the one it is going back to, already saved.
  useLayoutEffect(() => {
    let latest: number | null = null;
    let cancelFrame: (() => void) | null = null;
    const flush = () => {
      cancelFrame = null;
      if (latest !== null) saveScrollPosition(path, latest);
      latest = null;
    };
    const onScroll = () => {
      if (restoring.current) return;
      latest = window.scrollY;
      cancelFrame ??= nextFrame(flush);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("pagehide", flush);
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("pagehide", flush);
      cancelFrame?.();
      flush();
    };
  }, [path]);

  // Back/forward (POP) returns to the saved position; a new visit starts at the top,
  // unless the address points at an anchor, which the browser handles.
  const firstRender = useRef(true);
  useLayoutEffect(() => {
    const justLoaded = firstRender.current;
    firstRender.current = false;
    if (navigationType === "POP") {
      const saved = readScrollPosition(path);
      // A page the browser has just loaded is at the top already: scrolling there would only
      // force a layout while the app takes the page over.
      if (saved === null && justLoaded) return undefined;
      return restoreTo(saved ?? 0, restoring);
    }
    if (!location.hash) window.scrollTo(0, 0);
    return undefined;
  }, [path, navigationType, location.hash]);
}

export function ScrollRestoration() {
  useScrollRestoration();
  return null;
}
