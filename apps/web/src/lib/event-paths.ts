// The pages under an event's own path (`/events/{id}/…`), for the event's page, the organizer's
// request pages and the links between them. Not in paths.ts: that module loads with the shell.
import { profileLink } from "@hostfield/domain/rules";

/** Request proposals for an event I organize: `/events/{id}/request`. */
export function eventRequestPath(eventId: string): string {
  return `${profileLink("event", eventId)}/request`;
}

/** Compare the proposals of an event: `/events/{id}/proposals`. */
export function proposalsPath(eventId: string): string {
  return `${profileLink("event", eventId)}/proposals`;
}

/**
 * The organizer's hotel blocks of an event: `/events/{id}/hotels`; with an awarded lead, the page
 * opens a block for it in one step (`?leadId=`).
 */
export function eventHotelBlocksPath(eventId: string, leadId?: string): string {
  const path = `${profileLink("event", eventId)}/hotels`;
  return leadId ? `${path}?leadId=${encodeURIComponent(leadId)}` : path;
}

/** The id of the event page's hotels section. */
export const EVENT_HOTELS_SECTION_ID = "hotels";

/** `/events/{id}#hotels`: the event page opened on its hotels, where teams book (the share link). */
export function eventHotelsSectionPath(eventId: string): string {
  return `${profileLink("event", eventId)}#${EVENT_HOTELS_SECTION_ID}`;
}
