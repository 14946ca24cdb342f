// Flexible dates of event planning read as a request's date options (contracts/request-dates.ts):
// alternatives ("March 14-15 or March 21-22", "the weekend of May 9 or 16", "the first or second
// weekend of May", "Memorial Day weekend or Labor Day weekend"), a window ("a weekend in March or
// April", "any weekend this fall", "two days in a row between May 1 and June 15", "any Friday to
// Sunday in June", "a 3-day event sometime in July"), and a loose run of months without a unit
// ("sometime in March or April"). Built on the date phrases of dates.ts, which the caller reads
// first and hands over (the event's, deadlines left out).
import type { TRequestDates } from "@hostfield/domain/contracts";
import { REQUEST_MAX_DATE_SETS, REQUEST_MAX_SET_DAYS } from "@hostfield/domain/contracts";
import { addDays, diffDays, weekdayOf, windowDateSets } from "@hostfield/domain/rules";
import { MONTH, monthOf, ORDINALS, type TDateMention, yearOf } from "./dates";
import { parseNumber } from "./numbers";
import { matchesOf, overlapsAny, spanOf, type TSpan } from "./spans";

export type TDateOptionsReading = {
  /** The request's date options; null for a loose run of months ("sometime in March or April"). */
  options: TRequestDates | null;
  /** The first and last day the options may take (a window's own first and last day). */
  start: string;
  end: string;
  /** The words read, in order. */
  spans: TSpan[];
};

type TSet = { startDate: string; endDate: string };

function re(source: string): RegExp {
  return new RegExp(`(?<![a-z0-9])(?:${source})(?![a-z0-9])`, "gi");
}

const iso = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
const lastDayOf = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const isValidDay = (y: number, m: number, d: number) =>
  m >= 1 && m <= 12 && d >= 1 && d <= lastDayOf(y, m);
const lengthOf = (s: TSet) => diffDays(s.startDate, s.endDate) + 1;

// ---- months ------------------------------------------------------------------------------------

/** "may" the verb ("we may need", "may or may not") is no month. */
const MONTH_WORD = String.raw`(?:${MONTH})(?!\s+(?:not|be|need|want|have|also|still|only|or\s+may)\b)(?!\s*\d{1,2}(?!\d))`;
const MONTH_JOIN = String.raw`\s*(?:,\s*(?:or|and)?|or|and|&|/|-|to|through|thru|till|until|into)\s*(?:in\s+)?`;
const MONTH_LIST = re(`${MONTH_WORD}(?:${MONTH_JOIN}${MONTH_WORD})+(?:,?\\s*(20\\d{2})(?!\\d))?`);
const ONE_MONTH = new RegExp(MONTH, "gi");

/**
 * Months said in a row ("March or April", "March, April or May", "Mar-Apr 2027"): the first day of
 * the first to the last day of the last. Without a year, the first month is the next one not yet
 * over; a month before the one ahead of it is the next year's.
 */
function monthRun(today: string, months: readonly number[], year: number | null): TSet | null {
  if (months.length < 2 || months.some((m, i) => i > 0 && m === months[i - 1])) return null;
  const years: number[] = [];
  if (year !== null) {
    years[months.length - 1] = year;
    for (let i = months.length - 2; i >= 0; i--) {
      years[i] = months[i]! > months[i + 1]! ? years[i + 1]! - 1 : years[i + 1]!;
    }
  } else {
    const y = Number(today.slice(0, 4));
    const first = months[0]!;
    years[0] = iso(y, first, lastDayOf(y, first)) >= today ? y : y + 1;
    for (let i = 1; i < months.length; i++) {
      years[i] = months[i]! < months[i - 1]! ? years[i - 1]! + 1 : years[i - 1]!;
    }
  }
  const lastYear = years.at(-1)!;
  const last = months.at(-1)!;
  return {
    startDate: iso(years[0]!, months[0]!, 1),
    endDate: iso(lastYear, last, lastDayOf(lastYear, last)),
  };
}

