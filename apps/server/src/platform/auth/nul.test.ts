// Where a NUL character is found: strings, arrays, objects and their keys, at any depth.
import { describe, expect, it } from "vitest";
import { containsNul } from "./nul";

describe("containsNul", () => {
  it.each([
    ["a string", "a\u0000b"],
    ["an array's string", ["ok", "\u0000"]],
    ["a nested value", { params: { state: ["x", "y\u0000"] } }],
    ["a key", { "na\u0000me": "value" }],
  ])("finds one in %s", (_name, value) => {
    expect(containsNul(value)).toBe(true);
  });

  it.each([
    ["plain text", "a%00b \\u0000"],
    ["numbers and nothing", [1, null, undefined, true]],
    ["a payload", { accountId: "a", exp: 1, claims: { email: "x@example.com" } }],
  ])("finds none in %s", (_name, value) => {
    expect(containsNul(value)).toBe(false);
  });
});
