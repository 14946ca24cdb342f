// Shortlists' plain facts (no zod), for the Save control that sits on marketplace cards and pages.

/** The kinds a shortlist holds: the venues a request can be sent to directly. */
export const SHORTLIST_KINDS = ["facility", "destination"] as const;
export type TShortlistKind = (typeof SHORTLIST_KINDS)[number];
export const isShortlistKind = (kind: string): kind is TShortlistKind =>
  (SHORTLIST_KINDS as readonly string[]).includes(kind);

/** At most this many shortlists per person, and this many listings on one. */
export const SHORTLISTS_PER_USER = 50;
export const SHORTLIST_MAX_ITEMS = 100;
export const SHORTLIST_NAME_MAX = 80;
export const SHORTLIST_NOTE_MAX = 500;
