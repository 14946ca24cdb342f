// Listings' facts for modules that describe them (the assistant's answers), each in one statement:
// the listed listings of an area (kinds near a point, and some by id), a kind's listings with their
// details, sports, spaces and amenities, and how well names and descriptions match some words
// (trigram similarity of the name, full-text rank of the description, on the searches' indexes).
import type { TProfileKind } from "@hostfield/domain/reference";
import { and, eq, getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import type { TDb } from "../../platform/db/database";
import type { TDetailTable } from "../descriptor";
import type { TProfileRow } from "../repository";
import { profileAmenities, profileSpaceTypes, profileSports, profiles } from "../schema";

const METERS_PER_MILE = 1609.344;
const listed = and(eq(profiles.status, "approved"), eq(profiles.isActive, true))!;

export type TAreaListing = {
  id: string;
  kind: TProfileKind;
  name: string;
  lat: number | null;
  lng: number | null;
};

/**
 * The listed listings of `kinds` within `miles` of a point, and those among `ids` whatever their
 * kind and place: names and points only, for finding which a question names.
 */
export async function listedInArea(
  db: TDb,
  area: {
    kinds: readonly TProfileKind[];
    point: { lat: number; lng: number } | null;
    miles: number;
  },
  ids: readonly string[],
): Promise<TAreaListing[]> {
  const parts: SQL[] = [];
  if (area.point && area.kinds.length > 0) {
    const centre = sql`ll_to_earth(${area.point.lat}::float8, ${area.point.lng}::float8)`;
    const earth = sql`ll_to_earth(${profiles.lat}, ${profiles.lng})`;
    const meters = area.miles * METERS_PER_MILE * 1.001;
    parts.push(
      and(
        inArray(profiles.kind, [...area.kinds]),
        sql`earth_box(${centre}, ${meters}::float8) @> ${earth}`,
        sql`earth_distance(${centre}, ${earth}) <= ${meters}::float8`,
      )!,
    );
  }
  if (ids.length > 0) parts.push(inArray(profiles.id, [...ids]));
  if (parts.length === 0) return [];
  const rows = await db
    .select({
      id: profiles.id,
      kind: profiles.kind,
      name: profiles.name,
      lat: profiles.lat,
      lng: profiles.lng,
    })
    .from(profiles)
    .where(and(listed, parts.length === 1 ? parts[0] : sql`(${parts[0]} or ${parts[1]})`));
  return rows.map((r) => ({ ...r, kind: r.kind as TProfileKind }));
}

export type TListingSpace = { name: string; surface: string; count: number; location: string };

/** A listing with everything it publishes of itself: its row, its kind's fields and children. */
export type TListingFacts = TProfileRow & {
  detail: Record<string, unknown> | null;
  sports: string[];
  /** Largest first. */
  spaces: TListingSpace[];
  amenities: string[];
};

/**
 * The listings among `ids` of the kind whose details live in `detailTable`: listed ones only,
 * unless `listedOnly` is false (a listing the caller was already allowed to see).
 */
export async function listingFacts(
  db: TDb,
  detailTable: TDetailTable,
  ids: readonly string[],
  options: { listedOnly?: boolean } = {},
): Promise<TListingFacts[]> {
  if (ids.length === 0) return [];
  const sports = sql<string[]>`coalesce((select array_agg(s.name order by s.name)
    from ${profileSports} s where s.profile_id = ${profiles.id}), '{}')`;
  const amenities = sql<string[]>`coalesce((select array_agg(a.name order by a.name)
    from ${profileAmenities} a where a.profile_id = ${profiles.id}), '{}')`;
  const spaces = sql<TListingSpace[]>`coalesce((select json_agg(json_build_object(
      'name', t.name, 'surface', t.surface, 'count', t.count, 'location', t.location)
      order by t.count desc, t.name)
    from ${profileSpaceTypes} t where t.profile_id = ${profiles.id}), '[]'::json)`;
  return db
    .select({
      ...getTableColumns(profiles),
      detail: detailTable,
      sports,
      amenities,
      spaces,
    })
    .from(profiles)
    .leftJoin(detailTable, eq(detailTable.profileId, profiles.id))
    .where(and(options.listedOnly === false ? undefined : listed, inArray(profiles.id, [...ids])));
}

/**
 * How well each listing among `ids` matches `text`, best first, those that match at all: the
 * name's word similarity to the text (trigrams) and the description's full-text rank for it.
 */
export async function textMatches(
  db: TDb,
  ids: readonly string[],
  text: string,
): Promise<{ id: string; nameScore: number; textScore: number }[]> {
  if (ids.length === 0 || text.trim() === "") return [];
  const query = sql`websearch_to_tsquery('english', ${text})`;
  const vector = sql`to_tsvector('english', coalesce(${profiles.description}, ''))`;
  const nameScore = sql<number>`word_similarity(${text}, ${profiles.name})`;
  const textScore = sql<number>`ts_rank(${vector}, ${query})`;
  const rows = await db
    .select({ id: profiles.id, nameScore, textScore })
    .from(profiles)
    .where(
      and(
        inArray(profiles.id, [...ids]),
        sql`(${text} <% ${profiles.name} or ${vector} @@ ${query})`,
      ),
    )
    .orderBy(sql`${nameScore} + ${textScore} desc`);
  return rows.map((r) => ({
    id: r.id,
    nameScore: Number(r.nameScore),
    textScore: Number(r.textScore),
  }));
}
