// What the reports module's leaderboards and RFP overview read of requests and leads, set-based:
// leads received per owner over a window, each responder's response rate, median first-response
// time and wins, and the network's requests, leads and awards per day. A lead counts from when it
// became visible to its owner (`visible_from`; a hot request holds some back), never before.
import { sql } from "drizzle-orm";
import type { TDb } from "../../platform/db/database";
import { eventLeadHistory, eventLeads, eventRequirements } from "./schema";

/** A half-open span of time: `from` included, `to` excluded. */
export type TSpan = { from: Date; to: Date };

const visibleIn = (span: TSpan) =>
  sql`${eventLeads.visibleFrom} >= ${span.from.toISOString()}::timestamptz and ${eventLeads.visibleFrom} < ${span.to.toISOString()}::timestamptz`;

/** Hours from a lead becoming visible to its first response (never below 0). */
const responseHours = sql`greatest(0, extract(epoch from (${eventLeads.firstResponseDate} - ${eventLeads.visibleFrom})) / 3600.0)`;

/**
 * Leads received per owner in the span (only owners that received any), as two parallel arrays so
 * a caller can hand them to SQL as one `unnest`.
 */
export async function leadsReceived(
  db: TDb,
  ownerType: "Destination" | "Facility",
  span: TSpan,
): Promise<{ ids: string[]; counts: number[] }> {
  const result = await db.execute<{ id: string; n: number }>(sql`
    select ${eventLeads.ownerId} as id, count(*)::int as n
    from ${eventLeads}
    where ${eventLeads.ownerType} = ${ownerType} and ${visibleIn(span)}
    group by ${eventLeads.ownerId}`);
  return { ids: result.rows.map((r) => r.id), counts: result.rows.map((r) => Number(r.n)) };
}

export type TResponderStats = {
  ownerId: string;
  leads: number;
  responded: number;
  /** Median hours to the first response over the answered leads; null when none was answered. */
  medianHours: number | null;
  won: number;
  lost: number;
};

/** Each destination's and facility's leads in the span with their answers and outcomes, for owners with at least `minLeads`. */
export async function responderStats(
  db: TDb,
  span: TSpan,
  minLeads: number,
): Promise<TResponderStats[]> {
  const result = await db.execute<{
    owner_id: string;
    leads: number;
    responded: number;
    median_hours: number | null;
    won: number;
    lost: number;
  }>(sql`
    select ${eventLeads.ownerId} as owner_id,
      count(*)::int as leads,
      count(${eventLeads.firstResponseDate})::int as responded,
      percentile_cont(0.5) within group (order by ${responseHours})
        filter (where ${eventLeads.firstResponseDate} is not null) as median_hours,
      count(*) filter (where ${eventLeads.status} = 'Won')::int as won,
      count(*) filter (where ${eventLeads.status} = 'Lost')::int as lost
    from ${eventLeads}
    where ${eventLeads.ownerType} in ('Destination', 'Facility') and ${visibleIn(span)}
    group by ${eventLeads.ownerId}
    having count(*) >= ${minLeads}`);
  return result.rows.map((r) => ({
    ownerId: r.owner_id,
    leads: Number(r.leads),
    responded: Number(r.responded),
    medianHours: r.median_hours === null ? null : Number(r.median_hours),
    won: Number(r.won),
    lost: Number(r.lost),
  }));
}

/** One UTC day of the network's request activity. */
export type TRfpDay = {
  day: string;
  published: number;
  leads: number;
  responded: number;
  awards: number;
  roomNights: number;
};

/**
 * Per UTC day of the span: requests published, leads that became visible (and how many of those
 * were answered), and awards (leads won, on the day of their latest move to Won) with the room
 * nights of the event's awarded requests. Days with nothing are left out.
 */
