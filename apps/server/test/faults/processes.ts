// The fault suite's processes: the real server (dist/main.js, bundled by the suite's global setup,
// as production runs it: its own port, data folder and environment), started, waited for, stopped or killed; free ports; a
// fresh PostgreSQL database; and cleanUp, the teardown of what they made. Shared by every test in
// test/faults.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { freePort } from "../free-port";

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const MAIN = path.join(SERVER_DIR, "dist/main.js");

/** What every spawned server shares: the issuer and key that make one's tokens good on the others. */
export const SERVER_ENV = {
  NODE_ENV: "production",
  LOG_LEVEL: "info",
  HOST: "127.0.0.1",
  PUBLIC_URL: "http://hostfield.test",
  SECRET_KEY: "fault-tests-secret-key-of-at-least-32-characters",
  RATE_LIMIT_MAX: "1000000",
  SHUTDOWN_TIMEOUT_MS: "20000",
  SEED_ON_START: "false",
  // `admin@example.com` (preparePeople) is an admin.
  ADMIN_EMAILS: "admin@example.com",
} as const;

export { freePort };

/** Connects to 127.0.0.1:`port` and hangs up: null when it connected, else the error's code. */
export function tryConnect(port: number): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(null);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

const tempDirs: string[] = [];
const spawned: TServer[] = [];
const databases: { drop(): Promise<void> }[] = [];

/** A folder of the test's own under the system's temp folder (removed by removeTempDirs or cleanUp). */
export function tempDir(prefix = "hostfield-fault-"): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/** Removes the folders tempDir made; call it once the servers using them have stopped. */
export function removeTempDirs(): void {
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * A test file's teardown: kills (-9) every server spawnServer started that still runs, drops the
 * databases createPostgresDatabase made, and removes tempDir's folders.
 */
export async function cleanUp(): Promise<void> {
  await Promise.all(spawned.splice(0).map((server) => killServer(server)));
  for (const database of databases.splice(0)) await database.drop();
  removeTempDirs();
}

export type TExit = { code: number | null; signal: NodeJS.Signals | null };

export type TServer = {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far (pino's JSON lines). */
  output(): string;
  /** What it wrote to stderr alone. */
  errors(): string;
  /** Resolves when the process has exited (never rejects). */
  exited: Promise<TExit>;
  /** Whether it is still running. */
  alive(): boolean;
};

export type TSpawnOptions = {
  /** The data folder (PGlite's and the files'); a fresh one by default. Reuse it to restart. */
  dataDir?: string;
  /** Its port; a free one by default. */
  port?: number;
  /** More variables, over SERVER_ENV (DATABASE_URL, REDIS_URL, …). */
  env?: Record<string, string>;
  /** How long to wait for /readyz (default 120 s: the machine is shared). */
  readyTimeoutMs?: number;
  /** false: resolves at once, without waiting for /readyz (a start that should fail). */
  waitReady?: boolean;
};

/** Starts the server as a child process and resolves once /readyz answers 200. */
export async function spawnServer(options: TSpawnOptions = {}): Promise<TServer> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? tempDir();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? os.tmpdir(),
    ...SERVER_ENV,
    PORT: String(port),
    DATA_DIR: dataDir,
    ...options.env,
  };
  // One process, node itself running the bundle: a signal reaches the server.
  const child = spawn(process.execPath, [MAIN], {
    cwd: SERVER_DIR,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let errors = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    errors += chunk.toString();
  });
  let running = true;
  const exited = new Promise<TExit>((resolve) => {
    child.once("exit", (code, signal) => {
      running = false;
      resolve({ code, signal });
    });
  });
  const server: TServer = {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    child,
    output: () => output,
    errors: () => errors,
    exited,
    alive: () => running,
  };
  spawned.push(server);
  if (options.waitReady === false) return server;
  try {
    await waitReady(server, options.readyTimeoutMs ?? 120_000);
  } catch (error) {
    await killServer(server);
    throw error;
  }
  return server;
}

/** Polls /readyz until 200; fails early when the process exits. */
export async function waitReady(server: TServer, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!server.alive()) {
      throw new Error(`the server exited before it was ready:\n${server.output().slice(-4000)}`);
    }
    try {
      const res = await fetch(`${server.url}/readyz`);
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `the server was not ready within ${timeoutMs} ms:\n${server.output().slice(-4000)}`,
  );
}

/** SIGTERM (graceful) by default; resolves with how it exited. */
export async function stopServer(
  server: TServer,
  signal: NodeJS.Signals = "SIGTERM",
): Promise<TExit> {
  if (server.alive()) server.child.kill(signal);
  return server.exited;
}

/** kill -9: no shutdown at all, as a crash or an OOM kill. */
export function killServer(server: TServer): Promise<TExit> {
  return stopServer(server, "SIGKILL");
}

/** The JSON log lines of the server, parsed (other lines are skipped). */
export function logLines(
  server: TServer,
): { level: number; msg: string; [key: string]: unknown }[] {
  return server
    .output()
    .split("\n")
    .flatMap((line) => {
      try {
        const parsed = JSON.parse(line);
        return parsed && typeof parsed === "object" && "msg" in parsed ? [parsed] : [];
      } catch {
        return [];
      }
    });
}

/** PostgreSQL of the machine (CI's too): trust auth, user postgres. */
export const POSTGRES_URL =
  process.env.FAULT_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** A fresh, empty database on POSTGRES_URL's server; `drop` (or cleanUp) removes it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `hostfield_fault_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const database = {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: POSTGRES_URL });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
  databases.push(database);
  return database;
}
