// Stories' plain facts (no zod): the categories a story is filed under, and its limits.

/** The categories a story is filed under (the /stories page's filter). */
export const STORY_CATEGORIES = [
  "Event recaps",
  "Venue guides",
  "Destination spotlights",
  "Planning tips",
  "Organizer stories",
] as const;
export type TStoryCategory = (typeof STORY_CATEGORIES)[number];

/** The kinds whose managers may write stories about their own listings (admins write any). */
export const STORY_AUTHOR_KINDS = ["destination", "facility", "organization"] as const;

export const STORY_TITLE_MAX = 140;
export const STORY_SUMMARY_MAX = 300;
export const STORY_BODY_MAX = 50_000;
export const STORY_TAGS_MAX = 10;
export const STORY_TAG_MAX = 40;
export const STORY_LISTINGS_MAX = 12;
/** The longest reason an admin gives its author for not approving a story's changes. */
export const STORY_REJECTION_REASON_MAX = 1000;
/** Stories a page of `GET /stories` holds by default, and at most (`number`). */
export const STORY_PAGE_DEFAULT = 12;
export const STORY_PAGE_MAX = 50;
