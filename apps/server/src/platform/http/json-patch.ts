// Applies RFC 6902 patches (PATCH bodies); what is refused, and under which name, is the domain's rule.
import type { TPatchErrorName } from "@hostfield/domain/contracts";
import { vetPatch } from "@hostfield/domain/rules";
import fastJsonPatch from "fast-json-patch";
import { AppError, validationFailed } from "./errors";

const { applyPatch, deepClone } = fastJsonPatch;

const MESSAGES: Record<TPatchErrorName, string> = {
  TEST_OPERATION_FAILED: "A test operation did not match the current value.",
  OPERATION_OP_INVALID: "Unknown patch operation; use add, remove, replace, move, copy or test.",
  OPERATION_PATH_INVALID:
    "A patch path must be a JSON pointer starting with '/', and id, createdDate and createdBy cannot be changed.",
  OPERATION_PATH_UNRESOLVABLE: "A patch path does not point at an existing value or index.",
  OPERATION_VALUE_REQUIRED: "This patch operation needs a value.",
  OPERATION_FROM_REQUIRED: "This patch operation needs a 'from' path.",
  SEQUENCE_NOT_AN_ARRAY: "A patch must be an array of operations.",
};

/** How deep a patch may nest its values: far beyond any field of ours, far below the stack's end. */
export const PATCH_MAX_DEPTH = 64;

/** Whether `value` nests arrays or objects deeper than `max` (counted without recursion). */
function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== "object" || item === null) continue;
    if (depth >= max) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

/** Returns a patched copy of `document`; the original is untouched, so a refused patch changes nothing. */
export function applyJsonPatch<T extends object>(document: T, operations: unknown): T {
  // The patch library walks values recursively: a value nested thousands deep would end its stack.
  if (nestsDeeperThan(operations, PATCH_MAX_DEPTH)) {
    throw validationFailed(`A patch nests values at most ${PATCH_MAX_DEPTH} levels deep.`, [
      { message: `nested more than ${PATCH_MAX_DEPTH} levels deep` },
    ]);
  }
  const copy = deepClone(document) as T;
  const problem = vetPatch(operations, copy);
  if (problem) {
    const at = problem.index === undefined ? "" : ` (operation ${problem.index})`;
    throw new AppError(
      problem.name,
      400,
      `${MESSAGES[problem.name]}${at}`,
      problem.index === undefined ? undefined : { index: problem.index },
    );
  }
  // vetPatch checked every operation above; fast-json-patch types them as its own Operation union.
  return applyPatch(copy, operations as never, true, true, true).newDocument;
}
