// SQL of likes and follows on listings.
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { users } from "../../modules/users/schema";
import type { TWindow } from "../../platform/db/database";
import { pageOf, type TDb } from "../../platform/db/database";
import { profileReactions, profiles } from "../schema";

// ---- reactions -------------------------------------------------------------------------------

const counterOf = (kind: "like" | "follow") =>
  kind === "like" ? profiles.likeCount : profiles.followerCount;

/** Adds the reaction once; the profile's counter moves only when a row was written. */
export async function addReaction(
  db: TDb,
  profileId: string,
  userId: string,
  kind: "like" | "follow",
): Promise<boolean> {
  const inserted = await db
    .insert(profileReactions)
    .values({ profileId, userId, kind })
    .onConflictDoNothing()
    .returning({ id: profileReactions.id });
  if (inserted.length > 0) {
    const column = counterOf(kind);
    await db
      .update(profiles)
      .set({ [kind === "like" ? "likeCount" : "followerCount"]: sql`${column} + 1` })
      .where(eq(profiles.id, profileId));
  }
  return inserted.length > 0;
}

/** Removes reactions matching `where`; returns how many went. */
export async function removeReactions(
  db: TDb,
  profileId: string,
  kind: "like" | "follow",
  by: { userId: string } | { id: string },
): Promise<number> {
  const removed = await db
    .delete(profileReactions)
    .where(
      and(
        eq(profileReactions.profileId, profileId),
        eq(profileReactions.kind, kind),
        "userId" in by ? eq(profileReactions.userId, by.userId) : eq(profileReactions.id, by.id),
      ),
    )
    .returning({ id: profileReactions.id });
  if (removed.length > 0) {
    const column = counterOf(kind);
    await db
      .update(profiles)
      .set({
        [kind === "like" ? "likeCount" : "followerCount"]:
          sql`greatest(${column} - ${removed.length}, 0)`,
      })
      .where(eq(profiles.id, profileId));
  }
  return removed.length;
}

export async function hasReaction(
  db: TDb,
  profileId: string,
  userId: string,
  kind: "like" | "follow",
): Promise<boolean> {
  const [row] = await db
    .select({ id: profileReactions.id })
    .from(profileReactions)
    .where(
      and(
        eq(profileReactions.profileId, profileId),
        eq(profileReactions.userId, userId),
        eq(profileReactions.kind, kind),
      ),
    );
  return row !== undefined;
}

export async function reactedProfileIds(
  db: TDb,
  userId: string,
  kind: "like" | "follow",
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: profileReactions.profileId })
    .from(profileReactions)
    .where(
      and(
        eq(profileReactions.userId, userId),
        eq(profileReactions.kind, kind),
        inArray(profileReactions.profileId, [...ids]),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

export async function listReactions(
  db: TDb,
  profileId: string,
  kind: "like" | "follow",
  window: TWindow,
) {
  const condition = and(eq(profileReactions.profileId, profileId), eq(profileReactions.kind, kind));
  return pageOf(
    db
      .select({
        id: profileReactions.id,
        profileId: profileReactions.profileId,
        userId: profileReactions.userId,
        kind: profileReactions.kind,
        createdDate: profileReactions.createdDate,
        name: users.name,
        avatarKey: users.avatarKey,
      })
      .from(profileReactions)
      .innerJoin(users, eq(users.id, profileReactions.userId))
      .where(condition)
      .orderBy(desc(profileReactions.createdDate), asc(profileReactions.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(profileReactions).where(condition),
  );
}
