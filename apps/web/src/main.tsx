import "./app/theme/fonts";
import { type ReactNode, StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { App } from "./app/app";
import { sendEarlyCalls } from "./app/early-calls";
import { takeFirstView, untilRouterReady } from "./app/first-view-client";
import { createQueryClient } from "./app/query-client";
import { appRoutes } from "./app/routes";
import { mayHoldSession } from "./lib/auth/session-hint";
import { registerServiceWorkerWhenIdle } from "./lib/service-worker";

const container = document.getElementById("root");
if (!container) throw new Error('index.html must contain <div id="root">.');

/** Resolves in a task of its own, so the steps around it do not add up to one long task. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** How long the first render waits at most for a page's early calls to be sent. */
const EARLY_CALLS_WAIT_MS = 150;

// Someone who signed in here lately: sign-in connects while the app renders for the first time.
// A visitor's page loads none of it (lib/auth/auth-provider.tsx).
const session = mayHoldSession()
  ? import("./lib/auth/oidc").then((oidc) => oidc.connectEarly(window.location))
  : Promise.resolve(null);

async function start(root: HTMLElement): Promise<void> {
  // The modules have just run, in one task; the routes and the page's data come in the next.
  await nextTask();
  const router = createBrowserRouter(appRoutes);
  const queryClient = createQueryClient();
  // The first render waits (a little) for the early calls to go out: once it has begun, the
  // main thread has no turn to spare for them until it is done.
  await Promise.race([
    sendEarlyCalls(queryClient, window.location, session),
    new Promise((resolve) => setTimeout(resolve, EARLY_CALLS_WAIT_MS)),
  ]);
  const app = (onReady?: () => void): ReactNode => (
    <StrictMode>
      <App router={router} queryClient={queryClient} onReady={onReady} />
    </StrictMode>
  );

  if (takeFirstView(queryClient)) {
    // The server painted this page (first-view.tsx) from the same components and data: the app
    // takes that markup over rather than drawing it again, once the page's own code is in. Where
    // the two differ (a dark theme, a screen wider than the server guessed) React renders afresh,
    // which is what it would have done anyway: said quietly, not as an error.
    await untilRouterReady(router);
    // As a transition, hydration too yields to the browser as it goes.
    startTransition(() => {
      hydrateRoot(
        root,
        app(() => {
          root.removeAttribute("inert");
          root.removeAttribute("aria-hidden");
        }),
        {
          onRecoverableError: (error) => console.info("The first view was redrawn:", error),
        },
      );
    });
    return;
  }
  const reactRoot = createRoot(root);
  // A transition: the first render yields to the browser as it goes rather than holding the main
  // thread in one long task.
  startTransition(() => reactRoot.render(app()));
}

void start(container);
// Installable, offline page and push notifications (production builds only).
registerServiceWorkerWhenIdle();
