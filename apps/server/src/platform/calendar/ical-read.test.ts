import { describe, expect, it } from "vitest";
import { buildCalendar } from "./ical";
import { ICalReadError, readICalendar, unfoldLines } from "./ical-read";

const WINDOW = { from: "2030-01-01", to: "2031-12-31" };

/** A calendar of the given VEVENT bodies, CRLF line ends, with calendar-level lines first. */
function calendar(events: string[][], head: string[] = []): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Test//Feed//EN",
    ...head,
    ...events.flatMap((body, i) => ["BEGIN:VEVENT", `UID:e${i}@test`, ...body, "END:VEVENT"]),
    "END:VCALENDAR",
  ];
  return `${lines.join("\r\n")}\r\n`;
}

const days = (text: string, window = WINDOW) =>
  readICalendar(text, window).occurrences.map((o) => [o.startDate, o.endDate]);

describe("unfolding (RFC 5545 §3.1)", () => {
  it("joins continuation lines (space or tab) and takes CRLF, LF or CR line ends", () => {
    expect(unfoldLines("A:one\r\n two\r\n\tthree\nB:x\rC:y\r\n")).toEqual([
      "A:onetwothree",
      "B:x",
      "C:y",
    ]);
  });

  it("reads a summary folded across lines, with its escapes undone", () => {
    const text = calendar([
      [
        "DTSTART;VALUE=DATE:20300612",
        "SUMMARY:State finals\\, courts 1\\;2 \\",
        " \\ and the\\nfinal",
      ],
    ]);
    const [event] = readICalendar(text, WINDOW).occurrences;
    expect(event!.summary).toBe("State finals, courts 1;2 \\ and the\nfinal");
  });
});

describe("dates", () => {
  it("an all-day event's end is exclusive: DTEND the day after its last day", () => {
    const text = calendar([["DTSTART;VALUE=DATE:20300612", "DTEND;VALUE=DATE:20300615"]]);
    expect(days(text)).toEqual([["2030-06-12", "2030-06-14"]]);
  });

  it("an all-day event without an end takes its one day; a DATE written without VALUE too", () => {
    expect(days(calendar([["DTSTART;VALUE=DATE:20300612"]]))).toEqual([
      ["2030-06-12", "2030-06-12"],
    ]);
    expect(days(calendar([["DTSTART:20300612", "DTEND:20300613"]]))).toEqual([
      ["2030-06-12", "2030-06-12"],
    ]);
  });

  it("a timed event takes every day it touches; one ending at midnight takes no part of that day", () => {
    const text = calendar([
      ["DTSTART:20300612T180000", "DTEND:20300614T100000"],
      ["DTSTART:20300620T090000", "DTEND:20300621T000000"],
      ["DTSTART:20300625T090000"],
    ]);
    expect(days(text)).toEqual([
      ["2030-06-12", "2030-06-14"],
      ["2030-06-20", "2030-06-20"],
      ["2030-06-25", "2030-06-25"],
    ]);
  });

  it("a TZID time is the venue's wall time: its day is the day written", () => {
    const text = calendar([
      [
        "DTSTART;TZID=America/Los_Angeles:20300612T220000",
        "DTEND;TZID=America/Los_Angeles:20300612T235900",
      ],
    ]);
    expect(days(text)).toEqual([["2030-06-12", "2030-06-12"]]);
  });

  it("a UTC time is read in the calendar's X-WR-TIMEZONE, else in UTC", () => {
    // 02:00 UTC on the 13th is 22:00 on the 12th in New York.
    const event = [["DTSTART:20300613T020000Z", "DTEND:20300613T030000Z"]];
    expect(days(calendar(event, ["X-WR-TIMEZONE:America/New_York"]))).toEqual([
      ["2030-06-12", "2030-06-12"],
    ]);
    expect(days(calendar(event))).toEqual([["2030-06-13", "2030-06-13"]]);
    // A zone name nobody knows is no zone: UTC.
    expect(days(calendar(event, ["X-WR-TIMEZONE:Mars/Olympus"]))).toEqual([
      ["2030-06-13", "2030-06-13"],
    ]);
  });

  it("a DURATION gives the end when DTEND is absent", () => {
    const text = calendar([
      ["DTSTART;VALUE=DATE:20300612", "DURATION:P3D"],
      ["DTSTART:20300620T200000", "DURATION:PT6H"],
      ["DTSTART;VALUE=DATE:20300701", "DURATION:P1W"],
    ]);
    expect(days(text)).toEqual([
      ["2030-06-12", "2030-06-14"],
      ["2030-06-20", "2030-06-21"],
      ["2030-07-01", "2030-07-07"],
    ]);
  });

  it("keeps only occurrences that share a day with the window", () => {
    const text = calendar([
      ["DTSTART;VALUE=DATE:20291230", "DTEND;VALUE=DATE:20300103"],
      ["DTSTART;VALUE=DATE:20290601", "DTEND;VALUE=DATE:20290602"],
      ["DTSTART;VALUE=DATE:20320601"],
    ]);
    expect(days(text)).toEqual([["2029-12-30", "2030-01-02"]]);
  });

  it("leaves out an event whose dates cannot be read, and says so", () => {
    const text = calendar([
      ["DTSTART:2030-06-12"],
      ["DTSTART;VALUE=DATE:20300231"],
      ["SUMMARY:no start"],
      ["DTSTART;VALUE=DATE:20300612"],
    ]);
    const read = readICalendar(text, WINDOW);
    expect(read.occurrences).toHaveLength(1);
    expect(read.events).toBe(4);
    expect(read.notes).toEqual(["3 events without a readable start or end were left out."]);
  });
});

