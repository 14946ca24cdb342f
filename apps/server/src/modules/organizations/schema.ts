// The organization's own fields.
import { sql } from "drizzle-orm";
import { pgTable, text } from "drizzle-orm/pg-core";
import { profileRef } from "../../profiles/schema";

export const organizationDetails = pgTable("organization_details", {
  profileId: profileRef().primaryKey(),
  organizationType: text("organization_type"),
  eventInterestTypes: text("event_interest_types").array().notNull().default(sql`'{}'::text[]`),
});
