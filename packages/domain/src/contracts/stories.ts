// Stories (the story service, `/story-mgmt/api/stories`): articles that show a destination at its
// best and bring organizers in, written in Markdown by admins and by the managers of the listings
// they are about, published once an admin approves them. The body's HTML is made and sanitized by
// the server; the web shows it as given. A published story's changes by its author wait as its one
// revision until an admin approves them (readers see the approved version meanwhile): the revision
// is shown to its author and admins only, never in a public reply.
import { z } from "zod";
import { PROFILE_KINDS } from "../reference/profiles";
import {
  STORY_BODY_MAX,
  STORY_CATEGORIES,
  STORY_LISTINGS_MAX,
  STORY_PAGE_DEFAULT,
  STORY_PAGE_MAX,
  STORY_REJECTION_REASON_MAX,
  STORY_SUMMARY_MAX,
  STORY_TAG_MAX,
  STORY_TAGS_MAX,
  STORY_TITLE_MAX,
} from "../reference/stories";
import { ZId, ZImageInput, ZIsoDateTime } from "./common";

export const STORY_STATUSES = ["draft", "pending", "approved"] as const;
export type TStoryStatus = (typeof STORY_STATUSES)[number];

/** A tag as stored: lower case words and hyphens ("hardwood", "youth-volleyball"). */
export const ZStoryTag = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(STORY_TAG_MAX)
  .regex(/^[a-z0-9][a-z0-9 -]*$/, { message: "Tags are letters, digits, spaces and hyphens" });

/** Body of `POST /stories`, and what a PATCH (JSON Patch of these fields) must leave. */
export const ZStoryInput = z.object({
  title: z.string().trim().min(3).max(STORY_TITLE_MAX),
  summary: z.string().trim().max(STORY_SUMMARY_MAX).default(""),
  coverImage: ZImageInput.nullable().default(null),
  /** Markdown; raw HTML in it is sanitized like the rest. */
  body: z.string().max(STORY_BODY_MAX).default(""),
  categories: z.array(z.enum(STORY_CATEGORIES)).max(STORY_CATEGORIES.length).default([]),
  tags: z.array(ZStoryTag).max(STORY_TAGS_MAX).default([]),
  /** The listings the story is about (a manager's must include one of their own). */
  listingIds: z.array(ZId).max(STORY_LISTINGS_MAX).default([]),
});
export type TStoryInput = z.input<typeof ZStoryInput>;

/** A related listing as a story's page shows it: a card linking to the listing. */
export const ZStoryListing = z.object({
  id: ZId,
  kind: z.enum(PROFILE_KINDS),
  name: z.string(),
  logo: z.string().nullable(),
  headerImage: z.string().nullable(),
  address: z.object({ city: z.string(), state: z.string() }).nullable(),
});
export type TStoryListing = z.infer<typeof ZStoryListing>;

/** A story in a list: everything but its body. */
export const ZStorySummary = z.object({
  id: ZId,
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  coverImage: z.string().nullable(),
  categories: z.array(z.enum(STORY_CATEGORIES)),
  tags: z.array(z.string()),
  status: z.enum(STORY_STATUSES),
  author: z.object({ id: ZId, name: z.string() }).nullable(),
  publishedDate: ZIsoDateTime.nullable(),
  createdDate: ZIsoDateTime,
  updatedDate: ZIsoDateTime,
});
export type TStorySummary = z.infer<typeof ZStorySummary>;

/**
 * A published story's changes waiting for an admin's approval: every field its author may change,
 * as they would have it (the story around it is what readers see now, so the two compare field by
 * field). One at most per story; a newer edit replaces it.
 */
export const ZStoryRevision = z.object({
  /** Names these changes: an approval or a refusal says which ones the admin read. */
  id: ZId,
  title: z.string(),
  summary: z.string(),
  coverImage: z.string().nullable(),
  categories: z.array(z.enum(STORY_CATEGORIES)),
  tags: z.array(z.string()),
  body: z.string(),
  bodyHtml: z.string(),
  listings: z.array(ZStoryListing),
  listingIds: z.array(ZId),
  /** When its author last changed it. */
  proposedDate: ZIsoDateTime,
});
export type TStoryRevision = z.infer<typeof ZStoryRevision>;

