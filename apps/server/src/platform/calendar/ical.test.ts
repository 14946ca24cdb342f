import { describe, expect, it } from "vitest";
import { buildCalendar, buildFeed, escapeText, foldLine, type TCalendarEvent } from "./ical";
import { readICalendar } from "./ical-read";
import {
  checkCalendar,
  contentLines,
  one,
  parseCalendar,
  unescapeText,
} from "./testing/ical-strict-parser";

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

describe("escapeText (RFC 5545 §3.3.11)", () => {
  it("escapes backslash, semicolon and comma, and writes every line break as \\n", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf\rg")).toBe("a\\\\b\\;c\\,d\\ne\\nf\\ng");
  });

  it("drops control characters TEXT may not carry", () => {
    expect(escapeText("bell\u0007 tab\u000b ok")).toBe("bell tab ok");
  });

  it("reads back to the original through a strict reader", () => {
    const text = 'Courts 1, 2; "A" \\ B\nline two';
    expect(unescapeText(escapeText(text))).toBe(text);
  });
});

describe("foldLine (RFC 5545 §3.1)", () => {
  it("leaves a line of 75 octets as it is and folds the 76th onto a continuation line", () => {
    const exact = `X:${"a".repeat(73)}`;
    expect(foldLine(exact)).toBe(exact);
    const over = `${exact}b`;
    expect(foldLine(over)).toBe(`${exact}\r\n b`);
  });

  it("keeps continuation lines to 75 octets including their leading space", () => {
    const folded = foldLine(`DESCRIPTION:${"x".repeat(300)}`);
    const lines = folded.split("\r\n");
    expect(lines.length).toBe(5);
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((l) => l.startsWith(" "))).toBe(true);
    expect(lines.map((l, i) => (i ? l.slice(1) : l)).join("")).toBe(
      `DESCRIPTION:${"x".repeat(300)}`,
    );
  });

  it("never splits a multi-octet character", () => {
    // 'é' is two octets, '🏀' four: octet 75 falls inside them unless the fold moves earlier.
    for (const char of ["é", "🏀"]) {
      const line = `SUMMARY:${"a".repeat(66)}${char.repeat(20)}`;
      const folded = foldLine(line);
      for (const part of folded.split("\r\n")) {
        expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
        // Re-encoding a split character would produce U+FFFD.
        expect(Buffer.from(part, "utf8").toString("utf8")).toBe(part);
      }
      expect(folded.replaceAll("\r\n ", "")).toBe(line);
    }
  });
});

describe("buildCalendar", () => {
  it("is a valid calendar with one all-day VEVENT whose DTEND is the day after the last day", () => {
    const text = buildCalendar(base);
    const [event] = checkCalendar(parseCalendar(text));
    expect(one(event!, "DTSTART")).toEqual({
      name: "DTSTART",
      params: { VALUE: "DATE" },
      value: "20270305",
    });
    expect(one(event!, "DTEND").value).toBe("20270308");
    expect(one(event!, "DTSTAMP").value).toBe("20270102T030405Z");
    expect(one(event!, "UID").value).toBe(base.uid);
    expect(one(event!, "URL").value).toBe(base.url);
  });

  it("ends an event that crosses a month or year end on the right day", () => {
    const [event] = checkCalendar(
      parseCalendar(buildCalendar({ ...base, startDate: "2027-12-31", endDate: "2027-12-31" })),
    );
    expect(one(event!, "DTEND").value).toBe("20280101");
  });

  it("uses CRLF after every line, including the last", () => {
    const text = buildCalendar(base);
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(text.replaceAll("\r\n", "").includes("\n")).toBe(false);
    expect(text.replaceAll("\r\n", "").includes("\r")).toBe(false);
  });

  it("escapes and folds long text values so a strict reader gets them back whole", () => {
    const description = `Pool play, then brackets; bring "A\\B" forms.\n${"Courts 1-4 ".repeat(20)}`;
    const location = "1 Main St, Louisville, Kentucky 40202";
    const text = buildCalendar({ ...base, description, location, summary: "Hoops, Inc; 3v3" });
    const lines = contentLines(text);
    const [event] = checkCalendar(parseCalendar(text));
    expect(unescapeText(one(event!, "DESCRIPTION").value)).toBe(description);
    expect(unescapeText(one(event!, "LOCATION").value)).toBe(location);
    expect(unescapeText(one(event!, "SUMMARY").value)).toBe("Hoops, Inc; 3v3");
    expect(text.split("\r\n").length).toBeGreaterThan(lines.length);
  });

  it("writes GEO as latitude;longitude when the event has a point", () => {
    const [event] = checkCalendar(
      parseCalendar(buildCalendar({ ...base, geo: { lat: 38.2527, lng: -85.7585 } })),
    );
    expect(one(event!, "GEO").value).toBe("38.2527;-85.7585");
  });

  it("is refused by the strict reader when broken, so the checks above can fail", () => {
    const good = buildCalendar(base);
    expect(() => parseCalendar(good.replaceAll("\r\n", "\n"))).toThrow(/CRLF|bare/);
    expect(() =>
      parseCalendar(good.replace("SUMMARY:Spring Classic", `SUMMARY:${"a".repeat(80)}`)),
    ).toThrow(/75 octets/);
    expect(() =>
      checkCalendar(parseCalendar(good.replace("SUMMARY:Spring Classic", "SUMMARY:a,b"))),
    ).toThrow(/unescaped/);
    expect(() => parseCalendar(good.replace("END:VEVENT\r\n", ""))).toThrow(/closes|not closed/);
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

  it("writes a strict RFC 5545 calendar with an all-day VEVENT per entry", () => {
    const root = parseCalendar(text);
    const events = checkCalendar(root);
    expect(unescapeText(one(root, "X-WR-CALNAME").value)).toBe("Fieldhouse, Court 1; availability");
    expect(one(root, "REFRESH-INTERVAL").value).toBe("PT60M");
    expect(
      events.map((e) => [
        one(e, "UID").value,
        one(e, "DTSTART").value,
        one(e, "DTEND").value,
        unescapeText(one(e, "SUMMARY").value),
        one(e, "STATUS").value,
        one(e, "TRANSP").value,
      ]),
    ).toEqual([
      ["a@hostfield.test", "20300612", "20300615", "Booked", "CONFIRMED", "OPAQUE"],
      ["b@hostfield.test", "20300620", "20300621", "Held", "TENTATIVE", "OPAQUE"],
      [
        "c@hostfield.test",
        "20300701",
        "20300703",
        "Need dates, 15% off",
        "CONFIRMED",
        "TRANSPARENT",
      ],
    ]);
  });

  it("reads back through the importer: taken days as they were, offered ones left out", () => {
    const read = readICalendar(text, { from: "2030-01-01", to: "2030-12-31" });
    expect(read.occurrences.map((o) => [o.startDate, o.endDate, o.tentative])).toEqual([
      ["2030-06-12", "2030-06-14", false],
      ["2030-06-20", "2030-06-20", true],
    ]);
  });
});
