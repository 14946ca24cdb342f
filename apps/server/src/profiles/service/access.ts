// Who may do what on a listing: the caller's access, found once per request, and the abilities
// it grants.
import type { TProfileAbility } from "@hostfield/domain/contracts";
import type { TPrincipal } from "../../platform/http/access";
import { AppError, forbidden, unauthorized } from "../../platform/http/errors";
import type { TKindDescriptor } from "../descriptor";
import { profileAbilities, readableThroughLeads } from "../policy";
import * as repo from "../repository";
import { profileNotFound, type TProfilesContext } from "./context";

// ---- access --------------------------------------------------------------------------------

export type TProfileAccess = {
  profile: repo.TProfileRow;
  abilities: TProfileAbility[];
};

/**
 * The profile addressed by a route and what the caller may do with it. A profile the caller may
 * not see at all answers 404, so pending listings do not reveal that they exist.
 */
const NO_MEMBERSHIP: repo.TMembership = { role: null, inheritedManager: false };

export async function accessProfile(
  ctx: TProfilesContext,
  d: TKindDescriptor,
  id: string,
  principal: TPrincipal | null,
): Promise<TProfileAccess> {
  const found = principal
    ? await repo.findProfileWithMembership(ctx.db, id, principal.userId, d)
    : { profile: await repo.findProfileRow(ctx.db, id), membership: NO_MEMBERSHIP };
  if (!found?.profile || found.profile.kind !== d.kind) throw profileNotFound(d);
  const { profile, membership } = found;
  const reachedByLead =
    readableThroughLeads(profile, principal, membership) &&
    (await managesLeadRecipient(ctx, profile.id, principal!));
  const abilities = profileAbilities(profile, principal, membership, reachedByLead);
  if (abilities.length === 0) throw profileNotFound(d);
  return { profile, abilities };
}

/** Whether the caller manages one of the listings that hold a lead of the event (rfps says which). */
async function managesLeadRecipient(
  ctx: TProfilesContext,
  eventId: string,
  principal: TPrincipal,
): Promise<boolean> {
  if (!ctx.leadRecipientsOf) return false;
  const recipients = await ctx.leadRecipientsOf(eventId);
  return repo.managesOneOf(ctx.db, principal.userId, recipients, ctx.kinds);
}

export function requireAbility(
  d: TKindDescriptor,
  granted: TProfileAccess,
  ability: TProfileAbility,
  principal: TPrincipal | null,
): void {
  if (granted.abilities.includes(ability)) return;
  if (!principal) throw unauthorized();
  if (ability === "reviews.write" && granted.abilities.includes("reactions.write"))
    throw new AppError(
      "OWN_LISTING_REVIEW",
      403,
      `You manage this ${d.label}, so you may not review it.`,
    );
  throw forbidden(`You may not do this with this ${d.label}.`);
}
