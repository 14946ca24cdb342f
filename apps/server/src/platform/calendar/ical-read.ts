// Reading an RFC 5545 iCalendar text (a booking system's feed or an uploaded .ics) into the days its
// events take: lines unfolded, VEVENTs' DTSTART/DTEND (DATE, local or UTC DATE-TIME, or DURATION)
// made into first and last days (an all-day end is exclusive), daily and weekly RRULEs expanded
// within a window (with INTERVAL, UNTIL, COUNT, BYDAY, EXDATE, RDATE and moved occurrences), other
// repeats kept at their first date with a note. Cancelled and transparent (free) events are left
// out; tentative ones say so. The structure is read strictly (a truncated or garbled text fails
// whole, so a caller keeps what it had); what only some events get wrong is skipped with a note.
import { addDays, dayNumber } from "@hostfield/domain/rules";

/** The text is not a readable iCalendar calendar. */
export class ICalReadError extends Error {
  override name = "ICalReadError";
}

/** One occurrence of an event: the days it takes. */
export type TICalOccurrence = {
  uid: string | null;
  summary: string | null;
  /** First day, YYYY-MM-DD. */
  startDate: string;
  /** Last day, YYYY-MM-DD (inclusive). */
  endDate: string;
  /** STATUS:TENTATIVE (pencilled in, not confirmed). */
  tentative: boolean;
};

export type TICalRead = {
  /** The occurrences sharing a day with the window, in the order read. */
  occurrences: TICalOccurrence[];
  /** How many VEVENTs the text holds. */
  events: number;
  /** What was left out or read partly, in words, one line a reason. */
  notes: string[];
};

/** Repeats expanded at most, across the whole text (a bound on the work a text can ask). */
const EXPANSION_BUDGET = 200_000;

type TProperty = { name: string; params: Record<string, string>; value: string };
type TEvent = Map<string, TProperty[]>;

/** Content lines: CRLF, LF or CR line ends; a line beginning with a space or tab continues the last. */
export function unfoldLines(text: string): string[] {
  const lines: string[] = [];
  for (const line of text.replace(/^\uFEFF/, "").split(/\r\n|\n|\r/)) {
    if ((line.startsWith(" ") || line.startsWith("\t")) && lines.length > 0) {
      lines[lines.length - 1] += line.slice(1);
    } else if (line.trim() !== "") {
      lines.push(line);
    }
  }
  return lines;
}

const NAME = /^[A-Za-z0-9-]+/;
const PARAM = /^;([A-Za-z0-9-]+)=((?:"[^"]*"|[^";:,]*)(?:,(?:"[^"]*"|[^";:,]*))*)/;

/** `NAME;PARAM=value;…:value`, or null when the line is not one. */
function parseLine(line: string): TProperty | null {
  const name = NAME.exec(line)?.[0];
  if (!name) return null;
  let rest = line.slice(name.length);
  const params: Record<string, string> = {};
  while (rest.startsWith(";")) {
    const m = PARAM.exec(rest);
    if (!m) return null;
    params[m[1]!.toUpperCase()] = m[2]!.replace(/"/g, "");
    rest = rest.slice(m[0].length);
  }
  if (!rest.startsWith(":")) return null;
  return { name: name.toUpperCase(), params, value: rest.slice(1) };
}

/** A TEXT value read back (RFC 5545 §3.3.11), forgiving unknown escapes. */
export function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === "n" || c === "N" ? "\n" : c));
}

/** The calendar's VEVENTs (properties by name) and its X-WR-TIMEZONE; throws on a broken structure. */
function components(text: string): { events: TEvent[]; zone: string | null } {
  const lines = unfoldLines(text);
  if (lines.length === 0 || lines[0]!.trim().toUpperCase() !== "BEGIN:VCALENDAR") {
    throw new ICalReadError(
      "It is not an iCalendar calendar (it does not begin with BEGIN:VCALENDAR).",
    );
  }
  const events: TEvent[] = [];
  const stack: string[] = [];
  let event: TEvent | null = null;
  let zone: string | null = null;
  let ended = false;
  lines.forEach((line, i) => {
    if (ended) throw new ICalReadError(`Line ${i + 1} follows the end of the calendar.`);
    const p = parseLine(line);
    if (!p) throw new ICalReadError(`Line ${i + 1} is not an iCalendar line.`);
    if (p.name === "BEGIN") {
      const name = p.value.trim().toUpperCase();
      if (stack.length === 0 && name !== "VCALENDAR") {
        throw new ICalReadError(
          "It is not an iCalendar calendar (its outer part is not VCALENDAR).",
        );
      }
      stack.push(name);
      if (name === "VEVENT" && stack.length === 2) event = new Map();
      return;
    }
    if (p.name === "END") {
      const name = p.value.trim().toUpperCase();
      const open = stack.pop();
      if (open !== name) {
        throw new ICalReadError(`Line ${i + 1} ends ${name}, but ${open ?? "nothing"} is open.`);
      }
      if (name === "VEVENT" && stack.length === 1 && event) {
        events.push(event);
        event = null;
      }
      if (stack.length === 0) ended = true;
      return;
    }
    if (stack.length === 0) throw new ICalReadError(`Line ${i + 1} is outside the calendar.`);
    if (stack.length === 1 && p.name === "X-WR-TIMEZONE") zone = p.value.trim();
    // The event's own properties; those of its alarms are not the event's.
    if (event && stack.length === 2) {
      const list = event.get(p.name);
      if (list) list.push(p);
      else event.set(p.name, [p]);
    }
  });
  if (!ended)
    throw new ICalReadError("The calendar is cut short (it does not end with END:VCALENDAR).");
  return { events, zone: zone && isZone(zone) ? zone : null };
}

function isZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A moment as the calendar means it: a day (DATE) or a day and the seconds into it (wall time). */
type TWhen = { day: number; seconds: number | null };

const zoneFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * Zone names come from the feeds, and one zone has many accepted spellings (any letter case, old
 * aliases): past this many the cache starts over rather than grow for good (issue 49).
 */
const MAX_ZONE_FORMATS = 1000;
/** The day and wall-clock seconds of a UTC instant in `zone`. */
function inZone(ms: number, zone: string): { day: number; seconds: number } {
  let format = zoneFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    if (zoneFormats.size >= MAX_ZONE_FORMATS) zoneFormats.clear();
    zoneFormats.set(zone, format);
  }
  const part = Object.fromEntries(format.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return {
    day: dayNumber(`${part.year}-${part.month}-${part.day}`),
    seconds: Number(part.hour) * 3600 + Number(part.minute) * 60 + Number(part.second),
  };
}

const DATE = /^(\d{4})(\d{2})(\d{2})$/;
const DATE_TIME = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(Z?)$/i;

/**
 * A DATE or DATE-TIME value. Local and TZID times are wall times already (the day is as written);
 * a UTC time is read in the calendar's X-WR-TIMEZONE, else in UTC. Null when unreadable.
 */
function parseWhen(value: string, zone: string | null): TWhen | null {
  const v = value.trim();
  const date = DATE.exec(v);
  if (date) {
    const iso = `${date[1]}-${date[2]}-${date[3]}`;
    return validDate(iso) ? { day: dayNumber(iso), seconds: null } : null;
  }
  const dt = DATE_TIME.exec(v);
  if (!dt) return null;
  const iso = `${dt[1]}-${dt[2]}-${dt[3]}`;
  const [h, m, s] = [Number(dt[4]), Number(dt[5]), Number(dt[6])];
  if (!validDate(iso) || h > 23 || m > 59 || s > 60) return null;
  const day = dayNumber(iso);
  const seconds = h * 3600 + m * 60 + Math.min(s, 59);
  if (dt[7] && zone) return inZone(day * 86_400_000 + seconds * 1000, zone);
  return { day, seconds };
}

function validDate(iso: string): boolean {
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso;
}

const DURATION = /^([+-])?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/i;
/** A DURATION in seconds (weeks and days as whole days of 86,400 s); null when unreadable. */
function parseDuration(value: string): number | null {
  const m = DURATION.exec(value.trim());
  if (!m || value.trim().toUpperCase() === "P" || m[1] === "-") return null;
  const [w, d, h, min, s] = [m[2], m[3], m[4], m[5], m[6]].map((x) => Number(x ?? 0));
  return ((w! * 7 + d!) * 24 + h!) * 3600 + min! * 60 + s!;
}

/**
 * The last day an event starting `start` takes when it ends (exclusively) at `end`: an all-day end
 * is the day after the last; a time ending at midnight takes no part of that day.
 */
function lastDay(start: TWhen, end: TWhen): number {
  const last = end.seconds === null || end.seconds === 0 ? end.day - 1 : end.day;
  return Math.max(start.day, last);
}

