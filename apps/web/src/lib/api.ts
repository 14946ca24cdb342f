// Typed fetch client for the Hostfield API: api-version on every call, bearer token, {data} envelopes,
// and whether the server answers (reported to lib/connection).

import type { TErrorBody } from "@hostfield/domain/contracts";
import { API_VERSION, isErrorCode, type TErrorCode } from "@hostfield/domain/reference";
import { takeFirstCall } from "./first-call";
import { isRecord } from "./is-record";

export type TQueryValue = string | number | boolean | null | undefined;
export type TQuery = Record<string, TQueryValue | readonly TQueryValue[]>;

/** Something that can check and narrow an unknown payload; a zod schema fits. */
export type TParser<T> = { parse(value: unknown): T };

export type TRequestOptions<T = unknown> = {
  query?: TQuery;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Checks the unwrapped payload; without it the payload is trusted as `T`. */
  schema?: TParser<T>;
  /** A success reply may have an empty body (it then yields undefined); otherwise only 204 may. */
  emptyBody?: boolean;
  /** Sends no token and leaves a 401 to the caller (public documents such as /status.json). */
  anonymous?: boolean;
};

/** `capped`: `count` is a lower bound (the server stopped counting there). */
export type TListResult<T> = { items: T[]; count: number; capped?: boolean };

export type THttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** What went wrong on our side of the wire: no answer, an answer without our error shape, or a reply
 * that is not what the call promises. */
/** The server's codes (the domain's list) and the client's own. */
export type TApiErrorCode =
  | TErrorCode
  | typeof NETWORK_ERROR
  | typeof HTTP_ERROR
  | typeof INVALID_RESPONSE;

/** An API failure as the server described it (`{error: {code, message}}`), or as we observed it. */
export class ApiError extends Error {
  readonly code: TApiErrorCode;
  readonly status: number;
  readonly details: unknown;
  /** The seconds a refusal's Retry-After asked to wait (a 429), when the call read it. */
  readonly retryAfterSeconds: number | null;

