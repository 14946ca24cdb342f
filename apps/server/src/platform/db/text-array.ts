// PostgreSQL's text form of a one-dimensional array of strings (`{a,"b c","d\"e",NULL}`), read by
// slices between its delimiters. pg's own parser (postgres-array) reads it a character at a time,
// making an object per character: on a pipeline board (100 leads, each with its match reasons)
// that was a twentieth of the request's CPU. Anything else (nested arrays, explicit bounds,
// text that is not an array) goes to pg's parser.

const OPEN = 123; // {
const CLOSE = 125; // }
const QUOTE = 34; // "
const COMMA = 44; // ,

/**
 * The elements of `source`, an array of strings in PostgreSQL's text output; `fallback` (pg's
 * parser) reads what this does not.
 */
export function parseTextArray(
  source: string,
  fallback: (source: string) => unknown,
): (string | null)[] | unknown {
  const end = source.length - 1;
  if (source.charCodeAt(0) !== OPEN || source.charCodeAt(end) !== CLOSE) return fallback(source);
  const out: (string | null)[] = [];
  if (end === 1) return out;
  let at = 1;
  for (;;) {
    const first = source.charCodeAt(at);
    if (first === QUOTE) {
      // Quoted: up to the next quote not escaped; a backslash escapes the character after it.
      let value = "";
      let from = at + 1;
      for (;;) {
        const quote = source.indexOf('"', from);
        if (quote === -1) return fallback(source);
        const backslash = source.indexOf("\\", from);
        if (backslash !== -1 && backslash < quote) {
          value += source.slice(from, backslash) + source.charAt(backslash + 1);
          from = backslash + 2;
          continue;
        }
        value += source.slice(from, quote);
        at = quote + 1;
        break;
      }
      out.push(value);
    } else {
      // A nested array's brace, or an element left empty (not PostgreSQL's own output).
      if (first === OPEN || first === COMMA || first === CLOSE) return fallback(source);
      let comma = source.indexOf(",", at);
      if (comma === -1 || comma > end) comma = end;
      const raw = source.slice(at, comma);
      // PostgreSQL quotes a string that reads NULL; bare, it is the null element.
      out.push(raw === "NULL" ? null : raw);
      at = comma;
    }
    if (at === end) return out;
    if (source.charCodeAt(at) !== COMMA) return fallback(source);
    at++;
  }
}
