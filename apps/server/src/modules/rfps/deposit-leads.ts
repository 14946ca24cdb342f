// A lead as the payments module's deposits read it (they keep the money, this module the lead): its
// status, its listing, the proposal and the days it is priced over, and which side of it the caller
// is on, by this module's policy: the organizers are those who may award it (lead.decide), the
// venue's managers those who answer it as managers, its readers anyone who may read it.
import type { TProposal } from "@hostfield/domain/contracts";
import type { TLeadStatus } from "@hostfield/domain/reference";
import { OWNER_TYPE_KINDS, proposalDays } from "@hostfield/domain/rules";
import type { TPrincipal } from "../../platform/http/access";
import { abilitiesOn } from "./access";
import type { TRfpsContext } from "./context";
import { findEvent } from "./lead-ends";
import { isOrganizer, leadAbilities, recipientRole } from "./policy";
import { proposalOf } from "./proposals";
import * as repo from "./repository/leads";

export type TDepositLead = {
  leadId: string;
  eventId: string;
  eventName: string;
  status: TLeadStatus;
  /** The listing the lead went to (the venue a deposit is paid to). */
  listingId: string;
  /** The current proposal (a Won lead's is the one awarded: a Won lead is not revised). */
  proposal: TProposal | null;
  /** The event's days, which lines priced by the day count over. */
  eventDays: string[];
  /** The caller's side: may award it (the event's organizers, admins), answers it as a manager, reads it. */
  side: { organizer: boolean; venueManager: boolean; reader: boolean };
};

const NO_SIDE = { organizer: false, venueManager: false, reader: false };

/** The lead by its id alone, with the caller's side of it (none for a visitor); null when there is none. */
export async function depositLead(
  ctx: TRfpsContext,
  leadId: string,
  principal: TPrincipal | null,
): Promise<TDepositLead | null> {
  const origin = await repo.findLeadOrigin(ctx.db, leadId);
  const event = origin ? await findEvent(ctx, origin.eventId) : null;
  const lead = event ? await repo.findLead(ctx.db, event.id, leadId) : null;
  if (!event || !lead) return null;
  const found = {
    leadId: lead.id,
    eventId: event.id,
    eventName: event.name,
    status: lead.status,
    listingId: lead.ownerId,
    proposal: proposalOf(lead),
    eventDays: proposalDays(event),
  };
  if (!principal) return { ...found, side: NO_SIDE };
  const [eventAbilities, ownerAbilities] = await Promise.all([
    abilitiesOn(ctx, "event", event.id, principal),
    abilitiesOn(ctx, OWNER_TYPE_KINDS[lead.ownerType], lead.ownerId, principal),
  ]);
  const party = {
    isAdmin: principal.isAdmin,
    organizer: isOrganizer(eventAbilities),
    recipient: recipientRole(ownerAbilities),
    assignee: lead.assignedUserId === principal.userId,
  };
  const visible = lead.visibleFrom <= ctx.now();
  const abilities = leadAbilities(party, visible);
  return {
    ...found,
    side: {
      organizer: abilities.includes("lead.decide"),
      venueManager: principal.isAdmin || (visible && party.recipient === "manager"),
      reader: abilities.includes("lead.read"),
    },
  };
}
