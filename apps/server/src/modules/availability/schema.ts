// Tables of the availability module: a venue's calendar, one row a range of days it marked
// booked, held or wanted (need dates), for the whole venue or some of one space type's spaces.
import type { TAvailabilityKind, TAvailabilitySource } from "@hostfield/domain/reference";
import { date, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { audit } from "../../platform/db/columns";
import { profileRef, profileSpaceTypes, profiles } from "../../profiles/schema";

export const venueAvailability = pgTable(
  "venue_availability",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The facility or destination whose calendar it is. */
    profileId: profileRef(),
    kind: text("kind").$type<TAvailabilityKind>().notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    /** A space type of the facility; null: the whole venue. Goes with its space type. */
    spaceTypeId: uuid("space_type_id").references(() => profileSpaceTypes.id, {
      onDelete: "cascade",
    }),
    /** How many of that space type's spaces; null: all of them. */
    spaces: integer("spaces"),
    discountPercent: integer("discount_percent"),
    note: text("note"),
    source: text("source").$type<TAvailabilitySource>().notNull().default("manual"),
    /** The awarded event that booked these days (source "award"); its range goes with it. */
    eventId: uuid("event_id").references(() => profiles.id, { onDelete: "cascade" }),
    ...audit,
  },
  (t) => [index("venue_availability_profile_idx").on(t.profileId, t.startDate, t.endDate)],
);
