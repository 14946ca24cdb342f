// Whether the app is reconnecting: the one place that knows the server could not serve lately.
// Three sources say so: the API client (a call got no answer, or 502/503/504), the sign-in
// provider's token renewal, and the session hub's socket. Each says "down" and later "answered";
// the app is reconnecting while any of them is down. Framework-free; the provider in
// connection-context.tsx holds one per app.

export type TConnectionSource = "api" | "auth" | "hub";

export type TConnectionStore = {
  /** The source could not reach the server, or the server could not serve it. */
  unavailable(source: TConnectionSource): void;
  /** The server answered the source (a success or a refusal: it is there). */
  answered(source: TConnectionSource): void;
  /** Some source is down and has not been answered since. */
  isReconnecting(): boolean;
  /** Called on every change of isReconnecting (useSyncExternalStore's subscribe). */
  subscribe(listener: () => void): () => void;
  /** Called with the source each time a source that was down is answered again. */
  onRecovered(listener: (source: TConnectionSource) => void): () => void;
};

export function createConnectionStore(): TConnectionStore {
  const down = new Set<TConnectionSource>();
  const listeners = new Set<() => void>();
  const recoveredListeners = new Set<(source: TConnectionSource) => void>();

  const notify = () => {
    for (const listener of listeners) listener();
  };

  return {
    unavailable(source) {
      if (down.has(source)) return;
      const was = down.size > 0;
      down.add(source);
      if (!was) notify();
    },
    answered(source) {
      if (!down.delete(source)) return;
      if (down.size === 0) notify();
      for (const listener of recoveredListeners) listener(source);
    },
    isReconnecting: () => down.size > 0,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onRecovered(listener) {
      recoveredListeners.add(listener);
      return () => recoveredListeners.delete(listener);
    },
  };
}
