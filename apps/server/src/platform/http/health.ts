// Liveness and readiness for load balancers and orchestrators.

import { ERROR_CODES, ZErrorBody } from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { isDatabaseReachable } from "../db/database";
import type { TFileStore } from "../files/file-store";
import { access } from "./access";
import { errorBody } from "./errors";
import { routesOf } from "./route-def";

// Probes: outside the API version and the rate limit.
const infra = {
  method: "GET",
  access: access.public,
  config: { apiVersioned: false, rateLimit: false },
} as const;

/** What /readyz checks besides the database: the file store's writes. */
export type THealthChecks = { files: Pick<TFileStore, "writeFault"> };

export function registerHealthRoutes(app: FastifyInstance, checks: THealthChecks): void {
  const add = routesOf(app, ["health"]);
  add({
    ...infra,
    url: "/healthz",
    summary: "Liveness: the process answers",
    response: z.object({ status: z.literal("ok") }),
    handler: async () => ({ status: "ok" as const }),
  });

  add({
    ...infra,
    url: "/readyz",
    summary: "Readiness: the database and the file storage work",
    // `replica`, with a read replica only: a replica that does not answer leaves the process
    // ready, its public reads going to the primary (platform/db/read-routing.ts).
    response: z.object({
      status: z.literal("ready"),
      replica: z.enum(["ok", "unreachable"]).optional(),
    }),
    otherResponses: { 503: ZErrorBody },
    handler: async (_request, reply) => {
      const replicaPool = app.database.replica?.pool;
      const [database, files, replicaUp] = await Promise.all([
        isDatabaseReachable(app.database.pool),
        checks.files.writeFault?.(),
        replicaPool ? isDatabaseReachable(replicaPool) : undefined,
      ]);
      const replica =
        replicaUp === undefined
          ? undefined
          : replicaUp
            ? ("ok" as const)
            : ("unreachable" as const);
      // Which check failed, for whoever reads the probe's answer.
      const details = {
        checks: {
          database: database ? "ok" : "failed",
          files: files?.errno ?? "ok",
          ...(replica ? { replica } : {}),
        },
      };
      if (!database) {
        reply.status(503);
        return errorBody(ERROR_CODES.unavailable, "The database is not reachable.", details);
      }
      if (files) {
        reply.status(503);
        return errorBody(
          files.code,
          `Writes to the file storage fail: ${files.errno} (${files.says}).`,
          details,
        );
      }
      return { status: "ready" as const, ...(replica ? { replica } : {}) };
    },
  });
}
