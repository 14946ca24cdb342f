// Checks a reply by hand against the shape a page relies on, for the calls of the pages visitors
// open first (a listing, a marketplace): zod would add its weight, and the building of its schemas,
// to every first load. Forms, which load on demand, keep validating input with the zod contracts.
import { ApiError, INVALID_RESPONSE, type TParser } from "./api";
import { isRecord } from "./is-record";

type TJsonType = "string" | "number" | "boolean" | "array" | "object";

/** A field's JSON type; with "?" it may also be null or absent. A nested shape is an object. */
export type TFieldRule = TJsonType | `${TJsonType}?` | TShape;
export type TShape = { readonly [field: string]: TFieldRule };

/** The JSON type of a value of type V. */
type TJsonTypeOf<V> = [V] extends [string]
  ? "string"
  : [V] extends [number]
    ? "number"
    : [V] extends [boolean]
      ? "boolean"
      : [V] extends [readonly unknown[]]
        ? "array"
        : [V] extends [object]
          ? "object"
          : never;

/**
 * The rules a field of type V may have: its JSON type (or, an object, its shape), and with "?"
 * also null or absent. A field the type lets be null or absent takes only the "?" rule: a required
 * one would refuse a reply the contract allows.
 */
type TFieldRuleOf<V, Optional extends boolean> = unknown extends V
  ? TFieldRule
  : Optional extends true
    ? `${TJsonTypeOf<NonNullable<V>>}?`
    : null extends V
      ? `${TJsonTypeOf<NonNullable<V>>}?`
      :
          | TJsonTypeOf<V>
          | `${TJsonTypeOf<V>}?`
          | ([V] extends [readonly unknown[]] ? never : [V] extends [object] ? TShapeOf<V> : never);

/**
 * A shape of the type T a reply is parsed as (the domain contract's, mostly): only T's fields, each
 * by its own JSON type, so the compiler ties the hand-made check to the contract it mirrors. An
 * unknown T takes any shape.
 */
export type TShapeOf<T> = unknown extends T
  ? TShape
  : {
      readonly [K in keyof T]?: TFieldRuleOf<
        T[K],
        // biome-ignore lint/complexity/noBannedTypes: {} is what an optional field's Pick extends.
        {} extends Pick<T, K> ? true : false
      >;
    };

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
export function shapeParser<T>(what: string, shape: NoInfer<TShapeOf<T>>): TParser<T> {
  return {
    parse(value) {
      const problem = shapeProblem(value, shape as TShape);
      if (problem) {
        throw new ApiError(INVALID_RESPONSE, `${what} in the reply had a bad ${problem}.`, 200);
      }
      return value as T;
    },
  };
}
