// PostgreSQL refuses a NUL character (U+0000) in text and jsonb, and URL and form decoding let one
// through (`%00`): sign-in input is refused at its door when it carries one, rather than failing
// at the database with a 500.

export const NUL_REFUSED = "Parameters may not contain a NUL character (U+0000).";

/**
 * True when `value` is, or holds at any depth (arrays, objects, their keys), a string with a NUL
 * character.
 */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (!value || typeof value !== "object" || depth > 16) return false;
  if (Array.isArray(value)) return value.some((inner) => containsNul(inner, depth + 1));
  return Object.entries(value).some(
    ([key, inner]) => key.includes("\u0000") || containsNul(inner, depth + 1),
  );
}
