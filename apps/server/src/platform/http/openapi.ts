// The OpenAPI 3.1 document, generated from every route's zod schemas and access rule.
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { ZErrorReply } from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { z } from "zod";
import { access, describeAccess } from "./access";
import { registerAssetRoutes } from "./route-table";

const ERROR_RESPONSE = {
  description:
    "Refused: `{error: {code, message, details?}}`. The code says why (VALIDATION_FAILED, UNAUTHORIZED, FORBIDDEN, NOT_FOUND, RATE_LIMITED, …); VALIDATION_FAILED's details list the issues.",
  $ref: "#/components/schemas/ErrorReply",
};

export async function registerOpenApi(
  app: FastifyInstance,
  options: { publicUrl: string },
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Hostfield API",
        version: "1.0",
        description:
          "Every call takes `api-version=1.0`. Replies wrap payloads as `{data}`, lists as " +
          "`{data, _meta: {stats: {count}}}`; lists page with `offset` (default 0) and `take` " +
          "(default 20, at most 100). Errors are `{error: {code, message, details?}}`.",
      },
      servers: [{ url: options.publicUrl }],
      components: {
        securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
        schemas: { ErrorReply: z.toJSONSchema(ZErrorReply) as Record<string, unknown> },
      },
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const rule = input.route.config?.access;
      // Schema-less routes (the provider, static files) are left out of the document.
      if (rule && out.schema) {
        const schema = out.schema as Record<string, unknown>;
        schema["x-access"] = rule.kind === "policy" ? `policy:${rule.name}` : rule.kind;
        schema.description = [schema.description, `Access: ${describeAccess(rule)}`]
          .filter(Boolean)
          .join("\n\n");
        if (rule.kind !== "public") schema.security = [{ bearer: [] }];
        // Every refusal has one shape, its code one of the domain's list (contracts/errors.ts).
        const responses = (schema.response ?? {}) as Record<string, unknown>;
        schema.response = { ...responses, "4XX": ERROR_RESPONSE };
      }
      return out;
    },
  });

  app.route({
    method: "GET",
    url: "/api/openapi.json",
    config: { access: access.public, apiVersioned: false },
    schema: {
      hide: true,
      response: {
        200: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }),
      },
    },
    handler: async () =>
      app.swagger() as unknown as { openapi: string; paths: Record<string, unknown> },
  });

  // The readable reference; its asset routes are public and schema-exempt.
  await registerAssetRoutes(app, "API reference page and its static assets", (scope) =>
    scope.register(swaggerUi, {
      routePrefix: "/api/docs",
      staticCSP: true,
      // The page's own CSP, narrowed: nothing from other origins, no online spec validator.
      transformStaticCSP: (header) =>
        header
          .replaceAll(" https:", "")
          .replaceAll(" validator.swagger.io", "")
          .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
          .replace(/\s*upgrade-insecure-requests;?/, ""),
      uiConfig: {
        deepLinking: true,
        docExpansion: "list",
        defaultModelsExpandDepth: 0,
        validatorUrl: null,
      },
    }),
  );
}
