// A small client for OpenAI-compatible chat completions over fetch (hosted, vLLM, Ollama,
// llama.cpp): streamed replies read as server-sent events, tool calls assembled from their
// fragments, structured output by JSON schema. Ours rather than an SDK's, so that one deadline
// covers a whole answer, the caller's signal stops it, and every failure is one typed error.
import { randomUUID } from "node:crypto";
import { z } from "zod";

export type TLlmSettings = {
  /** The API base, with its `/v1` ("http://127.0.0.1:11434/v1"). */
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  /** How long a whole answer may take, every call of it together. */
  timeoutMs: number;
};

export type TToolCall = {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
};

export type TChatMessage =
  | { role: "system" | "user"; content: string }
  | { role: "assistant"; content: string | null; tool_calls?: TToolCall[] }
  | { role: "tool"; tool_call_id: string; content: string };

/** A tool in the OpenAI `tools` shape. */
export type TToolSpec = {
  type: "function";
  function: { name: string; description: string; parameters: Record<string, unknown> };
};

export type TChatRequest = {
  messages: readonly TChatMessage[];
  tools?: readonly TToolSpec[];
  toolChoice?: "auto" | "none" | "required";
  /** Structured output: the reply's content is JSON meeting `schema`. */
  jsonSchema?: { name: string; schema: Record<string, unknown> };
  temperature?: number;
  maxTokens?: number;
};

export type TChatResult = {
  content: string;
  toolCalls: TToolCall[];
  finishReason: string | null;
};

export type TCallOptions = {
  /** The caller's signal: aborts the call (the visitor left). */
  signal?: AbortSignal;
  /** When the whole answer must be done (ms since the epoch); now + timeoutMs when absent. */
  deadline?: number;
};

export type TLlmErrorKind = "status" | "network" | "timeout" | "aborted" | "malformed";

/** Every way a call fails: an HTTP status, the network, the deadline, the caller, a bad reply. */
export class LlmError extends Error {
  readonly kind: TLlmErrorKind;
  readonly status: number | null;
  constructor(kind: TLlmErrorKind, message: string, status: number | null = null) {
    super(message);
    this.name = "LlmError";
    this.kind = kind;
    this.status = status;
  }
}

/** Why a call failed, short, for the debugging view and the log. */
export function failureOf(error: unknown): string {
  if (error instanceof LlmError) return `${error.kind}: ${error.message}`;
  return `error: ${error instanceof Error ? error.message : String(error)}`;
}

/** A reply's text at most this long (a runaway model is cut off, not buffered without end). */
const MAX_REPLY_CHARS = 200_000;
/** Of an error reply's body, this much goes into the error's message. */
const ERROR_BODY_CHARS = 300;

// Replies are read loosely (servers add fields of their own); only what we use is checked.
const ZToolCallDelta = z.object({
  index: z.number().int().min(0).optional(),
  id: z.string().nullish(),
  type: z.string().nullish(),
  function: z.object({ name: z.string().nullish(), arguments: z.string().nullish() }).nullish(),
});
const ZChunk = z.object({
  choices: z
    .array(
      z.object({
        delta: z
          .object({
            content: z.string().nullish(),
            tool_calls: z.array(ZToolCallDelta).nullish(),
          })
          .nullish(),
        finish_reason: z.string().nullish(),
      }),
    )
    .nullish(),
  error: z.unknown().optional(),
});
const ZCompletion = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.string().nullish(),
          tool_calls: z
            .array(
              z.object({
                id: z.string().nullish(),
                function: z.object({ name: z.string(), arguments: z.string().nullish() }),
              }),
            )
            .nullish(),
        }),
        finish_reason: z.string().nullish(),
      }),
    )
    .min(1),
});

/** An id for a tool call a server sent without one (each must differ across the answer). */
const callId = () => `call_${randomUUID().slice(0, 12)}`;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Tool-call fragments by index, joined into whole calls. */
class ToolCallAssembler {
  private readonly calls = new Map<number, { id: string; name: string; arguments: string }>();

