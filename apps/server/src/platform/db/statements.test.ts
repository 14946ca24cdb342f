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

describe("statementCache({ keepPlans })", () => {
  it("answers every call with that call's values", async () => {
    const run = statementCache({ keepPlans: true });
    for (const [n, label] of [
      [1, "a"],
      [8, "b"],
      [1, undefined],
    ] as const) {
      const rows = await run(database.db, "kept", (bind) => query(bind, n, label));
      expect(rows).toEqual([{ n: n + 1, label: label ?? null }]);
    }
  });

  it("answers on the embedded database after its pool opens the connection again", async () => {
    const run = statementCache({ keepPlans: true });
    expect(await run(database.db, "reopened", (bind) => query(bind, 1))).toEqual([
      { n: 2, label: null },
    ]);
    // The pool's one connection closes (as its idle timeout closes it) and the next query opens
    // another to the same session: a statement named on the first would be taken there.
    const client = await database.pool.connect();
    client.release(true);
    expect(await run(database.db, "reopened", (bind) => query(bind, 2))).toEqual([
      { n: 3, label: null },
    ]);
  });

  // Only a server's connections keep named statements; CI's PostgreSQL tier runs this.
  it.runIf(process.env.DATABASE_URL)(
    "has PostgreSQL keep the statement, and plan it once it has seen it five times",
    async () => {
      const server = await openDatabase({
        databaseUrl: process.env.DATABASE_URL,
        dataDir: undefined,
        poolSize: 1,
      });
      try {
        const kept = statementCache({ keepPlans: true });
        const planned = statementCache();
        const marked = (bind: TBind, n: number, mark: string) =>
          server.db
            .select({ n: sql<number>`${bind("n", n)}::int + ${constant(mark.length)}` })
            .from(sql.raw(`(select '${mark}') as one`));
        for (let n = 0; n < 8; n++) {
          expect(await kept(server.db, "k", (bind) => marked(bind, n, "kept"))).toEqual([
            { n: n + 4 },
          ]);
          await planned(server.db, "p", (bind) => marked(bind, n, "planned"));
        }
        const { rows } = await server.pool.query<{
          statement: string;
          generic_plans: number;
          custom_plans: number;
        }>(
          "select statement, generic_plans::int, custom_plans::int from pg_prepared_statements where statement like '%(select ''kept'')%' or statement like '%(select ''planned'')%'",
        );
        expect(rows).toHaveLength(1);
        expect(rows[0]!.statement).toContain("'kept'");
        expect(rows[0]!.custom_plans).toBe(5);
        expect(rows[0]!.generic_plans).toBe(3);
      } finally {
        await server.close();
      }
    },
  );
});

describe("runBound", () => {
  it("runs a bound query once with its values", async () => {
    expect(await runBound((bind) => query(bind, 9, "z"))).toEqual([{ n: 10, label: "z" }]);
  });
});
