// The row mapper's contract: a kept statement's rows must come out exactly as drizzle's own mapping
// gives them (nested objects, every value through its column's decoder, a left-joined table that
// found nothing as null), for every kind of column and selection the app makes. The same query runs
// both ways on the embedded database; a drizzle release that maps otherwise, or keeps what the
// mapper reads elsewhere, fails here.
import { eq, getTableColumns, sql } from "drizzle-orm";
import {
  alias,
  bigint,
  boolean,
  date,
  doublePrecision,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type TDatabase } from "./database";
import { mapRowsOnce, rowMapper } from "./row-mapper";
import { inline, runBound, statementCache, type TBind } from "./statements";

const owners = pgTable("row_mapper_owners", {
  id: uuid("id").primaryKey(),
  name: text("name").notNull(),
  role: text("role", { enum: ["admin", "member"] }),
});
const things = pgTable("row_mapper_things", {
  id: uuid("id").primaryKey(),
  ownerId: uuid("owner_id"),
  reviewerId: uuid("reviewer_id"),
  status: text("status", { enum: ["draft", "published"] }).notNull(),
  tags: text("tags").array().notNull(),
  linked: uuid("linked").array(),
  score: integer("score"),
  rank: smallint("rank"),
  views: bigint("views", { mode: "number" }),
  ratio: doublePrecision("ratio"),
  price: numeric("price", { precision: 10, scale: 2, mode: "number" }),
  day: date("day", { mode: "string" }),
  done: boolean("done").notNull(),
  flag: boolean("flag"),
  data: jsonb("data").$type<{ a: number; b: string[] } | null>(),
  createdDate: timestamp("created_date", { withTimezone: true }).notNull(),
  seenDate: timestamp("seen_date", { withTimezone: true }),
});
const details = pgTable("row_mapper_details", {
  thingId: uuid("thing_id").primaryKey(),
  note: text("note"),
  level: integer("level").notNull(),
});
const reviewer = alias(owners, "reviewer");

const ADA = "00000000-0000-4000-8000-000000000001";
const BOB = "00000000-0000-4000-8000-000000000002";
const FULL = "00000000-0000-4000-8000-0000000000a1";
const BARE = "00000000-0000-4000-8000-0000000000a2";
const NOTELESS = "00000000-0000-4000-8000-0000000000a3";

let database: TDatabase;
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: undefined, dataDir: undefined, poolSize: 1 });
  // Three things: one with every value and row it can have, one with none (no owner, reviewer or
  // detail row), one whose detail row has a null first column.
  await database.pool.query(`
    create table row_mapper_owners (id uuid primary key, name text not null, role text);
    create table row_mapper_things (id uuid primary key, owner_id uuid, reviewer_id uuid,
      status text not null, tags text[] not null, linked uuid[], score integer, rank smallint,
      views bigint, ratio double precision, price numeric(10, 2), day date, done boolean not null,
      flag boolean, data jsonb, created_date timestamptz not null, seen_date timestamptz);
    create table row_mapper_details (thing_id uuid primary key, note text, level integer not null);
    insert into row_mapper_owners values ('${ADA}', 'Ada', 'admin'), ('${BOB}', 'Bob', null);
    insert into row_mapper_things values
      ('${FULL}', '${ADA}', '${BOB}', 'published', '{x,"y z","q\\"uote",NULL}', '{${ADA},${BOB}}',
        7, 2, 9007199254740991, 0.25, 1234.5, '2030-01-02', true, false, '{"a": 1, "b": ["c"]}',
        '2030-01-02T03:04:05.678Z', '2030-01-03T00:00:00Z'),
      ('${BARE}', null, null, 'draft', '{}', null, null, null, null, null, null, null, false, null,
        null, '2030-02-03T00:00:00Z', null),
      ('${NOTELESS}', '${BOB}', null, 'draft', '{one}', '{}', 0, 0, 0, -1.5, 0, '2030-03-04', true,
        true, 'null', '2030-03-04T05:06:07Z', null);
    insert into row_mapper_details values ('${FULL}', 'kept', 3), ('${NOTELESS}', null, 1);`);
});
afterAll(() => database?.close());

/**
 * The rows of `build`'s query as drizzle maps them (its own execute, values inline) and as the row
 * mapper does (once, and from a kept statement twice, as statements.ts runs them): all the same.
 */
async function bothWays<T>(build: (bind: TBind) => PromiseLike<T[]> & object): Promise<T[]> {
  const drizzles = await build(inline);
  expect(await runBound<T>(build)).toStrictEqual(drizzles);
  const run = statementCache();
  expect(await run<T>(database.db, "contract", build)).toStrictEqual(drizzles);
  expect(await run<T>(database.db, "contract", build)).toStrictEqual(drizzles);
  return drizzles;
}

