// A search text reaches to_tsquery as its words only (search/filter.ts): nothing a visitor
// types may become an operator of the query, and every word is required.
import { describe, expect, it } from "vitest";
import { wordsQuery } from "./filter";

describe("wordsQuery (a text's words as to_tsquery's source)", () => {
  it("requires every word, letters and digits only", () => {
    expect(wordsQuery("Sports  center!")).toBe("sports & center");
    expect(wordsQuery("U-12 gym")).toBe("u & 12 & gym");
    expect(wordsQuery("Café Ñandú")).toBe("café & ñandú");
  });

  it("lets no query syntax through", () => {
    expect(wordsQuery("arena & !(pool) | dome:*")).toBe("arena & pool & dome");
    expect(wordsQuery("&|!():*'")).toBeUndefined();
    expect(wordsQuery("   ")).toBeUndefined();
  });

  it("restricts each word to the weights asked (A: the name's)", () => {
    expect(wordsQuery("Riverside Complex", "A")).toBe("riverside:A & complex:A");
  });
});
