// What the fuzz does to a valid request: one mutation of its JSON body, its query, its multipart
// file or one path parameter, each named so a 5xx can be reported with what was sent.
import type { TRandom } from "./prng";

/** 100 KB of text: past every maxLength, under the body limit. */
export const HUGE = "x".repeat(100 * 1024);
const NUL = "before\u0000after";
const UNICODE = "🏀 Hoops ‮עברית‬ ‏مرحبا 👨‍👩‍👧‍👦 Z͑ͫ̓ͪ̂ͫ̽͏̴̙";
const FAR_DATES = ["0001-01-01", "9999-12-31", "0001-01-01T00:00:00.000Z", "9999-12-31T23:59:59Z"];
/** Past Number.MAX_SAFE_INTEGER, and the largest doubles. */
const NEGATIVES = [-1, -0.5, -(2 ** 53 + 2), -1e308];
const HUGE_NUMBERS = [2 ** 63, 2 ** 53 + 2, 1e308, Number.MAX_VALUE];
/** Nested this deep, a recursive reader without a limit runs out of stack. */
const DEEP = 5_000;

export const BODY_MUTATIONS = [
  "drop",
  "wrong type",
  "null",
  "empty",
  "huge string",
  "NUL byte",
  "emoji and RTL",
  "negative number",
  "huge number",
  "far date",
  "extra properties",
  "deeply nested",
  "body not an object",
  "invalid JSON",
  "no body",
] as const;
export type TBodyMutation = (typeof BODY_MUTATIONS)[number];

export type TMutated = { description: string; payload?: string; contentType?: string };

type TPath = (string | number)[];

/** Every place in a JSON value (the root is []), with the value found there. */
function placesOf(value: unknown, path: TPath = [], out: { path: TPath; value: unknown }[] = []) {
  out.push({ path, value });
  if (out.length > 400) return out;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) placesOf(v, [...path, i], out);
  } else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) placesOf(v, [...path, k], out);
  return out;
}

const isDateText = (v: unknown) => typeof v === "string" && /^\d{4}-\d{2}-\d{2}/.test(v);

/** The places a mutation fits best (numbers for numbers...), else every place but the root. */
function targetsFor(kind: TBodyMutation, places: { path: TPath; value: unknown }[]) {
  const inner = places.filter((p) => p.path.length > 0);
  const fit = (test: (v: unknown) => boolean) => inner.filter((p) => test(p.value));
  const pick = (() => {
    switch (kind) {
      case "negative number":
      case "huge number":
        return fit((v) => typeof v === "number");
      case "far date":
        return fit(isDateText);
      case "huge string":
      case "NUL byte":
      case "emoji and RTL":
        return fit((v) => typeof v === "string");
      case "extra properties":
        return places.filter(
          (p) => p.value && typeof p.value === "object" && !Array.isArray(p.value),
        );
      default:
        return inner;
    }
  })();
  return pick.length > 0 ? pick : inner.length > 0 ? inner : places;
}

function wrongTypeOf(value: unknown): unknown {
  if (typeof value === "string") return 12345;
  if (typeof value === "number") return "not a number";
  if (typeof value === "boolean") return "yes";
  if (Array.isArray(value)) return { "0": value[0] ?? "x" };
  if (value && typeof value === "object") return ["an", "array"];
  return { unexpected: "object" };
}

function emptyOf(value: unknown): unknown {
  if (Array.isArray(value)) return [];
  if (value && typeof value === "object") return {};
  if (typeof value === "number") return 0;
  return "";
}

function replacementFor(kind: TBodyMutation, value: unknown, rng: TRandom): unknown {
  switch (kind) {
    case "wrong type":
      return wrongTypeOf(value);
    case "null":
      return null;
    case "empty":
      return emptyOf(value);
    case "huge string":
      return HUGE;
    case "NUL byte":
      return typeof value === "string" ? `${value}${NUL}` : NUL;
    case "emoji and RTL":
      return UNICODE;
    case "negative number":
      return rng.pick(NEGATIVES);
    case "huge number":
      return rng.pick(HUGE_NUMBERS);
    case "far date":
      return rng.pick(FAR_DATES);
    case "extra properties":
      return {
        ...(value as object),
        unexpected: "extra",
        constructor: { prototype: { polluted: true } },
        ["__proto__"]: { polluted: true },
      };
    default:
      return value;
  }
}

/** A copy of `root` with the value at `path` replaced (or removed when `remove`). */
function withAt(root: unknown, path: TPath, replacement: unknown, remove = false): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(root)) {
    const copy = [...root];
    if (rest.length === 0 && remove) copy.splice(head as number, 1);
    else copy[head as number] = withAt(copy[head as number], rest, replacement, remove);
    return copy;
  }
  const copy = { ...(root as Record<string, unknown>) };
  if (rest.length === 0 && remove) delete copy[head as string];
  else copy[head as string] = withAt(copy[head as string], rest, replacement, remove);
  return copy;
}

