// The event service's requests for proposals and leads (under /event-mgmt/api): an event's requests
// and leads, my events with their requests, a destination's or facility's leads and pipeline, and
// the RFP marketplace.
import {
  ZLead,
  ZLeadAssignment,
  ZLeadBulk,
  ZLeadBulkResult,
  ZLeadCreate,
  ZLeadFilter,
  ZLeadHistoryEntry,
  ZLeadStats,
  ZMyEventRequests,
  ZMyPipeline,
  ZPatchBody,
  ZPipeline,
  ZProposalAttachment,
  ZProposalVersion,
  ZRequirement,
  ZRequirementFilter,
  ZRequirementInput,
  ZRevisionRequestInput,
  ZRfpMarketplacePage,
  ZRfpSearch,
  zDataBody,
  zDataEnvelope,
  zListEnvelope,
} from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { access, principalOf } from "../../platform/http/access";
import { envelope, listEnvelope } from "../../platform/http/envelope";
import { toWindow, ZPagedQuery } from "../../platform/http/paging";
import {
  addListRoutes,
  routesOf,
  type TRequestOf,
  type TRequestWithParams,
} from "../../platform/http/route-def";
import { ZChildParams, ZDeletedReply, ZIdParams, zIdAndParams } from "../../platform/http/schemas";
import { profileNameOf, type TProfileName } from "../../profiles";
import {
  accessEvent,
  accessLead,
  listingAccess,
  organizerAccess,
  type TEventAccess,
  type TLeadAccess,
} from "./access";
import { contentDisposition, readAttachmentFile, uploadAttachment } from "./attachments";
import type { TRfpsContext } from "./context";
import {
  assignLead,
  patchLead,
  proposalVersions,
  requestRevision,
  withdrawLead,
} from "./lead-edits";
import {
  leadHistory,
  leadStats,
  listLeads,
  myPipeline,
  PIPELINE_COLUMN_SIZE,
  pipeline,
  presentLeadById,
  type TLeadListScope,
} from "./lead-lists";
import { marketplaceAccessOf, searchMarketplace, type TMarketplaceCaller } from "./marketplace";
import { listMyRequests } from "./my-requests";
import { publishRequirement, sendDirect } from "./new-leads";
import { requireLeadAbility, requireMarketplace, type TLeadAbility } from "./policy";
import {
  createRequirement,
  deleteRequirement,
  getRequirement,
  listRequirements,
  patchRequirement,
} from "./requirements";

const ZLeadParams = zIdAndParams("leadId");
const ZAttachmentParams = ZLeadParams.extend({ attachmentId: z.uuid() });
const ZRequirementOne = zDataEnvelope(ZRequirement);
const ZLeadOne = zDataEnvelope(ZLead);
const ZLeadList = zListEnvelope(ZLead);
/** A lead filter, or no body: `{data: filter}` with the filter required when there is a body. */
const ZFilterBody = zDataBody(ZLeadFilter).optional();

const windowOf = (request: { query: z.output<typeof ZPagedQuery> }) => toWindow(request.query);
const pageOf = <T>(page: { rows: T[]; count: number }) => listEnvelope(page.rows, page.count);

/** A request with the event's id in its path. */
type TOnEvent = TRequestWithParams<{ id: string }>;
/** A request for an event's or a listing's leads, with a lead filter or none. */
type TLeadStatsRequest = TRequestOf<typeof ZIdParams, undefined, typeof ZFilterBody>;
/** The same, paged. */
type TLeadListRequest = TRequestOf<typeof ZIdParams, typeof ZPagedQuery, typeof ZFilterBody>;

/** What the access rule found, kept for the handler of the same request. */
const events = new WeakMap<object, TEventAccess>();
const leads = new WeakMap<object, TLeadAccess>();
const marketplace = new WeakMap<object, TMarketplaceCaller>();
const listings = new WeakMap<object, TProfileName>();
const eventOf = (request: object) => events.get(request)!;
const leadOf = (request: object) => leads.get(request)!;
const marketplaceOf = (request: object) => marketplace.get(request)!;
const listingOf = (request: object) => listings.get(request)!;

const TAGS = ["rfps"];

export async function rfpRoutes(app: FastifyInstance, options: { ctx: TRfpsContext }) {
  const { ctx } = options;
  const rules = accessRules(ctx);
  requirementRoutes(app, ctx, rules);
  myRequestRoutes(app, ctx);
  eventLeadRoutes(app, ctx, rules);
  leadRoutes(app, ctx, rules);
  listingLeadRoutes(app, ctx, rules);
  marketplaceRoutes(app, ctx, rules);
}

