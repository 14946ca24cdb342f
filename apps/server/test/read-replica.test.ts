// Read replicas (DATABASE_READ_URL) on PostgreSQL. A second database stands in for the replica: a
// copy of the primary taken once its shared rows were written, and never written again, so every
// write after the copy is a write the replica has not replayed yet (its lag, simulated). Public
// searches and listing pages read the replica; a member who just wrote reads the primary until
// DATABASE_READ_STICKY_SECONDS have passed (on the app's clock, which the test moves); writes go to
// the primary only; a replica, or a Redis, that refuses connections sends reads to the primary.
import fs from "node:fs";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { openDatabase, type TDatabase } from "../src/platform/db/database";
import { memoryStickyStore } from "../src/platform/db/read-routing";
import { freePort } from "./free-port";
import { openTestDatabase, testConfig, V } from "./helper";
import { signInPeople, type TTokens } from "./oidc-driver";

const SEARCH = "/facility-mgmt/api/facilities/search";
const FACILITIES = "/facility-mgmt/api/facilities";
const STICKY_SECONDS = 10;

const withName = (url: string, name: string) => {
  const copy = new URL(url);
  copy.pathname = `/${name}`;
  return copy.toString();
};

/** A listed facility, written straight to a database. */
async function insertListed(client: pg.Client, name: string): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `insert into profiles (kind, name, slug, status, is_active, city, state)
     values ('facility', $1, $2, 'approved', true, 'Louisville', 'Kentucky') returning id`,
    [name, `${name.toLowerCase().replace(/\W+/g, "-")}-${Date.now()}`],
  );
  return rows[0]!.id;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe("memory of members who wrote (one process)", () => {
  it("keeps a member sticky until the end time, and forgets the oldest beyond its bound", async () => {
    const store = memoryStickyStore(2);
    await store.mark("a", 1000);
    expect(await store.isSticky("a", 999)).toBe(true);
    expect(await store.isSticky("a", 1000)).toBe(false);
    await store.mark("a", 5000);
    await store.mark("b", 5000);
    await store.mark("c", 5000);
    expect(await store.isSticky("a", 0)).toBe(false);
    expect(await store.isSticky("b", 0)).toBe(true);
    expect(await store.isSticky("c", 0)).toBe(true);
  });
});