function monthLists(text: string, today: string, taken: readonly TSpan[]) {
  const out: { span: TSpan; period: TSet }[] = [];
  for (const { span, match } of matchesOf(text, MONTH_LIST)) {
    if (overlapsAny(span, taken)) continue;
    const months = [...span.text.matchAll(ONE_MONTH)].map((m) => monthOf(m[1]!));
    const period = monthRun(today, months, yearOf(match[match.length - 1]));
    if (period) out.push({ span, period });
  }
  return out;
}

// ---- the units of a window ---------------------------------------------------------------------

const WEEKDAY_NAMES = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];
const WD = String.raw`(mon(?:day)?|tues?(?:day)?|wed(?:nesday)?|thu(?:rs?)?(?:day)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)\.?`;
const wdOf = (word: string) => WEEKDAY_NAMES.indexOf(word.toLowerCase().slice(0, 3));
const NOT_NIGHTS = String.raw`(?!\s+nights?)`;
const DETERMINER = String.raw`(?:an?|any|one|some|either)\s+`;

/** "Friday to Sunday", "any Fri-Sun": the days from one to the other, across the week's end. */
const WEEKDAY_RANGE = re(
  `(${DETERMINER})?${WD}\\s*(?:-\\s*to\\s*-|-|to|through|thru|till|until)\\s*${WD}${NOT_NIGHTS}`,
);
/** "Saturday and Sunday" (both), "a Saturday or Sunday" (either). */
const WEEKDAY_PAIR = re(`(${DETERMINER})?${WD}\\s*(and|&|/|or)\\s*${WD}${NOT_NIGHTS}`);
/** "any Saturday in May": one day. */
const ONE_WEEKDAY = re(`${DETERMINER}${WD}(?!\\s*(?:-|to|through|thru|and|or|&|/)\\s*[a-z])`);
/** "a weekend", "any long weekend", "one of the weekends", "a 3-day weekend" (not "the weekend of"). */
const WEEKEND = re(
  `(?:${DETERMINER}(?:(?:open|free|available|good|single|nice|possible)\\s+)?|(?:any|one|either)\\s+of\\s+the\\s+)(long\\s+|(?:3|three)[-\\s]day\\s+)?weekends?(?!\\s+of(?![a-z]))`,
);
const NUMBER = String.raw`(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|twenty[-\s]one)`;
const EVENT_NOUN =
  "(?:event|tournament|tourney|meet|camp|clinic|showcase|competition|championships?|festival|series|block|window|stretch|span|run|classic|invitational|cup|qualifier|league|program|retreat)";
/** "two days in a row", "3 consecutive days", "a 2-day tournament". */
const DAYS_IN_A_ROW = [
  re(
    `${NUMBER}\\s+(?:consecutive|straight|successive|back[-\\s]to[-\\s]back)\\s+(weekend\\s+|week)?days`,
  ),
  re(
    `${NUMBER}\\s+(weekend\\s+|week)?days?\\s+(?:in\\s+a\\s+row|straight|back[-\\s]to[-\\s]back|consecutively)`,
  ),
  re(`${NUMBER}[-\\s]days?()\\s+${EVENT_NOUN}`),
];
/** "any weekday in June": one day, Monday to Friday. */
const ONE_WORKDAY = re(`${DETERMINER}week\\s*day(?!s)`);
const WORKDAYS = [1, 2, 3, 4, 5];

type TUnit = {
  span: TSpan;
  /** Days in a row, when the words say how many. */
  days: number | null;
  /** The weekdays the days fall on (none: any). */
  weekdays: number[] | null;
  /** A weekend said ("a weekend", "a long weekend"). */
  weekend: "weekend" | "long" | null;
  /**
   * The words say the organizer is flexible ("a weekend in …", "any Friday to Sunday", "two days
   * in a row"), and may make a window of fixed dates ("between May 1 and June 15"). Others
   * describe the event ("Saturday and Sunday", "a 3-day tournament", "a weekend event") and make
   * a window only of a loose period ("in June", "this fall").
   */
  anchor: boolean;
};

