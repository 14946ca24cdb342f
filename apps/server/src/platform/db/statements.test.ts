// Statements kept per shape must answer each call with its own values, and a branch that binds
// other values must get its own statement.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type TDatabase } from "./database";
import { constant, runBound, statementCache, type TBind } from "./statements";

let database: TDatabase;
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: undefined, dataDir: undefined, poolSize: 1 });
});
afterAll(() => database?.close());

/** `n + 1`, or with a label also `label`, as the search's optional filters do. */
const query = (bind: TBind, n: number, label?: string) =>
  database.db
    .select({
      n: sql<number>`${bind("n", n)}::int + 1`,
      label: label ? sql<string>`${bind("label", label)}::text` : sql<string | null>`null::text`,
    })
    .from(sql`(select 1) as one`);

describe("statementCache", () => {
  it("answers every call of one shape with that call's values", async () => {
    const run = statementCache();
    for (const n of [1, 41, 7]) {
      const rows = await run<{ n: number }>(database.db, "plain", (bind) => query(bind, n));
      expect(rows).toEqual([{ n: n + 1, label: null }]);
    }
  });

  it("keeps a statement per branch: the labels bound are part of the shape", async () => {
    const run = statementCache();
    const answers = [];
    for (const label of [undefined, "a", undefined, "b"]) {
      answers.push(
        ...(await run<{ n: number; label: string | null }>(database.db, "same", (bind) =>
          query(bind, 2, label),
        )),
      );
    }
    expect(answers.map((r) => r.label)).toEqual([null, "a", null, "b"]);
  });

  it("passes a list as one array value", async () => {
    const run = statementCache();
    for (const list of [["x"], ["x", "y", "z"], []]) {
      const rows = await run<{ n: number }>(database.db, "list", (bind) =>
        database.db
          .select({ n: sql<number>`cardinality(${bind("list", list)}::text[])::int` })
          .from(sql`(select 1) as one`),
      );
      expect(rows).toEqual([{ n: list.length }]);
    }
  });

  it("refuses a statement holding a value that is not bound, before running it", async () => {
    const run = statementCache();
    const owner = "3f1e0c52-7d41-4c7e-9a55-0d6b1f6c2a11";
    await expect(
      run(database.db, "unbound", (bind) =>
        database.db
          .select({ n: sql<number>`${bind("n", 1)}::int` })
          .from(sql`(select 1) as one`)
          .where(sql`${owner}::uuid is not null`),
      ),
    ).rejects.toThrow(/1 value\(s\) not bound: \["3f1e0c52/);
  });

  it("writes constants into the text: the same statement answers with them", async () => {
    const run = statementCache();
    for (const n of [3, 4]) {
      const rows = await run<{ n: number; word: string; yes: boolean }>(database.db, "c", (bind) =>
        database.db
          .select({
            n: sql<number>`(${bind("n", n)}::int * ${constant(2)})::int`,
            word: sql<string>`${constant("approved")}::text`,
            yes: sql<boolean>`${constant(true)}`,
          })
          .from(sql`(select 1) as one`),
      );
      expect(rows).toEqual([{ n: n * 2, word: "approved", yes: true }]);
    }
    expect(() => constant("x'; drop table users; --")).toThrow(/not a constant/);
  });
});

describe("runBound", () => {
  it("runs a bound query once with its values", async () => {
    expect(await runBound((bind) => query(bind, 9, "z"))).toEqual([{ n: 10, label: "z" }]);
  });
});
