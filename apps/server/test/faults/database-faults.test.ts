// The database goes away under a running server (PostgreSQL behind a TCP proxy the test controls):
// a cut (connections reset, new ones refused) and a black hole (nothing answers). Meanwhile
// signed-in requests answer 503 DATABASE_UNAVAILABLE with Retry-After, never 401 (nobody is
// signed out by a blip), a refresh answers OAuth's temporarily_unavailable, nothing hangs, and the
// process stays up. When the path returns the server recovers by itself, the same tokens work, and
// every write it acknowledged is there. And two processes on one database and Redis: a notification
// written by one reaches a socket on the other.
import pg from "pg";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresPoolConfig } from "../../src/platform/db/database";
import { CLIENT_ID } from "../oidc-driver";
import { startTcpProxy, type TTcpProxy } from "../tcp-proxy";
import { connectHub, eventually, nextEvent } from "./hub-sockets";
import { call, preparePeople, type TPeople } from "./people";
import {
  cleanUp,
  createPostgresDatabase,
  POSTGRES_URL,
  spawnServer,
  type TServer,
  tempDir,
} from "./processes";
import { startRedis, type TRedis } from "./redis";

type TWho = "ann" | "ben" | "admin";
let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let proxy: TTcpProxy;
let redis: TRedis;
let people: TPeople<TWho>;
const sockets: Socket[] = [];

beforeAll(async () => {
  database = await createPostgresDatabase();
  const target = new URL(POSTGRES_URL);
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  redis = await startRedis();
  people = await preparePeople({ dataDir: tempDir(), databaseUrl: database.url }, [
    "ann",
    "ben",
    "admin",
  ]);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await cleanUp();
  await proxy?.close();
  await redis?.kill();
});

/** A server whose every connection to PostgreSQL goes through the proxy; short limits. */
const serveThroughProxy = () =>
  spawnServer({
    env: {
      DATABASE_URL: proxy.through(database.url),
      DATABASE_POOL_SIZE: "4",
      DATABASE_STATEMENT_TIMEOUT_MS: "2000",
    },
  });

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A GET that must answer (not hang): fails the test past 30 s. */
async function answer(url: string, token?: string) {
  const res = await fetch(url, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let code: string | undefined;
  try {
    code = JSON.parse(text)?.error?.code;
  } catch {
    // Not JSON.
  }
  return { status: res.status, code, retryAfter: res.headers.get("retry-after") };
}

const me = (server: TServer, who: TWho) =>
  answer(`${server.url}/user-mgmt/api/users/my?api-version=1.0`, people[who].token);

/** A refresh at the server's token endpoint (the issuer's host, as the web app sends it). */
async function refresh(server: TServer, refreshToken: string) {
  const res = await fetch(`${server.url}/oidc/token`, {
    method: "POST",
    headers: { host: "hostfield.test", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "refresh_token",
      refresh_token: refreshToken,
      client_id: CLIENT_ID,
    }).toString(),
    signal: AbortSignal.timeout(30_000),
  });
  return {
    status: res.status,
    retryAfter: res.headers.get("retry-after"),
    body: (await res.json().catch(() => ({}))) as Record<string, unknown>,
  };
}

/**
 * Ann creating groups one after another until `stop()`: the ids the server acknowledged (201),
 * and how many it refused with 503 meanwhile.
 */
function keepWriting(server: TServer) {
  const acknowledged: string[] = [];
  const refused: number[] = [];
  let running = true;
  const done = (async () => {
    for (let i = 0; running; i++) {
      const reply = await call(server.url, "POST", "/groups", people.ann.token, {
        name: `Write ${i}`,
        memberIds: [],
      }).catch(() => ({ status: 0, body: null }));
      if (reply.status === 201) acknowledged.push((reply.body as { data: { id: string } }).data.id);
      else refused.push(reply.status);
      if (reply.status !== 201) await pause(200);
    }
  })();
  return {
    acknowledged,
    refused,
    async stop() {
      running = false;
      await done;
    },
  };
}

/** Which of the ids are stored, read from the database itself (not through the proxy). */
async function storedGroups(ids: readonly string[]): Promise<Set<string>> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      "select id from groups where id = any($1::uuid[])",
      [ids],
    );
    return new Set(rows.map((row) => row.id));
  } finally {
    await client.end();
  }
}

async function expectRecovered(server: TServer) {
  await eventually(
    "the server is ready again",
    async () => (await answer(`${server.url}/readyz`)).status === 200,
  );
  await eventually(
    "signed-in calls answer again",
    async () => (await me(server, "ann")).status === 200,
  );
  expect(server.alive()).toBe(true);
}