/** Why an admin did not approve the author's last changes, and when. */
export const ZStoryRevisionRejection = z.object({ reason: z.string(), date: ZIsoDateTime });
export type TStoryRevisionRejection = z.infer<typeof ZStoryRevisionRejection>;

/** One story: its Markdown (for its editor), the sanitized HTML (to show) and its listings. */
export const ZStory = ZStorySummary.extend({
  body: z.string(),
  bodyHtml: z.string(),
  /** The listed ones as cards; a pending listing only to the story's author and admins. */
  listings: z.array(ZStoryListing),
  /** Every listing the story names, for its editor (its author and admins; else the cards' ids). */
  listingIds: z.array(ZId),
  /** The author's changes waiting for approval: to its author and admins only (absent otherwise). */
  revision: ZStoryRevision.nullable().optional(),
  /** Why its author's last changes were not approved, until they edit again (author and admins). */
  revisionRejection: ZStoryRevisionRejection.nullable().optional(),
});
export type TStory = z.infer<typeof ZStory>;

/** `GET /stories/mine`: a story in a list, and since when changes to it wait for approval. */
export const ZMyStory = ZStorySummary.extend({ revisionDate: ZIsoDateTime.nullable() });
export type TMyStory = z.infer<typeof ZMyStory>;

/** `PUT /stories/{id}/revision/approve`: the changes the admin read (409 when they changed since). */
export const ZStoryRevisionApproval = z.object({ revisionId: ZId });
export type TStoryRevisionApproval = z.infer<typeof ZStoryRevisionApproval>;

/** `POST /stories/{id}/revision/reject`: the changes the admin read, and why (told to the author). */
export const ZStoryRevisionRefusal = z.object({
  revisionId: ZId,
  reason: z.string().trim().min(1).max(STORY_REJECTION_REASON_MAX),
});
export type TStoryRevisionRefusal = z.infer<typeof ZStoryRevisionRefusal>;

/** The fields `GET /stories` may be narrowed to (`fields=title,slug`); `id` always comes. */
export const STORY_LIST_FIELDS = Object.keys(ZStorySummary.shape) as (keyof TStorySummary)[];

const commaList = z
  .string()
  .max(2000)
  .transform((value) =>
    value
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean),
  );

/** `GET /stories`: a page of published stories, newest first, by category and tag. */
export const ZStoryListQuery = z.object({
  /** Page size. */
  number: z.coerce.number().int().min(1).max(STORY_PAGE_MAX).default(STORY_PAGE_DEFAULT),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  /** Comma-separated; a story in any of them. */
  categories: commaList.pipe(z.array(z.enum(STORY_CATEGORIES))).optional(),
  /** Comma-separated; a story with any of them. */
  tags: commaList.pipe(z.array(ZStoryTag)).optional(),
  /** Comma-separated fields to return (`id` always). */
  fields: commaList.pipe(z.array(z.enum(STORY_LIST_FIELDS as [string, ...string[]]))).optional(),
});

/** `GET /stories`'s `data`: the page (`posts`, as the catalogue reads it) and how many match. */
export const ZStoryPage = z.object({
  posts: z.array(ZStorySummary.partial().required({ id: true })),
  count: z.number().int().min(0),
});
export type TStoryPage = z.infer<typeof ZStoryPage>;

/** `POST /stories/preview`: Markdown in, the HTML the story would show out. */
export const ZStoryPreviewInput = z.object({ body: z.string().max(STORY_BODY_MAX) });
export const ZStoryPreview = z.object({ bodyHtml: z.string() });

/** `POST /stories/images`: where an uploaded image lives (a `coverImage` or a Markdown image). */
export const ZStoryImage = z.object({ url: z.string() });
