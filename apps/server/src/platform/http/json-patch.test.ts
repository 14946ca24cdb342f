import { describe, expect, it } from "vitest";
import { AppError } from "./errors";
import { applyJsonPatch, PATCH_MAX_DEPTH } from "./json-patch";

/** A value nested `depth` arrays deep. */
const nested = (depth: number) => {
  let value: unknown = "core";
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};

describe("applyJsonPatch", () => {
  it("applies a patch nesting as deep as the limit (the list and the operation count as two)", () => {
    const patched = applyJsonPatch({ name: "Gym" }, [
      { op: "add", path: "/extra", value: nested(PATCH_MAX_DEPTH - 2) },
    ]);
    expect(patched).toMatchObject({ name: "Gym" });
  });

  it("refuses a value nested thousands deep with 400 VALIDATION_FAILED, not a stack overflow", () => {
    const attempt = () =>
      applyJsonPatch({ name: "Gym" }, [{ op: "replace", path: "/name", value: nested(5000) }]);
    expect(attempt).toThrow(AppError);
    try {
      attempt();
    } catch (error) {
      expect(error).toMatchObject({ statusCode: 400, code: "VALIDATION_FAILED" });
    }
  });
});
