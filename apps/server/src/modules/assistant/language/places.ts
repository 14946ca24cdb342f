// A place named in text ("near Indianapolis", "in the Dallas area", "within 30 miles of Columbus, Ohio") resolved with an injected geocoder, and a radius said in miles.
import { STATES } from "@hostfield/domain/reference";
import type { TGeocoded } from "../../../platform/module";
import { findTerms } from "./lexicon";
import { parseNumber } from "./numbers";
import { matchesOf, overlapsAny, spanOf, type TSpan, type TToken, tokenize } from "./spans";

/** The platform's geocoder (the bundled gazetteer), or any with its shape. */
export type TGeocodeFn = (address: string) => TGeocoded | null;
export type { TGeocoded };

export type TRadiusMention = { readonly miles: number; readonly span: TSpan };

export type TPlaceMention = {
  readonly place: TGeocoded;
  /** The words the geocoder resolved ("Columbus, Ohio"). */
  readonly query: string;
  /** The trigger, the place and any words around it that belonged to it ("in the Dallas area"). */
  readonly span: TSpan;
  /** A radius said as part of the phrase ("within 30 miles of …"). */
  readonly radius: TRadiusMention | null;
};

const KM_TO_MILES = 0.621371;

// A number in digits or in at most two words ("thirty", "twenty five").
const AMOUNT = String.raw`(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?|[a-z]+(?:[\s-][a-z]+)?)`;
const UNIT = String.raw`(miles?|mi\.?|kilometers?|kilometres?|kms?)`;

const RADIUS_PATTERNS: readonly RegExp[] = [
  new RegExp(
    String.raw`(?<![a-z])(?:within|inside)\s+(?:a|an)?\s*${AMOUNT}[\s-]*${UNIT}(?:\s+radius)?(?![a-z])`,
    "gi",
  ),
  new RegExp(String.raw`(?<![a-z])(?:a\s+)?${AMOUNT}[\s-]*${UNIT}\s+radius(?![a-z])`, "gi"),
  new RegExp(String.raw`(?<![a-z])radius\s+(?:of\s+)?${AMOUNT}[\s-]*${UNIT}(?![a-z])`, "gi"),
  new RegExp(
    String.raw`(?<![a-z])(?:(?:no more than|up to|less than|under|at most)\s+)?${AMOUNT}[\s-]*${UNIT}\s+(?=(?:of|from|around|away)(?![a-z]))`,
    "gi",
  ),
];

function milesOf(amount: string, unit: string): number | null {
  const n = /^\d/.test(amount) ? Number(amount.replaceAll(",", "")) : parseNumber(amount);
  if (n === null || !Number.isFinite(n) || n <= 0) return null;
  const miles = /^k/i.test(unit) ? n * KM_TO_MILES : n;
  return Math.max(1, Math.round(miles));
}

/** Radii said in the text ("within 30 miles", "a 30-mile radius", "radius of 50 km"), in order. */
export function findRadii(text: string, taken: readonly TSpan[] = []): TRadiusMention[] {
  const found: TRadiusMention[] = [];
  for (const pattern of RADIUS_PATTERNS) {
    for (const { span, match } of matchesOf(text, pattern)) {
      if (
        overlapsAny(span, taken) ||
        overlapsAny(
          span,
          found.map((f) => f.span),
        )
      )
        continue;
      const miles = milesOf(match[1]!, match[2]!);
      if (miles !== null) found.push({ miles, span: spanOf(text, span.start, span.end) });
    }
  }
  return found.sort((a, b) => a.span.start - b.span.start);
}

// ---- places --------------------------------------------------------------------------------------

const STATE_KEYS: ReadonlyMap<string, string> = new Map([
  ...STATES.map((s) => [s.name.toLowerCase(), s.code] as const),
  ...STATES.map((s) => [s.code.toLowerCase(), s.code] as const),
]);
const MAX_STATE_WORDS = Math.max(...STATES.map((s) => s.name.split(" ").length));