  add(fragments: readonly z.infer<typeof ZToolCallDelta>[]) {
    fragments.forEach((fragment, position) => {
      const index = fragment.index ?? position;
      const call = this.calls.get(index) ?? { id: "", name: "", arguments: "" };
      if (fragment.id) call.id = fragment.id;
      if (fragment.function?.name) call.name += fragment.function.name;
      if (fragment.function?.arguments) call.arguments += fragment.function.arguments;
      this.calls.set(index, call);
    });
  }

  result(): TToolCall[] {
    return [...this.calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([index, call]) => {
        if (!call.name) throw new LlmError("malformed", `tool call ${index} came without a name`);
        return {
          id: call.id || callId(),
          type: "function" as const,
          function: { name: call.name, arguments: call.arguments || "{}" },
        };
      });
  }
}

/** Reads server-sent events: each event's data (its `data:` lines joined), in order. */
async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = "";
  let data: string[] = [];
  const reader = body.getReader();
  try {
    while (true) {
      const { done, value } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let newline = buffer.search(/\r\n|\r|\n/);
      while (newline >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + (buffer.startsWith("\r\n", newline) ? 2 : 1));
        if (line === "") {
          if (data.length > 0) yield data.join("\n");
          data = [];
        } else if (line.startsWith("data:")) {
          data.push(line.slice(line.startsWith("data: ") ? 6 : 5));
        }
        // Comments (":"), event names, ids and retry hints carry nothing we use.
        newline = buffer.search(/\r\n|\r|\n/);
      }
      if (done) break;
    }
    if (buffer.startsWith("data:")) data.push(buffer.slice(buffer.startsWith("data: ") ? 6 : 5));
    if (data.length > 0) yield data.join("\n");
  } finally {
    // Stopping early (at [DONE], or on a bad chunk) lets the connection go.
    await reader.cancel().catch(() => {});
  }
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new LlmError("malformed", `${what} is not JSON: ${text.slice(0, 80)}`);
  }
}

function completionOf(body: unknown): TChatResult {
  const parsed = ZCompletion.safeParse(body);
  if (!parsed.success) throw new LlmError("malformed", "the reply has no choices[0].message");
  const choice = parsed.data.choices[0]!;
  return {
    content: choice.message.content ?? "",
    toolCalls: (choice.message.tool_calls ?? []).map((call) => ({
      id: call.id || callId(),
      type: "function" as const,
      function: { name: call.function.name, arguments: call.function.arguments || "{}" },
    })),
    finishReason: choice.finish_reason ?? null,
  };
}

export type TLlmClient = {
  readonly settings: TLlmSettings;
  /** One reply, whole. */
  complete(request: TChatRequest, options?: TCallOptions): Promise<TChatResult>;
  /** One reply, streamed: `onContent` hears its text as it comes; the whole reply is returned. */
  stream(
    request: TChatRequest,
    onContent: (text: string) => void,
    options?: TCallOptions,
  ): Promise<TChatResult>;
};

