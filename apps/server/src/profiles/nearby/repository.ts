// Listings by place, for modules that need them near a point or linked to another (hotels near an
// event's venue, the destination whose settings rule an event's hotels): approved, active ones,
// with their amenities, on the earthdistance index the searches use.
import type { TProfileKind } from "@hostfield/domain/reference";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { TDb } from "../../platform/db/database";
import { profileAmenities, profilePartners, profiles } from "../schema";

const METERS_PER_MILE = 1609.344;
const earthOf = (lat: number, lng: number) => sql`ll_to_earth(${lat}::float8, ${lng}::float8)`;
const profileEarth = sql`ll_to_earth(${profiles.lat}, ${profiles.lng})`;

/** A listing of `kind` linked to `id` as a partner (either way round), the first by name; else null. */
export async function partnerOfKind(
  db: TDb,
  id: string,
  kind: TProfileKind,
): Promise<string | null> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profilePartners)
    .innerJoin(
      profiles,
      sql`${profiles.id} = case when ${profilePartners.profileId} = ${id} then ${profilePartners.partnerId} else ${profilePartners.profileId} end`,
    )
    .where(
      and(
        sql`(${profilePartners.profileId} = ${id} or ${profilePartners.partnerId} = ${id})`,
        eq(profiles.kind, kind),
      ),
    )
    .orderBy(asc(profiles.name))
    .limit(1);
  return row?.id ?? null;
}

/** The nearest listed (approved, active) listing of `kind` within `miles` of a point, else null. */
export async function nearestListed(
  db: TDb,
  kind: TProfileKind,
  point: { lat: number; lng: number },
  miles: number,
): Promise<string | null> {
  const centre = earthOf(point.lat, point.lng);
  const meters = miles * METERS_PER_MILE;
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      and(
        eq(profiles.kind, kind),
        eq(profiles.status, "approved"),
        eq(profiles.isActive, true),
        sql`earth_box(${centre}, ${meters}::float8) @> ${profileEarth}`,
        sql`earth_distance(${centre}, ${profileEarth}) <= ${meters}::float8`,
      ),
    )
    .orderBy(sql`earth_distance(${centre}, ${profileEarth})`)
    .limit(1);
  return row?.id ?? null;
}

export type TNearbyListing = {
  id: string;
  name: string;
  logo: string | null;
  address: string | null;
  lat: number | null;
  lng: number | null;
  distanceMiles: number | null;
  amenities: string[];
};

const nearbyColumns = {
  id: profiles.id,
  name: profiles.name,
  logo: profiles.logo,
  street: profiles.street,
  city: profiles.city,
  state: profiles.state,
  lat: profiles.lat,
  lng: profiles.lng,
  amenities: sql<
    string[]
  >`coalesce((select array_agg(a.name order by a.name) from ${profileAmenities} a where a.profile_id = ${profiles.id}), '{}')`,
};
const listedOf = (kind: TProfileKind) =>
  and(eq(profiles.kind, kind), eq(profiles.status, "approved"), eq(profiles.isActive, true));

type TNearbyColumns = {
  id: string;
  name: string;
  logo: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  lat: number | null;
  lng: number | null;
  amenities: string[];
};

const nearbyOf = (r: TNearbyColumns, distanceMiles: number | null): TNearbyListing => ({
  id: r.id,
  name: r.name,
  logo: r.logo,
  address: [r.street, r.city, r.state].filter(Boolean).join(", ") || null,
  lat: r.lat,
  lng: r.lng,
  distanceMiles,
  amenities: r.amenities,
});

/** Listed listings of `kind` within `miles` of a point, nearest first, with their amenities. */
export async function listedNear(
  db: TDb,
  kind: TProfileKind,
  point: { lat: number; lng: number },
  miles: number,
  limit: number,
): Promise<TNearbyListing[]> {
  const centre = earthOf(point.lat, point.lng);
  const meters = miles * METERS_PER_MILE * 1.001;
  const distance = sql<number>`earth_distance(${centre}, ${profileEarth}) / ${METERS_PER_MILE}`;
  const rows = await db
    .select({ ...nearbyColumns, distanceMiles: distance })
    .from(profiles)
    .where(
      and(
        listedOf(kind),
        sql`earth_box(${centre}, ${meters}::float8) @> ${profileEarth}`,
        sql`earth_distance(${centre}, ${profileEarth}) <= ${meters}::float8`,
      ),
    )
    .orderBy(distance)
    .limit(limit);
  return rows.map((r) => nearbyOf(r, Number(r.distanceMiles)));
}

/** Listed listings of `kind` among `ids`, wherever they are (no distance), with their amenities. */
export async function listedAmong(
  db: TDb,
  kind: TProfileKind,
  ids: readonly string[],
): Promise<TNearbyListing[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(nearbyColumns)
    .from(profiles)
    .where(and(inArray(profiles.id, [...ids]), listedOf(kind)));
  return rows.map((r) => nearbyOf(r, null));
}
