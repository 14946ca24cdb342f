// SQL of the organization's own calls: the admins' report across organizations (each with its
// members and followers). Its events are the event module's, asked through modules/events.
import { asc, count, eq, sql } from "drizzle-orm";
import { pageOf, type TDb } from "../../platform/db/database";
import { profileMembers, profiles } from "../../profiles/schema";
import { organizationDetails } from "./schema";

type TWindow = { limit: number; offset: number };

/** Every organization with its type, followers and members (`GET /organizations/report`), by name. */
export async function organizationReport(db: TDb, window: TWindow) {
  const members = db
    .select({
      profileId: sql<string>`${profileMembers.profileId}`.as("member_profile_id"),
      members: sql<number>`count(*)::int`.as("members"),
    })
    .from(profileMembers)
    .groupBy(profileMembers.profileId)
    .as("mc");
  const where = eq(profiles.kind, "organization");
  return pageOf(
    db
      .select({
        id: profiles.id,
        name: profiles.name,
        status: profiles.status,
        isActive: profiles.isActive,
        organizationType: organizationDetails.organizationType,
        createdDate: profiles.createdDate,
        followers: profiles.followerCount,
        members: sql<number>`coalesce(${members.members}, 0)::int`,
      })
      .from(profiles)
      .leftJoin(organizationDetails, eq(organizationDetails.profileId, profiles.id))
      .leftJoin(members, eq(members.profileId, profiles.id))
      .where(where)
      .orderBy(asc(profiles.name), asc(profiles.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(profiles).where(where),
  );
}
