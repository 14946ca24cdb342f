// The event service's requests for proposals and leads (under /event-mgmt/api): an event's requests
// and leads, a destination's or facility's leads and pipeline, and the RFP marketplace.
import {
  type TLeadFilter,
  type TRequirementFilter,
  type TRfpSearch,
  ZLead,
  ZLeadAssignment,
  ZLeadBulk,
  ZLeadBulkResult,
  ZLeadCreate,
  ZLeadFilter,
  ZLeadHistoryEntry,
  ZLeadStats,
  ZPatchBody,
  ZPipeline,
  ZRequirement,
  ZRequirementFilter,
  ZRequirementInput,
  ZRfpListing,
  ZRfpSearch,
  zDataBody,
  zDataEnvelope,
  zListEnvelope,
} from "@hostfield/domain/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { access, principalOf } from "../../platform/http/access";
import { envelope, listEnvelope } from "../../platform/http/envelope";
import { toWindow, ZPagedQuery } from "../../platform/http/paging";
import { routesOf } from "../../platform/http/route-def";
import { requireLeadAbility, requireMarketplace, type TLeadAbility } from "./policy";
import * as rfps from "./service";

const ZEventParams = z.object({ id: z.uuid() });
const ZRequirementParams = z.object({ id: z.uuid(), childId: z.uuid() });
const ZLeadParams = z.object({ id: z.uuid(), leadId: z.uuid() });
const ZDeleted = zDataEnvelope(z.object({ id: z.uuid(), deleted: z.literal(true) }));
const ZRequirementOne = zDataEnvelope(ZRequirement);
const ZLeadOne = zDataEnvelope(ZLead);
const ZLeadList = zListEnvelope(ZLead);
const ZFilterBody = zDataBody(ZLeadFilter).optional();

type TPaged = z.infer<typeof ZPagedQuery>;
const windowOf = (request: FastifyRequest) => toWindow(request.query as TPaged);
const filterOf = (request: FastifyRequest): TLeadFilter =>
  (request.body as { data?: TLeadFilter } | undefined)?.data ?? {};

/** What the access rule found, kept for the handler of the same request. */
const events = new WeakMap<FastifyRequest, rfps.TEventAccess>();
const leads = new WeakMap<FastifyRequest, rfps.TLeadAccess>();
const eventOf = (request: FastifyRequest) => events.get(request)!;
const leadOf = (request: FastifyRequest) => leads.get(request)!;

