// SQL of the businesses' promotions: the one default of a business, the ones good today, and
// promotions valid on some day of a date range at listed businesses within a radius (earthdistance,
// as the listing searches).

import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { TDb, TWindow } from "../../platform/db/database";
import { profiles } from "../../profiles/schema";
import { businessDetails, businessPromotions } from "./schema";

export type TPromotionRow = typeof businessPromotions.$inferSelect;

const METERS_PER_MILE = 1609.344;
const profileEarth = sql`ll_to_earth(${profiles.lat}, ${profiles.lng})`;

/** Makes no promotion of the business its default but `keepId`'s (before another becomes it). */
export async function clearDefaultPromotion(db: TDb, profileId: string, keepId?: string) {
  await db
    .update(businessPromotions)
    .set({ isDefault: false, updatedDate: new Date() })
    .where(
      and(
        eq(businessPromotions.profileId, profileId),
        eq(businessPromotions.isDefault, true),
        ...(keepId ? [ne(businessPromotions.id, keepId)] : []),
      ),
    );
}

/** The business's default promotion, unless it has expired by `today`. */
/** Whether any promotion still shows the image at `image` (its stored address). */
export async function isPromotionImageUsed(db: TDb, image: string): Promise<boolean> {
  const [row] = await db
    .select({ id: businessPromotions.id })
    .from(businessPromotions)
    .where(eq(businessPromotions.image, image))
    .limit(1);
  return row !== undefined;
}

export async function findDefaultPromotion(
  db: TDb,
  profileId: string,
  today: string,
): Promise<TPromotionRow | null> {
  const [row] = await db
    .select()
    .from(businessPromotions)
    .where(
      and(
        eq(businessPromotions.profileId, profileId),
        eq(businessPromotions.isDefault, true),
        sql`${businessPromotions.validTo} >= ${today}::date`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The default promotion of each business among `ids` that has one not expired by `today`. */
export async function featuredPromotions(
  db: TDb,
  ids: readonly string[],
  today: string,
): Promise<TPromotionRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(businessPromotions)
    .where(
      and(
        inArray(businessPromotions.profileId, [...ids]),
        eq(businessPromotions.isDefault, true),
        sql`${businessPromotions.validTo} >= ${today}::date`,
      ),
    );
}

/** The promotions of the businesses among `ids` good on `today`, the soonest to end first. */
export async function livePromotions(
  db: TDb,
  ids: readonly string[],
  today: string,
): Promise<Pick<TPromotionRow, "id" | "profileId" | "title" | "validTo">[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: businessPromotions.id,
      profileId: businessPromotions.profileId,
      title: businessPromotions.title,
      validTo: businessPromotions.validTo,
    })
    .from(businessPromotions)
    .where(
      and(
        inArray(businessPromotions.profileId, [...ids]),
        sql`${businessPromotions.validFrom} <= ${today}::date`,
        sql`${businessPromotions.validTo} >= ${today}::date`,
      ),
    )
    .orderBy(
      asc(businessPromotions.validTo),
      asc(businessPromotions.title),
      asc(businessPromotions.id),
    );
}

export type TPromotionSearchRow = {
  promotion: TPromotionRow;
  business: {
    id: string;
    name: string;
    logo: string | null;
    businessCategory: string | null;
    street: string | null;
    city: string | null;
    state: string | null;
    distanceMiles: number;
  };
};

/**
 * Promotions good on some day of `start`…`end` from `today` on, at listed businesses within `miles`
 * of the point, in `categories` when given; nearest first, then soonest ending. A promotion that
 * names weekdays must meet one of them in the days its dates share with the range.
 */
export async function searchPromotions(
  db: TDb,
  q: {
    point: { lat: number; lng: number };
    miles: number;
    start: string;
    end: string;
    today: string;
    categories?: readonly string[] | undefined;
  },
  window: TWindow,
): Promise<{ rows: TPromotionSearchRow[]; count: number }> {
  const centre = sql`ll_to_earth(${q.point.lat}::float8, ${q.point.lng}::float8)`;
  const meters = q.miles * METERS_PER_MILE;
  const p = businessPromotions;
  const from = sql`greatest(${p.validFrom}, ${q.start}::date, ${q.today}::date)`;
  const to = sql`least(${p.validTo}, ${q.end}::date)`;
  const distance = sql<number>`earth_distance(${centre}, ${profileEarth}) / ${METERS_PER_MILE}::float8`;
  const where = and(
    eq(profiles.kind, "business"),
    eq(profiles.status, "approved"),
    eq(profiles.isActive, true),
    sql`earth_box(${centre}, ${meters}::float8) @> ${profileEarth}`,
    sql`earth_distance(${centre}, ${profileEarth}) <= ${meters}::float8`,
    sql`${from} <= ${to}`,
    // A week of the shared days meets every weekday; to_char's 'Dy' is English whatever the locale.
    sql`(cardinality(${p.days}) = 0 or exists (
      select 1 from generate_series(${from}::timestamp, least(${to}, ${from} + 6)::timestamp, interval '1 day') as d(day)
      where to_char(d.day, 'Dy') = any(${p.days})))`,
    ...(q.categories?.length ? [inArray(businessDetails.businessCategory, [...q.categories])] : []),
  );
  const base = () =>
    db
      .select({
        promotion: p,
        business: {
          id: profiles.id,
          name: profiles.name,
          logo: profiles.logo,
          businessCategory: businessDetails.businessCategory,
          street: profiles.street,
          city: profiles.city,
          state: profiles.state,
          distanceMiles: distance,
        },
      })
      .from(p)
      .innerJoin(profiles, eq(profiles.id, p.profileId))
      .leftJoin(businessDetails, eq(businessDetails.profileId, p.profileId));
  const [rows, [total]] = await Promise.all([
    base()
      .where(where)
      .orderBy(asc(distance), asc(p.validTo), asc(p.id))
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(p)
      .innerJoin(profiles, eq(profiles.id, p.profileId))
      .leftJoin(businessDetails, eq(businessDetails.profileId, p.profileId))
      .where(where),
  ]);
  return { rows, count: total?.count ?? 0 };
}
