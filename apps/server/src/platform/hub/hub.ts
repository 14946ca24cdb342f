// The session hub: Socket.IO at /user-mgmt/hub/users/session. A socket authenticates with the
// access token (handshake `auth.token`, or `access_token` in the query), joins its user's room,
// and receives what the modules announce for that user. With REDIS_URL the Redis adapter carries
// room events between server processes.
import { HUB_PATH, type THubEvents } from "@hostfield/domain/contracts";
import { createAdapter } from "@socket.io/redis-adapter";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { Server, type Socket } from "socket.io";
import type { TPrincipalResolver, TTokenVerifier } from "../auth/bearer";
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
  const redis: Redis[] = [];
  if (options.redisUrl) {
    const pub = new Redis(options.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 });
    const sub = pub.duplicate();
    for (const client of [pub, sub]) {
      client.on("error", (error) => app.log.warn({ err: error }, "hub redis error"));
    }
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
    redis.push(pub, sub);
  }

  io.use(async (socket, next) => {
    const token = tokenOf(socket);
    if (!token) return next(new Error("unauthorized: send the access token"));
    let principal: TPrincipal | null = null;
    try {
      principal = await options.resolve(await options.verify(token));
    } catch {
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
  app.addHook("preClose", async () => {
    io.disconnectSockets(true);
    io.engine.close();
  });
  app.addHook("onClose", async () => {
    await Promise.all(redis.map((client) => client.quit().catch(() => undefined)));
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
      // With the Redis adapter this asks every process; each answers with its sockets in those rooms.
      const sockets = await io.in(userIds.map(room)).fetchSockets();
      return new Set(sockets.map((socket) => socket.data.userId as string));
    },
    localSockets() {
      return io.of("/").sockets.size;
    },
  };
}
