// THE way the server calls an address a member gave it (Web Push endpoints, CRM webhooks, calendar
// feeds): the URL's host is resolved once, every address it resolves to must pass the
// outbound-address rule (`outbound-address.ts`), and the connection goes to the address that was
// checked (node:http/https with a `lookup` that answers it, so the host name still serves TLS's
// SNI, the certificate check and the Host header): a DNS answer that changes between the check and
// the connection (rebinding) changes nothing. No redirect is followed (a 3xx is handed back with
// its Location); the call is bounded in time and in the bytes read.
//
// Every failure is an OutboundError whose message is generic ("The address could not be
// reached."), so what a member reads never tells an open port from a closed one or names an
// address; the low-level reason (ECONNREFUSED, the resolved address, the timeout) goes to the
// server log, without the URL's path or query (a feed's address may hold its secret).
//
// `allowLocal` (a caller's existing test setting: PUSH_ALLOW_HTTP_ENDPOINTS,
// CRM_WEBHOOK_ALLOW_HTTP) lets tests and local fakes use plain http and this machine's network.
import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { ownInterfaceAddresses, refusedAddressReason } from "./outbound-address";

export type TResolvedAddress = { address: string; family: 4 | 6 };
/** Every address a host name resolves to (the system's resolver unless a test gives its own). */
export type TResolver = (host: string) => Promise<TResolvedAddress[]>;
export type TOutboundLog = { warn(details: object, message: string): void };

/** Who may be called, and where the reasons of failures go. */
export type TOutboundPolicy = {
  /** Tests and local fakes only: plain http and this machine's own network may be called. */
  allowLocal: boolean;
  log: TOutboundLog;
  resolve?: TResolver;
  /** This machine's interface addresses (read from os.networkInterfaces() unless given). */
  ownAddresses?: () => readonly string[];
};

/** One call: what it is for (named in the log), its request, and its limits. */
export type TOutboundCall = {
  purpose: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  timeoutMs: number;
  maxBytes: number;
};

export type TOutboundResponse = {
  status: number;
  /** Header names in lower case; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: Buffer;
  /** A redirect's target, made absolute (null when there is none or it is not a URL). */
  location: string | null;
};

/** Where a call goes: the URL and the one address that was checked, which the connection uses. */
export type TOutboundTarget = { url: URL; address: string; family: 4 | 6 };

/**
 * scheme: not https (or http where allowed); address: not on the public internet; unreachable:
 * not found, refused, reset, too slow; too-large: the answer passed the caller's limit.
 */
export type TOutboundFailure = "scheme" | "address" | "unreachable" | "too-large";

const WORDS: Record<TOutboundFailure, (subject: string, limit: number) => string> = {
  scheme: (subject) => `${subject} is not allowed: it must start with https://.`,
  address: (subject) => `${subject} is not allowed: it is not on the public internet.`,
  unreachable: (subject) => `${subject} could not be reached.`,
  "too-large": (subject, limit) => `${subject} answered with more than ${sizeWords(limit)}.`,
};

function sizeWords(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${Math.round(mb * 10) / 10} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/** A call that was refused or failed. `message` is for members; `reason` for the server log only. */
export class OutboundError extends Error {
  override name = "OutboundError";
  constructor(
    readonly failure: TOutboundFailure,
    /** The low-level reason: for the log, never for a reply. */
    readonly reason: string,
    readonly limit = 0,
  ) {
    super(WORDS[failure]("The address", limit));
  }

  /** The rule refused the address (no connection was tried); the caller should not retry. */
  get refused(): boolean {
    return this.failure === "scheme" || this.failure === "address";
  }

  /** The same generic words about the caller's subject ("The webhook's address", "The feed"). */
  wordedFor(subject: string): string {
    return WORDS[this.failure](subject, this.limit);
  }
}

const systemResolver: TResolver = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/** Runs `work` unless the signal aborts first. */
function beforeDeadline<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener("abort", abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

const codeOf = (error: unknown) => {
  const e = error as { code?: string; message?: string; cause?: { code?: string } };
  return e?.code ?? e?.cause?.code ?? e?.message ?? String(error);
};

/** Parses the URL, resolves its host once and checks every address; throws OutboundError. */
async function targetOf(
  text: string,
  policy: TOutboundPolicy,
  deadline: AbortSignal,
): Promise<TOutboundTarget> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OutboundError("scheme", "not a URL");
  }
  const plainAllowed = policy.allowLocal && url.protocol === "http:";
  if (url.protocol !== "https:" && !plainAllowed) {
    throw new OutboundError("scheme", `the scheme ${url.protocol} is not allowed`);
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: TResolvedAddress[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await beforeDeadline((policy.resolve ?? systemResolver)(host), deadline);
    } catch (error) {
      const why = deadline.aborted ? "no answer in time" : codeOf(error);
      throw new OutboundError("unreachable", `resolving ${host}: ${why}`);
    }
  }
  const [first] = addresses;
  if (!first) throw new OutboundError("unreachable", `${host} resolves to no address`);
  if (!policy.allowLocal) {
    const own = (policy.ownAddresses ?? ownInterfaceAddresses)();
    for (const { address } of addresses) {
      const why = refusedAddressReason(address, own);
      if (why) throw new OutboundError("address", `${host} is ${address}: ${why}`);
    }
  }
  return { url, address: first.address, family: first.family };
}

