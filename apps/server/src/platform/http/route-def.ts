// A route as a declaration: method, url, who may call it, zod schemas and one success status. The
// declaration is generic over its schemas, so a handler reads typed params, query and body, and
// what it returns is checked against the response schema. Every API route is declared this way.
import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import { z } from "zod";
import type { TAccess } from "./access";

/** The query of a route that declares none: the API version, shown in the API document. */
export const ZVersionQuery = z.object({ "api-version": z.string().optional() });

type TSchema = z.ZodType;
type TOut<S> = S extends z.ZodType ? z.output<S> : undefined;

/** A request whose parts are what the route's schemas produced (validated before the handler). */
export type TRequestOf<
  P extends TSchema | undefined,
  Q extends TSchema | undefined,
  B extends TSchema | undefined,
> = FastifyRequest<{ Params: TOut<P>; Querystring: TOut<Q>; Body: TOut<B> }>;

/** A request whose path has the parameters named; what access rules of a route family read. */
export type TRequestWithParams<T> = FastifyRequest<{ Params: T }>;

/**
 * What a handler may do with the reply: set headers, or pick another success status where one
 * call answers either (an onboarding that finds the listing, 200, or creates it, 201). The body is
 * what the handler returns, so that it is checked against the response schema.
 */
export type TRouteReply = {
  status(code: 200 | 201 | 202): TRouteReply;
  header(name: string, value: string): TRouteReply;
  type(contentType: string): TRouteReply;
};

export type TRouteDef<
  P extends TSchema | undefined,
  Q extends TSchema | undefined,
  B extends TSchema | undefined,
  R extends TSchema,
> = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
  summary: string;
  access: TAccess<NoInfer<TRequestOf<P, Q, B>>>;
  params?: P;
  /** The query string; without it the route takes only `api-version`. */
  query?: Q;
  body?: B;
  /** The success status (200); the handler's return value is sent with it. */
  status?: 200 | 201 | 202;
  response: R;
  handler: (
    request: NoInfer<TRequestOf<P, Q, B>>,
    reply: TRouteReply,
  ) => Promise<z.input<NoInfer<R>>>;
};

export function addRoute<
  P extends TSchema | undefined = undefined,
  Q extends TSchema | undefined = undefined,
  B extends TSchema | undefined = undefined,
  R extends TSchema = TSchema,
>(app: FastifyInstance, tags: readonly string[], def: TRouteDef<P, Q, B, R>): void {
  const status = def.status ?? 200;
  // Fastify's own route typing would derive request and reply types from the schemas again; the
  // declaration above already did, so the options are given in Fastify's untyped form.
  const options: RouteOptions = {
    method: def.method,
    url: def.url,
    config: { access: def.access as TAccess },
    schema: {
      tags: [...tags],
      summary: def.summary,
      ...(def.params ? { params: def.params } : {}),
      querystring: def.query ?? ZVersionQuery,
      ...(def.body ? { body: def.body } : {}),
      response: { [status]: def.response },
    },
    handler: async (request, reply) => {
      reply.status(status);
      // The request was validated against the declared schemas before the handler runs; Fastify's
      // request type cannot know that, so the typed view is asserted here, once for all routes.
      return def.handler(request as never, reply);
    },
  };
  app.route(options);
}

/** The tags of a module's routes, bound once: `const add = routesOf(app, ["groups"])`. */
export function routesOf(app: FastifyInstance, tags: readonly string[]) {
  return <
    P extends TSchema | undefined = undefined,
    Q extends TSchema | undefined = undefined,
    B extends TSchema | undefined = undefined,
    R extends TSchema = TSchema,
  >(
    def: TRouteDef<P, Q, B, R>,
  ) => addRoute(app, tags, def);
}

/**
 * The recurring pair of a list: `GET {url}` and `POST {url}/filtered` with the filter in the body,
 * answered by one handler (which sees no body on the GET).
 */
export function addListRoutes<
  P extends TSchema | undefined,
  Q extends TSchema | undefined,
  B extends TSchema,
  R extends TSchema,
>(
  app: FastifyInstance,
  tags: readonly string[],
  def: Omit<TRouteDef<P, Q, B, R>, "method" | "handler" | "status" | "access"> & {
    access: TAccess<NoInfer<TRequestOf<P, Q, B | undefined>>>;
    /** The summary of the POST, when not "{summary} (filtered)". */
    filteredSummary?: string;
    handler: (request: NoInfer<TRequestOf<P, Q, B | undefined>>) => Promise<z.input<NoInfer<R>>>;
  },
): void {
  const { body, filteredSummary, ...common } = def;
  addRoute<P, Q, undefined, R>(app, tags, {
    ...common,
    method: "GET",
    access: def.access as TAccess<TRequestOf<P, Q, undefined>>,
    handler: (request) => def.handler(request as TRequestOf<P, Q, B | undefined>),
  });
  addRoute<P, Q, B, R>(app, tags, {
    ...common,
    method: "POST",
    url: `${def.url}/filtered`,
    summary: filteredSummary ?? `${def.summary} (filtered)`,
    body,
    access: def.access as TAccess<TRequestOf<P, Q, B>>,
    handler: (request) => def.handler(request as TRequestOf<P, Q, B | undefined>),
  });
}