export function llmClient(
  settings: TLlmSettings,
  options: { fetch?: typeof fetch } = {},
): TLlmClient {
  const send = options.fetch ?? fetch;
  const url = `${settings.baseUrl.replace(/\/+$/, "")}/chat/completions`;

  function bodyOf(request: TChatRequest, stream: boolean) {
    return {
      model: settings.model,
      messages: request.messages,
      stream,
      ...(request.tools?.length
        ? { tools: request.tools, tool_choice: request.toolChoice ?? "auto" }
        : {}),
      ...(request.jsonSchema
        ? {
            response_format: {
              type: "json_schema",
              json_schema: {
                name: request.jsonSchema.name,
                schema: request.jsonSchema.schema,
                strict: true,
              },
            },
          }
        : {}),
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
      ...(request.maxTokens === undefined ? {} : { max_tokens: request.maxTokens }),
    };
  }

  /**
   * Runs `work` with a signal that aborts at the deadline or with the caller's signal, and turns
   * whatever it throws into an LlmError that says which.
   */
  async function guarded<T>(
    options: TCallOptions,
    work: (signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const deadline = options.deadline ?? Date.now() + settings.timeoutMs;
    const left = deadline - Date.now();
    if (left <= 0) throw new LlmError("timeout", `no answer within ${settings.timeoutMs} ms`);
    const timer = new AbortController();
    const timeout = setTimeout(() => timer.abort(), left);
    const signal = options.signal ? AbortSignal.any([options.signal, timer.signal]) : timer.signal;
    try {
      if (options.signal?.aborted) throw new LlmError("aborted", "the caller went away");
      return await work(signal);
    } catch (error) {
      if (timer.signal.aborted) {
        throw new LlmError("timeout", `no answer within ${settings.timeoutMs} ms`);
      }
      if (options.signal?.aborted) throw new LlmError("aborted", "the caller went away");
      if (error instanceof LlmError) throw error;
      throw new LlmError("network", errorText(error));
    } finally {
      clearTimeout(timeout);
    }
  }

  async function post(request: TChatRequest, stream: boolean, signal: AbortSignal) {
    const response = await send(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: stream ? "text/event-stream" : "application/json",
        ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
      },
      body: JSON.stringify(bodyOf(request, stream)),
      signal,
    });
    if (!response.ok) {
      const text = await response.text().catch(() => "");
      throw new LlmError(
        "status",
        `the model server answered ${response.status}${text ? `: ${text.slice(0, ERROR_BODY_CHARS)}` : ""}`,
        response.status,
      );
    }
    return response;
  }

  return {
    settings,

    complete(request, options = {}) {
      return guarded(options, async (signal) => {
        const response = await post(request, false, signal);
        const text = await response.text();
        if (text.length > MAX_REPLY_CHARS) throw new LlmError("malformed", "the reply is too long");
        return completionOf(parseJson(text, "the reply"));
      });
    },

    stream(request, onContent, options = {}) {
      return guarded(options, async (signal) => {
        const response = await post(request, true, signal);
        // A server that does not stream answers with the whole reply.
        if ((response.headers.get("content-type") ?? "").includes("application/json")) {
          const whole = completionOf(parseJson(await response.text(), "the reply"));
          if (whole.content) onContent(whole.content);
          return whole;
        }
        if (!response.body) throw new LlmError("malformed", "the reply has no body");
        const calls = new ToolCallAssembler();
        let content = "";
        let finishReason: string | null = null;
        let done = false;
        for await (const data of sseData(response.body)) {
          if (data.trim() === "[DONE]") {
            done = true;
            break;
          }
          const chunk = ZChunk.safeParse(parseJson(data, "a streamed chunk"));
          if (!chunk.success) throw new LlmError("malformed", "a streamed chunk has no choices");
          if (chunk.data.error !== undefined && chunk.data.error !== null) {
            throw new LlmError(
              "status",
              `the model server failed mid-answer: ${JSON.stringify(chunk.data.error).slice(0, ERROR_BODY_CHARS)}`,
            );
          }
          const choice = chunk.data.choices?.[0];
          if (!choice) continue;
          const text = choice.delta?.content;
          if (text) {
            content += text;
            if (content.length > MAX_REPLY_CHARS) {
              throw new LlmError("malformed", "the reply is too long");
            }
            onContent(text);
          }
          if (choice.delta?.tool_calls) calls.add(choice.delta.tool_calls);
          if (choice.finish_reason) finishReason = choice.finish_reason;
        }
        // Servers end with [DONE]; one that only closes after its finish reason is forgiven.
        if (!done && finishReason === null) {
          throw new LlmError("malformed", "the stream ended before the reply did");
        }
        return { content, toolCalls: calls.result(), finishReason };
      });
    },
  };
}
