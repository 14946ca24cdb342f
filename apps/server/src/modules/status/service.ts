// The site's operating status; admins toggle maintenance mode (the admin screen arrives later).
import type { TDb } from "../../platform/db/database";
import { findSiteSettings, saveMaintenanceMode } from "./repository";

export type TSiteStatus = { maintenanceMode: boolean; updatedDate: Date | null };

// Every open tab polls the status document, so each process keeps it for a moment. A change made
// here shows at once; one made by another server process shows within this many milliseconds.
export const STATUS_CACHE_MS = 2000;
const cache = new WeakMap<TDb, { value: TSiteStatus; expires: number }>();

export async function getSiteStatus(db: TDb, now = Date.now()): Promise<TSiteStatus> {
  const hit = cache.get(db);
  if (hit && hit.expires > now) return hit.value;
  const row = await findSiteSettings(db);
  // No row yet means nobody ever switched maintenance on.
  const value = {
    maintenanceMode: row?.maintenanceMode ?? false,
    updatedDate: row?.updatedDate ?? null,
  };
  cache.set(db, { value, expires: now + STATUS_CACHE_MS });
  return value;
}

export async function setMaintenanceMode(
  db: TDb,
  maintenanceMode: boolean,
  updatedBy: string | null,
): Promise<TSiteStatus> {
  const row = await saveMaintenanceMode(db, maintenanceMode, updatedBy);
  const value = { maintenanceMode: row.maintenanceMode, updatedDate: row.updatedDate };
  cache.set(db, { value, expires: Date.now() + STATUS_CACHE_MS });
  return value;
}
