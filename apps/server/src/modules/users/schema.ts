// Tables of the users module: accounts, their one-time links, sign-in attempt counters, images.
import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Stored lower-cased: e-mail addresses are compared without case.
    email: text("email").notNull(),
    name: text("name").notNull(),
    accountType: text("account_type").notNull(),
    passwordHash: text("password_hash").notNull(),
    emailVerifiedDate: timestamp("email_verified_date", { withTimezone: true }),
    isVisible: boolean("is_visible").notNull().default(true),
    avatarKey: text("avatar_key"),
    roles: text("roles").array().notNull().default(sql`'{}'::text[]`),
    isBlocked: boolean("is_blocked").notNull().default(false),
    // Bumped on password change, block or deletion: sessions and tokens issued before are void.
    sessionVersion: integer("session_version").notNull().default(1),
    createdDate: timestamp("created_date", { withTimezone: true }).notNull().defaultNow(),
    updatedDate: timestamp("updated_date", { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid("created_by"),
    updatedBy: uuid("updated_by"),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    index("users_name_trgm").using("gin", sql`${t.name} gin_trgm_ops`),
  ],
);

export const userLinks = pgTable(
  "user_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["verify-email", "reset-password"] }).notNull(),
    // Only a hash is stored: a database leak does not leak usable links.
    tokenHash: text("token_hash").notNull(),
    expiresDate: timestamp("expires_date", { withTimezone: true }).notNull(),
    usedDate: timestamp("used_date", { withTimezone: true }),
    createdDate: timestamp("created_date", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("user_links_token_hash_key").on(t.tokenHash),
    index("user_links_user_id_idx").on(t.userId),
  ],
);

export const signInAttempts = pgTable("sign_in_attempts", {
  // "ip:<address>" or "pair:<address> <email>"; shared by every server process.
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  failures: integer("failures").notNull().default(0),
  // A pair that failed too often waits until then (a delay that grows with each attempt).
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});

export const userImages = pgTable(
  "user_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fileKey: text("file_key").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    width: integer("width"),
    height: integer("height"),
    title: text("title").notNull(),
    // Fractional index: moving an image rewrites only its own key.
    sortKey: text("sort_key").notNull(),
    createdDate: timestamp("created_date", { withTimezone: true }).notNull().defaultNow(),
    updatedDate: timestamp("updated_date", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("user_images_user_sort_idx").on(t.userId, t.sortKey)],
);

/** A column naming a user; the row goes with the account. */
export const userRef = () =>
  uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });
