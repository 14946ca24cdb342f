// SQL of a listing's images and documents, and the listings a stored file belongs to.
import { and, asc, desc, eq, isNotNull, or, sql } from "drizzle-orm";
import type { TDb } from "../../platform/db/database";
import { profileMedia, profilePartners } from "../schema";

// ---- media -----------------------------------------------------------------------------------

export async function lastMediaSortKey(
  db: TDb,
  profileId: string,
  kind: "image" | "document",
): Promise<string | null> {
  const [row] = await db
    .select({ sortKey: profileMedia.sortKey })
    .from(profileMedia)
    .where(and(eq(profileMedia.profileId, profileId), eq(profileMedia.kind, kind)))
    .orderBy(desc(profileMedia.sortKey), desc(profileMedia.id))
    .limit(1);
  return row?.sortKey ?? null;
}

export async function mediaInOrder(db: TDb, profileId: string, kind: "image" | "document") {
  return db
    .select({ id: profileMedia.id, sortKey: profileMedia.sortKey })
    .from(profileMedia)
    .where(and(eq(profileMedia.profileId, profileId), eq(profileMedia.kind, kind)))
    .orderBy(asc(profileMedia.sortKey), asc(profileMedia.id));
}

export async function allMediaKeys(db: TDb, profileId: string): Promise<string[]> {
  const rows = await db
    .select({ key: profileMedia.fileKey })
    .from(profileMedia)
    .where(eq(profileMedia.profileId, profileId));
  // Partnership pictures go with either side's listing (the link cascades with both).
  const pictures = await db
    .select({ key: profilePartners.imageKey })
    .from(profilePartners)
    .where(
      and(
        or(eq(profilePartners.profileId, profileId), eq(profilePartners.partnerId, profileId)),
        isNotNull(profilePartners.imageKey),
      ),
    );
  return [...rows.map((r) => r.key), ...pictures.map((r) => r.key!)];
}

export const mediaKindIs = (kind: "image" | "document") => eq(profileMedia.kind, kind);
export const mediaOrder = sql`${profileMedia.sortKey}`;