/** Logs a failure's reason with the host it was about (never the path or query). */
function logged(error: unknown, text: string, purpose: string, policy: TOutboundPolicy): unknown {
  if (error instanceof OutboundError) {
    let host = "(not a URL)";
    try {
      host = new URL(text).host;
    } catch {}
    policy.log.warn(
      { purpose, host, failure: error.failure, reason: error.reason },
      error.refused ? "an outbound address was refused" : "an outbound call failed",
    );
  }
  return error;
}

/**
 * Checks an address without calling it (a form's first check: a webhook or feed being saved, a
 * push subscription): the scheme, and every address its host resolves to. The call itself checks
 * again (the answer may have changed).
 */
export async function checkOutboundUrl(
  url: string,
  purpose: string,
  policy: TOutboundPolicy,
  timeoutMs = 5000,
): Promise<TOutboundTarget> {
  try {
    return await targetOf(url, policy, AbortSignal.timeout(timeoutMs));
  } catch (error) {
    throw logged(error, url, purpose, policy);
  }
}

/**
 * Calls the address: resolved once, checked, connected to the checked address, no redirect
 * followed, at most `timeoutMs` for the whole call and `maxBytes` of answer. Throws OutboundError.
 */
export async function outboundRequest(
  url: string,
  call: TOutboundCall,
  policy: TOutboundPolicy,
): Promise<TOutboundResponse> {
  const deadline = AbortSignal.timeout(call.timeoutMs);
  try {
    const target = await targetOf(url, policy, deadline);
    return await send(target, call, deadline);
  } catch (error) {
    if (error instanceof OutboundError) throw logged(error, url, call.purpose, policy);
    throw logged(
      new OutboundError("unreachable", `unexpected: ${codeOf(error)}`),
      url,
      call.purpose,
      policy,
    );
  }
}

/** A lookup that answers the checked address whatever it is asked (node asks for one or all). */
function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as LookupFunction;
}

function headersOf(call: TOutboundCall): Record<string, string> {
  const headers = Object.fromEntries(
    Object.entries(call.headers ?? {}).filter(([name]) => name.toLowerCase() !== "content-length"),
  );
  // A body goes with its length (push services refuse chunked requests).
  if (call.body !== undefined) headers["content-length"] = String(Buffer.byteLength(call.body));
  return headers;
}

function locationOf(status: number, value: string | undefined, base: URL): string | null {
  if (status < 300 || status >= 400 || !value) return null;
  try {
    return new URL(value, base).toString();
  } catch {
    return null;
  }
}

/** One request to the target's checked address; the answer read up to the limit. */
function send(
  target: TOutboundTarget,
  call: TOutboundCall,
  deadline: AbortSignal,
): Promise<TOutboundResponse> {
  const { url, address, family } = target;
  const where = `${address}:${url.port || (url.protocol === "https:" ? 443 : 80)}`;
  const failed = (error: unknown) =>
    deadline.aborted
      ? new OutboundError("unreachable", `${where}: no answer within ${call.timeoutMs} ms`)
      : new OutboundError("unreachable", `${where}: ${codeOf(error)}`);
  const tooLarge = () =>
    new OutboundError("too-large", `${where}: more than ${call.maxBytes} bytes`, call.maxBytes);
  return new Promise<TOutboundResponse>((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const request = client.request(url, {
      method: call.method ?? "GET",
      headers: headersOf(call),
      lookup: pinnedLookup(address, family),
      // A connection of its own: never a pooled socket opened for another check.
      agent: false,
      signal: deadline,
    });
    request.on("error", (error) => reject(failed(error)));
    request.on("response", (response) => {
      const status = response.statusCode ?? 0;
      if (Number(response.headers["content-length"] ?? 0) > call.maxBytes) {
        request.destroy();
        reject(tooLarge());
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.byteLength;
        if (size > call.maxBytes) {
          request.destroy();
          reject(tooLarge());
          return;
        }
        chunks.push(chunk);
      });
      response.on("error", (error) => reject(failed(error)));
      response.on("aborted", () => reject(failed(new Error("the answer broke off"))));
      response.on("end", () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
        }
        resolve({
          status,
          headers,
          body: Buffer.concat(chunks),
          location: locationOf(status, headers.location, url),
        });
      });
    });
    request.end(call.body);
  });
}
