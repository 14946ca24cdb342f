// The API the web tests talk to: one MSW server (started in setup.ts) that answers with the
// handlers a test gives it (`server.use(…)`, most from a feature's testing/handlers.ts) and
// records every request (`sent`). A request no handler answers fails as a network error in the
// app, and fails the test after it (setup.ts).
import {
  type TErrorCode,
  ZErrorReply,
  ZPresence,
  zDataEnvelope,
  zListEnvelope,
} from "@hostfield/domain/contracts";
import { HttpResponse, http, type JsonBodyType, type RequestHandler } from "msw";
import { setupServer } from "msw/node";
import { z } from "zod";
import {
  CLIENT_CONFIG_PATH,
  type TMapClientConfig,
  type TOidcClientConfig,
  type TSiteClientConfig,
} from "../lib/auth/client-config";

/**
 * lib/presence's PRESENCE_PATH, spelled out: importing that module here would load the auth
 * provider (and oidc-client-ts) before a test file could mock it.
 */
const PRESENCE_PATH = "/user-mgmt/api/users/presence";
/** The shell's MEMBER_ROLES_PATH (app/shell/nav-items.ts), spelled out for the same reason. */
const MEMBER_ROLES_PATH = "/user-mgmt/api/users/my/roles";

/**
 * What the shell asks for on every page, answered the same in every test unless the test says
 * otherwise with `server.use`: the status document (no maintenance); the client configuration,
 * which fails like a lost network (sign-in is unavailable: tests sign in with a test auth value,
 * or serve `clientConfigHandler()`); who is online, which fails the same way (avatars show
 * no dot); and the Me menu's roles, none (no role pages in it).
 */
export const shellHandlers = [
  http.get("/status.json", () => HttpResponse.json({})),
  http.get("/api/client-config", () => HttpResponse.error()),
  http.get(PRESENCE_PATH, () => HttpResponse.error()),
  http.get(MEMBER_ROLES_PATH, () => HttpResponse.json({ data: { roles: [], features: [] } })),
];

// ---- handlers under the test's own ----

const base: RequestHandler[] = [];

/**
 * Adds handlers that answer only what no handler of `server.use` answers, whenever either was
 * added: a feature's handlers over a test's world, under the answers the test gives itself
 * (server.use puts each new handler first, so a world served after an override would hide it).
 * Later calls come before earlier ones; they are cleared after each test.
 */
export function serveBase(...handlers: RequestHandler[]): void {
  base.unshift(...handlers);
}

/** Forgets the handlers of serveBase (setup.ts, after each test). */
export function clearBase(): void {
  base.length = 0;
}

const baseHandler = http.all("*", async ({ request, requestId }) => {
  for (const handler of base) {
    const result = await handler.run({ request: request.clone(), requestId });
    if (result?.response) return result.response;
  }
  return undefined;
});

export const server = setupServer(baseHandler, ...shellHandlers);

// ---- presence ----

/** Who is online: the users in `online` are, anyone else asked about is not. */
export function presenceHandler(online: readonly string[] = []) {
  return http.get(PRESENCE_PATH, ({ request }) => {
    const ids = (new URL(request.url).searchParams.get("ids") ?? "").split(",");
    return dataReply(
      z.array(ZPresence),
      ids.map((id) => ({ id, isOnline: online.includes(id) })),
    );
  });
}

// ---- the client configuration ----

export const TEST_OIDC_CONFIG = {
  authority: "http://localhost:3000/oidc",
  clientId: "hostfield-web",
  scope: "openid profile email offline_access",
  audience: "http://localhost:3000/api",
} as const satisfies TOidcClientConfig;

/**
 * The client configuration: the test provider, and map tiles and the deployment's own site when
 * given. The domain has no contract for it (the web checks it by hand, lib/auth/client-config.ts);
 * the types stand in.
 */
export function clientConfigHandler(map?: TMapClientConfig | null, site?: TSiteClientConfig) {
  return http.get(CLIENT_CONFIG_PATH, () =>
    HttpResponse.json({
      data: { oidc: TEST_OIDC_CONFIG, ...(map ? { map } : {}), ...(site ? { site } : {}) },
    }),
  );
}

// ---- what the app sent ----

export type TSentRequest = {
  method: string;
  url: URL;
  /** The path without the query, e.g. /user-mgmt/api/users/my. */
  path: string;
  /** Lower-case names, as fetch keeps them. */
  headers: Record<string, string>;
  /** The JSON body (its text when it is not JSON); undefined without one. */
  body: unknown;
  /** The request's signal: aborted when the app cancelled it. */
  signal: AbortSignal;
};

type TEntry = TSentRequest & { ready: boolean };
const entries: TEntry[] = [];

