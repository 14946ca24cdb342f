// What every CRM connector is: it connects with a connection's settings and secret, and the
// session lists the remote accounts (pipelines, objects), checks the credentials and a mapping,
// and pushes one lead (creating its remote record or updating the one it has). A connector is one
// file beside this one and a line in `index.ts`.
import type { TCrmMapping, TDestinationCrmAccount } from "@hostfield/domain/contracts";
import type { TOutboundLog } from "../../../platform/http/outbound-fetch";
import type { TCrmLead } from "../../rfps";

/** A connection as a connector sees it: settings, the secret opened, the mapping once set up. */
export type TConnection = {
  id: string;
  destinationId: string;
  url: string | null;
  clientId: string | null;
  secret: string;
};

/**
 * Where the hosted CRMs answer (configurable so tests use local fakes), whether webhooks may be
 * plain http on this machine's network (tests and local receivers), time limits, and the log that
 * gets the low-level reasons of failures (never shown to managers).
 */
export type TConnectorEnv = {
  hubspotBaseUrl: string;
  salesforceLoginUrl: string;
  allowHttpWebhooks: boolean;
  timeoutMs: number;
  now: () => Date;
  log: TOutboundLog;
};

/** What a lead became remotely: its record's id (null for a webhook) and its company and contact. */
export type TRemoteRef = { remoteId: string | null; refs: Record<string, string> };

export type TCrmSession = {
  accounts(): Promise<TDestinationCrmAccount[]>;
  /** Checks the credentials and that every name the mapping uses exists remotely. */
  check(mapping: TCrmMapping): Promise<void>;
  /** Sends the lead; `known` is what an earlier sync made of it. `deliveryId` is stable per change. */
  push(
    lead: TCrmLead,
    mapping: TCrmMapping,
    known: TRemoteRef | null,
    deliveryId: string,
  ): Promise<TRemoteRef>;
};

export type TCrmConnector = {
  /** The mapping a setup starts from. */
  defaults: TCrmMapping;
  connect(connection: TConnection, env: TConnectorEnv): Promise<TCrmSession>;
};

/** The remote system failed or refused: shown to managers (502) and in the log, secrets taken out. */
export class RemoteError extends Error {
  override name = "RemoteError";
  constructor(
    message: string,
    readonly remoteStatus: number | null = null,
  ) {
    super(message);
  }
}

/** The mapping names something the remote system does not have (a 400 to the caller). */
export class MappingError extends Error {
  override name = "MappingError";
}

/** A reply's body as JSON, else its first 300 characters, or null when empty. */
export function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text.slice(0, 300);
  }
}

/** The remote system's own words from an error body (HubSpot, Salesforce, OAuth or plain text). */
export function remoteMessage(body: unknown): string {
  if (typeof body === "string") return body.trim() || "no message";
  if (Array.isArray(body)) return body.map(remoteMessage).join("; ");
  if (body && typeof body === "object") {
    const b = body as Record<string, unknown>;
    for (const key of ["message", "error_description", "error", "errorCode"]) {
      if (typeof b[key] === "string" && b[key]) return String(b[key]);
    }
  }
  return "no message";
}

/**
 * A JSON call to a hosted CRM at its configured address (HubSpot, Salesforce: not an address a
 * member gives; the webhook goes through the outbound rule instead): the reply's body when 2xx
 * (`allow` lists other statuses to hand back), a RemoteError naming the system and its message
 * otherwise, or, in the same words whatever the reason (logged), when it cannot be reached.
 */
export async function callRemote(
  system: string,
  env: TConnectorEnv,
  url: string,
  init: RequestInit,
  allow: readonly number[] = [],
): Promise<{ status: number; body: unknown }> {
  let res: Response;
  try {
    res = await fetch(url, {
      ...init,
      redirect: "manual",
      signal: AbortSignal.timeout(env.timeoutMs),
    });
  } catch (error) {
    const cause =
      error instanceof Error
        ? ((error.cause as Error | undefined)?.message ?? error.message)
        : String(error);
    env.log.warn({ system, host: new URL(url).host, reason: cause }, "a CRM could not be reached");
    throw new RemoteError(`${system} could not be reached.`);
  }
  const body = parseBody(await res.text());
  if (res.ok || allow.includes(res.status)) return { status: res.status, body };
  throw new RemoteError(`${system} answered ${res.status}: ${remoteMessage(body)}`, res.status);
}
