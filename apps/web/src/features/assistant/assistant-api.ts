// The assistant's calls the web makes (docs/assistant.md, "Calls"): a destination's tour-guide
// configuration (read, with the people it may hand visitors to, configure, change as a JSON Patch,
// reset), asking its guide (streamed as server-sent events, or JSON from a proxy that
// buffers), suggested and follow-up questions, the exchange lists (mine, a destination's, every
// one for admins), an exchange's messages, rating an answer, deleting an exchange and handing a
// visitor over to the destination's team. Replies are checked with the domain's contracts; these
// calls load with the chat and the pages, never with a destination's first view (guide-api.ts has
// the one call that does).
import {
  type TAssistantMessage,
  type TAssistantMessageWithDebug,
  type TExchange,
  type TExchangeFilter,
  type TFeedbackInput,
  type TSuggestedQuestion,
  type TTourGuide,
  type TTourGuideAsk,
  type TTourGuideInput,
  type TTourGuideReply,
  ZAssistantMessage,
  ZAssistantMessageWithDebug,
  ZExchange,
  ZHandoffReply,
  ZSuggestedQuestion,
  ZTourGuide,
  ZTourGuideReply,
} from "@hostfield/domain/contracts";
import { isErrorCode } from "@hostfield/domain/reference";
import { z } from "zod";
import {
  ApiError,
  apiDelete,
  apiGet,
  apiGetList,
  apiOpen,
  apiPatch,
  apiPost,
  apiPostList,
  apiPut,
  HTTP_ERROR,
  INVALID_RESPONSE,
  type TListResult,
} from "../../lib/api";
import { isRecord } from "../../lib/is-record";
import type { TPage } from "../../lib/offset-pages";
import {
  ALL_EXCHANGES_SEARCH_URL,
  askGuideUrl,
  configuredGuideUrl,
  destinationExchangesSearchUrl,
  EXCHANGE_KEY_HEADER,
  exchangeMessagesUrl,
  exchangeUrl,
  feedbackUrl,
  followUpsUrl,
  guideQuestionsUrl,
  handoffUrl,
  MY_EXCHANGES_SEARCH_URL,
  type TExchangeScope,
  tourGuideUrl,
} from "./assistant-paths";
import { readServerSentEvents } from "./server-sent-events";

export { getTourGuide } from "./guide-api";

/** A visitor's exchange key goes in a header on reads (and in the body of a rating). */
const keyHeaders = (exchangeKey?: string | null): Record<string, string> =>
  exchangeKey ? { [EXCHANGE_KEY_HEADER]: exchangeKey } : {};

// ---- the guide's configuration ----

/** The guide with its managers' settings, checked with the contract (the settings page). */
export function getManagedTourGuide(
  destinationId: string,
  signal?: AbortSignal,
): Promise<TTourGuide> {
  return apiGet(tourGuideUrl(destinationId), { schema: ZTourGuide, signal });
}

/** Configures the guide of a destination that uses the default one (409 ALREADY_EXISTS if not). */
export function createTourGuide(
  destinationId: string,
  input: TTourGuideInput,
): Promise<TTourGuide> {
  return apiPost(tourGuideUrl(destinationId), input, { schema: ZTourGuide });
}

export type TGuidePatchOperation = { op: "replace"; path: string; value: unknown };

export function patchTourGuide(
  destinationId: string,
  guideId: string,
  operations: readonly TGuidePatchOperation[],
): Promise<TTourGuide> {
  return apiPatch(configuredGuideUrl(destinationId, guideId), operations, { schema: ZTourGuide });
}

/** Back to the default guide; the reply is the guide the destination has now. */
export function resetTourGuide(destinationId: string, guideId: string): Promise<TTourGuide> {
  return apiDelete(configuredGuideUrl(destinationId, guideId), { schema: ZTourGuide });
}

// ---- asking ----

/** What the first event of an answer says: the exchange it belongs to and the question kept. */
export type TAskStart = Pick<TTourGuideReply, "exchangeId" | "exchangeKey" | "question">;

