// GET /status.json: the status document the shell polls (maintenance mode).
import { ZStatus } from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { access } from "../../platform/http/access";
import { addRoute } from "../../platform/http/route-def";
import { ZRequiredVersionQuery } from "../../platform/http/schemas";
import { presentStatus } from "./presenter";
import { getSiteStatus } from "./service";

export async function statusRoutes(app: FastifyInstance): Promise<void> {
  addRoute(app, ["status"], {
    method: "GET",
    url: "/status.json",
    summary: "Site status (maintenance mode)",
    access: access.public,
    query: ZRequiredVersionQuery.extend({
      timestamp: z.string().max(32).optional().describe("Cache buster; ignored."),
    }),
    response: ZStatus,
    handler: async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return presentStatus(await getSiteStatus(app.db));
    },
  });
}
