// Spans and words: offsets survive masking and plain-text rewriting, and the longest reading wins.
import { describe, expect, it } from "vitest";
import { maskSpans, pickLongest, plainText, spanOf, tokenize } from "./spans";

describe("spans", () => {
  it("masks at the same length, as a boundary no word crosses", () => {
    const text = "near Indianapolis in March";
    const masked = maskSpans(text, [spanOf(text, 18, 26)]);
    expect(masked).toHaveLength(text.length);
    expect(masked.startsWith("near Indianapolis ")).toBe(true);
    expect(/\w/.test(masked.slice(18))).toBe(false);
  });

  it("rewrites dashes and apostrophes one character for one", () => {
    const text = "April 17\u201319, men\u2019s";
    expect(plainText(text)).toBe("April 17-19, men's");
    expect(plainText(text)).toHaveLength(text.length);
  });

  it("keeps the longest of overlapping readings, then the earliest, and skips taken words", () => {
    const text = "ice hockey on ice";
    const read = (start: number, end: number) => ({ span: spanOf(text, start, end) });
    const kept = pickLongest([read(0, 3), read(0, 10), read(14, 17)], [spanOf(text, 14, 17)]);
    expect(kept.map((k) => k.span.text)).toEqual(["ice hockey"]);
  });

  it("tokenizes numbers with their separators and words with their apostrophes", () => {
    expect(tokenize("1,200 men's 12U, $150").map((t) => t.text)).toEqual([
      "1,200",
      "men's",
      "12U",
      ",",
      "$",
      "150",
    ]);
  });
});
