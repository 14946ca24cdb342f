// Numbers attached to what they count: "6 hardwood courts", "40 teams", "500 athletes", "300 room nights", "150 rooms a night", "2 nights", "seats 5,000".
import { findNumbers, type TNumberMention } from "./numbers";
import { insideAny, overlapsAny, spanOf, type TSpan, type TToken, tokenize } from "./spans";

/** Who a count of people counts: everyone, those taking part, those watching, or staff. */
export type TPeopleRole = "total" | "participants" | "spectators" | "staff";

export type TQuantityKind = "teams" | "people" | "roomNights" | "rooms" | "nights" | "seats";

export type TQuantity = {
  readonly kind: TQuantityKind;
  readonly value: number;
  readonly number: TNumberMention;
  /** For people: which people. */
  readonly role: TPeopleRole | null;
  /** "12 players per team", "teams of 12 players": a size per team, not a total. */
  readonly perTeam: boolean;
  /** "150 rooms a night". */
  readonly perNight: boolean;
  /** The number and the words that say what it counts. */
  readonly span: TSpan;
};

// Words that may stand between a number and what it counts ("6 full-size hardwood courts",
// "500 expected youth athletes"); the vocabulary's own terms are passed in as spans.
const MODIFIERS: ReadonlySet<string> = new Set([
  "full",
  "size",
  "sized",
  "regulation",
  "standard",
  "quality",
  "grade",
  "lit",
  "lighted",
  "adjacent",
  "additional",
  "more",
  "extra",
  "separate",
  "available",
  "usable",
  "playable",
  "natural",
  "artificial",
  "olympic",
  "large",
  "small",
  "big",
  "main",
  "new",
  "nice",
  "good",
  "total",
  "game",
  "practice",
  "warm",
  "warmup",
  "up",
  "official",
  "portable",
  "permanent",
  "dedicated",
  "covered",
  "heated",
  "climate",
  "controlled",
  "side",
  "by",
  "matching",
  "accessible",
  "wheelchair",
  "identical",
  "competitive",
  "expected",
  "estimated",
  "anticipated",
  "projected",
  "young",
  "visiting",
  "traveling",
  "travelling",
  "overnight",
  "out",
  "of",
  "town",
  "registered",
  "hotel",
  "guest",
  "sleeping",
  "double",
  "queen",
  "king",
  "-",
  "/",
  "&",
  "and",
  "or",
]);

// Words joining modifiers may not stand next to the number ("40 and courts" is not "40 courts").
const JOINERS: ReadonlySet<string> = new Set([
  "-",
  "/",
  "&",
  "and",
  "or",
  "of",
  "by",
  "up",
  "out",
  "town",
]);

const PEOPLE: ReadonlyArray<readonly [TPeopleRole, readonly string[]]> = [
  [
    "total",
    [
      "people",
      "persons",
      "attendees",
      "visitors",
      "guests",
      "individuals",
      "attendance",
      "headcount",
      "person",
    ],
  ],
  [
    "participants",
    [
      "participants",
      "athletes",
      "players",
      "competitors",
      "swimmers",
      "runners",
      "wrestlers",
      "gymnasts",
      "skaters",
      "dancers",
      "cheerleaders",
      "golfers",
      "cyclists",
      "riders",
      "racers",
      "divers",
      "bowlers",
      "lifters",
      "fighters",
      "kids",
      "children",
      "girls",
      "boys",
      "students",
      "campers",
      "entrants",
      "registrants",
      "youths",
      "juniors",
      "men",
      "women",
      "adults",
      "triathletes",
      "paddlers",
      "rowers",
      "skiers",
      "archers",
      "shooters",
      "gamers",
      "boxers",
      "fencers",
      "climbers",
      "sailors",
      "anglers",
      "teens",
      "members",
    ],
  ],
  [
    "spectators",
    ["spectators", "fans", "parents", "families", "supporters", "viewers", "audience"],
  ],
  ["staff", ["coaches", "officials", "referees", "umpires", "judges", "volunteers", "staff"]],
];

