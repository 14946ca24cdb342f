// Numbers as organizers write them: digits, words, groups, ranges, hedges and prices.
import { describe, expect, it } from "vitest";
import { findNumbers, findPrices, parseNumber } from "./numbers";

describe("parseNumber", () => {
  it.each([
    ["6", 6],
    ["1,200", 1200],
    ["12,500", 12500],
    ["2.5k", 2500],
    ["six", 6],
    ["Twelve", 12],
    ["twenty", 20],
    ["twenty-four", 24],
    ["twenty four", 24],
    ["one hundred", 100],
    ["one hundred fifty", 150],
    ["one hundred and fifty", 150],
    ["two thousand", 2000],
    ["two thousand five hundred", 2500],
    ["a dozen", 12],
    ["two dozen", 24],
    ["half a dozen", 6],
    ["a couple of", 2],
    ["a couple", 2],
    ["a pair of", 2],
    ["a hundred", 100],
    ["3 thousand", 3000],
  ])("%j is %d", (phrase, value) => {
    expect(parseNumber(phrase)).toBe(value);
  });

  it.each(["", "a", "several", "a few", "dozens", "six courts", "12U"])(
    "%j is not a number",
    (phrase) => {
      expect(parseNumber(phrase)).toBeNull();
    },
  );
});

describe("findNumbers", () => {
  const read = (text: string) =>
    findNumbers(text).map((n) => ({ text: n.span.text, value: n.value, bound: n.bound }));

  it("reads each number with the words it used, in order", () => {
    expect(read("40 teams, six courts and a dozen fields")).toEqual([
      { text: "40", value: 40, bound: "exact" },
      { text: "six", value: 6, bound: "exact" },
      { text: "a dozen", value: 12, bound: "exact" },
    ]);
  });

  it("keeps the hedge and reads the bound it sets", () => {
    expect(read("about 300")).toEqual([{ text: "about 300", value: 300, bound: "about" }]);
    expect(read("at least 6")).toEqual([{ text: "at least 6", value: 6, bound: "atLeast" }]);
    expect(read("up to 8")).toEqual([{ text: "up to 8", value: 8, bound: "atMost" }]);
    expect(read("300+")).toEqual([{ text: "300+", value: 300, bound: "atLeast" }]);
    expect(read("roughly 1,500 or so")).toEqual([
      { text: "roughly 1,500 or so", value: 1500, bound: "about" },
    ]);
  });

  it("reads a range as its upper end, keeping both", () => {
    const [range] = findNumbers("6-8 courts");
    expect(range).toMatchObject({ value: 8, min: 6, max: 8, bound: "range" });
    expect(range?.span.text).toBe("6-8");
    expect(read("six to eight")).toEqual([{ text: "six to eight", value: 8, bound: "range" }]);
    expect(read("between 6 and 8")).toEqual([
      { text: "between 6 and 8", value: 8, bound: "range" },
    ]);
    expect(read("2,000-3,000")).toEqual([{ text: "2,000-3,000", value: 3000, bound: "range" }]);
  });

  it("does not make a range of a descending pair", () => {
    expect(read("8-6").map((n) => n.value)).toEqual([8, 6]);
  });

  it("leaves out dates, times, prices and numbers glued to letters", () => {
    expect(read("3/13 at 8:00 for $150, 12U, 7v7, 2nd")).toEqual([]);
  });

  it("skips numbers inside taken spans", () => {
    const text = "March 13-15, 40 teams";
    expect(
      findNumbers(text, [{ start: 0, end: 11, text: "March 13-15" }]).map((n) => n.value),
    ).toEqual([40]);
  });

  it("does not read a lone article as one", () => {
    expect(read("a pool and an arena")).toEqual([]);
  });
});

describe("findPrices", () => {
  it("reads a ceiling, an amount and a rough price", () => {
    expect(findPrices("hotels under $150 a night").map((p) => [p.value, p.bound])).toEqual([
      [150, "atMost"],
    ]);
    expect(findPrices("$129 rooms").map((p) => [p.value, p.bound])).toEqual([[129, "exact"]]);
    expect(findPrices("around $1,200 total").map((p) => [p.value, p.bound])).toEqual([
      [1200, "about"],
    ]);
    expect(findPrices("$150 or less").map((p) => [p.value, p.bound])).toEqual([[150, "atMost"]]);
  });
});
