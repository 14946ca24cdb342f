// LIKE/ILIKE patterns from user text: the text's own `%`, `_` and `\` match themselves.

/** `%text%`, for a "contains" match; PostgreSQL's default escape character is the backslash. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