describe("status and transparency", () => {
  it("leaves out cancelled and transparent (free) events; marks tentative ones", () => {
    const text = calendar([
      ["DTSTART;VALUE=DATE:20300601", "STATUS:CANCELLED"],
      ["DTSTART;VALUE=DATE:20300602", "TRANSP:TRANSPARENT"],
      ["DTSTART;VALUE=DATE:20300603", "STATUS:TENTATIVE"],
      ["DTSTART;VALUE=DATE:20300604", "STATUS:CONFIRMED", "TRANSP:OPAQUE"],
    ]);
    const read = readICalendar(text, WINDOW);
    expect(read.occurrences.map((o) => [o.startDate, o.tentative])).toEqual([
      ["2030-06-03", true],
      ["2030-06-04", false],
    ]);
  });

  it("reads an alarm's properties as the alarm's, not the event's", () => {
    const text = calendar([
      [
        "DTSTART;VALUE=DATE:20300612",
        "BEGIN:VALARM",
        "ACTION:DISPLAY",
        "TRIGGER:-PT15M",
        "STATUS:CANCELLED",
        "END:VALARM",
      ],
    ]);
    expect(days(text)).toEqual([["2030-06-12", "2030-06-12"]]);
  });
});

describe("repeats (RRULE)", () => {
  it("a weekly rule on named weekdays, until a day", () => {
    // Saturdays and Sundays of June 2030 from the 1st (a Saturday) to the 16th.
    const text = calendar([
      [
        "DTSTART;VALUE=DATE:20300601",
        "DTEND;VALUE=DATE:20300602",
        "RRULE:FREQ=WEEKLY;BYDAY=SA,SU;UNTIL=20300616",
      ],
    ]);
    expect(days(text).map(([start]) => start)).toEqual([
      "2030-06-01",
      "2030-06-02",
      "2030-06-08",
      "2030-06-09",
      "2030-06-15",
      "2030-06-16",
    ]);
  });

  it("a weekly rule every other week, a number of times, less its exceptions and moved dates", () => {
    const text = calendar([
      [
        "UID:league@test",
        "DTSTART:20300603T190000",
        "DTEND:20300603T210000",
        "RRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=4",
        "EXDATE:20300617T190000",
      ],
      // The 1st of July's game moved to the 2nd.
      [
        "UID:league@test",
        "RECURRENCE-ID:20300701T190000",
        "DTSTART:20300702T190000",
        "DTEND:20300702T210000",
      ],
    ]).replace(/UID:e\d@test\r\n(UID:league)/g, "$1");
    expect(days(text).map(([start]) => start)).toEqual(["2030-06-03", "2030-07-15", "2030-07-02"]);
  });

  it("a multi-day weekly event keeps its length; a daily rule counts from its start", () => {
    const text = calendar([
      ["DTSTART;VALUE=DATE:20300607", "DTEND;VALUE=DATE:20300610", "RRULE:FREQ=WEEKLY;COUNT=2"],
      ["DTSTART;VALUE=DATE:20300801", "RRULE:FREQ=DAILY;COUNT=3"],
    ]);
    expect(days(text)).toEqual([
      ["2030-06-07", "2030-06-09"],
      ["2030-06-14", "2030-06-16"],
      ["2030-08-01", "2030-08-01"],
      ["2030-08-02", "2030-08-02"],
      ["2030-08-03", "2030-08-03"],
    ]);
  });

  it("a rule without an end stops at the window, and one begun long ago starts in it", () => {
    const text = calendar([["DTSTART;VALUE=DATE:19990104", "RRULE:FREQ=WEEKLY;BYDAY=MO"]]);
    const mondays = days(text, { from: "2030-06-01", to: "2030-06-30" }).map(([start]) => start);
    expect(mondays).toEqual(["2030-06-03", "2030-06-10", "2030-06-17", "2030-06-24"]);
  });

  it("a daily rule on weekdays only", () => {
    const text = calendar([
      ["DTSTART;VALUE=DATE:20300603", "RRULE:FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR;UNTIL=20300611"],
    ]);
    expect(days(text).map(([start]) => start)).toEqual([
      "2030-06-03",
      "2030-06-04",
      "2030-06-05",
      "2030-06-06",
      "2030-06-07",
      "2030-06-10",
      "2030-06-11",
    ]);
  });

  it("keeps the first date of a rule it does not read, with a note", () => {
    const text = calendar([
      ["DTSTART;VALUE=DATE:20300601", "RRULE:FREQ=MONTHLY;BYMONTHDAY=1"],
      ["DTSTART;VALUE=DATE:20300602", "RRULE:FREQ=WEEKLY;BYDAY=1SU"],
      ["DTSTART;VALUE=DATE:20300603", "RRULE:FREQ=YEARLY"],
    ]);
    const read = readICalendar(text, WINDOW);
    expect(read.occurrences.map((o) => o.startDate)).toEqual([
      "2030-06-01",
      "2030-06-02",
      "2030-06-03",
    ]);
    expect(read.notes).toEqual([
      "1 event repeats by a rule not read here (FREQ=MONTHLY): only its first date was taken.",
      "1 event repeats by a rule not read here (BYDAY=1SU): only its first date was taken.",
      "1 event repeats by a rule not read here (FREQ=YEARLY): only its first date was taken.",
    ]);
  });
});

