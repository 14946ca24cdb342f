// GET /status.json: the status document the shell polls (maintenance mode).
import { ZStatus } from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { access } from "../../platform/http/access";
import { presentStatus } from "./presenter";
import { getSiteStatus } from "./service";

export async function statusRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: "GET",
    url: "/status.json",
    config: { access: access.public },
    schema: {
      tags: ["status"],
      summary: "Site status (maintenance mode)",
      querystring: z.object({
        "api-version": z.string(),
        timestamp: z.string().max(32).optional().describe("Cache buster; ignored."),
      }),
      response: { 200: ZStatus },
    },
    handler: async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return presentStatus(await getSiteStatus(app.db));
    },
  });
}
