// The embedded default: PGlite persisted under DATA_DIR, served on a private unix socket so the
// app always speaks the PostgreSQL wire protocol through `pg`, exactly as against a real server.
import { spawn } from "node:child_process";
import fsSync from "node:fs";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { cube } from "@electric-sql/pglite/contrib/cube";
import { earthdistance } from "@electric-sql/pglite/contrib/earthdistance";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { assertWritableDir, DataDirError, describeFsError } from "../files/storage-errors";

// pg finds a unix socket as `<dir>/.s.PGSQL.<port>`.
const SOCKET_PORT = 5432;
const SOCKET_NAME = `.s.PGSQL.${SOCKET_PORT}`;
// Linux caps unix socket paths at 108 bytes including the terminator.
const MAX_SOCKET_PATH = 100;

export type TEmbeddedDatabase = {
  /** Connection settings for a `pg` client. */
  connection: { host: string; port: number; user: string; database: string };
  /** The whole database as a tar archive, for `initialData` (call it when no statement runs). */
  dump(): Promise<Blob>;
  stop(): Promise<void>;
};

/**
 * PostgreSQL's shared memory, sized for one session. PGlite allocates it in its WASM heap and
 * touches all of it at start, so it is resident from the first second and, like the rest of that
 * heap, never given back: initdb's 128 MB of shared buffers and room for 100 connections came to
 * 154 MB resident of a 189 MB heap; these to 47 MB of 128 MB (bench/memory.mjs, issue 49). The
 * demo network's searches ran no slower: a page PostgreSQL does not hold is one read of a file
 * the operating system's cache holds. One session (PGlite is single-user; the socket server
 * queues its clients onto it) needs few connection slots.
 */
const START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...["-c", "shared_buffers=32MB", "-c", "max_connections=10"],
];

/** The file naming the process that has a data folder's database open. */
const OWNER_FILE = "db.pid";
/** The data folders whose database this process has open. */
const openHere = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * The live process that has `dataDir`'s database open, if any; this one too, for a test of a tool
 * beside its server. A file with this process's number and no database open here is a dead
 * process's (a container's restarted server is often pid 1 again). Whether a server answers on its
 * socket says nothing here: a busy or full one may not answer in time, and a second PGlite on the
 * same folder would corrupt it.
 */
function ownerOf(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number.parseInt(fsSync.readFileSync(path.join(dataDir, OWNER_FILE), "utf8"), 10);
  } catch {
    return undefined;
  }
  if (pid === process.pid) return openHere.has(path.resolve(dataDir)) ? pid : undefined;
  return Number.isInteger(pid) && isAlive(pid) ? pid : undefined;
}

/** Marks `dataDir`'s database open in this process (over a dead process's file), or no longer. */
async function claim(dataDir: string, open: boolean): Promise<void> {
  if (open) {
    openHere.add(path.resolve(dataDir));
    await fs.writeFile(path.join(dataDir, OWNER_FILE), String(process.pid), { mode: 0o600 });
  } else {
    openHere.delete(path.resolve(dataDir));
    await fs.rm(path.join(dataDir, OWNER_FILE), { force: true });
  }
}

/**
 * Makes the cluster of a new data folder (PGlite's initdb) in a child process. In this process it
 * would stay in the server's memory for good: initdb is a second WASM module whose cluster is copied
 * through the JS heap, and what that allocated is not given back (measured: 512 MB resident after
 * PGlite created a new folder, 275 MB after it opened one made by a child; the server's first start
 * 573 MB idle against 472 MB after a restart). When the child fails, the caller's own attempt says
 * why with the error itself (its errno), as it did before.
 */
async function createClusterInChild(dbDir: string): Promise<void> {
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const script = `require(${JSON.stringify(entry)}).PGlite.create({ dataDir: ${JSON.stringify(dbDir)} }).then((db) => db.close())`;
  const child = spawn(process.execPath, ["-e", script], { stdio: "ignore" });
  await new Promise((resolve) => {
    child.once("error", resolve);
    child.once("exit", resolve);
  });
}

