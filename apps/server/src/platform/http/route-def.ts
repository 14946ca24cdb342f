// A route as a declaration: method, url, who may call it, zod schemas and one success status. The
// declaration is generic over its schemas, so a handler reads typed params, query and body, and
// what it returns is checked against the response schema. Every API route is declared this way.
import type { ServerResponse } from "node:http";
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteOptions,
} from "fastify";
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

type TSuccessStatus = 200 | 201 | 202;

/**
 * Replies a route answers with besides its success, by status: an HTML page's 400 or 404, the
 * 503 of a readiness probe. Errors thrown as AppError need none; they have one shape everywhere.
 */
export type TOtherResponses = { [status: number]: TSchema };
type TInputOf<S> = S extends z.ZodType ? z.input<S> : never;

/** Nominal (it has a private member), so that only `reply.hijack()` makes one. */
class Hijacked {
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: read by the type checker only.
  private readonly hijacked = true;
}
const HIJACKED = new Hijacked();
/** What a handler returns once it has handed the raw response to a library (`reply.hijack()`). */
export type THijacked = Hijacked;

/**
 * A reply sent as server-sent events (`text/event-stream`): each `send` writes one event at once;
 * `signal` aborts when the client goes away. The handler returns `done` after `end()`.
 */
export type TEventStream = {
  send(event: string, data: unknown): void;
  end(): void;
  readonly signal: AbortSignal;
  readonly done: THijacked;
};

/**
 * What a handler may do with the reply: set headers, or pick another status where one call
 * answers either (an onboarding that finds the listing, 200, or creates it, 201; a page's 404
 * declared in `otherResponses`). The body is what the handler returns, so that it is checked
 * against the response schema. A library that writes Node's response itself (the OpenID
 * provider) gets `raw`; the handler then returns what `hijack()` gave, and Fastify sends nothing.
 */
export type TRouteReply<S extends number = TSuccessStatus> = {
  status(code: S): TRouteReply<S>;
  header(name: string, value: string): TRouteReply<S>;
  type(contentType: string): TRouteReply<S>;
  readonly raw: ServerResponse;
  hijack(): THijacked;
  /** Answers 200 with an event stream (the headers set so far go with it); see TEventStream. */
  eventStream(): TEventStream;
};

function openEventStream(reply: FastifyReply): TEventStream {
  const raw = reply.raw;
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) raw.setHeader(name, value);
  }
  reply.hijack();
  raw.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache, no-transform",
    // Proxies such as nginx would otherwise hold the events back until the reply ends.
    "x-accel-buffering": "no",
  });
  const gone = new AbortController();
  raw.on("close", () => gone.abort());
  // A client that left before the stream opened fired its close already.
  if (raw.destroyed || raw.socket?.destroyed) gone.abort();
  return {
    send(event, data) {
      if (raw.writableEnded || raw.destroyed) return;
      raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end() {
      if (!raw.writableEnded) raw.end();
    },
    signal: gone.signal,
    done: HIJACKED,
  };
}

/** The handler's view of Fastify's reply: no `send`, so the body is always the return value. */
function routeReply<S extends number>(reply: FastifyReply): TRouteReply<S> {
  const view: TRouteReply<S> = {
    status: (code) => {
      reply.status(code);
      return view;
    },
    header: (name, value) => {
      reply.header(name, value);
      return view;
    },
    type: (contentType) => {
      reply.type(contentType);
      return view;
    },
    raw: reply.raw,
    hijack: () => {
      reply.hijack();
      return HIJACKED;
    },
    eventStream: () => openEventStream(reply),
  };
  return view;
}

export type TRouteDef<
  P extends TSchema | undefined,
  Q extends TSchema | undefined,
  B extends TSchema | undefined,
  R extends TSchema,
  E extends TOtherResponses = Record<never, never>,
> = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
  /** What the call does, for the API document (an operation without one fails its lint). */
  summary: string;
  /** More words for the API document, shown before the access rule. */
  description?: string;
  /** Left out of the API document: pages and infrastructure that are not API calls. */
  hidden?: boolean;
  access: TAccess<NoInfer<TRequestOf<P, Q, B>>>;
  /**
   * The rest of the route's config: `apiVersioned: false` for routes outside the API version
   * (pages, probes, media), `rateLimit`, `schemaExempt`.
   */
  config?: Omit<FastifyContextConfig, "access">;
  params?: P;
  /**
   * The query string; without it the route takes only `api-version` (none at all when the route
   * is not `apiVersioned`).
   */
  query?: Q;
  body?: B;
  /** The success status (200); the handler's return value is sent with it. */
  status?: TSuccessStatus;
  response: R;
  /** Replies besides the success, by status; the handler picks one with `reply.status(code)`. */
  otherResponses?: E;
  handler: (
    request: NoInfer<TRequestOf<P, Q, B>>,
    reply: TRouteReply<TSuccessStatus | (keyof NoInfer<E> & number)>,
  ) => Promise<z.input<NoInfer<R>> | TInputOf<NoInfer<E>[keyof NoInfer<E>]> | THijacked>;
};

/**
 * Handlers still running, by server (every plugin of one app shares it). A handler whose client
 * went away keeps running to its end, and Fastify's close does not wait for it: the app's close
 * waits for these (`handlersSettled`) before the database it uses is closed.
 */
const running = new WeakMap<object, Set<Promise<unknown>>>();

/** Resolves once no route handler of `app`'s server is running (those that start meanwhile too). */
export async function handlersSettled(app: FastifyInstance): Promise<void> {
  const handlers = running.get(app.server);
  while (handlers && handlers.size > 0) await Promise.allSettled([...handlers]);
}

/** `work`, counted among its server's running handlers until it settles. */
function tracked<T>(app: FastifyInstance, work: Promise<T>): Promise<T> {
  let handlers = running.get(app.server);
  if (!handlers) {
    handlers = new Set();
    running.set(app.server, handlers);
  }
  const set = handlers;
  set.add(work);
  const done = () => set.delete(work);
  work.then(done, done);
  return work;
}

export function addRoute<
  P extends TSchema | undefined = undefined,
  Q extends TSchema | undefined = undefined,
  B extends TSchema | undefined = undefined,
  R extends TSchema = TSchema,
  E extends TOtherResponses = Record<never, never>,
>(app: FastifyInstance, tags: readonly string[], def: TRouteDef<P, Q, B, R, E>): void {
  const status = def.status ?? 200;
  const versioned = def.config?.apiVersioned !== false;
  const query = def.query ?? (versioned ? ZVersionQuery : undefined);
  // Fastify's own route typing would derive request and reply types from the schemas again; the
  // declaration above already did, so the options are given in Fastify's untyped form.
  const options: RouteOptions = {
    method: def.method,
    url: def.url,
    config: { ...def.config, access: def.access as TAccess },
    schema: {
      ...(def.hidden ? { hide: true } : {}),
      tags: [...tags],
      summary: def.summary,
      ...(def.description ? { description: def.description } : {}),
      ...(def.params ? { params: def.params } : {}),
      ...(query ? { querystring: query } : {}),
      ...(def.body ? { body: def.body } : {}),
      response: { ...def.otherResponses, [status]: def.response },
    },
    handler: async (request, reply) => {
      reply.status(status);
      // The request was validated against the declared schemas before the handler runs; Fastify's
      // request type cannot know that, so the typed view is asserted here, once for all routes.
      const body = await tracked(app, def.handler(request as never, routeReply(reply)));
      // Fastify sends nothing for a hijacked reply, whatever the handler resolves to.
      return body === HIJACKED ? reply : body;
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
    E extends TOtherResponses = Record<never, never>,
  >(
    def: TRouteDef<P, Q, B, R, E>,
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
  def: Omit<
    TRouteDef<P, Q, B, R>,
    "method" | "handler" | "status" | "access" | "summary" | "otherResponses"
  > & {
    summary: string;
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
