// What /home reads besides the listings themselves: the signed-in user's summary (what waits for
// them as a manager and as an organizer) and activity feed (repeats grouped, a group's items).
import {
  ZActivityGroupKey,
  ZActivityItem,
  ZActivityTab,
  ZHomeSummary,
  ZMemberRoles,
  zDataEnvelope,
  zListEnvelope,
} from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { access, principalOf } from "../../platform/http/access";
import { envelope, listEnvelope } from "../../platform/http/envelope";
import { toWindow, ZPagedQuery } from "../../platform/http/paging";
import { addRoute } from "../../platform/http/route-def";
import { listActivity, listActivityGroup, type THomeContext } from "./activity/service";
import { homeSummary, memberRoles, type THomeSummaryContext } from "./summary";

const ZActivityQuery = ZPagedQuery.extend({ tab: ZActivityTab.default("following") });

export async function homeRoutes(
  app: FastifyInstance,
  options: { ctx: THomeContext; summary: THomeSummaryContext },
) {
  const { ctx } = options;
  addRoute(app, ["home"], {
    method: "GET",
    url: "/users/my/home",
    summary:
      "My home summary: my roles, the most pressing first; as a manager, new and waiting leads and my listings to complete; as an organizer, my open requests, newest proposals and my events' hotel blocks; as a hotel's, its blocks and their pickup; as a business's, its live deals and its views and deal clicks of the last 30 days",
    access: access.signedIn,
    response: zDataEnvelope(ZHomeSummary),
    handler: async (request) => envelope(await homeSummary(options.summary, principalOf(request))),
  });
  addRoute(app, ["home"], {
    method: "GET",
    url: "/users/my/roles",
    summary:
      "What I am (organizer, venue, hotel, business) and the menu's pages my roles use, each marked locked with the lowest tier that opens it",
    access: access.signedIn,
    response: zDataEnvelope(ZMemberRoles),
    handler: async (request) => envelope(await memberRoles(options.summary, principalOf(request))),
  });
  addRoute(app, ["home"], {
    method: "GET",
    url: "/users/my/activity",
    summary:
      "My activity feed, newest first, repeats grouped: `following` (what concerns me) or `mine` (what I did)",
    access: access.signedIn,
    query: ZActivityQuery,
    response: zListEnvelope(ZActivityItem),
    handler: async (request) => {
      const page = await listActivity(
        ctx,
        principalOf(request).userId,
        request.query.tab,
        toWindow(request.query),
      );
      return listEnvelope(page.rows, page.count);
    },
  });
  addRoute(app, ["home"], {
    method: "GET",
    url: "/users/my/activity/groups/:key",
    summary: "The items of one group of my activity feed (its `groupKey`), newest first",
    access: access.signedIn,
    params: z.object({ key: ZActivityGroupKey }),
    query: ZActivityQuery,
    response: zListEnvelope(ZActivityItem),
    handler: async (request) => {
      const page = await listActivityGroup(
        ctx,
        principalOf(request).userId,
        request.query.tab,
        request.params.key,
        toWindow(request.query),
      );
      return listEnvelope(page.rows, page.count);
    },
  });
}
