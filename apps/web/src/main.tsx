import "./app/theme/fonts";
import { type ReactNode, StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { App } from "./app/app";
import { takeFirstView, untilRouterReady } from "./app/first-view-client";
import { createQueryClient } from "./app/query-client";
import { appRoutes } from "./app/routes";

const container = document.getElementById("root");
if (!container) throw new Error('index.html must contain <div id="root">.');

const router = createBrowserRouter(appRoutes);
const queryClient = createQueryClient();
const firstView = takeFirstView(queryClient);

const app = (onReady?: () => void): ReactNode => (
  <StrictMode>
    <App router={router} queryClient={queryClient} onReady={onReady} />
  </StrictMode>
);

if (firstView) {
  // The server painted this page (first-view.tsx) from the same components and data: the app
  // takes that markup over rather than drawing it again, once the page's own code is in. Where
  // the two differ (a dark theme, a screen wider than the server guessed) React renders afresh,
  // which is what it would have done anyway: said quietly, not as an error.
  void untilRouterReady(router).then(() => {
    // As a transition, hydration too yields to the browser as it goes.
    startTransition(() => {
      hydrateRoot(
        container,
        app(() => {
          container.removeAttribute("inert");
          container.removeAttribute("aria-hidden");
        }),
        {
          onRecoverableError: (error) => console.info("The first view was redrawn:", error),
        },
      );
    });
  });
} else {
  const root = createRoot(container);
  // A transition: the first render yields to the browser as it goes rather than holding the main
  // thread in one long task.
  startTransition(() => root.render(app()));
}
