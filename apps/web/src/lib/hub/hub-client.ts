// The session hub connection (spec §4): opened with the access token on sign-in, closed on sign-out
// or ForceDisconnect, and reopened after 0, 2, 10, 30, 60 and 120 s (then every 120 s) when lost,
// or at once when told the server answers again (reconnectNow). Framework-free so the reconnect
// rules are tested without React or a server.
import { HUB_PATH, type THubEvents } from "@hostfield/domain/contracts";
import { HUB_RECONNECT_DELAYS_MS } from "@hostfield/domain/reference";
import { io, type Socket } from "socket.io-client";

export type THubEventName = keyof THubEvents;
export type THubListener = <K extends THubEventName>(event: K, data: THubEvents[K]) => void;

/** What the client needs of a socket; socket.io-client's Socket fits, tests give a fake. */
export type THubSocket = Pick<Socket, "on" | "disconnect" | "connect">;

export type THubClientOptions = {
  getToken: () => Promise<string | null>;
  onEvent: THubListener;
  /** The server closed the session for good; the app signs out locally. */
  onForceDisconnect: (reason: THubEvents["ForceDisconnect"]["reason"]) => void;
  /**
   * "lost" when a connection that was up went down without our asking, "connected" when one is up
   * (again); a first connection that never came up says nothing (lib/connection).
   */
  onStatus?: (status: "connected" | "lost") => void;
  delays?: readonly number[];
  /** Opens a socket (not yet connected); defaults to socket.io-client on this origin. */
  openSocket?: (auth: (cb: (data: object) => void) => void) => THubSocket;
  schedule?: (run: () => void, ms: number) => () => void;
};

const EVENTS: THubEventName[] = ["Notify", "GroupsUpdated", "ProfileUpdated"];

const defaultOpen = (auth: (cb: (data: object) => void) => void): THubSocket =>
  io({ path: HUB_PATH, auth, transports: ["websocket"], reconnection: false, autoConnect: false });

const defaultSchedule = (run: () => void, ms: number) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

export function createHubClient(options: THubClientOptions) {
  const delays = options.delays ?? HUB_RECONNECT_DELAYS_MS;
  const openSocket = options.openSocket ?? defaultOpen;
  const schedule = options.schedule ?? defaultSchedule;
  let socket: THubSocket | null = null;
  let attempt = 0;
  let cancelRetry: (() => void) | null = null;
  let running = false;
  let lost = false;

  const retry = () => {
    if (!running) return;
    const delay = delays[Math.min(attempt, delays.length - 1)] ?? 0;
    attempt += 1;
    cancelRetry = schedule(() => {
      cancelRetry = null;
      connect();
    }, delay);
  };

  const connect = () => {
    if (!running) return;
    // A fresh token on every attempt: the one from the last connection may have expired.
    const s = openSocket((cb) => {
      void options.getToken().then((token) => cb({ token }));
    });
    socket = s;
    s.on("connect", () => {
      attempt = 0;
      lost = false;
      options.onStatus?.("connected");
    });
    s.on("connect_error", () => {
      if (socket === s) retry();
    });
    s.on("disconnect", (reason: string) => {
      // Our own disconnect() says "io client disconnect"; anything else is a loss to recover from.
      if (socket !== s || reason === "io client disconnect") return;
      if (!lost) options.onStatus?.("lost");
      lost = true;
      retry();
    });
    for (const event of EVENTS) {
      s.on(event, (data: THubEvents[typeof event]) => options.onEvent(event, data));
    }
    s.on("ForceDisconnect", (data: THubEvents["ForceDisconnect"]) => {
      stop();
      options.onForceDisconnect(data.reason);
    });
    s.connect();
  };

  function stop() {
    running = false;
    cancelRetry?.();
    cancelRetry = null;
    const s = socket;
    socket = null;
    s?.disconnect();
    lost = false;
  }

  return {
    start() {
      if (running) return;
      running = true;
      attempt = 0;
      connect();
    },
    stop,
    /** The server answers again: a reconnection that waits its turn is tried now. */
    reconnectNow() {
      if (!running || !cancelRetry) return;
      cancelRetry();
      cancelRetry = null;
      connect();
    },
  };
}