type TRules = ReturnType<typeof accessRules>;

/** Who may call the routes; each rule keeps what it found for the handler. */
function accessRules(ctx: TRfpsContext) {
  return {
    organizer: access.policy<TOnEvent>(
      "an organizer of the event (someone who may edit it), or an admin",
      async (request) => {
        events.set(request, await organizerAccess(ctx, request.params.id, request.principal));
      },
    ),
    signedInOnEvent: access.policy<TOnEvent>("signed in; the event exists", async (request) => {
      principalOf(request);
      events.set(request, await accessEvent(ctx, request.params.id, request.principal));
    }),
    onLead: (ability: TLeadAbility, who: string) =>
      access.policy<TRequestWithParams<{ id: string; leadId: string }>>(
        `'${ability}' on the lead: ${who}`,
        async (request) => {
          const { id, leadId } = request.params;
          const granted = await accessLead(ctx, id, leadId, request.principal);
          requireLeadAbility(granted.abilities, ability, request.principal);
          leads.set(request, granted);
        },
      ),
    listingMember: (kind: "destination" | "facility") =>
      access.policy<TOnEvent>(
        `a member of the ${kind} (its own or, for facilities, a destination's managers), or an admin`,
        async (request) => {
          const granted = await listingAccess(ctx, kind, request.params.id, request.principal);
          listings.set(request, profileNameOf(granted.profile));
        },
      ),
    marketplaceMember: access.policy(
      "signed in, with a destination or facility membership that opens the RFP marketplace, or an admin",
      async (request) => {
        const granted = await marketplaceAccessOf(ctx, principalOf(request));
        requireMarketplace(granted);
        marketplace.set(request, granted);
      },
    ),
  };
}

/** An event's requests for proposals: list, draft, read, edit or close, delete, publish. */
function requirementRoutes(app: FastifyInstance, ctx: TRfpsContext, rules: TRules) {
  const add = routesOf(app, TAGS);
  const requirements = "/events/:id/requirements";
  addListRoutes(app, TAGS, {
    url: requirements,
    summary: "The event's requests for proposals, newest first, with lead counts (organizers)",
    filteredSummary: "The event's requests for proposals by status (organizers)",
    access: rules.organizer,
    params: ZIdParams,
    query: ZPagedQuery,
    body: zDataBody(ZRequirementFilter).optional(),
    response: zListEnvelope(ZRequirement),
    handler: async (request) =>
      pageOf(
        await listRequirements(
          ctx,
          eventOf(request).event.id,
          request.body?.data ?? {},
          windowOf(request),
        ),
      ),
  });
  add({
    method: "POST",
    url: requirements,
    summary:
      "Draft a request for proposals: sports, space and facility needs, place and radius (no address: nationally), urgency, size; the address is geocoded (unknown place: 400 UNKNOWN_PLACE)",
    access: rules.organizer,
    params: ZIdParams,
    body: zDataBody(ZRequirementInput),
    status: 201,
    response: ZRequirementOne,
    handler: async (request) =>
      envelope(
        await createRequirement(
          ctx,
          eventOf(request).event.id,
          principalOf(request),
          request.body.data,
        ),
      ),
  });
  add({
    method: "GET",
    url: `${requirements}/:childId`,
    summary: "One request for proposals with its lead counts (organizers)",
    access: rules.organizer,
    params: ZChildParams,
    response: ZRequirementOne,
    handler: async (request) =>
      envelope(await getRequirement(ctx, eventOf(request).event.id, request.params.childId)),
  });
  add({
    method: "PATCH",
    url: `${requirements}/:childId`,
    summary:
      "Edit a draft request (JSON Patch over its input fields), or close a request (replace /status with closed)",
    access: rules.organizer,
    params: ZChildParams,
    body: ZPatchBody,
    response: ZRequirementOne,
    handler: async (request) =>
      envelope(
        await patchRequirement(
          ctx,
          eventOf(request).event.id,
          request.params.childId,
          principalOf(request),
          request.body,
        ),
      ),
  });
  add({
    method: "DELETE",
    url: `${requirements}/:childId`,
    summary: "Delete a draft or closed request (admins: any); its leads stay",
    access: rules.organizer,
    params: ZChildParams,
    response: ZDeletedReply,
    handler: async (request) => {
      const { childId } = request.params;
      await deleteRequirement(ctx, eventOf(request).event.id, childId, principalOf(request));
      return envelope({ id: childId, deleted: true as const });
    },
  });
  add({
    method: "PUT",
    url: `${requirements}/:childId/publish`,
    summary:
      "Publish a draft request (not in the catalogue): matches destinations and facilities and writes one lead per match with its score and reasons, in one transaction; publishing again is 409",
    access: rules.organizer,
    params: ZChildParams,
    response: ZRequirementOne,
    handler: async (request) =>
      envelope(
        await publishRequirement(
          ctx,
          eventOf(request),
          request.params.childId,
          principalOf(request),
        ),
      ),
  });
}

