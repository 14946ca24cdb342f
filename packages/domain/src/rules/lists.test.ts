import { describe, expect, it } from "vitest";
import { isListComplete } from "./lists";

// Spec §5: "A list of values counts as complete only if no item is null, empty or an empty array."
describe("isListComplete", () => {
  it("is true when every item has a value, including 0 and false", () => {
    expect(isListComplete(["a", 0, false, ["x"], { a: 1 }])).toBe(true);
  });

  it("is false when any item is null or undefined", () => {
    expect(isListComplete(["a", null])).toBe(false);
    expect(isListComplete([undefined, "a"])).toBe(false);
  });

  it("is false when any item is an empty string", () => {
    expect(isListComplete(["a", ""])).toBe(false);
  });

  it("is false when any item is an empty array", () => {
    expect(isListComplete([["a"], []])).toBe(false);
  });

  it("counts a string of spaces and an empty object as values", () => {
    expect(isListComplete([" ", {}])).toBe(true);
  });

  it("is true for an empty list: nothing is missing", () => {
    expect(isListComplete([])).toBe(true);
  });
});
