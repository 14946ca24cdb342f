// Statements rendered once per shape: a hot query built with drizzle's query builder names its
// values through `bind`, and is rendered to SQL the first time its shape is seen; later calls only
// build the (cheap) tree again to collect their values. Rendering a search page's select costs about
// 0.4 ms of CPU a request, as much as the rest of the route's own work. Their rows are mapped with
// the decoders found once per statement (row-mapper.ts), not asked for again on every row.
//
// Adding a filter to a kept statement (a `statementCache` family; `runBound` keeps nothing):
// 1. Bind what the caller gives: `eq(table.col, bind("owner", ownerId))`. A value written in
//    (`eq(table.col, ownerId)`, `${ownerId}`) is refused at the shape's first call (assertAllBound):
//    kept, it would answer every later call with the first caller's value.
// 2. A list is one value: `${table.col} = any(${bind("ids", [...ids])}::uuid[])`, not `inArray`
//    (a parameter per element, written in); an empty list that matches nothing is `sql\`false\``.
// 3. A word of the query's own (a kind, a status) is `constant(word)`: SQL text, not a value.
// 4. Leave the filter out when it is not asked for (`q.x ? eq(table.x, bind("x", q.x)) : undefined`
//    inside `and(...)`): the labels bound, in order, are part of the statement's key, so a branch
//    that binds other labels gets a statement of its own.
// 5. A branch that changes the SQL but binds the same labels (a `constant`, `sql\`false\``, another
//    operator on the same value) must be named in `shape` (`${kind}|${exact ? "=" : "like"}`), or it
//    runs the statement rendered for the other branch.
// 6. In a `keepPlans` family, a value whose statistics single it out (one owner's 5,000 rows) goes
//    through `planBlind`; a filter whose best plan depends on its value belongs in a family without
//    `keepPlans`.
// 7. Test each of the filter's shapes with two sets of values: each call answers its own rows
//    (statements.test.ts).
import { createHash } from "node:crypto";
import { Param, Placeholder, sql } from "drizzle-orm";
import { hasOwnSessions, type TDb } from "./database";
import { mapRowsOnce } from "./row-mapper";

/** A value of the statement, by what it is (the labels in order are part of the shape). */
export type TBind = (label: string, value: unknown) => Placeholder;

/**
 * For a query built with `bind` but run as it is, without a kept statement (`db.execute`, rare
 * shapes): each value becomes a parameter of that one statement (a list stays one array value).
 */
export const inline: TBind = (_label, value) => new Param(value) as unknown as Placeholder;

/** A built query that drizzle can prepare (every select builder is one). */
type TPreparable = object;
type TPrepared = { execute(values: Record<string, unknown>): Promise<unknown> };

/**
 * Refuses a statement that holds a value of its own: a cached statement reuses its first call's
 * values for everything not bound, so one unbound value (an owner's id, say) would answer every
 * later call with the first caller's rows. Constants belong in the SQL text (`sql.raw`) or are bound.
 */
function assertAllBound(query: TPreparable): void {
  const toSQL = (query as { toSQL?: () => { params: unknown[] } }).toSQL;
  if (typeof toSQL !== "function") throw new Error("a cached statement that cannot show its SQL");
  const inline = toSQL.call(query).params.filter((p) => !(p instanceof Placeholder));
  if (inline.length > 0) {
    throw new Error(
      `a cached statement holds ${inline.length} value(s) not bound: ${JSON.stringify(inline).slice(0, 200)}`,
    );
  }
}

/**
 * A constant of a cached statement's text (a kind, a status, a unit): part of its shape, written
 * into the SQL, never a value a caller gives. Words, numbers and booleans only.
 */
export function constant(value: string | number | boolean) {
  if (typeof value === "string") {
    if (!/^[A-Za-z][A-Za-z_ ]*$/.test(value)) throw new Error(`not a constant: ${value}`);
    return sql.raw(`'${value}'`);
  }
  if (typeof value === "number" && !Number.isFinite(value)) throw new Error("not a constant");
  return sql.raw(String(value));
}

/**
 * A `bind` whose values named in `types` reach the statement as scalar subqueries of their
 * parameter (`(select $1::uuid)`), which PostgreSQL plans without seeing, also in a plan made for
 * one call's values. For a statement that keeps its plan (`keepPlans`) because one plan suits every
 * value: PostgreSQL keeps a plan for any values only while it costs no more than each call's own,
 * and a value its statistics single out (a listing with 5,000 leads, against a few for most) made
 * each call's own plan look cheaper, so the same plan was made again on every call (2 ms of
 * planning for a page of leads that runs in 1 ms). A page's limit and offset too: a plan for one
 * call knows them, one for any values guesses a tenth of the rows, and the costs part again. Not for
 * a value whose best plan depends on it.
 */
