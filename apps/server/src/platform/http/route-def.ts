// A route as a declaration: method, url, who may call it, zod schemas and one success status.
// Modules list these instead of repeating Fastify's route options.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { TAccess } from "./access";

const ZVersion = z.object({ "api-version": z.string().optional() });

export type TRouteDef = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
  summary: string;
  access: TAccess;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  status?: number;
  response: z.ZodType;
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
};

export function addRoute(app: FastifyInstance, tags: readonly string[], def: TRouteDef): void {
  app.route({
    method: def.method,
    url: def.url,
    config: { access: def.access },
    schema: {
      tags: [...tags],
      summary: def.summary,
      ...(def.params ? { params: def.params } : {}),
      querystring: def.query ?? ZVersion,
      ...(def.body ? { body: def.body } : {}),
      response: { [def.status ?? 200]: def.response },
    },
    handler: def.handler,
  });
}
