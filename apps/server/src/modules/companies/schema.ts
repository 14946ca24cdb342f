// The company's own fields.
import { sql } from "drizzle-orm";
import { pgTable, text } from "drizzle-orm/pg-core";
import { profileRef } from "../../profiles/schema";

export const companyDetails = pgTable("company_details", {
  profileId: profileRef().primaryKey(),
  vendorCategories: text("vendor_categories").array().notNull().default(sql`'{}'::text[]`),
  serviceTags: text("service_tags").array().notNull().default(sql`'{}'::text[]`),
  audienceTags: text("audience_tags").array().notNull().default(sql`'{}'::text[]`),
});
