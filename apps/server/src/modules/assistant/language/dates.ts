// Date phrases of event planning ("March 13-15", "second weekend of March", "Memorial Day weekend", "sometime in June", "mid June") as day ranges after a given today; chrono-node reads what our own rules do not.
import * as chrono from "chrono-node";
import { maskSpans, matchesOf, pickLongest, plainText, spanOf, type TSpan } from "./spans";

/** Which rule read the phrase. */
export type TDateRule =
  | "holiday-weekend"
  | "nth-weekend"
  | "weekend-of"
  | "relative-weekend"
  | "range"
  | "date"
  | "week-of"
  | "month-part"
  | "month"
  | "relative-month"
  | "season"
  | "chrono";

export type TDateMention = {
  /** YYYY-MM-DD, first day. */
  readonly start: string;
  /** YYYY-MM-DD, last day (the first for one day). */
  readonly end: string;
  /** A month, part of a month or season rather than set days ("sometime in June", "mid June"). */
  readonly flexible: boolean;
  readonly rule: TDateRule;
  readonly span: TSpan;
};

// ---- calendar arithmetic, on UTC days --------------------------------------------------------------

type TDay = { readonly y: number; readonly m: number; readonly d: number };

const DAY_MS = 86_400_000;

function toTime(day: TDay): number {
  return Date.UTC(day.y, day.m - 1, day.d);
}

function fromTime(time: number): TDay {
  const date = new Date(time);
  return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() };
}

function addDays(day: TDay, days: number): TDay {
  return fromTime(toTime(day) + days * DAY_MS);
}

/** 0 Sunday … 6 Saturday. */
function weekdayOf(day: TDay): number {
  return new Date(toTime(day)).getUTCDay();
}

function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

function isValid(y: number, m: number, d: number): boolean {
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

function iso(day: TDay): string {
  return `${String(day.y).padStart(4, "0")}-${String(day.m).padStart(2, "0")}-${String(day.d).padStart(2, "0")}`;
}

function parseIso(text: string): TDay {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m || !isValid(Number(m[1]), Number(m[2]), Number(m[3]))) {
    throw new Error(`today must be a YYYY-MM-DD day, not ${JSON.stringify(text)}`);
  }
  return { y: Number(m[1]), m: Number(m[2]), d: Number(m[3]) };
}

const before = (a: TDay, b: TDay) => toTime(a) < toTime(b);

/** The n-th (1-based) given weekday of a month; n = -1 for the last; null when there is none. */
function nthWeekday(y: number, m: number, weekday: number, n: number): TDay | null {
  if (n === -1) {
    const last = { y, m, d: daysInMonth(y, m) };
    return addDays(last, -((weekdayOf(last) - weekday + 7) % 7));
  }
  const first = { y, m, d: 1 };
  const day = addDays(first, ((weekday - weekdayOf(first) + 7) % 7) + (n - 1) * 7);
  return day.m === m ? day : null;
}

/** Monday of the (ISO) week holding the day. */
function mondayOf(day: TDay): TDay {
  return addDays(day, -((weekdayOf(day) + 6) % 7));
}

type TRange = { start: TDay; end: TDay };

/**
 * A range built for a year: the stated year, else this year's, or next year's once this year's
 * has passed (`key` is the day compared with today: the start, or the end for a month that is
 * still running).
 */
function nextOccurrence(
  today: TDay,
  year: number | null,
  build: (y: number) => TRange | null,
  key: (r: TRange) => TDay = (r) => r.start,
): TRange | null {
  if (year !== null) return build(year);
  const here = build(today.y);
  if (here && !before(key(here), today)) return here;
  return build(today.y + 1);
}

// ---- words -----------------------------------------------------------------------------------------

const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];

