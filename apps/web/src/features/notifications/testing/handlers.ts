// Test-only MSW handlers for the notification calls. The list answers the records it is given
// that match the filter's flags, newest first, paged by the request; a change answers the record
// as the request asks for it, and keeps nothing unless the test asks for that
// (`keepNotificationChanges`).
import { type TNotification, ZNotification } from "@hostfield/domain/contracts";
import { http } from "msw";
import { dataOf, dataReply, deletedReply, errorReply, pageReply } from "../../../test/msw";
import { NOTIFICATIONS_PATH } from "./data";

export const FILTERED = `${NOTIFICATIONS_PATH}/filtered`;

type TFlags = { isArchived?: boolean; isOpened?: boolean };

/** The list call: the records whose flags are those the filter names, newest first, one page. */
export function notificationsList(records: readonly TNotification[]) {
  return http.post(FILTERED, async ({ request }) => {
    const filter = (await dataOf<TFlags | undefined>(request)) ?? {};
    const matching = records
      .filter((n) => filter.isArchived === undefined || n.isArchived === filter.isArchived)
      .filter((n) => filter.isOpened === undefined || n.isOpened === filter.isOpened)
      .sort((a, b) => b.createdDate.localeCompare(a.createdDate));
    return pageReply(ZNotification, matching, request);
  });
}

const flagOf = (flag: unknown) => (flag === "opened" ? "isOpened" : "isArchived");

export function notificationsHandlers(records: readonly TNotification[] = []) {
  const find = (id: unknown) => records.find((n) => n.id === id);
  const notFound = () => errorReply(404, "NOT_FOUND", "The notification was not found.");
  return [
    notificationsList(records),
    http.put(`${NOTIFICATIONS_PATH}/:id/:flag`, ({ params, request }) => {
      const record = find(params.id);
      if (!record) return notFound();
      const field = flagOf(params.flag);
      const value = new URL(request.url).searchParams.get(field) === "true";
      return dataReply(ZNotification, { ...record, [field]: value });
    }),
    http.delete(`${NOTIFICATIONS_PATH}/:id`, ({ params }) =>
      find(params.id) ? deletedReply(String(params.id)) : notFound(),
    ),
  ];
}

/**
 * The server keeps what the test's user changes in `records` (read, archived, deleted), so the
 * lists that follow answer it.
 */
export function keepNotificationChanges(records: TNotification[]) {
  return [
    http.put(`${NOTIFICATIONS_PATH}/:id/:flag`, ({ params, request }) => {
      const at = records.findIndex((n) => n.id === params.id);
      const field = flagOf(params.flag);
      const value = new URL(request.url).searchParams.get(field) === "true";
      records[at] = { ...records[at]!, [field]: value };
      return dataReply(ZNotification, records[at]!);
    }),
    http.delete(`${NOTIFICATIONS_PATH}/:id`, ({ params }) => {
      records.splice(
        records.findIndex((n) => n.id === params.id),
        1,
      );
      return deletedReply(String(params.id));
    }),
  ];
}
