// Statements kept per shape must answer each call with its own values, and a branch that binds
// other values must get its own statement.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type TDatabase } from "./database";
import { constant, planBlind, runBound, statementCache, type TBind } from "./statements";

let database: TDatabase;
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: undefined, dataDir: undefined, poolSize: 1 });
});
afterAll(() => database?.close());

/**
 * One session on DATABASE_URL's server (a pool of one connection), closed after `run`, and each
 * statement it kept whose text contains `like`, with how often PostgreSQL planned it for any values
 * (generic) and for the call's own (custom).
 */
async function onServer(
  run: (
    server: TDatabase,
    plansOf: (
      like: string,
    ) => Promise<{ statement: string; generic_plans: number; custom_plans: number }[]>,
  ) => Promise<void>,
) {
  const server = await openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: undefined,
    poolSize: 1,
  });
  try {
    await run(server, async (like) => {
      const { rows } = await server.pool.query<{
        statement: string;
        generic_plans: number;
        custom_plans: number;
      }>(
        "select statement, generic_plans::int, custom_plans::int from pg_prepared_statements where statement like $1",
        [`%${like}%`],
      );
      return rows;
    });
  } finally {
    await server.close();
  }
}

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
    () =>
      onServer(async (server, plansOf) => {
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
        expect(await plansOf("(select 'planned')")).toEqual([]);
        expect(await plansOf("(select 'kept')")).toEqual([
          expect.objectContaining({ custom_plans: 5, generic_plans: 3 }),
        ]);
      }),
  );
});

describe("planBlind", () => {
  it("hands the values it names to the statement as typed subqueries, and the others as they are", async () => {
    const run = statementCache();
    const rows = await run<{ id: string; n: number }>(database.db, "blind", (bindValue) => {
      const bind = planBlind(bindValue, { id: "uuid" });
      return database.db
        .select({
          id: sql<string>`${bind("id", "6f1d2c3b-0000-4000-8000-000000000001")}::text`,
          n: sql<number>`${bind("n", 4)}::int * 2`,
        })
        .from(sql`(select 1) as one`);
    });
    expect(rows).toEqual([{ id: "6f1d2c3b-0000-4000-8000-000000000001", n: 8 }]);
  });

  it("refuses a type that is not a plain name", () => {
    const bind = planBlind((label) => sql.placeholder(label), { id: "uuid; drop table x" });
    expect(() => bind("id", "x")).toThrow(/not a type name/);
  });

  // A server's plan cache; CI's PostgreSQL tier runs this.
  it.runIf(process.env.DATABASE_URL)(
    "lets PostgreSQL keep a statement's plan for a value its statistics call rare",
    () =>
      onServer(async (server, plansOf) => {
        // One session (a pool of one): its own temporary table, 10,000 rows of one key and one
        // row each of ten others, so a plan for any key guesses about 900 rows and a plan for key
        // 2 knows it has one.
        await server.pool.query(
          `create temporary table skewed (k int not null, x int not null, pad text not null)`,
        );
        await server.pool.query(
          `insert into skewed select case when i <= 10000 then 1 else i - 9999 end, i, repeat('p', 50)
           from generate_series(1, 10010) i`,
        );
        await server.pool.query("create index on skewed (k, x)");
        await server.pool.query("analyze skewed");
        const read = (bind: TBind, mark: string) =>
          server.db
            .select({ x: sql<number>`x` })
            .from(sql.raw(`skewed /* ${mark} */`))
            .where(sql`k = ${bind("k", 2)}`)
            .orderBy(sql`x desc`)
            .limit(bind("limit", 20));
        const seeing = statementCache({ keepPlans: true });
        const blind = statementCache({ keepPlans: true });
        for (let i = 0; i < 8; i++) {
          expect(await seeing(server.db, "seeing", (bind) => read(bind, "seeing"))).toEqual([
            { x: 10001 },
          ]);
          expect(
            await blind(server.db, "blind", (bind) =>
              read(planBlind(bind, { k: "int", limit: "int" }), "blind"),
            ),
          ).toEqual([{ x: 10001 }]);
        }
        const plans = async (mark: string) => (await plansOf(`skewed /* ${mark} */`))[0];
        // Seeing the key, each call's own plan looks cheaper than one for any key: planned 8 times.
        expect(await plans("seeing")).toMatchObject({ custom_plans: 8, generic_plans: 0 });
        // Blind to it, both cost the same: planned for its first five calls, then kept.
        expect(await plans("blind")).toMatchObject({ custom_plans: 5, generic_plans: 3 });
      }),
  );
});

describe("runBound", () => {
  it("runs a bound query once with its values", async () => {
    expect(await runBound((bind) => query(bind, 9, "z"))).toEqual([{ n: 10, label: "z" }]);
  });
});