/** The first and last day of the event's first occurrence, or null when its dates are unreadable. */
function span(event: TEvent, zone: string | null): { start: number; last: number } | null {
  const dtStart = event.get("DTSTART")?.[0];
  const start = dtStart ? parseWhen(dtStart.value, zone) : null;
  if (!start) return null;
  const dtEnd = event.get("DTEND")?.[0];
  if (dtEnd) {
    const end = parseWhen(dtEnd.value, zone);
    if (!end) return null;
    return { start: start.day, last: lastDay(start, end) };
  }
  const duration = event.get("DURATION")?.[0];
  if (duration) {
    const seconds = parseDuration(duration.value);
    if (seconds === null) return null;
    const endAt = start.day * 86_400 + (start.seconds ?? 0) + seconds;
    const end: TWhen = {
      day: Math.floor(endAt / 86_400),
      seconds: start.seconds === null ? null : endAt % 86_400,
    };
    return { start: start.day, last: lastDay(start, end) };
  }
  // No end: an all-day event takes its day, a timed one its moment (RFC 5545 §3.6.1).
  return { start: start.day, last: start.day };
}

/** The days listed by EXDATE, RDATE or RECURRENCE-ID properties (comma-separated values). */
function daysOf(props: TProperty[] | undefined, zone: string | null): number[] {
  const days: number[] = [];
  for (const p of props ?? []) {
    for (const v of p.value.split(",")) {
      const when = parseWhen(v, zone);
      if (when) days.push(when.day);
    }
  }
  return days;
}

const WEEKDAYS = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"];
const weekdayOf = (day: number) => (((day + 4) % 7) + 7) % 7;

type TRule = {
  freq: "DAILY" | "WEEKLY";
  interval: number;
  count: number | null;
  until: number | null;
  byDay: number[] | null;
  weekStart: number;
};

/** Rule parts that only place an occurrence within its day: they change no day taken. */
const TIME_PARTS = new Set(["BYHOUR", "BYMINUTE", "BYSECOND"]);

/** A DAILY or WEEKLY RRULE the import reads, or why it does not (a note's words). */
function parseRule(value: string, zone: string | null): TRule | { unsupported: string } {
  const parts = new Map<string, string>();
  for (const part of value.split(";")) {
    const [key, v] = part.split("=");
    if (key && v !== undefined) parts.set(key.trim().toUpperCase(), v.trim().toUpperCase());
  }
  const freq = parts.get("FREQ");
  if (freq !== "DAILY" && freq !== "WEEKLY") return { unsupported: `FREQ=${freq ?? "?"}` };
  for (const key of parts.keys()) {
    if (
      !["FREQ", "INTERVAL", "COUNT", "UNTIL", "BYDAY", "WKST"].includes(key) &&
      !TIME_PARTS.has(key)
    ) {
      return { unsupported: key };
    }
  }
  const interval = Number(parts.get("INTERVAL") ?? "1");
  const count = parts.has("COUNT") ? Number(parts.get("COUNT")) : null;
  if (!Number.isInteger(interval) || interval < 1) return { unsupported: "INTERVAL" };
  if (count !== null && (!Number.isInteger(count) || count < 1)) return { unsupported: "COUNT" };
  let until: number | null = null;
  if (parts.has("UNTIL")) {
    const when = parseWhen(parts.get("UNTIL")!, zone);
    if (!when) return { unsupported: "UNTIL" };
    until = when.day;
  }
  let byDay: number[] | null = null;
  if (parts.has("BYDAY")) {
    byDay = [];
    for (const code of parts.get("BYDAY")!.split(",")) {
      // "1MO" (the first Monday of a month) belongs to monthly and yearly rules.
      const index = WEEKDAYS.indexOf(code);
      if (index < 0) return { unsupported: `BYDAY=${code}` };
      byDay.push(index);
    }
  }
  const weekStart = WEEKDAYS.indexOf(parts.get("WKST") ?? "MO");
  return {
    freq,
    interval,
    count,
    until,
    byDay,
    weekStart: weekStart < 0 ? 1 : weekStart,
  };
}

/**
 * The start days of a rule's occurrences, from the event's start through `to` (and UNTIL, and
 * COUNT, which counts from the start whatever the window); `from` lets a rule without COUNT skip
 * ahead. `budget.left` bounds the steps taken; null when it ran out.
 */
