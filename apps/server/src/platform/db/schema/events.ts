// Tables owned by modules/events beside the event's detail row: per-event settings and the hotels
// linked to an event (with the room-block placeholders the hotel issue fills in).
import {
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { profiles } from "./profiles";

const audit = {
  createdDate: timestamp("created_date", { withTimezone: true }).notNull().defaultNow(),
  updatedDate: timestamp("updated_date", { withTimezone: true }).notNull().defaultNow(),
  createdBy: uuid("created_by"),
  updatedBy: uuid("updated_by"),
};

// `profile_id` names the event, as in every child the profile machinery lists and edits.
const eventRef = () =>
  uuid("profile_id")
    .notNull()
    .references(() => profiles.id, { onDelete: "cascade" });

/** One setting of an event (`/events/{id}/setting`); the allowed keys and values are the contract's. */
export const eventSettings = pgTable(
  "event_settings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: eventRef(),
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
    profileId: eventRef(),
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
