// A page's first call, sent by the page itself before the app's code has arrived. When the server
// sends a public page without its first view (the render missed its budget, or too many were under
// way: apps/server's platform/web/first-view.ts), it writes into the page the call the page will
// make first (the renderer's firstCallOf, src/first-view.tsx), and the page's start-up script
// (public/first-view-boot.js) sends it at once. The app's own call for the same request (method,
// address and body alike, without a token) then takes that answer instead of asking again.

/** A call as the server names it in the page and the start-up script sends it. */
export type TFirstCall = {
  method: "GET" | "POST";
  /** The address on this site, as lib/api asks for it (`/facility-mgmt/api/…?…&api-version=…`). */
  url: string;
  /** The JSON body, exactly as lib/api sends it. */
  body?: string;
};

/** What the start-up script leaves for the app: the call, when it went out, and its answer. */
type TStartedCall = TFirstCall & { startedAt: number; response: Promise<Response> };

/**
 * The global the start-up script leaves the started call in (public/first-view-boot.js names it
 * too: it runs before any module, so a global is the only way across).
 */
const STARTED_CALL = "__hostfieldFirstCall";

/** An answer asked for longer ago than this is asked for again: the app's own would be fresher. */
const FRESH_MS = 30_000;

type TStartedCallHolder = { [STARTED_CALL]?: TStartedCall };

function hasToken(headers: RequestInit["headers"]): boolean {
  if (!headers) return false;
  return new Headers(headers).has("Authorization");
}

/**
 * The answer to the call the page started for exactly this request, taken once; null when there
 * is none (no page, another call, a signed-in call, or one too old). Should the early call have
 * found no answer (the network dropped it), the request is sent again here; cancelled by `init`'s
 * signal, it rejects as fetch would.
 */
export function takeFirstCall(url: string, init: RequestInit): Promise<Response> | null {
  if (typeof window === "undefined") return null;
  const holder = window as unknown as TStartedCallHolder;
  const started = holder[STARTED_CALL];
  if (!started) return null;
  const same =
    started.method === (init.method ?? "GET") &&
    started.url === url &&
    (started.body ?? null) === (init.body ?? null) &&
    !hasToken(init.headers);
  if (!same) return null;
  delete holder[STARTED_CALL];
  if (performance.now() - started.startedAt > FRESH_MS) return null;
  const signal = init.signal;
  return new Promise<Response>((resolve, reject) => {
    const cancel = () => reject(new DOMException("The call was cancelled.", "AbortError"));
    if (signal?.aborted) return cancel();
    signal?.addEventListener("abort", cancel, { once: true });
    started.response
      .catch(() => fetch(url, init))
      .then(resolve, reject)
      .finally(() => signal?.removeEventListener("abort", cancel));
  });
}
