// Checks a reply by hand against the shape a page relies on, for the calls of the pages visitors
// open first (a listing, a marketplace): zod would add its weight, and the building of its schemas,
// to every first load. Forms, which load on demand, keep validating input with the zod contracts.
import { ApiError, INVALID_RESPONSE, type TParser } from "./api";
import { isRecord } from "./is-record";

type TJsonType = "string" | "number" | "boolean" | "array" | "object";

/** A field's JSON type; with "?" it may also be null or absent. A nested shape is an object. */
export type TFieldRule = TJsonType | `${TJsonType}?` | TShape;
export type TShape = { readonly [field: string]: TFieldRule };

function jsonType(value: unknown): TJsonType | "null" {
  if (value === null || value === undefined) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value === "object" ? "object" : (typeof value as TJsonType);
}

/** The first field of `value` that breaks `shape`, as a dotted path, or null when it fits. */
export function shapeProblem(value: unknown, shape: TShape, at = ""): string | null {
  if (!isRecord(value)) return at || "(the reply)";
  for (const [field, rule] of Object.entries(shape)) {
    const path = at ? `${at}.${field}` : field;
    const actual = jsonType(value[field]);
    if (typeof rule === "object") {
      const problem = shapeProblem(value[field], rule, path);
      if (problem) return problem;
    } else if (rule.endsWith("?")) {
      if (actual !== "null" && actual !== rule.slice(0, -1)) return path;
    } else if (actual !== rule) {
      return path;
    }
  }
  return null;
}

/**
 * A parser that passes a reply on as `T` when it has `shape`, and otherwise fails the call with
 * INVALID_RESPONSE naming the field. `what` names the reply in that message ("A gallery image").
 */
export function shapeParser<T>(what: string, shape: TShape): TParser<T> {
  return {
    parse(value) {
      const problem = shapeProblem(value, shape);
      if (problem) {
        throw new ApiError(INVALID_RESPONSE, `${what} in the reply had a bad ${problem}.`, 200);
      }
      return value as T;
    },
  };
}
