// The stories' page addresses, and the "Write a story" link a listing's manage menu offers those
// who manage a destination, facility or organization. No zod here: the manage menu imports it.
import { STORY_AUTHOR_KINDS } from "@hostfield/domain/reference";

export const STORIES_PATH = "/stories";
export const NEW_STORY_PATH = "/stories/new";

/** The editor of a new story about `listing` (its name shown until the story is saved). */
export const newStoryPath = (listing?: { id: string; name: string }) =>
  listing
    ? `${NEW_STORY_PATH}?${new URLSearchParams({ listing: listing.id, name: listing.name }).toString()}`
    : NEW_STORY_PATH;

export const editStoryPath = (id: string) => `/stories/${encodeURIComponent(id)}/edit`;

/** What a listing's manage menu offers its managers: a story about it. */
export function storiesManageLinks(
  kind: string,
  listing: { id: string; name: string },
  canManage: boolean,
): { label: string; to: string }[] {
  if (!canManage || !(STORY_AUTHOR_KINDS as readonly string[]).includes(kind)) return [];
  return [{ label: "Write a story", to: newStoryPath(listing) }];
}