describe.runIf(process.env.DATABASE_URL)("a read replica (DATABASE_READ_URL)", () => {
  let primaryHandle: TDatabase;
  let primaryUrl: string;
  let replicaUrl: string;
  let serverUrl: string;
  const replicaName = () => new URL(replicaUrl).pathname.slice(1);
  let sharedId: string;
  let freshId: string;
  const clock = { ms: Date.now() };
  const opened: { app: FastifyInstance; database: TDatabase; dataDir: string }[] = [];

  /** An app on the primary and `readUrl` (another process of the same deployment). */
  async function appOn(readUrl: string, env: Record<string, string> = {}) {
    const config = testConfig({
      DATABASE_URL: primaryUrl,
      DATABASE_READ_URL: readUrl,
      DATABASE_READ_STICKY_SECONDS: String(STICKY_SECONDS),
      ...env,
    });
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      readUrl: config.databaseReadUrl,
      dataDir: undefined,
      poolSize: 4,
    });
    const app = await buildApp({ config, database, now: () => new Date(clock.ms) });
    await app.ready();
    opened.push({ app, database, dataDir: config.dataDir });
    return app;
  }

  let app: FastifyInstance;
  let member: TTokens;
  const as = (who: TTokens | null) =>
    who ? { authorization: `Bearer ${who.access_token}` } : ({} as Record<string, string>);

  const search = async (on: FastifyInstance, who: TTokens | null) => {
    const res = await on.inject({
      method: "POST",
      url: `${SEARCH}?${V}`,
      headers: as(who),
      payload: { data: { text: "Arena" } },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { name: string; likeCount: number; myReaction?: boolean }[]).sort(
      (a, b) => a.name.localeCompare(b.name),
    );
  };
  const names = async (on: FastifyInstance, who: TTokens | null) =>
    (await search(on, who)).map((p) => p.name);

  beforeAll(async () => {
    serverUrl = process.env.DATABASE_URL!;
    // The primary: a fresh migrated database (dropped by its handle's close), not connected to yet.
    primaryHandle = await openTestDatabase(testConfig());
    primaryUrl = (primaryHandle.pool as unknown as { options: { connectionString: string } })
      .options.connectionString;
    const primaryName = new URL(primaryUrl).pathname.slice(1);
    sharedId = await withClient(primaryUrl, (c) => insertListed(c, "Shared Arena"));
    // The replica: the primary as it was then (CREATE DATABASE waits for that session to end).
    replicaUrl = withName(primaryUrl, `${primaryName}_replica`);
    await withClient(serverUrl, (c) =>
      c.query(`create database "${replicaName()}" template "${primaryName}"`),
    );
    // Written after the copy: the replica lags behind it.
    freshId = await withClient(primaryUrl, (c) => insertListed(c, "Fresh Arena"));

    app = await appOn(replicaUrl);
    ({ member } = await signInPeople(app, app.db, ["member"] as const, "correct horse 42"));
  }, 180_000);

  afterAll(async () => {
    for (const { app: each, database, dataDir } of opened) {
      await each.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    if (replicaUrl)
      await withClient(serverUrl, (c) =>
        c.query(`drop database if exists "${replicaName()}" with (force)`),
      );
    await primaryHandle?.close();
  });

  it("answers a visitor's search, its facet counts and a listing's public page from the replica", async () => {
    expect(await names(app, null)).toEqual(["Shared Arena"]);
    const stats = await app.inject({
      method: "POST",
      url: `${SEARCH}/stats?${V}`,
      payload: { data: { text: "Arena" } },
    });
    expect(stats.json().data.count).toBe(1);
    // The listing the replica has not received yet is not found there, though the primary has it.
    for (const page of [`${FACILITIES}/${freshId}/public`, `${FACILITIES}/${freshId}`]) {
      const res = await app.inject({ url: `${page}?${V}` });
      expect(res.statusCode, page).toBe(404);
    }
    const shared = await app.inject({ url: `${FACILITIES}/${sharedId}/public?${V}` });
    expect(shared.json().data.name).toBe("Shared Arena");
  });

  it("answers a member who has not written from the replica, but their view of a listing from the primary", async () => {
    expect(await names(app, member)).toEqual(["Shared Arena"]);
    // A search is declared read-only: making one does not keep the member on the primary.
    expect(await names(app, member)).toEqual(["Shared Arena"]);
    const page = await app.inject({ url: `${FACILITIES}/${freshId}?${V}`, headers: as(member) });
    expect(page.statusCode, page.body).toBe(200);
  });

  it("answers a member who just wrote from the primary, so they see their own write, until the sticky time has passed", async () => {
    const liked = await app.inject({
      method: "POST",
      url: `${FACILITIES}/${freshId}/likes?${V}`,
      headers: as(member),
    });
    expect(liked.statusCode, liked.body).toBe(200);
    expect(await search(app, member)).toMatchObject([
      { name: "Fresh Arena", likeCount: 1, myReaction: true },
      { name: "Shared Arena", likeCount: 0, myReaction: false },
    ]);
    // Visitors still read the replica meanwhile.
    expect(await names(app, null)).toEqual(["Shared Arena"]);

    clock.ms += (STICKY_SECONDS - 1) * 1000;
    expect(await names(app, member)).toEqual(["Fresh Arena", "Shared Arena"]);
    clock.ms += 2000;
    expect(await names(app, member)).toEqual(["Shared Arena"]);
  });

  it("never writes to the replica", async () => {
    const count = (url: string) =>
      withClient(url, async (c) => {
        const users = await c.query("select 1 from users where email = 'member@example.com'");
        const likes = await c.query("select 1 from profile_reactions where profile_id = $1", [
          freshId,
        ]);
        const listings = await c.query("select 1 from profiles");
        return { users: users.rowCount, likes: likes.rowCount, listings: listings.rowCount };
      });
    expect(await count(primaryUrl)).toEqual({ users: 1, likes: 1, listings: 2 });
    expect(await count(replicaUrl)).toEqual({ users: 0, likes: 0, listings: 1 });
  });

  it("reads from the primary, never failing, when the replica refuses connections; /readyz says so and stays ready", async () => {
    const refused = await appOn(
      `postgres://postgres@127.0.0.1:${await freePort()}/${replicaName()}`,
    );
    expect(await names(refused, null)).toEqual(["Fresh Arena", "Shared Arena"]);
    expect(await names(refused, null)).toEqual(["Fresh Arena", "Shared Arena"]);
    const page = await refused.inject({ url: `${FACILITIES}/${freshId}/public?${V}` });
    expect(page.statusCode).toBe(200);
    const ready = await refused.inject({ url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready", replica: "unreachable" });
    expect((await app.inject({ url: "/readyz" })).json()).toEqual({
      status: "ready",
      replica: "ok",
    });
  });

  it("sends members' reads to the primary while Redis, which knows who wrote, refuses connections", async () => {
    const noRedis = await appOn(replicaUrl, {
      REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
    });
    expect(await names(noRedis, member)).toEqual(["Fresh Arena", "Shared Arena"]);
    expect(await names(noRedis, null)).toEqual(["Shared Arena"]);
  });

  describe.runIf(process.env.TEST_REDIS_URL)("several processes on one Redis", () => {
    it("keeps a member who wrote through one process on the primary when they read through another", async () => {
      const env = { REDIS_URL: process.env.TEST_REDIS_URL! };
      const [one, other] = [await appOn(replicaUrl, env), await appOn(replicaUrl, env)];
      expect(await names(other, member)).toEqual(["Shared Arena"]);
      const unliked = await one.inject({
        method: "DELETE",
        url: `${FACILITIES}/${freshId}/likes?${V}`,
        headers: as(member),
      });
      expect(unliked.statusCode, unliked.body).toBe(200);
      expect(await search(other, member)).toMatchObject([
        { name: "Fresh Arena", likeCount: 0, myReaction: false },
        { name: "Shared Arena" },
      ]);
      clock.ms += (STICKY_SECONDS + 1) * 1000;
      expect(await names(other, member)).toEqual(["Shared Arena"]);
    });
  });
});
