// Tables of the facilities module: a facility's own fields, its reviews, and the destinations
// that list it (whose managers manage it too).
import { sql } from "drizzle-orm";
import {
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { audit } from "../../platform/db/columns";
import { profileRef } from "../../profiles/schema";
import { users } from "../users/schema";

export const facilityDetails = pgTable(
  "facility_details",
  {
    profileId: profileRef().primaryKey(),
    facilityTypes: text("facility_types").array().notNull().default(sql`'{}'::text[]`),
    capacity: integer("capacity"),
    staff: jsonb("staff").$type<{ name: string; role: string; email: string | null }[]>(),
    availability: text("availability"),
  },
  (t) => [index("facility_details_types_idx").using("gin", t.facilityTypes)],
);

export const facilityReviews = pgTable(
  "facility_reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: profileRef(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: smallint("rating").notNull(),
    title: text("title"),
    body: text("body"),
    ...audit,
  },
  (t) => [uniqueIndex("facility_reviews_key").on(t.profileId, t.userId)],
);

/** A facility listed by a destination; the destination's managers manage the facility too. */
export const facilityDestinations = pgTable(
  "facility_destinations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    facilityId: profileRef("facility_id"),
    destinationId: profileRef("destination_id"),
    // The facility's likes and name, copies kept by triggers of migration 0051 (the facility's
    // count changes with every like): a destination's facilities, most liked first and then by
    // name, are a walk of the index below that stops at the page's end, where sorting them read
    // every one of them (2,674 at a million facilities; most have no like, so the name decides).
    // Never written by the app.
    likeCount: integer("like_count").notNull().default(0),
    facilityName: text("facility_name").notNull().default(""),
    ...audit,
  },
  (t) => [
    uniqueIndex("facility_destinations_key").on(t.facilityId, t.destinationId),
    // A destination's facilities from the index alone (the facility beside it): a destination
    // with thousands reads them without a visit to the table each (issue 49).
    index("facility_destinations_destination_idx").on(t.destinationId, t.facilityId),
    index("facility_destinations_likes_idx").on(
      t.destinationId,
      t.likeCount.desc().nullsFirst(),
      t.facilityName,
      t.facilityId,
    ),
  ],
);
