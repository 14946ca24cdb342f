// The one answer to "did this fail because the database could not be reached?": a request that
// failed so is answered "try again in a moment" (503), never as our bug nor as the caller's.

/** Seconds a caller is asked to wait (Retry-After) when the database did not answer. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The operating system's words for a connection that could not be made or was lost. */
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);

/** What `pg` and its pool say when a connection failed, could not be had, or was closed. */
const CONNECTION_MESSAGES = [
  /^Connection terminated/, // "… unexpectedly", "… due to connection timeout"
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
  // The reply never came (database.ts gives such a connection up).
  /^Query read timeout$/,
];

/**
 * PostgreSQL's SQLSTATEs for a server that cannot serve now: class 08 (connection exception),
 * 57P01-57P03 (administrator or crash shutdown, cannot connect now), 53300 (too many connections).
 */
function isUnavailableSqlState(code: string): boolean {
  return /^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code) || code === "53300";
}

/** An HTTP client's failure to reach another service (undici's fetch), whose cause looks alike. */
const isFetchFailure = (error: object) =>
  error instanceof TypeError && (error as Error).message === "fetch failed";

function saysUnavailable(error: object): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (CONNECTION_CODES.has(code) || isUnavailableSqlState(code)))
    return true;
  const message = (error as { message?: unknown }).message;
  return typeof message === "string" && CONNECTION_MESSAGES.some((m) => m.test(message));
}

/** How deep a chain of causes is followed (drizzle's and our own wrappers are one or two). */
const MAX_DEPTH = 8;

/**
 * True when `error`, or an error it was caused by (`cause`, or one of an AggregateError's
 * `errors`: a connection tried on several addresses), says the database could not be reached or
 * cannot serve now. A constraint violation, a bad statement or a slow query is not this.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<object>();
  const visit = (value: unknown, depth: number): boolean => {
    if (!value || typeof value !== "object" || seen.has(value) || depth > MAX_DEPTH) return false;
    seen.add(value);
    if (isFetchFailure(value)) return false;
    if (saysUnavailable(value)) return true;
    const errors = (value as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some((inner) => visit(inner, depth + 1))) return true;
    return visit((value as { cause?: unknown }).cause, depth + 1);
  };
  return visit(error, 0);
}