/** My events with their requests: the organizer's "My requests" in one call. */
function myRequestRoutes(app: FastifyInstance, ctx: TRfpsContext) {
  const add = routesOf(app, TAGS);
  add({
    method: "GET",
    url: "/events/my/requests",
    summary:
      "My events whose requests I may read (those I organize), each with its requests for proposals and their lead counts; the newest request activity first, then events without a request, newest first (not in the catalogue)",
    access: access.signedIn,
    query: ZPagedQuery,
    response: zListEnvelope(ZMyEventRequests),
    handler: async (request) =>
      pageOf(await listMyRequests(ctx, principalOf(request), windowOf(request))),
  });
}

/** A page of the scope's leads that the request's filter selects. */
const leadPage = async (ctx: TRfpsContext, request: TLeadListRequest, scope: TLeadListScope) =>
  pageOf(
    await listLeads(ctx, scope, principalOf(request), request.body?.data ?? {}, windowOf(request)),
  );

/** The scope's leads that the request's filter selects, counted per status. */
const statsOf = async (ctx: TRfpsContext, request: TLeadStatsRequest, scope: TLeadListScope) =>
  envelope(await leadStats(ctx, scope, principalOf(request), request.body?.data ?? {}));

const eventScope = (request: object): TLeadListScope => ({
  kind: "event",
  eventId: eventOf(request).event.id,
});

const eventLeads = "/events/:id/leads";

/** An event's leads: lists, stats, and sending a request straight to listings. */
function eventLeadRoutes(app: FastifyInstance, ctx: TRfpsContext, rules: TRules) {
  const add = routesOf(app, TAGS);
  const listEventLeads = (request: TLeadListRequest) => leadPage(ctx, request, eventScope(request));
  addListRoutes(app, TAGS, {
    url: eventLeads,
    summary: "Every lead of the event, newest first (organizers)",
    filteredSummary: "The event's leads by status, owner type, urgency or assignment (organizers)",
    access: rules.organizer,
    params: ZIdParams,
    query: ZPagedQuery,
    body: ZFilterBody,
    response: ZLeadList,
    handler: listEventLeads,
  });
  add({
    method: "POST",
    url: `${eventLeads}/search`,
    summary: "The event's leads by filter and text in the event's or owner's name (organizers)",
    access: rules.organizer,
    params: ZIdParams,
    query: ZPagedQuery,
    body: ZFilterBody,
    response: ZLeadList,
    handler: listEventLeads,
  });
  add({
    method: "GET",
    url: `${eventLeads}/my`,
    summary: "The event's leads sent to listings I belong to (once visible to them)",
    access: rules.signedInOnEvent,
    params: ZIdParams,
    query: ZPagedQuery,
    response: ZLeadList,
    handler: (request) =>
      leadPage(ctx, request, { kind: "member", eventId: eventOf(request).event.id }),
  });
  add({
    method: "POST",
    url: `${eventLeads}/stats`,
    summary: "The event's leads per status and the recipients' median time to answer (organizers)",
    access: rules.organizer,
    params: ZIdParams,
    body: ZFilterBody,
    response: zDataEnvelope(ZLeadStats),
    handler: (request) => statsOf(ctx, request, eventScope(request)),
  });
  add({
    method: "POST",
    url: eventLeads,
    summary:
      "Send a request straight to one listing (no matching or tier gate, visible at once); a listing with a lead for the event keeps it (organizers)",
    access: rules.organizer,
    params: ZIdParams,
    body: zDataBody(ZLeadCreate),
    status: 201,
    response: zDataEnvelope(ZLeadBulkResult),
    handler: async (request) => {
      const { requirementId, ownerType, ownerId } = request.body.data;
      return envelope(
        await sendDirect(ctx, eventOf(request), principalOf(request), requirementId, [
          { ownerType, ownerId },
        ]),
      );
    },
  });
  add({
    method: "POST",
    url: `${eventLeads}/bulk`,
    summary:
      "Send a request straight to chosen listings; answers the leads created and those that existed (organizers)",
    access: rules.organizer,
    params: ZIdParams,
    body: zDataBody(ZLeadBulk),
    response: zDataEnvelope(ZLeadBulkResult),
    handler: async (request) => {
      const { requirementId, targets } = request.body.data;
      return envelope(
        await sendDirect(ctx, eventOf(request), principalOf(request), requirementId, targets),
      );
    },
  });
}