  constructor(
    code: TApiErrorCode,
    message: string,
    status: number,
    details?: unknown,
    retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.status = status;
    this.details = details;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const NETWORK_ERROR = "NETWORK_ERROR";
export const HTTP_ERROR = "HTTP_ERROR";
export const INVALID_RESPONSE = "INVALID_RESPONSE";

type TTokenGetter = () => string | null | undefined | Promise<string | null | undefined>;
let accessTokenGetter: TTokenGetter | null = null;

let earlyToken: string | null = null;
let authLayerUp = false;

/** The auth layer registers how to obtain the current access token; null signs calls out. */
export function setAccessTokenGetter(getter: TTokenGetter | null): void {
  accessTokenGetter = getter;
  authLayerUp = true;
  earlyToken = null;
}

/**
 * The stored session's token for the calls a page sends before the auth layer is up
 * (app/early-calls.ts). Whether it was taken: once the auth layer has registered its getter the
 * token is that layer's to give (it may have renewed or ended the session), and this is refused.
 */
export function lendEarlyAccessToken(token: string): boolean {
  if (authLayerUp) return false;
  earlyToken = token;
  return true;
}

/** What the auth layer does when the API refuses a token (401). */
export type TUnauthorizedHandler = {
  /**
   * Obtains a fresh access token; resolves whether there is one to retry with. Rejects, with the
   * error the call then fails with, when the sign-in provider cannot answer now: the session goes
   * on, and the call may be tried again later.
   */
  renew(): Promise<boolean>;
  /** The renewed token was refused too, or none could be had: the session is over. */
  expired(): void;
};
let unauthorizedHandler: TUnauthorizedHandler | null = null;

export function setUnauthorizedHandler(handler: TUnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

/** Who hears whether this site's server answers (lib/connection): every same-origin call says. */
export type TConnectionReporter = {
  /** No answer, or an answer that the server cannot serve now (isServerUnavailable). */
  unavailable(): void;
  /** Any other answer, success or refusal: the server is there. */
  answered(): void;
};
let connectionReporter: TConnectionReporter | null = null;

export function setConnectionReporter(reporter: TConnectionReporter | null): void {
  connectionReporter = reporter;
}

/**
 * Where calls go when there is no page: the server rendering a first view (first-view.tsx) sets
 * its own origin and a transport, and every call is then absolute.
 */
let serverSide: { origin: string; fetch: typeof fetch } | null = null;

export function setServerTransport(transport: { origin: string; fetch: typeof fetch }): void {
  serverSide = transport;
}

function pageOrigin(): string {
  return serverSide?.origin ?? window.location.origin;
}

export function buildApiUrl(path: string, query: TQuery = {}): string {
  const url = new URL(path, pageOrigin());
  for (const [key, raw] of Object.entries(query)) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const value of values) {
      if (value === undefined || value === null) continue;
      url.searchParams.append(key, String(value));
    }
  }
  url.searchParams.set("api-version", API_VERSION);
  // Same-origin calls stay relative so the dev proxy and the production origin both work.
  return !serverSide && url.origin === pageOrigin()
    ? `${url.pathname}${url.search}`
    : url.toString();
}

/**
 * A call's address rooted at this site, for a link in a page: the server may paint the page first,
 * and its renderer's calls go to an origin of its own.
 */
export function buildApiPath(path: string, query: TQuery = {}): string {
  const url = new URL(buildApiUrl(path, query), pageOrigin());
  return `${url.pathname}${url.search}`;
}

/** Whether a URL (relative ones resolve against this page) is on this page's own origin. */
export function isSameOrigin(url: string): boolean {
  try {
    return new URL(url, pageOrigin()).origin === pageOrigin();
  } catch {
    return false;
  }
}

/** A reply body: nothing, JSON, or something that is not JSON (an HTML error page, say). */
type TBody = { kind: "empty" } | { kind: "json"; json: unknown } | { kind: "invalid" };

function parseBody(text: string): TBody {
  if (text.length === 0) return { kind: "empty" };
  try {
    return { kind: "json", json: JSON.parse(text) as unknown };
  } catch {
    return { kind: "invalid" };
  }
}

function toReply(status: number, text: string): TReply {
  const body = parseBody(text);
  return {
    status,
    ok: status >= 200 && status < 300,
    json: body.kind === "json" ? body.json : undefined,
    body: body.kind,
  };
}

/**
 * The shape check of `ZErrorBody`, by hand: the client sits in the first page load, and zod
 * there would cost more than the whole shell.
 */
function isErrorBody(body: unknown): body is TErrorBody {
  if (!isRecord(body) || !isRecord(body.error)) return false;
  return typeof body.error.code === "string" && typeof body.error.message === "string";
}

/**
 * What the caller reads when the server could not serve and gave no words of its own (a proxy's
 * bare 502 or 504, or a token the sign-in provider could not renew); the server's own 503 says as
 * much ("The service is briefly unavailable; try again…").
 */
export const SERVER_UNAVAILABLE_MESSAGE =
  "Hostfield is briefly unavailable. Your work is kept; try again in a moment.";

/** Statuses of a server that is down, restarting or cut from its database (issue 48). */
const OUTAGE_STATUSES: readonly number[] = [502, 503, 504];
/** The codes such a reply carries; a provider's own 503 (PAYMENTS_UNAVAILABLE, say) is not one. */
const OUTAGE_CODES: readonly string[] = [HTTP_ERROR, "SERVICE_UNAVAILABLE", "DATABASE_UNAVAILABLE"];

function isOutage(status: number, code: string): boolean {
  if (code === NETWORK_ERROR) return true;
  return OUTAGE_STATUSES.includes(status) && OUTAGE_CODES.includes(code);
}

/**
 * Whether a call failed because Hostfield could not be reached or could not serve for a while (no
 * answer; 502, 503 or 504 without a more particular reason): worth trying again, never a reason
 * to end the session.
 */
export function isServerUnavailable(error: unknown): error is ApiError {
  return error instanceof ApiError && isOutage(error.status, error.code);
}

/** The failure to report for a call that could not go out now (no token could be had). */
export function serverUnavailableError(): ApiError {
  return new ApiError("SERVICE_UNAVAILABLE", SERVER_UNAVAILABLE_MESSAGE, 503);
}

function toApiError(status: number, body: unknown, retryAfter: number | null = null): ApiError {
  if (isErrorBody(body)) {
    const { code, message, details } = body.error;
    // A code the domain does not list (a server newer than this app) is a plain HTTP failure.
    const known = isErrorCode(code) ? code : HTTP_ERROR;
    return new ApiError(known, message, status, details, retryAfter);
  }
  // A proxy's page in place of the server's answer: say what it means.
  const message = isOutage(status, HTTP_ERROR)
    ? SERVER_UNAVAILABLE_MESSAGE
    : `The request failed with status ${status}.`;
  return new ApiError(HTTP_ERROR, message, status, undefined, retryAfter);
}

/** Retry-After as seconds from now: a number of seconds, or an HTTP date; null without one. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === "") return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

type TReply = {
  status: number;
  ok: boolean;
  json: unknown;
  body: TBody["kind"];
  /** A refusal's Retry-After, in seconds (a 429, a 503); null without one. */
  retryAfter?: number | null;
};

