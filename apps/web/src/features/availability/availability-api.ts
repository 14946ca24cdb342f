// A venue's calendar (facility or destination service) as its page reads it: a window of it, and
// removing a range. The reply is checked by hand (lib/reply-shape): the calendar shows on a venue's
// page, which visitors open first, and zod would add its weight there. The managers' own calls
// (marking days, the sync) are in availability-edits-api.ts, loaded with their parts.
import type { TAvailabilityCalendar, TAvailabilityRange } from "@hostfield/domain/contracts";
import { kindApiBase } from "@hostfield/domain/kinds";
import { apiDelete, apiGet, type TParser } from "../../lib/api";
import { shapeParser, type TShapeOf } from "../../lib/reply-shape";

/** The kinds that keep a calendar. */
export type TCalendarKind = "facility" | "destination";

const enc = encodeURIComponent;
export const calendarPath = (kind: TCalendarKind, id: string) =>
  `${kindApiBase(kind)}/${enc(id)}/availability`;

export const availabilityKeys = {
  all: ["availability"] as const,
  calendar: (kind: TCalendarKind, id: string, from: string, to: string) =>
    ["availability", kind, id, from, to] as const,
};

/** A marked range, as the domain's ZAvailabilityRange has it. */
const RANGE: TShapeOf<TAvailabilityRange> = {
  id: "string",
  kind: "string",
  startDate: "string",
  endDate: "string",
  spaceTypeId: "string?",
  spaces: "number?",
  discountPercent: "number?",
  note: "string?",
  source: "string",
  eventId: "string?",
  createdDate: "string",
};
const rangeParser = shapeParser<TAvailabilityRange>("A marked range", RANGE);
const calendarParser: TParser<TAvailabilityCalendar> = {
  parse(value) {
    const calendar = shapeParser<TAvailabilityCalendar>("The calendar", {
      from: "string",
      to: "string",
      kept: "boolean",
      ranges: "array",
      sync: "object?",
    }).parse(value);
    for (const range of calendar.ranges) rangeParser.parse(range);
    return calendar;
  },
};

export function getCalendar(
  kind: TCalendarKind,
  id: string,
  window: { from: string; to: string },
  signal?: AbortSignal,
): Promise<TAvailabilityCalendar> {
  return apiGet(calendarPath(kind, id), { query: window, schema: calendarParser, signal });
}

export function removeRange(kind: TCalendarKind, id: string, rangeId: string): Promise<void> {
  return apiDelete(`${calendarPath(kind, id)}/${enc(rangeId)}`);
}
