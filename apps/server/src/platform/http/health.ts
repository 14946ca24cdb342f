// Liveness and readiness for load balancers and orchestrators.

import { ERROR_CODES, ZErrorBody } from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { isDatabaseReachable } from "../db/database";
import { access } from "./access";
import { errorBody } from "./errors";
import { routesOf } from "./route-def";

// Probes: outside the API version and the rate limit, and without a summary in the document.
const infra = {
  method: "GET",
  summary: null,
  access: access.public,
  config: { apiVersioned: false, rateLimit: false },
} as const;

export function registerHealthRoutes(app: FastifyInstance): void {
  const add = routesOf(app, ["health"]);
  add({
    ...infra,
    url: "/healthz",
    response: z.object({ status: z.literal("ok") }),
    handler: async () => ({ status: "ok" as const }),
  });

  add({
    ...infra,
    url: "/readyz",
    response: z.object({ status: z.literal("ready") }),
    otherResponses: { 503: ZErrorBody },
    handler: async (_request, reply) => {
      if (await isDatabaseReachable(app.database.pool)) return { status: "ready" as const };
      reply.status(503);
      return errorBody(ERROR_CODES.unavailable, "The database is not reachable.");
    },
  });
}
