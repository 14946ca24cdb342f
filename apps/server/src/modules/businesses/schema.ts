// The business's own fields.
import { sql } from "drizzle-orm";
import { pgTable, text } from "drizzle-orm/pg-core";
import { profileRef } from "../../profiles/schema";

export const businessDetails = pgTable("business_details", {
  profileId: profileRef().primaryKey(),
  businessCategory: text("business_category"),
  placeAttributes: text("place_attributes").array().notNull().default(sql`'{}'::text[]`),
  placeCategories: text("place_categories").array().notNull().default(sql`'{}'::text[]`),
});