describe("what is not a calendar", () => {
  it.each([
    ["an HTML page", "<!DOCTYPE html><html><body>Not found</body></html>"],
    ["an empty text", ""],
    ["JSON", '{"events": []}'],
    [
      "a calendar cut short",
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nDTSTART:20300612\r\n",
    ],
    [
      "a line that is no content line",
      "BEGIN:VCALENDAR\r\nthis is not a line\r\nEND:VCALENDAR\r\n",
    ],
    ["unbalanced parts", "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"],
    ["another outer part", "BEGIN:VCARD\r\nFN:Someone\r\nEND:VCARD\r\n"],
  ])("refuses %s", (_what, text) => {
    expect(() => readICalendar(text, WINDOW)).toThrow(ICalReadError);
  });

  it("reads a calendar with no events as empty", () => {
    expect(readICalendar(calendar([]), WINDOW)).toEqual({ occurrences: [], events: 0, notes: [] });
  });
});

describe("our own export", () => {
  it("reads back what buildCalendar writes, except that it is transparent", () => {
    const text = buildCalendar({
      uid: "x@hostfield.test",
      stamp: new Date("2030-01-01T00:00:00Z"),
      created: new Date("2030-01-01T00:00:00Z"),
      lastModified: new Date("2030-01-01T00:00:00Z"),
      startDate: "2030-06-12",
      endDate: "2030-06-14",
      summary: `A long name that folds, ${"x".repeat(100)}`,
      description: null,
      location: null,
      geo: null,
      url: null,
    });
    // An event's entry for planners does not block their time; opaque, it is three days.
    expect(readICalendar(text, WINDOW).occurrences).toEqual([]);
    const opaque = text.replace("TRANSP:TRANSPARENT", "TRANSP:OPAQUE");
    const [event] = readICalendar(opaque, WINDOW).occurrences;
    expect([event!.startDate, event!.endDate]).toEqual(["2030-06-12", "2030-06-14"]);
    expect(event!.summary).toBe(`A long name that folds, ${"x".repeat(100)}`);
  });
});