describe("PostgreSQL lost under a running server", () => {
  it("a cut answers 503 DATABASE_UNAVAILABLE (never 401) and OAuth temporarily_unavailable, then recovers with every acknowledged write", async () => {
    const server = await serveThroughProxy();
    expect((await me(server, "ann")).status).toBe(200);
    const writes = keepWriting(server);
    await pause(1000);

    proxy.cut();
    const during: Awaited<ReturnType<typeof me>>[] = [];
    const refreshes: Awaited<ReturnType<typeof refresh>>[] = [];
    const until = Date.now() + 8000;
    while (Date.now() < until) {
      during.push(await me(server, "ann"));
      refreshes.push(await refresh(server, people.ben.refreshToken));
      await pause(250);
    }
    expect(during.length).toBeGreaterThan(5);
    for (const reply of during) {
      expect(reply).toEqual({ status: 503, code: "DATABASE_UNAVAILABLE", retryAfter: "5" });
    }
    for (const reply of refreshes) {
      expect(reply.status).toBe(503);
      expect(reply.body.error).toBe("temporarily_unavailable");
      expect(reply.retryAfter).toMatch(/^\d+$/);
    }
    expect((await answer(`${server.url}/readyz`)).status).toBe(503);
    expect(server.alive()).toBe(true);

    proxy.restore();
    await expectRecovered(server);
    await pause(1000);
    await writes.stop();
    // Ben's refresh token was not spent by the refused refreshes.
    const renewed = await refresh(server, people.ben.refreshToken);
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    people.ben.refreshToken = renewed.body.refresh_token as string;

    expect(writes.refused.length).toBeGreaterThan(0);
    expect(writes.refused.every((status) => status === 503)).toBe(true);
    const stored = await storedGroups(writes.acknowledged);
    expect(writes.acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    expect(server.errors()).not.toMatch(/unhandled|uncaught/i);
  });

  it("a black hole answers 503 instead of hanging, and the server recovers by itself when the path returns", async () => {
    const server = await serveThroughProxy();
    expect((await me(server, "ann")).status).toBe(200);
    const writes = keepWriting(server);
    await pause(1000);

    proxy.blackHole();
    const during: Awaited<ReturnType<typeof me>>[] = [];
    const until = Date.now() + 12_000;
    while (Date.now() < until) during.push(await me(server, "ann"));
    // Each call answered (the 30 s guard in `answer` did not fire), and none signed Ann out.
    expect(during.length).toBeGreaterThan(0);
    expect(during.filter((reply) => reply.status !== 200)).not.toHaveLength(0);
    for (const reply of during.filter((r) => r.status !== 200)) {
      expect(reply).toEqual({ status: 503, code: "DATABASE_UNAVAILABLE", retryAfter: "5" });
    }
    expect((await answer(`${server.url}/readyz`)).status).toBe(503);

    proxy.restore();
    await expectRecovered(server);
    await pause(1000);
    await writes.stop();
    const stored = await storedGroups(writes.acknowledged);
    expect(writes.acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    expect(server.errors()).not.toMatch(/unhandled|uncaught/i);
  });

  it("turns PostgreSQL's JIT off and sets the statement limit for the app's connections", async () => {
    const pool = new pg.Pool(
      postgresPoolConfig({ databaseUrl: database.url, poolSize: 1, statementTimeoutMs: 2000 }),
    );
    try {
      const jit = await pool.query<{ jit: string }>("show jit");
      const limit = await pool.query<{ statement_timeout: string }>("show statement_timeout");
      expect(jit.rows[0]?.jit).toBe("off");
      expect(limit.rows[0]?.statement_timeout).toBe("2s");
      // A statement past the limit is cancelled by PostgreSQL (57014), not left running.
      await expect(pool.query("select pg_sleep(3)")).rejects.toMatchObject({ code: "57014" });
    } finally {
      await pool.end();
    }
  });
});

describe("two processes on one database and Redis", () => {
  it("a notification written by one process reaches the member's socket on the other", async () => {
    const env = { DATABASE_URL: database.url, REDIS_URL: redis.url };
    const [a, b] = await Promise.all([spawnServer({ env }), spawnServer({ env })]);
    const socket = await connectHub(b.url, people.ben.token);
    sockets.push(socket);
    for (const [from, title] of [
      [a, "Written on A"],
      [b, "Written on B"],
    ] as const) {
      const heard = nextEvent<{ notification: { title: string } | null }>(
        socket,
        "Notify",
        (event) => event.notification?.title === title,
      );
      const sent = await call(
        from.url,
        "POST",
        `/users/${people.ben.id}/notifications`,
        people.admin.token,
        { title },
      );
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      await heard;
    }
  });
});
