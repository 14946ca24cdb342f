// Test-only MSW handlers for /home: the summary, each tab's feed items and each group's items as
// the test gives them, paged by the request.
import {
  type TActivityItem,
  type THomeSummary,
  ZActivityItem,
  ZHomeSummary,
} from "@hostfield/domain/contracts";
import { http } from "msw";
import { dataReply, pageReply } from "../../../test/msw";
import { ACTIVITY_PATH, HOME_SUMMARY_PATH } from "../home-api";
import { buildHomeSummary } from "./data";

export function homeSummary(summary: THomeSummary = buildHomeSummary()) {
  return http.get(HOME_SUMMARY_PATH, () => dataReply(ZHomeSummary, summary));
}

/** A group's items by its key. */
export function activityGroups(groups: Record<string, TActivityItem[]>) {
  return http.get(`${ACTIVITY_PATH}/groups/:key`, ({ request, params }) =>
    pageReply(ZActivityItem, groups[String(params.key)] ?? [], request),
  );
}

export function activityFeed(feeds: Partial<Record<string, TActivityItem[]>>) {
  return http.get(ACTIVITY_PATH, ({ request }) => {
    const tab = new URL(request.url).searchParams.get("tab") ?? "following";
    return pageReply(ZActivityItem, feeds[tab] ?? [], request);
  });
}
