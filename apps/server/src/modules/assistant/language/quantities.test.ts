// Numbers attached to what they count, with the vocabulary's terms as the modifiers between them.
import { describe, expect, it } from "vitest";
import { findTerms } from "./lexicon";
import { countAfter, countBefore, findNamedNights, findQuantities } from "./quantities";

function quantities(text: string) {
  const modifiers = findTerms(text).map((t) => t.span);
  return findQuantities(text, { modifiers }).map((q) => ({
    kind: q.kind,
    value: q.value,
    role: q.role,
    perTeam: q.perTeam,
    perNight: q.perNight,
  }));
}

function countOf(text: string, noun: string) {
  const start = text.indexOf(noun);
  const modifiers = findTerms(text)
    .map((t) => t.span)
    .filter((s) => s.start !== start);
  return (
    countBefore(text, { start, end: start + noun.length, text: noun }, { modifiers })?.value ?? null
  );
}

describe("findQuantities", () => {
  it("counts teams, and teams are not people", () => {
    expect(quantities("40 teams")).toEqual([
      { kind: "teams", value: 40, role: null, perTeam: false, perNight: false },
    ]);
    expect(quantities("a 40-team bracket").map((q) => [q.kind, q.value])).toEqual([["teams", 40]]);
    expect(quantities("forty 12U girls teams").map((q) => [q.kind, q.value])).toEqual([
      ["teams", 40],
    ]);
  });

  it("counts people by who they are", () => {
    expect(
      quantities("about 500 youth athletes and 1,200 spectators").map((q) => [q.value, q.role]),
    ).toEqual([
      [500, "participants"],
      [1200, "spectators"],
    ]);
    expect(quantities("2,000 people").map((q) => [q.value, q.role])).toEqual([[2000, "total"]]);
    expect(
      quantities("expected attendance of 3,500").map((q) => [q.kind, q.value, q.role]),
    ).toEqual([["people", 3500, "total"]]);
  });

  it("marks a size per team", () => {
    expect(quantities("12 players per team").map((q) => q.perTeam)).toEqual([true]);
    expect(quantities("teams of 12 players").map((q) => q.perTeam)).toEqual([true]);
    expect(quantities("600 players").map((q) => q.perTeam)).toEqual([false]);
  });

  it("counts room nights, rooms a night and nights", () => {
    expect(quantities("about 300 room nights").map((q) => [q.kind, q.value])).toEqual([
      ["roomNights", 300],
    ]);
    expect(quantities("room nights: 300").map((q) => [q.kind, q.value])).toEqual([
      ["roomNights", 300],
    ]);
    expect(quantities("150 rooms a night for 2 nights")).toEqual([
      { kind: "rooms", value: 150, role: null, perTeam: false, perNight: true },
      { kind: "nights", value: 2, role: null, perTeam: false, perNight: false },
    ]);
    expect(quantities("150 hotel rooms").map((q) => [q.kind, q.value])).toEqual([["rooms", 150]]);
  });

  it("counts seats", () => {
    expect(quantities("an arena that seats 5,000").map((q) => [q.kind, q.value])).toEqual([
      ["seats", 5000],
    ]);
    expect(quantities("a 5,000-seat arena").map((q) => [q.kind, q.value])).toEqual([
      ["seats", 5000],
    ]);
  });

  it("does not give one noun two numbers", () => {
    expect(quantities("40 teams 6 courts").map((q) => [q.kind, q.value])).toEqual([["teams", 40]]);
  });

  it("reads nights named by their days", () => {
    expect(findNamedNights("Friday and Saturday nights").map((q) => q.value)).toEqual([2]);
    expect(findNamedNights("Thursday through Sunday nights").map((q) => q.value)).toEqual([4]);
  });
});

describe("countBefore", () => {
  it.each([
    ["6 hardwood courts", "courts", 6],
    ["six indoor basketball courts", "courts", 6],
    ["a dozen fields", "fields", 12],
    ["a couple of pools", "pools", 2],
    ["8 full-size courts", "courts", 8],
    ["6-8 courts", "courts", 8],
    ["at least 6 fields", "fields", 6],
    ["a pool", "pool", 1],
    ["an indoor pool", "pool", 1],
    ["a 50m pool", "pool", 1],
    ["2 sheets of ice", "sheets", 2],
    ["6 indoor and outdoor courts", "courts", 6],
    ["one accessible ice rink", "rink", 1],
  ])("%j counts %d", (text, noun, count) => {
    expect(countOf(text, noun)).toBe(count);
  });

  it.each([
    ["courts", "courts"],
    ["40 teams and courts", "courts"],
    ["we need courts for 40 teams", "courts"],
    // A count belongs to its own line: a list's "Teams: 64" does not count the fields below it.
    ["- Teams: 64\n- Ball fields", "Ball fields"],
  ])("%j says no count", (text, noun) => {
    expect(countOf(text, noun)).toBeNull();
  });
});

describe("countAfter", () => {
  const after = (text: string, noun: string) => {
    const start = text.indexOf(noun);
    return countAfter(text, { start, end: start + noun.length, text: noun })?.value ?? null;
  };
  it("reads a label's value after the noun", () => {
    expect(after("Ball fields: 10 (turf preferred)", "Ball fields")).toBe(10);
    expect(after("Courts (indoor) - 6", "Courts")).toBe(6);
    expect(after("Courts: six", "Courts")).toBe(6);
  });
  it("reads nothing that is not a label's value", () => {
    expect(after("courts for 40 teams", "courts")).toBeNull();
    expect(after("Courts:\n40 teams", "Courts")).toBeNull();
  });
});
