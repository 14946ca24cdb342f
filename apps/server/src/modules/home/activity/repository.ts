// SQL of the /home activity feed, read from what the listings already keep: reactions, members, a
// destination's facilities, an organization's events and the proposals on an event's requests.
// Nothing is written for it; each row names the row it comes from, so paging by offset is stable
// while nothing new arrives.
//
// What concerns me (the `following` tab), and nothing else:
// - likes and follows, by others, of listings I own or manage (my listings);
// - facilities newly listed under destinations I follow, events newly announced by organizations
//   I follow, and changes to events I like or follow (listings I follow or like);
// - proposals sent on the requests of events I own or manage (my requests).
// Messages of my groups are not feed items: messaging and notifications carry them.
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
import { eventLeads } from "../../rfps/schema";

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

/** Proposals venues sent on the requests of events I own or manage (the venue, the event). */
const proposalsOnMyEvents = (me: string) => {
  const submitted = sql`(${eventLeads.proposal} ->> 'submittedDate')::timestamptz`;
  return sql`
  select 'p:' || ${eventLeads.id}::text, 'proposed', ${submitted}, null,
         ${eventLeads.ownerId}, ${eventLeads.eventId}
  from ${eventLeads}
  join ${profileMembers} on ${profileMembers.profileId} = ${eventLeads.eventId}
   and ${profileMembers.userId} = ${me} and ${profileMembers.role} in ('owner', 'manager')
  where ${eventLeads.proposal} is not null and ${recent(submitted)}`;
};

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
      proposalsOnMyEvents(me),
    ],
    sql` union all `,
  );
}

/**
 * What makes items repeats of each other: the same verb on the same target on the same day (UTC).
 * The target is what the news came through for `listed`, `announced` and `proposed` (the
 * destination, the organization, the event: "41 facilities newly listed in Astoria") and the
 * listing itself for the others ("12 people liked Riverside Arena", "Spring Cup changed 3 times").
 */
const groupKey = sql`items.type || '.' ||
  (case when items.type in ('listed', 'announced', 'proposed') then items.context_id
        else items.profile_id end)::text
  || '.' || to_char(items.at at time zone 'UTC', 'YYYY-MM-DD')`;

const keyed = (items: SQL) =>
  sql`select items.*, ${groupKey} as group_key from (${items}) as items`;

export type TActivityGroupRow = TActivityRow & { group_key: string; group_count: number };

/**
 * One page of `me`'s feed, newest first, repeats folded into one row each (the newest item of the
 * group, with the group's key and size), and how many rows there are. Grouped in SQL, so a page is
 * a page of rows as the reader sees them.
 */
export async function findActivityPage(
  db: TDb,
  me: string,
  tab: TActivityTab,
  window: { limit: number; offset: number },
): Promise<{ rows: TActivityGroupRow[]; count: number }> {
  const items = keyed(itemsOf(me, tab));
  const [page, total] = await Promise.all([
    db.execute<TActivityGroupRow>(sql`
      select id, type, at, actor_id, profile_id, context_id, group_key, group_count from (
        select k.*,
               row_number() over (partition by k.group_key order by k.at desc, k.id desc) as rank,
               (count(*) over (partition by k.group_key))::int as group_count
        from (${items}) as k) as ranked
      where rank = 1
      order by at desc, group_key desc
      limit ${window.limit} offset ${window.offset}`),
    db.execute<{ n: number }>(
      sql`select count(distinct k.group_key)::int as n from (${items}) as k`,
    ),
  ]);
  return { rows: page.rows, count: total.rows[0]?.n ?? 0 };
}

/** One page of the items of one group of `me`'s feed (its key), newest first, and their count. */
export async function findActivityGroup(
  db: TDb,
  me: string,
  tab: TActivityTab,
  key: string,
  window: { limit: number; offset: number },
): Promise<{ rows: TActivityGroupRow[]; count: number }> {
  const items = sql`select * from (${keyed(itemsOf(me, tab))}) as k where k.group_key = ${key}`;
  const [page, total] = await Promise.all([
    db.execute<TActivityGroupRow>(sql`
      select g.*, 1 as group_count from (${items}) as g
      order by at desc, id desc
      limit ${window.limit} offset ${window.offset}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from (${items}) as g`),
  ]);
  return { rows: page.rows, count: total.rows[0]?.n ?? 0 };
}
