// Reading a venue's iCalendar feed from its booking system: only https addresses on the internet
// (the outbound-address rule, checked again at every redirect), at most CALENDAR_FEED_MAX_BYTES, in
// at most the configured time. Plain http and this machine's own network are allowed only where
// the server says so (tests and local feeds). Every refusal is a FeedError whose words a manager
// reads ("Import failing since …: <words>").
import { CALENDAR_FEED_MAX_BYTES } from "@hostfield/domain/reference";
import { OutboundAddressError, requirePublicAddress } from "../../platform/http/outbound-address";

export type TFeedEnv = {
  /** Plain http and private addresses (tests and local feeds only). */
  allowHttp: boolean;
  timeoutMs: number;
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
const MAX_REDIRECTS = 5;

/**
 * The address to read: `webcal://` (what calendar apps hand out) is https; anything but https
 * (or http where allowed) is refused.
 */
export function feedAddress(url: string, env: Pick<TFeedEnv, "allowHttp">): string {
  const address = url.trim().replace(/^webcals?:\/\//i, "https://");
  let parsed: URL;
  try {
    parsed = new URL(address);
  } catch {
    throw new FeedError(
      "CALENDAR_FEED_URL_NOT_ALLOWED",
      "The feed's address is not a web address.",
    );
  }
  const allowed = parsed.protocol === "https:" || (env.allowHttp && parsed.protocol === "http:");
  if (!allowed) {
    throw new FeedError(
      "CALENDAR_FEED_URL_NOT_ALLOWED",
      "The feed's address must start with https://.",
    );
  }
  return parsed.toString();
}

/** Refuses an address the server may not call (its protocol, or a host on this network). */
export async function checkFeedAddress(url: string, env: TFeedEnv): Promise<string> {
  const address = feedAddress(url, env);
  if (!env.allowHttp) {
    await requirePublicAddress(address).catch((error: unknown) => {
      if (error instanceof OutboundAddressError) {
        throw new FeedError(
          "CALENDAR_FEED_URL_NOT_ALLOWED",
          `The feed's address is refused: ${error.message}`,
        );
      }
      throw error;
    });
  }
  return address;
}

const unreachable = (message: string) => new FeedError("CALENDAR_FEED_UNREACHABLE", message);
const tooLarge = () => unreachable(`The feed is larger than ${MB} MB.`);

/** Why a connection failed, short: the system's code (ECONNREFUSED, ENOTFOUND) or its message. */
function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
}

/**
 * The feed's text (decoded as UTF-8), following up to five redirects. Throws FeedError: the address
 * refused, unreachable, an HTTP error, too slow, or too large.
 */
export async function fetchFeed(url: string, env: TFeedEnv): Promise<string> {
  const deadline = AbortSignal.timeout(env.timeoutMs);
  const slow = () =>
    unreachable(`The feed did not answer within ${Math.round(env.timeoutMs / 100) / 10} seconds.`);
  let address = url;
  for (let hop = 0; ; hop++) {
    address = await checkFeedAddress(address, env);
    let response: Response;
    try {
      response = await fetch(address, {
        redirect: "manual",
        signal: deadline,
        headers: { accept: "text/calendar, */*;q=0.5", "user-agent": "Hostfield-Calendar/1.0" },
      });
    } catch (error) {
      if (deadline.aborted) throw slow();
      throw unreachable(`The feed could not be reached (${causeOf(error)}).`);
    }
    if ([301, 302, 303, 307, 308].includes(response.status)) {
      await response.body?.cancel().catch(() => undefined);
      const location = response.headers.get("location");
      if (!location)
        throw unreachable(`The feed answered HTTP ${response.status} without a new address.`);
      if (hop >= MAX_REDIRECTS) throw unreachable("The feed sends us on too many redirects.");
      address = new URL(location, address).toString();
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw unreachable(`The feed answered HTTP ${response.status}.`);
    }
    const declared = Number(response.headers.get("content-length") ?? "0");
    if (declared > CALENDAR_FEED_MAX_BYTES) {
      await response.body?.cancel().catch(() => undefined);
      throw tooLarge();
    }
    return readLimited(response, deadline, slow);
  }
}

/** The body, at most CALENDAR_FEED_MAX_BYTES, before the deadline. */
async function readLimited(response: Response, deadline: AbortSignal, slow: () => FeedError) {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > CALENDAR_FEED_MAX_BYTES) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof FeedError) throw error;
    if (deadline.aborted) throw slow();
    throw unreachable(`The feed broke off (${causeOf(error)}).`);
  }
  return new TextDecoder("utf-8").decode(Buffer.concat(chunks));
}