const NETWORK_MESSAGE = "Could not reach Hostfield. Check your connection.";

/**
 * One request: an aborted call stays an abort, any other failure to reach us a NETWORK_ERROR. The
 * page may have sent it already, before the app's code arrived (lib/first-call): then its answer.
 */
async function transport(url: string, init: RequestInit): Promise<Response> {
  try {
    if (serverSide) return await serverSide.fetch(url, init);
    return await (takeFirstCall(url, init) ?? fetch(url, init));
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(NETWORK_ERROR, NETWORK_MESSAGE, 0);
  }
}

/** A response read whole, with its Retry-After when it is a refusal. */
async function replyOf(response: Response): Promise<TReply> {
  const reply = toReply(response.status, await response.text());
  return reply.ok
    ? reply
    : { ...reply, retryAfter: retryAfterSeconds(response.headers.get("Retry-After")) };
}

/** A success whose body the caller keeps (a stream, a file): nothing read here. */
const unread = (response: Response): TReply => ({
  status: response.status,
  ok: true,
  json: undefined,
  body: "empty",
});

/** One try of a call, given the Authorization header to send (empty when signed out). */
type TAttempt = (auth: Record<string, string>) => Promise<TReply>;

async function attemptWithToken(attempt: TAttempt): Promise<{ reply: TReply; token: boolean }> {
  const token = accessTokenGetter ? await accessTokenGetter() : earlyToken;
  const auth: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  return { reply: await attempt(auth), token: Boolean(token) };
}

/** The code a reply's refusal will be thrown with (toApiError), for telling an outage apart. */
function replyCode(reply: TReply): string {
  return isErrorBody(reply.json) && isErrorCode(reply.json.error.code)
    ? reply.json.error.code
    : HTTP_ERROR;
}

/** An attempt that tells the connection reporter whether this site's server answered. */
function watched(attempt: TAttempt): TAttempt {
  return async (auth) => {
    let reply: TReply;
    try {
      reply = await attempt(auth);
    } catch (error) {
      if (isServerUnavailable(error)) connectionReporter?.unavailable();
      throw error;
    }
    const down = !reply.ok && isOutage(reply.status, replyCode(reply));
    if (down) connectionReporter?.unavailable();
    else connectionReporter?.answered();
    return reply;
  };
}

/**
 * Sends with the current token; on a 401 to a call that carried one, renews the token once and
 * retries. A second 401 (or no token to be had) ends the session through the auth layer; a
 * renewal the sign-in provider cannot answer now fails the call instead, and the session goes on.
 * The token only ever goes to this page's own origin; other calls (and anonymous ones) go bare.
 * Every answer from this origin, or its absence, goes to the connection reporter.
 */
async function sendAuthorized(
  url: string,
  unwatched: TAttempt,
  anonymous = false,
): Promise<TReply> {
  if (!isSameOrigin(url)) return unwatched({});
  const attempt = watched(unwatched);
  if (anonymous) return attempt({});
  const first = await attemptWithToken(attempt);
  const handler = unauthorizedHandler;
  if (first.reply.status !== 401 || !first.token || !handler) return first.reply;
  if (!(await handler.renew())) {
    handler.expired();
    return first.reply;
  }
  const second = await attemptWithToken(attempt);
  if (second.reply.status === 401) handler.expired();
  return second.reply;
}

