// Events as the event service returns them (a listing with the event's own fields), an
// organization's calendar of them, and an event's awarded leads and hotel blocks for its deal
// section. Checked with zod: this module loads with the calendar, the deal section and the
// organizer's request pages, not with a listing page (profiles-api checks those replies by hand).
import {
  type TBlock,
  type TLead,
  ZBlock,
  ZEventDetail,
  ZLead,
  zProfile,
} from "@hostfield/domain/contracts";
import type { z } from "zod";
import { apiGetList, apiPostList, type TListResult } from "../../lib/api";
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

// ---- an event's awarded leads (its deal) ----

const eventLeads = (eventId: string) =>
  `/event-mgmt/api/events/${encodeURIComponent(eventId)}/leads`;

/**
 * One page holds an event's awards with room to spare: a lead is Won once per request, and a
 * venue's people get one lead per listing of theirs that the event's requests reached.
 */
const AWARD_PAGE = { offset: 0, take: 50 } as const;

/** The event's Won leads, as its organizers list them (`leads/filtered`; 403 for anyone else). */
export async function listEventWonLeads(eventId: string, signal?: AbortSignal): Promise<TLead[]> {
  const page = await apiPostList(
    `${eventLeads(eventId)}/filtered`,
    { status: ["Won"] },
    { query: AWARD_PAGE, schema: ZLead, signal },
  );
  return page.items;
}

/**
 * The event's leads sent to listings I belong to (`leads/my`), every status: the winning venue's
 * people find the award among them. The call takes no filter, hence every status.
 */
export async function listMyEventLeads(eventId: string, signal?: AbortSignal): Promise<TLead[]> {
  const page = await apiGetList(`${eventLeads(eventId)}/my`, {
    query: AWARD_PAGE,
    schema: ZLead,
    signal,
  });
  return page.items;
}

// ---- an event's hotel blocks (its deal's rooms) ----

/**
 * The deal section's query key for the event's blocks. It sits under the rooms pages' block keys
 * (["rooms", "blocks", …], features/rooms) as the calendar sits under the request pages': a block
 * proposed, answered or changed on the event's hotel blocks page refreshes the deal too.
 */
export function dealBlocksKey(eventId: string) {
  return ["rooms", "blocks", { eventId }, "deal"] as const;
}

/**
 * Every block of the event, whatever its status, with its hotel's name, its nights and the rooms
 * held and booked on each: the hotel service's block list as the event's organizers may read it
 * (`GET /hotels/blocks?eventId=`; 401/403 for anyone else).
 */
export async function listEventBlocks(eventId: string, signal?: AbortSignal): Promise<TBlock[]> {
  const list = await apiGetList("/hotel-mgmt/api/hotels/blocks", {
    query: { eventId },
    schema: ZBlock,
    signal,
  });
  return list.items;
}