/** Words after "a weekend" that go on about when (else it describes a noun: "a weekend event"). */
const WEEKEND_GOES_ON =
  /^(?:\s*(?:[,.;:!?)(-]|$)|\s+(?:in|during|between|from|this|next|sometime|some|any|anytime|around|over|within|before|after|that|or|and|of|at|near|preferably|ideally|either|when|if|where|to|for|is|are|would|will|works?|with)(?![a-z]))/i;

/** The days from `from` to `to`, across the week's end ("Fri-Mon": 5, 6, 0, 1). */
function weekdayRun(from: number, to: number): number[] {
  const out = [from];
  for (let d = from; d !== to; d = (d + 1) % 7) out.push((d + 1) % 7);
  return out;
}

function findUnits(text: string, taken: readonly TSpan[]): TUnit[] {
  const units: TUnit[] = [];
  const add = (unit: TUnit) => {
    if (
      !overlapsAny(unit.span, taken) &&
      !overlapsAny(
        unit.span,
        units.map((u) => u.span),
      )
    ) {
      units.push(unit);
    }
  };
  for (const { span, match } of matchesOf(text, WEEKDAY_RANGE)) {
    const days = weekdayRun(wdOf(match[2]!), wdOf(match[3]!));
    if (days.length < 7) {
      add({ span, days: days.length, weekdays: days, weekend: null, anchor: Boolean(match[1]) });
    }
  }
  for (const { span, match } of matchesOf(text, WEEKDAY_PAIR)) {
    const pair = [wdOf(match[2]!), wdOf(match[4]!)];
    const either = /or/i.test(match[3]!);
    const consecutive = (pair[0]! + 1) % 7 === pair[1] || (pair[1]! + 1) % 7 === pair[0];
    // "Saturday and Sunday": both, in a row; "a Saturday or Sunday": one of them.
    if (either && !match[1]) continue;
    add({
      span,
      days: either || !consecutive ? 1 : 2,
      weekdays: pair,
      weekend: null,
      anchor: Boolean(match[1]),
    });
  }
  for (const { span, match } of matchesOf(text, WEEKEND)) {
    add({
      span,
      days: null,
      weekdays: null,
      weekend: match[1] ? "long" : "weekend",
      anchor: WEEKEND_GOES_ON.test(text.slice(span.end)),
    });
  }
  for (const [index, pattern] of DAYS_IN_A_ROW.entries()) {
    for (const { span, match } of matchesOf(text, pattern)) {
      const n = /^\d+$/.test(match[1]!)
        ? Number(match[1])
        : parseNumber(match[1]!.replace(/\s/, "-"));
      if (n !== null && n >= 1 && n <= REQUEST_MAX_SET_DAYS) {
        // "in a row", "consecutive" say it; "a 3-day tournament" describes the event.
        const on = match[2]?.trim().toLowerCase();
        const weekdays = on === "weekend" ? [6, 0] : on === "week" ? WORKDAYS : null;
        add({ span, days: n, weekdays, weekend: null, anchor: index < 2 });
      }
    }
  }
  for (const { span } of matchesOf(text, ONE_WORKDAY)) {
    add({ span, days: 1, weekdays: WORKDAYS, weekend: null, anchor: true });
  }
  for (const { span, match } of matchesOf(text, ONE_WEEKDAY)) {
    add({ span, days: 1, weekdays: [wdOf(match[1]!)], weekend: null, anchor: true });
  }
  return units.sort((a, b) => a.span.start - b.span.start);
}

/** The longest run of consecutive days the weekdays hold (7: every day). */
function longestRun(weekdays: readonly number[]): number {
  const set = new Set(weekdays);
  if (set.size === 7) return 7;
  let best = 0;
  for (const d of set) {
    if (set.has((d + 6) % 7)) continue;
    let n = 0;
    while (set.has((d + n) % 7)) n++;
    best = Math.max(best, n);
  }
  return best;
}

/**
 * What the units say together: the days in a row (a count said, else a weekday span's length, a
 * long weekend's 3, a weekend's 2) and the weekdays (a span's or pair's, else a weekend's).
 */
