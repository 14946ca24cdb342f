// The embedded database serves one PGlite session to many pooled connections: concurrent
// parameterised queries (Parse, Bind, Execute as separate protocol messages) must not meet.
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
