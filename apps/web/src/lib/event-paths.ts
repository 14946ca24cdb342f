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
