// The app's service worker (dist/sw.js, built from app/service-worker/sw.js): registered in
// production builds only, once the page has loaded and the browser is idle, so it never competes
// with the page's own first requests. The dev server has no worker.
export const SERVICE_WORKER_URL = "/sw.js";

const supported = () => typeof navigator !== "undefined" && "serviceWorker" in navigator;

let registering: Promise<ServiceWorkerRegistration | undefined> | undefined;

/** Registers the worker (once); undefined where the browser has none or the build brings none. */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (!supported() || !import.meta.env.PROD) return Promise.resolve(undefined);
  registering ??= navigator.serviceWorker
    .register(SERVICE_WORKER_URL, { scope: "/" })
    .catch((error: unknown) => {
      console.warn("The service worker was not registered:", error);
      registering = undefined;
      return undefined;
    });
  return registering;
}

/** Registers the worker after the page's load, in an idle moment. */
export function registerServiceWorkerWhenIdle(): void {
  if (!supported() || !import.meta.env.PROD) return;
  // Safari has no requestIdleCallback: a second after load then.
  const idle: (run: () => void) => void =
    typeof window.requestIdleCallback === "function"
      ? (run) => window.requestIdleCallback(run, { timeout: 5000 })
      : (run) => setTimeout(run, 1000);
  const later = () => idle(() => void registerServiceWorker());
  if (document.readyState === "complete") later();
  else window.addEventListener("load", later, { once: true });
}

/** The worker's registration, registering it now if it is not yet (push needs it). */
export async function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!supported()) return undefined;
  return (await navigator.serviceWorker.getRegistration("/")) ?? registerServiceWorker();
}

/**
 * Ends this browser's push subscription, on signing out: whoever signs in here next must not get
 * the last member's news. The server drops its copy when the push service next answers 410.
 */
export async function stopPushOnThisDevice(): Promise<void> {
  if (!supported()) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration("/");
    const subscription = await registration?.pushManager?.getSubscription();
    await subscription?.unsubscribe();
  } catch {
    // A browser that refuses leaves the subscription; signing out goes on.
  }
}
