// SEED_ON_START's seeding runs in a child process (cli/seed-on-start.ts). Generating the network,
// drawing its pictures and writing it leave a process holding memory it never gives back: V8's
// heap grown for the network, glibc's per-thread arenas of the threads that drew and hashed, and
// the embedded database's WASM heap, which only grows (issue 49: the server at 926 MB idle after
// seeding in process, 451 MB after a restart on the same data). A child's memory goes when it ends.
import { fork } from "node:child_process";
import type { TDatabase } from "../../platform/db/database";
import { countProfiles } from "./repository";

/**
 * When the database holds no profiles, seeds it by running `entry` (the built or TypeScript
 * cli/seed-on-start) and waiting for it, and answers the database to serve from: the same pool on
 * PostgreSQL; on the embedded database a new one, since this process closes its own while the child
 * holds the folder (two PGlite instances on one folder would corrupt it). A failed seed leaves the
 * server to start without it, as before. `stop` (the server's SIGTERM or SIGINT while it starts)
 * stops the child, so no seeding outlives the server, and answers undefined with the database
 * closed: the caller stops without serving.
 */
export async function seedInChild(options: {
  database: TDatabase;
  reopen: () => Promise<TDatabase>;
  entry: string;
  stop: AbortSignal;
}): Promise<TDatabase | undefined> {
  const { database, stop } = options;
  if (stop.aborted || (await countProfiles(database.pool)) > 0) return database;
  const embedded = database.kind === "embedded";
  if (embedded) await database.close();
  const child = fork(options.entry, [], {
    stdio: "inherit",
    // The child would fail to listen on the parent's debugging port.
    execArgv: process.execArgv.filter((flag) => !flag.startsWith("--inspect")),
  });
  const kill = () => child.kill(stop.reason as NodeJS.Signals);
  stop.addEventListener("abort", kill, { once: true });
  // A signal while the profiles were counted came before the listener: no event for it.
  if (stop.aborted) kill();
  const code = await new Promise<number | null>((resolve) => {
    child.once("exit", (exitCode) => resolve(exitCode));
    child.once("error", () => resolve(null));
  });
  stop.removeEventListener("abort", kill);
  if (stop.aborted) {
    if (!embedded) await database.close();
    return undefined;
  }
  if (code !== 0) {
    process.emitWarning(
      `seeding the demo network in its child process failed (exit code ${code}); the server starts without it`,
    );
  }
  return embedded ? options.reopen() : database;
}
