// Folds a place name to the key it is indexed and looked up by: "St. John's" = "saint johns".

// Abbreviations are folded to one spelling so either form finds the place.
const WORD_FOLDS: Readonly<Record<string, string>> = {
  saint: "st",
  sainte: "ste",
  mount: "mt",
  fort: "ft",
};

/**
 * Lower case, accents stripped, apostrophes and periods dropped, any other punctuation a space,
 * whitespace collapsed, and saint/sainte/mount/fort shortened. Commas are kept apart by callers,
 * who split on them before normalizing.
 */
export function normalizeName(text: string): string {
  const words = text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/['’.]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .split(" ");
  return words.map((w) => WORD_FOLDS[w] ?? w).join(" ");
}
