// A bench's database: the embedded one (default), or a fresh database on DATABASE_URL's server,
// migrated, and dropped again by close. Shared by the in-process benches (reserve, compare).
import pg from "pg";
import { openDatabase, type TDatabase } from "../apps/server/src/platform/db/database";
import { runMigrations } from "../apps/server/src/platform/db/migrate";

/** `name` goes into the PostgreSQL database's name (hostfield_bench_<name>_<time>). */
export async function openBenchDatabase(
  name: string,
  serverUrl: string | undefined = process.env.DATABASE_URL,
): Promise<{ database: TDatabase; url: string | undefined }> {
  if (!serverUrl) {
    const database = await openDatabase({
      databaseUrl: undefined,
      dataDir: undefined,
      poolSize: 4,
    });
    await runMigrations(database.pool);
    return { database, url: undefined };
  }
  const dbName = `hostfield_bench_${name}_${Date.now().toString(36)}`;
  const onServer = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await onServer(`create database "${dbName}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  // The server's default pool (DATABASE_POOL_SIZE).
  const database = await openDatabase({
    databaseUrl: url.toString(),
    dataDir: undefined,
    poolSize: 10,
  });
  await runMigrations(database.pool);
  return {
    url: url.toString(),
    database: {
      ...database,
      async close() {
        await database.close();
        await onServer(`drop database if exists "${dbName}" with (force)`);
      },
    },
  };
}
