// The event's own child collections, served by the machinery's simple-child routes: settings
// (`/events/{id}/setting`, organizers only) and linked hotels (`/events/{id}/hotels`).
import {
  ZEventHotel,
  ZEventHotelInput,
  ZEventSetting,
  ZEventSettingInput,
} from "@hostfield/domain/contracts";
import type { z } from "zod";
import { validationFailed } from "../../platform/http/errors";
import {
  iso,
  kindOf,
  loadProfile,
  mediaRef,
  profileNames,
  requireListedProfile,
  type TProfilesContext,
  type TSimpleChild,
} from "../../profiles";
import type { TEventHotelRow, TEventSettingRow } from "./repository";
import { eventHotels, eventSettings } from "./schema";

const asInput = (schema: z.ZodType) => schema as unknown as z.ZodType<Record<string, unknown>>;

export const settingsChild: TSimpleChild = {
  segment: "setting",
  label: "setting",
  table: eventSettings,
  input: asInput(ZEventSettingInput),
  item: ZEventSetting,
  // Settings are the organizers' business: reading them too (a lead contact e-mail is private).
  read: "profile.update",
  write: "profile.update",
  orderBy: eventSettings.key,
  toRow: async (_ctx, _id, s) => ({ key: s.key, value: s.value, updatedDate: new Date() }),
  editable: (row) => ({ key: row.key, value: row.value }),
  present: async (_ctx, rows) =>
    (rows as TEventSettingRow[]).map((r) => ({
      id: r.id,
      profileId: r.profileId,
      key: r.key,
      value: r.value,
      createdDate: iso(r.createdDate),
      updatedDate: iso(r.updatedDate),
    })),
};

/** Hotel links with the event's and the hotel's names, for one event or across events. */
export async function presentHotels(ctx: TProfilesContext, rows: TEventHotelRow[]) {
  const names = await profileNames(ctx, [
    ...new Set(rows.flatMap((r) => [r.profileId, r.hotelId])),
  ]);
  return rows.map((r) => presentHotel(r, names.get(r.profileId)?.name ?? "", names.get(r.hotelId)));
}

export function presentHotel(
  r: TEventHotelRow,
  eventName: string,
  hotel: { id: string; name: string; logo: string | null } | undefined,
) {
  return {
    id: r.id,
    profileId: r.profileId,
    profileName: eventName,
    hotel: { id: r.hotelId, name: hotel?.name ?? "", logo: mediaRef(hotel?.logo ?? null) },
    note: r.note,
    roomsHeld: r.roomsHeld,
    rate: r.rate,
    cutoffDate: r.cutoffDate,
    createdDate: iso(r.createdDate),
  };
}

export const hotelsChild: TSimpleChild = {
  segment: "hotels",
  label: "hotel",
  table: eventHotels,
  input: asInput(ZEventHotelInput),
  item: ZEventHotel,
  // Hotels near an event are part of its public page; its organizers choose them.
  read: "profile.read",
  write: "profile.update",
  orderBy: eventHotels.createdDate,
  toRow: async (ctx, eventId, h) => {
    await requireListedProfile(ctx, h.hotelId as string, ["hotel"], "The hotel");
    const cutoffDate = (h.cutoffDate as string | null | undefined) ?? null;
    if (cutoffDate) {
      const event = await loadProfile(ctx, kindOf(ctx, "event"), eventId);
      const endDate = event.detail?.endDate as string | undefined;
      if (endDate && cutoffDate > endDate) {
        throw validationFailed("A room block's cut-off date cannot be after the event ends.");
      }
    }
    return {
      hotelId: h.hotelId,
      note: h.note ?? null,
      roomsHeld: h.roomsHeld ?? null,
      rate: h.rate ?? null,
      cutoffDate,
      updatedDate: new Date(),
    };
  },
  editable: (r) => ({
    hotelId: r.hotelId,
    note: r.note,
    roomsHeld: r.roomsHeld,
    rate: r.rate,
    cutoffDate: r.cutoffDate,
  }),
  present: (ctx, rows) => presentHotels(ctx, rows as TEventHotelRow[]),
};
