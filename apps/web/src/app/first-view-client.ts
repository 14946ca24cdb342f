// The browser's side of the server's first view (src/first-view.tsx): the data the painted page
// showed goes into the query cache, so the app's first render shows the same page rather than a
// loading state, and then refreshes it as usual.
import { hydrate, type QueryClient } from "@tanstack/react-query";
import type { createBrowserRouter } from "react-router";

const STATE_ELEMENT_ID = "first-view-state";

/** Puts the first view's data into the cache; whether the server painted a first view. */
export function takeFirstView(queryClient: QueryClient): boolean {
  const element = document.getElementById(STATE_ELEMENT_ID);
  if (!element) return false;
  element.remove();
  try {
    hydrate(queryClient, JSON.parse(element.textContent ?? "null"));
    return true;
  } catch {
    // Unreadable: the app loads the page's data itself, as without a first view.
    return false;
  }
}

/** Resolves once the router has loaded the first page's code (its lazy route). */
export function untilRouterReady(router: ReturnType<typeof createBrowserRouter>): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
