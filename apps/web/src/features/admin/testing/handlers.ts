// Test-only MSW handlers for the admin's member, outbox and job calls. The member list answers the
// members it is given (whatever the filter: a test that searches says what the search finds); a
// toggle answers the member as the request sets it, and changes `members` only where the test
// asks the server to keep changes (`keepMemberChanges`).
import {
  type TJobFailure,
  type TMail,
  type TPendingListing,
  type TUser,
  ZApprovalCounts,
  ZBulkApprovalResult,
  ZJobRef,
  ZJobsOverview,
  ZMail,
  ZPendingListing,
  ZStory,
  ZStorySummary,
  ZUser,
} from "@hostfield/domain/contracts";
import { PROFILE_KINDS, type TProfileKind } from "@hostfield/domain/reference";
import { http } from "msw";
import { dataReply, errorReply, listReply, pageReply } from "../../../test/msw";
import { ADMIN_APPROVALS_PATH, ADMIN_JOBS_PATH, ADMIN_MAIL_PATH, USERS_PATH } from "../admin-api";
import { buildJobsOverview } from "./data";

/** ZUser as servers that do not send isBlocked yet answer it. */
export const ZUserWithoutBlocked = ZUser.partial({ isBlocked: true });
type TListedUser = Omit<TUser, "isBlocked"> & { isBlocked?: boolean };

export function membersList(members: readonly TListedUser[]) {
  return http.post(`${USERS_PATH}/filtered`, ({ request }) =>
    pageReply(ZUserWithoutBlocked, members, request),
  );
}

const flagField = (flag: unknown) => (flag === "admin" ? "isAdmin" : "isBlocked");

function toggle(members: TListedUser[], keep: boolean) {
  return http.put(`${USERS_PATH}/:id/:flag`, ({ params, request }) => {
    const at = members.findIndex((m) => m.id === params.id);
    if (at < 0) return errorReply(404, "USER_NOT_FOUND", "No such member.");
    const field = flagField(params.flag);
    const changed = {
      ...members[at]!,
      [field]: new URL(request.url).searchParams.get(field) === "true",
    };
    if (keep) members[at] = changed;
    return dataReply(ZUserWithoutBlocked, changed);
  });
}

export function membersHandlers(members: TListedUser[]) {
  return [membersList(members), toggle(members, false)];
}

/** The server keeps the admin role and blocks it is asked to set, in `members`. */
export function keepMemberChanges(members: TListedUser[]) {
  return toggle(members, true);
}

/** The outbox, newest first as given, paged by the request. */
export function mailList(mails: readonly TMail[]) {
  return http.get(ADMIN_MAIL_PATH, ({ request }) => pageReply(ZMail, mails, request));
}

/**
 * The job queues with `failures` (the test's list): running one again takes it off the list, and
 * one that is not there any more answers 404 as the server does.
 */
export function jobsHandlers(failures: TJobFailure[]) {
  return [
    http.get(ADMIN_JOBS_PATH, () => dataReply(ZJobsOverview, buildJobsOverview(failures))),
    http.post(`${ADMIN_JOBS_PATH}/:queue/:id/retry`, ({ params }) => {
      const at = failures.findIndex((f) => f.queue === params.queue && f.id === params.id);
      if (at < 0) return errorReply(404, "NOT_FOUND", "The failed job was not found.");
      failures.splice(at, 1);
      return dataReply(ZJobRef, { queue: String(params.queue), id: String(params.id) });
    }),
  ];
}

/**
 * The approval queue over `pending` (given newest first, as the server orders them): the list and
 * the counts answer by kind and part of the name as the server does; approving takes listings off
 * it. An id it never held is refused whole (404, as the server does); one approved before, or by
 * someone else after it was listed (`approvedElsewhere`), is left alone with the server's reason.
 * One deleted after it was listed (`deletedElsewhere`) is an id it no longer holds.
 */
export function approvalQueue(
  pending: readonly TPendingListing[],
  {
    approvedElsewhere = [],
    deletedElsewhere = [],
  }: { approvedElsewhere?: readonly string[]; deletedElsewhere?: readonly string[] } = {},
) {
  const waiting = [...pending];
  const approved = new Map<string, TPendingListing>();
  const approveElsewhere = () => {
    for (const id of approvedElsewhere) {
      const at = waiting.findIndex((l) => l.id === id);
      if (at >= 0) approved.set(id, waiting.splice(at, 1)[0]!);
    }
    for (const id of deletedElsewhere) {
      const at = waiting.findIndex((l) => l.id === id);
      if (at >= 0) waiting.splice(at, 1);
    }
  };
  const matching = (url: URL) => {
    const text = url.searchParams.get("text")?.toLowerCase() ?? "";
    return waiting.filter((listing) => listing.name.toLowerCase().includes(text));
  };
  return [
    http.get(ADMIN_APPROVALS_PATH, ({ request }) => {
      const url = new URL(request.url);
      const kind = url.searchParams.get("kind");
      const found = matching(url).filter((listing) => !kind || listing.kind === kind);
      return pageReply(ZPendingListing, found, request);
    }),
    http.get(`${ADMIN_APPROVALS_PATH}/counts`, ({ request }) => {
      const found = matching(new URL(request.url));
      const kinds = Object.fromEntries(
        PROFILE_KINDS.map((kind) => [kind, found.filter((l) => l.kind === kind).length]),
      ) as Record<TProfileKind, number>;
      return dataReply(ZApprovalCounts, { total: found.length, kinds });
    }),
    http.post(`${ADMIN_APPROVALS_PATH}/approve`, async ({ request }) => {
      const { data } = (await request.json()) as { data: { ids: string[] } };
      approveElsewhere();
      const unknown = data.ids.filter(
        (id) => !approved.has(id) && !waiting.some((l) => l.id === id),
      );
      if (unknown.length > 0) {
        return errorReply(
          404,
          "PROFILE_NOT_FOUND",
          "One of the listings was not found. Nothing was approved.",
          { ids: unknown },
        );
      }
      const target = (l: TPendingListing) => ({ id: l.id, kind: l.kind, name: l.name });
      const notApproved = data.ids
        .filter((id) => approved.has(id))
        .map((id) => ({ ...target(approved.get(id)!), reason: "It was already approved." }));
      const now = waiting.filter((l) => data.ids.includes(l.id));
      for (const listing of now) {
        approved.set(listing.id, listing);
        waiting.splice(waiting.indexOf(listing), 1);
      }
      return dataReply(ZBulkApprovalResult, { approved: now.map(target), notApproved });
    }),
    // The stories' queues (new stories, changes to published ones) show on the same tab: none
    // here (a test with some puts its own handlers first).
    http.get("/story-mgmt/api/stories/pending", () => listReply(ZStorySummary, [])),
    http.get("/story-mgmt/api/stories/revisions", () => listReply(ZStory, [])),
  ];
}
