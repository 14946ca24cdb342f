// The availability module's SQL: a venue's ranges in a window, how many it keeps, writing and
// removing them, the calendars of many venues at once (matching), and search's free-window filter.
import type { TCalendarRange } from "@hostfield/domain/rules";
import {
  and,
  asc,
  count,
  eq,
  gte,
  inArray,
  lte,
  type SQL,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import type { TDb } from "../../platform/db/database";
import { profileSpaceTypes } from "../../profiles/schema";
import { venueAvailability } from "./schema";

export type TRangeRow = typeof venueAvailability.$inferSelect;
export type TRangeInsert = typeof venueAvailability.$inferInsert;

/** The venue's ranges that share a day with the window, earliest first. */
export async function rangesIn(db: TDb, profileId: string, from: string, to: string) {
  return db
    .select()
    .from(venueAvailability)
    .where(
      and(
        eq(venueAvailability.profileId, profileId),
        lte(venueAvailability.startDate, to),
        gte(venueAvailability.endDate, from),
      ),
    )
    .orderBy(asc(venueAvailability.startDate), asc(venueAvailability.id));
}

export async function countRanges(db: TDb, profileId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(venueAvailability)
    .where(eq(venueAvailability.profileId, profileId));
  return Number(row?.n ?? 0);
}

/** Locks the venue's calendar for a write (one writer at a time checks overlaps and the cap). */
export async function lockCalendar(db: TDb, profileId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`availability:${profileId}`}))`);
}

export async function insertRanges(db: TDb, rows: readonly TRangeInsert[]) {
  if (rows.length === 0) return [];
  return db
    .insert(venueAvailability)
    .values([...rows])
    .returning();
}

/** Removes the venue's range; false when it has none by that id. */
export async function deleteRange(db: TDb, profileId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(venueAvailability)
    .where(and(eq(venueAvailability.profileId, profileId), eq(venueAvailability.id, id)))
    .returning({ id: venueAvailability.id });
  return gone.length > 0;
}

/** The awarded event's ranges at the venue (replaced when an award is taken back or moved). */
export async function deleteAwardRanges(db: TDb, eventId: string) {
  await db
    .delete(venueAvailability)
    .where(and(eq(venueAvailability.eventId, eventId), eq(venueAvailability.source, "award")));
}

/** Which of `ids` are the facility's own space types. */
/** The facility's own space types among `ids`, each with how many spaces it has. */
export async function ownSpaceTypes(
  db: TDb,
  profileId: string,
  ids: readonly string[],
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: profileSpaceTypes.id, count: profileSpaceTypes.count })
    .from(profileSpaceTypes)
    .where(
      and(eq(profileSpaceTypes.profileId, profileId), inArray(profileSpaceTypes.id, [...ids])),
    );
  return new Map(rows.map((r) => [r.id, r.count]));
}

/**
 * The calendars of many venues for a window: each venue among `ids` that keeps one (any range at
 * all), with its ranges sharing a day with the window. One statement.
 */
export async function calendarsOf(
  db: TDb,
  ids: readonly string[],
  from: string,
  to: string,
): Promise<Map<string, TCalendarRange[]>> {
  const calendars = new Map<string, TCalendarRange[]>();
  if (ids.length === 0) return calendars;
  const result = await db.execute<{ profile_id: string; ranges: TCalendarRange[] | null }>(sql`
    select kept.profile_id,
      (select json_agg(json_build_object(
          'kind', r.kind, 'startDate', r.start_date, 'endDate', r.end_date,
          'spaceTypeId', r.space_type_id, 'spaces', r.spaces, 'discountPercent', r.discount_percent)
        order by r.start_date)
       from ${venueAvailability} r
       where r.profile_id = kept.profile_id and r.start_date <= ${to} and r.end_date >= ${from}) as ranges
    from (select distinct profile_id from ${venueAvailability}
          where profile_id = any(${sql.param([...ids])}::uuid[])) kept`);
  for (const row of result.rows) calendars.set(row.profile_id, row.ranges ?? []);
  return calendars;
}

/**
 * Search's free-window filter, for another module's statement: true when the venue whose id is
 * `profileId` (a column of that statement) has no booked or held range for the whole venue sharing
 * a day with [`from`, `to`] (both bound by the caller, so its statement's text stays the same).
 * Ranges about a space type and need dates never exclude; a venue without ranges is free.
 * `venue_availability_taken_idx` is partial on exactly `kind <> 'need' and space_type_id is null`,
 * so each venue's check is one probe of that index, its table never read.
 */
export function freeInWindow(profileId: SQLWrapper, from: SQLWrapper, to: SQLWrapper): SQL {
  return sql`not exists (select 1 from ${venueAvailability} taken
    where taken.profile_id = ${profileId} and taken.kind <> 'need' and taken.space_type_id is null
      and taken.start_date <= ${to}::date and taken.end_date >= ${from}::date)`;
}
