// Rows of a kept statement mapped with what drizzle knows of its columns, found once per statement.
// drizzle maps every row by asking of each column what kind of field it is (`is()`, a walk up the
// prototype chain each time): a pipeline board of 100 leads and 25 columns spent more of its CPU
// on those questions (about a sixth of the request) than on anything else of its own.
import { Column, getTableName, is, SQL, Subquery } from "drizzle-orm";

type TDecoder = { mapFromDriverValue(value: unknown): unknown };
type TSelectedField = { path: string[]; field: unknown };

/** What a prepared drizzle query holds that its mapping reads (drizzle's own, not its types). */
type TMappable = {
  fields?: TSelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
};

/** drizzle's SQL keeps its decoder (`mapWith`) in a field its types do not show. */
const decoderOfSql = (value: unknown) => (value as { decoder: TDecoder }).decoder;

/** A column's decoder, as drizzle's `mapResultRow` finds it. */
function decoderOf(field: unknown): TDecoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql(field._.sql);
  return decoderOfSql((field as { sql: unknown }).sql);
}

type TPlan = {
  path: string[];
  decoder: TDecoder;
  /** The table of a column selected into a nested object (`{ request: { id: table.id } }`). */
  nestedTable: string | null;
};

/**
 * A mapper of array rows into the selection's shape, the same as drizzle's `mapResultRow`:
 * nested objects by path, each value through its column's decoder (null stays null), and a
 * nested object of a left-joined table that found no row (its first column null) made null.
 */
export function rowMapper(
  fields: readonly TSelectedField[],
  joinsNotNullableMap: Record<string, boolean> | undefined,
): (row: unknown[]) => Record<string, unknown> {
  const plans: TPlan[] = fields.map(({ path, field }) => ({
    path,
    decoder: decoderOf(field),
    nestedTable:
      joinsNotNullableMap && path.length === 2 && is(field, Column)
        ? getTableName(field.table)
        : null,
  }));
  const nullable = plans.some((plan) => plan.nestedTable !== null);
  return (row) => {
    const result: Record<string, unknown> = {};
    // Per nested object: the table whose first column was null, or false once it cannot be null.
    const nullify: Record<string, string | false> | null = nullable ? {} : null;
    for (let i = 0; i < plans.length; i++) {
      const { path, decoder, nestedTable } = plans[i]!;
      let node = result;
      const last = path.length - 1;
      for (let p = 0; p < last; p++) {
        const chunk = path[p]!;
        node[chunk] ??= {};
        node = node[chunk] as Record<string, unknown>;
      }
      const raw = row[i];
      const value = raw === null ? null : decoder.mapFromDriverValue(raw);
      node[path[last]!] = value;
      if (nullify && nestedTable !== null) {
        const object = path[0]!;
        if (!(object in nullify)) nullify[object] = value === null ? nestedTable : false;
        else if (typeof nullify[object] === "string" && nullify[object] !== nestedTable)
          nullify[object] = false;
      }
    }
    if (nullify && joinsNotNullableMap) {
      for (const object in nullify) {
        const table = nullify[object];
        if (typeof table === "string" && !joinsNotNullableMap[table]) result[object] = null;
      }
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
  if (!Array.isArray(query.fields) || query.customResultMapper) return prepared;
  const map = rowMapper(query.fields, query.joinsNotNullableMap);
  query.customResultMapper = (rows) => rows.map(map);
  return prepared;
}