// Words after which a place is named. "within N miles of" is read with the radius.
const TRIGGER =
  /(?<![a-z])(?:(?:somewhere\s+|anywhere\s+|just\s+|preferably\s+|ideally\s+)?(?:in\s+or\s+(?:near|around)|near(?:\s+to)?|nearby|around|outside(?:\s+of)?|close\s+to|closer\s+to|based\s+in|located\s+in|in))\s+/gi;

// Words that end a place name.
const STOP_WORDS: ReadonlySet<string> = new Set([
  "for",
  "with",
  "on",
  "at",
  "to",
  "and",
  "or",
  "during",
  "from",
  "by",
  "this",
  "next",
  "that",
  "which",
  "who",
  "we",
  "our",
  "i",
  "it",
  "is",
  "are",
  "be",
  "will",
  "would",
  "need",
  "needs",
  "looking",
  "please",
  "but",
  "so",
  "if",
  "as",
  "the",
  "a",
  "an",
  "of",
  "in",
  "some",
  "any",
  "all",
  "area",
  "areas",
  "region",
  "metro",
  "vicinity",
  "somewhere",
  "within",
  "near",
  "around",
  "about",
  "approximately",
  "roughly",
  "person",
  "total",
  "advance",
  "addition",
  "general",
  "there",
  "here",
  "mind",
  "order",
  "case",
  "time",
  "progress",
  "early",
  "late",
  "mid",
  "middle",
]);

// Words before the name that are not part of it ("downtown Indianapolis", "greater Houston").
const LEADING: ReadonlySet<string> = new Set([
  "downtown",
  "greater",
  "central",
  "metro",
  "metropolitan",
]);
// Words after the name that still belong to the phrase ("the Dallas area").
const TRAILING: ReadonlySet<string> = new Set(["area", "region", "metro", "vicinity", "metroplex"]);

// Everyday words that are also the names of small towns ("Spring, TX", "College, AK"): in a text
// written without capitals they are read as words, never as places.
const TOWN_WORDS: ReadonlySet<string> = new Set([
  "spring",
  "summer",
  "holiday",
  "christmas",
  "easter",
  "center",
  "centre",
  "valley",
  "union",
  "hope",
  "normal",
  "paradise",
  "advance",
  "progress",
  "liberty",
  "victory",
  "trail",
  "diamond",
  "university",
  "college",
  "beach",
  "mountain",
  "lake",
  "hill",
  "river",
  "eureka",
  "unity",
  "harmony",
]);

/** A single lower-case word that is vocabulary or an everyday word, not a place. */
function isPlainWord(words: readonly TToken[]): boolean {
  if (words.length !== 1) return false;
  const word = words[0]!;
  if (TOWN_WORDS.has(word.lower)) return true;
  return findTerms(word.text).some((t) => t.meanings.length > 0);
}

