// What the reports module reads of businesses: their promotions' titles. Read only; exported from
// the module's index.ts for the reports module (kind modules offer no services).
import { and, eq, inArray } from "drizzle-orm";
import type { TDb } from "../../platform/db/database";
import { businessPromotions } from "./schema";

/**
 * Titles of the business's own promotions among `ids`, by id. A click names its promotion as the
 * browser sent it, so ids of another business's promotions (or of none) are left out.
 */
export async function promotionTitles(
  db: TDb,
  businessId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: businessPromotions.id, title: businessPromotions.title })
    .from(businessPromotions)
    .where(
      and(
        eq(businessPromotions.profileId, businessId),
        inArray(businessPromotions.id, [...new Set(ids)]),
      ),
    );
  return new Map(rows.map((r) => [r.id, r.title]));
}
