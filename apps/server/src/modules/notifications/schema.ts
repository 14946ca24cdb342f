// Tables of the notifications module: a user's notifications, their settings per channel (e-mail,
// push), the mail waiting for their daily digest, their devices' push subscriptions and the
// server's VAPID key pair.
import { EMAIL_CATEGORIES, EMAIL_MODES, NOTIFICATION_CHANNELS } from "@hostfield/domain/contracts";
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

/**
 * A member's setting per channel and category; a category without a row is sent at once. (The
 * table kept its first name from when e-mail was the only channel.)
 */
export const notificationPreferences = pgTable(
  "email_preferences",
  {
    userId: userRef(),
    channel: text("channel", { enum: NOTIFICATION_CHANNELS }).notNull().default("email"),
    category: text("category", { enum: EMAIL_CATEGORIES }).notNull(),
    /** Push takes `instant` or `off` (the routes' schemas say so). */
    mode: text("mode", { enum: EMAIL_MODES }).notNull(),
    updatedDate: updatedDate(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.channel, t.category] })],
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

/** A device that receives a member's pushes: its push service's address and its keys. */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userRef(),
    endpoint: text("endpoint").notNull().unique(),
    /** The browser's P-256 public key and authentication secret (base64url). */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdDate: createdDate(),
    lastSuccessDate: timestamp("last_success_date", { withTimezone: true }),
    lastFailureDate: timestamp("last_failure_date", { withTimezone: true }),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId)],
);

/** The server's VAPID key pair, made once (one row), its private key sealed with the secret key. */
export const pushVapidKeys = pgTable("push_vapid_keys", {
  name: text("name").primaryKey(),
  publicKey: text("public_key").notNull(),
  privateKeySealed: text("private_key_sealed").notNull(),
  createdDate: createdDate(),
});