async function send(
  method: THttpMethod,
  path: string,
  body: unknown,
  options: TRequestOptions<unknown> = {},
): Promise<TReply> {
  const url = buildApiUrl(path, options.query);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const reply = await sendAuthorized(
    url,
    async (auth) => {
      const headers: Record<string, string> = {
        Accept: "application/json",
        ...options.headers,
        ...auth,
      };
      if (payload !== undefined) headers["Content-Type"] = "application/json";
      return replyOf(
        await transport(url, { method, headers, body: payload, signal: options.signal }),
      );
    },
    options.anonymous,
  );
  return checkReply(reply, `${method} ${path}`);
}

function checkReply(reply: TReply, call: string): TReply {
  if (!reply.ok) throw toApiError(reply.status, reply.json, reply.retryAfter ?? null);
  if (reply.body === "invalid") {
    throw new ApiError(INVALID_RESPONSE, `The reply to ${call} was not JSON.`, reply.status);
  }
  return reply;
}

/**
 * Only 204 No Content (or an empty body the caller said to expect) means "nothing"; any other
 * success without a body is a broken reply.
 */
function isNothing(reply: TReply, call: string, options: TRequestOptions<unknown>): boolean {
  if (reply.status === 204) return true;
  if (reply.body !== "empty") return false;
  if (options.emptyBody) return true;
  throw new ApiError(INVALID_RESPONSE, `The reply to ${call} was empty.`, reply.status);
}

/** Sends one call and returns the parsed JSON body as is (for documents without an envelope). */
export async function apiFetch<T = unknown>(
  method: THttpMethod,
  path: string,
  body?: unknown,
  options: TRequestOptions<T> = {},
): Promise<T> {
  const call = `${method} ${path}`;
  const reply = await send(method, path, body, options);
  if (isNothing(reply, call, options)) return undefined as T;
  return options.schema ? options.schema.parse(reply.json) : (reply.json as T);
}

function unwrapData<T>(reply: TReply, call: string, options: TRequestOptions<T>): T {
  // 204 No Content (deletes, toggles) carries no envelope.
  if (isNothing(reply, call, options)) return undefined as T;
  const { status, json } = reply;
  if (!isRecord(json) || !("data" in json)) {
    throw new ApiError(INVALID_RESPONSE, `The reply to ${call} had no data.`, status);
  }
  return options.schema ? options.schema.parse(json.data) : (json.data as T);
}

function unwrapList<T>(
  { status, json }: TReply,
  call: string,
  schema?: TParser<T>,
): TListResult<T> {
  if (!isRecord(json) || !Array.isArray(json.data)) {
    throw new ApiError(INVALID_RESPONSE, `The reply to ${call} had no list.`, status);
  }
  const meta = isRecord(json._meta) && isRecord(json._meta.stats) ? json._meta.stats : {};
  const count = typeof meta.count === "number" ? meta.count : json.data.length;
  const items = schema ? json.data.map((item) => schema.parse(item)) : (json.data as T[]);
  return meta.capped === true ? { items, count, capped: true } : { items, count };
}

async function request<T>(
  method: THttpMethod,
  path: string,
  body: unknown,
  options: TRequestOptions<T> = {},
): Promise<T> {
  const reply = await send(method, path, body, options);
  return unwrapData(reply, `${method} ${path}`, options);
}

/** GET a single object (`{data}`). */
export function apiGet<T>(path: string, options?: TRequestOptions<T>): Promise<T> {
  return request<T>("GET", path, undefined, options);
}

/** POST `{data: body}` (creates, filtered and search calls) and unwrap `{data}`. */
export function apiPost<T>(path: string, body?: unknown, options?: TRequestOptions<T>): Promise<T> {
  return request<T>("POST", path, body === undefined ? undefined : { data: body }, options);
}

/** PUT `{data: body}` (or nothing, for actions such as approve). */
export function apiPut<T>(path: string, body?: unknown, options?: TRequestOptions<T>): Promise<T> {
  return request<T>("PUT", path, body === undefined ? undefined : { data: body }, options);
}

/** PATCH with an RFC 6902 operation list, sent as is. */
export function apiPatch<T>(
  path: string,
  operations: readonly unknown[],
  options?: TRequestOptions<T>,
): Promise<T> {
  return request<T>("PATCH", path, operations, options);
}

