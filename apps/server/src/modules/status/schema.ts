// Tables of the status module: the site-wide settings row read by GET /status.json.
import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, timestamp, uuid } from "drizzle-orm/pg-core";

export const siteSettings = pgTable(
  "site_settings",
  {
    // Exactly one row, id 1: the check keeps a second one out.
    id: integer("id").primaryKey().default(1),
    maintenanceMode: boolean("maintenance_mode").notNull().default(false),
    updatedDate: timestamp("updated_date", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid("updated_by"),
  },
  (t) => [check("site_settings_single_row", sql`${t.id} = 1`)],
);
