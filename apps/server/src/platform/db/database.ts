// The one way the server reaches PostgreSQL: a `pg` pool (embedded PGlite or DATABASE_URL) and drizzle over it.
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import { startEmbeddedDatabase } from "./embedded";
import { parseTextArray } from "./text-array";

// Arrays of strings (text[], varchar[], uuid[]) are read by slices (text-array.ts), by every pool.
for (const oid of [1009, 1015, 2951]) {
  const pgParser = pg.types.getTypeParser(oid, "text") as (value: string) => unknown;
  pg.types.setTypeParser(oid, (value: string) => parseTextArray(value, pgParser));
}

/** Tables belong to their modules (`schema.ts` beside each repository); the handle needs none. */
export type TDb = NodePgDatabase;

export type TDatabase = {
  pool: pg.Pool;
  db: TDb;
  /** "embedded" or "postgres", for logs and readiness. */
  kind: "embedded" | "postgres";
  /** The embedded database as a tar archive (`initialData` of another); absent on PostgreSQL. */
  dump?: () => Promise<Blob>;
  close(): Promise<void>;
};

export type TDatabaseOptions = {
  databaseUrl: string | undefined;
  /** Where the embedded database persists; undefined keeps it in memory (tests). */
  dataDir: string | undefined;
  poolSize: number;
  /** An in-memory embedded database starts as this `dump()` of another (the tests' template). */
  initialData?: Blob;
};

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
    const pool = keepPoolAlive(
      new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize }),
    );
    const db = drizzle(pool);
    ownSessions.add(db);
    return {
      pool,
      db,
      kind: "postgres",
      close: () => pool.end(),
    };
  }
  const embedded = await startEmbeddedDatabase({
    dataDir: options.dataDir,
    // Our one connection, and room for a command-line tool beside a running server.
    maxConnections: 3,
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