export async function rfpRoutes(app: FastifyInstance, options: { ctx: rfps.TRfpsContext }) {
  const { ctx } = options;
  const add = routesOf(app, ["rfps"]);

  // ---- access rules ----
  const organizer = access.policy(
    "an organizer of the event (someone who may edit it), or an admin",
    async (request) => {
      const { id } = request.params as { id: string };
      events.set(request, await rfps.organizerAccess(ctx, id, request.principal));
    },
  );
  const signedInOnEvent = access.policy("signed in; the event exists", async (request) => {
    const { id } = request.params as { id: string };
    principalOf(request);
    events.set(request, await rfps.accessEvent(ctx, id, request.principal));
  });
  const onLead = (ability: TLeadAbility, who: string) =>
    access.policy(`'${ability}' on the lead: ${who}`, async (request) => {
      const { id, leadId } = request.params as { id: string; leadId: string };
      const granted = await rfps.accessLead(ctx, id, leadId, request.principal);
      requireLeadAbility(granted.abilities, ability, request.principal);
      leads.set(request, granted);
    });
  const listingMember = (kind: "destination" | "facility") =>
    access.policy(
      `a member of the ${kind} (its own or, for facilities, a destination's managers), or an admin`,
      async (request) => {
        const { id } = request.params as { id: string };
        await rfps.listingAccess(ctx, kind, id, request.principal);
      },
    );

  // ---- requests for proposals ----
  const requirements = "/events/:id/requirements";
  const listRequirements = async (request: FastifyRequest) => {
    const filter = (request.body as { data?: TRequirementFilter } | undefined)?.data ?? {};
    const page = await rfps.listRequirements(
      ctx,
      eventOf(request).event.id,
      filter,
      windowOf(request),
    );
    return listEnvelope(page.rows, page.count);
  };
  add({
    method: "GET",
    url: requirements,
    summary: "The event's requests for proposals, newest first, with lead counts (organizers)",
    access: organizer,
    params: ZEventParams,
    query: ZPagedQuery,
    response: zListEnvelope(ZRequirement),
    handler: listRequirements,
  });
  add({
    method: "POST",
    url: `${requirements}/filtered`,
    summary: "The event's requests for proposals by status (organizers)",
    access: organizer,
    params: ZEventParams,
    query: ZPagedQuery,
    body: zDataBody(ZRequirementFilter).optional(),
    response: zListEnvelope(ZRequirement),
    handler: listRequirements,
  });
  add({
    method: "POST",
    url: requirements,
    summary:
      "Draft a request for proposals: sports, space and facility needs, place and radius (no address: nationally), urgency, size; the address is geocoded (unknown place: 400 UNKNOWN_PLACE)",
    access: organizer,
    params: ZEventParams,
    body: zDataBody(ZRequirementInput),
    status: 201,
    response: ZRequirementOne,
    handler: async (request) => {
      const { data } = request.body as { data: z.infer<typeof ZRequirementInput> };
      const created = await rfps.createRequirement(
        ctx,
        eventOf(request).event.id,
        principalOf(request),
        data,
      );
      return envelope(created);
    },
  });
  add({
    method: "GET",
    url: `${requirements}/:childId`,
    summary: "One request for proposals with its lead counts (organizers)",
    access: organizer,
    params: ZRequirementParams,
    response: ZRequirementOne,
    handler: async (request) => {
      const { childId } = request.params as { childId: string };
      return envelope(await rfps.getRequirement(ctx, eventOf(request).event.id, childId));
    },
  });
  add({
    method: "PATCH",
    url: `${requirements}/:childId`,
    summary:
      "Edit a draft request (JSON Patch over its input fields), or close a request (replace /status with closed)",
    access: organizer,
    params: ZRequirementParams,
    body: ZPatchBody,
    response: ZRequirementOne,
    handler: async (request) => {
      const { childId } = request.params as { childId: string };
      return envelope(
        await rfps.patchRequirement(
          ctx,
          eventOf(request).event.id,
          childId,
          principalOf(request),
          request.body,
        ),
      );
    },
  });
  add({
    method: "DELETE",
    url: `${requirements}/:childId`,
    summary: "Delete a draft or closed request (admins: any); its leads stay",
    access: organizer,
    params: ZRequirementParams,
    response: ZDeleted,
    handler: async (request) => {
      const { childId } = request.params as { childId: string };
      await rfps.deleteRequirement(ctx, eventOf(request).event.id, childId, principalOf(request));
      return envelope({ id: childId, deleted: true as const });
    },
  });
  add({
    method: "PUT",
    url: `${requirements}/:childId/publish`,
    summary:
      "Publish a draft request (not in the catalogue): matches destinations and facilities and writes one lead per match with its score and reasons, in one transaction; publishing again is 409",
    access: organizer,
    params: ZRequirementParams,
    response: ZRequirementOne,
    handler: async (request) => {
      const { childId } = request.params as { childId: string };
      return envelope(
        await rfps.publishRequirement(ctx, eventOf(request), childId, principalOf(request)),
      );
    },
  });

  // ---- an event's leads ----
  const eventLeads = "/events/:id/leads";
  const listEventLeads = async (request: FastifyRequest) => {
    const page = await rfps.listLeads(
      ctx,
      { kind: "event", eventId: eventOf(request).event.id },
      principalOf(request),
      filterOf(request),
      windowOf(request),
    );
    return listEnvelope(page.rows, page.count);
  };
  add({
    method: "GET",
    url: eventLeads,
    summary: "Every lead of the event, newest first (organizers)",
    access: organizer,
    params: ZEventParams,
    query: ZPagedQuery,
    response: ZLeadList,
    handler: listEventLeads,
  });
  for (const [path, summary] of [
    ["filtered", "The event's leads by status, owner type, urgency or assignment (organizers)"],
    ["search", "The event's leads by filter and text in the event's or owner's name (organizers)"],
  ] as const) {
    add({
      method: "POST",
      url: `${eventLeads}/${path}`,
      summary,
      access: organizer,
      params: ZEventParams,
      query: ZPagedQuery,
      body: ZFilterBody,
      response: ZLeadList,
      handler: listEventLeads,
    });
  }
  add({
    method: "GET",
    url: `${eventLeads}/my`,
    summary: "The event's leads sent to listings I belong to (once visible to them)",
    access: signedInOnEvent,
    params: ZEventParams,
    query: ZPagedQuery,
    response: ZLeadList,
    handler: async (request) => {
      const page = await rfps.listLeads(
        ctx,
        { kind: "member", eventId: eventOf(request).event.id },
        principalOf(request),
        {},
        windowOf(request),
      );
      return listEnvelope(page.rows, page.count);
    },
  });
  add({
    method: "POST",
    url: `${eventLeads}/stats`,
    summary: "The event's leads per status and the recipients' median time to answer (organizers)",
    access: organizer,
    params: ZEventParams,
    body: ZFilterBody,
    response: zDataEnvelope(ZLeadStats),
    handler: async (request) =>
      envelope(
        await rfps.leadStats(
          ctx,
          { kind: "event", eventId: eventOf(request).event.id },
          principalOf(request),
          filterOf(request),
        ),
      ),
  });
  add({
    method: "POST",
    url: eventLeads,
    summary:
      "Send a request straight to one listing (no matching or tier gate, visible at once); a listing with a lead for the event keeps it (organizers)",
    access: organizer,
    params: ZEventParams,
    body: zDataBody(ZLeadCreate),
    status: 201,
    response: zDataEnvelope(ZLeadBulkResult),
    handler: async (request) => {
      const { data } = request.body as { data: z.infer<typeof ZLeadCreate> };
      const result = await rfps.sendDirect(
        ctx,
        eventOf(request),
        principalOf(request),
        data.requirementId,
        [{ ownerType: data.ownerType, ownerId: data.ownerId }],
      );
      return envelope(result);
    },
  });
  add({
    method: "POST",
    url: `${eventLeads}/bulk`,
    summary:
      "Send a request straight to chosen listings; answers the leads created and those that existed (organizers)",
    access: organizer,
    params: ZEventParams,
    body: zDataBody(ZLeadBulk),
    response: zDataEnvelope(ZLeadBulkResult),
    handler: async (request) => {
      const { data } = request.body as { data: z.infer<typeof ZLeadBulk> };
      return envelope(
        await rfps.sendDirect(
          ctx,
          eventOf(request),
          principalOf(request),
          data.requirementId,
          data.targets,
        ),
      );
    },
  });
  const recipientsAndOrganizers =
    "the event's organizers, the recipient's members once the lead is visible, admins";
  add({
    method: "GET",
    url: `${eventLeads}/:leadId`,
    summary: "One lead with its match reasons and proposal",
    access: onLead("lead.read", recipientsAndOrganizers),
    params: ZLeadParams,
    response: ZLeadOne,
    handler: async (request) => envelope(await rfps.presentLeadById(ctx, leadOf(request).lead.id)),
  });
  add({
    method: "PATCH",
    url: `${eventLeads}/:leadId`,
    summary:
      "Move a lead (JSON Patch over status, reason, proposal): recipients' managers (or the assigned member) answer Open→Interested (with a proposal) or Passed (with a reason) and reopen Passed; organizers award Interested→Won (the others lose) or decline →Lost (with a reason); Won and Lost are final except for admins",
    access: onLead("lead.read", recipientsAndOrganizers),
    params: ZLeadParams,
    body: ZPatchBody,
    response: ZLeadOne,
    handler: async (request) =>
      envelope(await rfps.patchLead(ctx, leadOf(request), principalOf(request), request.body)),
  });
  add({
    method: "DELETE",
    url: `${eventLeads}/:leadId`,
    summary: "Withdraw an Open lead (organizers; admins any lead)",
    access: onLead("lead.withdraw", "the event's organizers, admins"),
    params: ZLeadParams,
    response: ZDeleted,
    handler: async (request) => {
      await rfps.withdrawLead(ctx, leadOf(request), principalOf(request));
      return envelope({ id: leadOf(request).lead.id, deleted: true as const });
    },
  });
  add({
    method: "GET",
    url: `${eventLeads}/:leadId/history`,
    summary: "Every status change of a lead: from, to, reason, who and when (not in the catalogue)",
    access: onLead("lead.read", recipientsAndOrganizers),
    params: ZLeadParams,
    response: zDataEnvelope(z.array(ZLeadHistoryEntry)),
    handler: async (request) => envelope(await rfps.leadHistory(ctx, leadOf(request).lead.id)),
  });
  add({
    method: "PUT",
    url: `${eventLeads}/:leadId/member`,
    summary:
      "Assign the lead to a member of the listing it went to, or to nobody (the listing's managers; 400 for someone who is not a member)",
    access: onLead("lead.assign", "the recipient's managers, admins"),
    params: ZLeadParams,
    body: zDataBody(ZLeadAssignment),
    response: ZLeadOne,
    handler: async (request) => {
      const { data } = request.body as { data: z.infer<typeof ZLeadAssignment> };
      return envelope(
        await rfps.assignLead(ctx, leadOf(request), principalOf(request), data.userId),
      );
    },
  });

  // ---- a destination's or facility's leads ----
  for (const [kind, path] of [
    ["destination", "destinations"],
    ["facility", "facilities"],
  ] as const) {
    add({
      method: "POST",
      url: `/${path}/:id/leads`,
      summary: `The ${kind}'s visible leads, newest first, filtered (its members)`,
      access: listingMember(kind),
      params: ZEventParams,
      query: ZPagedQuery,
      body: ZFilterBody,
      response: ZLeadList,
      handler: async (request) => {
        const { id } = request.params as { id: string };
        const page = await rfps.listLeads(
          ctx,
          { kind: "owner", ownerId: id },
          principalOf(request),
          filterOf(request),
          windowOf(request),
        );
        return listEnvelope(page.rows, page.count);
      },
    });
    add({
      method: "POST",
      url: `/${path}/:id/leads/stats`,
      summary: `The ${kind}'s visible leads per status and its median time to answer (its members)`,
      access: listingMember(kind),
      params: ZEventParams,
      body: ZFilterBody,
      response: zDataEnvelope(ZLeadStats),
      handler: async (request) => {
        const { id } = request.params as { id: string };
        return envelope(
          await rfps.leadStats(
            ctx,
            { kind: "owner", ownerId: id },
            principalOf(request),
            filterOf(request),
          ),
        );
      },
    });
  }
  add({
    method: "GET",
    url: "/destinations/:id/pipeline",
    summary: `The destination's pipeline board: a column per lead status, each with its ${rfps.PIPELINE_COLUMN_SIZE} newest visible leads (its members)`,
    access: listingMember("destination"),
    params: ZEventParams,
    response: zDataEnvelope(ZPipeline),
    handler: async (request) => {
      const { id } = request.params as { id: string };
      return envelope(await rfps.pipeline(ctx, id));
    },
  });

  // ---- the RFP marketplace ----
  const marketplace = new WeakMap<FastifyRequest, rfps.TMarketplaceAccess>();
  add({
    method: "POST",
    url: "/events/search/rfps",
    summary:
      "The RFP marketplace: published requests of events to come, newest first (members of destinations and facilities whose membership opens it, else 403 RFP_MARKETPLACE_LOCKED; hot requests show a day late without hot leads)",
    access: access.policy(
      "signed in, with a destination or facility membership that opens the RFP marketplace, or an admin",
      async (request) => {
        const granted = await rfps.marketplaceAccessOf(ctx, principalOf(request));
        requireMarketplace(granted);
        marketplace.set(request, granted);
      },
    ),
    query: ZPagedQuery,
    body: zDataBody(ZRfpSearch).optional(),
    response: zListEnvelope(ZRfpListing),
    handler: async (request) => {
      const filter = (request.body as { data?: TRfpSearch } | undefined)?.data ?? {};
      const page = await rfps.searchMarketplace(
        ctx,
        marketplace.get(request)!,
        filter,
        windowOf(request),
      );
      return listEnvelope(page.rows, page.count);
    },
  });
}
