// A destination's CRM connections (under /destination-mgmt/api): listed, added, changed (JSON
// Patch; a secret is replaced whole, never read back), removed, their remote accounts listed,
// set up (credentials and mapping checked), synced on demand, and their log read, filtered and
// paged. Every call is the destination's managers' and admins'.
import {
  ZCrmSetupInput,
  ZCrmSyncQueued,
  ZDestinationCrm,
  ZDestinationCrmAccount,
  ZDestinationCrmInput,
  ZDestinationCrmLog,
  ZDestinationCrmLogFilter,
  ZPatchBody,
  zDataBody,
  zDataEnvelope,
  zListEnvelope,
} from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { access, principalOf } from "../../platform/http/access";
import { envelope, listEnvelope } from "../../platform/http/envelope";
import { toWindow, ZPagedQuery } from "../../platform/http/paging";
import { routesOf, type TRequestWithParams } from "../../platform/http/route-def";
import { ZDeletedReply, ZIdParams, zOptionalFilterBody } from "../../platform/http/schemas";
import type { TCrmContext } from "./context";
import { requireDestinationManager } from "./policy";
import { presentCrm, presentLog } from "./presenter";
import * as repo from "./repository";
import * as crms from "./service";

const TAGS = ["destination CRM"];
const ZCrmParams = ZIdParams.extend({ crmId: z.uuid() });
const ZCrmReply = zDataEnvelope(ZDestinationCrm);
const ZLogQuery = ZPagedQuery.extend({
  status: z.enum(["succeeded", "retrying", "failed"]).optional(),
  direction: ZDestinationCrmLogFilter.shape.direction,
  trigger: ZDestinationCrmLogFilter.shape.trigger,
});

type TOnDestination = TRequestWithParams<{ id: string }>;

