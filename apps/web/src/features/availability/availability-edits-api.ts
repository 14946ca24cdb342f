// The calls only a venue's managers make on its calendar: marking days, and its sync with the
// venue's booking system (the feed, a file, the export link). Replies are checked against the
// domain contracts; this loads with the managers' parts (the Mark days dialog, the sync panel),
// never with a visitor's page.
import {
  type TAvailabilityInput,
  type TAvailabilityRange,
  type TCalendarExportLink,
  type TCalendarSync,
  ZAvailabilityRange,
  ZCalendarExportLink,
  ZCalendarSync,
} from "@hostfield/domain/contracts";
import { apiDelete, apiPost, apiPostList, apiPut, apiUpload } from "../../lib/api";
import { calendarPath, type TCalendarKind } from "./availability-api";

/** Marks the days; answers the ranges made (one a day for a weekly rule). */
export async function markDays(
  kind: TCalendarKind,
  id: string,
  input: TAvailabilityInput,
): Promise<TAvailabilityRange[]> {
  const made = await apiPostList(calendarPath(kind, id), input, { schema: ZAvailabilityRange });
  return made.items;
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
