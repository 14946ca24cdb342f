// Spec §2: scroll positions are saved per path in sessionStorage and restored on back/forward.
import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";
import { readScrollPosition, saveScrollPosition } from "../../lib/scroll-positions";

/** Lazy pages may not be tall enough yet; keep trying for about a second. */
const RESTORE_ATTEMPTS = 60;

function nextFrame(callback: () => void): () => void {
  if (typeof window.requestAnimationFrame === "function") {
    const handle = window.requestAnimationFrame(callback);
    return () => window.cancelAnimationFrame(handle);
  }
  const handle = window.setTimeout(callback, 16);
  return () => window.clearTimeout(handle);
}

/** Scrolls to `y`, retrying while the page grows; stops as soon as the visitor takes over. */
function restoreTo(y: number): () => void {
  let attempts = 0;
  let cancelFrame: (() => void) | null = null;
  const stop = () => {
    cancelFrame?.();
    cancelFrame = null;
    for (const type of ["wheel", "touchstart", "keydown"] as const) {
      window.removeEventListener(type, stop);
    }
  };
  const attempt = () => {
    window.scrollTo(0, y);
    attempts += 1;
    if (Math.abs(window.scrollY - y) < 1 || attempts >= RESTORE_ATTEMPTS) {
      stop();
      return;
    }
    cancelFrame = nextFrame(attempt);
  };
  for (const type of ["wheel", "touchstart", "keydown"] as const) {
    window.addEventListener(type, stop, { passive: true });
  }
  attempt();
  return stop;
}

export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const path = `${location.pathname}${location.search}`;

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
  // effect, so the old path's listener is gone before the new path scrolls.
  useLayoutEffect(() => {
    let latest: number | null = null;
    let cancelFrame: (() => void) | null = null;
    const flush = () => {
      cancelFrame = null;
      if (latest !== null) saveScrollPosition(path, latest);
      latest = null;
    };
    const onScroll = () => {
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
      return restoreTo(saved ?? 0);
    }
    if (!location.hash) window.scrollTo(0, 0);
    return undefined;
  }, [path, navigationType, location.hash]);
}

export function ScrollRestoration() {
  useScrollRestoration();
  return null;
}