function windowShape(units: readonly TUnit[]): { days: number; weekdays: number[] } | null {
  const counted = units.find((u) => u.days !== null && u.weekdays === null)?.days ?? null;
  const named = units.find((u) => u.weekdays !== null) ?? null;
  const weekend = units.find((u) => u.weekend !== null)?.weekend ?? null;
  let weekdays: number[] =
    named?.weekdays ?? (weekend === "long" ? [5, 6, 0, 1] : weekend ? [6, 0] : []);
  const days = counted ?? named?.days ?? (weekend === "long" ? 3 : weekend ? 2 : null);
  if (days === null) return null;
  if (weekdays.length > 0 && longestRun(weekdays) < days) {
    // "a 3-day weekend": Friday to Monday; else the days are not bound to weekdays.
    weekdays = weekend ? [5, 6, 0, 1] : [];
    if (weekdays.length > 0 && longestRun(weekdays) < days) weekdays = [];
  }
  return { days, weekdays: [...new Set(weekdays)] };
}

// ---- alternatives --------------------------------------------------------------------------------

/** The Saturday and Sunday of the week (from Monday) that holds the day. */
function weekendOf(day: string): TSet {
  const monday = addDays(day, -((weekdayOf(day) + 6) % 7));
  return { startDate: addDays(monday, 5), endDate: addDays(monday, 6) };
}

type TItem = {
  span: TSpan;
  set: TSet;
  rule: TDateMention["rule"] | "alternative";
  /** Its own words begin with "or" ("… or 21-22"). */
  or?: boolean;
};

const ORDINAL = "(first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th|last|final)";
const ORDINAL_WEEKENDS = re(
  `(?:the\\s+)?${ORDINAL}((?:\\s*(?:,\\s*(?:or\\s+)?|or)\\s*(?:the\\s+)?${ORDINAL})+)\\s+weekends?\\s+(?:of|in)\\s+(?:the\\s+month\\s+of\\s+)?${MONTH}(?:,?\\s*(20\\d{2})(?!\\d))?`,
);

/** The n-th (1-based; -1 the last) Saturday of a month and the Sunday after; null when none. */
function nthWeekend(y: number, m: number, n: number): TSet | null {
  const first = iso(y, m, 1);
  let saturday = addDays(first, (6 - weekdayOf(first) + 7) % 7);
  if (n === -1) {
    while (addDays(saturday, 7).slice(0, 7) === first.slice(0, 7)) saturday = addDays(saturday, 7);
  } else saturday = addDays(saturday, (n - 1) * 7);
  if (saturday.slice(0, 7) !== first.slice(0, 7)) return null;
  return { startDate: saturday, endDate: addDays(saturday, 1) };
}

/** "the first or second weekend of May": one set per ordinal (a fifth that is not: none). */
function ordinalWeekends(text: string, today: string, taken: readonly TSpan[]): TItem[][] {
  const out: TItem[][] = [];
  for (const { span, match } of matchesOf(text, ORDINAL_WEEKENDS)) {
    if (overlapsAny(span, taken)) continue;
    const ordinals = [
      match[1]!,
      ...[...match[2]!.matchAll(new RegExp(ORDINAL, "gi"))].map((m) => m[1]!),
    ];
    const month = monthOf(match[match.length - 2]!);
    const stated = yearOf(match[match.length - 1]);
    const setsOf = (year: number) =>
      ordinals
        .map((o) => nthWeekend(year, month, ORDINALS[o.toLowerCase()]!))
        .filter((set): set is TSet => set !== null);
    // Without a year: this year's while none of them has passed, else next year's.
    const y = Number(today.slice(0, 4));
    const sets =
      stated !== null
        ? setsOf(stated)
        : setsOf(y).every((set) => set.startDate >= today)
          ? setsOf(y)
          : setsOf(y + 1);
    if (sets.length >= 2) out.push(sets.map((set) => ({ span, set, rule: "alternative" })));
  }
  return out;
}

/**
 * "March 13-15 or 20", "the weekend of May 9 or 16", "March 7-8, 14-15 or 21-22": days said
 * without their month after an alternative, in its month; a single day is a set as long as the
 * one before (a weekend's, that day's weekend).
 */
