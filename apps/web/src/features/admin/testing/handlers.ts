// Test-only MSW handlers for the admin's member, outbox and job calls. The member list answers the
// members it is given (whatever the filter: a test that searches says what the search finds); a
// toggle answers the member as the request sets it, and changes `members` only where the test
// asks the server to keep changes (`keepMemberChanges`).
import {
  type TJobFailure,
  type TMail,
  type TUser,
  ZJobRef,
  ZJobsOverview,
  ZMail,
  ZUser,
} from "@hostfield/domain/contracts";
import { http } from "msw";
import { dataReply, errorReply, pageReply } from "../../../test/msw";
import { ADMIN_JOBS_PATH, ADMIN_MAIL_PATH, USERS_PATH } from "../admin-api";
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