export function apiDelete<T = void>(path: string, options?: TRequestOptions<T>): Promise<T> {
  return request<T>("DELETE", path, undefined, options);
}

/** GET a list (`{data: [], _meta: {stats: {count}}}`). */
export async function apiGetList<T>(
  path: string,
  options?: TRequestOptions<T>,
): Promise<TListResult<T>> {
  const reply = await send("GET", path, undefined, options);
  return unwrapList(reply, `GET ${path}`, options?.schema);
}

/** POST `{data: filter}` to a search call and unwrap the list. */
export async function apiPostList<T>(
  path: string,
  filter: unknown,
  options?: TRequestOptions<T>,
): Promise<TListResult<T>> {
  const reply = await send("POST", path, { data: filter }, options);
  return unwrapList(reply, `POST ${path}`, options?.schema);
}

/**
 * Sends one call and hands back its response unread when it succeeded, for a body read as it
 * arrives (server-sent events): the same address, api-version, token and renewal as every call.
 * `body` goes as JSON as it is (wrap it in `{data}` yourself). A refusal throws the server's
 * ApiError, carrying the seconds of its Retry-After (a 429).
 */
export async function apiOpen(
  method: THttpMethod,
  path: string,
  body: unknown,
  options: Pick<TRequestOptions, "query" | "headers" | "signal" | "anonymous"> = {},
): Promise<Response> {
  const url = buildApiUrl(path, options.query);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const got: { response?: Response } = {};
  const reply = await sendAuthorized(
    url,
    async (auth) => {
      const headers: Record<string, string> = { Accept: "*/*", ...options.headers, ...auth };
      if (payload !== undefined) headers["Content-Type"] = "application/json";
      const response = await transport(url, {
        method,
        headers,
        body: payload,
        signal: options.signal,
      });
      if (!response.ok) return replyOf(response);
      got.response = response;
      return unread(response);
    },
    options.anonymous,
  );
  if (!reply.ok || !got.response) {
    throw toApiError(reply.status, reply.json, reply.retryAfter ?? null);
  }
  return got.response;
}

/**
 * GET a file the server makes for the caller (a CSV export, say) as a Blob: the same token, renewal
 * and error replies as every call, but the body is kept as it came.
 */
export async function apiGetBlob(
  path: string,
  options: Pick<TRequestOptions, "query" | "headers" | "signal"> = {},
): Promise<Blob> {
  const url = buildApiUrl(path, options.query);
  const got: { blob?: Blob } = {};
  const reply = await sendAuthorized(url, async (auth) => {
    const response = await transport(url, {
      method: "GET",
      headers: { Accept: "*/*", ...options.headers, ...auth },
      signal: options.signal,
    });
    if (!response.ok) return replyOf(response);
    got.blob = await response.blob();
    return unread(response);
  });
  if (!reply.ok) throw toApiError(reply.status, reply.json, reply.retryAfter ?? null);
  return got.blob ?? new Blob([]);
}

export type TUploadOptions<T> = TRequestOptions<T> & {
  /** Called with the share of the body sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  /** POST adds a file; PUT replaces one (`…/{id}/file`). */
  method?: "POST" | "PUT";
};

function uploadOnce(
  url: string,
  form: FormData,
  headers: Record<string, string>,
  options: TUploadOptions<unknown>,
): Promise<TReply> {
  // fetch cannot report upload progress; XMLHttpRequest can.
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? "POST", url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => resolve(toReply(xhr.status, xhr.responseText ?? ""));
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR, NETWORK_MESSAGE, 0));
    xhr.onabort = () => reject(new DOMException("The upload was cancelled.", "AbortError"));
    options.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** Send a multipart form (file uploads; POST unless told) with progress, and unwrap `{data}`. */
export async function apiUpload<T>(
  path: string,
  form: FormData,
  options: TUploadOptions<T> = {},
): Promise<T> {
  const url = buildApiUrl(path, options.query);
  const reply = await sendAuthorized(
    url,
    (auth) =>
      uploadOnce(url, form, { Accept: "application/json", ...options.headers, ...auth }, options),
    options.anonymous,
  );
  const call = `${options.method ?? "POST"} ${path}`;
  checkReply(reply, call);
  return unwrapData(reply, call, options);
}

/** The text to show for a failed call: the server's own message, or `fallback`. */
export function apiErrorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
