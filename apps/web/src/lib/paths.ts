// The app's page paths (spec §2), for the shell, lib code that navigates and the links from one
// feature's pages to another's. Imports no code, so the shell can name these paths without pulling
// a feature in (the pages under an event's own path are in event-paths.ts).
import type { TVenueKind } from "@hostfield/domain/rules";

export const HOME_PATH = "/home";
export const NOTIFICATIONS_PATH = "/notifications";
export const MESSAGING_PATH = "/groups";
export const ACCOUNT_PATH = "/account";
export const ADMIN_PATH = "/admin";
/** The member's reports across their listings (the reports feature's pages). */
export const REPORTS_PATH = "/reports";

// ---- the public pages about the product (lib/external-links: unless a deployment names its own) ----

export const HELP_PATH = "/help";
export const CONTACT_PATH = "/contact";
export const HOW_IT_WORKS_PATH = "/how-it-works";

/** Creating a listing of any kind (a venue, a destination, an organization...). */
export const NEW_LISTING_PATH = "/listings/new";

// ---- requests for proposals (the organizer's pages) ----

export const MY_REQUESTS_PATH = "/requests";
export const NEW_REQUEST_PATH = "/requests/new";

/** The request wizard, set to send straight to one facility or destination: `?facility={id}`. */
export function newRequestPath(venue: { kind: TVenueKind; id: string }): string {
  return `${NEW_REQUEST_PATH}?${venue.kind}=${encodeURIComponent(venue.id)}`;
}

// ---- the lead pipeline (the venues' pages) ----

export const RFP_MARKETPLACE_PATH = "/rfps";
export const PIPELINE_PATH = "/pipeline";

/** One lead's page: `/leads/{eventId}/{leadId}`. */
export function leadPath(eventId: string, leadId: string): string {
  return `/leads/${encodeURIComponent(eventId)}/${encodeURIComponent(leadId)}`;
}

/**
 * The pipeline of one of my destinations or facilities. Its kind rides along, so the page asks for
 * the board without waiting for my list of venues to say what the venue is.
 */
export function pipelinePath(venue?: { kind: TVenueKind; id: string }): string {
  return venue
    ? `${PIPELINE_PATH}?profile=${encodeURIComponent(venue.id)}&kind=${venue.kind}`
    : PIPELINE_PATH;
}

/** The conversation a lead opened between its recipient and the organizer. */
export function leadConversationPath(groupId: string): string {
  return `${MESSAGING_PATH}/${encodeURIComponent(groupId)}`;
}

/** Shortlists: mine, one compared side by side, and the read-only view a share link opens. */
export const SHORTLISTS_PATH = "/shortlists";
export const shortlistPath = (id: string) => `${SHORTLISTS_PATH}/${encodeURIComponent(id)}`;
export const sharedShortlistPath = (token: string) =>
  `/shared/shortlists/${encodeURIComponent(token)}`;
/** The request wizard, set to send straight to every venue on a shortlist. */
export const shortlistRequestPath = (id: string) =>
  `${NEW_REQUEST_PATH}?shortlist=${encodeURIComponent(id)}`;