describe("rowMapper against drizzle's own mapping", () => {
  it("maps whole rows of every column type we use, nulls included", async () => {
    const rows = await bothWays(() => database.db.select().from(things).orderBy(things.id));
    expect(rows).toHaveLength(3);
    const [full, bare] = rows;
    expect(full!.createdDate).toEqual(new Date("2030-01-02T03:04:05.678Z"));
    expect(full!.price).toBe(1234.5);
    expect(full!.views).toBe(9007199254740991);
    expect(full!.day).toBe("2030-01-02");
    expect(full!.tags).toEqual(["x", "y z", 'q"uote', null]);
    expect(full!.data).toEqual({ a: 1, b: ["c"] });
    expect(bare!.seenDate).toBeNull();
    expect(bare!.linked).toBeNull();
  });

  it("makes a left-joined table that found no row null, as nested objects and aliases", async () => {
    const rows = await bothWays(() =>
      database.db
        .select({
          thing: { id: things.id, status: things.status, done: things.done },
          owner: owners,
          reviewer: { id: reviewer.id, name: reviewer.name, role: reviewer.role },
          detail: { note: details.note, level: details.level },
          // Two tables' columns in one object: drizzle never makes it null.
          mixed: { ownerName: owners.name, thingId: things.id },
        })
        .from(things)
        .leftJoin(owners, eq(owners.id, things.ownerId))
        .leftJoin(reviewer, eq(reviewer.id, things.reviewerId))
        .leftJoin(details, eq(details.thingId, things.id))
        .orderBy(things.id),
    );
    const [full, bare, noteless] = rows;
    expect(full!.owner).toEqual({ id: ADA, name: "Ada", role: "admin" });
    expect(full!.reviewer).toEqual({ id: BOB, name: "Bob", role: null });
    expect(full!.detail).toEqual({ note: "kept", level: 3 });
    expect(bare!.owner).toBeNull();
    expect(bare!.reviewer).toBeNull();
    expect(bare!.detail).toBeNull();
    expect(bare!.mixed).toEqual({ ownerName: null, thingId: BARE });
    // drizzle's rule reads an object's first column only: a found row whose first column is null
    // comes out null too.
    expect(noteless!.detail).toBeNull();
  });

  it("keeps an inner-joined object whose first column is null", async () => {
    const rows = await bothWays(() =>
      database.db
        .select({ name: owners.name, owner: { role: owners.role, id: owners.id } })
        .from(owners)
        .innerJoin(things, eq(things.ownerId, owners.id))
        .orderBy(owners.id),
    );
    expect(rows).toEqual([
      { name: "Ada", owner: { role: "admin", id: ADA } },
      { name: "Bob", owner: { role: null, id: BOB } },
    ]);
  });

  it("decodes SQL expressions with their own decoders, nested too", async () => {
    const rows = await bothWays(() =>
      database.db
        .select({
          id: things.id,
          counts: {
            // bigint text, made a number by its decoder; an int4, as pg gives it.
            all: sql<number>`count(*) over ()`.mapWith(Number),
            details: sql<number>`(select count(*)::int from ${details} d where d.thing_id = ${things.id})`,
          },
          dates: { newest: sql`max(${things.createdDate}) over ()`.mapWith(things.createdDate) },
          hasDetail: sql<boolean>`exists (select 1 from ${details} d where d.thing_id = ${things.id})`,
          // text[] as JSON, as hot statements read them.
          tags: sql<(string | null)[]>`array_to_json(${things.tags})`,
          linked: sql<string[] | null>`to_jsonb(${things.linked})`,
          sorted: sql<
            string[]
          >`coalesce((select json_agg(t order by t) from unnest(${things.tags}) t
            where t is not null), '[]')`,
        })
        .from(things)
        .orderBy(things.id),
    );
    expect(rows).toHaveLength(3);
    const [full, bare] = rows;
    expect(full!.counts).toEqual({ all: 3, details: 1 });
    expect(full!.dates.newest).toEqual(new Date("2030-03-04T05:06:07Z"));
    expect(full!.tags).toEqual(["x", "y z", 'q"uote', null]);
    expect(full!.linked).toEqual([ADA, BOB]);
    expect(full!.sorted).toEqual(['q"uote', "x", "y z"]);
    expect(bare!.hasDetail).toBe(false);
    expect(bare!.tags).toEqual([]);
    expect(bare!.linked).toBeNull();
    expect(bare!.sorted).toEqual([]);
  });

  it("maps a subquery's aliased expressions and a table's columns beside them", async () => {
    const rows = await bothWays(() => {
      const page = database.db
        .select({
          id: things.id,
          doubled: sql<number | null>`${things.score} * 2`.as("doubled"),
          seen: sql`coalesce(${things.seenDate}, ${things.createdDate})`
            .mapWith(things.seenDate)
            .as("seen"),
        })
        .from(things)
        .as("page");
      return database.db
        .select({ ...getTableColumns(details), doubled: page.doubled, seen: page.seen })
        .from(page)
        .innerJoin(details, eq(details.thingId, page.id))
        .orderBy(page.id);
    });
    expect(rows.map((r) => r.doubled)).toEqual([14, 0]);
    expect(rows[0]!.seen).toEqual(new Date("2030-01-03T00:00:00Z"));
  });

  it("maps the rows a write returns", async () => {
    // Sets the score it has: the same rows both ways.
    const rows = await bothWays((bind) =>
      database.db
        .update(things)
        .set({ score: sql`${things.score}` })
        .where(eq(things.id, bind("id", FULL)))
        .returning({ id: things.id, score: things.score, createdDate: things.createdDate }),
    );
    expect(rows).toEqual([
      { id: FULL, score: 7, createdDate: new Date("2030-01-02T03:04:05.678Z") },
    ]);
  });
});

