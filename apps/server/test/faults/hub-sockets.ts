// Hub sockets for the fault tests: a signed-in socket to a spawned server, and waiting on events.
import { HUB_PATH } from "@hostfield/domain/contracts";
import { io, type Socket } from "socket.io-client";

/** A socket to the hub at `url`, connected before this resolves. */
export function connectHub(url: string, token: string): Promise<Socket> {
  const socket = io(url, {
    path: HUB_PATH,
    auth: { token },
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", reject);
  });
}

/** The next `event` on the socket whose data passes `match`; fails after `ms`. */
export function nextEvent<T>(
  socket: Socket,
  event: string,
  match: (data: T) => boolean = () => true,
  ms = 20_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const listener = (data: T) => {
      if (!match(data)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(data);
    };
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(
        new Error(`no matching ${event} within ${ms} ms on socket ${socket.id ?? "(closed)"}`),
      );
    }, ms);
    socket.on(event, listener);
  });
}

/** Resolves once `check` returns true, polling; fails with `what` after `ms`. */
export async function eventually(
  what: string,
  check: () => boolean | Promise<boolean>,
  ms = 60_000,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
