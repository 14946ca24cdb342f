// A fake OpenAI-compatible chat-completions server for the assistant's tests (node:http on
// 127.0.0.1, a port of its own): `POST /v1/chat/completions` answered from the test's script — a
// queue of replies, or a function of the request — streamed as the documented chunks
// (`choices[0].delta`, tool calls split across chunks by index, `finish_reason`, `data: [DONE]`)
// or whole (`choices[0].message`); slowly, with an error status, or broken when told. Every
// request is recorded for the test to read.
import http from "node:http";
import type { AddressInfo } from "node:net";

/** A request as the fake received it. */
export type TFakeRequest = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  // biome-ignore lint/suspicious/noExplicitAny: the tests read the request's fields loosely.
  body: any;
};

export type TFakeToolCall = { name: string; arguments: unknown; id?: string };

/** One reply of the script. */
export type TFakeReply = {
  /** Waits this long before answering at all. */
  delayMs?: number;
} & (
  | {
      content?: string;
      toolCalls?: TFakeToolCall[];
      /** The content is streamed in pieces this long (7 by default). */
      chunkSize?: number;
      finishReason?: string;
    }
  | { status: number; body?: string }
  /** `json`: a chunk (or the whole reply) that is not JSON; `cut`: the stream stops early. */
  | { broken: "json" | "cut" }
);

export type TFakeScript = (
  request: TFakeRequest,
  index: number,
) => TFakeReply | Promise<TFakeReply>;

export type TFakeOpenAi = {
  /** The API base, with /v1, as ASSISTANT_BASE_URL takes it. */
  url: string;
  /** Every chat-completions request, in order. */
  requests: TFakeRequest[];
  /** Answers the next requests with these replies, in order (then 500s when they run out). */
  queue(...replies: TFakeReply[]): void;
  /** Answers every request with what `script` returns (instead of the queue). */
  respond(script: TFakeScript): void;
  /** Forgets the requests, the queue and the script. */
  reset(): void;
  close(): Promise<void>;
};

let ids = 0;

function sse(res: http.ServerResponse, data: unknown) {
  res.write(`data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`);
}

const argumentsText = (value: unknown) =>
  typeof value === "string" ? value : JSON.stringify(value);

function streamReply(
  res: http.ServerResponse,
  model: string,
  reply: Extract<TFakeReply, { content?: string }>,
) {
  const id = `chatcmpl-${++ids}`;
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) => ({
    id,
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  });
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  sse(res, chunk({ role: "assistant", content: "" }));
  const size = reply.chunkSize ?? 7;
  const content = reply.content ?? "";
  for (let i = 0; i < content.length; i += size) {
    sse(res, chunk({ content: content.slice(i, i + size) }));
  }
  (reply.toolCalls ?? []).forEach((call, index) => {
    const args = argumentsText(call.arguments);
    // The id, type and name first with no arguments, then the arguments in two fragments.
    sse(
      res,
      chunk({
        tool_calls: [
          {
            index,
            id: call.id ?? `call_${ids}_${index}`,
            type: "function",
            function: { name: call.name, arguments: "" },
          },
        ],
      }),
    );
    const half = Math.ceil(args.length / 2);
    for (const part of [args.slice(0, half), args.slice(half)]) {
      if (part) sse(res, chunk({ tool_calls: [{ index, function: { arguments: part } }] }));
    }
  });
  const finish = reply.finishReason ?? (reply.toolCalls?.length ? "tool_calls" : "stop");
  sse(res, chunk({}, finish));
  sse(res, "[DONE]");
  res.end();
}

function wholeReply(
  res: http.ServerResponse,
  model: string,
  reply: Extract<TFakeReply, { content?: string }>,
) {
  const toolCalls = (reply.toolCalls ?? []).map((call, index) => ({
    id: call.id ?? `call_${ids}_${index}`,
    type: "function",
    function: { name: call.name, arguments: argumentsText(call.arguments) },
  }));
  const body = {
    id: `chatcmpl-${++ids}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: reply.content ?? null,
          ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
        },
        finish_reason: reply.finishReason ?? (toolCalls.length ? "tool_calls" : "stop"),
      },
    ],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
  res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
}

function brokenReply(res: http.ServerResponse, stream: boolean, how: "json" | "cut") {
  if (!stream) {
    res.writeHead(200, { "content-type": "application/json" }).end('{"choices": [ {"mess');
    return;
  }
  res.writeHead(200, { "content-type": "text/event-stream" });
  sse(res, { choices: [{ index: 0, delta: { content: "Here are " }, finish_reason: null }] });
  if (how === "json") {
    res.write('data: {"choices": [{"index": 0, "delta": {"content": "the ven\n\n');
    sse(res, "[DONE]");
  }
  // "cut": no finish reason and no [DONE]; the connection just ends.
  res.end();
}

export async function startFakeOpenAi(): Promise<TFakeOpenAi> {
  const requests: TFakeRequest[] = [];
  let queued: TFakeReply[] = [];
  let script: TFakeScript | null = null;

  async function answer(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const path = req.url ?? "/";
    if (req.method !== "POST" || path !== "/v1/chat/completions") {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: `no route ${req.method} ${path}` } }));
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      res.writeHead(400, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: "the body is not JSON" } }));
      return;
    }
    const request: TFakeRequest = { method: req.method, path, headers: req.headers, body };
    requests.push(request);
    const reply: TFakeReply = script
      ? await script(request, requests.length - 1)
      : (queued.shift() ?? { status: 500, body: '{"error":{"message":"the script ran out"}}' });
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    // The client may have given up while we waited.
    if (res.destroyed || req.socket.destroyed) return;
    const model = String(request.body?.model ?? "");
    const stream = request.body?.stream === true;
    if ("status" in reply) {
      res.writeHead(reply.status, { "content-type": "application/json" });
      res.end(reply.body ?? JSON.stringify({ error: { message: `status ${reply.status}` } }));
    } else if ("broken" in reply) {
      brokenReply(res, stream, reply.broken);
    } else if (stream) {
      streamReply(res, model, reply);
    } else {
      wholeReply(res, model, reply);
    }
  }

  const server = http.createServer((req, res) => {
    answer(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    queue(...replies) {
      script = null;
      queued.push(...replies);
    },
    respond(next) {
      script = next;
    },
    reset() {
      requests.length = 0;
      queued = [];
      script = null;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