function parseBody(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

server.events.on("request:start", ({ request }) => {
  const url = new URL(request.url);
  const entry: TEntry = {
    method: request.method,
    url,
    path: url.pathname,
    headers: Object.fromEntries(request.headers),
    body: undefined,
    signal: request.signal,
    // In the order sent; one with a body counts once its body is read, which is before any
    // handler answers it.
    ready: request.body === null,
  };
  entries.push(entry);
  if (!entry.ready) {
    void request
      .clone()
      .text()
      .then((text) => {
        entry.body = parseBody(text);
        entry.ready = true;
      });
  }
});

const recorded = (): TSentRequest[] => entries.filter((entry) => entry.ready);

/** A request as `sent` records it, for a handler that answers by what was sent. */
export async function describeRequest(request: Request): Promise<TSentRequest> {
  const url = new URL(request.url);
  return {
    method: request.method,
    url,
    path: url.pathname,
    headers: Object.fromEntries(request.headers),
    body: request.body === null ? undefined : parseBody(await request.clone().text()),
    signal: request.signal,
  };
}

/** The requests the app sent in this test, oldest first. */
export const sent = {
  all: recorded,
  /** Requests to one path (any method unless given). */
  to: (path: string, method?: string) =>
    recorded().filter((call) => call.path === path && (!method || call.method === method)),
  /** The bodies sent to one path with one method. */
  bodies: (path: string, method: string) => sent.to(path, method).map((call) => call.body),
  clear: () => {
    entries.length = 0;
  },
};

// ---- what no handler answered ----

const unhandled: string[] = [];

export function onUnhandledRequest(request: Request, print: { error(): void }): void {
  unhandled.push(`${request.method} ${request.url}`);
  print.error();
}

/** The requests no handler answered since the last call. */
export function takeUnhandled(): string[] {
  return unhandled.splice(0);
}

// ---- replies, checked against the domain contracts ----

/**
 * `{data}`, the fixture checked against the contract's schema first: a fixture the contract no
 * longer allows fails the test here rather than somewhere in the page. The fixture goes out as
 * it is (the check strips nothing).
 */
export function dataReply<S extends z.ZodType>(
  schema: S,
  data: z.input<S>,
  init?: ResponseInit,
): HttpResponse<JsonBodyType> {
  zDataEnvelope(schema).parse({ data });
  return HttpResponse.json({ data } as JsonBodyType, init);
}

/** `{data: [...], _meta: {stats: {count}}}`, each item checked against the contract. */
export function listReply<S extends z.ZodType>(
  schema: S,
  items: readonly z.input<S>[],
  count = items.length,
): HttpResponse<JsonBodyType> {
  const body = { data: items, _meta: { stats: { count } } };
  zListEnvelope(schema).parse(body);
  return HttpResponse.json(body as JsonBodyType);
}

/** The page of `items` the request's offset and take ask for (20 unless told), and the count. */
export function pageReply<S extends z.ZodType>(
  schema: S,
  items: readonly z.input<S>[],
  request: Request,
): HttpResponse<JsonBodyType> {
  const query = new URL(request.url).searchParams;
  const offset = Number(query.get("offset") ?? 0);
  const take = Number(query.get("take") ?? 20);
  return listReply(schema, items.slice(offset, offset + take), items.length);
}

/**
 * What a DELETE answers: `{data: {id, deleted: true}}`. The domain has no contract for this reply
 * (the server builds it in place), hence the local shape.
 */
export function deletedReply(id: string): HttpResponse<JsonBodyType> {
  return HttpResponse.json({ data: { id, deleted: true } });
}

/** An error reply as the API sends it. */
export function errorReply(
  status: number,
  code: TErrorCode,
  message: string,
  details?: unknown,
): HttpResponse<JsonBodyType> {
  const body = ZErrorReply.parse({ error: { code, message, details } });
  return HttpResponse.json(body as JsonBodyType, { status });
}

type TPatchOp = { op: string; path: string; value?: unknown };

/**
 * A copy of `document` with JSON Patch add, replace and remove operations applied (what the app's
 * computePatch sends): the protocol only, for handlers that answer with the patched record.
 */
export function patched<T extends object>(document: T, ops: readonly TPatchOp[]): T {
  const copy = structuredClone(document) as Record<string, unknown>;
  for (const op of ops) {
    const keys = op.path.split("/").slice(1);
    const last = keys.pop() ?? "";
    let target = copy;
    for (const key of keys) target = target[key] as Record<string, unknown>;
    if (op.op === "remove") delete target[last];
    else target[last] = op.value;
  }
  return copy as T;
}

/** The `{data}` of a request's JSON body. */
export async function dataOf<T = Record<string, unknown>>(request: Request): Promise<T> {
  const body = (await request.clone().json()) as { data?: T };
  return body.data as T;
}
