// What /home reads besides the listings themselves: the signed-in user's activity feed.
import { ZActivityItem, ZActivityTab, zListEnvelope } from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { access, principalOf } from "../../platform/http/access";
import { listEnvelope } from "../../platform/http/envelope";
import { toWindow, ZPagedQuery } from "../../platform/http/paging";
import { addRoute } from "../../platform/http/route-def";
import { listActivity, type THomeContext } from "./activity/service";

const ZActivityQuery = ZPagedQuery.extend({ tab: ZActivityTab.default("following") });

export async function homeRoutes(app: FastifyInstance, options: { ctx: THomeContext }) {
  const { ctx } = options;
  addRoute(app, ["home"], {
    method: "GET",
    url: "/users/my/activity",
    summary: "My activity feed, newest first: `following` (around me) or `mine` (what I did)",
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
}
