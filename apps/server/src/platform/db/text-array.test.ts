// Arrays of strings as PostgreSQL writes them must read back as they were written, element for
// element; what the fast reader does not handle goes to pg's own parser.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type TDatabase } from "./database";
import { parseTextArray } from "./text-array";

let database: TDatabase;
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: undefined, dataDir: undefined, poolSize: 1 });
});
afterAll(() => database?.close());

/** PostgreSQL's own text output of `list` as a text[]. */
async function pgText(list: (string | null)[]): Promise<string> {
  const { rows } = await database.pool.query<{ t: string }>("select $1::text[]::text as t", [list]);
  return rows[0]!.t;
}

describe("parseTextArray", () => {
  const cases: (string | null)[][] = [
    [],
    ["a"],
    ["1 listed facility qualifies", "1 of 1 sport", "47 mi from Indianapolis, IN"],
    ["", " ", "  padded  "],
    [null, "NULL", "null", "Null", null],
    ['say "hi"', "back\\slash", "\\", '"', '\\"', "ends with \\"],
    ["{braces}", "a,b", "}{", 'comma, then "quote"'],
    ["Ünïcödé ✓", "日本語", "emoji 🏀"],
    ["x".repeat(5000)],
  ];

  it("reads PostgreSQL's output of every kind of element as it was written", async () => {
    for (const list of cases) {
      const text = await pgText(list);
      expect(parseTextArray(text, () => "fallback")).toEqual(list);
    }
  });

  it("reads columns of text[] this way through the pool, as the app's queries do", async () => {
    const { rows } = await database.pool.query<{ a: (string | null)[] }>(
      "select array['a b', null, 'c\"d']::text[] as a",
    );
    expect(rows[0]!.a).toEqual(["a b", null, 'c"d']);
  });

  it("leaves nested arrays, explicit bounds and what is no array to pg's parser", async () => {
    const { rows } = await database.pool.query<{ nested: string; bounded: string }>(
      "select array[array['a','b'],array['c','d']]::text[]::text as nested, '[0:1]={x,y}'::text[]::text as bounded",
    );
    const fallback = (source: string) => ({ fallback: source });
    expect(parseTextArray(rows[0]!.nested, fallback)).toEqual({ fallback: "{{a,b},{c,d}}" });
    expect(parseTextArray(rows[0]!.bounded, fallback)).toEqual({ fallback: "[0:1]={x,y}" });
    expect(parseTextArray("not an array", fallback)).toEqual({ fallback: "not an array" });
    const read = await database.pool.query<{ nested: string[][] }>(
      "select array[array['a','b'],array['c','d']]::text[] as nested",
    );
    expect(read.rows[0]!.nested).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
  });
});
