// Tables of the shortlists module: an organizer's named lists of venues, and what is on them.
import { sql } from "drizzle-orm";
import {
  index,
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

export const shortlists = pgTable(
  "shortlists",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The read-only link's secret; null while the list is not shared. A new one revokes the old. */
    shareToken: text("share_token"),
    createdDate: createdDate(),
    updatedDate: updatedDate(),
  },
  (t) => [
    index("shortlists_owner_idx").on(t.ownerId, t.updatedDate),
    uniqueIndex("shortlists_share_token_key")
      .on(t.shareToken)
      .where(sql`${t.shareToken} is not null`),
  ],
);

export const shortlistItems = pgTable(
  "shortlist_items",
  {
    shortlistId: uuid("shortlist_id")
      .notNull()
      .references(() => shortlists.id, { onDelete: "cascade" }),
    // A deleted listing leaves every shortlist with it.
    profileId: uuid("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["facility", "destination"] }).notNull(),
    note: text("note"),
    addedDate: timestamp("added_date", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.shortlistId, t.profileId] }),
    index("shortlist_items_profile_idx").on(t.profileId),
  ],
);
