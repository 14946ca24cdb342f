import { describe, expect, it } from "vitest";
import { normalizeName } from "./normalize";

describe("normalizeName", () => {
  it.each([
    ["Montréal", "montreal"],
    ["  MONTREAL ", "montreal"],
    ["St. John's", "st johns"],
    ["Saint John", "st john"],
    ["Sainte-Thérèse", "ste therese"],
    ["Winston-Salem", "winston salem"],
    ["Fort  Worth", "ft worth"],
    ["Mt. Vernon", "mt vernon"],
    ["Coeur d’Alene", "coeur dalene"],
    ["!!!", ""],
  ])("folds %j to %j", (input, key) => {
    expect(normalizeName(input)).toBe(key);
  });
});
