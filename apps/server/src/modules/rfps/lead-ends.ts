// The two ends of a lead as this module reads them from the profiles service: the event that asks
// and the listings (destinations, facilities, vendors) its requests go to. (A lead as the API shows
// it reads its event's name and dates with it: repository.ts, eventLine.)
import type { TOwnerType } from "@hostfield/domain/reference";
import { OWNER_TYPE_KINDS } from "@hostfield/domain/rules";
import type { TLoadedProfile } from "../../profiles";
import type { TRfpsContext } from "./context";

/** What this module reads of an event: its name, dates and whether it still takes proposals. */
export type TEventRow = {
  id: string;
  name: string;
  startDate: string;
  endDate: string;
  hasFlexibleDates: boolean;
  isClosed: boolean;
};

export function eventRowOf(profile: Pick<TLoadedProfile, "id" | "name" | "detail">): TEventRow {
  const detail = (profile.detail ?? {}) as Partial<Omit<TEventRow, "id" | "name">>;
  return {
    id: profile.id,
    name: profile.name,
    startDate: detail.startDate ?? "",
    endDate: detail.endDate ?? "",
    hasFlexibleDates: detail.hasFlexibleDates ?? false,
    isClosed: detail.isClosed ?? false,
  };
}

/** The event, whoever may see it (the caller's abilities say that), or null when there is none. */
export async function findEvent(ctx: TRfpsContext, id: string): Promise<TEventRow | null> {
  const found = (await ctx.profiles.profilesByIds("event", [id])).get(id);
  return found ? eventRowOf(found) : null;
}

/** The event's organizers: who hear proposals and talk with the responder. */
export async function organizerIds(ctx: TRfpsContext, eventId: string) {
  return (await ctx.profiles.listingAudience(eventId))?.managerIds ?? [];
}

/**
 * The listings named by some owner references, by id, each of its reference's kind (one call to
 * the profiles service per kind); `listedOnly` keeps the approved, active ones.
 */
export async function ownersByIds(
  ctx: TRfpsContext,
  owners: readonly { ownerType: TOwnerType; ownerId: string }[],
  listedOnly: boolean,
): Promise<Map<string, TLoadedProfile>> {
  const byType = new Map<TOwnerType, string[]>();
  for (const o of owners) {
    const ids = byType.get(o.ownerType) ?? [];
    ids.push(o.ownerId);
    byType.set(o.ownerType, ids);
  }
  const found = await Promise.all(
    [...byType].map(([type, ids]) =>
      ctx.profiles.profilesByIds(OWNER_TYPE_KINDS[type], ids, { listedOnly }),
    ),
  );
  return new Map(found.flatMap((m) => [...m]));
}
