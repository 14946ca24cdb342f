// What a calendar keeps of a feed's events: each occurrence as days booked (held, when tentative)
// for the whole venue, cut to the calendar's reach (no past days, nothing past
// AVAILABILITY_MAX_DAYS_AHEAD), overlapping or adjacent days of one kind joined, ranges no longer
// than AVAILABILITY_MAX_RANGE_DAYS, and no more of them than the calendar has room for.
import {
  AVAILABILITY_MAX_DAYS_AHEAD,
  AVAILABILITY_MAX_RANGE_DAYS,
  AVAILABILITY_MAX_RANGES,
} from "@hostfield/domain/reference";
import { addDays } from "@hostfield/domain/rules";
import type { TICalOccurrence } from "../../platform/calendar/ical-read";

export type TFeedRange = {
  kind: "booked" | "held";
  startDate: string;
  endDate: string;
  /** The events' names (SUMMARY), for the managers. */
  note: string | null;
};

const NOTE_MAX = 200;

/** The reach of a calendar on `today`: from today to AVAILABILITY_MAX_DAYS_AHEAD days on. */
export const feedWindow = (today: string) => ({
  from: today,
  to: addDays(today, AVAILABILITY_MAX_DAYS_AHEAD),
});

function joinNotes(a: string | null, b: string | null): string | null {
  if (!b || a?.split(" · ").includes(b)) return a;
  const joined = a ? `${a} · ${b}` : b;
  return joined.length > NOTE_MAX ? `${joined.slice(0, NOTE_MAX - 1)}…` : joined;
}

/**
 * The ranges to keep of the occurrences on `today`, at most `room` of them (earliest first), and
 * what was left out, in words.
 */
export function feedRanges(
  occurrences: readonly TICalOccurrence[],
  today: string,
  room: number = AVAILABILITY_MAX_RANGES,
): { ranges: TFeedRange[]; notes: string[] } {
  const { from, to } = feedWindow(today);
  const notes: string[] = [];
  const byKind = new Map<TFeedRange["kind"], TFeedRange[]>([
    ["booked", []],
    ["held", []],
  ]);
  for (const o of occurrences) {
    if (o.endDate < from) continue;
    const startDate = o.startDate < from ? from : o.startDate;
    const endDate = o.endDate > to ? to : o.endDate;
    if (startDate > endDate) continue;
    const summary = o.summary?.replace(/\s+/g, " ").trim() || null;
    byKind.get(o.tentative ? "held" : "booked")!.push({
      kind: o.tentative ? "held" : "booked",
      startDate,
      endDate,
      note: summary ? joinNotes(null, summary) : null,
    });
  }

  const ranges: TFeedRange[] = [];
  for (const list of byKind.values()) {
    list.sort((a, b) => a.startDate.localeCompare(b.startDate));
    const joined: TFeedRange[] = [];
    for (const range of list) {
      const last = joined.at(-1);
      // Overlapping or touching days of one kind are one range.
      if (last && range.startDate <= addDays(last.endDate, 1)) {
        if (range.endDate > last.endDate) last.endDate = range.endDate;
        last.note = joinNotes(last.note, range.note);
      } else {
        joined.push({ ...range });
      }
    }
    for (const range of joined) {
      // A range is AVAILABILITY_MAX_RANGE_DAYS at most: a longer one is cut into pieces.
      let start = range.startDate;
      while (start <= range.endDate) {
        const pieceEnd = addDays(start, AVAILABILITY_MAX_RANGE_DAYS - 1);
        const endDate = pieceEnd < range.endDate ? pieceEnd : range.endDate;
        ranges.push({ ...range, startDate: start, endDate });
        start = addDays(endDate, 1);
      }
    }
  }
  ranges.sort((a, b) => a.startDate.localeCompare(b.startDate) || a.kind.localeCompare(b.kind));
  if (ranges.length > room) {
    notes.push(
      `Only the first ${room} of ${ranges.length} ranges were kept: a calendar keeps ${AVAILABILITY_MAX_RANGES} at most, those marked here included.`,
    );
    return { ranges: ranges.slice(0, room), notes };
  }
  return { ranges, notes };
}
