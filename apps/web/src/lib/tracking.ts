// First-party analytics in the browser: views of listing pages, listings shown in marketplace
// results (impressions) and clicks out (website, phone, e-mail, directions, hotels). `track`
// queues an event; the queue goes to `POST /report-mgmt/api/track` every 5 s, at 20 events (in the
// next task), and when the page is hidden or left, with `navigator.sendBeacon` (else `fetch` with
// keepalive). Each batch carries a random id: a batch the browser refused to queue is sent again
// later with the SAME id, and the server counts an id once. Nothing is queued when the visitor asks
// not to be tracked (Do-Not-Track, Global Privacy Control). No cookie, no third party.
import type {
  TClickTarget,
  TTrackBatch,
  TTrackEvent,
  TTrackedKind,
} from "@hostfield/domain/contracts";
import { TRACK_BATCH_MAX_EVENTS } from "@hostfield/domain/contracts";
import { useEffect, useRef } from "react";
import { buildApiUrl } from "./api";

export const TRACK_PATH = "/report-mgmt/api/track";
/** A queue is sent this long after its first event, or as soon as it holds this many. */
export const TRACK_FLUSH_MS = 5_000;
export const TRACK_FLUSH_EVENTS = 20;
/** Batches kept for a later try when the browser refuses them; the oldest go first beyond this. */
const MAX_WAITING_BATCHES = 20;

/** What a tracker needs from the browser (tests give their own). */
export type TTrackerEnv = {
  url: string;
  /** Do-Not-Track or Global Privacy Control. */
  refuses: () => boolean;
  /** `navigator.sendBeacon`, or null where there is none. */
  sendBeacon: ((url: string, data: Blob) => boolean) | null;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  uuid: () => string;
  setTimer: (run: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
};

export type TTracker = {
  track(event: TTrackEvent): void;
  /** Sends what is queued now (the page is hidden or left). */
  flush(): void;
};

export function createTracker(env: TTrackerEnv): TTracker {
  let queue: TTrackEvent[] = [];
  // Cut into batches (with their ids) and not yet taken by the browser.
  const waiting: TTrackBatch[] = [];
  let timer: unknown = null;
  let timerMs = TRACK_FLUSH_MS;

  /** Sends in `ms` (or sooner, if a send is due sooner already). */
  function schedule(ms = TRACK_FLUSH_MS) {
    if (queue.length === 0 && waiting.length === 0) return;
    if (timer !== null) {
      if (timerMs <= ms) return;
      env.clearTimer(timer);
    }
    timerMs = ms;
    timer = env.setTimer(() => {
      timer = null;
      flush();
    }, ms);
  }

  /** Hands a batch to the browser; false when it refused (the batch is tried again later). */
  function send(batch: TTrackBatch): boolean {
    const body = JSON.stringify({ data: batch });
    if (env.sendBeacon) {
      return env.sendBeacon(env.url, new Blob([body], { type: "application/json" }));
    }
    const again = () => {
      if (waiting.length < MAX_WAITING_BATCHES) waiting.push(batch);
      schedule();
    };
    env
      .fetch(env.url, {
        method: "POST",
        keepalive: true,
        headers: { "content-type": "application/json" },
        body,
      })
      .then((response) => {
        // Refused for now (busy, limited): again later. A 4xx other than 429 never succeeds.
        if (response.status === 429 || response.status >= 500) again();
      })
      .catch(again);
    return true;
  }

  function flush() {
    if (timer !== null) env.clearTimer(timer);
    timer = null;
    while (queue.length > 0) {
      waiting.push({ batchId: env.uuid(), events: queue.slice(0, TRACK_BATCH_MAX_EVENTS) });
      queue = queue.slice(TRACK_BATCH_MAX_EVENTS);
    }
    if (waiting.length > MAX_WAITING_BATCHES)
      waiting.splice(0, waiting.length - MAX_WAITING_BATCHES);
    while (waiting.length > 0) {
      if (!send(waiting[0]!)) break;
      waiting.shift();
    }
    schedule();
  }

  return {
    track(event) {
      if (env.refuses()) return;
      queue.push(event);
      // A full queue goes in a task of its own, not in the caller's: impressions are tracked
      // from a page's effects, which run in one task with the rest of its start.
      schedule(queue.length >= TRACK_FLUSH_EVENTS ? 0 : TRACK_FLUSH_MS);
    },
    flush,
  };
}

/** A random v4 id, also where `crypto.randomUUID` is missing (pages not served over https). */
function randomId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** This page's tracker, sending to the server and flushed when the page is hidden or left. */
function browserTracker(): TTracker | null {
  if (typeof window === "undefined" || typeof navigator === "undefined") return null;
  const tracker = createTracker({
    url: buildApiUrl(TRACK_PATH),
    refuses: () =>
      navigator.doNotTrack === "1" ||
      (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true,
    sendBeacon:
      typeof navigator.sendBeacon === "function"
        ? (url, data) => navigator.sendBeacon(url, data)
        : null,
    fetch: (url, init) => fetch(url, init),
    uuid: randomId,
    setTimer: (run, ms) => window.setTimeout(run, ms),
    clearTimer: (timer) => window.clearTimeout(timer as number),
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") tracker.flush();
  });
  window.addEventListener("pagehide", () => tracker.flush());
  return tracker;
}

// Made on first use; `setTracker` replaces it (tests: null records nothing).
let current: TTracker | null | undefined;

/** Replaces the page's tracker: null records nothing (tests), undefined makes the page's own again. */
export function setTracker(tracker: TTracker | null | undefined): void {
  current = tracker;
}

export function track(event: TTrackEvent): void {
  if (current === undefined) current = browserTracker();
  current?.track(event);
}

/** A click out of a listing's page: its website, phone, e-mail, directions, a hotel. */
export function trackClick(
  kind: TTrackedKind,
  id: string,
  target: TClickTarget,
  ref?: string,
): void {
  track({ type: "click", kind, id, target, ...(ref ? { ref } : {}) });
}

/** A view of a listing's page: once per listing while the page stays mounted. */
export function useTrackView(kind: TTrackedKind, id: string): void {
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (seen.current === id) return;
    seen.current = id;
    track({ type: "view", kind, id });
  }, [kind, id]);
}

/**
 * Impressions of the listings shown in a page of results: each once while the results of one
 * search (`scope`) are shown; more loaded results add their own.
 */
export function useTrackImpressions(kind: TTrackedKind, ids: readonly string[], scope: string) {
  const seen = useRef<{ scope: string; ids: Set<string> }>({ scope, ids: new Set() });
  useEffect(() => {
    if (seen.current.scope !== scope) seen.current = { scope, ids: new Set() };
    for (const id of ids) {
      if (seen.current.ids.has(id)) continue;
      seen.current.ids.add(id);
      track({ type: "impression", kind, id });
    }
  }, [kind, ids, scope]);
}