export const MONTH = String.raw`(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;
const MONTH_WORD = new RegExp(`(?<![a-z])${MONTH}(?![a-z])`, "i");
const DAY = String.raw`(\d{1,2})(?:st|nd|rd|th)?(?!\d)`;
const YEAR = String.raw`(?:,?\s*(20\d{2})(?!\d))`;
const WEEKDAY = String.raw`(?:(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?\.?,?\s+)`;
const TO = String.raw`\s*(?:-|to|through|thru|until|till|and|&)\s*`;

export function monthOf(word: string): number {
  const w = word.toLowerCase().replace(/\.$/, "");
  return MONTHS.findIndex((m) => m.startsWith(w.slice(0, 3))) + 1;
}

export function yearOf(text: string | undefined): number | null {
  if (text === undefined) return null;
  const n = Number(text);
  return text.length === 2 ? 2000 + n : n;
}

export const ORDINALS: Readonly<Record<string, number>> = {
  first: 1,
  "1st": 1,
  second: 2,
  "2nd": 2,
  third: 3,
  "3rd": 3,
  fourth: 4,
  "4th": 4,
  fifth: 5,
  "5th": 5,
  last: -1,
  final: -1,
};

type TCandidate = { span: TSpan; range: TRange; flexible: boolean; rule: TDateRule };

type TRule = {
  rule: TDateRule;
  pattern: RegExp;
  flexible: boolean;
  read: (m: RegExpExecArray, today: TDay) => TRange | null;
};

function re(source: string): RegExp {
  return new RegExp(`(?<![a-z0-9])(?:${source})(?![a-z0-9])`, "gi");
}

/** Saturday to Monday around a Monday holiday. */
const aroundMonday = (monday: TDay | null): TRange | null =>
  monday && { start: addDays(monday, -2), end: monday };

/** The long weekend of a holiday on a fixed date, by the weekday it falls on. */
function aroundFixed(day: TDay): TRange {
  switch (weekdayOf(day)) {
    case 1: // Monday: Saturday to Monday
      return { start: addDays(day, -2), end: day };
    case 2: // Tuesday: Saturday to Tuesday, the Monday bridged
      return { start: addDays(day, -3), end: day };
    case 4: // Thursday: Thursday to Sunday, the Friday bridged
      return { start: day, end: addDays(day, 3) };
    case 5: // Friday to Sunday
      return { start: day, end: addDays(day, 2) };
    case 6: // Saturday, observed on the Friday: Friday to Sunday
      return { start: addDays(day, -1), end: addDays(day, 1) };
    case 0: // Sunday, observed on the Monday: Saturday to Monday
      return { start: addDays(day, -1), end: addDays(day, 1) };
    default: // Wednesday: the weekend after
      return { start: addDays(day, 3), end: addDays(day, 4) };
  }
}

/** Easter Sunday (anonymous Gregorian algorithm). */
function easter(y: number): TDay {
  const a = y % 19;
  const b = Math.floor(y / 100);
  const c = y % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { y, m: month, d: day };
}

const HOLIDAYS: ReadonlyArray<readonly [string, (y: number) => TRange | null]> = [
  ["memorial day", (y) => aroundMonday(nthWeekday(y, 5, 1, -1))],
  ["labou?r day", (y) => aroundMonday(nthWeekday(y, 9, 1, 1))],
  ["presidents'? day|president's day", (y) => aroundMonday(nthWeekday(y, 2, 1, 3))],
  [
    "mlk(?: day)?|martin luther king(?: jr\\.?)?(?: day)?",
    (y) => aroundMonday(nthWeekday(y, 1, 1, 3)),
  ],
  ["columbus day|indigenous peoples'? day", (y) => aroundMonday(nthWeekday(y, 10, 1, 2))],
  // Canada: the Monday before May 25; Civic Holiday the first Monday of August; Thanksgiving is
  // the second Monday of October (read as "canadian thanksgiving").
  [
    "victoria day|may long",
    (y) => aroundMonday(addDays({ y, m: 5, d: 24 }, -((weekdayOf({ y, m: 5, d: 24 }) + 6) % 7))),
  ],
  ["civic holiday", (y) => aroundMonday(nthWeekday(y, 8, 1, 1))],
  ["canadian thanksgiving", (y) => aroundMonday(nthWeekday(y, 10, 1, 2))],
  [
    "thanksgiving",
    (y) => {
      const thursday = nthWeekday(y, 11, 4, 4);
      return thursday && { start: thursday, end: addDays(thursday, 3) };
    },
  ],
  [
    "(?:the\\s+)?(?:fourth|4th) of july|july (?:4th|4|fourth)|independence day",
    (y) => aroundFixed({ y, m: 7, d: 4 }),
  ],
  ["veterans'? day", (y) => aroundFixed({ y, m: 11, d: 11 })],
  [
    "easter",
    (y) => {
      const sunday = easter(y);
      return { start: addDays(sunday, -2), end: sunday };
    },
  ],
];

function monthRange(y: number, m: number, from = 1, to = daysInMonth(y, m)): TRange {
  return { start: { y, m, d: from }, end: { y, m, d: Math.min(to, daysInMonth(y, m)) } };
}

/** Parts of a month said loosely, as days: thirds, halves, its start and end. */
const MONTH_PARTS: ReadonlyArray<readonly [string, number, number]> = [
  ["early|the beginning of|beginning of|the start of|start of|the first part of", 1, 10],
  ["mid|middle of|the middle of", 11, 20],
  ["late|the end of|end of|the last part of", 21, 31],
  ["the first half of|first half of", 1, 15],
  ["the second half of|second half of", 16, 31],
];

const SEASONS: Readonly<Record<string, readonly [number, number]>> = {
  spring: [3, 5],
  summer: [6, 8],
  fall: [9, 11],
  autumn: [9, 11],
  winter: [12, 2],
};

function seasonRange(y: number, season: string): TRange {
  const [from, to] = SEASONS[season.toLowerCase()]!;
  const endYear = to < from ? y + 1 : y;
  return { start: { y, m: from, d: 1 }, end: { y: endYear, m: to, d: daysInMonth(endYear, to) } };
}

/** A month and day, in the stated year or the next one on or after today. */
function monthDay(today: TDay, m: number, d: number, year: number | null): TRange | null {
  return nextOccurrence(today, year, (y) =>
    isValid(y, m, d) ? { start: { y, m, d }, end: { y, m, d } } : null,
  );
}

/** Two month-days as one range; the end rolls into the next year when it comes before the start. */
function monthDayRange(
  today: TDay,
  from: { m: number; d: number },
  to: { m: number; d: number },
  year: number | null,
): TRange | null {
  return nextOccurrence(today, year, (y) => {
    const endYear = to.m < from.m || (to.m === from.m && to.d < from.d) ? y + 1 : y;
    if (to.m === from.m && to.d < from.d) return null;
    if (!isValid(y, from.m, from.d) || !isValid(endYear, to.m, to.d)) return null;
    return { start: { y, m: from.m, d: from.d }, end: { y: endYear, m: to.m, d: to.d } };
  });
}

function weekendOf(day: TDay): TRange {
  const monday = mondayOf(day);
  return { start: addDays(monday, 5), end: addDays(monday, 6) };
}

const RULES: readonly TRule[] = [
  {
    rule: "holiday-weekend",
    flexible: false,
    pattern: re(
      `(?:the\\s+)?(${HOLIDAYS.map(([p]) => `(?:${p})`).join("|")})\\s+weekend(?:\\s+(?:of\\s+)?(20\\d{2}))?`,
    ),
    read: (m, today) => {
      const name = m[1]!.toLowerCase();
      const holiday = HOLIDAYS.find(([p]) => new RegExp(`^(?:${p})$`, "i").test(name));
      if (!holiday) return null;
      return nextOccurrence(today, yearOf(m[2]), holiday[1]);
    },
  },
  {
    rule: "nth-weekend",
    flexible: false,
    pattern: re(
      `(?:the\\s+)?(first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th|last|final)\\s+weekend\\s+(?:of|in)\\s+(?:the\\s+month\\s+of\\s+)?${MONTH}${YEAR}?`,
    ),
    read: (m, today) => {
      const n = ORDINALS[m[1]!.toLowerCase()]!;
      const month = monthOf(m[2]!);
      return nextOccurrence(today, yearOf(m[3]), (y) => {
        const saturday = nthWeekday(y, month, 6, n);
        return saturday && { start: saturday, end: addDays(saturday, 1) };
      });
    },
  },
  {
    rule: "weekend-of",
    flexible: false,
    pattern: re(
      `(?:the\\s+)?weekend\\s+of\\s+(?:${MONTH}\\s+${DAY}|(?:the\\s+)?${DAY}\\s+(?:of\\s+)?${MONTH})${YEAR}?`,
    ),
    read: (m, today) => {
      const month = monthOf(m[1] ?? m[4]!);
      const day = Number(m[2] ?? m[3]);
      const date = monthDay(today, month, day, yearOf(m[5]));
      return date && weekendOf(date.start);
    },
  },
  {
    rule: "weekend-of",
    flexible: false,
    pattern: re(
      String.raw`(?:the\s+)?weekend\s+of\s+(\d{1,2})/(\d{1,2})(?:/(\d{4}|\d{2}))?(?![\d/])`,
    ),
    read: (m, today) => {
      const date = monthDay(today, Number(m[1]), Number(m[2]), yearOf(m[3]));
      return date && weekendOf(date.start);
    },
  },
  {
    rule: "week-of",
    flexible: false,
    pattern: re(
      `(?:the\\s+)?week\\s+of\\s+(?:${MONTH}\\s+${DAY}|(?:the\\s+)?${DAY}\\s+(?:of\\s+)?${MONTH})${YEAR}?`,
    ),
    read: (m, today) => {
      const month = monthOf(m[1] ?? m[4]!);
      const day = Number(m[2] ?? m[3]);
      const date = monthDay(today, month, day, yearOf(m[5]));
      if (!date) return null;
      const monday = mondayOf(date.start);
      return { start: monday, end: addDays(monday, 6) };
    },
  },
  {
    rule: "relative-weekend",
    flexible: false,
    pattern: re(
      String.raw`(this|next|this coming|the coming|coming|the following|the upcoming|upcoming)\s+weekend`,
    ),
    read: (m, today) => {
      const wd = weekdayOf(today);
      const saturday = addDays(today, (6 - wd + 7) % 7);
      if (m[1]!.toLowerCase() === "this") {
        if (wd === 0) return { start: today, end: today };
        return { start: saturday, end: addDays(saturday, 1) };
      }
      // "Next weekend": the next one not yet begun (on a weekend, the one after).
      const next = wd === 0 ? addDays(today, 6) : wd === 6 ? addDays(today, 7) : saturday;
      return { start: next, end: addDays(next, 1) };
    },
  },
  {
    // "March 13-15", "March 30 - April 2, 2027", "Friday, March 13 through Sunday, March 15"
    rule: "range",
    flexible: false,
    pattern: re(
      `${WEEKDAY}?${MONTH}\\s+${DAY}${YEAR}?${TO}${WEEKDAY}?(?:${MONTH}\\s+)?${DAY}${YEAR}?`,
    ),
    read: (m, today) => {
      const from = { m: monthOf(m[1]!), d: Number(m[2]) };
      const to = { m: m[4] ? monthOf(m[4]) : from.m, d: Number(m[5]) };
      return monthDayRange(today, from, to, yearOf(m[6] ?? m[3]));
    },
  },
  {
    // "13-15 March", "the 6th-8th of June"
    rule: "range",
    flexible: false,
    pattern: re(`(?:the\\s+)?${DAY}${TO}(?:the\\s+)?${DAY}\\s+(?:of\\s+)?${MONTH}${YEAR}?`),
    read: (m, today) => {
      const month = monthOf(m[3]!);
      return monthDayRange(
        today,
        { m: month, d: Number(m[1]) },
        { m: month, d: Number(m[2]) },
        yearOf(m[4]),
      );
    },
  },
  {
    // "3/13-3/15/2027", "3/13/2027 - 3/15/2027", "3/13-15"
    rule: "range",
    flexible: false,
    pattern: re(
      String.raw`(\d{1,2})/(\d{1,2})(?:/(\d{4}|\d{2}))?\s*(?:-|to|through|thru|until)\s*(?:(\d{1,2})/)?(\d{1,2})(?:/(\d{4}|\d{2}))?(?![\d/])`,
    ),
    read: (m, today) => {
      const from = { m: Number(m[1]), d: Number(m[2]) };
      const to = { m: m[4] ? Number(m[4]) : from.m, d: Number(m[5]) };
      return monthDayRange(today, from, to, yearOf(m[3] ?? m[6]));
    },
  },
  {
    // "2027-03-13 to 2027-03-15"
    rule: "range",
    flexible: false,
    pattern: re(
      String.raw`(20\d{2})-(\d{2})-(\d{2})\s*(?:to|through|thru|until|-)\s*(20\d{2})-(\d{2})-(\d{2})`,
    ),
    read: (m) => {
      const start = { y: Number(m[1]), m: Number(m[2]), d: Number(m[3]) };
      const end = { y: Number(m[4]), m: Number(m[5]), d: Number(m[6]) };
      if (!isValid(start.y, start.m, start.d) || !isValid(end.y, end.m, end.d)) return null;
      return before(end, start) ? null : { start, end };
    },
  },
  {
    rule: "date",
    flexible: false,
    pattern: re(
      `${WEEKDAY}?(?:${MONTH}\\s+${DAY}|(?:the\\s+)?${DAY}\\s+(?:of\\s+)?${MONTH})${YEAR}?`,
    ),
    read: (m, today) => monthDay(today, monthOf(m[1] ?? m[4]!), Number(m[2] ?? m[3]), yearOf(m[5])),
  },
  {
    rule: "date",
    flexible: false,
    pattern: re(
      String.raw`(\d{1,2})/(\d{1,2})(?:/(\d{4}|\d{2}))?(?![\d/])(?!\s*(?:of|mile|day|hour|size|price|off|court|field))`,
    ),
    read: (m, today) => {
      // Fractions ("1/2 day") are not dates unless a year says so.
      if (!m[3] && ["1/2", "1/3", "2/3", "1/4", "3/4"].includes(`${m[1]}/${m[2]}`)) return null;
      return monthDay(today, Number(m[1]), Number(m[2]), yearOf(m[3]));
    },
  },
  {
    rule: "date",
    flexible: false,
    pattern: re(String.raw`(20\d{2})-(\d{2})-(\d{2})`),
    read: (m) => {
      const day = { y: Number(m[1]), m: Number(m[2]), d: Number(m[3]) };
      return isValid(day.y, day.m, day.d) ? { start: day, end: day } : null;
    },
  },
  ...MONTH_PARTS.map(
    ([words, from, to]): TRule => ({
      rule: "month-part",
      flexible: true,
      pattern: re(
        `(?:(?:sometime|some time)\\s+)?(?:(?:in|during)\\s+)?(?:${words})[\\s-]*(?:the\\s+month\\s+of\\s+)?${MONTH}${YEAR}?`,
      ),
      read: (m, today) =>
        nextOccurrence(
          today,
          yearOf(m[2]),
          (y) => monthRange(y, monthOf(m[1]!), from, to),
          (r) => r.end,
        ),
    }),
  ),
  {
    rule: "month",
    flexible: true,
    pattern: re(
      `(?:(?:sometime|some time|anytime|any time|preferably|ideally|probably)\\s+)?(?:in|during|throughout|for|around)\\s+(?:the\\s+month\\s+of\\s+)?${MONTH}${YEAR}?`,
    ),
    read: (m, today) =>
      nextOccurrence(
        today,
        yearOf(m[2]),
        (y) => monthRange(y, monthOf(m[1]!)),
        (r) => r.end,
      ),
  },
  {
    rule: "month",
    flexible: true,
    pattern: re(`(?:the\\s+)?month\\s+of\\s+${MONTH}${YEAR}?|${MONTH},?\\s+(20\\d{2})(?!\\d)`),
    read: (m, today) => {
      const month = monthOf((m[1] ?? m[3])!);
      return nextOccurrence(
        today,
        yearOf(m[2] ?? m[4]),
        (y) => monthRange(y, month),
        (r) => r.end,
      );
    },
  },
  {
    rule: "relative-month",
    flexible: true,
    pattern: re(
      String.raw`(?:(?:sometime|some time)\s+)?(?:(?:in|during)\s+)?(this|next|the coming|the following)\s+month`,
    ),
    read: (m, today) => {
      const next = m[1]!.toLowerCase() !== "this";
      const month = next ? (today.m % 12) + 1 : today.m;
      const y = next && today.m === 12 ? today.y + 1 : today.y;
      return monthRange(y, month);
    },
  },
  {
    rule: "season",
    flexible: true,
    pattern: re(
      String.raw`(?:(?:sometime|some time)\s+)?(?:(?:in|during)\s+(?:the\s+)?(?:(this|next)\s+)?|(this|next)\s+)(spring|summer|fall|autumn|winter)(?:\s+(?:of\s+)?(20\d{2}))?|(spring|summer|fall|autumn|winter)\s+(?:of\s+)?(20\d{2})`,
    ),
    read: (m, today) => {
      const season = (m[3] ?? m[5])!;
      return nextOccurrence(
        today,
        yearOf(m[4] ?? m[6]),
        (y) => seasonRange(y, season),
        (r) => r.end,
      );
    },
  },
];

/** What chrono-node finds that our rules did not: explicit days only (a month and a day, with digits). */
function chronoMentions(text: string, today: TDay): TCandidate[] {
  const reference = new Date(today.y, today.m - 1, today.d, 12);
  const out: TCandidate[] = [];
  for (const result of chrono.parse(text, reference, { forwardDate: true })) {
    const s = result.start;
    // Only a day named with its month's name: chrono also reads "24/7" and "1/2 day" as days.
    if (
      !s.isCertain("month") ||
      !s.isCertain("day") ||
      !MONTH_WORD.test(result.text) ||
      !/\d/.test(result.text)
    ) {
      continue;
    }
    const from = { m: s.get("month")!, d: s.get("day")! };
    const year = s.isCertain("year") ? s.get("year")! : null;
    const e = result.end;
    const to =
      e?.isCertain("month") && e.isCertain("day") ? { m: e.get("month")!, d: e.get("day")! } : from;
    const range = monthDayRange(today, from, to, year);
    if (!range) continue;
    const span = spanOf(text, result.index, result.index + result.text.length);
    out.push({ span, range, flexible: false, rule: "chrono" });
  }
  return out;
}

/**
 * Every date phrase of the text, in order, read against `today` (YYYY-MM-DD): a phrase without a
 * year is the next occurrence on or after today. Spans in `taken` are skipped.
 */
export function findDates(
  text: string,
  today: string,
  taken: readonly TSpan[] = [],
): TDateMention[] {
  const now = parseIso(today);
  // Typographic dashes as plain ones ("April 17–19"), one character for one.
  const plain = plainText(text);
  const candidates: TCandidate[] = [];
  for (const rule of RULES) {
    for (const { span, match } of matchesOf(plain, rule.pattern)) {
      const range = rule.read(match, now);
      if (range && !before(range.end, range.start)) {
        candidates.push({ span, range, flexible: rule.flexible, rule: rule.rule });
      }
    }
  }
  const ours = pickLongest(candidates, taken);
  const rest = chronoMentions(maskSpans(plain, [...taken, ...ours.map((c) => c.span)]), now);
  return pickLongest([...ours, ...rest], taken).map((c) => ({
    start: iso(c.range.start),
    end: iso(c.range.end),
    flexible: c.flexible,
    rule: c.rule,
    span: spanOf(text, c.span.start, c.span.end),
  }));
}

/** The first date phrase of the text, or null. */
export function readDates(
  text: string,
  today: string,
  taken: readonly TSpan[] = [],
): TDateMention | null {
  return findDates(text, today, taken)[0] ?? null;
}

/**
 * Whether the text says its dates are flexible ("flexible dates", "dates are flexible") or fixed
 * ("dates are firm", "not flexible"); null when it says neither.
 */
export function saysFlexible(text: string): { flexible: boolean; span: TSpan } | null {
  const fixed = matchesOf(
    text,
    re(
      String.raw`(?:not|isn't|aren't|are not|is not)\s+flexible|inflexible|dates?\s+(?:are|is)\s+(?:firm|fixed|set in stone)|(?:firm|fixed|set)\s+dates?`,
    ),
  ).map((hit) => ({ span: hit.span, flexible: false }));
  const loose = matchesOf(text, re("flexible|flexibility")).map((hit) => ({
    span: hit.span,
    flexible: true,
  }));
  // "not flexible" holds "flexible": the longer phrase wins.
  const hits = pickLongest([...fixed, ...loose]);
  return hits[0] ?? null;
}
