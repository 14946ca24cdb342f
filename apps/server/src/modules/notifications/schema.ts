// Tables of the notifications module: a user's notifications.
import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdDate } from "../../platform/db/columns";
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
  },
  (t) => [
    index("user_notifications_user_created_idx").on(t.userId, t.createdDate),
    index("user_notifications_unopened_idx")
      .on(t.userId)
      .where(sql`not ${t.isOpened} and not ${t.isArchived}`),
  ],
);
