// SQL of the /home activity feed, read from what the listings already keep: reactions, members, a
// destination's facilities and an organization's events. Nothing is written for it; each row
// names the row it comes from, so paging by offset is stable while nothing new arrives.
import {
  ACTIVITY_HORIZON_DAYS,
  type TActivityTab,
  type TActivityType,
} from "@hostfield/domain/contracts";
import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import type { TDb } from "../../../platform/db/database";
import { profileMembers, profileReactions, profiles } from "../../../profiles/schema";
import { eventDetails } from "../../events/schema";
import { facilityDestinations } from "../../facilities/schema";

export type TActivityRow = {
  id: string;
  type: TActivityType;
  at: Date | string;
  actor_id: string | null;
  profile_id: string;
  context_id: string | null;
};

const r = profileReactions;
const listed = sql`${profiles.status} = 'approved' and ${profiles.isActive}`;
const recent = (column: SQL | AnyColumn) =>
  sql`${column} > now() - make_interval(days => ${ACTIVITY_HORIZON_DAYS})`;

/** Likes and follows of listings I own or manage, by others. */
const onMyListings = (me: string) => sql`
  select 'r:' || ${r.id}::text as id,
         case ${r.kind} when 'like' then 'liked' else 'followed' end as type,
         ${r.createdDate} as at, ${r.userId} as actor_id, ${r.profileId} as profile_id,
         null::uuid as context_id
  from ${r}
  join ${profileMembers} on ${profileMembers.profileId} = ${r.profileId}
   and ${profileMembers.userId} = ${me} and ${profileMembers.role} in ('owner', 'manager')
  where ${r.userId} <> ${me}`;

/** Facilities newly listed under destinations I follow. */
const newInFollowedDestinations = (me: string) => sql`
  select 'l:' || ${facilityDestinations.id}::text, 'listed', ${facilityDestinations.createdDate}, null,
         ${facilityDestinations.facilityId}, ${facilityDestinations.destinationId}
  from ${facilityDestinations}
  join ${r} on ${r.profileId} = ${facilityDestinations.destinationId}
   and ${r.userId} = ${me} and ${r.kind} = 'follow'
  join ${profiles} on ${profiles.id} = ${facilityDestinations.facilityId} and ${listed}
  where ${recent(facilityDestinations.createdDate)}`;

/** Events newly announced by organizations I follow. */
const announcedByFollowedOrganizations = (me: string) => sql`
  select 'a:' || ${eventDetails.profileId}::text, 'announced', ${profiles.createdDate}, null,
         ${eventDetails.profileId}, ${eventDetails.organizationId}
  from ${eventDetails}
  join ${r} on ${r.profileId} = ${eventDetails.organizationId}
   and ${r.userId} = ${me} and ${r.kind} = 'follow'
  join ${profiles} on ${profiles.id} = ${eventDetails.profileId} and ${listed}
  where ${recent(profiles.createdDate)}`;

/** Events I like or follow that changed after I first reacted; one item per change. */
const updatedLikedEvents = (me: string) => sql`
  select 'u:' || ${profiles.id}::text || ':' || floor(extract(epoch from ${profiles.updatedDate}))::bigint,
         'updated', ${profiles.updatedDate}, null, ${profiles.id}, null
  from ${profiles}
  where ${profiles.kind} = 'event' and ${listed} and ${recent(profiles.updatedDate)}
    and ${profiles.updatedDate} > (
      select min(${r.createdDate}) from ${r}
      where ${r.profileId} = ${profiles.id} and ${r.userId} = ${me})`;

/** My own likes and follows. */
const myReactions = (me: string) => sql`
  select 'r:' || ${r.id}::text as id,
         case ${r.kind} when 'like' then 'liked' else 'followed' end as type,
         ${r.createdDate} as at, ${r.userId} as actor_id, ${r.profileId} as profile_id,
         null::uuid as context_id
  from ${r}
  where ${r.userId} = ${me}`;

function itemsOf(me: string, tab: TActivityTab): SQL {
  if (tab === "mine") return myReactions(me);
  return sql.join(
    [
      onMyListings(me),
      newInFollowedDestinations(me),
      announcedByFollowedOrganizations(me),
      updatedLikedEvents(me),
    ],
    sql` union all `,
  );
}

/** One page of `me`'s feed rows, newest first, and how many there are. */
export async function findActivityPage(
  db: TDb,
  me: string,
  tab: TActivityTab,
  window: { limit: number; offset: number },
): Promise<{ rows: TActivityRow[]; count: number }> {
  const items = itemsOf(me, tab);
  const [page, total] = await Promise.all([
    db.execute<TActivityRow>(sql`
      select * from (${items}) as items
      order by at desc, id desc
      limit ${window.limit} offset ${window.offset}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from (${items}) as items`),
  ]);
  return { rows: page.rows, count: total.rows[0]?.n ?? 0 };
}