/** JSON text of `value` with `[[[…]]]` nested DEEP levels at `path` (built as text, not objects). */
function deeplyNested(value: unknown, path: TPath): string {
  const marker = "__fuzz_deep__";
  const text = JSON.stringify(withAt(value, path, marker));
  return text.replace(JSON.stringify(marker), `${"[".repeat(DEEP)}1${"]".repeat(DEEP)}`);
}

const pathText = (path: TPath) => (path.length === 0 ? "(body)" : path.join("."));

/** One mutation of a JSON body. */
export function mutateBody(valid: unknown, kind: TBodyMutation, rng: TRandom): TMutated {
  const json = "application/json";
  switch (kind) {
    case "body not an object":
      return {
        description: kind,
        payload: JSON.stringify(rng.pick(["text", 42, null, [1, 2]])),
        contentType: json,
      };
    case "invalid JSON":
      return {
        description: kind,
        payload: rng.pick(['{"data": {', "{'data': 1}", "\u0000", "NaN"]),
        contentType: json,
      };
    case "no body":
      return { description: kind };
  }
  const target = rng.pick(targetsFor(kind, placesOf(valid)));
  const where = pathText(target.path);
  if (kind === "deeply nested")
    return {
      description: `${kind} at ${where}`,
      payload: deeplyNested(valid, target.path),
      contentType: json,
    };
  const mutated =
    kind === "drop"
      ? withAt(valid, target.path, undefined, true)
      : withAt(valid, target.path, replacementFor(kind, target.value, rng));
  const payload = JSON.stringify(mutated) ?? "null";
  return { description: `${kind} at ${where}`, payload, contentType: json };
}

export const QUERY_MUTATIONS = [
  "drop",
  "wrong type",
  "empty",
  "huge string",
  "NUL byte",
  "emoji and RTL",
  "negative number",
  "huge number",
  "far date",
  "extra parameter",
  "repeated parameter",
  "deeply nested",
] as const;
export type TQueryMutation = (typeof QUERY_MUTATIONS)[number];
export type TQuery = Record<string, string | string[]>;

/** One mutation of a query (a copy); `api-version` is left alone. */
export function mutateQuery(
  valid: TQuery,
  kind: TQueryMutation,
  rng: TRandom,
): { description: string; query: TQuery } {
  const query = { ...valid };
  const keys = Object.keys(query).filter((k) => k !== "api-version");
  if (kind === "extra parameter" || keys.length === 0) {
    query[rng.pick(["unexpected", "__proto__", "constructor", "data[id]"])] = rng.pick([
      "1",
      HUGE.slice(0, 2000),
      NUL,
    ]);
    return { description: `extra parameter (${kind})`, query };
  }
  const key = rng.pick(keys);
  const value = String(query[key]);
  const set = (v: string | string[]) => {
    query[key] = v;
  };
  switch (kind) {
    case "drop":
      delete query[key];
      break;
    case "wrong type":
      set(/^-?\d/.test(value) ? "abc" : rng.pick(["123", "true", "{}", "[object Object]"]));
      break;
    case "empty":
      set("");
      break;
    case "huge string":
      set(HUGE);
      break;
    case "NUL byte":
      set(`${value}${NUL}`);
      break;
    case "emoji and RTL":
      set(UNICODE);
      break;
    case "negative number":
      set(String(rng.pick(NEGATIVES)));
      break;
    case "huge number":
      set(rng.pick(["1e309", "99999999999999999999999", "9007199254740993", "Infinity"]));
      break;
    case "far date":
      set(rng.pick(FAR_DATES));
      break;
    case "repeated parameter":
      set([value, value, "other"]);
      break;
    case "deeply nested":
      set(`${"[".repeat(DEEP)}${"]".repeat(DEEP)}`);
      break;
  }
  return { description: `${kind} at query ${key}`, query };
}

export const PATH_VARIANTS = ["random uuid", "../", "very long", "%00", "not a uuid"] as const;
export type TPathVariant = (typeof PATH_VARIANTS)[number];

/** A path parameter's malformed value, as raw URL text (already encoded where it should be). */
export function pathVariant(kind: TPathVariant, rng: TRandom): string {
  switch (kind) {
    case "random uuid":
      return rng.uuid();
    case "../":
      return rng.pick(["..", "../..%2F..%2Fetc%2Fpasswd", "..%2F..%2F", "%2e%2e%2f"]);
    case "very long":
      return rng.pick(["a".repeat(5_000), "1".repeat(100_000)]);
    case "%00":
      return rng.pick(["%00", `${rng.uuid()}%00`, "a%00b"]);
    case "not a uuid":
      return rng.pick([
        "not-a-uuid",
        "123",
        "-1",
        "null",
        "undefined",
        "%F0%9F%8F%80",
        "%E2%80%AE",
      ]);
  }
}

export const FILE_MUTATIONS = [
  "garbage bytes",
  "empty file",
  "large garbage",
  "odd file name",
  "no file part",
  "JSON instead of a form",
  "broken form",
] as const;
export type TFileMutation = (typeof FILE_MUTATIONS)[number];
