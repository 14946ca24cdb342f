// Test-only handlers for venues' calendars: by default no venue keeps one.
import { ZAvailabilityCalendar } from "@hostfield/domain/contracts";
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
      });
    }),
  );
}
