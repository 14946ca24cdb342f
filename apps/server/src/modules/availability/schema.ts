// Tables of the availability module: a venue's calendar, one row a range of days it marked
// booked, held or wanted (need dates), for the whole venue or some of one space type's spaces; and
// how the calendar syncs with the venue's own booking system (its feed, its export link).
import type { TAvailabilityKind, TAvailabilitySource } from "@hostfield/domain/reference";
import { sql } from "drizzle-orm";
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
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
  (t) => [
    index("venue_availability_profile_idx").on(t.profileId, t.startDate, t.endDate),
    // The days taken for the whole venue, which search's free window asks of every venue
    // (repository.ts `freeInWindow` repeats this predicate exactly, so the planner uses it).
    index("venue_availability_taken_idx")
      .on(t.profileId, t.startDate, t.endDate)
      .where(sql`${t.kind} <> 'need' and ${t.spaceTypeId} is null`),
  ],
);

/**
 * A venue calendar's sync: the iCalendar feed read every hour (ranges of source "feed", replaced
 * whole by each import), how the last import went, and the hash of the export link's secret.
 */
export const venueCalendarSettings = pgTable(
  "venue_calendar_settings",
  {
    /** The facility or destination whose calendar it is. */
    profileId: profileRef().primaryKey(),
    /** Its kind ("facility" or "destination"): the service its export link is served under. */
    ownerKind: text("owner_kind").$type<"facility" | "destination">().notNull(),
    feedUrl: text("feed_url"),
    /** The last import that succeeded (of the feed or of a file), and the ranges it keeps. */
    lastImportedAt: timestamp("last_imported_at", { withTimezone: true }),
    importedCount: integer("imported_count"),
    importNotes: jsonb("import_notes").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Since when the feed's imports fail, and the last reason; null while they succeed. */
    failingSince: timestamp("failing_since", { withTimezone: true }),
    failure: text("failure"),
    /** SHA-256 (hex) of the export link's secret; the secret itself is shown once and not kept. */
    exportTokenHash: text("export_token_hash"),
    exportCreatedAt: timestamp("export_created_at", { withTimezone: true }),
    ...audit,
  },
  (t) => [uniqueIndex("venue_calendar_settings_export_idx").on(t.exportTokenHash)],
);
