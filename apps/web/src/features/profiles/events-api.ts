// Events as the event service returns them (a listing with the event's own fields), and an
// organization's calendar of them. Checked with zod: this module loads with the calendar and the
// organizer's request pages, not with a listing page (profiles-api checks those replies by hand).
import { ZEventDetail, zProfile } from "@hostfield/domain/contracts";
import type { z } from "zod";
import { apiPostList, type TListResult } from "../../lib/api";
import type { TProfile } from "./profiles-api";

/** An event listing as the events API returns it: the shared profile fields and the event's own. */
export type TEventListing = TProfile & z.infer<typeof ZEventDetail>;

// zProfile's generic return type does not survive inference (see profiles-api), hence the cast.
export const ZEventListing = zProfile(ZEventDetail).loose() as unknown as z.ZodType<TEventListing>;

/**
 * The calendar's query key. It sits under the request pages' keys (["requests", …]) as it always
 * has: creating an event there refreshes every "requests" query, this calendar included.
 */
export function calendarKey(organizationId: string, startDate: string, endDate: string) {
  return ["requests", "calendar", organizationId, startDate, endDate] as const;
}

export function listOrganizationCalendar(
  organizationId: string,
  window: { startDate: string; endDate: string },
  signal?: AbortSignal,
): Promise<TListResult<TEventListing>> {
  return apiPostList(
    `/event-mgmt/api/organizations/${encodeURIComponent(organizationId)}/events/calendar`,
    {},
    { query: window, schema: ZEventListing, signal },
  );
}