/** One lead: read, move (answer or decide), withdraw, its history, its proposal's files, its assignee. */
function leadRoutes(app: FastifyInstance, ctx: TRfpsContext, rules: TRules) {
  const add = routesOf(app, TAGS);
  const recipientsAndOrganizers =
    "the event's organizers, the recipient's members once the lead is visible, admins";
  add({
    method: "GET",
    url: `${eventLeads}/:leadId`,
    summary: "One lead with its match reasons and proposal",
    access: rules.onLead("lead.read", recipientsAndOrganizers),
    params: ZLeadParams,
    response: ZLeadOne,
    handler: async (request) => envelope(await presentLeadById(ctx, leadOf(request).lead.id)),
  });
  add({
    method: "PATCH",
    url: `${eventLeads}/:leadId`,
    summary:
      "Move a lead (JSON Patch over status, reason, proposal): recipients' managers (or the assigned member) answer Open→Interested (with a proposal) or Passed (with a reason) and reopen Passed; organizers award Interested→Won (the others lose) or decline →Lost (with a reason); Won and Lost are final except for admins",
    access: rules.onLead("lead.read", recipientsAndOrganizers),
    params: ZLeadParams,
    body: ZPatchBody,
    response: ZLeadOne,
    handler: async (request) =>
      envelope(await patchLead(ctx, leadOf(request), principalOf(request), request.body)),
  });
  add({
    method: "DELETE",
    url: `${eventLeads}/:leadId`,
    summary: "Withdraw an Open lead (organizers; admins any lead)",
    access: rules.onLead("lead.withdraw", "the event's organizers, admins"),
    params: ZLeadParams,
    response: ZDeletedReply,
    handler: async (request) => {
      await withdrawLead(ctx, leadOf(request), principalOf(request));
      return envelope({ id: leadOf(request).lead.id, deleted: true as const });
    },
  });
  add({
    method: "GET",
    url: `${eventLeads}/:leadId/history`,
    summary: "Every status change of a lead: from, to, reason, who and when (not in the catalogue)",
    access: rules.onLead("lead.read", recipientsAndOrganizers),
    params: ZLeadParams,
    response: zDataEnvelope(z.array(ZLeadHistoryEntry)),
    handler: async (request) => envelope(await leadHistory(ctx, leadOf(request).lead.id)),
  });
  add({
    method: "GET",
    url: `${eventLeads}/:leadId/proposals`,
    summary:
      "Every version of the lead's proposal, the first first, with who sent it and when (not in the catalogue)",
    access: rules.onLead("lead.read", recipientsAndOrganizers),
    params: ZLeadParams,
    response: zDataEnvelope(z.array(ZProposalVersion)),
    handler: async (request) => envelope(await proposalVersions(ctx, leadOf(request))),
  });
  add({
    method: "POST",
    url: `${eventLeads}/:leadId/revision-request`,
    summary:
      "Ask the venue to revise its proposal (what to change, in words): kept on the lead until its next version, posted to the conversation, the venue told; 409 REVISION_NOT_OPEN unless Interested (the event's organizers, not in the catalogue)",
    access: rules.onLead("lead.read", recipientsAndOrganizers),
    params: ZLeadParams,
    body: zDataBody(ZRevisionRequestInput),
    response: ZLeadOne,
    handler: async (request) =>
      envelope(
        await requestRevision(ctx, leadOf(request), principalOf(request), request.body.data),
      ),
  });
  add({
    method: "POST",
    url: `${eventLeads}/:leadId/attachments`,
    summary:
      "Upload a file for the lead's proposal (multipart field 'file'): a PDF, PNG, JPEG, WebP, Word (docx) or Excel (xlsx) file of 10 MB at most, told by its content (413 FILE_TOO_LARGE, 415 UNSUPPORTED_FILE_TYPE); answers the attachment a proposal names (at most 10; another lead's upload is 400 ATTACHMENT_UNKNOWN). Those who answer the lead: the recipient's managers, the member it is assigned to, admins (not in the catalogue)",
    access: rules.onLead(
      "lead.respond",
      "the recipient's managers or the member the lead is assigned to, admins",
    ),
    params: ZLeadParams,
    status: 201,
    response: zDataEnvelope(ZProposalAttachment),
    handler: async (request) => envelope(await uploadAttachment(ctx, leadOf(request), request)),
  });
  add({
    method: "GET",
    url: `${eventLeads}/:leadId/attachments/:attachmentId`,
    summary:
      "An attachment of the lead's proposal, as a download (its own content type, `content-disposition: attachment`), once a version of the proposal carries it; with the bearer token, never from a bare address (not in the catalogue)",
    access: rules.onLead("lead.read", recipientsAndOrganizers),
    params: ZAttachmentParams,
    // Bytes, not JSON: the stored file with its own content type.
    response: z.any(),
    handler: async (request, reply) => {
      const { attachment, file } = await readAttachmentFile(
        ctx,
        leadOf(request),
        request.params.attachmentId,
      );
      reply
        .header("cache-control", "private, no-store")
        .header("x-content-type-options", "nosniff")
        .type(attachment.contentType)
        .header("content-length", String(file.size))
        .header("content-disposition", contentDisposition(attachment.name));
      return file.stream;
    },
  });
  add({
    method: "PUT",
    url: `${eventLeads}/:leadId/member`,
    summary:
      "Assign the lead to a member of the listing it went to, or to nobody (the listing's managers; 400 for someone who is not a member)",
    access: rules.onLead("lead.assign", "the recipient's managers, admins"),
    params: ZLeadParams,
    body: zDataBody(ZLeadAssignment),
    response: ZLeadOne,
    handler: async (request) =>
      envelope(
        await assignLead(ctx, leadOf(request), principalOf(request), request.body.data.userId),
      ),
  });
}

