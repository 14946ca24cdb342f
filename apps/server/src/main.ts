// The server process: read config, open and migrate the database, serve, and shut down gracefully
// (in-flight requests answered, workers stopped, then the pool closed).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app";
import { seedInChild } from "./cli/seed/on-start";
import { ConfigError, loadConfig, type TConfig } from "./platform/config";
import { openDatabase } from "./platform/db/database";
import { runMigrations } from "./platform/db/migrate";
import { assertWritableDir, DataDirError } from "./platform/files/storage-errors";
import { defaultWebDistDir } from "./platform/web/locate";

async function main(): Promise<void> {
  // A SIGTERM or SIGINT before the server listens is kept here: the seeding child stops at once,
  // and the server stops at the next step of its start instead of dying with the default handler
  // half-way through a migration or a reopen (and exiting by the signal rather than 0).
  const starting = new AbortController();
  const stopWhileStarting = (signal: NodeJS.Signals) => starting.abort(signal);
  process.on("SIGTERM", stopWhileStarting);
  process.on("SIGINT", stopWhileStarting);

  let config: TConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  config = { ...config, webDistDir: config.webDistDir ?? defaultWebDistDir() };
  // Uploads go to DATA_DIR/files unless a bucket holds them: a folder that takes no write stops here.
  if (!config.s3) await assertWritableDir(path.join(config.dataDir, "files"));

  const open = () =>
    openDatabase({
      databaseUrl: config.databaseUrl,
      // Migrations below run on the primary only; the replica receives them by replication.
      readUrl: config.databaseReadUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
      statementTimeoutMs: config.databaseStatementTimeoutMs,
    });
  let database = await open();
  await runMigrations(database.pool);
  if (config.seedOnStart) {
    // In a child process (dist/cli/seed-on-start.js, or the .ts beside this file under tsx), so the
    // server does not keep what seeding allocated.
    const self = fileURLToPath(import.meta.url);
    const entry = path.join(path.dirname(self), "cli", `seed-on-start${path.extname(self)}`);
    const seeded = await seedInChild({ database, reopen: open, entry, stop: starting.signal });
    if (!seeded) process.exit(0);
    database = seeded;
  }
  if (starting.signal.aborted) {
    await database.close();
    process.exit(0);
  }
  const app = await buildApp({ config, database });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => {
      app.log.error("shutdown took too long; exiting");
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    // In order: no new connections, the requests in flight answered, the hub's sockets and the
    // job workers stopped (app.close), and only then the database pool closed.
    app
      .close()
      .then(() => app.log.info("requests and workers stopped; closing the database"))
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (error) => {
          app.log.error({ err: error }, "error during shutdown");
          process.exit(1);
        },
      );
  };
  process.off("SIGTERM", stopWhileStarting);
  process.off("SIGINT", stopWhileStarting);
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  if (starting.signal.aborted) return shutdown(String(starting.signal.reason));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { url: config.publicUrl, database: database.kind, dataDir: config.dataDir },
    "Hostfield is running",
  );
}

main().catch((error) => {
  // A data folder that takes no write is said in one line naming the folder and the errno.
  if (error instanceof DataDirError) {
    console.error(error.message);
    process.exit(73); // EX_CANTCREAT
  }
  console.error(error);
  process.exit(1);
});