export async function rfpActivityByDay(db: TDb, span: TSpan): Promise<TRfpDay[]> {
  const from = span.from.toISOString();
  const to = span.to.toISOString();
  const result = await db.execute<{
    day: string;
    published: number;
    leads: number;
    responded: number;
    awards: number;
    room_nights: number;
  }>(sql`
    with published as (
      select (${eventRequirements.publishedDate} at time zone 'UTC')::date as day, count(*)::int as n
      from ${eventRequirements}
      where ${eventRequirements.status} <> 'draft'
        and ${eventRequirements.publishedDate} >= ${from}::timestamptz
        and ${eventRequirements.publishedDate} < ${to}::timestamptz
      group by 1
    ), sent as (
      select (${eventLeads.visibleFrom} at time zone 'UTC')::date as day, count(*)::int as n,
        count(${eventLeads.firstResponseDate})::int as responded
      from ${eventLeads}
      where ${visibleIn(span)}
      group by 1
    ), wins as (
      select (w.won_at at time zone 'UTC')::date as day, count(*)::int as n,
        coalesce(sum((
          select sum(r.room_nights) from ${eventRequirements} r
          where r.event_id = w.event_id and r.status = 'awarded'
        )), 0)::int as room_nights
      from (
        select l.event_id,
          (select max(h.created_date) from ${eventLeadHistory} h
            where h.lead_id = l.id and h.to_status = 'Won') as won_at
        from ${eventLeads} l where l.status = 'Won'
      ) w
      where w.won_at >= ${from}::timestamptz and w.won_at < ${to}::timestamptz
      group by 1
    )
    select to_char(d.day, 'YYYY-MM-DD') as day,
      coalesce(p.n, 0) as published, coalesce(s.n, 0) as leads,
      coalesce(s.responded, 0) as responded,
      coalesce(w.n, 0) as awards, coalesce(w.room_nights, 0) as room_nights
    from (select day from published union select day from sent union select day from wins) d
    left join published p on p.day = d.day
    left join sent s on s.day = d.day
    left join wins w on w.day = d.day
    order by d.day`);
  return result.rows.map((r) => ({
    day: r.day,
    published: Number(r.published),
    leads: Number(r.leads),
    responded: Number(r.responded),
    awards: Number(r.awards),
    roomNights: Number(r.room_nights),
  }));
}

/** The median hours to first response over the leads that became visible in the span and were answered; null without any. */
export async function medianFirstResponseHours(db: TDb, span: TSpan): Promise<number | null> {
  const result = await db.execute<{ hours: number | null }>(sql`
    select percentile_cont(0.5) within group (order by ${responseHours}) as hours
    from ${eventLeads}
    where ${visibleIn(span)} and ${eventLeads.firstResponseDate} is not null`);
  const hours = result.rows[0]?.hours;
  return hours === null || hours === undefined ? null : Number(hours);
}

/** One state's share of the span's activity (the request's state; null for nationwide requests). */
export type TRfpState = {
  state: string | null;
  published: number;
  leads: number;
  responded: number;
  awards: number;
};

/** The span's requests published, leads sent and answered, and awards, by the request's state. */
export async function rfpActivityByState(db: TDb, span: TSpan): Promise<TRfpState[]> {
  const from = span.from.toISOString();
  const to = span.to.toISOString();
  const result = await db.execute<{
    state: string | null;
    published: number;
    leads: number;
    responded: number;
    awards: number;
  }>(sql`
    with published as (
      select ${eventRequirements.placeState} as state, count(*)::int as n
      from ${eventRequirements}
      where ${eventRequirements.status} <> 'draft'
        and ${eventRequirements.publishedDate} >= ${from}::timestamptz
        and ${eventRequirements.publishedDate} < ${to}::timestamptz
      group by 1
    ), sent as (
      select r.place_state as state, count(*)::int as n,
        count(${eventLeads.firstResponseDate})::int as responded
      from ${eventLeads}
      left join ${eventRequirements} r on r.id = ${eventLeads.requirementId}
      where ${visibleIn(span)}
      group by 1
    ), wins as (
      select r.place_state as state, count(*)::int as n
      from ${eventLeads} l
      left join ${eventRequirements} r on r.id = l.requirement_id
      where l.status = 'Won' and (
        select max(h.created_date) from ${eventLeadHistory} h
        where h.lead_id = l.id and h.to_status = 'Won'
      ) >= ${from}::timestamptz and (
        select max(h.created_date) from ${eventLeadHistory} h
        where h.lead_id = l.id and h.to_status = 'Won'
      ) < ${to}::timestamptz
      group by 1
    ), states as (
      select state from published union select state from sent union select state from wins
    )
    select st.state, coalesce(p.n, 0) as published, coalesce(s.n, 0) as leads,
      coalesce(s.responded, 0) as responded, coalesce(w.n, 0) as awards
    from states st
    left join published p on p.state is not distinct from st.state
    left join sent s on s.state is not distinct from st.state
    left join wins w on w.state is not distinct from st.state
    order by coalesce(s.n, 0) desc, coalesce(p.n, 0) desc, st.state nulls last`);
  return result.rows.map((r) => ({
    state: r.state,
    published: Number(r.published),
    leads: Number(r.leads),
    responded: Number(r.responded),
    awards: Number(r.awards),
  }));
}

/** These queries over the module's database, as the rfps services offer them (`rfps.standings`). */
export const standingsQueries = (db: TDb) => ({
  leadsReceived: (ownerType: "Destination" | "Facility", span: TSpan) =>
    leadsReceived(db, ownerType, span),
  responderStats: (span: TSpan, minLeads: number) => responderStats(db, span, minLeads),
  rfpActivityByDay: (span: TSpan) => rfpActivityByDay(db, span),
  rfpActivityByState: (span: TSpan) => rfpActivityByState(db, span),
  medianFirstResponseHours: (span: TSpan) => medianFirstResponseHours(db, span),
});
