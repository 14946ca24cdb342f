// The matching prefilter: the one query over listing data (sports, spaces, facility types, a
// destination's listed facilities). Publishing reads every candidate in reach with the facts
// matching.ts judges, in one pass. The profile search (profiles/search) pages one kind by relevance
// and returns no spaces or listed facilities, and asking the profiles service facility by facility
// would be thousands of round trips for a national request.
import type { TTier } from "@hostfield/domain/reference";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { TDb } from "../../../platform/db/database";
import { profileSpaceTypes, profileSports, profiles } from "../../../profiles/schema";
import { facilityDestinations, facilityDetails } from "../../facilities/schema";
import type { TDestinationCandidate, TFacilityCandidate, TFacilityFacts } from "../matching";

const METERS_PER_MILE = 1609.344;

export type TCandidateQuery = {
  sports: readonly string[];
  /** Tiers that may receive leads at all. */
  tiers: readonly TTier[];
  point: { lat: number; lng: number } | null;
  radiusMiles: number | null;
  /** Present when a specific space type is needed: a space of it must exist. */
  space: { name: string; surface: string | null; locations: readonly string[] | null } | null;
  /** Present when a specific facility type is needed. */
  facilityTypes: readonly string[] | null;
};

/** Approved, active listings of `kind` (in table `p`) with a tier, within reach of the point (if any). */
function recipientConditions(
  p: typeof profiles,
  kind: "facility" | "destination",
  q: TCandidateQuery,
): SQL[] {
  const conditions: SQL[] = [
    eq(p.kind, kind),
    eq(p.status, "approved"),
    eq(p.isActive, true),
    inArray(p.tier, [...q.tiers]),
  ];
  if (q.point && q.radiusMiles !== null) {
    // A hair wider than asked: the box and the distance find candidates through the GiST index
    // on ll_to_earth(lat, lng); matching.ts draws the exact edge.
    const meters = q.radiusMiles * METERS_PER_MILE * 1.001;
    const centre = sql`ll_to_earth(${q.point.lat}::float8, ${q.point.lng}::float8)`;
    const earth = sql`ll_to_earth(${p.lat}, ${p.lng})`;
    conditions.push(
      sql`earth_box(${centre}, ${meters}::float8) @> ${earth}`,
      sql`earth_distance(${centre}, ${earth}) <= ${meters}::float8`,
    );
  }
  return conditions;
}

/** Facility data conditions on the facility whose id is `facilityId` (a column). */
function facilityDataConditions(facilityId: SQL, q: TCandidateQuery): SQL[] {
  const conditions: SQL[] = [
    sql`exists (select 1 from ${profileSports} s where s.profile_id = ${facilityId} and s.name in ${q.sports})`,
  ];
  if (q.space) {
    const surface = q.space.surface ? sql`and st.surface = ${q.space.surface}` : sql``;
    const locations = q.space.locations ? sql`and st.location in ${q.space.locations}` : sql``;
    conditions.push(
      sql`exists (select 1 from ${profileSpaceTypes} st where st.profile_id = ${facilityId} and st.name = ${q.space.name} ${surface} ${locations})`,
    );
  }
  if (q.facilityTypes) {
    conditions.push(
      sql`exists (select 1 from ${facilityDetails} ft where ft.profile_id = ${facilityId} and ft.facility_types && ${sql.param([...q.facilityTypes])}::text[])`,
    );
  }
  return conditions;
}

type TFactsRow = {
  id: string;
  name: string;
  facility_types: string[] | null;
  sports: string[] | null;
  spaces: TFacilityFacts["spaces"] | null;
};

/** The facts matching reads of a facility row (sports limited to the asked ones). */
const factsColumns = (facility: SQL, q: TCandidateQuery) => sql`
  ${facility}.id, ${facility}.name,
  (select fd.facility_types from ${facilityDetails} fd where fd.profile_id = ${facility}.id) as facility_types,
  (select array_agg(s.name) from ${profileSports} s where s.profile_id = ${facility}.id and s.name in ${q.sports}) as sports,
  (select json_agg(json_build_object('id', st.id, 'name', st.name, 'surface', st.surface, 'count', st.count, 'location', st.location))
     from ${profileSpaceTypes} st where st.profile_id = ${facility}.id
     ${q.space ? sql`and st.name = ${q.space.name}` : sql``}) as spaces`;

const toFacts = (row: TFactsRow): TFacilityFacts => ({
  id: row.id,
  name: row.name,
  facilityTypes: row.facility_types ?? [],
  sports: row.sports ?? [],
  spaces: row.spaces ?? [],
});

export async function facilityCandidates(
  db: TDb,
  q: TCandidateQuery,
): Promise<TFacilityCandidate[]> {
  if (q.sports.length === 0 || q.tiers.length === 0) return [];
  const where = and(
    ...recipientConditions(profiles, "facility", q),
    ...facilityDataConditions(sql`${profiles.id}`, q),
  );
  const result = await db.execute<
    TFactsRow & { lat: number | null; lng: number | null; tier: string | null; is_active: boolean }
  >(sql`
    select ${factsColumns(sql`profiles`, q)}, profiles.lat, profiles.lng, profiles.tier, profiles.is_active
    from ${profiles} where ${where}`);
  return result.rows.map((row) => ({
    id: row.id,
    name: row.name,
    lat: row.lat,
    lng: row.lng,
    tier: row.tier,
    isActive: row.is_active,
    facts: toFacts(row),
  }));
}

export async function destinationCandidates(
  db: TDb,
  q: TCandidateQuery,
): Promise<TDestinationCandidate[]> {
  if (q.sports.length === 0 || q.tiers.length === 0) return [];
  // One pass: destinations in reach with a tier, joined to their listed (approved, active)
  // facilities that offer a requested sport (and the asked space or type), with those facts.
  const d = alias(profiles, "d");
  const result = await db.execute<
    TFactsRow & {
      d_id: string;
      d_name: string;
      d_lat: number | null;
      d_lng: number | null;
      d_tier: string | null;
      d_active: boolean;
    }
  >(sql`
    select d.id as d_id, d.name as d_name, d.lat as d_lat, d.lng as d_lng, d.tier as d_tier,
      d.is_active as d_active, ${factsColumns(sql`f`, q)}
    from ${profiles} d
    join ${facilityDestinations} link on link.destination_id = d.id
    join ${profiles} f on f.id = link.facility_id and f.kind = 'facility' and f.status = 'approved' and f.is_active
    where ${and(...recipientConditions(d as unknown as typeof profiles, "destination", q), ...facilityDataConditions(sql`f.id`, q))}`);
  const byId = new Map<string, TDestinationCandidate & { facilities: TFacilityFacts[] }>();
  for (const row of result.rows) {
    const found = byId.get(row.d_id) ?? {
      id: row.d_id,
      name: row.d_name,
      lat: row.d_lat,
      lng: row.d_lng,
      tier: row.d_tier,
      isActive: row.d_active,
      facilities: [],
    };
    found.facilities.push(toFacts(row));
    byId.set(row.d_id, found);
  }
  return [...byId.values()];
}
