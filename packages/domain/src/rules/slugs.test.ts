import { describe, expect, it } from "vitest";
import { slugify } from "./slugs";

describe("slugify", () => {
  it("keeps letters and digits as hyphenated lower-case words", () => {
    expect(slugify("How Indianapolis hosted 600 volleyball teams!", "x")).toBe(
      "how-indianapolis-hosted-600-volleyball-teams",
    );
  });
  it("drops accents and falls back when nothing is left", () => {
    expect(slugify("Crème brûlée Cup", "x")).toBe("creme-brulee-cup");
    expect(slugify("¡¿ !!", "story")).toBe("story");
  });
  it("never ends in a hyphen after cutting at 80 characters", () => {
    const slug = slugify(`${"a".repeat(79)} b`, "x");
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith("-")).toBe(false);
  });
});
