// Rows of a kept statement mapped with what drizzle knows of its columns, found once per statement.
// drizzle maps every row by asking of each column what kind of field it is (`is()`, a walk up the
// prototype chain each time): a pipeline board of 100 leads and 25 columns spent more of its CPU
// on those questions (about a sixth of the request) than on anything else of its own.
// It reads fields drizzle keeps to itself (a prepared query's `fields`, `joinsNotNullableMap` and
// `customResultMapper`, an SQL's `decoder`), so it refuses to map when one is not where it looks,
// and row-mapper.test.ts holds it to drizzle's own mapping of every kind of selection we make.
import { Column, getTableName, is, SQL, Subquery } from "drizzle-orm";

type TDecoder = { mapFromDriverValue(value: unknown): unknown };
type TSelectedField = { path: string[]; field: unknown };

/** What a prepared drizzle query holds that its mapping reads (drizzle's own, not its types). */
type TMappable = {
  fields?: TSelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
};

/** What a prepared drizzle query (drizzle 0.45's `NodePgPreparedQuery`) must hold for the mapper. */
const PREPARED_FIELDS = ["fields", "joinsNotNullableMap", "customResultMapper"] as const;

/** drizzle's SQL keeps its decoder (`mapWith`) in a field its types do not show. */
function decoderOfSql(value: unknown): TDecoder {
  const decoder = (value as { decoder?: Partial<TDecoder> } | undefined)?.decoder;
  if (typeof decoder?.mapFromDriverValue !== "function") {
    throw new Error(
      "drizzle's SQL no longer keeps its decoder in `decoder`: row-mapper.ts cannot decode its values as drizzle does",
    );
  }
  return decoder as TDecoder;
}

/** A column's decoder, as drizzle's `mapResultRow` finds it. */
function decoderOf(field: unknown): TDecoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql(field._.sql);
  return decoderOfSql((field as { sql?: unknown } | undefined)?.sql);
}

type TPlan = { path: string[]; decoder: TDecoder };

/**
 * The nested objects that drizzle makes null when their left-joined table found no row: those
 * whose columns all come from one table that may be missing; such an object is null when its
 * first column is. (drizzle decides it per row: the object's first column being null names its
 * table, and a column of another table in the object cancels that.)
 */
function nullableObjects(
  fields: readonly TSelectedField[],
  joinsNotNullableMap: Record<string, boolean> | undefined,
): { object: string; firstColumn: number }[] {
  if (!joinsNotNullableMap) return [];
  const objects = new Map<string, { firstColumn: number; tables: Set<string> }>();
  fields.forEach(({ path, field }, index) => {
    if (path.length !== 2 || !is(field, Column)) return;
    const object = objects.get(path[0]!) ?? { firstColumn: index, tables: new Set<string>() };
    object.tables.add(getTableName(field.table));
    objects.set(path[0]!, object);
  });
  return [...objects].flatMap(([object, { firstColumn, tables }]) => {
    const [table] = [...tables];
    return tables.size === 1 && !joinsNotNullableMap[table!] ? [{ object, firstColumn }] : [];
  });
}

/**
 * A mapper of array rows into the selection's shape, the same as drizzle's `mapResultRow`:
 * nested objects by path, each value through its column's decoder (null stays null), and a
 * nested object of a left-joined table that found no row made null.
 */
export function rowMapper(
  fields: readonly TSelectedField[],
  joinsNotNullableMap: Record<string, boolean> | undefined,
): (row: unknown[]) => Record<string, unknown> {
  const plans: TPlan[] = fields.map(({ path, field }) => {
    if (!Array.isArray(path) || path.length === 0) {
      throw new Error(
        "drizzle's selected fields no longer carry their `path`: row-mapper.ts cannot shape its rows as drizzle does",
      );
    }
    return { path, decoder: decoderOf(field) };
  });
  const nullable = nullableObjects(fields, joinsNotNullableMap);
  return (row) => {
    const result: Record<string, unknown> = {};
    for (let i = 0; i < plans.length; i++) {
      const { path, decoder } = plans[i]!;
      let node = result;
      const last = path.length - 1;
      for (let p = 0; p < last; p++) {
        const chunk = path[p]!;
        node[chunk] ??= {};
        node = node[chunk] as Record<string, unknown>;
      }
      const raw = row[i];
      node[path[last]!] = raw === null ? null : decoder.mapFromDriverValue(raw);
    }
    for (const { object, firstColumn } of nullable) {
      if (row[firstColumn] === null) result[object] = null;
    }
    return result;
  };
}

/**
 * Gives a prepared select (or a write with `returning`) the mapper above. Queries drizzle maps in
 * its own way (relational queries, with a mapper of their own) or not at all (no selection) are
 * left as they are.
 */
export function mapRowsOnce<T extends object>(prepared: T): T {
  const query = prepared as T & TMappable;
  // A field drizzle renamed or dropped would leave the mapper a wrong picture (no left joins, say)
  // or never called: said at once, at the statement's first call, not as wrong rows.
  const missing = PREPARED_FIELDS.filter((name) => !(name in query));
  if (missing.length > 0) {
    throw new Error(
      `drizzle's prepared query no longer has ${missing.join(", ")}: row-mapper.ts cannot map its rows as drizzle does`,
    );
  }
  const { fields } = query;
  if (!Array.isArray(fields) || query.customResultMapper) return prepared;
  const map = rowMapper(fields, query.joinsNotNullableMap);
  query.customResultMapper = (rows) => {
    // drizzle asks pg for rows as arrays in the selection's order; one look per call that it still does.
    const first = rows[0];
    if (first !== undefined && (!Array.isArray(first) || first.length !== fields.length)) {
      throw new Error(
        `drizzle's rows are not arrays of the ${fields.length} selected values: row-mapper.ts cannot map them`,
      );
    }
    return rows.map(map);
  };
  return prepared;
}
