// Every route declares who may call it (`config.access`); this file enforces the declaration.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { forbidden, unauthorized } from "./errors";

/** The caller as the API sees it once a bearer token has been verified. */
export type TPrincipal = {
  userId: string;
  email: string;
  roles: readonly string[];
  isAdmin: boolean;
};

/** The caller of a route that requires sign-in (401 if the access rule let a visitor through). */
export function principalOf(request: FastifyRequest): TPrincipal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

/**
 * Who may call a route. A policy's `check` reads the request as the route's schemas parsed it
 * (`TRequest`: its params, query and body types), and throws AppError (403/404) when refused.
 */
export type TAccess<TRequest = FastifyRequest> =
  | { kind: "public" }
  | { kind: "signedIn" }
  | { kind: "admin" }
  | { kind: "policy"; name: string; check: (request: TRequest) => Promise<void> | void };

export const access = {
  public: { kind: "public" } as const satisfies TAccess,
  signedIn: { kind: "signedIn" } as const satisfies TAccess,
  admin: { kind: "admin" } as const satisfies TAccess,
  /** A permission on the addressed object, checked on the request as its route parsed it. */
  policy: <TRequest = FastifyRequest>(
    name: string,
    check: (request: TRequest) => Promise<void> | void,
  ): TAccess<TRequest> => ({ kind: "policy", name, check }),
};

declare module "fastify" {
  interface FastifyContextConfig {
    access?: TAccess;
    /** False for infrastructure routes that do not take the `api-version` parameter. */
    apiVersioned?: boolean;
    /** Why a route has no zod schema (static files, third-party documentation assets). */
    schemaExempt?: string;
  }
  interface FastifyRequest {
    principal: TPrincipal | null;
  }
}

/** Human-readable form of an access rule, for the OpenAPI document. */
export function describeAccess(rule: TAccess): string {
  switch (rule.kind) {
    case "public":
      return "Public: anyone may call it.";
    case "signedIn":
      return "Signed in: any signed-in user.";
    case "admin":
      return "Admins only.";
    case "policy":
      return `Permission: ${rule.name}.`;
  }
}

export function registerAccessControl(app: FastifyInstance): void {
  app.decorateRequest("principal", null);
  // preHandler runs after validation, so a policy sees parsed params and body.
  app.addHook("preHandler", async (request) => {
    // The not-found handler is no route; it answers 404 (or the SPA) to everyone.
    if (request.is404) return;
    const rule = request.routeOptions.config.access;
    if (!rule) throw forbidden("This route declares no access rule.");
    switch (rule.kind) {
      case "public":
        return;
      case "signedIn":
        if (!request.principal) throw unauthorized();
        return;
      case "admin":
        if (!request.principal) throw unauthorized();
        if (!request.principal.isAdmin) throw forbidden("Only administrators can do this.");
        return;
      case "policy":
        // The hook runs after validation, so the request has the shape the route declared.
        await (rule.check as (request: FastifyRequest) => Promise<void> | void)(request);
        return;
    }
  });
}