export type TAskHandlers = {
  /** The question is stored: the exchange (new or continued) and its key for a visitor. */
  onExchange?: (start: TAskStart) => void;
  /** The next piece of the answer's text, as it is written. */
  onDelta?: (text: string) => void;
  signal?: AbortSignal;
};

const ZAskStart = ZTourGuideReply.pick({ exchangeId: true, exchangeKey: true, question: true });
const ZDelta = z.object({ text: z.string() });
const ZStreamError = z.object({ code: z.string(), message: z.string() });

/** The words for a 429: how long to wait, from Retry-After (or the reply's own details). */
export function rateLimitMessage(seconds: number | null): string {
  if (seconds === null) return "Too many questions, try again later.";
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many questions, try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

function rateLimited(error: ApiError): ApiError {
  const details = isRecord(error.details) ? error.details : {};
  const seconds =
    error.retryAfterSeconds ??
    (typeof details.retryAfterSeconds === "number" ? details.retryAfterSeconds : null);
  return new ApiError(
    "RATE_LIMITED",
    rateLimitMessage(seconds),
    error.status,
    error.details,
    seconds,
  );
}

function invalid(what: string, status: number): ApiError {
  return new ApiError(INVALID_RESPONSE, `The guide's answer had a bad ${what}.`, status);
}

/** `schema.parse` of a reply part, failing as INVALID_RESPONSE rather than with zod's words. */
function check<T>(schema: z.ZodType<T>, value: unknown, what: string, status: number): T {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(what, status);
  return result.data;
}

function parseJson(text: string, what: string, status: number): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalid(what, status);
  }
}

/**
 * Asks the destination's guide. Sent with `Accept: text/event-stream`: the answer then arrives as
 * server-sent events (`exchange`, `delta`s, then `answer` or `error`, which throws its ApiError);
 * a reply that is JSON instead (a proxy that buffers) is read as the whole reply. A 429 before
 * the answer starts says how long to wait. Resolves with the question and the final answer.
 */
export async function askGuide(
  destinationId: string,
  body: TTourGuideAsk,
  { onExchange, onDelta, signal }: TAskHandlers = {},
): Promise<TTourGuideReply> {
  let response: Response;
  try {
    response = await apiOpen(
      "POST",
      askGuideUrl(destinationId),
      { data: body },
      { headers: { Accept: "text/event-stream" }, signal },
    );
  } catch (error) {
    // Ours (RATE_LIMITED) or a proxy's bare 429: either way, say how long to wait.
    throw error instanceof ApiError && (error.code === "RATE_LIMITED" || error.status === 429)
      ? rateLimited(error)
      : error;
  }
  const { status } = response;
  const type = response.headers.get("Content-Type") ?? "";

  if (!type.includes("text/event-stream") || !response.body) {
    const json = parseJson(await response.text(), "reply", status);
    const data = isRecord(json) ? json.data : undefined;
    const reply = check(ZTourGuideReply, data, "reply", status);
    onExchange?.({
      exchangeId: reply.exchangeId,
      exchangeKey: reply.exchangeKey,
      question: reply.question,
    });
    return reply;
  }

  const got: { start: TAskStart | null; answer: TAssistantMessage | null; error: ApiError | null } =
    { start: null, answer: null, error: null };
  const stream = response.body;
  try {
    await readServerSentEvents(stream, ({ event, data }) => {
      if (got.answer || got.error) return;
      if (event === "exchange") {
        got.start = check(ZAskStart, parseJson(data, "start", status), "start", status);
        onExchange?.(got.start);
      } else if (event === "delta") {
        onDelta?.(check(ZDelta, parseJson(data, "piece", status), "piece", status).text);
      } else if (event === "answer") {
        got.answer = check(ZAssistantMessage, parseJson(data, "answer", status), "answer", status);
      } else if (event === "error") {
        const { code, message } = check(
          ZStreamError,
          parseJson(data, "error", status),
          "error",
          status,
        );
        got.error = new ApiError(isErrorCode(code) ? code : HTTP_ERROR, message, status);
      }
    });
  } catch (error) {
    void stream.cancel().catch(() => undefined);
    throw error;
  }
  if (got.error) {
    throw got.error.code === "RATE_LIMITED" ? rateLimited(got.error) : got.error;
  }
  if (!got.start || !got.answer) {
    throw new ApiError(INVALID_RESPONSE, "The answer stopped before it was complete.", status);
  }
  return { ...got.start, answer: got.answer };
}

