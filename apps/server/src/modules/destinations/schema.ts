// The destination's own fields.
import { sql } from "drizzle-orm";
import { boolean, date, pgTable, text } from "drizzle-orm/pg-core";
import { profileRef } from "../../profiles/schema";

export const destinationDetails = pgTable("destination_details", {
  profileId: profileRef().primaryKey(),
  destinationType: text("destination_type"),
  services: text("services").array().notNull().default(sql`'{}'::text[]`),
  hotelLiveRatesEnabled: boolean("hotel_live_rates_enabled").notNull().default(false),
  hotelLiveRatesVisibleAfter: date("hotel_live_rates_visible_after", { mode: "string" }),
  hotelSpecialsHiddenAfter: date("hotel_specials_hidden_after", { mode: "string" }),
});
