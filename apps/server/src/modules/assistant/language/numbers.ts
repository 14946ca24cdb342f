// Numbers as people write them: digits with commas ("1,200"), words ("six", "twenty-four", "a dozen", "a couple of"), ranges ("6-8") and hedges ("about", "at least"), and prices ("under $150").
import { matchesOf, overlapsAny, spanOf, type TSpan, type TToken, tokenize } from "./spans";

/** How a number was said: plainly, roughly, as a floor or a ceiling, or as a range. */
export type TNumberBound = "exact" | "about" | "atLeast" | "atMost" | "range";

export type TNumberMention = {
  /** The number to use: the upper end of a range, since a plan is made for the most expected. */
  value: number;
  min: number;
  max: number;
  bound: TNumberBound;
  /** The words read, hedges included ("at least 6", "six to eight"). */
  span: TSpan;
};

const UNITS: Readonly<Record<string, number>> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};

const TENS: Readonly<Record<string, number>> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fourty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};

const SCALES: Readonly<Record<string, number>> = {
  hundred: 100,
  thousand: 1000,
  million: 1_000_000,
};

/** Quantity nouns read as numbers after "a" ("a dozen", "a couple of", "a pair of"). */
const GROUPS: Readonly<Record<string, number>> = { dozen: 12, couple: 2, pair: 2 };

const DIGITS = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/;
const THOUSANDS_SUFFIX = /^(\d+(?:\.\d+)?)k$/;

type TRead = { value: number; next: number };

/** A number spelled in words from token i: "six", "twenty-four", "one hundred and fifty". */
function readWords(tokens: readonly TToken[], i: number): TRead | null {
  const small = (at: number): TRead | null => {
    const t = tokens[at]?.lower;
    if (t === undefined) return null;
    if (t in UNITS) {
      let value = UNITS[t]!;
      let next = at + 1;
      if (tokens[next]?.lower === "hundred") {
        value *= 100;
        next++;
        let rest = next;
        if (tokens[rest]?.lower === "and") rest++;
        const tail = tensOrUnit(rest);
        if (tail && tail.value < 100) return { value: value + tail.value, next: tail.next };
      }
      return { value, next };
    }
    return tensOrUnit(at);
  };
  const tensOrUnit = (at: number): TRead | null => {
    const t = tokens[at]?.lower;
    if (t === undefined) return null;
    if (t in UNITS) return { value: UNITS[t]!, next: at + 1 };
    if (!(t in TENS)) return null;
    const value = TENS[t]!;
    let next = at + 1;
    if (tokens[next]?.lower === "-") next++;
    const unit = tokens[next]?.lower;
    if (unit !== undefined && unit in UNITS && UNITS[unit]! > 0 && UNITS[unit]! < 10) {
      return { value: value + UNITS[unit]!, next: next + 1 };
    }
    return { value, next: at + 1 };
  };
  const first = small(i);
  if (!first) return null;
  if (tokens[first.next]?.lower === "thousand") {
    const rest = small(first.next + 1);
    const value = first.value * 1000 + (rest && rest.value < 1000 ? rest.value : 0);
    return { value, next: rest && rest.value < 1000 ? rest.next : first.next + 1 };
  }
  return first;
}

/** A number from token i, in digits or words, with "a dozen"-style groups and scale words. */
function readNumber(tokens: readonly TToken[], i: number): TRead | null {
  const t = tokens[i];
  if (!t) return null;
  let read: TRead | null = null;
  if (DIGITS.test(t.text)) {
    read = { value: Number(t.text.replaceAll(",", "")), next: i + 1 };
  } else if (THOUSANDS_SUFFIX.test(t.lower)) {
    read = { value: Number(THOUSANDS_SUFFIX.exec(t.lower)![1]) * 1000, next: i + 1 };
  } else if (
    t.lower === "half" &&
    tokens[i + 1]?.lower === "a" &&
    tokens[i + 2]?.lower === "dozen"
  ) {
    return { value: 6, next: i + 3 };
  } else if ((t.lower === "a" || t.lower === "an") && tokens[i + 1]) {
    const noun = tokens[i + 1]!.lower;
    if (noun in GROUPS) read = { value: GROUPS[noun]!, next: i + 2 };
    else if (noun === "hundred" || noun === "thousand") {
      read = { value: SCALES[noun]!, next: i + 2 };
      const rest = readWords(tokens, i + 2);
      if (rest && rest.value < SCALES[noun]!)
        read = { value: read.value + rest.value, next: rest.next };
    }
    if (read && (noun === "couple" || noun === "pair") && tokens[read.next]?.lower === "of") {
      read = { value: read.value, next: read.next + 1 };
    }
    // "a dozen" is whole; "a hundred" may still take a scale ("a hundred thousand").
    if (!read || noun in GROUPS) return read;
  } else {
    read = readWords(tokens, i);
  }
  if (!read) return null;
  const scale = tokens[read.next]?.lower;
  if (scale !== undefined && scale in SCALES && DIGITS.test(t.text)) {
    read = { value: read.value * SCALES[scale]!, next: read.next + 1 };
  } else if (scale === "dozen") {
    read = { value: read.value * 12, next: read.next + 1 };
  }
  return read;
}

