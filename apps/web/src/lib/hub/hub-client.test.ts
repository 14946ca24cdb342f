// The hub client's rules without a server: a fresh token per attempt, the reconnect delays of
// spec §9, events passed on, and ForceDisconnect ending the session for good.
import { HUB_RECONNECT_DELAYS_MS } from "@hostfield/domain/reference";
import { describe, expect, it, vi } from "vitest";
import { createHubClient, type THubSocket } from "./hub-client";

type THandler = (...args: unknown[]) => void;

/** A socket that records its handlers; the test plays the server by firing them. */
function fakeSockets() {
  const opened: {
    handlers: Map<string, THandler>;
    auth: (cb: (data: object) => void) => void;
    connected: boolean;
    disconnected: boolean;
  }[] = [];
  const openSocket = (auth: (cb: (data: object) => void) => void): THubSocket => {
    const entry = {
      handlers: new Map<string, THandler>(),
      auth,
      connected: false,
      disconnected: false,
    };
    opened.push(entry);
    return {
      on: ((event: string, handler: THandler) => {
        entry.handlers.set(event, handler);
      }) as THubSocket["on"],
      connect: (() => {
        entry.connected = true;
      }) as THubSocket["connect"],
      disconnect: (() => {
        entry.disconnected = true;
      }) as THubSocket["disconnect"],
    };
  };
  return {
    opened,
    openSocket,
    fire: (i: number, event: string, ...args: unknown[]) =>
      opened[i]!.handlers.get(event)!(...args),
  };
}

/** A clock the test advances: records each scheduled wait. */
function manualSchedule() {
  const waits: number[] = [];
  let pending: (() => void) | null = null;
  return {
    waits,
    schedule: (run: () => void, ms: number) => {
      waits.push(ms);
      pending = run;
      return () => {
        pending = null;
      };
    },
    pending: () => pending !== null,
    runNext: () => {
      const run = pending;
      pending = null;
      run?.();
    },
  };
}

function setup(tokens: string[] = ["t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8", "t9"]) {
  const sockets = fakeSockets();
  const clock = manualSchedule();
  const onEvent = vi.fn();
  const onForceDisconnect = vi.fn();
  const onStatus = vi.fn();
  let i = 0;
  const client = createHubClient({
    getToken: async () => tokens[i++] ?? null,
    onEvent,
    onForceDisconnect,
    onStatus,
    openSocket: sockets.openSocket,
    schedule: clock.schedule,
  });
  return { client, sockets, clock, onEvent, onForceDisconnect, onStatus };
}

describe("the hub client", () => {
  it("connects on start with a fresh token on each attempt", async () => {
    const { client, sockets, clock } = setup();
    client.start();
    expect(sockets.opened).toHaveLength(1);
    expect(sockets.opened[0]!.connected).toBe(true);
    const first = await new Promise((resolve) => sockets.opened[0]!.auth(resolve));
    expect(first).toEqual({ token: "t1" });
    sockets.fire(0, "connect_error", new Error("down"));
    clock.runNext();
    const second = await new Promise((resolve) => sockets.opened[1]!.auth(resolve));
    expect(second).toEqual({ token: "t2" });
  });

  it("waits 0, 2, 10, 30, 60 and 120 s between attempts, then 120 s, and starts over once connected", () => {
    const { client, sockets, clock } = setup();
    client.start();
    for (let attempt = 0; attempt < 8; attempt++) {
      sockets.fire(attempt, "connect_error", new Error("down"));
      clock.runNext();
    }
    expect(clock.waits).toEqual([...HUB_RECONNECT_DELAYS_MS, 120000, 120000]);
    sockets.fire(8, "connect");
    sockets.fire(8, "disconnect", "transport close");
    expect(clock.waits.at(-1)).toBe(0);
  });

  it("passes pushes on, and stays closed after stop()", () => {
    const { client, sockets, clock, onEvent } = setup();
    client.start();
    sockets.fire(0, "connect");
    const notify = { tags: ["message"], url: "/groups/g", threadId: "t", notification: null };
    sockets.fire(0, "Notify", notify);
    sockets.fire(0, "GroupsUpdated", { groupId: "g" });
    expect(onEvent).toHaveBeenCalledWith("Notify", notify);
    expect(onEvent).toHaveBeenCalledWith("GroupsUpdated", { groupId: "g" });
    client.stop();
    expect(sockets.opened[0]!.disconnected).toBe(true);
    sockets.fire(0, "disconnect", "io client disconnect");
    expect(clock.waits).toEqual([]);
  });

  it("ends the session on ForceDisconnect and does not reconnect", () => {
    const { client, sockets, clock, onForceDisconnect } = setup();
    client.start();
    sockets.fire(0, "connect");
    sockets.fire(0, "ForceDisconnect", { reason: "blocked" });
    sockets.fire(0, "disconnect", "io server disconnect");
    expect(onForceDisconnect).toHaveBeenCalledWith("blocked");
    expect(sockets.opened[0]!.disconnected).toBe(true);
    expect(clock.waits).toEqual([]);
    expect(sockets.opened).toHaveLength(1);
  });

  it("says once that a connection that was up is lost, and when it is back", () => {
    const { client, sockets, clock, onStatus } = setup();
    client.start();
    // A first connection that never comes up says nothing (a blocked socket is no outage).
    sockets.fire(0, "connect_error", new Error("refused"));
    expect(onStatus).not.toHaveBeenCalled();
    clock.runNext();
    sockets.fire(1, "connect");
    sockets.fire(1, "disconnect", "transport close");
    clock.runNext();
    sockets.fire(2, "connect_error", new Error("refused"));
    expect(onStatus.mock.calls).toEqual([["connected"], ["lost"]]);
    clock.runNext();
    sockets.fire(3, "connect");
    expect(onStatus.mock.calls).toEqual([["connected"], ["lost"], ["connected"]]);
  });

  it("reconnects at once when told the server answers again, not before its turn otherwise", () => {
    const { client, sockets, clock } = setup();
    client.start();
    sockets.fire(0, "connect");
    // Connected: nothing waits, nothing to do.
    client.reconnectNow();
    expect(sockets.opened).toHaveLength(1);
    sockets.fire(0, "disconnect", "transport close");
    clock.runNext();
    sockets.fire(1, "connect_error", new Error("refused"));
    expect(clock.pending()).toBe(true);
    client.reconnectNow();
    expect(clock.pending()).toBe(false);
    expect(sockets.opened).toHaveLength(3);
    client.stop();
    client.reconnectNow();
    expect(sockets.opened).toHaveLength(3);
  });
});
