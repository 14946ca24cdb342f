// The one way the server reaches PostgreSQL: a `pg` pool (embedded PGlite or DATABASE_URL) and drizzle
// over it, and with DATABASE_READ_URL a second pool on a read replica (read-routing.ts decides its reads).
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import { startEmbeddedDatabase } from "./embedded";

/** Tables belong to their modules (`schema.ts` beside each repository); the handle needs none. */
export type TDb = NodePgDatabase;

export type TDatabase = {
  pool: pg.Pool;
  db: TDb;
  /** "embedded" or "postgres", for logs and readiness. */
  kind: "embedded" | "postgres";
  /**
   * A read replica of `db` (DATABASE_READ_URL), with the primary's pool settings. Only public reads
   * go there, through read-routing.ts; migrations and writes never do. Absent: `db` reads too.
   */
  replica?: { pool: pg.Pool; db: TDb };
  /** The embedded database as a tar archive (`initialData` of another); absent on PostgreSQL. */
  dump?: () => Promise<Blob>;
  close(): Promise<void>;
};

export type TDatabaseOptions = {
  databaseUrl: string | undefined;
  /** A replica of `databaseUrl` for public reads; PostgreSQL only (the embedded one has none). */
  readUrl?: string;
  /** Where the embedded database persists; undefined keeps it in memory (tests). */
  dataDir: string | undefined;
  poolSize: number;
  /** An in-memory embedded database starts as this `dump()` of another (the tests' template). */
  initialData?: Blob;
  /**
   * How long a PostgreSQL statement may run (ms; 0 = no limit). A server sets it so a request never
   * waits on a database that stopped answering; tools (migrations, seeding) leave it unset.
   */
  statementTimeoutMs?: number;
};

/** How long opening a PostgreSQL connection may take before the request is answered 503. */
export const CONNECT_TIMEOUT_MS = 5000;
/** A transaction left idle this long is ended by PostgreSQL (its connection is dropped). */
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;
/** A quiet connection is probed after this long, so a dead path is noticed. */
const KEEPALIVE_DELAY_MS = 10_000;
/** A reply may come this long after the statement's own limit (network, a busy server). */
const READ_GRACE_MS = 5000;

/**
 * A PostgreSQL connection that gives itself up when a reply does not come: `pg` answers a query
 * that outlives `query_timeout` with "Query read timeout" but keeps the connection, whose reply may
 * never come (a network black hole). The connection is destroyed instead, so the pool opens a fresh
 * one once the path is back. A failure of a connection in use reaches its query (and the pool
 * drops it when released); the 'error' event it also emits is noted, not left to end the process.
 */
class GuardedClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on("error", (error) => {
      process.emitWarning(`database connection failed: ${error.message}`);
    });
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; this passes them on.
  override query(...args: any[]): any {
    // biome-ignore lint/suspicious/noExplicitAny: as above.
    const result = (super.query as (...a: any[]) => any)(...args);
    if (result && typeof result.then === "function") {
      (result as Promise<unknown>).then(undefined, (error: unknown) => {
        if (error instanceof Error && error.message === "Query read timeout") this.giveUp();
      });
    }
    return result;
  }

  private giveUp() {
    const stream = (this as unknown as { connection?: { stream?: { destroy(): void } } }).connection
      ?.stream;
    stream?.destroy();
  }
}

/**
 * Lifts a checked-out connection's time limits, for work that may outlast a request (migrations,
 * which may wait for another process's lock or build an index on a large table). Release it with
 * `release(true)` after, so it is closed rather than pooled without limits.
 */
export async function liftTimeLimits(client: pg.PoolClient): Promise<void> {
  await client.query("set statement_timeout = 0");
  const parameters = (client as unknown as { connectionParameters?: { query_timeout?: number } })
    .connectionParameters;
  if (parameters) parameters.query_timeout = 0;
}

/**
 * The pool for a PostgreSQL server: connections that give up (connect timeout, statement and read
 * timeouts, keepalive, idle transactions ended), and PostgreSQL's JIT off: the app's queries are
 * short, and compiling costs more than it saves (210-235 ms on a 100k-row list).
 */
