// A venue's calendar (facility or destination service): read a window of it, mark days (a range or
// a weekly rule), remove a range. Replies are checked against the domain contracts.
import {
  type TAvailabilityCalendar,
  type TAvailabilityInput,
  type TAvailabilityRange,
  ZAvailabilityCalendar,
  ZAvailabilityRange,
} from "@hostfield/domain/contracts";
import { kindApiBase } from "@hostfield/domain/kinds";
import { apiDelete, apiGet, apiPostList } from "../../lib/api";

/** The kinds that keep a calendar. */
export type TCalendarKind = "facility" | "destination";

const enc = encodeURIComponent;
const calendarPath = (kind: TCalendarKind, id: string) =>
  `${kindApiBase(kind)}/${enc(id)}/availability`;

export const availabilityKeys = {
  all: ["availability"] as const,
  calendar: (kind: TCalendarKind, id: string, from: string, to: string) =>
    ["availability", kind, id, from, to] as const,
};

export function getCalendar(
  kind: TCalendarKind,
  id: string,
  window: { from: string; to: string },
  signal?: AbortSignal,
): Promise<TAvailabilityCalendar> {
  return apiGet(calendarPath(kind, id), { query: window, schema: ZAvailabilityCalendar, signal });
}

/** Marks the days; answers the ranges made (one a day for a weekly rule). */
export async function markDays(
  kind: TCalendarKind,
  id: string,
  input: TAvailabilityInput,
): Promise<TAvailabilityRange[]> {
  const made = await apiPostList(calendarPath(kind, id), input, { schema: ZAvailabilityRange });
  return made.items;
}

export function removeRange(kind: TCalendarKind, id: string, rangeId: string): Promise<void> {
  return apiDelete(`${calendarPath(kind, id)}/${enc(rangeId)}`);
}
