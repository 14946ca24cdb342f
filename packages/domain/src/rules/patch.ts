// JSON Patch (RFC 6902) rules of spec §5: how the web computes a patch and how the server vets one.

import type { Operation } from "fast-json-patch";
import jsonPatch from "fast-json-patch";
import type { TAnyPatchErrorName, TPatchErrorName } from "../contracts/errors";
import type { TPatchOperation } from "../contracts/json-patch";

// Kept here, free of zod, so a page that computes a patch does not download the contracts.
/** Top-level fields no PATCH may touch: identity and creation audit. */
export const PATCH_IMMUTABLE_FIELDS: readonly string[] = ["id", "createdDate", "createdBy"];

/** The server stamps these itself, so a client patch never carries them. */
export const PATCH_IGNORED_PATHS = ["/updatedDate", "/updatedBy"] as const;

/** PATCH_IMMUTABLE_FIELDS as JSON pointers: identity and creation audit, never patched. */
export const PATCH_IMMUTABLE_PATHS: readonly string[] = PATCH_IMMUTABLE_FIELDS.map((f) => `/${f}`);

function isUnder(path: string, roots: readonly string[]): boolean {
  return roots.some((root) => path === root || path.startsWith(`${root}/`));
}

/**
 * The patch turning `before` into `after`. "Patch computation ignores the updatedDate and
 * updatedBy paths and ignores additions whose value is an empty string": a form field left
 * empty that was absent before is not a change.
 */
export function computePatch(before: object, after: object): TPatchOperation[] {
  return jsonPatch
    .compare(before, after)
    .filter((op) => !isUnder(op.path, PATCH_IGNORED_PATHS))
    .filter((op) => !(op.op === "add" && op.value === ""))
    .map((op): TPatchOperation => ({ ...op }));
}

/** True when an operation writes to, moves or removes an immutable path (a test only reads). */
export function touchesImmutablePath(ops: readonly TPatchOperation[]): boolean {
  return ops.some(
    (op) =>
      (op.op !== "test" && isUnder(op.path, PATCH_IMMUTABLE_PATHS)) ||
      (op.op === "move" && op.from !== undefined && isUnder(op.from, PATCH_IMMUTABLE_PATHS)),
  );
}

// fast-json-patch names some failures that spec §8 does not; they map to the nearest spec name so
// clients handle one closed set of codes.
const TO_SPEC_NAME: Record<TAnyPatchErrorName, TPatchErrorName> = {
  TEST_OPERATION_FAILED: "TEST_OPERATION_FAILED",
  OPERATION_OP_INVALID: "OPERATION_OP_INVALID",
  OPERATION_PATH_INVALID: "OPERATION_PATH_INVALID",
  OPERATION_PATH_UNRESOLVABLE: "OPERATION_PATH_UNRESOLVABLE",
  OPERATION_VALUE_REQUIRED: "OPERATION_VALUE_REQUIRED",
  OPERATION_FROM_REQUIRED: "OPERATION_FROM_REQUIRED",
  SEQUENCE_NOT_AN_ARRAY: "SEQUENCE_NOT_AN_ARRAY",
  OPERATION_VALUE_OUT_OF_BOUNDS: "OPERATION_PATH_UNRESOLVABLE",
  OPERATION_PATH_ILLEGAL_ARRAY_INDEX: "OPERATION_PATH_UNRESOLVABLE",
  OPERATION_PATH_CANNOT_ADD: "OPERATION_PATH_UNRESOLVABLE",
  OPERATION_FROM_UNRESOLVABLE: "OPERATION_PATH_UNRESOLVABLE",
  OPERATION_NOT_AN_OBJECT: "OPERATION_OP_INVALID",
  OPERATION_VALUE_CANNOT_CONTAIN_UNDEFINED: "OPERATION_VALUE_REQUIRED",
};

export type TPatchProblem = { name: TPatchErrorName; index?: number };

/**
 * Why a patch would be rejected against `document`, or null when it applies: not an array, an
 * edit of an immutable field, an unknown operation, a path not starting with '/', a missing value
 * or source, an out-of-range array index, a failed test. Names are spec §8's; the document is not
 * changed (the library works on a clone).
 */
export function vetPatch(ops: unknown, document: unknown): TPatchProblem | null {
  if (!Array.isArray(ops)) return { name: "SEQUENCE_NOT_AN_ARRAY" };
  // Shape first, so the checks below never meet a non-object or a non-string pointer.
  for (const [index, op] of ops.entries()) {
    if (typeof op !== "object" || op === null || typeof (op as { op?: unknown }).op !== "string") {
      return { name: "OPERATION_OP_INVALID", index };
    }
    const { path, from } = op as { path?: unknown; from?: unknown };
    // "A patch is rejected for ... a path not starting with '/'": the empty path (the whole
    // document) included, which would otherwise replace id and audit fields wholesale.
    if (typeof path !== "string" || !path.startsWith("/"))
      return { name: "OPERATION_PATH_INVALID", index };
    if (from !== undefined && (typeof from !== "string" || !from.startsWith("/"))) {
      return { name: "OPERATION_PATH_INVALID", index };
    }
  }
  const operations = ops as TPatchOperation[];
  const immutable = operations.findIndex((op) => touchesImmutablePath([op]));
  if (immutable >= 0) return { name: "OPERATION_PATH_INVALID", index: immutable };
  try {
    const error = jsonPatch.validate(operations as unknown as Operation[], document);
    if (!error) return null;
    const name = TO_SPEC_NAME[error.name as TAnyPatchErrorName] ?? "OPERATION_OP_INVALID";
    return error.index === undefined ? { name } : { name, index: error.index };
  } catch (e) {
    // The library refuses __proto__ and constructor/prototype paths with a plain TypeError.
    if (e instanceof TypeError) return { name: "OPERATION_PATH_INVALID" };
    throw e;
  }
}
