// Only this file reads or writes the site settings row.
import { eq } from "drizzle-orm";
import type { TDb } from "../../platform/db/database";
import { siteSettings } from "./schema";

export type TSiteSettingsRow = typeof siteSettings.$inferSelect;

export async function findSiteSettings(db: TDb): Promise<TSiteSettingsRow | undefined> {
  const rows = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
  return rows[0];
}

export async function saveMaintenanceMode(
  db: TDb,
  maintenanceMode: boolean,
  updatedBy: string | null,
): Promise<TSiteSettingsRow> {
  const values = { id: 1, maintenanceMode, updatedBy, updatedDate: new Date() };
  const rows = await db
    .insert(siteSettings)
    .values(values)
    .onConflictDoUpdate({ target: siteSettings.id, set: values })
    .returning();
  return rows[0]!;
}
