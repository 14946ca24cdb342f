// SQL of what links listings to one another: company links, partners, and what a clone copies.
import { and, asc, eq } from "drizzle-orm";
import type { TDb } from "../../platform/db/database";
import {
  profileAmenities,
  profileCompanies,
  profilePartners,
  profileSpaceTypes,
  profiles,
} from "../schema";
import { insertNames } from "./children";

// ---- company links ---------------------------------------------------------------------------

export async function linkCompany(db: TDb, profileId: string, companyId: string, by: string) {
  await db
    .insert(profileCompanies)
    .values({ profileId, companyId, createdBy: by })
    .onConflictDoNothing();
}

export async function unlinkCompany(db: TDb, profileId: string, companyId: string) {
  const rows = await db
    .delete(profileCompanies)
    .where(
      and(eq(profileCompanies.profileId, profileId), eq(profileCompanies.companyId, companyId)),
    )
    .returning({ id: profileCompanies.profileId });
  return rows.length > 0;
}

export async function companyIdsOf(db: TDb, profileId: string): Promise<string[]> {
  const rows = await db
    .select({ id: profileCompanies.companyId })
    .from(profileCompanies)
    .where(eq(profileCompanies.profileId, profileId));
  return rows.map((r) => r.id);
}

// ---- partners by partner id, and a clone's children (PUT /events/{id}/partner, .../clone) -------

/** Links the partner once (a second link changes nothing). */
export async function linkPartner(db: TDb, profileId: string, partnerId: string, by: string) {
  await db
    .insert(profilePartners)
    .values({ profileId, partnerId, createdBy: by, updatedBy: by })
    .onConflictDoNothing();
}

export async function unlinkPartner(db: TDb, profileId: string, partnerId: string) {
  await db
    .delete(profilePartners)
    .where(and(eq(profilePartners.profileId, profileId), eq(profilePartners.partnerId, partnerId)));
}

/**
 * Gives `toId` the place of `fromId`: its address, point and place id, all of them, so the address
 * and the point never describe two places. Nothing when `fromId` has no point; whether it did.
 */
export async function copyPlace(
  db: TDb,
  fromId: string,
  toId: string,
  change: { by: string; at: Date },
): Promise<boolean> {
  const [from] = await db
    .select({
      street: profiles.street,
      city: profiles.city,
      state: profiles.state,
      postalCode: profiles.postalCode,
      country: profiles.country,
      lat: profiles.lat,
      lng: profiles.lng,
      placeId: profiles.placeId,
    })
    .from(profiles)
    .where(eq(profiles.id, fromId));
  if (!from || from.lat === null || from.lng === null) return false;
  await db
    .update(profiles)
    .set({ ...from, updatedBy: change.by, updatedDate: change.at })
    .where(eq(profiles.id, toId));
  return true;
}

export type TPartnerLink = {
  id: string;
  profileId: string;
  partnerId: string;
  imageKey: string | null;
  /** The kind of the listing that made the link (`profileId`'s). */
  ownerKind: string;
};

/** One partner link by its own id, with the kind of the listing that made it. */
export async function findPartnerLink(db: TDb, id: string): Promise<TPartnerLink | undefined> {
  const [row] = await db
    .select({
      id: profilePartners.id,
      profileId: profilePartners.profileId,
      partnerId: profilePartners.partnerId,
      imageKey: profilePartners.imageKey,
      ownerKind: profiles.kind,
    })
    .from(profilePartners)
    .innerJoin(profiles, eq(profiles.id, profilePartners.profileId))
    .where(eq(profilePartners.id, id));
  return row;
}

/** Points a partner link at its new picture; the row as it is now (undefined once unlinked). */
export async function setPartnerImage(db: TDb, id: string, imageKey: string, by: string) {
  const [row] = await db
    .update(profilePartners)
    .set({ imageKey, updatedBy: by, updatedDate: new Date() })
    .where(eq(profilePartners.id, id))
    .returning();
  return row;
}

/** The profiles linked as partners, by name. */
export async function partnerProfiles(db: TDb, profileId: string) {
  return db
    .select({
      id: profiles.id,
      kind: profiles.kind,
      name: profiles.name,
      logo: profiles.logo,
      status: profiles.status,
      isActive: profiles.isActive,
    })
    .from(profilePartners)
    .innerJoin(profiles, eq(profiles.id, profilePartners.partnerId))
    .where(eq(profilePartners.profileId, profileId))
    .orderBy(asc(profiles.name), asc(profiles.id));
}

/** Copies the amenities and space types of one profile to another (a clone; `db` may be a tx). */
export async function copyAmenitiesAndSpaceTypes(db: TDb, fromId: string, toId: string) {
  const amenities = await db
    .select({ name: profileAmenities.name })
    .from(profileAmenities)
    .where(eq(profileAmenities.profileId, fromId));
  await insertNames(
    db,
    profileAmenities,
    toId,
    amenities.map((a) => a.name),
  );
  const spaces = await db
    .select({
      name: profileSpaceTypes.name,
      surface: profileSpaceTypes.surface,
      count: profileSpaceTypes.count,
      location: profileSpaceTypes.location,
      additionalFeatures: profileSpaceTypes.additionalFeatures,
      dayPriceAmount: profileSpaceTypes.dayPriceAmount,
      dayPriceCurrency: profileSpaceTypes.dayPriceCurrency,
    })
    .from(profileSpaceTypes)
    .where(eq(profileSpaceTypes.profileId, fromId));
  if (spaces.length) {
    await db.insert(profileSpaceTypes).values(spaces.map((s) => ({ ...s, profileId: toId })));
  }
}
