// Who may see and act on an event's requests, a listing's leads and one lead: the addressed record
// (404 when there is none) with the caller's abilities on it, as the routes' access rules ask.
import type { TProfileAbility } from "@hostfield/domain/contracts";
import type { TProfileKind } from "@hostfield/domain/reference";
import { OWNER_TYPE_KINDS } from "@hostfield/domain/rules";
import type { TPrincipal } from "../../platform/http/access";
import { AppError, notFound, unauthorized } from "../../platform/http/errors";
import type { TRfpsContext } from "./context";
import { findEvent, type TEventRow } from "./lead-ends";
import {
  isOrganizer,
  leadAbilities,
  recipientRole,
  requireOrganizer,
  type TLeadAbility,
  type TLeadParty,
} from "./policy";
import * as repo from "./repository/leads";

/** The caller's abilities on a listing, empty when it is hidden from them (or they are a visitor). */
export const abilitiesOn = (
  ctx: TRfpsContext,
  kind: TProfileKind,
  id: string,
  principal: TPrincipal | null,
): Promise<TProfileAbility[]> => ctx.profiles.abilitiesOn(kind, id, principal);

export type TEventAccess = { event: TEventRow; abilities: TProfileAbility[] };

/** The event addressed by a route (404 when there is none) and the caller's abilities on it. */
export async function accessEvent(
  ctx: TRfpsContext,
  eventId: string,
  principal: TPrincipal | null,
): Promise<TEventAccess> {
  const event = await findEvent(ctx, eventId);
  if (!event) throw notFound("The event");
  return { event, abilities: await abilitiesOn(ctx, "event", eventId, principal) };
}

/** For the organizers' calls: the event, or 401/403/404. */
export async function organizerAccess(
  ctx: TRfpsContext,
  eventId: string,
  principal: TPrincipal | null,
): Promise<TEventAccess> {
  if (!principal) throw unauthorized();
  const granted = await accessEvent(ctx, eventId, principal);
  requireOrganizer(principal, granted.abilities);
  return granted;
}

/** A listing's leads are read by its members (and admins); others get 401, 403 or 404. */
export async function listingAccess(
  ctx: TRfpsContext,
  kind: "destination" | "facility",
  id: string,
  principal: TPrincipal | null,
) {
  if (!principal) throw unauthorized();
  const granted = await ctx.profiles.accessProfile(kind, id, principal);
  if (!granted.abilities.includes("profile.readPrivate")) {
    const { label } = ctx.profiles.kind(kind);
    throw new AppError("FORBIDDEN", 403, `Only the ${label}'s members see its leads.`);
  }
  return granted;
}

export type TLeadAccess = {
  event: TEventRow;
  lead: repo.TLeadRow;
  party: TLeadParty;
  abilities: TLeadAbility[];
};

/** The lead addressed by a route and what the caller may do with it; 404 when they may do nothing. */
export async function accessLead(
  ctx: TRfpsContext,
  eventId: string,
  leadId: string,
  principal: TPrincipal | null,
): Promise<TLeadAccess> {
  if (!principal) throw unauthorized();
  const event = await findEvent(ctx, eventId);
  const lead = event ? await repo.findLead(ctx.db, eventId, leadId) : null;
  if (!event || !lead) throw notFound("The lead");
  const [eventAbilities, ownerAbilities] = await Promise.all([
    abilitiesOn(ctx, "event", eventId, principal),
    abilitiesOn(ctx, OWNER_TYPE_KINDS[lead.ownerType], lead.ownerId, principal),
  ]);
  const party: TLeadParty = {
    isAdmin: principal.isAdmin,
    organizer: isOrganizer(eventAbilities),
    recipient: recipientRole(ownerAbilities),
    assignee: lead.assignedUserId === principal.userId,
  };
  const abilities = leadAbilities(party, lead.visibleFrom <= ctx.now());
  if (abilities.length === 0) throw notFound("The lead");
  return { event, lead, party, abilities };
}