export async function crmRoutes(app: FastifyInstance, options: { ctx: TCrmContext }) {
  const { ctx } = options;
  const add = routesOf(app, TAGS);
  const managers = access.policy<TOnDestination>(
    "a manager of the destination (someone who may edit it), or an admin",
    async (request) => {
      await requireDestinationManager(ctx, request.params.id, request.principal);
    },
  );

  const logPage = async (
    crmId: string,
    destinationId: string,
    filter: z.infer<typeof ZDestinationCrmLogFilter>,
    paging: z.infer<typeof ZPagedQuery>,
  ) => {
    await crms.ownCrm(ctx, destinationId, crmId);
    const page = await repo.listLogs(
      ctx.db,
      crmId,
      {
        status: filter.status,
        direction: filter.direction,
        trigger: filter.trigger,
        from: filter.from ? new Date(filter.from) : undefined,
        to: filter.to ? new Date(filter.to) : undefined,
      },
      toWindow(paging),
    );
    return listEnvelope(page.rows.map(presentLog), page.count);
  };

  add({
    method: "GET",
    url: "/destinations/:id/crm",
    summary: "The destination's CRM connections (secrets never shown: `hasSecret`, `secretLast4`)",
    access: managers,
    params: ZIdParams,
    query: ZPagedQuery,
    response: zListEnvelope(ZDestinationCrm),
    handler: async (request) => {
      const page = await repo.listCrms(ctx.db, request.params.id, toWindow(request.query));
      return listEnvelope(page.rows.map(presentCrm), page.count);
    },
  });

  add({
    method: "POST",
    url: "/destinations/:id/crm",
    summary: "Connect a CRM: a signed webhook, HubSpot or Salesforce (set it up next)",
    description:
      "The secret (the webhook's shared secret, HubSpot's private-app token, Salesforce's consumer secret) is sealed at once and never returned. A webhook's address must be https.",
    access: managers,
    params: ZIdParams,
    body: zDataBody(ZDestinationCrmInput),
    status: 201,
    response: ZCrmReply,
    handler: async (request) =>
      envelope(
        presentCrm(
          await crms.createCrm(
            ctx,
            request.params.id,
            request.body.data,
            principalOf(request).userId,
          ),
        ),
      ),
  });

  add({
    method: "PATCH",
    url: "/destinations/:id/crm/:crmId",
    summary: "Change a CRM connection (JSON Patch of name, isEnabled, url, clientId, secret)",
    description:
      "`/secret` reads null; replacing it stores the new secret whole. A new secret, address or client id must be set up again.",
    access: managers,
    params: ZCrmParams,
    body: ZPatchBody,
    response: ZCrmReply,
    handler: async (request) => {
      const { id, crmId } = request.params;
      return envelope(
        presentCrm(await crms.patchCrm(ctx, id, crmId, request.body, principalOf(request).userId)),
      );
    },
  });

  add({
    method: "DELETE",
    url: "/destinations/:id/crm/:crmId",
    summary: "Disconnect a CRM (its log and remote ids go with it; nothing is deleted remotely)",
    access: managers,
    params: ZCrmParams,
    response: ZDeletedReply,
    handler: async (request) => {
      const { id, crmId } = request.params;
      await crms.removeCrm(ctx, id, crmId);
      return envelope({ id: crmId, deleted: true as const });
    },
  });

  add({
    method: "PUT",
    url: "/destinations/:id/crm/:crmId/sync",
    summary: "Sync every lead of the destination to this CRM now (queued; the log shows it)",
    description: "409 CRM_NOT_READY until the connection is set up and switched on.",
    access: managers,
    params: ZCrmParams,
    status: 202,
    response: zDataEnvelope(ZCrmSyncQueued),
    handler: async (request) => {
      const { id, crmId } = request.params;
      await crms.requestSync(ctx, id, crmId);
      return envelope({ crmId, queued: true as const });
    },
  });

  add({
    method: "GET",
    url: "/destinations/:id/crm/:crmId/accounts",
    summary:
      "The remote pipelines (HubSpot) or objects (Salesforce) to send leads to, with their stages",
    description: "502 CRM_REMOTE_FAILED with the remote system's message when it refuses or fails.",
    access: managers,
    params: ZCrmParams,
    response: zListEnvelope(ZDestinationCrmAccount),
    handler: async (request) => {
      const { id, crmId } = request.params;
      const accounts = await crms.remoteAccounts(ctx, id, crmId);
      return listEnvelope(accounts, accounts.length);
    },
  });

  add({
    method: "POST",
    url: "/destinations/:id/crm/:crmId/accounts/setup",
    summary:
      "Set the connection up: map our fields and statuses to theirs and test the credentials",
    description:
      "What is not given keeps its value (or the connector's default). A webhook receives a signed `ping`. 502 CRM_REMOTE_FAILED when the remote system refuses; 400 when it lacks a mapped stage or field.",
    access: managers,
    params: ZCrmParams,
    body: zDataBody(ZCrmSetupInput),
    response: ZCrmReply,
    handler: async (request) => {
      const { id, crmId } = request.params;
      return envelope(
        presentCrm(
          await crms.setUp(ctx, id, crmId, request.body.data, principalOf(request).userId),
        ),
      );
    },
  });

  add({
    method: "GET",
    url: "/destinations/:id/crm/:crmId/logs",
    summary: "The connection's sync log, newest first",
    access: managers,
    params: ZCrmParams,
    query: ZLogQuery,
    response: zListEnvelope(ZDestinationCrmLog),
    handler: async (request) => {
      const { status, direction, trigger, ...paging } = request.query;
      return logPage(
        request.params.crmId,
        request.params.id,
        { status: status ? [status] : undefined, direction, trigger },
        paging,
      );
    },
  });

  add({
    method: "POST",
    url: "/destinations/:id/crm/:crmId/logs",
    summary: "The connection's sync log, filtered by status, direction, trigger and time",
    access: managers,
    params: ZCrmParams,
    query: ZPagedQuery,
    body: zOptionalFilterBody(ZDestinationCrmLogFilter),
    response: zListEnvelope(ZDestinationCrmLog),
    handler: async (request) =>
      logPage(request.params.crmId, request.params.id, request.body?.data ?? {}, request.query),
  });
}
