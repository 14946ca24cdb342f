// The seed's writing against a real database: on PostgreSQL, two connections side by side write
// what one transaction writes, and a seed that fails on them takes out what it committed. On the
// embedded database (one connection) a failing seed leaves nothing either: its one transaction
// rolls back.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, testConfig } from "../../../test/helper";
import type { TDatabase } from "../../platform/db/database";
import { DEMO_USERS, runSeed, seedFileStore, type TSeedContext, type TSeedOptions } from "./index";

const OPTIONS: TSeedOptions = { seed: 5, scale: 0.02, force: false, today: "2025-06-02" };
const onPostgres = Boolean(testConfig().databaseUrl);

let filesDir: string;
const databases: TDatabase[] = [];

beforeAll(() => {
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), "hostfield-seed-session-"));
});
afterAll(async () => {
  for (const database of databases) await database.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

async function freshDatabase(): Promise<TDatabase> {
  const database = await openTestDatabase(testConfig());
  databases.push(database);
  return database;
}

const context = (pool: pg.Pool, connections: number): TSeedContext => ({
  pool,
  files: seedFileStore({ dataDir: filesDir, s3: undefined }),
  log: () => undefined,
  connections,
});

/** The pool, but every connection it hands out fails the statements `failing` matches. */
function failingOn(pool: pg.Pool, failing: RegExp): pg.Pool {
  const wrap = (client: pg.PoolClient) =>
    new Proxy(client, {
      get(target, key) {
        if (key === "query") {
          return (text: unknown, ...rest: unknown[]) =>
            typeof text === "string" && failing.test(text)
              ? Promise.reject(new Error("injected failure"))
              : (target.query as (...args: unknown[]) => unknown)(text, ...rest);
        }
        const value = Reflect.get(target, key, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  return new Proxy(pool, {
    get(target, key) {
      if (key === "connect") return async () => wrap(await target.connect());
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** Every table the seed writes, as sorted text without the columns the database fills itself. */
async function contents(pool: pg.Pool): Promise<Record<string, string[]>> {
  const tables: Record<string, string> = {
    profiles: "id, slug, name, kind, status, is_active, like_count, description, created_by",
    facility_details: "profile_id, facility_types, capacity",
    profile_amenities: "profile_id, name",
    profile_sports: "profile_id, name",
    profile_space_types: "profile_id, name, surface, location, count",
    facility_destinations: "facility_id, destination_id",
    profile_members: "profile_id, user_id, role",
    stories: "id, slug",
    story_listings: "story_id, profile_id, position",
    room_nights: "room_type_id, night, held, booked, rate",
    reservation_nights: "reservation_id, night, rate",
    analytics_daily: "subject_id, day, metric, ref, count",
    analytics_events: "batch_id, subject_id, type, visitor",
  };
  const result: Record<string, string[]> = {};
  for (const [table, columns] of Object.entries(tables)) {
    const { rows } = await pool.query<{ row: string }>(
      `select (${columns})::text as row from ${table} order by 1`,
    );
    result[table] = rows.map((r) => r.row);
  }
  return result;
}

/** The listings' indexes as PostgreSQL would create them again, by name. */
const listingIndexes = async (pool: pg.Pool) =>
  (
    await pool.query<{ def: string }>(
      "select indexdef as def from pg_indexes where tablename = 'profiles' order by indexname",
    )
  ).rows.map((r) => r.def);

const demoLeft = async (pool: pg.Pool) =>
  (
    await pool.query<{ profiles: number; users: number; counters: number; batches: number }>(
      `select (select count(*) from profiles)::int as profiles,
              (select count(*) from users where id = any($1::uuid[]))::int as users,
              (select count(*) from analytics_daily)::int as counters,
              (select count(*) from analytics_batches)::int as batches`,
      [Object.values(DEMO_USERS).map((u) => u.id)],
    )
  ).rows[0];

describe("the seed's writing", () => {
  it.runIf(onPostgres)(
    "writes on two connections side by side what one transaction writes",
    async () => {
      const one = await freshDatabase();
      const two = await freshDatabase();
      await runSeed(context(one.pool, 1), OPTIONS);
      await runSeed(context(two.pool, 2), OPTIONS);
      const expected = await contents(one.pool);
      expect(expected.profiles!.length).toBeGreaterThan(400);
      expect(expected.analytics_daily!.length).toBeGreaterThan(0);
      expect(await contents(two.pool)).toEqual(expected);
    },
  );

  it.runIf(onPostgres)(
    "takes out what it committed when it fails on two connections, and lets the next seed in",
    async () => {
      const database = await freshDatabase();
      // Room nights come after the listings' stages are committed.
      const failing = failingOn(database.pool, /^insert into "room_nights"/);
      await expect(runSeed(context(failing, 2), OPTIONS)).rejects.toThrow("injected failure");
      expect(await demoLeft(database.pool)).toEqual({
        profiles: 0,
        users: 0,
        counters: 0,
        batches: 0,
      });
      // The lock is released: a seed right after runs, without --force.
      await runSeed(context(database.pool, 2), OPTIONS);
      expect((await demoLeft(database.pool))!.profiles).toBeGreaterThan(400);
    },
  );

  it("leaves the listings' indexes as the migrations made them, rebuilt or not", async () => {
    const database = await freshDatabase();
    const migrated = await listingIndexes(database.pool);
    expect(migrated.filter((def) => def.includes("USING gist")).length).toBeGreaterThan(1);
    await runSeed(context(database.pool, 1), OPTIONS);
    expect((await demoLeft(database.pool))!.profiles).toBeGreaterThan(400);
    expect(await listingIndexes(database.pool)).toEqual(migrated);
  });

  it("keeps the listings' indexes when it fails while building them again", async () => {
    const database = await freshDatabase();
    const migrated = await listingIndexes(database.pool);
    const failing = failingOn(database.pool, /^CREATE INDEX profiles_name_trgm /);
    await expect(runSeed(context(failing, 1), OPTIONS)).rejects.toThrow("injected failure");
    expect(await listingIndexes(database.pool)).toEqual(migrated);
    expect((await demoLeft(database.pool))!.profiles).toBe(0);
  });

  it("leaves nothing when it fails in its one transaction", async () => {
    const database = await freshDatabase();
    const failing = failingOn(database.pool, /^insert into "room_nights"/);
    await expect(runSeed(context(failing, 1), OPTIONS)).rejects.toThrow("injected failure");
    expect(await demoLeft(database.pool)).toEqual({
      profiles: 0,
      users: 0,
      counters: 0,
      batches: 0,
    });
  });
});
