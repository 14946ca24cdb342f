// Tables of the stories module: a story (its Markdown and the sanitized HTML made from it), and the
// listings it is about.
import { sql } from "drizzle-orm";
import {
  index,
  integer,
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
    createdDate: createdDate(),
    updatedDate: updatedDate(),
  },
  (t) => [
    uniqueIndex("stories_slug_key").on(t.slug),
    index("stories_status_published_idx").on(t.status, t.publishedDate),
    index("stories_author_idx").on(t.authorId),
    index("stories_categories_idx").using("gin", t.categories),
    index("stories_tags_idx").using("gin", t.tags),
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
