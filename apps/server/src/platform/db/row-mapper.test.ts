// A kept statement's rows must come out as drizzle's own mapping gives them: nested objects, every
// value through its column's decoder, and a left-joined table that found nothing as null.
import { eq, sql } from "drizzle-orm";
import { integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type TDatabase } from "./database";
import { rowMapper } from "./row-mapper";
import { runBound, statementCache } from "./statements";

const owners = pgTable("row_mapper_owners", {
  id: uuid("id").primaryKey(),
  name: text("name").notNull(),
});
const things = pgTable("row_mapper_things", {
  id: uuid("id").primaryKey(),
  ownerId: uuid("owner_id"),
  tags: text("tags").array().notNull(),
  score: integer("score"),
  createdDate: timestamp("created_date", { withTimezone: true }).notNull(),
});

let database: TDatabase;
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: undefined, dataDir: undefined, poolSize: 1 });
  await database.pool.query(`
    create table row_mapper_owners (id uuid primary key, name text not null);
    create table row_mapper_things (id uuid primary key, owner_id uuid, tags text[] not null,
      score integer, created_date timestamptz not null);
    insert into row_mapper_owners values ('00000000-0000-4000-8000-000000000001', 'Ada');
    insert into row_mapper_things values
      ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-000000000001', '{x,"y z"}', 7, '2030-01-02T03:04:05.678Z'),
      ('00000000-0000-4000-8000-0000000000a2', null, '{}', null, '2030-02-03T00:00:00Z');`);
});
afterAll(() => database?.close());

/** Whole columns, a nested object of a left-joined table, and computed values with their decoders. */
const select = () =>
  database.db
    .select({
      id: things.id,
      tags: things.tags,
      score: things.score,
      createdDate: things.createdDate,
      owner: { id: owners.id, name: owners.name },
      made: {
        at: sql`${things.createdDate}`.mapWith(things.createdDate),
        doubled: sql<number>`(${things.score} * 2)::int`,
      },
      count: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(things)
    .leftJoin(owners, eq(owners.id, things.ownerId))
    .orderBy(things.id);

describe("rowMapper", () => {
  it("maps rows as drizzle does: nested, decoded, a missing left join null", async () => {
    const drizzles = await select();
    expect(drizzles[1]!.owner).toBeNull();
    expect(drizzles[0]!.createdDate).toEqual(new Date("2030-01-02T03:04:05.678Z"));
    const run = statementCache();
    const kept = await run(database.db, "row-mapper", () => select());
    expect(kept).toEqual(drizzles);
    // Once more: the second call runs the kept statement.
    expect(await run(database.db, "row-mapper", () => select())).toEqual(drizzles);
    expect(await runBound(() => select())).toEqual(drizzles);
  });

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
