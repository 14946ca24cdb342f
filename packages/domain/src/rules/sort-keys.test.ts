import { describe, expect, it } from "vitest";
import { isSortKey, sortKeyBetween, sortKeysAfter } from "./sort-keys";

// CONVENTIONS: "Sort order of images and documents: fractional index strings, so a move writes one row".
describe("sortKeyBetween", () => {
  it("makes a first key and keys at either end", () => {
    const first = sortKeyBetween(null, null);
    expect(isSortKey(first)).toBe(true);
    expect(sortKeyBetween(first, null) > first).toBe(true);
    expect(sortKeyBetween(null, first) < first).toBe(true);
  });

  it("always finds a key strictly between two neighbours, however often we insert there", () => {
    let low = sortKeyBetween(null, null);
    const high = sortKeyBetween(low, null);
    for (let i = 0; i < 200; i++) {
      const middle = sortKeyBetween(low, high);
      expect(middle > low && middle < high, `${low} < ${middle} < ${high}`).toBe(true);
      expect(isSortKey(middle)).toBe(true);
      low = middle;
    }
  });

  it("keeps finding room below the smallest key", () => {
    let high = sortKeyBetween(null, null);
    for (let i = 0; i < 200; i++) {
      const lower = sortKeyBetween(null, high);
      expect(lower < high).toBe(true);
      expect(isSortKey(lower)).toBe(true);
      high = lower;
    }
  });

  it("orders a random sequence of inserts exactly like the list they describe", () => {
    const list: string[] = [];
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 300; i++) {
      const at = Math.floor(random() * (list.length + 1));
      list.splice(at, 0, sortKeyBetween(list[at - 1] ?? null, list[at] ?? null));
    }
    expect([...list].sort()).toEqual(list);
    expect(new Set(list).size).toBe(list.length);
  });

  it("refuses neighbours in the wrong order", () => {
    expect(() => sortKeyBetween("b", "a")).toThrow();
    expect(() => sortKeyBetween("a", "a")).toThrow();
  });

  it("appends several keys in order", () => {
    const keys = sortKeysAfter(null, 5);
    expect([...keys].sort()).toEqual(keys);
    expect(new Set(keys).size).toBe(5);
  });
});
