// What the reports module asks of listings: which of some ids are listings, and of which kind (the
// tracking route drops events that name no listing of the kind they say).
import type { TProfileKind } from "@hostfield/domain/reference";
import { inArray } from "drizzle-orm";
import type { TDb } from "../platform/db/database";
import { profiles } from "./schema";

/** The kind of each id that is a listing (pending and inactive ones too); unknown ids are absent. */
export async function kindsOf(db: TDb, ids: readonly string[]): Promise<Map<string, TProfileKind>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: profiles.id, kind: profiles.kind })
    .from(profiles)
    .where(inArray(profiles.id, unique));
  return new Map(rows.map((row) => [row.id, row.kind as TProfileKind]));
}
