// Reading a venue's iCalendar feed from its booking system, through the outbound rule
// (`platform/http/outbound-fetch.ts`: https only, the host resolved once, public addresses only and
// the connection pinned to the one checked), at most CALENDAR_FEED_MAX_BYTES, in at most the
// configured time. A redirect is not followed: the manager is told where the feed moved, to set
// that address. Plain http and this machine's own network are allowed only where the server says
// so (tests and local feeds). Every refusal is a FeedError whose words a manager reads ("Import
// failing since …: <words>"), the same whatever the connection's low-level reason (that goes to
// the log).
import { CALENDAR_FEED_MAX_BYTES } from "@hostfield/domain/reference";
import {
  checkOutboundUrl,
  OutboundError,
  outboundRequest,
  type TOutboundLog,
  type TOutboundPolicy,
} from "../../platform/http/outbound-fetch";

export type TFeedEnv = {
  /** Plain http and private addresses (tests and local feeds only). */
  allowHttp: boolean;
  timeoutMs: number;
  /** Gets the low-level reasons of failures. */
  log: TOutboundLog;
};

export type TFeedErrorCode =
  | "CALENDAR_FEED_URL_NOT_ALLOWED"
  | "CALENDAR_FEED_UNREACHABLE"
  | "CALENDAR_FEED_INVALID";

/** Why a feed was not read, in a manager's words. */
export class FeedError extends Error {
  override name = "FeedError";
  constructor(
    readonly code: TFeedErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const MB = Math.round(CALENDAR_FEED_MAX_BYTES / 1024 / 1024);
const PURPOSE = "calendar feed";

const policyOf = (env: TFeedEnv): TOutboundPolicy => ({ allowLocal: env.allowHttp, log: env.log });

/** The address to read: `webcal://` (what calendar apps hand out) is https. */
export function feedAddress(url: string): string {
  const address = url.trim().replace(/^webcals?:\/\//i, "https://");
  try {
    return new URL(address).toString();
  } catch {
    throw new FeedError(
      "CALENDAR_FEED_URL_NOT_ALLOWED",
      "The feed's address is not a web address.",
    );
  }
}

/** An outbound failure in a manager's words. */
function feedFailure(error: OutboundError): FeedError {
  if (error.refused)
    return new FeedError("CALENDAR_FEED_URL_NOT_ALLOWED", error.wordedFor("The feed's address"));
  if (error.failure === "too-large")
    return new FeedError("CALENDAR_FEED_UNREACHABLE", `The feed is larger than ${MB} MB.`);
  return new FeedError("CALENDAR_FEED_UNREACHABLE", error.wordedFor("The feed"));
}

/**
 * Refuses an address the server may not call (its scheme, or a host that is or resolves to an
 * address off the public internet). A host not found now passes: the import says so.
 */
export async function checkFeedAddress(url: string, env: TFeedEnv): Promise<string> {
  const address = feedAddress(url);
  try {
    await checkOutboundUrl(address, PURPOSE, policyOf(env));
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    if (error.refused) throw feedFailure(error);
  }
  return address;
}

/** A redirect's words: where the feed moved, for the manager to set (we do not follow it). */
function movedWords(status: number, location: string | null): string {
  if (!location) return `The feed answered HTTP ${status} without a new address.`;
  return `The feed has moved (HTTP ${status}) to ${location.slice(0, 500)}: set the calendar's feed to that address.`;
}

/**
 * The feed's text (decoded as UTF-8). Throws FeedError: the address refused, unreachable or too
 * slow (the same words), moved, an HTTP error, or too large.
 */
export async function fetchFeed(url: string, env: TFeedEnv): Promise<string> {
  const response = await outboundRequest(
    feedAddress(url),
    {
      purpose: PURPOSE,
      headers: { accept: "text/calendar, */*;q=0.5", "user-agent": "Hostfield-Calendar/1.0" },
      timeoutMs: env.timeoutMs,
      maxBytes: CALENDAR_FEED_MAX_BYTES,
    },
    policyOf(env),
  ).catch((error: unknown) => {
    throw error instanceof OutboundError ? feedFailure(error) : error;
  });
  const { status } = response;
  if (status >= 300 && status < 400)
    throw new FeedError("CALENDAR_FEED_UNREACHABLE", movedWords(status, response.location));
  if (status < 200 || status >= 300)
    throw new FeedError("CALENDAR_FEED_UNREACHABLE", `The feed answered HTTP ${status}.`);
  return new TextDecoder("utf-8").decode(response.body);
}
