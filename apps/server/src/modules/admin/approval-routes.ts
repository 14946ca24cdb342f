// The approval queue (issue "Experience"): pending listings of every kind, newest first, by kind
// and part of the name, with how many wait of each kind; and approving several at once, each as
// the kind's own approve call does it (PUT /{kind}/{id}/approve stays for one).
import {
  ZApprovalCounts,
  ZApprovalsQuery,
  ZBulkApproval,
  ZBulkApprovalResult,
  ZPendingListing,
  zDataBody,
  zDataEnvelope,
  zListEnvelope,
} from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { access, principalOf } from "../../platform/http/access";
import { envelope, listEnvelope } from "../../platform/http/envelope";
import { toWindow } from "../../platform/http/paging";
import { routesOf } from "../../platform/http/route-def";
import type { TModuleServices } from "../../platform/module";
import { presentPending } from "../../profiles";

export const APPROVALS_PATH = "/api/admin/approvals";

export async function approvalRoutes(
  app: FastifyInstance,
  options: { profiles: () => TModuleServices["profiles"] },
) {
  const add = routesOf(app, ["admin"]);
  add({
    method: "GET",
    url: APPROVALS_PATH,
    summary: "Pending listings of every kind (or one), newest first, by part of the name",
    access: access.admin,
    query: ZApprovalsQuery.extend({ "api-version": z.string().optional() }),
    response: zListEnvelope(ZPendingListing),
    handler: async (request) => {
      const { text, kind } = request.query;
      const page = await options
        .profiles()
        .pendingListings({ text: text || undefined, kind }, toWindow(request.query));
      return listEnvelope(page.rows.map(presentPending), page.count);
    },
  });
  add({
    method: "GET",
    url: `${APPROVALS_PATH}/counts`,
    summary: "How many listings wait for approval, in all and of each kind (by part of the name)",
    access: access.admin,
    query: ZApprovalsQuery.pick({ text: true }).extend({ "api-version": z.string().optional() }),
    response: zDataEnvelope(ZApprovalCounts),
    handler: async (request) =>
      envelope(await options.profiles().pendingCounts({ text: request.query.text || undefined })),
  });
  add({
    method: "POST",
    url: `${APPROVALS_PATH}/approve`,
    summary: "Approve several listings at once, all or none (404 naming any id that is no listing)",
    access: access.admin,
    body: zDataBody(ZBulkApproval),
    response: zDataEnvelope(ZBulkApprovalResult),
    handler: async (request) =>
      envelope(
        await options.profiles().approveProfiles(request.body.data.ids, principalOf(request)),
      ),
  });
}
