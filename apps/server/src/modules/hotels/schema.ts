// The hotel's own fields.
import { integer, numeric, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { profileRef } from "../../profiles/schema";

export const hotelDetails = pgTable(
  "hotel_details",
  {
    profileId: profileRef().primaryKey(),
    starRating: numeric("star_rating", { precision: 2, scale: 1, mode: "number" }),
    rooms: integer("rooms"),
    /** The hotel's id in the partner (rates and bookings) system: `GET /hotels/hp/{id}`. */
    partnerId: text("partner_id"),
  },
  (t) => [uniqueIndex("hotel_details_partner_id_key").on(t.partnerId)],
);
