// Records every registered route and refuses to start when one lacks an access rule or zod schemas.
import type { FastifyInstance, RouteOptions } from "fastify";
import { ZodType } from "zod";
import { access, type TAccess } from "./access";

export type TRouteRecord = {
  method: string;
  url: string;
  access: TAccess | undefined;
  schemaExempt: string | undefined;
  /** What is missing from the route's declaration; empty when it is complete. */
  problems: string[];
};

declare module "fastify" {
  interface FastifyInstance {
    routeTable: TRouteRecord[];
  }
}

const isZod = (value: unknown) => value instanceof ZodType;

function problemsOf(route: RouteOptions): string[] {
  const problems: string[] = [];
  const config = route.config ?? {};
  if (!config.access) problems.push("no access rule (config.access)");
  if (config.schemaExempt) return problems;
  const schema = route.schema ?? {};
  const responses = Object.entries((schema.response ?? {}) as Record<string, unknown>);
  if (!responses.some(([status, s]) => /^2\d\d$/.test(status) && isZod(s))) {
    problems.push("no zod response schema for a 2xx status");
  }
  if (route.url.includes(":") && !isZod(schema.params))
    problems.push("path parameters without a zod params schema");
  for (const part of ["params", "querystring", "body", "headers"] as const) {
    if (schema[part] !== undefined && !isZod(schema[part]))
      problems.push(`${part} schema is not zod`);
  }
  return problems;
}

export function registerRouteTable(app: FastifyInstance): void {
  const records: { route: RouteOptions; methods: string[] }[] = [];
  app.decorate("routeTable", [] as TRouteRecord[]);
  // Fastify's generated HEAD twins of GET routes carry the GET declaration, so they are checked too.
  app.addHook("onRoute", (route) => {
    records.push({ route, methods: [route.method].flat() });
  });
  // Read at ready time: plugins' own onRoute hooks may still add declarations after ours ran.
  app.addHook("onReady", async () => {
    const table = records.flatMap(({ route, methods }) =>
      methods.map((method) => ({
        method,
        url: route.url,
        access: route.config?.access,
        schemaExempt: route.config?.schemaExempt,
        problems: problemsOf(route),
      })),
    );
    app.routeTable.push(...table);
    const incomplete = table.filter((r) => r.problems.length > 0);
    if (incomplete.length > 0) {
      const lines = incomplete.map((r) => `${r.method} ${r.url}: ${r.problems.join("; ")}`);
      throw new Error(`Routes with an incomplete declaration:\n  ${lines.join("\n  ")}`);
    }
  });
}

/**
 * Runs `register` in a scope whose routes serve files, not API calls (static assets, the API
 * reference, from third-party plugins): they are declared public, outside api-version, and exempt
 * from schemas for `reason`.
 */
export async function registerAssetRoutes(
  app: FastifyInstance,
  reason: string,
  register: (scope: FastifyInstance) => PromiseLike<unknown>,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook("onRoute", (route) => {
      route.config = {
        ...route.config,
        access: access.public,
        apiVersioned: false,
        schemaExempt: reason,
        // Files of the build: a page view asks for dozens, and they cost a read each.
        rateLimit: false,
      };
    });
    await register(scope);
  });
}
