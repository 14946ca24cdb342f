// One way to build the app for http tests: real migrations on a fresh, private database.
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { buildApp } from "../src/app";
import { KIND_MODULES } from "../src/modules";
import { loadConfig, type TConfig } from "../src/platform/config";
import { openDatabase, type TDatabase } from "../src/platform/db/database";
import { migrationsFolder, runMigrations } from "../src/platform/db/migrate";

/** Configuration for tests: the environment's DATABASE_URL (if any) plus quiet logs and overrides. */
export function testConfig(env: Record<string, string> = {}): TConfig {
  return loadConfig({
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    // Files and the media cache of each test app go to a folder of its own, removed on close.
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "hostfield-test-")),
    DATABASE_URL: process.env.DATABASE_URL,
    SECRET_KEY: "test-secret-key-of-at-least-32-characters",
    PUBLIC_URL: "http://hostfield.test",
    ...env,
  });
}

/**
 * What the migrations make, as a name: the committed migrations' hash. A template made from other
 * migrations is never used.
 */
const MIGRATIONS_KEY = (() => {
  const folder = migrationsFolder();
  const hash = createHash("sha256");
  for (const file of fs.readdirSync(folder, { recursive: true, encoding: "utf8" }).sort()) {
    const full = path.join(folder, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest("hex").slice(0, 16);
})();

/**
 * The embedded template: a database migrated once per test process and dumped, which every test
 * database then starts from (an empty PGlite cluster costs 1.2-1.8 s to make, the migrations 0.4 s
 * more; starting from the dump 0.3 s). Test files share the process (isolate: false), so the
 * template is made once per worker.
 */
let embeddedTemplate: Promise<Blob> | undefined;
function migratedEmbeddedDump(): Promise<Blob> {
  embeddedTemplate ??= (async () => {
    const database = await openDatabase({
      databaseUrl: undefined,
      dataDir: undefined,
      poolSize: 1,
    });
    try {
      await runMigrations(database.pool);
      return await database.dump!();
    } finally {
      await database.close();
    }
  })();
  embeddedTemplate.catch(() => {
    embeddedTemplate = undefined; // the next test tries again, and fails with the reason
  });
  return embeddedTemplate;
}

/** On PostgreSQL: the template database every test database is copied from, per migrations. */
const TEMPLATE_PREFIX = "hostfield_template_";
const TEMPLATE_LOCK_ID = 7_420_002;
let postgresTemplate: Promise<string> | undefined;

/**
 * Makes the migrated template on the server once (any process that finds it made uses it): created
 * under another name and renamed when migrated, under an advisory lock, so a half-made template is
 * never copied. Templates of other migrations are dropped then.
 */
function migratedPostgresTemplate(databaseUrl: string): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `${TEMPLATE_PREFIX}${MIGRATIONS_KEY}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      await admin.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK_ID]);
      const { rows } = await admin.query<{ datname: string }>(
        "select datname from pg_database where datname like $1",
        [`${TEMPLATE_PREFIX}%`],
      );
      if (rows.some((r) => r.datname === name)) return name;
      for (const { datname } of rows)
        await admin.query(`drop database if exists "${datname}" with (force)`);
      const making = `${name}_making`;
      await admin.query(`create database "${making}"`);
      const database = await openDatabase({
        databaseUrl: withDatabase(databaseUrl, making),
        dataDir: undefined,
        poolSize: 1,
      });
      try {
        await runMigrations(database.pool);
      } finally {
        await database.close();
      }
      await admin.query(`alter database "${making}" rename to "${name}"`);
      return name;
    } finally {
      await admin.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK_ID]).catch(() => undefined);
      await admin.end();
    }
  })();
  postgresTemplate.catch(() => {
    postgresTemplate = undefined;
  });
  return postgresTemplate;
}

function withDatabase(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A migrated database of its own: in-memory PGlite by default; with DATABASE_URL, a uniquely named
 * database created on that server and dropped by `close`, so parallel runs never share data. Both
 * start as a copy of a template migrated once (a PGlite dump; PostgreSQL's CREATE DATABASE …
 * TEMPLATE), not by running every migration again.
 */
export async function openTestDatabase(config: TConfig): Promise<TDatabase> {
  if (!config.databaseUrl) {
    return openDatabase({
      databaseUrl: undefined,
      dataDir: undefined,
      poolSize: 4,
      initialData: await migratedEmbeddedDump(),
    });
  }
  const databaseUrl = config.databaseUrl;
  const template = await migratedPostgresTemplate(databaseUrl);
  const name = `hostfield_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${template}"`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({
    databaseUrl: withDatabase(databaseUrl, name),
    dataDir: undefined,
    poolSize: 4,
  });
  return {
    ...database,
    async close() {
      // A test may have ended the pool itself; the database is dropped either way.
      await database.close().catch(() => undefined);
      const dropper = new pg.Client({ connectionString: databaseUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}

export type TTestApp = { app: FastifyInstance; database: TDatabase; close(): Promise<void> };

/**
 * Builds the app on a fresh database. `beforeReady` may add fixture routes that exercise shared
 * platform code (paging, patch) before the route table is sealed.
 */
export async function buildTestApp(
  options: { env?: Record<string, string>; beforeReady?: (app: FastifyInstance) => void } = {},
): Promise<TTestApp> {
  const config = testConfig(options.env);
  const database = await openTestDatabase(config);
  const app = await buildApp({ config, database });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

export const V = "api-version=1.0";

/** The server's view of every kind, in the API's order: the kinds the app serves. */
export const KIND_DESCRIPTORS = Object.values(KIND_MODULES).map((m) => m.descriptor);
