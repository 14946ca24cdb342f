// The OpenAPI 3.1 document, generated from every route's declaration: its zod schemas (the domain's
// contracts as named components, ./openapi-schemas), its access rule (as the operation's security)
// and its method and path (as the operation's id).
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { z } from "zod";
import { access, describeAccess, type TAccess } from "./access";
import { createNamedSchemas } from "./openapi-schemas";
import { registerAssetRoutes } from "./route-table";

/** Every refusal has one shape, its code one of the domain's list (contracts/errors.ts). */
const REFUSED = {
  description:
    "Refused: `{error: {code, message, details?}}`. The code says why (VALIDATION_FAILED, UNAUTHORIZED, FORBIDDEN, NOT_FOUND, RATE_LIMITED, …); VALIDATION_FAILED's details list the issues.",
  content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorReply" } } },
};
const REFUSED_REF = "#/components/responses/Refused";
const OPERATION_METHODS = new Set(["get", "put", "post", "delete", "patch"]);
type TOperation = { responses?: Record<string, unknown> };

/** The one way a caller proves who they are: an access token of the sign-in provider. */
const BEARER = {
  type: "http",
  scheme: "bearer",
  bearerFormat: "JWT",
  description:
    "An access token of the sign-in provider (OpenID Connect, under `/oidc`), as `Authorization: Bearer <token>`. A token that is sent is checked on every call, public ones included: an invalid or expired one is refused with 401.",
} as const;

/**
 * The operation's security: a public call needs nothing and reads the token when one is sent (the
 * empty requirement first); every other rule needs the token.
 */
const securityOf = (rule: TAccess) =>
  rule.kind === "public" ? [{}, { bearer: [] }] : [{ bearer: [] }];

/** What the document calls a path's trailing wildcard (`/media/*`), a name OpenAPI can address. */
const WILDCARD_NAME = "path";
const WILDCARD_DESCRIPTION =
  "The rest of the path, its slashes included (`hotels/<id>/photo.jpg`); a client may send them as they are or encoded as %2F.";

/** The service's prefix of a path (`/hotel-mgmt/api`), whose word names the service. */
const SERVICE_PREFIX = /^([a-z]+)-mgmt$/;
const pascal = (text: string) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join("");

/**
 * An operation's id, from its method and path alone, so that it changes only when they do: the
 * method, then the path's words, each parameter as `By{Name}` (`GET /hotel-mgmt/api/hotels/:id/
 * images` → `getHotelsByIdImages`). The service's prefix is left out, its word kept where the path
 * does not start with it (`GET /report-mgmt/api/hotels/:id/profile` → `getReportHotelsByIdProfile`).
 */
function operationIdOf(method: string, url: string): string {
  let segments = url.split("/").filter(Boolean);
  const service = SERVICE_PREFIX.exec(segments[0] ?? "")?.[1];
  if (service && segments[1] === "api") {
    segments = segments.slice(2);
    // "facility" starts "facilities" once its y is left out.
    if (!segments[0]?.startsWith(service.replace(/y$/, ""))) segments.unshift(service);
  } else if (segments[0] === "api") segments = segments.slice(1);
  const words = segments.map((segment) => {
    if (segment === "*") return `By${pascal(WILDCARD_NAME)}`;
    return segment.startsWith(":") ? `By${pascal(segment.slice(1))}` : pascal(segment);
  });
  return method.toLowerCase() + words.join("");
}

/** The params schema with the wildcard `*` renamed, for a path that ends in one. */
function withNamedWildcard(params: unknown): unknown {
  const json = params as { properties?: Record<string, unknown>; required?: string[] };
  const wildcard = json?.properties?.["*"];
  if (!wildcard) return params;
  const { "*": _, ...others } = json.properties!;
  return {
    ...json,
    properties: {
      ...others,
      [WILDCARD_NAME]: { ...(wildcard as object), description: WILDCARD_DESCRIPTION },
    },
    required: json.required?.map((name) => (name === "*" ? WILDCARD_NAME : name)),
  };
}

export async function registerOpenApi(
  app: FastifyInstance,
  options: { publicUrl: string },
): Promise<void> {
  const named = createNamedSchemas();
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
      components: { securitySchemes: { bearer: BEARER } },
    },
    transform: (input) => {
      // Parameters are spelled out one by one, so their schemas stay inline (the library's
      // conversion); bodies and replies refer to the domain's contracts by name.
      const { body, response, ...rest } = (input.schema ?? {}) as Record<string, unknown>;
      const out = jsonSchemaTransform({ ...input, schema: rest } as typeof input);
      const rule = input.route.config?.access;
      // Schema-less routes (the provider, static files) are left out of the document.
      if (!rule || !input.schema || out.schema?.hide) return out;
      const schema = out.schema as Record<string, unknown>;
      if (body instanceof z.ZodType) schema.body = named.toJson(body, "input");
      schema.response = Object.fromEntries(
        Object.entries((response ?? {}) as Record<string, unknown>).map(([status, reply]) => [
          status,
          reply instanceof z.ZodType ? named.toJson(reply, "output") : reply,
        ]),
      );
      const method = [input.route.method].flat()[0]!;
      schema.operationId = operationIdOf(method, input.url);
      schema["x-access"] = rule.kind === "policy" ? `policy:${rule.name}` : rule.kind;
      schema.description = [schema.description, `Access: ${describeAccess(rule)}`]
        .filter(Boolean)
        .join("\n\n");
      schema.security = securityOf(rule);
      if (schema.params) schema.params = withNamedWildcard(schema.params);
      return { schema, url: input.url.replace(/\*$/, `:${WILDCARD_NAME}`) };
    },
    transformObject: (documentObject) => {
      if (!("openapiObject" in documentObject)) return documentObject.swaggerObject;
      const { openapiObject } = documentObject;
      const paths = (openapiObject.paths ?? {}) as Record<string, Record<string, TOperation>>;
      for (const item of Object.values(paths)) {
        for (const [method, operation] of Object.entries(item)) {
          if (OPERATION_METHODS.has(method))
            operation.responses = { ...operation.responses, "4XX": { $ref: REFUSED_REF } };
        }
      }
      // The contracts the operations use, and those they use in turn, and no others.
      const responses = { Refused: REFUSED };
      const { parts, schemas } = named.nameComponents({ paths, responses });
      return {
        ...openapiObject,
        paths: parts.paths,
        components: {
          ...(openapiObject as { components?: object }).components,
          responses: parts.responses,
          schemas,
        },
      };
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
