// Test-only MSW handler for the home feed: each tab's items as the test gives them, paged by the
// request.
import { type TActivityItem, ZActivityItem } from "@hostfield/domain/contracts";
import { http } from "msw";
import { pageReply } from "../../../test/msw";
import { ACTIVITY_PATH } from "../home-api";

export function activityFeed(feeds: Partial<Record<string, TActivityItem[]>>) {
  return http.get(ACTIVITY_PATH, ({ request }) => {
    const tab = new URL(request.url).searchParams.get("tab") ?? "following";
    return pageReply(ZActivityItem, feeds[tab] ?? [], request);
  });
}
