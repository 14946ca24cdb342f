// Tables of the events module: the event's own fields, its settings and the hotels linked to it
// (with the room-block placeholders the hotel issue fills in).
import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { audit } from "../../platform/db/columns";
import { profileRef, profiles } from "../../profiles/schema";

export const eventDetails = pgTable(
  "event_details",
  {
    profileId: profileRef().primaryKey(),
    type: text("type").notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    hasFlexibleDates: boolean("has_flexible_dates").notNull().default(false),
    hotelLink: text("hotel_link"),
    category: text("category"),
    ageGroup: text("age_group"),
    eventLevel: text("event_level"),
    individualCost: numeric("individual_cost", { precision: 10, scale: 2, mode: "number" }),
    teamCost: numeric("team_cost", { precision: 10, scale: 2, mode: "number" }),
    facilityTypes: text("facility_types").array().notNull().default(sql`'{}'::text[]`),
    spaceName: text("space_name"),
    location: text("location"),
    surface: text("surface"),
    organizationId: uuid("organization_id").references(() => profiles.id, {
      onDelete: "set null",
    }),
    isClosed: boolean("is_closed").notNull().default(false),
  },
  (t) => [
    index("event_details_dates_idx").on(t.startDate, t.endDate),
    index("event_details_organization_idx").on(t.organizationId),
  ],
);

/** One setting of an event (`/events/{id}/setting`); the allowed keys and values are the contract's. */
export const eventSettings = pgTable(
  "event_settings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: profileRef(),
    key: text("key").notNull(),
    value: jsonb("value").notNull().$type<unknown>(),
    ...audit,
  },
  (t) => [uniqueIndex("event_settings_key").on(t.profileId, t.key)],
);

/** A listed hotel linked to an event (`/events/{id}/hotels`), once per hotel. */
export const eventHotels = pgTable(
  "event_hotels",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: profileRef(),
    hotelId: uuid("hotel_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    note: text("note"),
    roomsHeld: integer("rooms_held"),
    rate: numeric("rate", { precision: 10, scale: 2, mode: "number" }),
    cutoffDate: date("cutoff_date", { mode: "string" }),
    ...audit,
  },
  (t) => [
    uniqueIndex("event_hotels_key").on(t.profileId, t.hotelId),
    index("event_hotels_hotel_idx").on(t.hotelId),
  ],
);