function expand(
  start: number,
  rule: TRule,
  window: { from: number; to: number },
  budget: { left: number },
): number[] | null {
  const days: number[] = [start];
  const stop = Math.min(window.to, rule.until ?? Number.POSITIVE_INFINITY);
  let made = 1;
  const emit = (day: number) => {
    if (day <= start) return true;
    if (day > stop || (rule.count !== null && made >= rule.count)) return false;
    days.push(day);
    made += 1;
    return true;
  };
  if (rule.freq === "DAILY") {
    let step = 0;
    if (rule.count === null && window.from > start) {
      step = Math.max(0, Math.floor((window.from - start) / rule.interval) - 1);
    }
    for (; ; step++) {
      if (--budget.left < 0) return null;
      const day = start + step * rule.interval;
      if (day > stop || (rule.count !== null && made >= rule.count)) break;
      if (rule.byDay && !rule.byDay.includes(weekdayOf(day))) continue;
      if (!emit(day)) break;
    }
    return days;
  }
  const weekDays = (rule.byDay ?? [weekdayOf(start)])
    .map((w) => (w - rule.weekStart + 7) % 7)
    .sort((a, b) => a - b);
  const firstWeek = start - ((weekdayOf(start) - rule.weekStart + 7) % 7);
  const period = 7 * rule.interval;
  let week = 0;
  if (rule.count === null && window.from > firstWeek) {
    week = Math.max(0, Math.floor((window.from - firstWeek) / period) - 1);
  }
  for (; ; week++) {
    const weekStart = firstWeek + week * period;
    if (weekStart > stop || (rule.count !== null && made >= rule.count)) break;
    for (const offset of weekDays) {
      if (--budget.left < 0) return null;
      if (!emit(weekStart + offset)) return days;
    }
  }
  return days;
}

const iso = (day: number) => addDays("1970-01-01", day);

/**
 * The occurrences of the calendar's events that share a day with the window (`from` to `to`,
 * YYYY-MM-DD, both included). Throws ICalReadError when the text is not an iCalendar calendar.
 */
export function readICalendar(text: string, window: { from: string; to: string }): TICalRead {
  const { events, zone } = components(text);
  const from = dayNumber(window.from);
  const to = dayNumber(window.to);
  const budget = { left: EXPANSION_BUDGET };
  // What was left out, counted by reason: "3 events repeat by a rule it does not read (…)".
  const notes = new Map<string, number>();
  const note = (words: string) => notes.set(words, (notes.get(words) ?? 0) + 1);
  const noted = (n: number, words: string) =>
    `${n} ${n === 1 ? "event" : "events"} ${n === 1 ? singular(words) : words}.`;
  const occurrences: TICalOccurrence[] = [];

  // Occurrences moved or cancelled one by one (RECURRENCE-ID) leave their rule's set.
  const moved = new Map<string, Set<number>>();
  for (const event of events) {
    const uid = event.get("UID")?.[0]?.value.trim();
    const ids = daysOf(event.get("RECURRENCE-ID"), zone);
    if (uid && ids.length > 0) {
      const set = moved.get(uid) ?? new Set<number>();
      for (const day of ids) set.add(day);
      moved.set(uid, set);
    }
  }

  for (const event of events) {
    const value = (name: string) => event.get(name)?.[0]?.value.trim() ?? null;
    const status = value("STATUS")?.toUpperCase();
    if (status === "CANCELLED" || value("TRANSP")?.toUpperCase() === "TRANSPARENT") continue;
    const first = span(event, zone);
    if (!first) {
      note("without a readable start or end were left out");
      continue;
    }
    const uid = value("UID");
    const summary = value("SUMMARY");
    const length = first.last - first.start;
    let starts: number[] = [first.start];
    const rrule = value("RRULE");
    const isOverride = (event.get("RECURRENCE-ID")?.length ?? 0) > 0;
    if (rrule && !isOverride) {
      const rule = parseRule(rrule, zone);
      if ("unsupported" in rule) {
        note(
          `repeat by a rule not read here (${rule.unsupported}): only their first date was taken`,
        );
      } else {
        const days = expand(first.start, rule, { from: from - length, to }, budget);
        if (days) starts = days;
        else note("repeat more often than is read here: only their first date was taken");
      }
    }
    if (!isOverride) {
      starts.push(...daysOf(event.get("RDATE"), zone));
      const skipped = new Set([
        ...daysOf(event.get("EXDATE"), zone),
        ...(uid ? (moved.get(uid) ?? []) : []),
      ]);
      starts = [...new Set(starts)].filter((day) => !skipped.has(day)).sort((a, b) => a - b);
    }
    for (const start of starts) {
      const last = start + length;
      if (last < from || start > to) continue;
      occurrences.push({
        uid,
        summary: summary === null ? null : unescapeText(summary),
        startDate: iso(start),
        endDate: iso(last),
        tentative: status === "TENTATIVE",
      });
    }
  }
  return {
    occurrences,
    events: events.length,
    notes: [...notes].map(([words, n]) => noted(n, words)),
  };
}

/** The words of a note about one event: "were" is "was", "repeat" "repeats", "their" "its". */
function singular(words: string): string {
  return words
    .replace(/\bwere\b/, "was")
    .replace(/^repeat\b/, "repeats")
    .replace(/\btheir\b/, "its");
}
