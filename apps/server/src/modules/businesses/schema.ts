// The business's own fields, and its promotions (the deals it offers visiting teams).
import type { TPromotionOffer } from "@hostfield/domain/contracts";
import { sql } from "drizzle-orm";
import { boolean, date, index, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { audit } from "../../platform/db/columns";
import { profileRef } from "../../profiles/schema";

export const businessDetails = pgTable("business_details", {
  profileId: profileRef().primaryKey(),
  businessCategory: text("business_category"),
  placeAttributes: text("place_attributes").array().notNull().default(sql`'{}'::text[]`),
  placeCategories: text("place_categories").array().notNull().default(sql`'{}'::text[]`),
});

export const businessPromotions = pgTable(
  "business_promotions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: profileRef(),
    title: text("title").notNull(),
    description: text("description"),
    offer: jsonb("offer").notNull().$type<TPromotionOffer>(),
    validFrom: date("valid_from", { mode: "string" }).notNull(),
    validTo: date("valid_to", { mode: "string" }).notNull(),
    days: text("days").array().notNull().default(sql`'{}'::text[]`),
    startTime: text("start_time"),
    endTime: text("end_time"),
    terms: text("terms"),
    code: text("code"),
    redemptionUrl: text("redemption_url"),
    image: text("image"),
    audienceTags: text("audience_tags").array().notNull().default(sql`'{}'::text[]`),
    isDefault: boolean("is_default").notNull().default(false),
    ...audit,
  },
  (t) => [
    index("business_promotions_profile_idx").on(t.profileId, t.validTo),
    // One default per business: the card shows it.
    uniqueIndex("business_promotions_one_default").on(t.profileId).where(sql`${t.isDefault}`),
  ],
);
