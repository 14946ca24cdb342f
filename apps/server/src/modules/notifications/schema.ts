// Tables of the notifications module: a user's notifications, their e-mail settings and the mail
// waiting for their daily digest.
import { EMAIL_CATEGORIES, EMAIL_MODES } from "@hostfield/domain/contracts";
import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { createdDate, updatedDate } from "../../platform/db/columns";
import { userThreads } from "../groups/schema";
import { userRef } from "../users/schema";

export const userNotifications = pgTable(
  "user_notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userRef(),
    title: text("title").notNull(),
    contents: text("contents").notNull().default(""),
    url: text("url"),
    icon: text("icon"),
    senderProfile: jsonb("sender_profile").$type<{
      id: string;
      kind: string;
      name: string;
      logo: string | null;
    }>(),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    threadId: uuid("thread_id").references(() => userThreads.id, { onDelete: "set null" }),
    isOpened: boolean("is_opened").notNull().default(false),
    isArchived: boolean("is_archived").notNull().default(false),
    createdDate: createdDate(),
    /** When the unread conversation this notification stands for was mailed (once per stretch). */
    mailedDate: timestamp("mailed_date", { withTimezone: true }),
  },
  (t) => [
    index("user_notifications_user_created_idx").on(t.userId, t.createdDate),
    index("user_notifications_unopened_idx")
      .on(t.userId)
      .where(sql`not ${t.isOpened} and not ${t.isArchived}`),
  ],
);

/** A member's e-mail setting per category; a category without a row is mailed at once. */
export const emailPreferences = pgTable(
  "email_preferences",
  {
    userId: userRef(),
    category: text("category", { enum: EMAIL_CATEGORIES }).notNull(),
    mode: text("mode", { enum: EMAIL_MODES }).notNull(),
    updatedDate: updatedDate(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.category] })],
);

/** News kept for a member's daily digest, sent and removed by the digest job. */
export const emailDigestItems = pgTable(
  "email_digest_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userRef(),
    category: text("category", { enum: EMAIL_CATEGORIES }).notNull(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    url: text("url").notNull(),
    createdDate: createdDate(),
  },
  (t) => [index("email_digest_items_user_idx").on(t.userId, t.createdDate)],
);
