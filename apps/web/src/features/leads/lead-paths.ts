// The pages of the lead pipeline, for the route table, the Me menu and links between the pages.
// Only the app's fixed paths are imported, so the shell can name these without pulling the feature in.
import { MESSAGING_PATH } from "../../lib/paths";

export const RFP_MARKETPLACE_PATH = "/rfps";
export const PIPELINE_PATH = "/pipeline";

/** One lead's page: `/leads/{eventId}/{leadId}`. */
export function leadPath(eventId: string, leadId: string): string {
  return `/leads/${encodeURIComponent(eventId)}/${encodeURIComponent(leadId)}`;
}

/** The pipeline of one of my destinations or facilities. */
export function pipelinePath(profileId?: string): string {
  return profileId ? `${PIPELINE_PATH}?profile=${encodeURIComponent(profileId)}` : PIPELINE_PATH;
}

/** The conversation a lead opened between its recipient and the organizer. */
export function leadConversationPath(groupId: string): string {
  return `${MESSAGING_PATH}/${encodeURIComponent(groupId)}`;
}
