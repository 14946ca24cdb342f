import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { buildCalendar, buildFeed, type TCalendarEvent } from "./ical";
import { readICalendar } from "./ical-read";

const base: TCalendarEvent = {
  uid: "0b6f5c9e-1111-4222-8333-944455556666@hostfield.test",
  stamp: new Date("2027-01-02T03:04:05.678Z"),
  created: new Date("2026-12-01T10:00:00Z"),
  lastModified: new Date("2026-12-15T11:30:00Z"),
  startDate: "2027-03-05",
  endDate: "2027-03-07",
  summary: "Spring Classic",
  description: null,
  location: null,
  geo: null,
  url: "http://hostfield.test/events/0b6f5c9e-1111-4222-8333-944455556666",
};

/** The calendar as ical.js reads it. */
const parse = (text: string) => new ICAL.Component(ICAL.parse(text));

/** The value of a property the component must have exactly once. */
function one(c: ICAL.Component, name: string) {
  expect(c.getAllProperties(name), `${c.name} has one ${name}`).toHaveLength(1);
  return c.getFirstPropertyValue(name);
}

/** A DATE value (an all-day start or end) as YYYY-MM-DD; fails on a DATE-TIME. */
function dayOf(c: ICAL.Component, name: string) {
  const time = one(c, name) as ICAL.Time;
  expect(time.isDate, `${name} is a DATE`).toBe(true);
  return time.toString();
}

/** A DATE-TIME in UTC (`…Z`) as ISO text; fails on a local or floating time. */
function utcOf(c: ICAL.Component, name: string) {
  const time = one(c, name) as ICAL.Time;
  expect(time.zone, `${name} is in UTC`).toBe(ICAL.Timezone.utcTimezone);
  return time.toString();
}

/**
 * The text as sent, by RFC 5545 §3.1: CRLF after every line (the last one too), no bare CR or LF,
 * no line over 75 octets; its physical lines.
 */
function physicalLines(text: string) {
  expect(text.endsWith("\r\n"), "the text ends with CRLF").toBe(true);
  const lines = text.slice(0, -2).split("\r\n");
  for (const line of lines) {
    expect(line).not.toMatch(/[\r\n]/);
    expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
  }
  return lines;
}

/** The calendar and its VEVENTs, with what every published calendar of ours carries. */
function calendarOf(text: string, prodId: string) {
  physicalLines(text);
  const root = parse(text);
  expect(root.name).toBe("vcalendar");
  expect(one(root, "version")).toBe("2.0");
  expect(one(root, "prodid")).toBe(prodId);
  expect(one(root, "calscale")).toBe("GREGORIAN");
  expect(one(root, "method")).toBe("PUBLISH");
  return { root, events: root.getAllSubcomponents("vevent") };
}

const calendar = (e: TCalendarEvent) => calendarOf(buildCalendar(e), "-//Hostfield//Events//EN");