describe("what the row mapper reads of drizzle", () => {
  const prepare = () =>
    (
      database.db
        .select({ id: things.id, owner: { name: owners.name } })
        .from(things)
        .leftJoin(owners, eq(owners.id, things.ownerId))
        .orderBy(things.id) as unknown as { _prepare(): Record<string, unknown> }
    )._prepare();

  it("is handed drizzle's rows as arrays in the selection's order", async () => {
    const prepared = prepare();
    prepared.customResultMapper = (rows: unknown[]) => rows;
    const execute = prepared.execute as () => Promise<unknown[]>;
    expect(await execute.call(prepared)).toEqual([
      [FULL, "Ada"],
      [BARE, null],
      [NOTELESS, "Bob"],
    ]);
  });

  it("refuses a prepared query that no longer holds what it reads", () => {
    for (const name of ["fields", "joinsNotNullableMap", "customResultMapper"]) {
      const prepared = prepare();
      expect(name in prepared).toBe(true);
      delete prepared[name];
      expect(() => mapRowsOnce(prepared)).toThrow(`drizzle's prepared query no longer has ${name}`);
    }
  });

  it("refuses an SQL expression whose decoder is not where drizzle keeps it", () => {
    const counted = sql<number>`count(*)`.mapWith(Number);
    expect("decoder" in counted).toBe(true);
    delete (counted as unknown as { decoder?: unknown }).decoder;
    expect(() => rowMapper([{ path: ["n"], field: counted }], undefined)).toThrow(
      "drizzle's SQL no longer keeps its decoder in `decoder`",
    );
  });

  it("refuses rows that are not arrays of the selected values", () => {
    const prepared = mapRowsOnce(prepare());
    const map = prepared.customResultMapper as (rows: unknown[]) => unknown;
    expect(() => map([{ id: FULL, name: "Ada" }])).toThrow("drizzle's rows are not arrays");
    expect(() => map([[FULL]])).toThrow("drizzle's rows are not arrays");
    expect(map([])).toEqual([]);
  });
});

describe("rowMapper", () => {
  it("keeps a nested object whose first column is null when its table is not left-joined", () => {
    const map = rowMapper(
      [
        { path: ["id"], field: things.id },
        { path: ["owner", "id"], field: owners.id },
        { path: ["owner", "name"], field: owners.name },
      ],
      { row_mapper_things: true, row_mapper_owners: true },
    );
    expect(map(["a", null, "Ada"])).toEqual({ id: "a", owner: { id: null, name: "Ada" } });
    const leftJoined = rowMapper(
      [
        { path: ["id"], field: things.id },
        { path: ["owner", "id"], field: owners.id },
        { path: ["owner", "name"], field: owners.name },
      ],
      { row_mapper_things: true, row_mapper_owners: false },
    );
    expect(leftJoined(["a", null, null])).toEqual({ id: "a", owner: null });
    // An object mixing two tables' columns is never made null (drizzle cannot tell which one
    // the missing row was).
    const mixed = rowMapper(
      [
        { path: ["owner", "id"], field: owners.id },
        { path: ["owner", "thing"], field: things.id },
      ],
      { row_mapper_things: true, row_mapper_owners: false },
    );
    expect(mixed([null, "t"])).toEqual({ owner: { id: null, thing: "t" } });
  });
});
