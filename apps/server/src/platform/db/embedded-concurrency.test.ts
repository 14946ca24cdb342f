// The embedded database serves one PGlite session to many pooled connections: concurrent
// parameterised queries (Parse, Bind, Execute as separate protocol messages) must not meet.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type TDatabase } from "./database";

let database: TDatabase;
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: undefined, dataDir: undefined, poolSize: 10 });
});
afterAll(() => database?.close());

describe("the embedded database under concurrent queries", () => {
  it("answers each of 300 concurrent parameterised queries with its own parameters", async () => {
    const results = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        database.pool
          .query<{ n: number; s: string }>(
            i % 2
              ? "select $1::int + $2::int as n, $3::text as s"
              : "select $1::int * 2 as n, 'x' as s",
            i % 2 ? [i, 1000, `q${i}`] : [i],
          )
          .then((r) => r.rows[0]),
      ),
    );
    results.forEach((row, i) => {
      expect(row).toEqual(i % 2 ? { n: i + 1000, s: `q${i}` } : { n: i * 2, s: "x" });
    });
  });

  it("keeps a transaction's view while other connections query at the same time", async () => {
    await database.pool.query("create table if not exists concurrency_probe (n int)");
    const client = await database.pool.connect();
    try {
      await client.query("begin");
      await client.query("insert into concurrency_probe values ($1)", [1]);
      const outside = Promise.all(
        Array.from({ length: 20 }, (_, i) => database.pool.query("select $1::int as i", [i])),
      );
      const inside = await client.query<{ c: number }>(
        "select count(*)::int as c from concurrency_probe where n = $1",
        [1],
      );
      await client.query("rollback");
      expect(inside.rows[0]?.c).toBe(1);
      client.release();
      // The others waited for the transaction's connection and then ran, each with its own value.
      expect((await outside).map((r) => r.rows[0]?.i)).toEqual(
        Array.from({ length: 20 }, (_, i) => i),
      );
    } catch (error) {
      client.release();
      throw error;
    }
  });
});

// PGlite is one session behind every connection to its socket (pglite-socket): the server's
// pool and a command-line tool beside it (`npm run admin -- grant`) must each get their own answers.

/**
 * Runs `test` against a new in-memory embedded database with `client()` making connections to its
 * socket beside the pool's; each is ended (if it can still be) and the database closed after.
 */
async function withSocket(
  test: (database: TDatabase, client: () => pg.Client) => Promise<void>,
): Promise<void> {
  const database = await openDatabase({ databaseUrl: undefined, dataDir: undefined, poolSize: 1 });
  const connection = (database.pool as unknown as { options: pg.ClientConfig }).options;
  const made: pg.Client[] = [];
  try {
    await test(database, () => {
      const client = new pg.Client(connection);
      made.push(client);
      return client;
    });
  } finally {
    await Promise.all(made.map((client) => client.end().catch(() => undefined)));
    await database.close();
  }
}

describe("the embedded database's socket", () => {
  it("keeps two connections' parameterised statements apart", () =>
    withSocket(async (_database, client) => {
      const clients = [client(), client()];
      await Promise.all(clients.map((c) => c.connect()));
      const asked = clients.flatMap((c, n) =>
        Array.from({ length: 150 }, (_, i) =>
          c
            .query("select $1::int as c, $2::text as i, $3::int + 1 as next", [n, `n${i}`, i])
            .then(({ rows }) => rows[0]),
        ),
      );
      expect(await Promise.all(asked)).toEqual(
        clients.flatMap((_, n) =>
          Array.from({ length: 150 }, (_, i) => ({ c: n, i: `n${i}`, next: i + 1 })),
        ),
      );
    }));

  it("runs another connection's statement after a transaction ends, never inside it", () =>
    withSocket(async (_database, client) => {
      const [writer, reader] = [client(), client()];
      await Promise.all([writer.connect(), reader.connect()]);
      await writer.query("create table scratch (n int)");
      await writer.query("begin");
      await writer.query("insert into scratch values ($1)", [1]);
      const counted = reader.query("select count(*)::int as n from scratch");
      await writer.query("insert into scratch values ($1)", [2]);
      await writer.query("rollback");
      expect((await counted).rows[0]).toEqual({ n: 0 });
    }));

  it("rolls back what a connection that went away left open, and serves the next", () =>
    withSocket(async (database, client) => {
      const gone = client();
      await gone.connect();
      await gone.query("create table scratch (n int)");
      await gone.query("begin");
      await gone.query("insert into scratch values (1)");
      const waiting = database.pool.query("select count(*)::int as n from scratch");
      await gone.end();
      expect((await waiting).rows[0]).toEqual({ n: 0 });
    }));
});