/**
 * Starts PGlite (in memory when `dataDir` is undefined) and serves it on a private socket. When a
 * running server already serves this data folder (`npm run admin` beside `npm start`), its socket is
 * used instead: two PGlite instances on one folder would corrupt it. An in-memory database may
 * start from `initialData`, another's `dump()` (the http tests' migrated template), instead of an
 * empty cluster.
 */
export async function startEmbeddedDatabase(options: {
  dataDir: string | undefined;
  maxConnections: number;
  initialData?: Blob;
}): Promise<TEmbeddedDatabase> {
  if (options.dataDir) {
    const owner = ownerOf(options.dataDir);
    if (owner !== undefined) {
      const running = path.join(options.dataDir, "run");
      if (!fsSync.existsSync(path.join(running, SOCKET_NAME))) {
        throw new DataDirError(
          `the embedded database in ${path.resolve(options.dataDir)} is open in process ${owner}, which serves it on no socket here (its folder's path is too long for one); stop that process first`,
        );
      }
      return {
        connection: { host: running, port: SOCKET_PORT, user: "postgres", database: "postgres" },
        dump: () => Promise.reject(new Error("another process serves this database")),
        stop: async () => undefined,
      };
    }
  }
  const extensions = { btree_gist, cube, earthdistance, pg_trgm };
  let pglite: PGlite;
  let socketDir: string;
  let ownsSocketDir = false;
  if (options.dataDir) {
    const dbDir = path.join(options.dataDir, "db");
    // PGlite on a full or read-only folder fails with "PGlite failed to initialize properly" and
    // no hint; this names the folder and the errno first.
    await assertWritableDir(dbDir, 0o700);
    // This process has the folder's database open from here until stop().
    await claim(options.dataDir, true);
    if (!fsSync.existsSync(path.join(dbDir, "PG_VERSION"))) await createClusterInChild(dbDir);
    pglite = await PGlite.create({ dataDir: dbDir, extensions, startParams: START_PARAMS }).catch(
      async (error: unknown) => {
        if (options.dataDir) await claim(options.dataDir, false);
        throw new DataDirError(
          `the embedded database in ${path.resolve(dbDir)} did not start (${describeFsError(error)}); check the folder's free space and permissions`,
          { cause: error },
        );
      },
    );
    socketDir = path.join(options.dataDir, "run");
    if (path.join(socketDir, SOCKET_NAME).length > MAX_SOCKET_PATH) {
      socketDir = await fs.mkdtemp(path.join(os.tmpdir(), "hostfield-db-"));
      ownsSocketDir = true;
    } else {
      await fs.mkdir(socketDir, { recursive: true, mode: 0o700 });
      await fs.chmod(socketDir, 0o700);
    }
  } else {
    pglite = await PGlite.create({
      extensions,
      loadDataDir: options.initialData,
      startParams: START_PARAMS,
    });
    socketDir = await fs.mkdtemp(path.join(os.tmpdir(), "hostfield-db-"));
    ownsSocketDir = true;
  }
  const socketPath = path.join(socketDir, SOCKET_NAME);
  // A socket file left by a process that died would make listen() fail with EADDRINUSE.
  await fs.rm(socketPath, { force: true });

  const server = new PGLiteSocketServer({
    db: pglite,
    path: socketPath,
    maxConnections: options.maxConnections,
  });
  await server.start();

  return {
    connection: { host: socketDir, port: SOCKET_PORT, user: "postgres", database: "postgres" },
    dump: () => pglite.dumpDataDir("none"),
    async stop() {
      await server.stop();
      await pglite.close();
      await fs.rm(socketPath, { force: true });
      if (options.dataDir) await claim(options.dataDir, false);
      if (ownsSocketDir) await fs.rm(socketDir, { recursive: true, force: true });
    },
  };
}
