// Tables of the stories module: a story (its Markdown and the sanitized HTML made from it, its
// author's changes waiting for approval once it is published), and the listings it is about.
import { sql } from "drizzle-orm";
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdDate, updatedDate } from "../../platform/db/columns";
import { profiles } from "../../profiles/schema";
import { users } from "../users/schema";

/** A story's changes waiting for approval: every field its author edits, ready to copy over. */
export type TStoredStoryRevision = {
  /** A new one for every edit: an admin approves or refuses the changes they read. */
  id: string;
  /** Who made the changes (the author; kept if the account goes). */
  by: string | null;
  title: string;
  summary: string;
  coverImage: string | null;
  body: string;
  /** Rendered and sanitized when written, as the story's own. */
  bodyHtml: string;
  categories: string[];
  tags: string[];
  listingIds: string[];
};

export type TStoredRevisionRejection = { reason: string; date: string; by: string | null };

export const stories = pgTable(
  "stories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Made from the first title, never changed after: links to a story keep working. */
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull().default(""),
    coverImage: text("cover_image"),
    /** Markdown as the author wrote it. */
    body: text("body").notNull().default(""),
    /** The body rendered and sanitized when written: what every reader is given. */
    bodyHtml: text("body_html").notNull().default(""),
    categories: text("categories").array().notNull().default(sql`'{}'::text[]`),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    /** draft (its author's), pending (sent for approval), approved (published). */
    status: text("status", { enum: ["draft", "pending", "approved"] })
      .notNull()
      .default("draft"),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    approvedBy: uuid("approved_by").references(() => users.id, { onDelete: "set null" }),
    publishedDate: timestamp("published_date", { withTimezone: true }),
    /** When the version readers see was approved: its publication, or its latest approved changes. */
    approvedDate: timestamp("approved_date", { withTimezone: true }),
    /**
     * A published story's changes by its author, waiting for an admin's approval (the columns above
     * stay what readers see until then); null when none wait. A newer edit replaces it.
     */
    revision: jsonb("revision").$type<TStoredStoryRevision>(),
    /** When the waiting changes were last made (the admins' queue, oldest first); null with none. */
    revisionDate: timestamp("revision_date", { withTimezone: true }),
    /** Why an admin did not approve the author's last changes; cleared when they edit again. */
    revisionRejection: jsonb("revision_rejection").$type<TStoredRevisionRejection>(),
    createdDate: createdDate(),
    updatedDate: updatedDate(),
  },
  (t) => [
    uniqueIndex("stories_slug_key").on(t.slug),
    index("stories_status_published_idx").on(t.status, t.publishedDate),
    index("stories_author_idx").on(t.authorId),
    index("stories_categories_idx").using("gin", t.categories),
    index("stories_tags_idx").using("gin", t.tags),
    index("stories_revision_idx").on(t.revisionDate).where(sql`${t.revisionDate} is not null`),
  ],
);

export const storyListings = pgTable(
  "story_listings",
  {
    storyId: uuid("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    // A deleted listing leaves the stories about it.
    profileId: uuid("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storyId, t.profileId] }),
    index("story_listings_profile_idx").on(t.profileId),
  ],
);
