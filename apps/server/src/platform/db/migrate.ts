// Applies the committed drizzle migrations, one process at a time (several servers may start together).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type pg from "pg";
import { liftTimeLimits } from "./database";

// An arbitrary constant that names our migration lock among PostgreSQL advisory locks.
const MIGRATION_LOCK_ID = 7_420_001;

/** The server package's `drizzle/` folder, found from here in source and in the built bundle alike. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, "drizzle", "meta", "_journal.json");
    if (fs.existsSync(candidate)) return path.join(dir, "drizzle");
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("drizzle migrations folder not found");
    dir = parent;
  }
}

export async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await liftTimeLimits(client);
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    try {
      await migrate(drizzle(client), { migrationsFolder: migrationsFolder() });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]);
    }
  } finally {
    // Closed, not pooled: it has no time limits any more.
    client.release(true);
  }
}