export function planBlind(bind: TBind, types: Readonly<Record<string, string>>): TBind {
  return (label, value) => {
    const placeholder = bind(label, value);
    const type = types[label];
    if (type === undefined) return placeholder;
    if (!/^[a-z]+(\[\])?$/.test(type)) throw new Error(`not a type name: ${type}`);
    // An SQL fragment where drizzle expects a placeholder: both render into the statement's text.
    return sql`(select ${placeholder}::${sql.raw(type)})` as unknown as Placeholder;
  };
}

/** An unnamed prepared query: the SQL text rendered once, planned by the server at each call. */
function prepareUnnamed(query: TPreparable): TPrepared {
  // `prepare(name)` would make a named server-side statement, which PostgreSQL may answer with a
  // generic plan after five calls; drizzle's unnamed preparation keeps every call's own plan.
  const prepare = (query as { _prepare?: () => TPrepared })._prepare;
  if (typeof prepare !== "function") throw new Error("drizzle no longer offers _prepare()");
  return mapRowsOnce(prepare.call(query));
}

/**
 * A named prepared query: parsed once per connection, and planned once PostgreSQL finds (after five
 * calls, by its plan cache's own rule) that a plan for any values costs no more than each call's
 * own. The name is the text's hash, so one text has one name on every connection.
 */
function prepareNamed(query: TPreparable): TPrepared {
  const prepare = (query as { _prepare?: (name: string) => TPrepared })._prepare;
  if (typeof prepare !== "function") throw new Error("drizzle no longer offers _prepare()");
  const text = (query as unknown as { toSQL(): { sql: string } }).toSQL().sql;
  const name = `hf_${createHash("sha256").update(text).digest("base64url").slice(0, 24)}`;
  return mapRowsOnce(prepare.call(query, name));
}

/** How many shapes a cache keeps per database handle; the oldest leaves first. */
const MAX_SHAPES = 256;

/**
 * A cache of statements for one query family. `run(db, shape, build)` builds the query with a
 * `bind` that turns each value into a placeholder; the statement rendered for `shape` plus the
 * labels bound (so a branch that binds other values is another shape) is reused.
 * `shape` must name every branch of `build` that binds nothing.
 *
 * `keepPlans`: the server keeps the statements too (named), for a family whose best plan does not
 * depend on its values (reads by key, one listing's leads): planning them again on every call cost
 * more than running them. A family whose plan does (a search's filters and distances) leaves it
 * off, and every call is planned for its own values. Only a PostgreSQL server's connections keep
 * them (`hasOwnSessions`): the embedded database is one session behind every connection, where a
 * name one connection kept is already taken for the next.
 */
export function statementCache({ keepPlans = false }: { keepPlans?: boolean } = {}) {
  const byDb = new WeakMap<TDb, Map<string, TPrepared>>();
  return async function run<T>(
    db: TDb,
    shape: string,
    build: (bind: TBind) => TPreparable,
  ): Promise<T[]> {
    const values: Record<string, unknown> = {};
    const labels: string[] = [];
    const bind: TBind = (label, value) => {
      const name = `p${labels.length}`;
      labels.push(label);
      values[name] = value;
      return sql.placeholder(name);
    };
    const query = build(bind);
    const key = `${shape}|${labels.join(",")}`;
    let statements = byDb.get(db);
    if (!statements) {
      statements = new Map();
      byDb.set(db, statements);
    }
    let prepared = statements.get(key);
    if (!prepared) {
      assertAllBound(query);
      prepared = keepPlans && hasOwnSessions(db) ? prepareNamed(query) : prepareUnnamed(query);
      if (statements.size >= MAX_SHAPES) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      statements.set(key, prepared);
    }
    return (await prepared.execute(values)) as T[];
  };
}

/** Runs a query built with `bind` once, without keeping its statement (rare shapes, counts). */
export async function runBound<T>(build: (bind: TBind) => TPreparable): Promise<T[]> {
  const values: Record<string, unknown> = {};
  let n = 0;
  const query = build((_label, value) => {
    const name = `p${n++}`;
    values[name] = value;
    return sql.placeholder(name);
  });
  return (await prepareUnnamed(query).execute(values)) as T[];
}
