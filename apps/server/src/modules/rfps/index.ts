// The requests-for-proposals module: an event's requests, matching them to listings (leads), the
// lead pipeline and the marketplace of open requests. Leads a hot request held back are announced
// when they appear (the LeadsReleased event, recorded with the publish), or at once when the
// listing's subscription gives it hot leads (ListingTierChanged).
import { nobody } from "../../platform/files/media";
import type { TPrincipal } from "../../platform/http/access";
import { bindContext, defineModule } from "../../platform/module";
import { LEAD_FILE_FOLDER } from "./attachments";
import { inTransaction, type TRfpsContext } from "./context";
import { crmLeads } from "./crm-leads";
import { depositLead } from "./deposit-leads";
import { homeLeads, homeRequests } from "./home";
import { marketplaceAccessOf } from "./marketplace";
import { releaseHeldLeads, releaseLeads, releaseOnHotLeadTier } from "./new-leads";
import { rfpReportQueries } from "./report-queries";
import { responseTimes } from "./repository/board";
import { findLeadOrigin, visibleLeadOwners } from "./repository/leads";
import { rfpRoutes } from "./routes";
import { standingsQueries } from "./standings-queries";

export const rfpsModule = defineModule({
  name: "rfps",
  context: (platform, services): TRfpsContext => ({
    db: platform.db,
    profiles: services.profiles,
    groups: services.groups,
    availability: services.availability,
    events: platform.events,
    geocode: platform.geocode,
    files: platform.files,
    now: platform.now,
  }),
  setup: (ctx, platform, app) => {
    platform.events.on("LeadsReleased", "rfps", releaseLeads(ctx));
    // A listing whose subscription now gives it hot leads sees its held-back leads at once.
    platform.events.on("ListingTierChanged", "rfps", releaseOnHotLeadTier(ctx));
    // Proposals' attachments are served only by their lead's route, to its two sides.
    app.media.folder(`${LEAD_FILE_FOLDER}/`, nobody);
  },
  routes: [[rfpRoutes, { prefix: "/event-mgmt/api" }]],
  services: servicesOf,
});

function servicesOf(ctx: TRfpsContext) {
  return {
    /** A lead's event, request and status (a hotel block opened from an awarded lead), or null. */
    leadOrigin: (leadId: string) => findLeadOrigin(ctx.db, leadId),
    /**
     * A lead by its id with its proposal, its listing and the caller's side of it (organizer,
     * venue manager, reader), for its deposit (payments); null when there is no such lead.
     */
    depositLead: (leadId: string, principal: TPrincipal | null) =>
      depositLead(ctx, leadId, principal),
    /** The listings holding a lead of the event that they may see now (who may read the event). */
    leadRecipients: (eventId: string) => visibleLeadOwners(ctx.db, eventId, ctx.now()),
    /** The home summary's parts: my venues' new and waiting leads, my events' requests. */
    ...bindContext(ctx, { homeLeads, homeRequests }),
    /** Whether the caller's memberships open the RFP marketplace, as its routes judge it (home's menu). */
    marketplaceAccess: (principal: TPrincipal) => marketplaceAccessOf(ctx, principal),
    /** A listing's visible leads (all, or some) with their organizers, for its CRM (crm). */
    crmLeads: (ownerId: string, leadIds: readonly string[] | null) =>
      crmLeads(ctx, ownerId, leadIds),
    /**
     * The listing's leads still held back by a hot request's head start appear now (its tier
     * gained hot leads), announced as new; how many.
     */
    releaseHeldLeads: (ownerId: string) =>
      inTransaction(ctx, (db) => releaseHeldLeads(ctx, db, ownerId)),
    /** Each listing's median time to first response (ms) over its answered leads (shortlists). */
    responseTimes: (ownerIds: readonly string[]) => responseTimes(ctx.db, ownerIds),
    /** What reports read: leads received and won, and their conversations. */
    ...bindContext(ctx, rfpReportQueries),
    /** Leaderboards and the RFP overview (reports): leads, responses and awards, set-based. */
    standings: standingsQueries(ctx.db),
  };
}

export type { TCrmLead } from "./crm-leads";
export type { TDepositLead } from "./deposit-leads";
export type TRfpsServices = ReturnType<typeof servicesOf>;

declare module "../../platform/module" {
  interface TModuleServices {
    rfps: TRfpsServices;
  }
}
