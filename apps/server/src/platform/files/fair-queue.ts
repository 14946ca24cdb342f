// Work that runs a few at a time, with a line that is fair between clients: what waits is served
// one client at a time in turn (round robin), and no client holds more than its share of the line,
// so one client's burst (a page asking for forty new image sizes) neither fills the line nor holds
// up another client's single request behind it.

/** The line is full, or this client already holds its share of it. */
export class QueueFullError extends Error {
  override name = "QueueFullError";
}

export type TFairQueue = {
  /** Runs `work` now, or once its turn comes; throws QueueFullError when it may not wait. */
  run<T>(client: string, work: () => Promise<T>): Promise<T>;
};

export function createFairQueue(options: {
  /** How many run at once. */
  running: number;
  /** How many may wait in all. */
  waiting: number;
  /** How many one client may have waiting (default: a quarter of the line, at least one). */
  perClient?: number;
}): TFairQueue {
  const perClient = options.perClient ?? Math.max(1, Math.ceil(options.waiting / 4));
  let active = 0;
  let waitingCount = 0;
  // Each waiting client's own line; a Map keeps the clients in turn order (first in, first served).
  const lines = new Map<string, (() => void)[]>();

  /** The next in turn: the first client's first waiter, that client going to the back. */
  const nextWaiter = (): (() => void) | undefined => {
    const first = lines.entries().next();
    if (first.done) return undefined;
    const [client, line] = first.value;
    const waiter = line.shift();
    lines.delete(client);
    if (line.length > 0) lines.set(client, line);
    waitingCount--;
    return waiter;
  };

  return {
    async run(client, work) {
      if (active < options.running) active++;
      else {
        const line = lines.get(client) ?? [];
        if (waitingCount >= options.waiting || line.length >= perClient) {
          throw new QueueFullError("the line is full");
        }
        waitingCount++;
        // The slot is handed over by the one finishing (active stays as it is).
        await new Promise<void>((resolve) => {
          line.push(resolve);
          if (!lines.has(client)) lines.set(client, line);
        });
      }
      try {
        return await work();
      } finally {
        const next = nextWaiter();
        if (next) next();
        else active--;
      }
    },
  };
}
