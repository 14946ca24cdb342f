import { describe, expect, it } from "vitest";
import { computePatch, PATCH_IMMUTABLE_PATHS, touchesImmutablePath, vetPatch } from "./patch";

describe("computePatch", () => {
  // Spec §5: "Patch computation ignores the updatedDate and updatedBy paths and ignores
  // additions whose value is an empty string."
  it("produces RFC 6902 replace, add and remove operations", () => {
    const ops = computePatch({ name: "A", city: "X" }, { name: "B", phone: "555" });
    expect(ops).toEqual(
      expect.arrayContaining([
        { op: "replace", path: "/name", value: "B" },
        { op: "add", path: "/phone", value: "555" },
        { op: "remove", path: "/city" },
      ]),
    );
    expect(ops).toHaveLength(3);
  });

  it("ignores changes to /updatedDate and /updatedBy", () => {
    const before = { name: "A", updatedDate: "2025-01-01T00:00:00Z" };
    const after = { name: "A", updatedDate: "2025-02-01T00:00:00Z", updatedBy: "u1" };
    expect(computePatch(before, after)).toEqual([]);
  });

  it("does not ignore a nested field that is merely called updatedDate", () => {
    const ops = computePatch({ venue: { updatedDate: "a" } }, { venue: { updatedDate: "b" } });
    expect(ops).toEqual([{ op: "replace", path: "/venue/updatedDate", value: "b" }]);
  });

  it("ignores adding an empty string, at the top level and inside arrays", () => {
    expect(computePatch({}, { nickname: "" })).toEqual([]);
    expect(computePatch({ tags: ["a"] }, { tags: ["a", ""] })).toEqual([]);
  });

  it("keeps replacing a value by an empty string: clearing a field is a change", () => {
    expect(computePatch({ nickname: "Al" }, { nickname: "" })).toEqual([
      { op: "replace", path: "/nickname", value: "" },
    ]);
  });

  it("keeps additions of other empty-ish values", () => {
    expect(computePatch({}, { a: null, b: 0, c: [] })).toHaveLength(3);
  });
});

describe("touchesImmutablePath", () => {
  it("lists /id, /createdDate and /createdBy as immutable", () => {
    expect(PATCH_IMMUTABLE_PATHS).toEqual(["/id", "/createdDate", "/createdBy"]);
  });

  it("flags writes to, below and moves from an immutable path", () => {
    expect(touchesImmutablePath([{ op: "replace", path: "/id", value: "x" }])).toBe(true);
    expect(touchesImmutablePath([{ op: "remove", path: "/createdBy" }])).toBe(true);
    expect(touchesImmutablePath([{ op: "move", from: "/createdDate", path: "/x" }])).toBe(true);
  });

  it("allows tests of immutable paths and fields that only start with the same letters", () => {
    expect(touchesImmutablePath([{ op: "test", path: "/id", value: "x" }])).toBe(false);
    expect(touchesImmutablePath([{ op: "replace", path: "/idea", value: "x" }])).toBe(false);
  });
});

describe("vetPatch", () => {
  // Spec §5: "A patch is rejected for an unknown operation, a path not starting with '/', a
  // missing value or source, or an out-of-range array index."
  const doc = { name: "A", tags: ["a", "b"] };

  it("accepts a valid patch and leaves the document unchanged", () => {
    expect(vetPatch([{ op: "replace", path: "/name", value: "B" }], doc)).toBeNull();
    expect(doc.name).toBe("A");
  });

  it("rejects an unknown operation", () => {
    expect(vetPatch([{ op: "merge", path: "/name", value: "B" }], doc)?.name).toBe(
      "OPERATION_OP_INVALID",
    );
  });

  it("rejects a path not starting with '/'", () => {
    expect(vetPatch([{ op: "replace", path: "name", value: "B" }], doc)?.name).toBe(
      "OPERATION_PATH_INVALID",
    );
  });

  it("rejects a missing value or source", () => {
    expect(vetPatch([{ op: "replace", path: "/name" }], doc)?.name).toBe(
      "OPERATION_VALUE_REQUIRED",
    );
    expect(vetPatch([{ op: "move", path: "/x" }], doc)?.name).toBe("OPERATION_FROM_REQUIRED");
  });

  it("rejects an out-of-range array index but accepts appending at the end", () => {
    expect(vetPatch([{ op: "add", path: "/tags/3", value: "c" }], doc)?.name).toBe(
      "OPERATION_PATH_UNRESOLVABLE",
    );
    expect(vetPatch([{ op: "add", path: "/tags/2", value: "c" }], doc)).toBeNull();
  });

  it("rejects a failed test and a path that does not exist", () => {
    expect(vetPatch([{ op: "test", path: "/name", value: "Z" }], doc)?.name).toBe(
      "TEST_OPERATION_FAILED",
    );
    expect(vetPatch([{ op: "replace", path: "/missing/deep", value: 1 }], doc)?.name).toBe(
      "OPERATION_PATH_UNRESOLVABLE",
    );
  });

  it("rejects an edit of id, createdDate or createdBy and names the operation", () => {
    const withId = { id: "1", createdDate: "2026-01-01", createdBy: "u", name: "A" };
    expect(
      vetPatch(
        [
          { op: "replace", path: "/name", value: "B" },
          { op: "replace", path: "/id", value: "2" },
        ],
        withId,
      ),
    ).toEqual({ name: "OPERATION_PATH_INVALID", index: 1 });
  });

  it("rejects a body that is not a list of operations", () => {
    expect(vetPatch({ op: "replace", path: "/name", value: "B" }, doc)?.name).toBe(
      "SEQUENCE_NOT_AN_ARRAY",
    );
  });

  it("rejects the empty path, which would replace the whole document including its id", () => {
    const withId = { id: "1", name: "A" };
    expect(vetPatch([{ op: "replace", path: "", value: { id: "2", name: "B" } }], withId)).toEqual({
      name: "OPERATION_PATH_INVALID",
      index: 0,
    });
  });

  it("returns a problem, never throws, for operations of the wrong shape", () => {
    expect(vetPatch([null], doc)).toEqual({ name: "OPERATION_OP_INVALID", index: 0 });
    expect(vetPatch([{ op: "replace", path: 5, value: 1 }], doc)?.name).toBe(
      "OPERATION_PATH_INVALID",
    );
    expect(vetPatch([{ op: "move", path: "/name", from: "tags" }], doc)?.name).toBe(
      "OPERATION_PATH_INVALID",
    );
  });

  it("rejects prototype pollution as an invalid path", () => {
    expect(vetPatch([{ op: "add", path: "/__proto__/polluted", value: true }], doc)?.name).toBe(
      "OPERATION_PATH_INVALID",
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
