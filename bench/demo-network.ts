// The demo network made for a fixed day, for the evaluations and benchmarks that read it (the
// assistant's): a PostgreSQL database (`url`, created when missing) or an embedded PGlite kept in
// the system's temporary folder between runs, migrated, and seeded once (again with EVAL_RESEED=1
// or when the seed, scale or day differ from what it holds).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { runSeed, seedFileStore } from "../apps/server/src/cli/seed/index";
import { loadConfig } from "../apps/server/src/platform/config";
import { openDatabase, type TDatabase } from "../apps/server/src/platform/db/database";
import { runMigrations } from "../apps/server/src/platform/db/migrate";

export type TDemoNetwork = {
  database: TDatabase;
  /** Its data folder: the embedded database, demo images, keys. */
  dataDir: string;
  /** The secret its signing keys are sealed with (the same every run). */
  secretKey: string;
};

export const DEMO_SECRET_KEY = "hostfield-demo-network-not-a-secret-0123456789";

export async function openDemoNetwork(options: {
  seed: number;
  scale: number;
  today: string;
  url?: string | undefined;
  log: (message: string) => void;
}): Promise<TDemoNetwork> {
  const { seed, scale, today, url, log } = options;
  // One folder per database: switching between the embedded one and PostgreSQL seeds neither again.
  const where = url ? `-pg-${new URL(url).pathname.slice(1)}` : "";
  const dataDir = path.join(
    os.tmpdir(),
    `hostfield-demo-seed${seed}-scale${scale}-${today}${where}`,
  );
  const marker = path.join(dataDir, "seeded.json");
  fs.mkdirSync(dataDir, { recursive: true });
  if (url) await createDatabaseIfMissing(url);
  const database = await openDatabase({
    databaseUrl: url,
    dataDir: url ? undefined : path.join(dataDir, "db"),
    poolSize: 4,
  });
  await runMigrations(database.pool);
  const wanted = JSON.stringify({ seed, scale, today, url: url ?? null });
  const profiles = async () =>
    Number((await database.pool.query("select count(*)::int as n from profiles")).rows[0].n);
  const seeded =
    !process.env.EVAL_RESEED &&
    fs.existsSync(marker) &&
    fs.readFileSync(marker, "utf8") === wanted &&
    (await profiles()) > 0;
  if (!seeded) {
    log(`Seeding the demo network (seed ${seed}, scale ${scale}, made for ${today})…`);
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      SECRET_KEY: DEMO_SECRET_KEY,
    });
    await runSeed(
      { pool: database.pool, files: seedFileStore(config), log },
      { seed, scale, today, force: true },
    );
    fs.writeFileSync(marker, wanted);
  }
  return { database, dataDir, secretKey: DEMO_SECRET_KEY };
}

async function createDatabaseIfMissing(url: string) {
  const name = new URL(url).pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}
