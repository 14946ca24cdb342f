// A published story's changes waiting for an admin's approval, as its pages word and show them:
// its author sees their waiting changes in place of the published story (on its page and in its
// editor); admins and readers see what is published.
import type { TStory } from "@hostfield/domain/contracts";

export const CHANGES_WAITING_TITLE = "Your changes are waiting for approval";
export const CHANGES_WAITING_TEXT =
  "Readers see the published story until an admin approves them. This page shows your changes.";
export const AUTHORS_CHANGES_WAITING = "The author's changes wait for approval";
export const CHANGES_REFUSED_TITLE = "An admin did not approve your last changes";
export const PUBLISHED_EDIT_NOTE =
  "This story is published: your changes wait for an admin's approval, and readers see the published story meanwhile.";

/** The story as `isAdmin` (or not) sees it: an author's waiting changes replace what they change. */
export function shownVersion(story: TStory, isAdmin: boolean): TStory;
export function shownVersion(story: TStory | null, isAdmin: boolean): TStory | null;
export function shownVersion(story: TStory | null, isAdmin: boolean): TStory | null {
  const changes = story?.revision;
  if (!story || !changes || isAdmin) return story;
  return {
    ...story,
    title: changes.title,
    summary: changes.summary,
    coverImage: changes.coverImage,
    categories: changes.categories,
    tags: changes.tags,
    body: changes.body,
    bodyHtml: changes.bodyHtml,
    listings: changes.listings,
    listingIds: changes.listingIds,
  };
}
