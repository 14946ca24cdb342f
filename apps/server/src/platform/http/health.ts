// Liveness and readiness for load balancers and orchestrators.

import { ERROR_CODES, ZErrorBody } from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { isDatabaseReachable } from "../db/database";
import { access } from "./access";
import { errorBody } from "./errors";

const infra = { access: access.public, apiVersioned: false, rateLimit: false } as const;

export function registerHealthRoutes(app: FastifyInstance): void {
  app.route({
    method: "GET",
    url: "/healthz",
    config: infra,
    schema: { tags: ["health"], response: { 200: z.object({ status: z.literal("ok") }) } },
    handler: async () => ({ status: "ok" as const }),
  });

  app.route({
    method: "GET",
    url: "/readyz",
    config: infra,
    schema: {
      tags: ["health"],
      response: { 200: z.object({ status: z.literal("ready") }), 503: ZErrorBody },
    },
    handler: async (_request, reply) => {
      if (await isDatabaseReachable(app.database.pool)) return { status: "ready" as const };
      return reply
        .status(503)
        .send(errorBody(ERROR_CODES.unavailable, "The database is not reachable."));
    },
  });
}