const isZip = (t: TToken) => /^\d{5}$/.test(t.text) || /^[a-z]\d[a-z]$/i.test(t.text);
const isWord = (t: TToken) => /^[a-z][a-z'.]*$/i.test(t.text);

/** The state named by the words from token i ("IN", "Indiana", "New York"): its code and the next token. */
function stateAt(
  tokens: readonly TToken[],
  i: number,
  lowerOnly: boolean,
): { code: string; next: number } | null {
  for (let n = MAX_STATE_WORDS; n >= 1; n--) {
    const words = tokens.slice(i, i + n);
    if (words.length < n || !words.every(isWord)) continue;
    const key = words.map((w) => w.lower.replace(/\.$/, "")).join(" ");
    const code = STATE_KEYS.get(key);
    if (!code) continue;
    // A two-letter code that is also a word ("in", "or", "me") counts only in capitals.
    if (
      n === 1 &&
      key.length === 2 &&
      words[0]!.text !== words[0]!.text.toUpperCase() &&
      !lowerOnly
    )
      continue;
    return { code, next: i + n };
  }
  return null;
}

/** True when the writer uses capitals for names, so a place name must start with one. */
function usesCapitals(tokens: readonly TToken[]): boolean {
  return tokens.some(
    (t, i) => i > 0 && /^[A-Z][a-z]/.test(t.text) && !/[.!?]/.test(tokens[i - 1]!.text),
  );
}

type TCandidate = { query: string; end: number };

/** Names to try after a trigger, longest first, each with and without the state that follows. */
function candidatesAfter(
  text: string,
  tokens: readonly TToken[],
  first: number,
  taken: readonly TSpan[],
  capitals: boolean,
): TCandidate[] {
  let i = first;
  // "in the Dallas area"
  if (tokens[i]?.lower === "the") i++;
  while (tokens[i] && LEADING.has(tokens[i]!.lower)) i++;
  if (tokens[i]?.lower === "city" && tokens[i + 1]?.lower === "of") i += 2;
  const start = tokens[i];
  if (!start || overlapsAny(start, taken)) return [];
  if (isZip(start)) return [{ query: start.text, end: start.end }];
  if (!isWord(start) || STOP_WORDS.has(start.lower)) return [];
  if (capitals && !/^[A-Z]/.test(start.text)) return [];
  // The name's words: up to five, through hyphens and slashes ("Dallas-Fort Worth").
  const words: TToken[] = [];
  for (let k = i; k < tokens.length && words.length < 7; k++) {
    const t = tokens[k]!;
    if (overlapsAny(t, taken)) break;
    if (t.text === "-" || t.text === "/" || t.text === ".") {
      if (words.length === 0 || t.start !== words.at(-1)!.end) break;
      words.push(t);
      continue;
    }
    if (!isWord(t) || (words.length > 0 && STOP_WORDS.has(t.lower))) break;
    words.push(t);
  }
  while (words.length && !isWord(words.at(-1)!)) words.pop();
  const lowerOnly = !capitals;
  const out: TCandidate[] = [];
  for (let n = words.length; n >= 1; n--) {
    const name = words.slice(0, n);
    if (!isWord(name.at(-1)!)) continue;
    const nameText = text.slice(name[0]!.start, name.at(-1)!.end);
    const nameKey = name
      .filter(isWord)
      .map((w) => w.lower.replace(/\.$/, ""))
      .join(" ");
    let next = tokens.indexOf(name.at(-1)!) + 1;
    let end = name.at(-1)!.end;
    const comma = tokens[next]?.text === ",";
    const state = stateAt(tokens, comma ? next + 1 : next, lowerOnly);
    if (state && !overlapsAny(tokens[state.next - 1]!, taken)) {
      const stateEnd = tokens[state.next - 1]!.end;
      out.push({
        query: `${nameText}, ${state.code}`,
        end: withTrailing(tokens, state.next, stateEnd),
      });
    }
    next = tokens.indexOf(name.at(-1)!) + 1;
    end = withTrailing(tokens, next, end);
    // A state alone is not a place ("in Texas"), though "Washington, DC" is.
    if (!STATE_KEYS.has(nameKey) && (capitals || !isPlainWord(name)))
      out.push({ query: nameText, end });
    // "Dallas-Fort Worth", "Minneapolis/St. Paul": the first city of a pair.
    const split = name.findIndex((t) => t.text === "-" || t.text === "/");
    if (split > 0 && n === words.length) {
      const firstName = name.slice(0, split);
      out.push({ query: text.slice(firstName[0]!.start, firstName.at(-1)!.end), end });
    }
  }
  return out;
}

/** The end of the phrase, through an "area" or "metro area" after the name. */
function withTrailing(tokens: readonly TToken[], next: number, end: number): number {
  const t = tokens[next];
  if (!t || !TRAILING.has(t.lower)) return end;
  const t2 = tokens[next + 1];
  return t.lower === "metro" && t2?.lower === "area" ? t2.end : t.end;
}

/**
 * The first place the text names after near, in, around, outside, close to or "within N miles
 * of", resolved by `geocode`: the longest phrase first, with and without the state after it. A
 * state alone is not a place. Spans in `taken` (dates, already read) are not part of a name.
 */
export function findPlace(
  text: string,
  geocode: TGeocodeFn,
  taken: readonly TSpan[] = [],
): TPlaceMention | null {
  const tokens = tokenize(text);
  const capitals = usesCapitals(tokens);
  const radii = findRadii(text, taken);
  const triggers: { start: number; end: number; radius: TRadiusMention | null }[] = [];
  for (const { span } of matchesOf(text, TRIGGER)) {
    if (!overlapsAny(span, taken))
      triggers.push({ start: span.start, end: span.end, radius: null });
  }
  // "within 30 miles of X", "30 miles from X"
  for (const radius of radii) {
    const after = /^\s+(?:of|from|around)\s+/i.exec(text.slice(radius.span.end));
    if (after)
      triggers.push({ start: radius.span.start, end: radius.span.end + after[0].length, radius });
  }
  triggers.sort((a, b) => a.start - b.start);
  for (const trigger of triggers) {
    const first = tokens.findIndex((t) => t.start >= trigger.end);
    if (first < 0) continue;
    for (const candidate of candidatesAfter(text, tokens, first, taken, capitals)) {
      const place = geocode(candidate.query);
      if (!place) continue;
      return {
        place,
        query: candidate.query,
        span: spanOf(text, trigger.start, candidate.end),
        radius: trigger.radius,
      };
    }
  }
  return (
    areaBefore(text, tokens, geocode, taken, capitals) ?? cityAndState(text, tokens, geocode, taken)
  );
}

/**
 * "Orlando, FL" or "Des Moines, Iowa" said without a trigger word: capitalized words and a state
 * after them read as an address anywhere in the text, since together they can mean nothing else.
 */
function cityAndState(
  text: string,
  tokens: readonly TToken[],
  geocode: TGeocodeFn,
  taken: readonly TSpan[],
): TPlaceMention | null {
  for (let s = 1; s < tokens.length; s++) {
    const state = stateAt(tokens, s, false);
    if (!state || overlapsAny(tokens[state.next - 1]!, taken)) continue;
    // A state's code counts in capitals only here ("Orlando FL", not "games in march").
    const code = tokens[s]!;
    if (state.next === s + 1 && code.text.length === 2 && code.text !== code.text.toUpperCase())
      continue;
    const nameEnd = tokens[s - 1]?.text === "," ? s - 1 : s;
    for (let from = Math.max(0, nameEnd - 3); from < nameEnd; from++) {
      const name = tokens.slice(from, nameEnd);
      if (!name.every((t) => isWord(t) && /^[A-Z]/.test(t.text) && !overlapsAny(t, taken)))
        continue;
      if (name.some((t) => STOP_WORDS.has(t.lower))) continue;
      const query = `${text.slice(name[0]!.start, name.at(-1)!.end)}, ${state.code}`;
      const place = geocode(query);
      if (!place) continue;
      const end = tokens[state.next - 1]!.end;
      return { place, query, span: spanOf(text, name[0]!.start, end), radius: null };
    }
  }
  return null;
}

/** "Baltimore area", "the Dallas metro area": a place named by the area word after it, no trigger before. */
function areaBefore(
  text: string,
  tokens: readonly TToken[],
  geocode: TGeocodeFn,
  taken: readonly TSpan[],
  capitals: boolean,
): TPlaceMention | null {
  for (let a = 1; a < tokens.length; a++) {
    if (!TRAILING.has(tokens[a]!.lower) || overlapsAny(tokens[a]!, taken)) continue;
    for (let from = Math.max(0, a - 4); from < a; from++) {
      const name = tokens.slice(from, a);
      if (!name.every(isWord) || name.some((t) => STOP_WORDS.has(t.lower) || overlapsAny(t, taken)))
        continue;
      if (capitals ? !/^[A-Z]/.test(name[0]!.text) : isPlainWord(name)) continue;
      const query = text.slice(name[0]!.start, name.at(-1)!.end);
      const key = name.map((t) => t.lower).join(" ");
      if (STATE_KEYS.has(key)) continue;
      const place = geocode(query);
      if (!place) continue;
      const end = withTrailing(tokens, a, name.at(-1)!.end);
      const start = tokens[from - 1]?.lower === "the" ? tokens[from - 1]!.start : name[0]!.start;
      return { place, query, span: spanOf(text, start, end), radius: null };
    }
  }
  return null;
}
