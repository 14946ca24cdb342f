// One way to build the app for http tests: real migrations on a fresh, private database.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { buildApp } from "../src/app";
import { KIND_MODULES } from "../src/modules";
import { loadConfig, type TConfig } from "../src/platform/config";
import { openDatabase, type TDatabase } from "../src/platform/db/database";
import { runMigrations } from "../src/platform/db/migrate";

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
 * A migrated database of its own: in-memory PGlite by default; with DATABASE_URL, a uniquely named
 * database created on that server and dropped by `close`, so parallel runs never share data.
 */
export async function openTestDatabase(config: TConfig): Promise<TDatabase> {
  if (!config.databaseUrl) {
    const database = await openDatabase({
      databaseUrl: undefined,
      dataDir: undefined,
      poolSize: 4,
    });
    await runMigrations(database.pool);
    return database;
  }
  const name = `hostfield_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: config.databaseUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(config.databaseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    databaseUrl: url.toString(),
    dataDir: undefined,
    poolSize: 4,
  });
  await runMigrations(database.pool);
  return {
    ...database,
    async close() {
      // A test may have ended the pool itself; the database is dropped either way.
      await database.close().catch(() => undefined);
      const dropper = new pg.Client({ connectionString: config.databaseUrl });
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
