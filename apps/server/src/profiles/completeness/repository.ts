// What a listing's completeness checklist reads (home summary): for every listing a user owns or
// manages directly, whether it has gallery photos, spaces, amenities, and its description. One
// statement whatever the number of listings (each `exists` is an index probe by profile id).
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { TDb } from "../../platform/db/database";
import {
  profileAmenities,
  profileMedia,
  profileMembers,
  profileSpaceTypes,
  profiles,
} from "../schema";

export type TCompletenessRow = {
  id: string;
  kind: string;
  name: string;
  description: string | null;
  hasPhotos: boolean;
  hasSpaces: boolean;
  hasAmenities: boolean;
};

const has = (
  table: typeof profileMedia | typeof profileSpaceTypes | typeof profileAmenities,
  extra = sql`true`,
) =>
  sql<boolean>`exists (select 1 from ${table} where ${table.profileId} = ${profiles.id} and ${extra})`;

/** The listings (events aside) where `userId` is an owner or a manager, with what they hold. */
export async function managedListingContents(db: TDb, userId: string): Promise<TCompletenessRow[]> {
  return db
    .select({
      id: profiles.id,
      kind: profiles.kind,
      name: profiles.name,
      description: profiles.description,
      hasPhotos: has(profileMedia, sql`${profileMedia.kind} = 'image'`),
      hasSpaces: has(profileSpaceTypes),
      hasAmenities: has(profileAmenities),
    })
    .from(profileMembers)
    .innerJoin(profiles, eq(profiles.id, profileMembers.profileId))
    .where(
      and(
        eq(profileMembers.userId, userId),
        inArray(profileMembers.role, ["owner", "manager"]),
        ne(profiles.kind, "event"),
      ),
    );
}