function bareAlternatives(text: string, after: TItem): TItem[] {
  const out: TItem[] = [];
  const BARE =
    /^\s*(?:,\s*(?:or\s+)?|or\s+(?:else\s+|maybe\s+|perhaps\s+|possibly\s+)?)(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?(?:\s*(?:-|to|through|thru)\s*(\d{1,2})(?:st|nd|rd|th)?)?(?![\d/:]|\s*(?:[a-z]*\s*)?(?:teams?|courts?|fields?|people|players|athletes|rooms?|nights?|miles?|mi|hours?|%|percent|am|pm|u)(?![a-z]))/i;
  let previous = after;
  for (;;) {
    const m = BARE.exec(text.slice(previous.span.end));
    if (!m) return out;
    const y = Number(previous.set.endDate.slice(0, 4));
    const month = Number(previous.set.endDate.slice(5, 7));
    const from = Number(m[1]);
    const to = m[2] ? Number(m[2]) : null;
    if (!isValidDay(y, month, from) || (to !== null && !isValidDay(y, month, to))) return out;
    let set: TSet;
    if (to !== null) {
      if (to < from) return out;
      set = { startDate: iso(y, month, from), endDate: iso(y, month, to) };
    } else if (previous.rule === "weekend-of") {
      set = weekendOf(iso(y, month, from));
    } else {
      const start = iso(y, month, from);
      set = { startDate: start, endDate: addDays(start, lengthOf(previous.set) - 1) };
    }
    if (set.startDate <= previous.set.startDate) return out;
    const start = previous.span.end + m.index;
    const item: TItem = {
      span: spanOf(text, start, start + m[0].length),
      set,
      rule: previous.rule,
      or: /(?:^|[^a-z])or(?![a-z])/i.test(m[0]),
    };
    out.push(item);
    previous = item;
  }
}

/** What may stand between two alternatives: "or", a comma, a slash ("either … or …"). */
const ALTERNATIVE_GAP =
  /^[\s,]*(?:(?:or|\/)(?:\s+(?:else|maybe|perhaps|possibly|alternatively))?)?[\s,]*(?:(?:on\s+)?the\s+|on\s+)?$/i;

/** The first run of two or more alternatives joined by "or" (commas between them allowed). */
function alternatives(
  text: string,
  today: string,
  mentions: readonly TDateMention[],
  taken: readonly TSpan[],
): TItem[] | null {
  const ordinal = ordinalWeekends(text, today, taken)[0];
  if (ordinal) return ordinal;
  const fixed: TItem[] = mentions
    .filter((m) => !m.flexible && m.rule !== "week-of")
    .map((m) => ({ span: m.span, set: { startDate: m.start, endDate: m.end }, rule: m.rule }));
  const items: TItem[] = [];
  for (const item of fixed) {
    items.push(item);
    items.push(...bareAlternatives(text, item));
  }
  items.sort((a, b) => a.span.start - b.span.start);
  let run: TItem[] = [];
  let saidOr = false;
  const done = () => run.length >= 2 && saidOr;
  for (const item of items) {
    const last = run.at(-1);
    const gap = last ? text.slice(last.span.end, item.span.start) : null;
    if (last && gap !== null && item.span.start >= last.span.end && ALTERNATIVE_GAP.test(gap)) {
      // "the weekend of May 9 or May 16": the second day read as its weekend too.
      const set =
        last.rule === "weekend-of" && item.rule === "date"
          ? weekendOf(item.set.startDate)
          : item.set;
      run.push({ ...item, set, rule: item.rule === "date" ? last.rule : item.rule });
      saidOr ||= /(?:^|[^a-z])or(?![a-z])|\//i.test(gap) || item.or === true;
      continue;
    }
    if (done()) break;
    run = [item];
    saidOr = false;
  }
  if (!done()) return null;
  // "either March 14-15 or …" reads the same; each set a real event's length.
  const sets = run.filter((i) => lengthOf(i.set) <= REQUEST_MAX_SET_DAYS);
  return sets.length >= 2 ? sets : null;
}

// ---- reading -------------------------------------------------------------------------------------

const PERIOD_RULES: ReadonlySet<TDateMention["rule"]> = new Set([
  "month",
  "month-part",
  "season",
  "relative-month",
  "range",
  "chrono",
]);

/**
 * The date options a description gives, read after today (YYYY-MM-DD): alternatives joined by
 * "or"; else a window (a unit: a weekend, days in a row, a weekday span; over a period: months,
 * a part of a month, a season or a range, all of them together); else a loose run of months.
 * `mentions` are the event's date phrases (dates.ts, deadlines left out), `taken` what other
 * readings hold. Null when the description says none of these.
 */
export function findDateOptions(
  text: string,
  today: string,
  mentions: readonly TDateMention[],
  taken: readonly TSpan[] = [],
): TDateOptionsReading | null {
  const mentionSpans = mentions.map((m) => m.span);
  const others = taken.filter(
    (t) => !mentionSpans.some((m) => m.start === t.start && m.end === t.end),
  );

  const chosen = alternatives(text, today, mentions, others);
  if (chosen) {
    const sets = chosen
      .map((i) => i.set)
      .filter((s) => s.startDate >= today)
      .slice(0, REQUEST_MAX_DATE_SETS);
    if (sets.length >= 2) {
      const ordered = [...sets].sort((a, b) => a.startDate.localeCompare(b.startDate));
      return {
        options: { kind: "sets", sets: ordered },
        start: ordered[0]!.startDate,
        end: ordered.reduce((end, s) => (s.endDate > end ? s.endDate : end), ordered[0]!.endDate),
        spans: uniqueSpans(chosen.map((i) => i.span)),
      };
    }
  }

  const units = findUnits(text, [...others, ...mentionSpans]);
  // "late March or early April" is two parts of months, not the months whole.
  const parts = mentions.filter((m) => m.rule === "month-part").map((m) => m.span);
  const lists = monthLists(text, today, [...others, ...parts]);
  const listSpans = lists.map((l) => l.span);
  // Without words of flexibility, only a loose period makes a window: "Saturday and Sunday, March
  // 13-15" is the event's own dates.
  const anchored = units.some((u) => u.anchor);
  const periods = [
    ...lists.map((l) => ({ ...l, loose: true })),
    ...mentions
      .filter(
        (m) =>
          PERIOD_RULES.has(m.rule) && (anchored || m.flexible) && !overlapsAny(m.span, listSpans),
      )
      .map((m) => ({
        span: m.span,
        period: { startDate: m.start, endDate: m.end },
        loose: m.flexible,
      })),
  ];
  if (periods.length === 0) return null;
  const from = periods.reduce(
    (a, p) => (p.period.startDate < a ? p.period.startDate : a),
    periods[0]!.period.startDate,
  );
  const to = periods.reduce(
    (a, p) => (p.period.endDate > a ? p.period.endDate : a),
    periods[0]!.period.endDate,
  );
  const shape = windowShape(units);
  if (shape) {
    const start = from < today ? today : from;
    const options = { kind: "window" as const, from: start, to, ...shape };
    // A period no longer than the days asked is the event's own dates ("a weekend, June 13-14");
    // so are fixed days that hold one set only ("over one weekend, July 23-25").
    const loose = periods.some((p) => p.loose);
    if (
      start <= to &&
      diffDays(start, to) + 1 > shape.days &&
      windowDateSets(options).length >= (loose ? 1 : 2)
    ) {
      return {
        options,
        start,
        end: to,
        spans: uniqueSpans([...units.map((u) => u.span), ...periods.map((p) => p.span)]),
      };
    }
  }
  const list = lists[0];
  if (list && list.period.endDate >= today) {
    const start = list.period.startDate < today ? today : list.period.startDate;
    return { options: null, start, end: list.period.endDate, spans: [list.span] };
  }
  return null;
}

function uniqueSpans(spans: readonly TSpan[]): TSpan[] {
  const seen = new Set<string>();
  return [...spans]
    .sort((a, b) => a.start - b.start)
    .filter((s) => {
      const key = `${s.start}:${s.end}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