export function postgresPoolConfig(options: {
  databaseUrl: string;
  poolSize: number;
  statementTimeoutMs?: number;
}): pg.PoolConfig {
  const statementMs = options.statementTimeoutMs ?? 0;
  return {
    connectionString: options.databaseUrl,
    max: options.poolSize,
    Client: GuardedClient,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
    options: `-c jit=off -c idle_in_transaction_session_timeout=${IDLE_IN_TRANSACTION_TIMEOUT_MS}${
      statementMs > 0 ? ` -c statement_timeout=${statementMs}` : ""
    }`,
    ...(statementMs > 0 ? { query_timeout: statementMs + READ_GRACE_MS } : {}),
  };
}

/**
 * An idle pooled connection can fail on its own (server restart, administrator termination); `pg`
 * emits that on the pool, and an unheard 'error' event would crash the process. The pool drops the
 * broken client and the next query gets a fresh one, so noting it is enough.
 */
function keepPoolAlive(pool: pg.Pool): pg.Pool {
  pool.on("error", (error) => {
    process.emitWarning(`idle database connection failed: ${error.message}`);
  });
  return pool;
}

/**
 * Handles whose every connection is a server session of its own (a PostgreSQL server's), so a
 * statement a connection names is known to that connection alone. The embedded database is one
 * session behind every connection to it: a connection the pool opens again (after its idle
 * timeout, or another pool on the same database) would find its names taken.
 */
const ownSessions = new WeakSet<TDb>();
export const hasOwnSessions = (db: TDb): boolean => ownSessions.has(db);

export async function openDatabase(options: TDatabaseOptions): Promise<TDatabase> {
  if (options.databaseUrl) {
    // The replica's pool is made like the primary's: the same limits apply to its reads.
    const open = (databaseUrl: string) => {
      const pool = keepPoolAlive(
        new pg.Pool(
          postgresPoolConfig({
            databaseUrl,
            poolSize: options.poolSize,
            statementTimeoutMs: options.statementTimeoutMs,
          }),
        ),
      );
      const db = drizzle(pool);
      ownSessions.add(db);
      return { pool, db };
    };
    const { pool, db } = open(options.databaseUrl);
    const replica = options.readUrl ? open(options.readUrl) : undefined;
    return {
      pool,
      db,
      kind: "postgres",
      ...(replica ? { replica } : {}),
      close: async () => {
        await Promise.all([pool.end(), replica?.pool.end()]);
      },
    };
  }
  if (options.readUrl) throw new Error("A read replica (DATABASE_READ_URL) needs DATABASE_URL.");
  const embedded = await startEmbeddedDatabase({
    dataDir: options.dataDir,
    // Our one connection, and room for command-line tools beside a running server (the browser
    // journeys' workers each grant an admin at once, each tool with a pool): past the socket
    // server's limit a tool got a line of text `pg` could only report as a failed query.
    maxConnections: 16,
    initialData: options.initialData,
  });
  // One connection: PGlite is a single session, and its socket server queues protocol messages
  // one by one, so two connections' Parse/Bind/Execute could interleave ("portal does not exist",
  // "bind message supplies 6 parameters"). Queries wait their turn in the pool instead; PGlite
  // runs one at a time anyway. DATABASE_POOL_SIZE applies to DATABASE_URL only.
  const pool = keepPoolAlive(new pg.Pool({ ...embedded.connection, max: 1 }));
  return {
    pool,
    db: drizzle(pool),
    kind: "embedded",
    dump: embedded.dump,
    async close() {
      await pool.end();
      await embedded.stop();
    },
  };
}

/**
 * True when the database answers a trivial query within `timeoutMs`; used by /readyz. A database
 * that hangs (or a pool whose connections are all stuck) counts as unreachable, not as a wait.
 */
export async function isDatabaseReachable(pool: pg.Pool, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([pool.query("select 1").then(() => true), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** A page as SQL reads it: how many rows, after how many. */
export type TWindow = { limit: number; offset: number };

/** A page of rows and how many match in all, read at once: `pageOf(rowsQuery, countQuery)`. */
export async function pageOf<T>(
  rows: PromiseLike<T[]>,
  total: PromiseLike<{ n: number }[]>,
): Promise<{ rows: T[]; count: number }> {
  const [page, [all]] = await Promise.all([rows, total]);
  return { rows: page, count: all?.n ?? 0 };
}

/**
 * Runs `work` in one transaction. Its handle is given as a TDb (drizzle types a transaction apart
 * but it answers the same queries), so repositories take either. On the embedded database the
 * transaction holds the one connection: read through anything else before, not inside.
 */
export const inTransaction = <T>(db: TDb, work: (tx: TDb) => Promise<T>): Promise<T> =>
  db.transaction((tx) => work(tx as unknown as TDb));
