// SQL of the event module's own calls: what a clone copies, partner links, and the hotels linked
// to events across the kind. Settings and one event's hotels go through the profile machinery's
// child queries (profiles/repository.ts) on the tables below.
import { and, asc, count, eq, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { TDb } from "../../platform/db/database";
import { eventHotels, eventSettings } from "../../platform/db/schema/events";
import {
  profileAmenities,
  profilePartners,
  profileSpaceTypes,
  profiles,
} from "../../platform/db/schema/profiles";

export { eventHotels, eventSettings };
export type TEventHotelRow = typeof eventHotels.$inferSelect;
export type TEventSettingRow = typeof eventSettings.$inferSelect;
type TWindow = { limit: number; offset: number };

/**
 * A clone's children: the amenities, the spaces it needs and its settings. Sports travel with the
 * profile itself; media, likes, members, boosts, partners, hotels and leads stay with the original.
 */
export async function copyEventChildren(db: TDb, fromId: string, toId: string, by: string) {
  await db.transaction(async (tx) => {
    const amenities = await tx
      .select({ name: profileAmenities.name })
      .from(profileAmenities)
      .where(eq(profileAmenities.profileId, fromId));
    if (amenities.length) {
      await tx
        .insert(profileAmenities)
        .values(amenities.map((a) => ({ profileId: toId, name: a.name })))
        .onConflictDoNothing();
    }
    const spaces = await tx
      .select({
        name: profileSpaceTypes.name,
        surface: profileSpaceTypes.surface,
        count: profileSpaceTypes.count,
        location: profileSpaceTypes.location,
        additionalFeatures: profileSpaceTypes.additionalFeatures,
      })
      .from(profileSpaceTypes)
      .where(eq(profileSpaceTypes.profileId, fromId));
    if (spaces.length) {
      await tx.insert(profileSpaceTypes).values(spaces.map((s) => ({ ...s, profileId: toId })));
    }
    const settings = await tx
      .select({ key: eventSettings.key, value: eventSettings.value })
      .from(eventSettings)
      .where(eq(eventSettings.profileId, fromId));
    if (settings.length) {
      await tx
        .insert(eventSettings)
        .values(settings.map((s) => ({ ...s, profileId: toId, createdBy: by, updatedBy: by })));
    }
  });
}

// ---- partners --------------------------------------------------------------------------------

/** Links the partner once (a second link changes nothing). */
export async function linkPartner(db: TDb, eventId: string, partnerId: string, by: string) {
  await db
    .insert(profilePartners)
    .values({ profileId: eventId, partnerId, createdBy: by, updatedBy: by })
    .onConflictDoNothing();
}

export async function unlinkPartner(db: TDb, eventId: string, partnerId: string) {
  await db
    .delete(profilePartners)
    .where(and(eq(profilePartners.profileId, eventId), eq(profilePartners.partnerId, partnerId)));
}

export async function listPartners(db: TDb, eventId: string) {
  return db
    .select({ id: profiles.id, kind: profiles.kind, name: profiles.name, logo: profiles.logo })
    .from(profilePartners)
    .innerJoin(profiles, eq(profiles.id, profilePartners.partnerId))
    .where(eq(profilePartners.profileId, eventId))
    .orderBy(asc(profiles.name), asc(profiles.id));
}

// ---- hotels across events --------------------------------------------------------------------

/**
 * Hotel links of every event (`GET /events/hotels`), soonest cut-off first; with `listedOnly`, only
 * those of listed events and listed hotels.
 */
export async function listKindHotels(
  db: TDb,
  filter: { hotelId?: string; listedOnly: boolean },
  window: TWindow,
) {
  const event = alias(profiles, "event");
  const hotel = alias(profiles, "hotel");
  const where: (SQL | undefined)[] = [
    filter.hotelId ? eq(eventHotels.hotelId, filter.hotelId) : undefined,
  ];
  if (filter.listedOnly) {
    where.push(
      eq(event.status, "approved"),
      eq(event.isActive, true),
      eq(hotel.status, "approved"),
      eq(hotel.isActive, true),
    );
  }
  const condition = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        link: eventHotels,
        eventName: event.name,
        hotel: { id: hotel.id, name: hotel.name, logo: hotel.logo },
      })
      .from(eventHotels)
      .innerJoin(event, eq(event.id, eventHotels.profileId))
      .innerJoin(hotel, eq(hotel.id, eventHotels.hotelId))
      .where(condition)
      .orderBy(asc(eventHotels.cutoffDate), asc(event.name), asc(eventHotels.id))
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({ n: count() })
      .from(eventHotels)
      .innerJoin(event, eq(event.id, eventHotels.profileId))
      .innerJoin(hotel, eq(hotel.id, eventHotels.hotelId))
      .where(condition),
  ]);
  return { rows, count: total?.n ?? 0 };
}
