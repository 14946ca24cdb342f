// The calls /home makes besides the listing lists: the activity feed.
import { type TActivityItem, type TActivityTab, ZActivityItem } from "@hostfield/domain/contracts";
import { apiGetList, type TListResult } from "../../lib/api";

export const ACTIVITY_PATH = "/user-mgmt/api/users/my/activity";
/** How many feed items one page shows. */
export const FEED_PAGE_SIZE = 20;

export const homeKeys = {
  activity: (userId: string, tab: TActivityTab, offset: number) =>
    ["home", "activity", userId, tab, offset] as const,
};

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
