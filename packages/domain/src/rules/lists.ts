/**
 * "A list of values counts as complete only if no item is null, empty or an empty array."
 * undefined is treated as null; a string of spaces is not empty. An empty list is complete.
 */
export function isListComplete(values: readonly unknown[]): boolean {
  return values.every(
    (v) => v !== null && v !== undefined && v !== "" && !(Array.isArray(v) && v.length === 0),
  );
}