/** The questions to suggest before the first one: the guide's own, then the records' ones. */
export async function listGuideQuestions(
  destinationId: string,
  context?: string,
  signal?: AbortSignal,
): Promise<TSuggestedQuestion[]> {
  const { items } = await apiGetList(guideQuestionsUrl(destinationId), {
    query: { context },
    schema: ZSuggestedQuestion,
    signal,
  });
  return items;
}

/** Follow-ups to an exchange's last answer. */
export async function listFollowUps(
  destinationId: string,
  exchangeId: string,
  exchangeKey?: string | null,
  signal?: AbortSignal,
): Promise<TSuggestedQuestion[]> {
  const { items } = await apiGetList(followUpsUrl(destinationId, exchangeId), {
    headers: keyHeaders(exchangeKey),
    schema: ZSuggestedQuestion,
    signal,
  });
  return items;
}

// ---- exchanges ----

function searchUrl(scope: TExchangeScope): string {
  if (scope.scope === "mine") return MY_EXCHANGES_SEARCH_URL;
  if (scope.scope === "destination") return destinationExchangesSearchUrl(scope.destinationId);
  return ALL_EXCHANGES_SEARCH_URL;
}

function scopedFilter(scope: TExchangeScope, filter: TExchangeFilter): TExchangeFilter {
  return scope.scope === "mine"
    ? { ...filter, kind: "tour-guide", destinationId: scope.destinationId }
    : filter;
}

/** A page of exchanges, newest first: mine with a destination, a destination's, or every one. */
export function searchExchanges(
  scope: TExchangeScope,
  filter: TExchangeFilter,
  page: TPage,
  signal?: AbortSignal,
): Promise<TListResult<TExchange>> {
  return apiPostList(searchUrl(scope), scopedFilter(scope, filter), {
    query: page,
    schema: ZExchange,
    signal,
  });
}

/** An exchange holds at most EXCHANGE_MAX_MESSAGES (40): one page of 100 has them all. */
const ALL_MESSAGES = { offset: 0, take: 100 };

/** An exchange's messages, oldest first; admins also get each answer's `debug`. */
export async function listExchangeMessages(
  exchangeId: string,
  options: { exchangeKey?: string | null; signal?: AbortSignal } = {},
): Promise<TAssistantMessageWithDebug[]> {
  const { items } = await apiGetList(exchangeMessagesUrl(exchangeId), {
    query: ALL_MESSAGES,
    headers: keyHeaders(options.exchangeKey),
    schema: ZAssistantMessageWithDebug,
    signal: options.signal,
  });
  return items;
}

/** Thumbs up or down on an answer, with a comment; a visitor sends the exchange key. */
export function rateAnswer(
  exchangeId: string,
  messageId: string,
  input: TFeedbackInput,
): Promise<TAssistantMessage> {
  return apiPut(feedbackUrl(exchangeId, messageId), input, { schema: ZAssistantMessage });
}

export function deleteExchange(exchangeId: string): Promise<unknown> {
  return apiDelete(exchangeUrl(exchangeId));
}

/**
 * Hands the asker over to the destination's team: a conversation with the guide's hand-off people
 * opens, starting with `message` or the exchange's last question. Resolves with its group.
 */
export async function handOff(
  exchangeId: string,
  options: { message?: string; exchangeKey?: string | null } = {},
): Promise<string> {
  const reply = await apiPost(
    handoffUrl(exchangeId),
    options.message ? { message: options.message } : {},
    { schema: ZHandoffReply, headers: keyHeaders(options.exchangeKey) },
  );
  return reply.groupId;
}
