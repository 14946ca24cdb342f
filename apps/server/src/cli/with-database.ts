// How the command-line tools reach the configured database: open, migrate, run, always close.
import { loadConfig, type TConfig } from "../platform/config";
import { openDatabase, type TDatabase } from "../platform/db/database";
import { runMigrations } from "../platform/db/migrate";

export async function withDatabase(
  run: (database: TDatabase, config: TConfig) => Promise<void>,
): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 2,
  });
  try {
    await runMigrations(database.pool);
    await run(database, config);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}
