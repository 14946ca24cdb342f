// The embedded database's wire: PGlite is one PostgreSQL session, served here on a unix socket to
// every `pg` connection (the server's pool, and command-line tools beside a running server).
// Each connection takes the session for a whole exchange: from its first message until the backend
// is idle again (after a Sync or a simple Query, outside a transaction), so one connection's
// statements never run inside another's exchange or transaction. A connection past the limit is
// refused as PostgreSQL refuses it (FATAL 53300). pglite-socket, used before, wrote a bare line of
// text instead, which `pg` could only report as a failed query: the browser journeys' two workers,
// each granting an admin from the shell at once (a probe and a pool each, beside the server's
// connection), went past its limit of 3.
import net from "node:net";
import type { PGlite } from "@electric-sql/pglite";

// Frontend messages before the startup: their codes (no type byte; int32 length, int32 code).
const PROTOCOL_3 = 196608;
const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
// Typed frontend messages that end an exchange, and the one that ends the connection.
const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const TERMINATE = 0x58; // 'X'

/** Who holds the one session; the rest wait in arrival order and get it handed over. */
class SessionTurns {
  private holder: object | undefined;
  private readonly waiting: Array<{ who: object; go: () => void }> = [];

  async take(who: object): Promise<void> {
    if (this.holder === who) return;
    if (this.holder === undefined) {
      this.holder = who;
      return;
    }
    await new Promise<void>((go) => this.waiting.push({ who, go }));
  }

  holds(who: object): boolean {
    return this.holder === who;
  }

  release(who: object): void {
    if (this.holder !== who) return;
    const next = this.waiting.shift();
    this.holder = next?.who;
    next?.go();
  }
}

/**
 * The length of the next whole message at the start of `buffer`: 0 while it is incomplete, -1 when
 * its length cannot be a message's (a client that does not speak the protocol).
 */
function nextMessageLength(buffer: Buffer, started: boolean): number {
  const head = started ? 1 : 0;
  if (buffer.length < head + 4) return 0;
  const length = head + buffer.readInt32BE(head);
  if (length < head + 4 || (!started && length < 8)) return -1;
  return buffer.length >= length ? length : 0;
}

/** PostgreSQL's own refusal (FATAL 53300), so a client says why it could not connect. */
function tooManyClients(): Buffer {
  const fields = ["SFATAL", "VFATAL", "C53300", "Msorry, too many clients already"];
  const body = Buffer.from(`${fields.join("\0")}\0\0`);
  const head = Buffer.alloc(5);
  head.write("E");
  head.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([head, body]);
}

export type TEmbeddedSocketServer = { stop(): Promise<void> };

export async function serveEmbedded(options: {
  pglite: PGlite;
  socketPath: string;
  maxConnections: number;
}): Promise<TEmbeddedSocketServer> {
  const { pglite } = options;
  const turns = new SessionTurns();
  const sockets = new Set<net.Socket>();

  async function run(message: Uint8Array, socket: net.Socket): Promise<void> {
    await pglite.runExclusive(() =>
      pglite.execProtocolRawStream(message, {
        onRawData: (data) => {
          if (socket.writable && data.length > 0) socket.write(data);
        },
      }),
    );
  }

  /**
   * Ends a closed connection's turn, once nothing of it runs: a transaction it left open is rolled
   * back first.
   */
  async function leave(who: object): Promise<void> {
    if (!turns.holds(who)) return;
    try {
      if (pglite.isInTransaction()) await pglite.exec("rollback");
    } finally {
      turns.release(who);
    }
  }

  function serve(socket: net.Socket): void {
    // Refused as PostgreSQL refuses: after reading the startup message, so the client is listening.
    const refused = sockets.size >= options.maxConnections;
    sockets.add(socket);
    const who = {};
    let buffer = Buffer.alloc(0);
    let started = false;
    let pumping = false;
    let closed = false;

    const close = () => {
      if (closed) return;
      closed = true;
      sockets.delete(socket);
      socket.end();
      if (!pumping) void leave(who).catch(() => undefined);
    };

    async function handle(message: Buffer): Promise<void> {
      if (!started) {
        const code = message.readInt32BE(4);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
          socket.write("N");
          return;
        }
        if (code === CANCEL_REQUEST) {
          close();
          return;
        }
        if (code !== PROTOCOL_3 || refused) {
          if (refused) socket.write(tooManyClients());
          close();
          return;
        }
      } else if (message[0] === TERMINATE) {
        close();
        return;
      }
      await turns.take(who);
      if (closed) return;
      await run(message, socket);
      const endsExchange = !started || message[0] === SYNC || message[0] === QUERY;
      started = true;
      if (endsExchange && !pglite.isInTransaction()) turns.release(who);
    }

    async function pump(): Promise<void> {
      if (pumping) return;
      pumping = true;
      try {
        for (;;) {
          const length = nextMessageLength(buffer, started);
          if (length < 0) close();
          if (closed || length <= 0) return;
          const message = buffer.subarray(0, length);
          buffer = buffer.subarray(length);
          await handle(message);
        }
      } catch {
        close();
      } finally {
        pumping = false;
        if (closed) void leave(who).catch(() => undefined);
      }
    }

    socket.on("data", (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      void pump();
    });
    socket.on("error", close);
    socket.on("close", close);
  }

  const server = net.createServer(serve);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.socketPath, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return {
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
