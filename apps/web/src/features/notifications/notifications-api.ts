// The notification calls of the user-management service (/users/{id}/notifications).
import {
  type TNotification,
  type TNotificationFilter,
  ZNotification,
} from "@hostfield/domain/contracts";
import { apiDelete, apiPostList, apiPut, type TListResult } from "../../lib/api";

const enc = encodeURIComponent;
const base = (userId: string) => `/user-mgmt/api/users/${enc(userId)}/notifications`;

export const notificationKeys = {
  all: ["notifications"] as const,
  list: (userId: string, filter: TNotificationFilter) => ["notifications", userId, filter] as const,
  /** The paged ("Load more") list of the notifications page. */
  pages: (userId: string, filter: TNotificationFilter) =>
    ["notifications", userId, filter, "pages"] as const,
};

export function listNotifications(
  userId: string,
  filter: TNotificationFilter,
  page: { offset?: number; take?: number } = {},
): Promise<TListResult<TNotification>> {
  return apiPostList(`${base(userId)}/filtered`, filter, {
    query: { offset: page.offset ?? 0, take: page.take ?? 20 },
    schema: ZNotification,
  });
}

export function setNotificationOpened(
  userId: string,
  id: string,
  isOpened: boolean,
): Promise<TNotification> {
  return apiPut(`${base(userId)}/${enc(id)}/opened`, undefined, {
    query: { isOpened },
    schema: ZNotification,
  });
}

export function setNotificationArchived(
  userId: string,
  id: string,
  isArchived: boolean,
): Promise<TNotification> {
  return apiPut(`${base(userId)}/${enc(id)}/archived`, undefined, {
    query: { isArchived },
    schema: ZNotification,
  });
}

export function deleteNotification(userId: string, id: string): Promise<unknown> {
  return apiDelete(`${base(userId)}/${enc(id)}`);
}
