// All-day events as RFC 5545 iCalendar objects: one (an event's `GET /events/{id}/ical`, a hotel stay
// in its confirmation mail) or a feed of many (a venue's calendar, `buildFeed`); TEXT values
// escaped and content lines folded at 75 octets, CRLF line ends.
import { addDays } from "@hostfield/domain/rules";

export type TCalendarEvent = {
  /** Globally unique and stable for the event, so a re-import updates instead of duplicating. */
  uid: string;
  /** When this object was generated (DTSTAMP, with METHOD:PUBLISH). */
  stamp: Date;
  created: Date;
  lastModified: Date;
  /** Calendar dates, YYYY-MM-DD; the end is the last day of the event (inclusive). */
  startDate: string;
  endDate: string;
  summary: string;
  description: string | null;
  location: string | null;
  geo: { lat: number; lng: number } | null;
  url: string | null;
};

export const ICAL_PRODID = "-//Hostfield//Events//EN";
const MAX_LINE_OCTETS = 75;

// TEXT may not carry control characters (RFC 5545 §3.3.11) other than the escaped line break.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what is removed.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** A TEXT value: backslash, semicolon and comma escaped, every line break as `\n`. */
export function escapeText(value: string): string {
  return value
    .replace(CONTROL, "")
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/**
 * One content line folded so no physical line exceeds 75 octets (RFC 5545 §3.1): a fold is CRLF
 * plus one space, which counts towards the next line, and never falls inside a UTF-8 sequence.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  let limit = MAX_LINE_OCTETS;
  for (const char of line) {
    const size = Buffer.byteLength(char, "utf8");
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
      limit = MAX_LINE_OCTETS - 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

const basicDate = (isoDate: string) => isoDate.replaceAll("-", "");
const basicDateTime = (d: Date) => `${d.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;

const crlf = (lines: readonly string[]) => lines.map((line) => `${foldLine(line)}\r\n`).join("");

/** An all-day range's DTSTART and DTEND: DTEND is exclusive, the day after the last day. */
const allDay = (startDate: string, endDate: string) => [
  `DTSTART;VALUE=DATE:${basicDate(startDate)}`,
  // All-day: DTEND is exclusive, the day after the last day (RFC 5545 §3.6.1).
  `DTEND;VALUE=DATE:${basicDate(addDays(endDate, 1))}`,
];

/** The whole calendar: VCALENDAR with one VEVENT, CRLF after every line. */
export function buildCalendar(e: TCalendarEvent): string {
  const lines = [
    "BEGIN:VCALENDAR",
    `PRODID:${ICAL_PRODID}`,
    "VERSION:2.0",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${escapeText(e.uid)}`,
    `DTSTAMP:${basicDateTime(e.stamp)}`,
    `CREATED:${basicDateTime(e.created)}`,
    `LAST-MODIFIED:${basicDateTime(e.lastModified)}`,
    ...allDay(e.startDate, e.endDate),
    `SUMMARY:${escapeText(e.summary)}`,
    ...(e.description ? [`DESCRIPTION:${escapeText(e.description)}`] : []),
    ...(e.location ? [`LOCATION:${escapeText(e.location)}`] : []),
    ...(e.geo ? [`GEO:${e.geo.lat};${e.geo.lng}`] : []),
    ...(e.url ? [`URL:${e.url}`] : []),
    // An all-day event does not block the attendee's time.
    "TRANSP:TRANSPARENT",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return crlf(lines);
}

/** One all-day entry of a feed: days that are taken (opaque) or offered (transparent). */
export type TFeedEvent = {
  /** Stable for the entry, so a subscriber's next read updates it instead of adding another. */
  uid: string;
  created: Date;
  lastModified: Date;
  /** Calendar dates, YYYY-MM-DD; the end is the last day (inclusive). */
  startDate: string;
  endDate: string;
  summary: string;
  status: "CONFIRMED" | "TENTATIVE";
  /** Free time (TRANSP:TRANSPARENT) rather than busy. */
  transparent: boolean;
};

export const ICAL_FEED_PRODID = "-//Hostfield//Venue calendar//EN";

/**
 * A calendar feed for subscribers (calendar apps, booking systems): VCALENDAR named `name` with an
 * all-day VEVENT per entry, read again every `refreshMinutes`; CRLF after every line.
 */
export function buildFeed(feed: {
  name: string;
  stamp: Date;
  refreshMinutes: number;
  events: readonly TFeedEvent[];
}): string {
  const refresh = `PT${feed.refreshMinutes}M`;
  const lines = [
    "BEGIN:VCALENDAR",
    `PRODID:${ICAL_FEED_PRODID}`,
    "VERSION:2.0",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(feed.name)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${refresh}`,
    `X-PUBLISHED-TTL:${refresh}`,
    ...feed.events.flatMap((e) => [
      "BEGIN:VEVENT",
      `UID:${escapeText(e.uid)}`,
      `DTSTAMP:${basicDateTime(feed.stamp)}`,
      `CREATED:${basicDateTime(e.created)}`,
      `LAST-MODIFIED:${basicDateTime(e.lastModified)}`,
      ...allDay(e.startDate, e.endDate),
      `SUMMARY:${escapeText(e.summary)}`,
      `STATUS:${e.status}`,
      `TRANSP:${e.transparent ? "TRANSPARENT" : "OPAQUE"}`,
      "END:VEVENT",
    ]),
    "END:VCALENDAR",
  ];
  return crlf(lines);
}
