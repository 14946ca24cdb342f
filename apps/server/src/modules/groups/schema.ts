// Tables of the groups module: groups, members, messages, shared files, each member's thread.
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
import { createdDate, updatedDate } from "../../platform/db/columns";
import { userRef, users } from "../users/schema";

export const groups = pgTable(
  "groups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: ["group", "direct"] }).notNull(),
    name: text("name").notNull(),
    description: text("description"),
    // One conversation per key: a direct one's two user ids in order, so a pair has one; or another
    // module's key for a conversation it reopens (`openKeyed`: `listing:{listingId}:{userId}`).
    directKey: text("direct_key"),
    lastMessageDate: timestamp("last_message_date", { withTimezone: true }),
    createdDate: createdDate(),
    updatedDate: updatedDate(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("groups_direct_key").on(t.directKey),
    index("groups_name_trgm").using("gin", sql`${t.name} gin_trgm_ops`),
  ],
);

const groupRef = () =>
  uuid("group_id")
    .notNull()
    .references(() => groups.id, { onDelete: "cascade" });

export const groupMembers = pgTable(
  "group_members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    groupId: groupRef(),
    userId: userRef(),
    role: text("role", { enum: ["admin", "member"] }).notNull(),
    isMuted: boolean("is_muted").notNull().default(false),
    isIgnored: boolean("is_ignored").notNull().default(false),
    createdDate: createdDate(),
  },
  (t) => [
    uniqueIndex("group_members_group_user_key").on(t.groupId, t.userId),
    index("group_members_user_idx").on(t.userId),
  ],
);

export const groupMessages = pgTable(
  "group_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    groupId: groupRef(),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdDate: createdDate(),
    editedDate: timestamp("edited_date", { withTimezone: true }),
  },
  (t) => [index("group_messages_group_created_idx").on(t.groupId, t.createdDate, t.id)],
);

export const groupFiles = pgTable(
  "group_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    groupId: groupRef(),
    kind: text("kind", { enum: ["image", "document"] }).notNull(),
    fileKey: text("file_key").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    width: integer("width"),
    height: integer("height"),
    title: text("title").notNull(),
    sortKey: text("sort_key").notNull(),
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdDate: createdDate(),
    updatedDate: updatedDate(),
  },
  (t) => [index("group_files_group_kind_sort_idx").on(t.groupId, t.kind, t.sortKey)],
);

/** A member's view of a conversation: read or not, archived, hidden (deleted for them only). */
export const userThreads = pgTable(
  "user_threads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userRef(),
    groupId: groupRef(),
    isOpened: boolean("is_opened").notNull().default(true),
    isArchived: boolean("is_archived").notNull().default(false),
    isHidden: boolean("is_hidden").notNull().default(false),
    updatedDate: updatedDate(),
  },
  (t) => [
    uniqueIndex("user_threads_user_group_key").on(t.userId, t.groupId),
    index("user_threads_user_updated_idx").on(t.userId, t.updatedDate),
  ],
);

/**
 * An invitation to a group: nobody joins one without accepting. To a person (`userId`; `email`
 * null), or to an e-mail address (`email`, normalized; `userId` too when an account has it), which
 * waits for someone to sign up with it.
 */
export const groupInvitations = pgTable(
  "group_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    groupId: groupRef(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    email: text("email"),
    role: text("role", { enum: ["admin", "member"] }).notNull(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdDate: createdDate(),
  },
  (t) => [
    uniqueIndex("group_invitations_group_user_key")
      .on(t.groupId, t.userId)
      .where(sql`${t.email} is null`),
    uniqueIndex("group_invitations_group_email_key")
      .on(t.groupId, t.email)
      .where(sql`${t.email} is not null`),
    index("group_invitations_user_idx").on(t.userId),
    index("group_invitations_email_idx").on(t.email),
  ],
);
