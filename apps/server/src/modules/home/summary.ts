// The home summary (`GET /users/my/home`): the manager's part (new leads, leads waiting for an
// answer, listings to complete) and the organizer's part (open requests, newest proposals), each
// asked of the module that owns it, each null when the user has no such role.
import {
  HOME_LIST_SIZE,
  type THomeManager,
  type THomeOrganizer,
  type THomeSummary,
  type TListingCompleteness,
} from "@hostfield/domain/contracts";
import type { TPrincipal } from "../../platform/http/access";

export type THomeSummaryContext = {
  /** My venues' new and waiting leads, and how many of my listings receive leads (rfps). */
  leads: (
    principal: TPrincipal,
  ) => Promise<Omit<THomeManager, "completeness"> & { venueCount: number }>;
  /** My events' open requests and newest proposals; null when I organize none (rfps). */
  requests: (principal: TPrincipal) => Promise<THomeOrganizer | null>;
  /** The listings I own or manage as checklists, the least complete first (profiles). */
  completeness: (
    userId: string,
    limit: number,
  ) => Promise<{ listingCount: number; incompleteCount: number; listings: TListingCompleteness[] }>;
};

export async function homeSummary(
  ctx: THomeSummaryContext,
  principal: TPrincipal,
): Promise<THomeSummary> {
  const [leads, organizer, completeness] = await Promise.all([
    ctx.leads(principal),
    ctx.requests(principal),
    ctx.completeness(principal.userId, HOME_LIST_SIZE),
  ]);
  const manages = leads.venueCount > 0 || completeness.listingCount > 0;
  return {
    manager: manages
      ? { newLeads: leads.newLeads, waitingLeads: leads.waitingLeads, completeness }
      : null,
    organizer,
  };
}
