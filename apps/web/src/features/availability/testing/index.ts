// Test-only factories and handlers for venues' calendars: by default no venue keeps one; a
// calendar's sync (feed, import, export link) as the test gives it.
import {
  type TCalendarExportLink,
  type TCalendarSync,
  ZAvailabilityCalendar,
  ZCalendarExportLink,
  ZCalendarSync,
} from "@hostfield/domain/contracts";
import { http } from "msw";
import { dataReply } from "../../../test/msw";

/** Every facility's and destination's calendar: none kept, nothing marked, in the window asked. */
export function noCalendars() {
  return ["/facility-mgmt/api/facilities", "/destination-mgmt/api/destinations"].map((base) =>
    http.get(`${base}/:id/availability`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      return dataReply(ZAvailabilityCalendar, {
        from: query.get("from") ?? "2026-01-01",
        to: query.get("to") ?? "2026-12-31",
        kept: false,
        ranges: [],
        sync: null,
      });
    }),
  );
}

/** A calendar's sync: nothing set unless the test says otherwise. */
export function buildCalendarSync(over: Partial<TCalendarSync> = {}): TCalendarSync {
  return ZCalendarSync.parse({
    feedUrl: null,
    lastImportedAt: null,
    importedRanges: null,
    importNotes: [],
    failingSince: null,
    failure: null,
    exportCreatedAt: null,
    ...over,
  });
}

export function buildExportLink(over: Partial<TCalendarExportLink> = {}): TCalendarExportLink {
  return ZCalendarExportLink.parse({
    url: "http://hostfield.test/facility-mgmt/api/facilities/calendars/Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdoaWpr.ics",
    createdAt: "2026-11-27T12:00:00.000Z",
    ...over,
  });
}

/**
 * The sync calls of one calendar (`…/{id}/availability`), each answering what the test gives:
 * `sync` after a feed, import or revocation, `link` for a new export link.
 */
export function calendarSyncHandlers(
  calendarPath: string,
  replies: { sync: () => TCalendarSync; link?: () => TCalendarExportLink },
) {
  const sync = () => dataReply(ZCalendarSync, replies.sync());
  return [
    http.put(`${calendarPath}/feed`, sync),
    http.delete(`${calendarPath}/feed`, sync),
    http.post(`${calendarPath}/feed/import`, sync),
    http.post(`${calendarPath}/file`, sync),
    http.delete(`${calendarPath}/export`, sync),
    http.post(`${calendarPath}/export`, () =>
      dataReply(ZCalendarExportLink, (replies.link ?? buildExportLink)(), { status: 201 }),
    ),
  ];
}