type TNounHit = { kind: TQuantityKind; role: TPeopleRole | null; next: number };

/** What the words from token i name, if they name something countable. */
function nounAt(tokens: readonly TToken[], i: number): TNounHit | null {
  const w = tokens[i]?.lower;
  if (w === undefined) return null;
  const w2 = tokens[i + 1]?.lower;
  const w3 = tokens[i + 2]?.lower;
  if ((w === "room" || w === "rooms") && (w2 === "nights" || w2 === "night")) {
    return { kind: "roomNights", role: null, next: i + 2 };
  }
  if (w === "room" && w2 === "-" && (w3 === "nights" || w3 === "night")) {
    return { kind: "roomNights", role: null, next: i + 3 };
  }
  if (w === "roomnights" || w === "roomnight")
    return { kind: "roomNights", role: null, next: i + 1 };
  if (w === "rooms" || w === "room") return { kind: "rooms", role: null, next: i + 1 };
  if (w === "nights" || w === "night") return { kind: "nights", role: null, next: i + 1 };
  if (w === "teams" || w === "team" || w === "squads")
    return { kind: "teams", role: null, next: i + 1 };
  if (w === "seats" || w === "seat" || w === "seater")
    return { kind: "seats", role: null, next: i + 1 };
  if (w === "family" && w2 === "members")
    return { kind: "people", role: "spectators", next: i + 2 };
  for (const [role, nouns] of PEOPLE) {
    if (nouns.includes(w) || nouns.includes(`${w}s`)) return { kind: "people", role, next: i + 1 };
  }
  return null;
}

const isModifier = (t: TToken, modifiers: readonly TSpan[]) =>
  MODIFIERS.has(t.lower) || insideAny(t, modifiers);

/** Index of the first token starting at or after `offset`. */
function tokenIndexAt(tokens: readonly TToken[], offset: number): number {
  const i = tokens.findIndex((t) => t.start >= offset);
  return i < 0 ? tokens.length : i;
}

function perTeamAfter(tokens: readonly TToken[], i: number): boolean {
  const w = tokens[i]?.lower;
  const w2 = tokens[i + 1]?.lower;
  if (w === "each" || w === "apiece") return true;
  if (
    (w === "per" || w === "a" || w === "an") &&
    (w2 === "team" || w2 === "squad" || w2 === "roster")
  )
    return true;
  return (w === "on" || w === "in") && (w2 === "each" || w2 === "every");
}

function perTeamBefore(tokens: readonly TToken[], i: number): boolean {
  // "teams of 12 players", "rosters of 12"
  return (
    tokens[i - 1]?.lower === "of" &&
    ["teams", "rosters", "roster", "squads"].includes(tokens[i - 2]?.lower ?? "")
  );
}

function perNightAfter(tokens: readonly TToken[], i: number): boolean {
  const w = tokens[i]?.lower;
  const w2 = tokens[i + 1]?.lower;
  if (w === "nightly") return true;
  return (w === "a" || w === "per" || w === "each" || w === "every" || w === "/") && w2 === "night";
}

// Nouns said before their number: "attendance of 2,000", "room nights: 300", "seating for 5,000".
const NOUN_FIRST_GAP: ReadonlySet<string> = new Set([
  ":",
  "of",
  "is",
  "are",
  "=",
  "-",
  "expected",
  "estimated",
  "will",
  "be",
  "should",
  "total",
  "for",
  "needed",
  "needs",
  "need",
  "capacity",
  "count",
]);

// Nouns that may take their number straight after them, with no "of" or colon between.
const NOUN_THEN_NUMBER: ReadonlySet<string> = new Set([
  "attendance",
  "headcount",
  "seats",
  "seating",
  "capacity",
]);

