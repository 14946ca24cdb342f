// A venue's calendar (facility or destination service): read a window of it, mark days (a range or
// a weekly rule), remove a range; its sync with the venue's booking system (the feed, a file, the
// export link). Replies are checked against the domain contracts.
import {
  type TAvailabilityCalendar,
  type TAvailabilityInput,
  type TAvailabilityRange,
  type TCalendarExportLink,
  type TCalendarSync,
  ZAvailabilityCalendar,
  ZAvailabilityRange,
  ZCalendarExportLink,
  ZCalendarSync,
} from "@hostfield/domain/contracts";
import { kindApiBase } from "@hostfield/domain/kinds";
import { apiDelete, apiGet, apiPost, apiPostList, apiPut, apiUpload } from "../../lib/api";

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

/** Sets the calendar's feed and imports it at once; answers the sync as it is now. */
export function setFeed(kind: TCalendarKind, id: string, url: string): Promise<TCalendarSync> {
  return apiPut(`${calendarPath(kind, id)}/feed`, { url }, { schema: ZCalendarSync });
}

/** Stops reading the feed and removes what imports wrote. */
export function removeFeed(kind: TCalendarKind, id: string): Promise<TCalendarSync> {
  return apiDelete(`${calendarPath(kind, id)}/feed`, { schema: ZCalendarSync });
}

/** Reads the feed now; a failure is the server's refusal (and the calendar says it is failing). */
export function importFeedNow(kind: TCalendarKind, id: string): Promise<TCalendarSync> {
  return apiPost(`${calendarPath(kind, id)}/feed/import`, undefined, { schema: ZCalendarSync });
}

/** Imports an .ics file once. */
export function importCalendarFile(
  kind: TCalendarKind,
  id: string,
  file: File,
): Promise<TCalendarSync> {
  const form = new FormData();
  form.append("file", file);
  return apiUpload(`${calendarPath(kind, id)}/file`, form, { schema: ZCalendarSync });
}

/** A new export link (the one before stops working); its address is shown this once. */
export function createExportLink(kind: TCalendarKind, id: string): Promise<TCalendarExportLink> {
  return apiPost(`${calendarPath(kind, id)}/export`, undefined, { schema: ZCalendarExportLink });
}

export function revokeExportLink(kind: TCalendarKind, id: string): Promise<TCalendarSync> {
  return apiDelete(`${calendarPath(kind, id)}/export`, { schema: ZCalendarSync });
}
