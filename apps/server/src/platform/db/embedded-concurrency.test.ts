// The embedded database serves one PGlite session to many pooled connections: concurrent
// parameterised queries (Parse, Bind, Execute as separate protocol messages) must not meet.
import { once } from "node:events";
import net from "node:net";
import path from "node:path";
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

// PGlite is one session behind every connection to its socket (embedded-socket.ts): the server's
// pool and a command-line tool beside it (`npm run admin -- grant`) must each get their own answers.
describe("the embedded database's socket", () => {
  it("keeps two connections' parameterised statements apart", async () => {
    const database = await openDatabase({
      databaseUrl: undefined,
      dataDir: undefined,
      poolSize: 1,
    });
    const connection = (database.pool as unknown as { options: pg.ClientConfig }).options;
    const clients = [new pg.Client(connection), new pg.Client(connection)];
    try {
      await Promise.all(clients.map((client) => client.connect()));
      const asked = clients.flatMap((client, c) =>
        Array.from({ length: 150 }, (_, i) =>
          client
            .query("select $1::int as c, $2::text as i, $3::int + 1 as next", [c, `n${i}`, i])
            .then(({ rows }) => rows[0]),
        ),
      );
      const answers = await Promise.all(asked);
      expect(answers).toEqual(
        clients.flatMap((_, c) =>
          Array.from({ length: 150 }, (_, i) => ({ c, i: `n${i}`, next: i + 1 })),
        ),
      );
    } finally {
      await Promise.all(clients.map((client) => client.end()));
      await database.close();
    }
  });

  it("runs another connection's statement after a transaction ends, never inside it", async () => {
    const database = await openDatabase({
      databaseUrl: undefined,
      dataDir: undefined,
      poolSize: 1,
    });
    const connection = (database.pool as unknown as { options: pg.ClientConfig }).options;
    const [writer, reader] = [new pg.Client(connection), new pg.Client(connection)];
    try {
      await Promise.all([writer.connect(), reader.connect()]);
      await writer.query("create table scratch (n int)");
      await writer.query("begin");
      await writer.query("insert into scratch values ($1)", [1]);
      const counted = reader.query("select count(*)::int as n from scratch");
      await writer.query("insert into scratch values ($1)", [2]);
      await writer.query("rollback");
      expect((await counted).rows[0]).toEqual({ n: 0 });
    } finally {
      await Promise.all([writer.end(), reader.end()]);
      await database.close();
    }
  });

  it("rolls back what a connection that went away left open, and serves the next", async () => {
    const database = await openDatabase({
      databaseUrl: undefined,
      dataDir: undefined,
      poolSize: 1,
    });
    const connection = (database.pool as unknown as { options: pg.ClientConfig }).options;
    const gone = new pg.Client(connection);
    try {
      await gone.connect();
      await gone.query("create table scratch (n int)");
      await gone.query("begin");
      await gone.query("insert into scratch values (1)");
      const waiting = database.pool.query("select count(*)::int as n from scratch");
      await gone.end();
      expect((await waiting).rows[0]).toEqual({ n: 0 });
    } finally {
      await database.close();
    }
  });
});

describe("the embedded database's socket at its edges", () => {
  it("refuses one more as PostgreSQL does, with 53300", async () => {
    const database = await openDatabase({
      databaseUrl: undefined,
      dataDir: undefined,
      poolSize: 1,
    });
    const connection = (database.pool as unknown as { options: pg.ClientConfig }).options;
    const clients = Array.from({ length: 16 }, () => new pg.Client(connection));
    const extra = new pg.Client(connection);
    try {
      await Promise.all(clients.map((client) => client.connect()));
      await expect(extra.connect()).rejects.toMatchObject({ code: "53300" });
    } finally {
      await Promise.all(clients.map((client) => client.end()));
      await database.close();
    }
  });

  it("closes a connection that does not speak the protocol and serves the others", async () => {
    const database = await openDatabase({
      databaseUrl: undefined,
      dataDir: undefined,
      poolSize: 1,
    });
    const connection = (database.pool as unknown as { options: pg.ClientConfig }).options;
    try {
      const stranger = net.connect(path.join(String(connection.host), ".s.PGSQL.5432"));
      await once(stranger, "connect");
      stranger.write(Buffer.from([0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0]));
      await once(stranger, "close");
      const { rows } = await database.pool.query("select $1::int as n", [7]);
      expect(rows[0]).toEqual({ n: 7 });
    } finally {
      await database.close();
    }
  });
});