function nounBefore(
  tokens: readonly TToken[],
  numberStart: number,
  claimed: readonly TSpan[],
): (TNounHit & { start: number }) | null {
  const j = tokenIndexAt(tokens, numberStart);
  let gapped = false;
  for (let i = j - 1, gap = 0; i >= 0 && gap <= 3; i--, gap++) {
    const t = tokens[i]!;
    if (NOUN_FIRST_GAP.has(t.lower)) {
      gapped = true;
      continue;
    }
    if (insideAny(t, claimed)) return null;
    if (t.lower === "seating" || t.lower === "capacity") {
      return { kind: "seats", role: null, next: i + 1, start: t.start };
    }
    // Two-word nouns end here: "room nights", "family members".
    for (const back of [1, 0]) {
      const hit = i - back >= 0 ? nounAt(tokens, i - back) : null;
      if (!hit || hit.next !== i + 1) continue;
      if (!gapped && !NOUN_THEN_NUMBER.has(t.lower)) return null;
      return { ...hit, start: tokens[i - back]!.start };
    }
    return null;
  }
  return null;
}

const WEEKDAYS = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
] as const;

function weekdayOf(word: string): number {
  const w = word.toLowerCase().replace(/\.$/, "");
  return WEEKDAYS.findIndex((d) => d === w || (w.length >= 3 && d.startsWith(w)));
}

const WEEKDAY =
  "(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|nesday|rsday|urday|sday)?\\.?";

/** "Friday and Saturday nights" (2), "Thursday through Sunday nights" (4). */
export function findNamedNights(text: string, taken: readonly TSpan[] = []): TQuantity[] {
  const pattern = new RegExp(
    `(?<![a-z])(${WEEKDAY}(?:\\s*(?:,|and|&|/|-|through|thru|to)\\s*${WEEKDAY})*)\\s+nights?(?![a-z])`,
    "gi",
  );
  const out: TQuantity[] = [];
  for (const m of text.matchAll(pattern)) {
    const span = spanOf(text, m.index, m.index + m[0].length);
    if (overlapsAny(span, taken)) continue;
    const list = m[1]!;
    const days = list.match(new RegExp(WEEKDAY, "gi")) ?? [];
    let nights = days.length;
    const ranged = /-|through|thru|to/i.test(list) && days.length === 2;
    if (ranged) {
      const from = weekdayOf(days[0]!);
      const to = weekdayOf(days[1]!);
      if (from >= 0 && to >= 0) nights = ((to - from + 7) % 7) + 1;
    }
    const number: TNumberMention = {
      value: nights,
      min: nights,
      max: nights,
      bound: "exact",
      span,
    };
    out.push({
      kind: "nights",
      value: nights,
      number,
      role: null,
      perTeam: false,
      perNight: false,
      span,
    });
  }
  return out;
}

/**
 * Counts of teams, people, rooms, nights, room nights and seats: the number, then modifiers
 * (the vocabulary's terms passed as `modifiers`, and words like "full-size", "expected"), then
 * the noun; or the noun first ("attendance of 2,000"). Numbers inside `taken` are not read.
 */
export function findQuantities(
  text: string,
  options: { taken?: readonly TSpan[]; modifiers?: readonly TSpan[] } = {},
): TQuantity[] {
  const taken = options.taken ?? [];
  const modifiers = options.modifiers ?? [];
  const numbers = findNumbers(text, [...taken, ...modifiers]);
  const tokens = tokenize(text);
  const out: TQuantity[] = [];
  const unread: TNumberMention[] = [];
  for (const number of numbers) {
    const after = forwardNoun(tokens, number, modifiers);
    if (!after) {
      unread.push(number);
      continue;
    }
    const j = tokenIndexAt(tokens, number.span.start);
    out.push({
      kind: after.kind,
      value: number.value,
      number,
      role: after.role,
      perTeam: perTeamAfter(tokens, after.next) || perTeamBefore(tokens, j),
      perNight: perNightAfter(tokens, after.next),
      span: spanOf(text, number.span.start, tokens[after.next - 1]!.end),
    });
  }
  // A noun already counted by the number before it ("40 teams 6 courts") is not counted again.
  const claimed = out.map((q) => q.span);
  for (const number of unread) {
    const before = nounBefore(tokens, number.span.start, claimed);
    if (!before) continue;
    const k = tokenIndexAt(tokens, number.span.end);
    out.push({
      kind: before.kind,
      value: number.value,
      number,
      role: before.role,
      perTeam: perTeamAfter(tokens, k),
      perNight: perNightAfter(tokens, k),
      span: spanOf(text, before.start, number.span.end),
    });
  }
  const nights = findNamedNights(text, taken).filter(
    (q) =>
      !overlapsAny(
        q.span,
        out.map((o) => o.span),
      ),
  );
  return [...out, ...nights].sort((a, b) => a.span.start - b.span.start);
}

