// The session hub: Socket.IO at /user-mgmt/hub/users/session. A socket authenticates with the
// access token (handshake `auth.token`, or `access_token` in the query), joins its user's room,
// and receives what the modules announce for that user. With REDIS_URL the Redis adapter carries
// room events between server processes. Redis only carries those: while it is away the hub delivers
// to this process's sockets, answers presence from them, logs each change of state once, and keeps
// reconnecting; losing it never ends the process.
import { HUB_PATH, type THubEvents } from "@hostfield/domain/contracts";
import { createAdapter } from "@socket.io/redis-adapter";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { Server, type Socket } from "socket.io";
import type { TPrincipalResolver, TTokenVerifier } from "../auth/bearer";
import { isDatabaseUnavailable } from "../db/unavailable";
import type { TPrincipal } from "../http/access";

export type THub = {
  /** Sends an event to every session of the user, on any process. */
  toUser<K extends keyof THubEvents>(userId: string, event: K, data: THubEvents[K]): void;
  /** Tells the user's sessions why they end, then closes them (on every process). */
  endSessions(userId: string, reason: THubEvents["ForceDisconnect"]["reason"]): Promise<void>;
  /** Which of these users hold at least one open session, on any process. */
  onlineUsers(userIds: readonly string[]): Promise<Set<string>>;
  /** How many sockets this process holds (health, benchmarks). */
  localSockets(): number;
};

const room = (userId: string) => `user:${userId}`;

function tokenOf(socket: Socket): string | undefined {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  if (typeof auth?.token === "string") return auth.token;
  const query = socket.handshake.query.access_token;
  return typeof query === "string" ? query : undefined;
}

export async function registerHub(
  app: FastifyInstance,
  options: {
    verify: TTokenVerifier;
    resolve: TPrincipalResolver;
    redisUrl: string | undefined;
    corsOrigins: readonly string[];
  },
): Promise<THub> {
  const io = new Server(app.server, {
    path: HUB_PATH,
    serveClient: false,
    cors: options.corsOrigins.length ? { origin: [...options.corsOrigins] } : undefined,
    // A dead peer is noticed within a minute.
    pingInterval: 25_000,
    pingTimeout: 20_000,
  });
  const redis = options.redisUrl ? connectRedis(io, options.redisUrl, app.log) : null;
  if (redis) await redis.started;

  io.use(async (socket, next) => {
    const token = tokenOf(socket);
    if (!token) return next(new Error("unauthorized: send the access token"));
    let principal: TPrincipal | null = null;
    try {
      principal = await options.resolve(await options.verify(token));
    } catch (error) {
      // The database not answering says nothing about the token: the client keeps it and retries.
      if (isDatabaseUnavailable(error)) {
        return next(new Error("unavailable: the service is briefly unavailable; try again"));
      }
      principal = null;
    }
    if (!principal) return next(new Error("unauthorized: the access token is not valid"));
    socket.data.userId = principal.userId;
    next();
  });
  io.on("connection", (socket) => {
    void socket.join(room(socket.data.userId as string));
  });

  // Before the HTTP server stops: open sockets would otherwise hold its close() forever.
  // Only this process's: the adapter would end the other processes' sockets too.
  app.addHook("preClose", async () => {
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  app.addHook("onClose", async () => {
    await redis?.close();
  });

  return {
    toUser(userId, event, data) {
      io.to(room(userId)).emit(event, data);
    },
    async endSessions(userId, reason) {
      io.to(room(userId)).emit("ForceDisconnect", { reason });
      // Let the event leave before the sockets close.
      await new Promise((resolve) => setTimeout(resolve, 50));
      io.in(room(userId)).disconnectSockets(true);
    },
    async onlineUsers(userIds) {
      if (userIds.length === 0) return new Set();
      const rooms = userIds.map(room);
      const ofSockets = (sockets: { data: { userId?: unknown } }[]) =>
        new Set(sockets.map((socket) => socket.data.userId as string));
      const local = () => io.local.in(rooms).fetchSockets();
      // With Redis this asks every process; each answers with its sockets in those rooms. Without
      // it (or when it fails on the way), this process's sockets are the answer.
      if (!redis?.available()) return ofSockets(await local());
      try {
        return ofSockets(await io.in(rooms).fetchSockets());
      } catch (error) {
        app.log.warn({ err: error }, "presence across processes failed; answering from this one");
        return ofSockets(await local());
      }
    },
    localSockets() {
      return io.of("/").sockets.size;
    },
  };
}

/** Where REDIS_URL points, for logs: host and port, never the password. */
export function redisAddress(url: string): string {
  const { hostname, port } = new URL(url);
  return `${hostname}:${port || "6379"}`;
}

type TLog = Pick<FastifyBaseLogger, "info" | "warn" | "debug">;

/**
 * The adapter's two Redis clients. They reconnect forever (ioredis's backoff); publishing fails at
 * once while Redis is away (no queue of stale pushes), subscriptions wait and are renewed on
 * reconnect. The adapter drops its commands' promises, so each gets a handler here: a rejection
 * is noted, never unhandled.
 */
function connectRedis(io: Server, url: string, log: TLog) {
  const address = redisAddress(url);
  const pub = new Redis(url, { lazyConnect: true, enableOfflineQueue: false });
  const sub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: null });
  const clients = [pub, sub];
  const noted = (error: unknown) => log.debug({ err: error }, "hub redis command failed");
  guardCommands(pub, ["publish"], noted);
  guardCommands(sub, ["subscribe", "psubscribe", "unsubscribe", "punsubscribe"], noted);

  const isUp = () => clients.every((client) => client.status === "ready");
  // Known once the first connection settled; then one line per change, not one per attempt.
  let available: boolean | undefined;
  const update = () => {
    if (available === undefined || isUp() === available) return;
    available = !available;
    if (available)
      log.info({ redis: address }, "hub reconnected to Redis: events reach every process again");
    else
      log.warn(
        { redis: address },
        `hub lost Redis at ${address} (REDIS_URL): events reach this process's sockets only; reconnecting`,
      );
  };
  for (const client of clients) {
    client.on("error", noted);
    for (const change of ["ready", "close", "end"]) client.on(change, update);
  }
  const started = Promise.all(clients.map((client) => client.connect())).then(
    () => {
      available = true;
      log.info({ redis: address }, "hub connected to Redis (REDIS_URL)");
    },
    (error) => {
      available = false;
      log.warn(
        { redis: address, err: error },
        `Redis at ${address} (REDIS_URL) is not reachable: the hub starts delivering to this process's sockets only and keeps reconnecting`,
      );
      update();
    },
  );
  // After connect() began: the adapter's first commands would otherwise open the connection
  // themselves and connect() would refuse a second time.
  io.adapter(createAdapter(pub, sub));
  return {
    started,
    available: isUp,
    async close() {
      // quit() would wait for a Redis that is away; disconnect() does not.
      await Promise.all(
        clients.map((client) =>
          client.status === "ready" ? client.quit().catch(() => undefined) : client.disconnect(),
        ),
      );
    },
  };
}

type TGuarded = "publish" | "subscribe" | "psubscribe" | "unsubscribe" | "punsubscribe";

function guardCommands(
  client: Redis,
  names: readonly TGuarded[],
  onError: (error: unknown) => void,
) {
  for (const name of names) {
    const command = (client[name] as (...args: unknown[]) => Promise<unknown>).bind(client);
    Object.assign(client, {
      [name]: (...args: unknown[]) => {
        const sent = command(...args);
        sent.catch(onError);
        return sent;
      },
    });
  }
}
