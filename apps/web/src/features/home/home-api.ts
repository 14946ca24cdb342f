// The calls /home makes besides the listing lists: the summary (manager and organizer panels), the
// activity feed and a group of its repeats.
import {
  type TActivityItem,
  type TActivityTab,
  type THomeSummary,
  ZActivityItem,
  ZHomeSummary,
} from "@hostfield/domain/contracts";
import { apiGet, apiGetList, type TListResult } from "../../lib/api";

export const HOME_SUMMARY_PATH = "/user-mgmt/api/users/my/home";
export const ACTIVITY_PATH = "/user-mgmt/api/users/my/activity";
export const activityGroupPath = (key: string) =>
  `${ACTIVITY_PATH}/groups/${encodeURIComponent(key)}`;
/** How many feed items one page shows. */
export const FEED_PAGE_SIZE = 20;
/** How many items of an opened group one page shows. */
export const GROUP_PAGE_SIZE = 10;

export const homeKeys = {
  summary: (userId: string) => ["home", "summary", userId] as const,
  activity: (userId: string, tab: TActivityTab, offset: number) =>
    ["home", "activity", userId, tab, offset] as const,
  group: (userId: string, tab: TActivityTab, key: string, offset: number) =>
    ["home", "activity-group", userId, tab, key, offset] as const,
};

export function getHomeSummary(signal?: AbortSignal): Promise<THomeSummary> {
  return apiGet(HOME_SUMMARY_PATH, { schema: ZHomeSummary, signal });
}

export function listActivity(
  tab: TActivityTab,
  offset: number,
  signal?: AbortSignal,
): Promise<TListResult<TActivityItem>> {
  return apiGetList(ACTIVITY_PATH, {
    query: { tab, offset, take: FEED_PAGE_SIZE },
    schema: ZActivityItem,
    signal,
  });
}

export function listActivityGroup(
  tab: TActivityTab,
  key: string,
  offset: number,
  signal?: AbortSignal,
): Promise<TListResult<TActivityItem>> {
  return apiGetList(activityGroupPath(key), {
    query: { tab, offset, take: GROUP_PAGE_SIZE },
    schema: ZActivityItem,
    signal,
  });
}