// Hedges before a number, longest first, by the words they are made of.
const HEDGES_BEFORE: ReadonlyArray<readonly [string, TNumberBound]> = [
  ["a minimum of", "atLeast"],
  ["a maximum of", "atMost"],
  ["no fewer than", "atLeast"],
  ["no less than", "atLeast"],
  ["no more than", "atMost"],
  ["an estimated", "about"],
  ["give or take", "about"],
  ["in excess of", "atLeast"],
  ["upwards of", "atLeast"],
  ["minimum of", "atLeast"],
  ["maximum of", "atMost"],
  ["at least", "atLeast"],
  ["more than", "atLeast"],
  ["at most", "atMost"],
  ["up to", "atMost"],
  ["less than", "atMost"],
  ["fewer than", "atMost"],
  ["close to", "about"],
  ["north of", "atLeast"],
  ["approximately", "about"],
  ["approx", "about"],
  ["about", "about"],
  ["around", "about"],
  ["roughly", "about"],
  ["nearly", "about"],
  ["almost", "about"],
  ["estimated", "about"],
  ["est", "about"],
  ["~", "about"],
  ["over", "atLeast"],
  ["min", "atLeast"],
  ["minimum", "atLeast"],
  ["max", "atMost"],
  ["maximum", "atMost"],
  ["under", "atMost"],
];

const HEDGES_AFTER: ReadonlyArray<readonly [string, TNumberBound]> = [
  ["or more", "atLeast"],
  ["or fewer", "atMost"],
  ["or less", "atMost"],
  ["or so", "about"],
  ["plus", "atLeast"],
  ["+", "atLeast"],
  ["ish", "about"],
];

function wordsAt(tokens: readonly TToken[], i: number, phrase: string): boolean {
  const words = phrase.split(" ");
  return words.every((w, k) => tokens[i + k]?.lower === w);
}

function hedgeBefore(
  tokens: readonly TToken[],
  i: number,
): { bound: TNumberBound; start: number } | null {
  for (const [phrase, bound] of HEDGES_BEFORE) {
    const n = phrase.split(" ").length;
    if (i - n >= 0 && wordsAt(tokens, i - n, phrase)) return { bound, start: i - n };
  }
  return null;
}

function hedgeAfter(
  tokens: readonly TToken[],
  i: number,
): { bound: TNumberBound; next: number } | null {
  for (const [phrase, bound] of HEDGES_AFTER) {
    // "+" and "ish" must touch the number ("300+", "300-ish"); the others are words.
    if (phrase === "+" || phrase === "ish") {
      const t = tokens[i];
      const prev = tokens[i - 1];
      if (t && prev && t.start === prev.end && t.lower === phrase) return { bound, next: i + 1 };
      if (phrase === "ish" && t?.lower === "-" && tokens[i + 1]?.lower === "ish") {
        return { bound, next: i + 2 };
      }
      continue;
    }
    if (wordsAt(tokens, i, phrase)) return { bound, next: i + phrase.split(" ").length };
  }
  return null;
}

/** Part of a date, a time, a ratio or a price rather than a count ("3/13", "8:00", "$150"). */
function isNotACount(tokens: readonly TToken[], i: number, next: number): boolean {
  const before = tokens[i - 1];
  const after = tokens[next];
  const touches = (a: TToken | undefined, b: TToken | undefined) => !!a && !!b && a.end === b.start;
  if (before && touches(before, tokens[i]) && ["$", "/", ":", "#"].includes(before.text))
    return true;
  if (after && touches(tokens[next - 1], after) && ["/", ":", "%"].includes(after.text))
    return true;
  return false;
}