function forwardNoun(
  tokens: readonly TToken[],
  number: TNumberMention,
  modifiers: readonly TSpan[],
) {
  let i = tokenIndexAt(tokens, number.span.end);
  for (let skipped = 0; skipped <= 4 && i < tokens.length; skipped++) {
    const hit = nounAt(tokens, i);
    const t = tokens[i]!;
    // "40 girls teams", "150 guest rooms": a people word describing the noun after it.
    if (hit && !(hit.kind === "people" && describesNext(tokens, hit.next))) return hit;
    if (skipped === 0 && JOINERS.has(t.lower) && t.lower !== "-") return null;
    if (!hit && !isModifier(t, modifiers)) return null;
    i = hit ? hit.next : i + 1;
  }
  return null;
}

function describesNext(tokens: readonly TToken[], i: number): boolean {
  const next = tokens[i]?.lower === "'" ? i + 1 : i;
  const hit = nounAt(tokens, next);
  return hit !== null && hit.kind !== "people";
}

/**
 * The count said just before a noun the caller found ("6 hardwood courts", "a dozen fields",
 * "a pool" → 1), skipping modifiers; null when none is said.
 */
export function countBefore(
  text: string,
  noun: TSpan,
  options: { taken?: readonly TSpan[]; modifiers?: readonly TSpan[] } = {},
): TNumberMention | null {
  const taken = options.taken ?? [];
  const modifiers = options.modifiers ?? [];
  const numbers = findNumbers(text, [
    ...taken,
    ...modifiers.filter((m) => !overlapsAny(m, [noun])),
  ]);
  const tokens = tokenize(text);
  const j = tokenIndexAt(tokens, noun.start);
  let lastSkipped: TToken | null = null;
  for (let i = j - 1, skipped = 0; i >= 0 && skipped <= 6; i--, skipped++) {
    const t = tokens[i]!;
    const number = numbers.find((n) => n.span.end === t.end);
    // A count is said on the noun's own line ("- Teams: 64\n- Ball fields" counts no fields).
    if (number && text.slice(number.span.end, noun.start).includes("\n")) return null;
    if (number) {
      // A joiner next to the number joins nothing: "40 and courts".
      if (lastSkipped && JOINERS.has(lastSkipped.lower) && lastSkipped.lower !== "-") return null;
      return number;
    }
    if (insideAny(t, taken)) return null;
    if (["a", "an", "single"].includes(t.lower)) {
      return { value: 1, min: 1, max: 1, bound: "exact", span: spanOf(text, t.start, t.end) };
    }
    if (!isModifier(t, modifiers)) return null;
    lastSkipped = t;
  }
  return null;
}

/**
 * The count said right after a noun as a label's value ("Ball fields: 10", "Courts - 6"), on the
 * same line; null when none is.
 */
export function countAfter(
  text: string,
  noun: TSpan,
  taken: readonly TSpan[] = [],
): TNumberMention | null {
  const label = /^[ \t]*(?:\([^)\n]*\))?[ \t]*[:=\-–][ \t]*/.exec(text.slice(noun.end));
  if (!label) return null;
  const start = noun.end + label[0].length;
  return findNumbers(text, taken).find((n) => n.span.start === start) ?? null;
}
