// Where a notification leads: only paths inside the product are followed.
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { MY_PROFILE_QUERY_KEY } from "../../lib/auth/my-profile";
import { notificationKeys } from "./notifications-api";

/** The url when it is an in-app path ("/groups/…"), otherwise null (absent, or another site). */
export function inAppPath(url: string | null | undefined): string | null {
  if (!url) return null;
  return /^\/(?![/\\])/.test(url) ? url : null;
}

/** The path part of an in-app url, without its query or hash. */
export function pathOnly(url: string): string {
  return url.replace(/[?#].*$/, "");
}

/** A group conversation the user is looking at sees its messages live: no toast for those. */
export function isShownLive(url: string | null | undefined, pathname: string): boolean {
  const path = inAppPath(url);
  if (!path || !pathname.startsWith("/groups/")) return false;
  return pathOnly(path).replace(/\/+$/, "") === pathname.replace(/\/+$/, "");
}

/** After a change: reload every notification list and the profile (the top bar's badge). */
export function refreshNotifications(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
    queryClient.invalidateQueries({ queryKey: MY_PROFILE_QUERY_KEY }),
  ]).then(() => undefined);
}

export function useRefreshNotifications(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => refreshNotifications(queryClient), [queryClient]);
}
