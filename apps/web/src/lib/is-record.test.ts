import { describe, expect, it } from "vitest";
import { isRecord } from "./is-record";

describe("isRecord", () => {
  it("accepts plain objects and refuses null, arrays and primitives", () => {
    expect(isRecord({})).toBe(true);
    expect(isRecord({ data: 1 })).toBe(true);
    expect(isRecord(null)).toBe(false);
    expect(isRecord([])).toBe(false);
    expect(isRecord("{}")).toBe(false);
    expect(isRecord(undefined)).toBe(false);
  });
});
