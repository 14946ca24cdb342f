// What a destination's CRM sync reads of its leads (the crm module owns no lead): each lead as the
// API shows it, with the organizer that asked (the event's organization, else the event) and the
// event's public contact details, for the company and contact a CRM keeps beside a deal.
import type { TLead } from "@hostfield/domain/contracts";
import type { TRfpsContext } from "./context";
import { presentLeadsById } from "./lead-lists";
import * as repo from "./repository/leads";

/** Leads one sync sends at most (oldest first; the next sync sends the rest). */
export const CRM_SYNC_MAX_LEADS = 500;

export type TCrmLead = TLead & {
  organizer: {
    name: string;
    email: string | null;
    phone: string | null;
    website: string | null;
  };
};

/** The listing's leads visible now (all, or those among `leadIds`), for its CRM. */
export async function crmLeads(
  ctx: TRfpsContext,
  ownerId: string,
  leadIds: readonly string[] | null,
): Promise<TCrmLead[]> {
  const ids = await repo.visibleLeadIdsOf(ctx.db, ownerId, leadIds, ctx.now(), CRM_SYNC_MAX_LEADS);
  const leads = await presentLeadsById(ctx, ids);
  const events = await ctx.profiles.profilesByIds(
    "event",
    leads.map((l) => l.eventId),
  );
  const organizationIds = [...events.values()].flatMap((e) => {
    const id = (e.detail as { organizationId?: string | null } | null)?.organizationId;
    return id ? [id] : [];
  });
  const organizations = await ctx.profiles.profilesByIds("organization", organizationIds);
  return leads.map((lead) => {
    const event = events.get(lead.eventId);
    const orgId = (event?.detail as { organizationId?: string | null } | null)?.organizationId;
    const org = orgId ? organizations.get(orgId) : undefined;
    const source = org ?? event;
    return {
      ...lead,
      organizer: {
        name: source?.name ?? lead.event.name,
        email: source?.email ?? event?.email ?? null,
        phone: source?.phone ?? event?.phone ?? null,
        website: source?.website ?? event?.website ?? null,
      },
    };
  });
}
