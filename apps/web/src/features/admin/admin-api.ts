// The admin calls behind /admin: the approval queue, members (search, admin role, blocking),
// maintenance mode, the mail outbox and the background jobs. Listings come through
// ../account/listing-kinds.
import {
  type TApprovalCounts,
  type TBulkApprovalResult,
  type TJobRef,
  type TJobsOverview,
  type TMail,
  type TPendingListing,
  type TUserFilter,
  ZAccountType,
  ZApprovalCounts,
  ZBulkApprovalResult,
  ZJobRef,
  ZJobsOverview,
  ZMail,
  ZPendingListing,
  ZUser,
  ZUserFilter,
} from "@hostfield/domain/contracts";
import type { TProfileKind } from "@hostfield/domain/reference";
import { z } from "zod";
import {
  apiFetch,
  apiGet,
  apiGetList,
  apiPost,
  apiPostList,
  apiPut,
  type TListResult,
} from "../../lib/api";
import { readMaintenanceMode } from "../../lib/maintenance-mode";
import type { TPage } from "../../lib/offset-pages";

const enc = encodeURIComponent;
export const USERS_PATH = "/user-mgmt/api/users";
export const ADMIN_STATUS_PATH = "/api/admin/status";
export const ADMIN_MAIL_PATH = "/api/admin/mail";
export const ADMIN_JOBS_PATH = "/api/admin/jobs";
export const ADMIN_APPROVALS_PATH = "/api/admin/approvals";

/** A member as admins see them; `isBlocked` is optional until every server sends it. */
export const ZAdminUser = ZUser.extend({
  accountType: ZAccountType.or(z.string()),
  isBlocked: z.boolean().optional(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

export type TUserSearch = TUserFilter;

export const adminKeys = {
  all: ["admin"] as const,
  approvals: ["admin", "approvals"] as const,
  pending: (filter: TApprovalsFilter) => ["admin", "approvals", "pending", filter] as const,
  approvalCounts: (text: string) => ["admin", "approvals", "counts", text] as const,
  listings: ["admin", "listings"] as const,
  users: (filter: TUserSearch) => ["admin", "users", filter] as const,
  usersAll: ["admin", "users"] as const,
  mail: (page: TPage) => ["admin", "mail", page] as const,
  jobs: ["admin", "jobs"] as const,
};

/** The approval queue's search: part of the name, and one kind or all. */
export type TApprovalsFilter = { text: string; kind: TProfileKind | null };

export type { TApprovalCounts, TBulkApprovalResult, TPendingListing };

/** A page of pending listings, newest submitted first. */
export function listPendingListings(
  filter: TApprovalsFilter,
  page: TPage,
  signal?: AbortSignal,
): Promise<TListResult<TPendingListing>> {
  return apiGetList(ADMIN_APPROVALS_PATH, {
    query: { ...page, text: filter.text || undefined, kind: filter.kind },
    signal,
    schema: ZPendingListing,
  });
}

/** How many listings wait whose name has `text`, in all and of each kind. */
export function getApprovalCounts(text: string, signal?: AbortSignal): Promise<TApprovalCounts> {
  return apiGet(`${ADMIN_APPROVALS_PATH}/counts`, {
    query: { text: text || undefined },
    signal,
    schema: ZApprovalCounts,
  });
}

/** Approves the listings all at once: those approved, and those left alone with why. */
export function approveListings(ids: readonly string[]): Promise<TBulkApprovalResult> {
  return apiPost(`${ADMIN_APPROVALS_PATH}/approve`, { ids }, { schema: ZBulkApprovalResult });
}

export function listUsers(
  filter: TUserSearch,
  page: TPage,
  signal?: AbortSignal,
): Promise<TListResult<TAdminUser>> {
  // The shared contract checks (and trims) the filter before it leaves.
  return apiPostList(`${USERS_PATH}/filtered`, ZUserFilter.parse(filter), {
    query: page,
    signal,
    schema: ZAdminUser,
  });
}

/** Grants or revokes the admin role; the server refuses revoking your own (400). */
export function setUserAdmin(id: string, isAdmin: boolean): Promise<TAdminUser> {
  return apiPut(`${USERS_PATH}/${enc(id)}/admin`, undefined, {
    query: { isAdmin },
    schema: ZAdminUser,
  });
}

/** Blocks a member (the server signs them out everywhere) or lets them back in. */
export function setUserBlocked(id: string, isBlocked: boolean): Promise<TAdminUser> {
  return apiPut(`${USERS_PATH}/${enc(id)}/blocked`, undefined, {
    query: { isBlocked },
    schema: ZAdminUser,
  });
}

/** Reads the public status document, as the top bar's chip does. */
export async function readStatus(signal?: AbortSignal): Promise<boolean> {
  return readMaintenanceMode(
    await apiFetch("GET", "/status.json", undefined, {
      query: { timestamp: Date.now() },
      signal,
      anonymous: true,
    }),
  );
}

export async function setMaintenanceMode(maintenanceMode: boolean): Promise<boolean> {
  const reply = await apiPut<{ maintenanceMode: boolean }>(ADMIN_STATUS_PATH, undefined, {
    query: { maintenanceMode },
    schema: z.object({ maintenanceMode: z.boolean() }),
  });
  return reply.maintenanceMode;
}

/** The outbox of the embedded mail default, newest first. */
export function listMail(page: TPage, signal?: AbortSignal): Promise<TListResult<TMail>> {
  return apiGetList(ADMIN_MAIL_PATH, { query: page, signal, schema: ZMail });
}

export type { TJobsOverview, TMail };

/** The job queues' counts and the newest failures. */
export function getJobs(signal?: AbortSignal): Promise<TJobsOverview> {
  return apiGet(ADMIN_JOBS_PATH, { signal, schema: ZJobsOverview });
}

/** Runs a failed job again; 404 when it is no longer failed (someone ran it already). */
export function retryJob(job: TJobRef): Promise<TJobRef> {
  return apiPost(`${ADMIN_JOBS_PATH}/${enc(job.queue)}/${enc(job.id)}/retry`, undefined, {
    schema: ZJobRef,
  });
}