describe("buildCalendar", () => {
  it("is a calendar with one all-day VEVENT whose DTEND is the day after the last day", () => {
    const { events } = calendar(base);
    expect(events).toHaveLength(1);
    const event = events[0]!;
    expect(one(event, "uid")).toBe(base.uid);
    expect(utcOf(event, "dtstamp")).toBe("2027-01-02T03:04:05Z");
    expect(utcOf(event, "created")).toBe("2026-12-01T10:00:00Z");
    expect(utcOf(event, "last-modified")).toBe("2026-12-15T11:30:00Z");
    expect(dayOf(event, "dtstart")).toBe("2027-03-05");
    expect(dayOf(event, "dtend")).toBe("2027-03-08");
    expect(one(event, "summary")).toBe("Spring Classic");
    expect(one(event, "url")).toBe(base.url);
    // An all-day event does not block the attendee's time.
    expect(one(event, "transp")).toBe("TRANSPARENT");
    for (const absent of ["description", "location", "geo"]) {
      expect(event.getAllProperties(absent)).toEqual([]);
    }
  });

  it("writes the same days whatever the server's time zone", () => {
    // Node reads TZ again when it changes; nothing awaits in between, so no other test sees it.
    const zone = process.env.TZ;
    try {
      for (const tz of ["America/Los_Angeles", "Pacific/Kiritimati", "UTC"]) {
        process.env.TZ = tz;
        const [event] = calendar(base).events;
        expect([dayOf(event!, "dtstart"), dayOf(event!, "dtend")], tz).toEqual([
          "2027-03-05",
          "2027-03-08",
        ]);
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it("ends an event that crosses a month or year end on the right day", () => {
    const [event] = calendar({ ...base, startDate: "2027-12-31", endDate: "2027-12-31" }).events;
    expect(dayOf(event!, "dtstart")).toBe("2027-12-31");
    expect(dayOf(event!, "dtend")).toBe("2028-01-01");
    const [february] = calendar({ ...base, startDate: "2028-02-27", endDate: "2028-02-29" }).events;
    expect(dayOf(february!, "dtend")).toBe("2028-03-01");
  });

  it("uses CRLF after every line, including the last", () => {
    const text = buildCalendar(base);
    expect(text.endsWith("END:VEVENT\r\nEND:VCALENDAR\r\n")).toBe(true);
    expect(text.replaceAll("\r\n", "")).not.toMatch(/[\r\n]/);
  });

  it("escapes , ; \\ and line breaks in TEXT values and reads them back whole", () => {
    const description = `Pool play, then brackets; bring "A\\B" forms.\r\nSecond line\rthird`;
    const location = "1 Main St, Louisville, Kentucky 40202";
    const text = buildCalendar({ ...base, description, location, summary: "Hoops, Inc; 3v3 \\o/" });
    // RFC 5545 §3.3.11: `\\`, `\;`, `\,` and `\n`; the line is short, so it is not folded.
    expect(text).toContain("\r\nSUMMARY:Hoops\\, Inc\\; 3v3 \\\\o/\r\n");
    expect(text).toContain("\r\nLOCATION:1 Main St\\, Louisville\\, Kentucky 40202\r\n");
    const [event] = calendarOf(text, "-//Hostfield//Events//EN").events;
    expect(one(event!, "summary")).toBe("Hoops, Inc; 3v3 \\o/");
    expect(one(event!, "location")).toBe(location);
    // Every line break, whatever it was, reads back as one LF.
    expect(one(event!, "description")).toBe(
      `Pool play, then brackets; bring "A\\B" forms.\nSecond line\nthird`,
    );
  });

  it("drops the control characters TEXT may not carry, and keeps tabs", () => {
    const text = buildCalendar({ ...base, summary: "bell\u0007 tab\t vt\u000b ok\u007f" });
    const [event] = calendarOf(text, "-//Hostfield//Events//EN").events;
    expect(one(event!, "summary")).toBe("bell tab\t vt ok");
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters looked for.
    expect(text).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/);
  });

  it("folds long values at 75 octets, never inside a character, and reads them back whole", () => {
    const description = `${"Courts 1-4, ".repeat(30)}end`;
    // 'é' is two octets, '🏀' four: octet 75 falls inside them unless the fold moves earlier.
    for (const char of ["é", "🏀"]) {
      const summary = `${"a".repeat(66)}${char.repeat(40)}`;
      const text = buildCalendar({ ...base, summary, description });
      const lines = physicalLines(text);
      expect(lines.filter((line) => line.startsWith(" ")).length).toBeGreaterThan(4);
      // Decoding each physical line alone would show a split character as U+FFFD.
      for (const line of lines) expect(Buffer.from(line, "utf8").toString("utf8")).toBe(line);
      const [event] = calendarOf(text, "-//Hostfield//Events//EN").events;
      expect(one(event!, "summary")).toBe(summary);
      expect(one(event!, "description")).toBe(description);
    }
  });

  it("writes GEO as latitude;longitude when the event has a point, with or without a place", () => {
    const geo = { lat: 38.2527, lng: -85.7585 };
    const [withPlace] = calendar({ ...base, geo, location: "Fieldhouse" }).events;
    expect(one(withPlace!, "location")).toBe("Fieldhouse");
    expect(one(withPlace!, "geo")).toEqual([38.2527, -85.7585]);
    const [pointOnly] = calendar({ ...base, geo }).events;
    expect(pointOnly!.getAllProperties("location")).toEqual([]);
    expect(one(pointOnly!, "geo")).toEqual([38.2527, -85.7585]);
    expect(buildCalendar({ ...base, geo })).toContain("\r\nGEO:38.2527;-85.7585\r\n");
  });
});

describe("buildFeed", () => {
  const entry = {
    created: new Date("2030-01-02T03:04:05Z"),
    lastModified: new Date("2030-01-03T03:04:05Z"),
  };
  const text = buildFeed({
    name: "Fieldhouse, Court 1; availability",
    stamp: new Date("2030-02-01T00:00:00Z"),
    refreshMinutes: 60,
    events: [
      {
        ...entry,
        uid: "a@hostfield.test",
        startDate: "2030-06-12",
        endDate: "2030-06-14",
        summary: "Booked",
        status: "CONFIRMED",
        transparent: false,
      },
      {
        ...entry,
        uid: "b@hostfield.test",
        startDate: "2030-06-20",
        endDate: "2030-06-20",
        summary: "Held",
        status: "TENTATIVE",
        transparent: false,
      },
      {
        ...entry,
        uid: "c@hostfield.test",
        startDate: "2030-07-01",
        endDate: "2030-07-02",
        summary: "Need dates, 15% off",
        status: "CONFIRMED",
        transparent: true,
      },
    ],
  });

  it("is a calendar with an all-day VEVENT per entry", () => {
    const { events } = calendarOf(text, "-//Hostfield//Venue calendar//EN");
    expect(
      events.map((e) => [
        one(e, "uid"),
        utcOf(e, "dtstamp"),
        utcOf(e, "created"),
        utcOf(e, "last-modified"),
        dayOf(e, "dtstart"),
        dayOf(e, "dtend"),
        one(e, "summary"),
        one(e, "status"),
        one(e, "transp"),
      ]),
    ).toEqual([
      [
        "a@hostfield.test",
        "2030-02-01T00:00:00Z",
        "2030-01-02T03:04:05Z",
        "2030-01-03T03:04:05Z",
        "2030-06-12",
        "2030-06-15",
        "Booked",
        "CONFIRMED",
        "OPAQUE",
      ],
      [
        "b@hostfield.test",
        "2030-02-01T00:00:00Z",
        "2030-01-02T03:04:05Z",
        "2030-01-03T03:04:05Z",
        "2030-06-20",
        "2030-06-21",
        "Held",
        "TENTATIVE",
        "OPAQUE",
      ],
      [
        "c@hostfield.test",
        "2030-02-01T00:00:00Z",
        "2030-01-02T03:04:05Z",
        "2030-01-03T03:04:05Z",
        "2030-07-01",
        "2030-07-03",
        "Need dates, 15% off",
        "CONFIRMED",
        "TRANSPARENT",
      ],
    ]);
    expect(text).toContain("\r\nSUMMARY:Need dates\\, 15% off\r\n");
  });

  it("names the calendar in TEXT, its comma and semicolon escaped", () => {
    // X-WR-CALNAME, and RFC 7986's NAME, are TEXT (RFC 5545 §3.8.8.2: an x-prop's default type),
    // so `,` and `;` are escaped (§3.3.11).
    expect(text).toContain("\r\nX-WR-CALNAME:Fieldhouse\\, Court 1\\; availability\r\n");
    expect(text).toContain("\r\nNAME:Fieldhouse\\, Court 1\\; availability\r\n");
    // ical.js does not know X-WR-CALNAME and hands its value back as written: read it as TEXT.
    const { root } = calendarOf(text, "-//Hostfield//Venue calendar//EN");
    const name = one(root, "x-wr-calname") as string;
    expect(ICAL.design.icalendar.value.text.fromICAL(name)).toBe(
      "Fieldhouse, Court 1; availability",
    );
  });

  it("asks subscribers to read it again every refreshMinutes", () => {
    const { root } = calendarOf(text, "-//Hostfield//Venue calendar//EN");
    expect((one(root, "refresh-interval") as ICAL.Duration).toSeconds()).toBe(60 * 60);
    expect(ICAL.Duration.fromString(one(root, "x-published-ttl") as string).toSeconds()).toBe(
      60 * 60,
    );
  });

  it("is an empty calendar, still named, when there is nothing to show", () => {
    const empty = buildFeed({ name: "Empty", stamp: new Date(), refreshMinutes: 60, events: [] });
    const { root, events } = calendarOf(empty, "-//Hostfield//Venue calendar//EN");
    expect(events).toEqual([]);
    expect(one(root, "x-wr-calname")).toBe("Empty");
  });

  it("reads back through the importer: taken days as they were, offered ones left out", () => {
    const read = readICalendar(text, { from: "2030-01-01", to: "2030-12-31" });
    expect(read.occurrences.map((o) => [o.startDate, o.endDate, o.tentative])).toEqual([
      ["2030-06-12", "2030-06-14", false],
      ["2030-06-20", "2030-06-20", true],
    ]);
  });
});