/** A destination's or facility's leads and stats, a destination's pipeline board, and all of mine. */
function listingLeadRoutes(app: FastifyInstance, ctx: TRfpsContext, rules: TRules) {
  const add = routesOf(app, TAGS);
  for (const [kind, path] of [
    ["destination", "destinations"],
    ["facility", "facilities"],
  ] as const) {
    add({
      method: "POST",
      url: `/${path}/:id/leads`,
      summary: `The ${kind}'s visible leads, newest first, filtered (its members)`,
      access: rules.listingMember(kind),
      params: ZIdParams,
      query: ZPagedQuery,
      body: ZFilterBody,
      response: ZLeadList,
      handler: (request) => leadPage(ctx, request, { kind: "owner", owner: listingOf(request) }),
    });
    add({
      method: "POST",
      url: `/${path}/:id/leads/stats`,
      summary: `The ${kind}'s visible leads per status and its median time to answer (its members)`,
      access: rules.listingMember(kind),
      params: ZIdParams,
      body: ZFilterBody,
      response: zDataEnvelope(ZLeadStats),
      handler: (request) => statsOf(ctx, request, { kind: "owner", owner: listingOf(request) }),
    });
  }
  add({
    method: "GET",
    url: "/destinations/:id/pipeline",
    summary: `The destination's pipeline board: a column per lead status, each with its ${PIPELINE_COLUMN_SIZE} newest visible leads (its members)`,
    access: rules.listingMember("destination"),
    params: ZIdParams,
    response: zDataEnvelope(ZPipeline),
    handler: async (request) => envelope(await pipeline(ctx, listingOf(request))),
  });
  add({
    method: "GET",
    url: "/leads/my/pipeline",
    summary: `The pipeline board of every destination and facility I am a member of: a column per lead status, each with its ${PIPELINE_COLUMN_SIZE} newest visible leads among them, and those venues, the newest lead first (not in the catalogue)`,
    access: access.signedIn,
    response: zDataEnvelope(ZMyPipeline),
    handler: async (request) => envelope(await myPipeline(ctx, principalOf(request))),
  });
}

/** The RFP marketplace. */
function marketplaceRoutes(app: FastifyInstance, ctx: TRfpsContext, rules: TRules) {
  const add = routesOf(app, TAGS);
  add({
    method: "POST",
    url: "/events/search/rfps",
    summary:
      "The RFP marketplace: published requests of events to come, newest first (members of destinations and facilities whose membership opens it, else 403 RFP_MARKETPLACE_LOCKED; hot requests show a day late without hot leads, and until then `_meta.heldBack` counts those on their way to my listings and says when the next arrives)",
    access: rules.marketplaceMember,
    query: ZPagedQuery,
    body: zDataBody(ZRfpSearch).optional(),
    response: ZRfpMarketplacePage,
    handler: async (request) => {
      const { heldBack, ...page } = await searchMarketplace(
        ctx,
        marketplaceOf(request),
        request.body?.data ?? {},
        windowOf(request),
      );
      const list = pageOf(page);
      return { ...list, _meta: { ...list._meta, heldBack } };
    },
  });
}
