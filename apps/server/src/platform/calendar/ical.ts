// All-day events as RFC 5545 iCalendar objects, written by ical-generator (TEXT escaping, folding
// at 75 octets, CRLF line ends): one (an event's `GET /events/{id}/ical`, a hotel stay in its
// confirmation mail) or a feed of many (a venue's calendar, `buildFeed`). Days are written as DATE
// values and stamps in UTC, so no time zone is involved.
import { addDays } from "@hostfield/domain/rules";
import ical, {
  escape as escapeText,
  type ICalCalendar,
  ICalCalendarMethod,
  type ICalCalendarProdIdData,
  ICalEventStatus,
  ICalEventTransparency,
  type ICalLocation,
} from "ical-generator";

export type TCalendarEvent = {
  /**
   * Globally unique and stable for the event, so a re-import updates instead of duplicating. Written
   * as it is: an id at a host, with no comma, semicolon, backslash or line break to escape.
   */
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

/** PRODID:-//Hostfield//Events//EN */
const EVENTS_PRODID: ICalCalendarProdIdData = { company: "Hostfield", product: "Events" };
/** PRODID:-//Hostfield//Venue calendar//EN */
const FEED_PRODID: ICalCalendarProdIdData = { company: "Hostfield", product: "Venue calendar" };

// TEXT may not carry control characters (RFC 5545 §3.3.11) other than the escaped line break;
// ical-generator escapes but keeps them.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what is removed.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const text = (value: string) => value.replace(CONTROL, "");

/**
 * An all-day range: DTSTART and DTEND as DATE values, DTEND exclusive, the day after the last day
 * (RFC 5545 §3.6.1). Without a time zone ical-generator writes a Date's UTC day, so UTC midnights.
 */
const allDay = (startDate: string, endDate: string) => ({
  allDay: true,
  start: new Date(`${startDate}T00:00:00Z`),
  end: new Date(`${addDays(endDate, 1)}T00:00:00Z`),
});

/** LOCATION and GEO, each when there is one (ical-generator omits GEO on a coordinate of 0). */
function locationOf(e: TCalendarEvent): ICalLocation | null {
  const geo = e.geo ? { lat: e.geo.lat, lon: e.geo.lng } : null;
  if (e.location) return geo ? { title: text(e.location), geo } : { title: text(e.location) };
  return geo ? { geo } : null;
}

/**
 * The calendar's text with a CRLF after every content line (RFC 5545 §3.1): ical-generator ends
 * the last one, END:VCALENDAR, without it.
 */
function render(calendar: ICalCalendar): string {
  const written = calendar.toString();
  return written.endsWith("\r\n") ? written : `${written}\r\n`;
}

/** The whole calendar: VCALENDAR with one VEVENT. */
export function buildCalendar(e: TCalendarEvent): string {
  const calendar = ical({
    prodId: EVENTS_PRODID,
    scale: "GREGORIAN",
    method: ICalCalendarMethod.PUBLISH,
  });
  calendar.createEvent({
    id: e.uid,
    stamp: e.stamp,
    created: e.created,
    lastModified: e.lastModified,
    ...allDay(e.startDate, e.endDate),
    summary: text(e.summary),
    description: e.description ? text(e.description) : null,
    location: locationOf(e),
    url: e.url,
    // An all-day event does not block the attendee's time.
    transparency: ICalEventTransparency.TRANSPARENT,
  });
  return render(calendar);
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

/**
 * A calendar feed for subscribers (calendar apps, booking systems): VCALENDAR named `name` with an
 * all-day VEVENT per entry, read again every `refreshMinutes`.
 */
export function buildFeed(feed: {
  name: string;
  stamp: Date;
  refreshMinutes: number;
  events: readonly TFeedEvent[];
}): string {
  const calendar = ical({
    prodId: FEED_PRODID,
    scale: "GREGORIAN",
    method: ICalCalendarMethod.PUBLISH,
    // ical-generator writes the name (NAME and X-WR-CALNAME, both TEXT) as it is given, while a
    // TEXT value must escape `\`, `;`, `,` and line breaks (RFC 5545 §3.3.11): it gets it escaped.
    name: escapeText(text(feed.name), false),
    // REFRESH-INTERVAL and X-PUBLISHED-TTL.
    ttl: feed.refreshMinutes * 60,
  });
  for (const e of feed.events) {
    calendar.createEvent({
      id: e.uid,
      stamp: feed.stamp,
      created: e.created,
      lastModified: e.lastModified,
      ...allDay(e.startDate, e.endDate),
      summary: text(e.summary),
      status: ICalEventStatus[e.status],
      transparency: e.transparent
        ? ICalEventTransparency.TRANSPARENT
        : ICalEventTransparency.OPAQUE,
    });
  }
  return render(calendar);
}
