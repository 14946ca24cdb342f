// The pages of requests for proposals, for the route table, the Me menu and links between pages.
// Light on imports so the shell can name these paths without pulling the feature in.
import { profileLink } from "@hostfield/domain/rules";

export const MY_REQUESTS_PATH = "/requests";
export const NEW_REQUEST_PATH = "/requests/new";

/** Request proposals for an event I organize: `/events/{id}/request`. */
export function eventRequestPath(eventId: string): string {
  return `${profileLink("event", eventId)}/request`;
}

/** Compare the proposals of an event: `/events/{id}/proposals`. */
export function proposalsPath(eventId: string): string {
  return `${profileLink("event", eventId)}/proposals`;
}