/**
 * Every number in the text, hedges and ranges included ("about 300", "6-8", "between 6 and 8",
 * "a dozen", "a couple of"). Numbers inside `taken` spans, and those that are parts of dates,
 * times or prices, are left out. A lone "a"/"an" is not read as one.
 */
export function findNumbers(text: string, taken: readonly TSpan[] = []): TNumberMention[] {
  const tokens = tokenize(text).filter((t) => !overlapsAny(t, taken));
  const out: TNumberMention[] = [];
  let i = 0;
  while (i < tokens.length) {
    const read = readNumber(tokens, i);
    if (!read || isNotACount(tokens, i, read.next)) {
      i++;
      continue;
    }
    let startToken = i;
    let next = read.next;
    let min = read.value;
    let max = read.value;
    let bound: TNumberBound = "exact";
    // "between 6 and 8"
    if (tokens[i - 1]?.lower === "between") {
      const joiner = tokens[next]?.lower;
      const second = joiner === "and" ? readNumber(tokens, next + 1) : null;
      if (second && second.value > read.value) {
        out.push(mention(text, tokens, i - 1, second.next, read.value, second.value, "range"));
        i = second.next;
        continue;
      }
    }
    // "6-8", "6 to 8", "six or seven"
    const joiner = tokens[next]?.lower;
    if (joiner === "-" || joiner === "to" || joiner === "or" || joiner === "through") {
      const second = readNumber(tokens, next + 1);
      if (second && second.value > read.value && !isNotACount(tokens, next + 1, second.next)) {
        min = read.value;
        max = second.value;
        bound = "range";
        next = second.next;
      }
    }
    if (bound === "exact") {
      const before = hedgeBefore(tokens, i);
      if (before) {
        bound = before.bound;
        startToken = before.start;
      }
      const after = hedgeAfter(tokens, next);
      if (after) {
        bound = bound === "exact" ? after.bound : bound;
        next = after.next;
      }
    }
    out.push(mention(text, tokens, startToken, next, min, max, bound));
    i = next;
  }
  return out;
}

function mention(
  text: string,
  tokens: readonly TToken[],
  first: number,
  next: number,
  min: number,
  max: number,
  bound: TNumberBound,
): TNumberMention {
  const span = spanOf(text, tokens[first]!.start, tokens[next - 1]!.end);
  return { value: max, min, max, bound, span };
}

/** One number said alone: "six", "1,200", "a dozen", "twenty-four"; null for anything else. */
export function parseNumber(phrase: string): number | null {
  const tokens = tokenize(phrase.trim());
  if (tokens.length === 0) return null;
  const read = readNumber(tokens, 0);
  return read && read.next === tokens.length ? read.value : null;
}

export type TPriceMention = { value: number; bound: TNumberBound; span: TSpan };

const AMOUNT = String.raw`\$\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?`;
const PRICE_PATTERNS: ReadonlyArray<readonly [RegExp, TNumberBound]> = [
  [
    new RegExp(
      String.raw`\b(?:under|below|less than|no more than|at most|up to|max(?:imum)?(?: of)?|cheaper than)\s+${AMOUNT}`,
      "gi",
    ),
    "atMost",
  ],
  [new RegExp(String.raw`<\s*${AMOUNT}`, "gi"), "atMost"],
  [
    new RegExp(
      String.raw`${AMOUNT}(?:\s*(?:/|a|per)\s*night)?\s+(?:or (?:less|under|below)|max)\b`,
      "gi",
    ),
    "atMost",
  ],
  [new RegExp(String.raw`\b(?:about|around|roughly|approximately)\s+${AMOUNT}`, "gi"), "about"],
  [new RegExp(String.raw`\b(?:over|above|more than|at least)\s+${AMOUNT}`, "gi"), "atLeast"],
  [new RegExp(AMOUNT, "g"), "exact"],
];

/** Prices said with a dollar sign: "under $150" (at most 150), "$120", "around $99". */
export function findPrices(text: string, taken: readonly TSpan[] = []): TPriceMention[] {
  const out: TPriceMention[] = [];
  const used: TSpan[] = [...taken];
  for (const [pattern, bound] of PRICE_PATTERNS) {
    for (const { span, match } of matchesOf(text, pattern)) {
      if (overlapsAny(span, used)) continue;
      used.push(span);
      out.push({ value: Number(match[1]!.replaceAll(",", "")), bound, span });
    }
  }
  return out.sort((a, b) => a.span.start - b.span.start);
}
